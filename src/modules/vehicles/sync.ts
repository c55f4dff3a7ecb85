// Whole-stock operations: sync (up to 500 cars, each applied on its own, spec 2.5/2.6, D11)
// and reconcile (every stock ID still for sale, spec 2.7, D13), both behind the sold guard.
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { lockDealerInventory } from '../../core/db/locks.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http/auth.js';
import { countExisting } from './repository.js';
import { resolveMarket, resolveSource } from './scope.js';
import type { VehicleDeps } from './service.js';
import { planStockPart, plannedSold, verdictOf, type DryRunLists } from './dry-run.js';
import { guardRefuses, markSold } from './sold.js';
import {
  applyStockPart,
  existingCarsOf,
  GuardRefusal,
  guardRefusal,
  markMissingSold,
  missingFromListing,
  prepareStock,
  recordRejections,
  refuseMassSold,
  screenStock,
  settledWarnings,
  settleUnchanged,
  soldSkippedText,
  validateStock,
  type ItemError,
  type ItemWarning,
  type StockScope,
} from './stock.js';
import { readStockId } from './stock-id.js';

type Dealer = AuthContext['dealer'];

export const SYNC_MAX = 500;

export interface SyncResult extends Partial<DryRunLists> {
  created: number;
  updated: number;
  sold: number;
  sold_skipped?: string;
  errors: ItemError[];
  /** Issue 15: applied cars worth a look (duplicate VINs), by index. */
  warnings: ItemWarning[];
}

