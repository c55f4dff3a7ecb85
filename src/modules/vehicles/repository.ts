// All SQL of the vehicles table. Every query names its dealership: no car is reachable
// without its owner's id (D7).
import { sql, type Insertable, type Kysely } from 'kysely';
import { compiledInsert, compiledLookup, compiledQuery } from '../../core/db/compiled.js';
import { textList, updateRowsById, type BulkColumn } from '../../core/db/dialect.js';
import type { DB, NewVehicle, VehicleActivityRow, VehicleRow, VehicleStatus } from '../../core/db/schema.js';
import type { ListPosition } from './cursor.js';
import { VEHICLE_FIELDS, type VehicleContentColumn, type VehicleField } from './fields.js';
import { FOR_SALE_STATUSES } from './schemas.js';
import { chunks } from '../../core/util/chunks.js';

const vehicleByStockId = compiledQuery<VehicleRow, [number, string, string]>((db) =>
  db.selectFrom('vehicles').selectAll().where('dealer_id', '=', 0).where('market', '=', '').where('external_id', '=', ''),
);

const vehicleRevisionByStockId = compiledLookup<VehicleRevision, [number, string, string]>((db) =>
  db.selectFrom('vehicles').select(['id', 'revision']).where('dealer_id', '=', 0).where('market', '=', '').where('external_id', '=', ''),
);

export type VehicleRevision = Pick<VehicleRow, 'id' | 'revision'>;

/**
 * Which car, and which revision of it: enough to answer a GET from a cached response. A value
 * when the SQLite store could answer at once (compiledLookup), else a promise.
 */
export function findVehicleRevision(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalId: string,
): VehicleRevision | undefined | Promise<VehicleRevision | undefined> {
  const rows = vehicleRevisionByStockId(db, dealerId, market, externalId);
  return rows instanceof Promise ? rows.then((r) => r[0]) : rows[0];
}

/** The hot read of the API (GET, PUT, DELETE, sold). */
export async function findVehicle(db: Kysely<DB>, dealerId: number, market: string, externalId: string): Promise<VehicleRow | undefined> {
  return (await vehicleByStockId(db, dealerId, market, externalId))[0];
}

/** The dealership's cars for sale in a market with one of these VINs (vehicles_dealer_vin): the duplicate-VIN check. */
export async function forSaleWithVins(db: Kysely<DB>, dealerId: number, market: string, vins: string[]): Promise<{ external_id: string; vin: string }[]> {
  const out: { external_id: string; vin: string }[] = [];
  for (const part of chunks(vins)) {
    if (part.length === 0) continue;
    const rows = await db
      .selectFrom('vehicles')
      .select(['external_id', 'vin'])
      .where('dealer_id', '=', dealerId)
      .where('vin', 'in', part)
      .where('market', '=', market)
      .where('status', 'in', [...FOR_SALE_STATUSES])
      .orderBy('external_id')
      .execute();
    for (const r of rows) if (r.vin !== null) out.push({ external_id: r.external_id, vin: r.vin });
  }
  return out;
}

/** Over this many stock IDs, byExternalIds reads the whole scope once instead of in lists (P259). */
const WHOLE_SCOPE_OVER = 2000;

/**
 * Rows of a dealership's cars in a market with these stock IDs, read in chunks by `read`. A long
 * list (a feed file's 30 000 cars) is one read of the scope (`read(undefined)`) kept to the list:
 * sixty `in` lists of 500 cost four times that one scan (a dry run of 30 000 cars, P259).
 */
async function byExternalIds<R extends { external_id: string }>(
  externalIds: string[],
  read: (part: string[] | undefined) => Promise<R[]>,
): Promise<Map<string, R>> {
  const found = new Map<string, R>();
  if (externalIds.length > WHOLE_SCOPE_OVER) {
    const wanted = new Set(externalIds);
    for (const r of await read(undefined)) if (wanted.has(r.external_id)) found.set(r.external_id, r);
    return found;
  }
  for (const part of chunks(externalIds)) {
    if (part.length === 0) continue;
    for (const r of await read(part)) found.set(r.external_id, r);
  }
  return found;
}

