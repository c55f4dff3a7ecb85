// All SQL of the vehicles table. Every query names its dealership: no car is reachable
// without its owner's id (D7).
import { sql, type Kysely } from 'kysely';
import { compiledInsert, compiledQuery } from '../../core/db/compiled.js';
import type { DB, NewVehicle, VehicleRow, VehicleStatus } from '../../core/db/schema.js';
import { FOR_SALE_STATUSES } from './schemas.js';
import { chunks } from '../../core/util/chunks.js';

const vehicleByStockId = compiledQuery<VehicleRow, [number, string, string]>((db) =>
  db.selectFrom('vehicles').selectAll().where('dealer_id', '=', 0).where('market', '=', '').where('external_id', '=', ''),
);

const vehicleRevisionByStockId = compiledQuery<Pick<VehicleRow, 'id' | 'revision'>, [number, string, string]>((db) =>
  db.selectFrom('vehicles').select(['id', 'revision']).where('dealer_id', '=', 0).where('market', '=', '').where('external_id', '=', ''),
);

/** Which car, and which revision of it: enough to answer a GET from a cached response. */
export async function findVehicleRevision(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalId: string,
): Promise<Pick<VehicleRow, 'id' | 'revision'> | undefined> {
  return (await vehicleRevisionByStockId(db, dealerId, market, externalId))[0];
}

/** The hot read of the API (GET, PUT, DELETE, sold). */
export async function findVehicle(db: Kysely<DB>, dealerId: number, market: string, externalId: string): Promise<VehicleRow | undefined> {
  return (await vehicleByStockId(db, dealerId, market, externalId))[0];
}

/** Rows of a dealership's cars in a market with these stock IDs, read in chunks by `read`. */
async function byExternalIds<R extends { external_id: string }>(externalIds: string[], read: (part: string[]) => Promise<R[]>): Promise<Map<string, R>> {
  const found = new Map<string, R>();
  for (const part of chunks(externalIds)) {
    if (part.length === 0) continue;
    for (const r of await read(part)) found.set(r.external_id, r);
  }
  return found;
}

const inScope = (db: Kysely<DB>, dealerId: number, market: string, part: string[]) =>
  db.selectFrom('vehicles').where('dealer_id', '=', dealerId).where('market', '=', market).where('external_id', 'in', part);

const EXISTING_CAR_COLUMNS = ['id', 'external_id', 'status', 'photo_urls', 'photos_pending', 'shown_photos', 'content_hash'] as const;

/** What applying a stock needs of the existing cars with these stock IDs (see apply.ts ExistingCar). */
export function findExistingCars(
  db: Kysely<DB>,
  dealerId: number,
  market: string,
  externalIds: string[],
): Promise<Map<string, Pick<VehicleRow, (typeof EXISTING_CAR_COLUMNS)[number]>>> {
  return byExternalIds(externalIds, (part) => inScope(db, dealerId, market, part).select(EXISTING_CAR_COLUMNS).execute());
}

/** Which of these stock IDs are cars of the dealership in that market (any status or source). */
export async function existingExternalIds(db: Kysely<DB>, dealerId: number, market: string, externalIds: string[]): Promise<Set<string>> {
  const found = await byExternalIds(externalIds, (part) => inScope(db, dealerId, market, part).select('external_id').execute());
  return new Set(found.keys());
}