function optionalBoolean(body: Record<string, unknown>, field: string): boolean {
  const v = body[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ApiError('invalid_request', `${field} must be true or false.`);
  return v;
}

export async function syncVehicles(deps: VehicleDeps, dealer: Dealer, body: Record<string, unknown>): Promise<SyncResult> {
  const { store } = deps;
  if (!Array.isArray(body.vehicles)) throw new ApiError('invalid_request', 'vehicles must be an array of vehicles.');
  const list = body.vehicles as unknown[];
  if (list.length > SYNC_MAX) {
    throw new ApiError(
      'payload_too_large',
      `A sync call takes at most ${SYNC_MAX} vehicles (this one has ${list.length}); send several calls, then one reconcile.`,
    );
  }
  const markMissing = optionalBoolean(body, 'mark_missing_as_sold');
  const allowMassSold = optionalBoolean(body, 'allow_mass_sold');
  const dryRun = optionalBoolean(body, 'dry_run');
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  if (markMissing && list.length === 0) {
    throw new ApiError('empty_list', 'An empty vehicles list with mark_missing_as_sold would mark every car sold; it is refused.');
  }
  const scope = { dealer, market, source };
  const records = list.map((raw, index) => ({ index, raw }));
  const repeatOf = (first: number) => `vehicle ${first} of this call`;
  if (dryRun) {
    const { items, errors, listedIds } = await prepareStock(deps, scope, records, repeatOf);
    // D30: the same checks, read instead of written (dry-run.ts); a refusal is a verdict, not a 409.
    const sold = markMissing ? await plannedSold(store.db, scope, listedIds, allowMassSold) : undefined;
    const plan = await planStockPart(store.db, scope, items, errors);
    let wouldSell: string[] = [];
    let soldSkipped: string | undefined;
    if (sold) {
      if (errors.length > 0) soldSkipped = soldSkippedText(errors.length, 'sync again');
      else wouldSell = sold.missing;
    }
    errors.sort((a, b) => a.index - b.index);
    return {
      created: plan.create.length,
      updated: plan.update.length,
      sold: wouldSell.length,
      ...(soldSkipped !== undefined ? { sold_skipped: soldSkipped } : {}),
      errors,
      warnings: plan.warnings,
      dry_run: true,
      would_create: plan.create,
      would_update: plan.update,
      would_mark_sold: wouldSell,
      guard: sold?.guard ?? { allowed: true },
    };
  }

  const { candidates, errors, listedIds } = screenStock(scope, records, repeatOf);
  try {
    const result = await writeTransaction(store, async (trx) => {
      await lockDealerInventory(trx, store.dialect, dealer.id);
      if (markMissing) {
        const refusal = await guardRefusal(trx, scope, listedIds, allowMassSold);
        if (refusal) throw refusal;
      }
      // Cars sent again as stored are settled in one statement (P57); for the others, one read
      // of the existing cars serves validation and writing (P55): under the lock, at most 500
      // cars, a few ms of validation inside the transaction.
      const { settled, rest, stored } = await settleUnchanged(trx, deps, scope, candidates);
      const existing = await existingCarsOf(trx, scope, stored);
      const items = await validateStock(deps, scope, rest, existing, errors);
      const outcome = await applyStockPart(trx, deps, scope, items, errors, existing);
      const warnings = settled.length > 0 ? [...outcome.warnings, ...(await settledWarnings(trx, scope, settled))] : outcome.warnings;
      warnings.sort((a, b) => a.index - b.index);
      await recordRejections(trx, deps, scope, 'sync', errors);
      const result: SyncResult = { created: outcome.created, updated: outcome.updated + settled.length, sold: 0, errors, warnings };
      if (markMissing) {
        if (errors.length > 0) result.sold_skipped = soldSkippedText(errors.length, 'sync again');
        else result.sold = await markMissingSold(trx, deps, scope, listedIds);
      }
      errors.sort((a, b) => a.index - b.index);
      return result;
    });
    return result;
  } catch (err) {
    if (err instanceof GuardRefusal) return refuseMassSold(deps, dealer.id, err);
    throw err;
  }
}

export interface ReconcileResult extends Partial<DryRunLists> {
  result: 'reconciled';
  sold: number;
  kept: number;
  unknown: number;
}

/**
 * The listed IDs, normalized (D26). One that breaks the rule refuses the whole call (400, naming
 * it) rather than being ignored: it can match no car, so going on would mark sold the car the
 * dealer meant, and a corrupt entry usually means a broken export.
 */
function listedStockIds(ids: string[]): Set<string> {
  const listed = new Set<string>();
  for (const [i, raw] of ids.entries()) {
    const r = readStockId(raw);
    if (!r.ok) throw new ApiError('invalid_request', `external_ids[${i}] (${JSON.stringify(r.id)}) ${r.problem}; nothing was changed.`);
    listed.add(r.id);
  }
  return listed;
}

export async function reconcileVehicles(
  deps: VehicleDeps,
  dealer: Dealer,
  body: { external_ids: string[]; market?: string; source?: string; allow_mass_sold?: boolean; dry_run?: boolean },
): Promise<ReconcileResult> {
  const { store, clock } = deps;
  if (body.external_ids.length === 0) {
    throw new ApiError('empty_list', 'An empty external_ids list is never read as "everything sold"; it is refused.');
  }
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  const listed = listedStockIds(body.external_ids);
  const scope = { dealer, market, source };
  if (body.dry_run === true) return planReconcile(deps, scope, listed, body.allow_mass_sold === true);
  try {
    return await writeTransaction(store, async (trx) => {
      await lockDealerInventory(trx, store.dialect, dealer.id);
      const { forSale, missing } = await missingFromListing(trx, scope, listed);
      if (guardRefuses(missing.length, forSale, body.allow_mass_sold === true)) {
        throw new GuardRefusal(missing.length, forSale, market.code, source);
      }
      const sold = await markSold(trx, clock, deps.publicBaseUrl, dealer.id, missing);
      const kept = forSale - missing.length;
      return { result: 'reconciled' as const, sold, kept, unknown: await unknownIds(trx, scope, listed, kept) };
    });
  } catch (err) {
    if (err instanceof GuardRefusal) return refuseMassSold(deps, dealer.id, err);
    throw err;
  }
}

/**
 * Listed IDs that are no car of the dealership in the market. The `kept` ones are the source's
 * cars for sale; the others may still be cars (sold, another source): only then is the store asked.
 */
async function unknownIds(db: Kysely<DB>, scope: StockScope, listed: ReadonlySet<string>, kept: number): Promise<number> {
  if (listed.size === kept) return 0;
  return listed.size - (await countExisting(db, scope.dealer.id, scope.market.code, [...listed]));
}

/** Reconcile's dry run (D30): the same reads as the real call, no lock (nothing is written). */
async function planReconcile(deps: VehicleDeps, scope: StockScope, listed: ReadonlySet<string>, allowMassSold: boolean): Promise<ReconcileResult> {
  const db = deps.store.db;
  const { forSale, missing: rows } = await missingFromListing(db, scope, listed);
  const missing = rows.map((v) => v.external_id).sort();
  const refused = guardRefuses(missing.length, forSale, allowMassSold);
  const kept = forSale - missing.length;
  return {
    result: 'reconciled',
    sold: missing.length,
    kept,
    unknown: await unknownIds(db, scope, listed, kept),
    dry_run: true,
    would_create: [],
    would_update: [],
    would_mark_sold: missing,
    guard: verdictOf(refused ? new GuardRefusal(missing.length, forSale, scope.market.code, scope.source) : null),
  };
}