/** A dealership's cars in a market, with these stock IDs (`part`), or all of them (undefined). */
const inScope = (db: Kysely<DB>, dealerId: number, market: string, part: string[] | undefined) => {
  const q = db.selectFrom('vehicles').where('dealer_id', '=', dealerId).where('market', '=', market);
  return part === undefined ? q : q.where('external_id', 'in', part);
};

const EXISTING_CAR_COLUMNS = [
  'id',
  'external_id',
  'status',
  'photo_urls',
  'photos_pending',
  'shown_photos',
  'content_hash',
  'price_cents',
  'currency',
  'active_since',
  'photo_checks',
] as const;

/** What applying a stock needs of the existing cars with these stock IDs (see apply.ts ExistingCar). */
export function findExistingCars(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
): Promise<Map<string, Pick<VehicleRow, (typeof EXISTING_CAR_COLUMNS)[number]>>> {
  return byExternalIds(externalIds, (part) => inScope(db, dealerId, market, part).select(EXISTING_CAR_COLUMNS).execute());
}

/**
 * `column` and the stock ID of these cars, with their stored photo list only where `needsList`
 * says so (null for the others): a feed's 30 000 lists are some 30 MB of JSON (P259).
 */
async function withPhotoListsWhere<K extends 'content_hash' | 'photo_checks'>(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
  column: K,
  needsList: (externalId: string) => boolean,
): Promise<Map<string, { external_id: string; photo_urls: string | null } & Record<K, string>>> {
  type Row = { external_id: string; photo_urls: string | null } & Record<K, string>;
  const found = await byExternalIds(
    externalIds.filter(needsList),
    (part) => inScope(db, dealerId, market, part).select(['external_id', column, 'photo_urls']).execute() as Promise<Row[]>,
  );
  const rest = await byExternalIds(
    externalIds.filter((id) => !needsList(id)),
    (part) => inScope(db, dealerId, market, part).select(['external_id', column]).execute() as Promise<Omit<Row, 'photo_urls'>[]>,
  );
  for (const [id, row] of rest) found.set(id, { ...row, photo_urls: null });
  return found;
}

/**
 * A dry run's read (D30, D43): the cars with these stock IDs, with what their score reads of
 * photos. `sameList` are known sent with their stored photo list (ApplyItem.hash): their lists are
 * not read.
 */
export function storedPhotoChecks(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
  sameList: ReadonlySet<string>,
): Promise<Map<string, { external_id: string; photo_urls: string | null; photo_checks: string }>> {
  return withPhotoListsWhere(db, dealerId, market, externalIds, 'photo_checks', (id) => !sameList.has(id));
}

/**
 * What tells whether a car is sent unchanged (vehicles/unchanged.ts), by stock ID: read before
 * validating. The stored photo list only of `withoutPhotos`, the cars sent without one (its
 * hash counts the stored list).
 */
export function findStoredContent(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
  withoutPhotos: ReadonlySet<string>,
): Promise<Map<string, { external_id: string; content_hash: string; photo_urls: string | null }>> {
  return withPhotoListsWhere(db, dealerId, market, externalIds, 'content_hash', (id) => withoutPhotos.has(id));
}

/** What settles a car sent unchanged (vehicles/stock.ts, settleUnchanged): its hash and what decides its status, by stock ID. */
export function findStoredStates(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
): Promise<Map<string, Pick<VehicleRow, 'id' | 'external_id' | 'status' | 'photos_pending' | 'shown_photos' | 'content_hash'>>> {
  return byExternalIds(externalIds, (part) =>
    inScope(db, dealerId, market, part).select(['id', 'external_id', 'status', 'photos_pending', 'shown_photos', 'content_hash']).execute(),
  );
}