const VEHICLE_INSERT_COLUMNS = [
  'dealer_id',
  'market',
  'external_id',
  'listing_id',
  'status',
  'source',
  'brand',
  'model',
  'year',
  'version',
  'price_cents',
  'currency',
  'mileage',
  'fuel',
  'transmission',
  'color',
  'condition',
  'city',
  'description',
  'photo_urls',
  'photos_pending',
  'photo_state',
  'content_hash',
  'last_sent_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof NewVehicle)[];
const insertVehicleRows = compiledInsert<Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>>('vehicles', VEHICLE_INSERT_COLUMNS, [
  'id',
  'dealer_id',
  'photo_urls',
]);

/** Inserts cars (every column of VEHICLE_INSERT_COLUMNS; the rest take their defaults); returns what photo tracking needs of them. */
export async function insertVehicles(db: Kysely<DB>, rows: NewVehicle[]): Promise<Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>[]> {
  const out: Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>[] = [];
  // 26 columns a row: 200 rows stay under every driver's parameter limit.
  for (const part of chunks(rows, 200)) out.push(...(await insertVehicleRows(db, part)));
  return out;
}

export async function updateVehicle(db: Kysely<DB>, id: number, patch: Partial<NewVehicle>): Promise<void> {
  await db
    .updateTable('vehicles')
    .set((eb) => ({ ...patch, revision: eb('revision', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** The dealer sent these cars again without changing them: only the expiry clock restarts. */
export async function touchVehicles(db: Kysely<DB>, ids: number[], sentAt: number): Promise<void> {
  for (const part of chunks(ids)) if (part.length) await db.updateTable('vehicles').set({ last_sent_at: sentAt }).where('id', 'in', part).execute();
}

export async function setStatus(db: Kysely<DB>, ids: number[], status: VehicleStatus, now: number): Promise<void> {
  for (const part of chunks(ids)) {
    if (part.length) {
      await db
        .updateTable('vehicles')
        .set((eb) => ({ status, updated_at: now, revision: eb('revision', '+', 1) }))
        .where('id', 'in', part)
        .execute();
    }
  }
}

/** The source's cars (D12): for sale, of that dealership, market and source. */
export function forSaleInScope(db: Kysely<DB>, dealerId: number, market: string, source: string): Promise<Pick<VehicleRow, 'id' | 'external_id'>[]> {
  return db
    .selectFrom('vehicles')
    .select(['id', 'external_id'])
    .where('dealer_id', '=', dealerId)
    .where('market', '=', market)
    .where('source', '=', source)
    .where('status', 'in', [...FOR_SALE_STATUSES])
    .execute();
}

export async function findVehiclesByIds(db: Kysely<DB>, dealerId: number, ids: number[]): Promise<VehicleRow[]> {
  const out: VehicleRow[] = [];
  for (const part of chunks(ids)) {
    if (part.length) out.push(...(await db.selectFrom('vehicles').selectAll().where('dealer_id', '=', dealerId).where('id', 'in', part).execute()));
  }
  return out;
}

/** How many of these stock IDs are cars of the dealership in that market (any status or source). */
export async function countExisting(db: Kysely<DB>, dealerId: number, market: string, externalIds: string[]): Promise<number> {
  let n = 0;
  for (const part of chunks(externalIds)) {
    if (part.length === 0) continue;
    const row = await db
      .selectFrom('vehicles')
      .select(sql<number>`count(*)`.as('n'))
      .where('dealer_id', '=', dealerId)
      .where('market', '=', market)
      .where('external_id', 'in', part)
      .executeTakeFirstOrThrow();
    n += Number(row.n);
  }
  return n;
}

export interface ListFilter {
  dealerId: number;
  markets: string[];
  source?: string;
  status?: string;
  updatedSince?: number;
}

/** A position in the list: the (updated_at, id) of the last car read. */
export interface ListPosition {
  updatedAt: number;
  id: number;
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
): Promise<{ rows: VehicleRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    listPageQuery(db, f, at, limit).execute(),
    listScope(db, f)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

function listScope(db: Kysely<DB>, f: ListFilter) {
  let q = db.selectFrom('vehicles').where('dealer_id', '=', f.dealerId).where('market', 'in', f.markets);
  if (f.source) q = q.where('source', '=', f.source);
  if (f.status) q = q.where('status', '=', f.status as VehicleStatus);
  if (f.updatedSince !== undefined) q = q.where('updated_at', '>=', f.updatedSince);
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
    .set((eb) => ({ status: 'expired', updated_at: now, revision: eb('revision', '+', 1) }))
    .where('status', 'in', [...FOR_SALE_STATUSES])
    .where('last_sent_at', '<', cutoff)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
