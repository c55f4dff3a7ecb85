// Rules of one car: create or update by stock ID, read, list, withdraw, mark sold.
import type { Clock } from '../../core/clock.js';
import { lockDealerInventory } from '../../core/db/locks.js';
import { type Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { Kysely } from 'kysely';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, render, type Lang } from '../../core/i18n/index.js';
import type { AuthContext } from '../../core/http/auth.js';
import type { Catalog } from '../catalog/catalog.js';
import { recordEvents } from '../events/record.js';
import { carsMoved } from '../pricing/service.js';
import { activityOf, applyVehicles, type ActivityBy, type ApplyWarning } from './apply.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { findVehicle, findVehicleRevision, insertActivity, listMark, listVehicles, setStatus, type VehicleRevision } from './repository.js';
import type { Vehicle } from './schemas.js';
import type { VehicleBody, VehicleResponseCache } from './response-cache.js';
import { pickMarket, resolveMarket, resolveSource } from './scope.js';
import { toVehicle } from './serialize.js';
import { markSold } from './sold.js';
import { validateVehicle } from './validation.js';
import { normalizeVin, vinProblem } from './vin.js';

export interface VehicleDeps {
  store: Store;
  clock: Clock;
  catalog: Catalog;
  publicBaseUrl: string;
}

type Dealer = AuthContext['dealer'];

/** A warning of PUT (P27): the car was applied, but something deserves a look. */
export type PutWarning = Omit<ApplyWarning, 'position'>;

export const lastModelYear = (clock: Clock): number => new Date(clock.now()).getUTCFullYear() + 1;

const present = (deps: VehicleDeps, row: VehicleRow, lang: Lang = 'en'): Vehicle => toVehicle(row, deps.publicBaseUrl, lang);

const notFound = (externalId: string) => new ApiError('not_found', msg('vehicle_not_found', { id: externalId }));

export async function putVehicle(
  deps: VehicleDeps,
  dealer: Dealer,
  externalId: string,
  body: Record<string, unknown>,
  queryMarket: string | undefined,
  lang: Lang = 'en',
): Promise<{ result: 'created' | 'updated'; vehicle: Vehicle; warnings: PutWarning[] }> {
  const { store, clock } = deps;
  const market = resolveMarket(dealer.markets, pickMarket(body.market, queryMarket));
  const source = resolveSource(body.source);
  // The car is read twice: under the inventory lock (whether it exists decides if photos are
  // required, so it is validated there), and once written (photos settled, events recorded).
  const outcome = await writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, dealer.id);
    const current = await findVehicle(trx, dealer.id, market.code, externalId);
    const checked = validateVehicle(body, {
      market,
      catalog: deps.catalog,
      lastModelYear: lastModelYear(clock),
      defaultCity: dealer.city,
      photosRequired: !current,
    });
    if (!checked.ok) {
      // The rejection is recorded (and committed) even though the call fails.
      await recordEvents(trx, clock, dealer.id, [
        {
          type: 'vehicle.rejected',
          data: { external_id: externalId, market: market.code, source, channel: 'api', errors: checked.errors.map((e) => render('en', e)) },
        },
      ]);
      return { rejected: checked.errors } as const;
    }
    const existing = new Map(current ? [[externalId, current]] : []);
    const applied = await applyVehicles(
      trx,
      clock,
      { dealerId: dealer.id, market: market.code, source, now: clock.now() },
      [{ externalId, data: checked.value }],
      existing,
    );
    const warnings = applied.warnings.map(({ external_id, code, message }) => ({ external_id, code, message }));
    return { rejected: undefined, row: (await findVehicle(trx, dealer.id, market.code, externalId))!, result: applied.results[0]!, warnings };
  });
  if (outcome.rejected) throw new ApiError('invalid_vehicle', msg('invalid_vehicle', { count: outcome.rejected.length }), outcome.rejected);
  const { row, result, warnings } = outcome;
  return { result, vehicle: present(deps, row, lang), warnings };
}

/**
 * GET /vehicles/{external_id}: the serialized answer, from the cache while the car is unchanged
 * (response-cache.ts: the store's read version, else the car's revision). A value when the cache
 * or the revision lookup answered at once (P44, P53), else a promise.
 */
export function getVehicleBody(
  deps: VehicleDeps,
  cache: VehicleResponseCache,
  dealer: Dealer,
  externalId: string,
  queryMarket: string | undefined,
  serialize: (payload: { vehicle: Vehicle }) => string,
  lang: Lang = 'en',
): VehicleBody | Promise<VehicleBody> {
  const market = resolveMarket(dealer.markets, queryMarket).code;
  const key = cache.key(dealer.id, market, externalId, lang);
  const version = cache.version();
  const kept = cache.unchanged(key, version);
  if (kept !== undefined) return kept;
  const fromRef = (ref: VehicleRevision | undefined): VehicleBody | Promise<VehicleBody> => {
    if (!ref) throw notFound(externalId);
    return cache.sameCar(key, ref, version) ?? freshBody(deps, cache, key, version, dealer, market, externalId, serialize, lang);
  };
  const ref = findVehicleRevision(deps.store.db, dealer.id, market, externalId);
  return ref instanceof Promise ? ref.then(fromRef) : fromRef(ref);
}

