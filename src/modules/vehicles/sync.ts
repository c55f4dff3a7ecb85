// Whole-stock operations: sync (up to 500 cars, each applied on its own, spec 2.5/2.6, D11)
// and reconcile (every stock ID still for sale, spec 2.7, D13), both behind the sold guard.
import { lockDealerInventory, writeTransaction } from '../../core/db/dialect.js';
import { ApiError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http/auth.js';
import { recordEvents, type NewEvent } from '../events/events.js';
import { applyVehicles, type ApplyItem } from './apply.js';
import { countExisting, findVehiclesByExternalIds, findVehiclesByIds, forSaleInScope } from './repository.js';
import { EXTERNAL_ID_PATTERN } from './schemas.js';
import { resolveMarket, resolveSource } from './scope.js';
import { lastModelYear, type VehicleDeps } from './service.js';
import { guardRefuses, markSold } from './sold.js';
import { validateVehicle } from './validation.js';

type Dealer = AuthContext['dealer'];

export const SYNC_MAX = 500;
const EXTERNAL_ID = new RegExp(EXTERNAL_ID_PATTERN);

export interface SyncError {
  index: number;
  external_id: string;
  message: string;
}

export interface SyncResult {
  created: number;
  updated: number;
  sold: number;
  sold_skipped?: string;
  errors: SyncError[];
}

/** Refusal of the sold guard, raised inside the transaction so that nothing is applied. */
class GuardRefusal extends Error {
  constructor(readonly wouldMark: number, readonly forSale: number, readonly market: string, readonly source: string) {
    super(
      `Marking ${wouldMark} of the ${forSale} cars for sale of source "${source}" in market "${market}" as sold was refused: ` +
        'that is more than 40% and at least 5 cars at once. Nothing was changed. Send allow_mass_sold: true if this is right.',
    );
  }
}

function optionalBoolean(body: Record<string, unknown>, field: string): boolean {
  const v = body[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ApiError('invalid_request', `${field} must be true or false.`);
  return v;
}

/** Records sync.failed for a guard refusal, then answers 409 too_many_missing. */
async function refuse(deps: VehicleDeps, dealer: Dealer, r: GuardRefusal): Promise<never> {
  await writeTransaction(deps.store, (trx) =>
    recordEvents(trx, deps.clock, dealer.id, [
      { type: 'sync.failed', data: { market: r.market, source: r.source, reason: 'too_many_missing', message: r.message } },
    ]),
  );
  throw new ApiError('too_many_missing', r.message);
}

export async function syncVehicles(deps: VehicleDeps, dealer: Dealer, body: Record<string, unknown>): Promise<SyncResult> {
  const { store, clock } = deps;
  if (!Array.isArray(body.vehicles)) throw new ApiError('invalid_request', 'vehicles must be an array of vehicles.');
  const list = body.vehicles as unknown[];
  if (list.length > SYNC_MAX) {
    throw new ApiError('payload_too_large', `A sync call takes at most ${SYNC_MAX} vehicles (this one has ${list.length}); send several calls, then one reconcile.`);
  }
  const markMissing = optionalBoolean(body, 'mark_missing_as_sold');
  const allowMassSold = optionalBoolean(body, 'allow_mass_sold');
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  if (markMissing && list.length === 0) {
    throw new ApiError('empty_list', 'An empty vehicles list with mark_missing_as_sold would mark every car sold; it is refused.');
  }

  // Stock IDs first: the guard depends only on them, and duplicates are errors (D11).
  const errors: SyncError[] = [];
  const firstIndex = new Map<string, number>();
  const candidates: { index: number; externalId: string; raw: Record<string, unknown> }[] = [];
  list.forEach((item, index) => {
    const raw = item as Record<string, unknown>;
    const externalId = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && typeof raw.external_id === 'string' ? raw.external_id : '';
    const fail = (message: string) => errors.push({ index, external_id: externalId, message });
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return fail('each vehicle must be an object');
    if (!EXTERNAL_ID.test(externalId)) {
      return fail(raw.external_id === undefined ? 'external_id is required' : 'external_id must be 1 to 80 letters, digits, ".", "_", "-" or ":"');
    }
    const first = firstIndex.get(externalId);
    if (first !== undefined) return fail(`external_id "${externalId}" repeats vehicle ${first} of this call`);
    firstIndex.set(externalId, index);
    if (raw.source !== undefined && raw.source !== null && raw.source !== source) {
      return fail(`source "${String(raw.source)}" differs from the call's source "${source}"`);
    }
    if (raw.market !== undefined && raw.market !== null && String(raw.market).toLowerCase() !== market.code) {
      return fail(`market "${String(raw.market)}" differs from the call's market "${market.code}"`);
    }
    candidates.push({ index, externalId, raw });
  });
  const listedIds = new Set(firstIndex.keys());

  // Validation needs to know which cars exist (photos may be left out on an update).
  const known = await findVehiclesByExternalIds(store.db, dealer.id, market.code, candidates.map((c) => c.externalId));
  const items: ApplyItem[] = [];
  const ctx = { market, catalog: deps.catalog, lastModelYear: lastModelYear(clock), defaultCity: dealer.city };
  for (const c of candidates) {
    const checked = validateVehicle(c.raw, { ...ctx, photosRequired: !known.has(c.externalId) });
    if (checked.ok) items.push({ externalId: c.externalId, data: checked.value });
    else errors.push({ index: c.index, external_id: c.externalId, message: checked.errors.join('; ') });
  }
  errors.sort((a, b) => a.index - b.index);

  try {
    const result = await writeTransaction(store, async (trx) => {
      await lockDealerInventory(trx, store.dialect, dealer.id);
      const now = clock.now();
      if (markMissing) {
        const forSale = await forSaleInScope(trx, dealer.id, market.code, source);
        const wouldMark = forSale.filter((v) => !listedIds.has(v.external_id)).length;
        if (guardRefuses(wouldMark, forSale.length, allowMassSold)) throw new GuardRefusal(wouldMark, forSale.length, market.code, source);
      }
      const existing = await findVehiclesByExternalIds(trx, dealer.id, market.code, items.map((i) => i.externalId));
      // A car created by another call since validation still needs its photos checked.
      const ready = items.filter((i) => {
        if (i.data.photos || existing.has(i.externalId)) return true;
        errors.push({ index: firstIndex.get(i.externalId)!, external_id: i.externalId, message: `photos is required: ${market.photos.min} to ${market.photos.max} image URLs` });
        return false;
      });
      const outcome = await applyVehicles(trx, clock, { dealerId: dealer.id, market: market.code, source, now }, ready, existing);

      const rejected: NewEvent[] = errors.map((e) => ({
        type: 'vehicle.rejected',
        data: { external_id: e.external_id, market: market.code, source, channel: 'sync', errors: e.message.split('; ') },
      }));
      await recordEvents(trx, clock, dealer.id, rejected);

      const result: SyncResult = { created: outcome.created, updated: outcome.updated, sold: 0, errors };
      if (markMissing) {
        if (errors.length > 0) {
          result.sold_skipped = `${errors.length} vehicle(s) failed, so no car was marked sold; fix them and sync again.`;
        } else {
          const forSale = await forSaleInScope(trx, dealer.id, market.code, source);
          const missing = forSale.filter((v) => !listedIds.has(v.external_id)).map((v) => v.id);
          result.sold = await markSold(trx, clock, deps.publicBaseUrl, dealer.id, await findVehiclesByIds(trx, dealer.id, missing));
        }
      }
      errors.sort((a, b) => a.index - b.index);
      return result;
    });
    deps.jobsQueued?.();
    return result;
  } catch (err) {
    if (err instanceof GuardRefusal) return refuse(deps, dealer, err);
    throw err;
  }
}

export interface ReconcileResult {
  result: 'reconciled';
  sold: number;
  kept: number;
  unknown: number;
}

export async function reconcileVehicles(
  deps: VehicleDeps,
  dealer: Dealer,
  body: { external_ids: string[]; market?: string; source?: string; allow_mass_sold?: boolean },
): Promise<ReconcileResult> {
  const { store, clock } = deps;
  if (body.external_ids.length === 0) {
    throw new ApiError('empty_list', 'An empty external_ids list is never read as "everything sold"; it is refused.');
  }
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  const listed = new Set(body.external_ids);
  try {
    return await writeTransaction(store, async (trx) => {
      await lockDealerInventory(trx, store.dialect, dealer.id);
      const forSale = await forSaleInScope(trx, dealer.id, market.code, source);
      const missing = forSale.filter((v) => !listed.has(v.external_id)).map((v) => v.id);
      if (guardRefuses(missing.length, forSale.length, body.allow_mass_sold === true)) {
        throw new GuardRefusal(missing.length, forSale.length, market.code, source);
      }
      const sold = await markSold(trx, clock, deps.publicBaseUrl, dealer.id, await findVehiclesByIds(trx, dealer.id, missing));
      // Listed IDs that are not the source's cars for sale may still be other cars (sold, another source).
      const inScope = new Set(forSale.map((v) => v.external_id));
      const others = [...listed].filter((id) => !inScope.has(id));
      const unknown = others.length - (await countExisting(trx, dealer.id, market.code, others));
      return { result: 'reconciled' as const, sold, kept: forSale.length - missing.length, unknown };
    });
  } catch (err) {
    if (err instanceof GuardRefusal) return refuse(deps, dealer, err);
    throw err;
  }
}