const CONTENT_FIELDS = VEHICLE_FIELDS as readonly VehicleField[];
/** The content columns (fields.ts): P27's details and later fields come after the photo columns, where they were added. */
const BASE_COLUMNS = CONTENT_FIELDS.filter((f) => f.hash === 'base').map((f) => f.column as VehicleContentColumn);
const ADDED_COLUMNS = CONTENT_FIELDS.filter((f) => f.hash !== 'base').map((f) => f.column as VehicleContentColumn);

/** Every column an insert writes, in a fixed order (bench/scale-data.ts writes rows in it). */
export const VEHICLE_INSERT_COLUMNS: readonly (keyof NewVehicle)[] = [
  'dealer_id',
  'market',
  'external_id',
  'listing_id',
  'status',
  'source',
  ...BASE_COLUMNS,
  'photo_urls',
  'photos_pending',
  'photo_state',
  'content_hash',
  'last_sent_at',
  'created_at',
  'updated_at',
  ...ADDED_COLUMNS,
  'quality_score',
  'photo_checks',
];
const insertVehicleRows = compiledInsert<Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>>('vehicles', VEHICLE_INSERT_COLUMNS, [
  'id',
  'dealer_id',
  'photo_urls',
]);

/** Inserts cars (every column of VEHICLE_INSERT_COLUMNS; the rest take their defaults); returns what photo tracking needs of them. */
export async function insertVehicles(db: Kysely<DB>, rows: NewVehicle[]): Promise<Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>[]> {
  const out: Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>[] = [];
  // 32 columns a row: 200 rows stay under every driver's parameter limit (SQLite's 32766).
  for (const part of chunks(rows, 200)) out.push(...(await insertVehicleRows(db, part)));
  return out;
}

/** The columns a sync or feed rewrites on a changed car (apply.ts), with their PostgreSQL types. */
const SQL_TYPE = new Map(CONTENT_FIELDS.map((f) => [f.column, f.sqlType]));
const VEHICLE_CONTENT_COLUMNS: readonly (readonly [keyof NewVehicle, BulkColumn[1]])[] = [
  ['status', 'text'],
  ['source', 'text'],
  ...[...BASE_COLUMNS, ...ADDED_COLUMNS].map((c) => [c, SQL_TYPE.get(c)!] as const),
  ['photo_urls', 'text'],
  ['photos_pending', 'integer'],
  ['content_hash', 'text'],
  ['last_sent_at', 'bigint'],
  ['updated_at', 'bigint'],
  ['active_since', 'bigint'],
  ['quality_score', 'integer'],
  ['photo_checks', 'text'],
];

export type VehicleContent = Pick<
  NewVehicle,
  | VehicleContentColumn
  | 'status'
  | 'source'
  | 'photo_urls'
  | 'photos_pending'
  | 'content_hash'
  | 'last_sent_at'
  | 'updated_at'
  | 'active_since'
  | 'quality_score'
  | 'photo_checks'
>;

/**
 * Rewrites changed cars (a sync's or a feed's), each with its revision bumped. Built per row
 * with Kysely's query builder, 500 changed cars cost more in building than in writing, and on
 * PostgreSQL 500 round trips: see updateRowsById.
 */
export async function updateVehiclesContent(db: Kysely<DB>, cars: readonly { id: number; content: VehicleContent }[]): Promise<void> {
  for (const part of chunks(cars as { id: number; content: VehicleContent }[], 1000)) {
    await updateRowsById(
      db,
      'vehicles',
      VEHICLE_CONTENT_COLUMNS,
      'revision = revision + 1',
      part.map(({ id, content }) => ({ id, values: VEHICLE_CONTENT_COLUMNS.map(([c]) => (content as Record<string, unknown>)[c]) })),
    );
  }
}