async function freshBody(
  deps: VehicleDeps,
  cache: VehicleResponseCache,
  key: string,
  version: string | undefined,
  dealer: Dealer,
  market: string,
  externalId: string,
  serialize: (payload: { vehicle: Vehicle }) => string,
  lang: Lang,
): Promise<VehicleBody> {
  const row = await findVehicle(deps.store.db, dealer.id, market, externalId);
  if (!row) throw notFound(externalId);
  return cache.set(key, row, version, serialize({ vehicle: present(deps, row, lang) }));
}

/** Withdraw (DELETE): stops publication, deletes nothing; idempotent (D6). */
export function withdrawVehicle(deps: VehicleDeps, dealer: Dealer, externalId: string, queryMarket: string | undefined, by?: ActivityBy): Promise<Vehicle> {
  return writeInScope(deps, dealer, externalId, queryMarket, async (trx, row) => {
    if (row.status === 'withdrawn') return;
    const now = deps.clock.now();
    await setStatus(trx, [row.id], 'withdrawn', now);
    await insertActivity(trx, [activityOf(dealer.id, by, { vehicle_id: row.id, kind: 'withdrawn', now })]);
    // Its family is rated again without it (D44).
    await carsMoved(trx, deps.clock, [row.id]);
  });
}

/** Mark sold: any existing car; idempotent, one vehicle.sold event at most (D6). */
export function sellVehicle(deps: VehicleDeps, dealer: Dealer, externalId: string, queryMarket: string | undefined, by?: ActivityBy): Promise<Vehicle> {
  return writeInScope(deps, dealer, externalId, queryMarket, async (trx, row) => {
    await markSold(trx, deps.clock, deps.publicBaseUrl, dealer.id, [row], by);
  });
}

/** Runs `change` on one existing car, in a write transaction under the dealership's lock. */
async function writeInScope(
  deps: VehicleDeps,
  dealer: Dealer,
  externalId: string,
  queryMarket: string | undefined,
  change: (trx: Kysely<DB>, row: VehicleRow) => Promise<void>,
): Promise<Vehicle> {
  const { store } = deps;
  const market = resolveMarket(dealer.markets, queryMarket);
  const row = await writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, dealer.id);
    const current = await findVehicle(trx, dealer.id, market.code, externalId);
    if (!current) throw notFound(externalId);
    await change(trx, current);
    return (await findVehicle(trx, dealer.id, market.code, externalId))!;
  });
  return present(deps, row);
}

export interface ListQueryInput {
  market?: string;
  source?: string;
  status?: string;
  updated_since?: string;
  vin?: string;
  page?: number;
  per_page: number;
  cursor?: string;
}

/**
 * GET /vehicles: by page (offset; pages of a list that changes meanwhile can repeat or skip
 * cars) or by cursor (keyset: a walk never repeats a car, and lists once every car not updated
 * during the walk). Every answer with more cars after it carries next_cursor.
 */
/** The list read's filters and position from its query (errors before any read). */
function listRead(dealer: Dealer, q: ListQueryInput) {
  if (q.cursor !== undefined && q.page !== undefined) throw new ApiError('invalid_request', msg('page_and_cursor'));
  const market = q.market !== undefined ? resolveMarket(dealer.markets, q.market).code : undefined;
  const markets = market !== undefined ? [market] : dealer.markets;
  let updatedSince: number | undefined;
  if (q.updated_since !== undefined) {
    updatedSince = Date.parse(q.updated_since);
    if (Number.isNaN(updatedSince)) throw new ApiError('invalid_request', msg('updated_since_invalid'));
  }
  let vin: string | undefined;
  if (q.vin !== undefined) {
    vin = normalizeVin(q.vin);
    const problem = vinProblem(vin, '');
    if (problem) throw new ApiError('invalid_request', msg('vin_filter', { problem }));
  }
  const filters = { market, source: q.source, status: q.status, updatedSince, vin };
  const page = q.cursor !== undefined ? 0 : (q.page ?? 1);
  const at = q.cursor !== undefined ? { after: decodeCursor(q.cursor, filters) } : { offset: (page - 1) * q.per_page };
  return { scope: { dealerId: dealer.id, markets, source: q.source, status: q.status, updatedSince, vin }, filters, page, at };
}

/**
 * The list's change marker (P142) for this query: the same checks as the read (a bad query is
 * its 400, never a 304), then listMark. `total` is handed to listDealerVehicles not to count twice.
 */
export async function dealerVehiclesMark(deps: VehicleDeps, dealer: Dealer, q: ListQueryInput): Promise<{ total: number; mark: string }> {
  return listMark(deps.store.db, listRead(dealer, q).scope);
}

export async function listDealerVehicles(
  deps: VehicleDeps,
  dealer: Dealer,
  q: ListQueryInput,
  lang: Lang = 'en',
  knownTotal?: number,
): Promise<{ data: Vehicle[]; page: number; per_page: number; total: number; next_cursor: string | null }> {
  const { scope, filters, page, at } = listRead(dealer, q);
  // One row more than shown: whether another page follows.
  const { rows, total } = await listVehicles(deps.store.db, scope, at, q.per_page + 1, knownTotal);
  const shown = rows.length > q.per_page ? rows.slice(0, q.per_page) : rows;
  const last = shown.at(-1);
  const next_cursor = rows.length > q.per_page && last ? encodeCursor({ updatedAt: last.updated_at, id: last.id }, filters) : null;
  return { data: shown.map((r) => present(deps, r, lang)), page, per_page: q.per_page, total, next_cursor };
}