export async function updateVehicle(db: Kysely<DB>, id: number, patch: Partial<NewVehicle>): Promise<void> {
  await db
    .updateTable('vehicles')
    .set((eb) => ({ ...patch, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A car's price from `since` on (D34 price history); written with the change, in its transaction (P96). */
export interface PriceChange {
  vehicle_id: number;
  price_cents: number;
  currency: string;
  since: number;
}

export async function appendPrices(db: Kysely<DB>, changes: readonly PriceChange[]): Promise<void> {
  for (const part of chunks(changes as PriceChange[], 500)) if (part.length) await db.insertInto('vehicle_prices').values(part).execute();
}

/** New cars' first prices, read from the rows just inserted (their ids come back unordered). */
export async function appendFirstPrices(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids as number[])) {
    if (part.length === 0) continue;
    await db
      .insertInto('vehicle_prices')
      .columns(['vehicle_id', 'since', 'price_cents', 'currency'])
      .expression((eb) => eb.selectFrom('vehicles').select(['id', 'created_at', 'price_cents', 'currency']).where('id', 'in', part))
      .execute();
  }
}

/**
 * How stale a car's last_sent_at may be before a resend moves it (P263): resending a stock every
 * few minutes rewrites no row (on PostgreSQL, no dead row and no index entry per car and sync);
 * the expiry (expiry.ts) allows for it, so a car never expires early.
 */
export const SENT_AT_STEP_MS = 3_600_000;

/** The dealer sent these cars again without changing them: only the expiry clock restarts, if an hour old. */
export async function touchVehicles(db: Kysely<DB>, ids: number[], sentAt: number): Promise<void> {
  for (const part of chunks(ids))
    if (part.length)
      await db
        .updateTable('vehicles')
        .set({ last_sent_at: sentAt })
        .where('id', 'in', part)
        .where('last_sent_at', '<=', sentAt - SENT_AT_STEP_MS)
        .execute();
}

/** A status out of sale (sold, withdrawn): the period for sale ends, and with it days on market (D34, P96). */
export async function setStatus(db: Kysely<DB>, ids: number[], status: VehicleStatus, now: number): Promise<void> {
  const ended = !(FOR_SALE_STATUSES as readonly string[]).includes(status);
  for (const part of chunks(ids)) {
    if (part.length) {
      await db
        .updateTable('vehicles')
        .set((eb) => ({ status, updated_at: now, revision: eb('revision', '+', 1), ...(ended ? { active_since: null } : {}) }))
        .where('id', 'in', part)
        .execute();
    }
  }
}

/** What marking a car sold needs of it (sold.ts): its status and the vehicle.sold event's fields. */
const SOLD_COLUMNS = ['id', 'status', 'external_id', 'listing_id', 'market', 'source', 'year', 'brand', 'model', 'version'] as const;
export type SoldCandidate = Pick<VehicleRow, (typeof SOLD_COLUMNS)[number]>;

const forSaleOf = (db: Kysely<DB>, dealerId: number, market: string, source: string) =>
  db
    .selectFrom('vehicles')
    .where('dealer_id', '=', dealerId)
    .where('market', '=', market)
    .where('source', '=', source)
    .where('status', 'in', [...FOR_SALE_STATUSES]);

/**
 * The source's cars for sale (D12): how many, and those whose stock ID is not in `listed` (what
 * a reconcile or a sync/feed with mark_missing_as_sold marks sold). The difference is taken by the
 * store, the list bound as one parameter (textList): only the missing cars travel, not the
 * whole stock (P55).
 */
export async function forSaleMissing(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  source: string,
  listed: readonly string[],
): Promise<{ forSale: number; missing: SoldCandidate[] }> {
  const count = await forSaleOf(db, dealerId, market, source)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const missing = await forSaleOf(db, dealerId, market, source).select(SOLD_COLUMNS).where('external_id', 'not in', textList(db, listed)).execute();
  return { forSale: Number(count.n), missing };
}

export async function findVehiclesByIds(db: Kysely<DB>, dealerId: number, ids: number[]): Promise<VehicleRow[]> {
  const out: VehicleRow[] = [];
  for (const part of chunks(ids)) {
    if (part.length) out.push(...(await db.selectFrom('vehicles').selectAll().where('dealer_id', '=', dealerId).where('id', 'in', part).execute()));
  }
  return out;
}

/** How many of these stock IDs are cars of the dealership in that market (any status or source). */
export async function countExisting(db: Kysely<DB>, dealerId: number, market: string, externalIds: readonly string[]): Promise<number> {
  if (externalIds.length === 0) return 0;
  const row = await db
    .selectFrom('vehicles')
    .select(sql<number>`count(*)`.as('n'))
    .where('dealer_id', '=', dealerId)
    .where('market', '=', market)
    .where('external_id', 'in', textList(db, externalIds))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface ListFilter {
  dealerId: number;
  markets: string[];
  source?: string;
  status?: string;
  updatedSince?: number;
  /** A normalized VIN (vin.ts): served by vehicles_dealer_vin. */
  vin?: string;
}

/**
 * One page of the list, newest update first, `id` breaking ties (a total order, served by the
 * index vehicles_dealer_updated (dealer_id, updated_at, id) read backwards). Either by offset
 * (page/per_page) or after a position (keyset: the cars strictly after it in that order).
 * Reads `limit` rows; the caller asks one more than it shows to know whether more follow.
 */
export async function listVehicles(
  db: Kysely<DB>,
  f: ListFilter,
  at: { offset: number } | { after: ListPosition },
  limit: number,
  /** The scope's count when already read (listMark): not counted again. */
  knownTotal?: number,
): Promise<{ rows: VehicleRow[]; total: number }> {
  if (knownTotal !== undefined) return { rows: await listPageQuery(db, f, at, limit).execute(), total: knownTotal };
  const [rows, count] = await Promise.all([
    listPageQuery(db, f, at, limit).execute(),
    listScope(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The list's change marker (P142): what answers a poll's If-None-Match without reading the page.
 * Every write that changes what the API shows of a car sets its updated_at to now and bumps its
 * revision; ids are never reused (AUTOINCREMENT, bigserial); rows are deleted only by emptying a
 * sandbox. So any change to the cars in the scope moves the count or the newest updated_at, or, for
 * changes within the same millisecond as the newest, the count, revisions or ids of the cars at it.
 * Both reads use the scope's indexes; the second one reads only the cars at the newest updated_at.
 */
export async function listMark(db: Kysely<DB>, f: ListFilter): Promise<{ total: number; mark: string }> {
  const top = await listScope(db, f)
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`max(updated_at)`.as('m')])
    .executeTakeFirstOrThrow();
  const total = Number(top.n);
  if (top.m === null) return { total, mark: String(total) };
  const newest = Number(top.m);
  const at = await listScope(db, f)
    .where('updated_at', '=', newest)
    .select([sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(revision)`.as('r'), sql<number | string | null>`sum(id)`.as('i')])
    .executeTakeFirstOrThrow();
  return { total, mark: [total, newest, Number(at.n), Number(at.r), Number(at.i)].join('.') };
}

function listScope(db: Kysely<DB>, f: ListFilter) {
  let q = db.selectFrom('vehicles').where('dealer_id', '=', f.dealerId).where('market', 'in', f.markets);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.status) q = q.where('status', '=', f.status as VehicleStatus);
  if (f.updatedSince !== undefined) q = q.where('updated_at', '>=', f.updatedSince);
  if (f.vin !== undefined) q = q.where('vin', '=', f.vin);
  return q;
}

/** The page query of listVehicles (exported for the test that checks its plan on both stores). */
export function listPageQuery(db: Kysely<DB>, f: ListFilter, at: { offset: number } | { after: ListPosition }, limit: number) {
  let page = listScope(db, f).selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit);
  if ('after' in at) {
    const { updatedAt, id } = at.after;
    page = page.where((eb) => eb(eb.refTuple('updated_at', 'id'), '<', eb.tuple(updatedAt, id)));
  } else if (at.offset > 0) {
    page = page.offset(at.offset);
  }
  return page;
}

/** Cars for sale not sent again since `cutoff` become expired (D5); returns how many. */
export async function expireStale(db: Kysely<DB>, cutoff: number, now: number): Promise<number> {
  const res = await db
    .updateTable('vehicles')
    .set((eb) => ({ status: 'expired', updated_at: now, revision: eb('revision', '+', 1), active_since: null }))
    .where('status', 'in', [...FOR_SALE_STATUSES])
    .where('last_sent_at', '<', cutoff)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---------------------------------------------------------------------------------------------
// The dealer panel (D27): its inventory list, car page and overview.

/** The columns of a row of the panel's inventory list (no description or photo list). */
const INVENTORY_ROW_COLUMNS = [
  'id',
  'external_id',
  'market',
  'status',
  'source',
  'brand',
  'model',
  'year',
  'version',
  'price_cents',
  'currency',
  'mileage',
  'shown_photos',
  'updated_at',
  'quality_score',
] as const;
export type InventoryRow = Pick<VehicleRow, (typeof INVENTORY_ROW_COLUMNS)[number]>;

export interface InventoryFilter {
  dealerId: number;
  market?: string;
  source?: string;
  status?: VehicleStatus;
  /** Part of a stock ID, brand or model, any case. */
  q?: string;
  /** D43, P223: lowest score first (the cursor's key is then the score; a car never scored counts as 100). */
  sort?: 'quality';
}

/** `text` as a LIKE pattern matching it literally anywhere (escape character `\`). */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the panel's list, newest update first, after a position (keyset, as the API's
 * cursor walk): served by vehicles_dealer_updated, or vehicles_dealer_status_updated with a
 * status, read backwards, so a page costs the same at any depth of 20 000 cars.
 */
export function inventoryPageQuery(db: Kysely<DB>, f: InventoryFilter, after: ListPosition | undefined, limit: number) {
  let q = db.selectFrom('vehicles').select(INVENTORY_ROW_COLUMNS).where('dealer_id', '=', f.dealerId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.market) q = q.where('market', '=', f.market);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.q) {
    const pattern = containsPattern(f.q);
    q = q.where((eb) =>
      eb.or((['external_id', 'brand', 'model'] as const).map((c) => eb(eb.fn('lower', [eb.ref(c)]), 'like', sql<string>`${pattern} escape '\\'`))),
    );
  }
  if (f.sort === 'quality') {
    const score = sql<number>`coalesce(quality_score, 100)`;
    if (after) q = q.where((eb) => eb.or([eb(score, '>', after.updatedAt), eb.and([eb(score, '=', after.updatedAt), eb('id', '>', after.id)])]));
    return q.orderBy(score, 'asc').orderBy('id', 'asc').limit(limit);
  }
  if (after) q = q.where((eb) => eb(eb.refTuple('updated_at', 'id'), '<', eb.tuple(after.updatedAt, after.id)));
  return q.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit);
}

export function inventoryPage(db: Kysely<DB>, f: InventoryFilter, after: ListPosition | undefined, limit: number): Promise<InventoryRow[]> {
  return inventoryPageQuery(db, f, after, limit).execute();
}

/** A car of the dealership by its internal id (the panel's address of a car). */
export function findDealerVehicle(db: Kysely<DB>, dealerId: number, id: number): Promise<VehicleRow | undefined> {
  return db.selectFrom('vehicles').selectAll().where('dealer_id', '=', dealerId).where('id', '=', id).executeTakeFirst();
}

/**
 * The newest events about a car. Events carry the car in their JSON data (vehicle.sold and
 * lead.created its listing_id, vehicle.rejected its stock ID and market), so the dealership's
 * events are read newest first (events_dealer_created) with a text match, checked again by the
 * caller on the parsed data.
 */
export function vehicleEventCandidates(
  db: Kysely<DB>,
  dealerId: number,
  car: Pick<VehicleRow, 'listing_id' | 'external_id'>,
  limit: number,
): Promise<{ id: string; type: string; data: string; created_at: number }[]> {
  const literal = (key: string, value: string) => `%${`"${key}":${JSON.stringify(value)}`.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('events')
    .select(['id', 'type', 'data', 'created_at'])
    .where('dealer_id', '=', dealerId)
    .where((eb) =>
      eb.or([
        eb('data', 'like', sql<string>`${literal('listing_id', car.listing_id)} escape '\\'`),
        eb('data', 'like', sql<string>`${literal('external_id', car.external_id)} escape '\\'`),
      ]),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many cars the dealership has in each status (only statuses it has). */
export async function countByStatus(db: Kysely<DB>, dealerId: number): Promise<Map<VehicleStatus, number>> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['status', sql<number>`count(*)`.as('n')])
    .where('dealer_id', '=', dealerId)
    .groupBy('status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

const REVIEW_COLUMNS = ['id', 'external_id', 'market', 'status', 'brand', 'model', 'year', 'version', 'description', 'photo_state', 'updated_at'] as const;
export type ReviewRow = Pick<VehicleRow, (typeof REVIEW_COLUMNS)[number]>;

/** The newest cars held in_review (their reasons derive from these columns, review.ts). */
export function carsInReview(db: Kysely<DB>, dealerId: number, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('vehicles')
    .select(REVIEW_COLUMNS)
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'in_review')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Cars for sale with a failed photo, newest failure first: the failed photos of the dealership
 * (photos_dealer_status) with their car. A car's failed photos come as several rows (the caller
 * groups them, and checks them against the car's current list in photo_state).
 */
export function failedPhotoCars(db: Kysely<DB>, dealerId: number, limit: number): Promise<ReviewRow[]> {
  return db
    .selectFrom('photos')
    .innerJoin('vehicles', 'vehicles.id', 'photos.vehicle_id')
    .select(REVIEW_COLUMNS.map((c) => `vehicles.${c}` as const))
    .where('photos.dealer_id', '=', dealerId)
    .where('photos.status', '=', 'failed')
    .where('vehicles.dealer_id', '=', dealerId)
    .where('vehicles.status', 'in', [...FOR_SALE_STATUSES])
    .orderBy('photos.updated_at', 'desc')
    .orderBy('photos.id', 'desc')
    .limit(limit)
    .execute();
}

// A car's recent activity (issue 37 §6, P211)

export type NewActivity = Insertable<DB['vehicle_activity']>;

/** Appends activity rows (a feed's many cars in parts: 8 columns a row stay under SQLite's parameter limit). */
export async function insertActivity(db: Kysely<DB>, rows: readonly NewActivity[]): Promise<void> {
  for (const part of chunks([...rows], 500)) await db.insertInto('vehicle_activity').values(part).execute();
}

/** A car's newest activity first (vehicle_activity_car). */
export function carActivity(db: Kysely<DB>, vehicleId: number, limit: number): Promise<VehicleActivityRow[]> {
  return db
    .selectFrom('vehicle_activity')
    .selectAll()
    .where('vehicle_id', '=', vehicleId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** D43, P223: the dealership's cars for sale with the most points to gain (lowest score first). */
function toImproveQuery(db: Kysely<DB>, dealerId: number) {
  return db
    .selectFrom('vehicles')
    .where('dealer_id', '=', dealerId)
    .where('status', 'in', ['active', 'importing_photos', 'in_review'])
    .where('quality_score', '<', 100)
    .orderBy('quality_score', 'asc')
    .orderBy('id', 'asc');
}

/** D43, P223: the overview's "Autos para mejorar". */
export function carsToImprove(db: Kysely<DB>, dealerId: number, limit: number) {
  return toImproveQuery(db, dealerId).select(['id', 'external_id', 'brand', 'model', 'version', 'year', 'quality_score']).limit(limit).execute();
}

/** P248: the same cars in the same order, with what their hints are derived from (the weekly mail names each one's first hint). */
export function carsToImproveWithFacts(db: Kysely<DB>, dealerId: number, limit: number) {
  return toImproveQuery(db, dealerId)
    .select(['id', 'external_id', 'brand', 'model', 'version', 'year', 'quality_score', 'fuel', 'transmission', 'color', 'description', 'photo_checks'])
    .limit(limit)
    .execute();
}
