// Whole-stock operations: sync (up to 500 cars, each applied on its own, spec 2.5/2.6, D11)
// and reconcile (every stock ID still for sale, spec 2.7, D13), both behind the sold guard: the
// request's own rules here, the run itself (and its dry run, D30) in stock-runner.ts (P74).
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import type { AuthContext } from '../../core/http/auth.js';
import { countExisting } from './repository.js';
import { resolveMarket, resolveSource } from './scope.js';
import type { VehicleDeps } from './service.js';
import type { StockScope } from './stock.js';
import { runStock, type DryRunLists, type StockOutcome } from './stock-runner.js';
import { readStockId } from './stock-id.js';

type Dealer = AuthContext['dealer'];

export const SYNC_MAX = 500;

/** What a sync or reconcile answers: the runner's counts, failures and warnings (P27), and a dry run's lists. */
export type SyncResult = Pick<StockOutcome, 'created' | 'updated' | 'sold' | 'sold_skipped' | 'errors' | 'warnings'> & Partial<DryRunLists>;

function optionalBoolean(body: Record<string, unknown>, field: string): boolean {
  const v = body[field];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ApiError('invalid_request', msg('flag_not_boolean', { name: field }));
  return v;
}

export async function syncVehicles(deps: VehicleDeps, dealer: Dealer, body: Record<string, unknown>): Promise<SyncResult> {
  if (!Array.isArray(body.vehicles)) throw new ApiError('invalid_request', msg('vehicles_not_array'));
  const list = body.vehicles as unknown[];
  if (list.length > SYNC_MAX) {
    throw new ApiError('payload_too_large', msg('sync_too_many', { max: SYNC_MAX, count: list.length }));
  }
  const markMissing = optionalBoolean(body, 'mark_missing_as_sold');
  const allowMassSold = optionalBoolean(body, 'allow_mass_sold');
  const dryRun = optionalBoolean(body, 'dry_run');
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  if (markMissing && list.length === 0) {
    throw new ApiError('empty_list', msg('sync_empty_mark_missing'));
  }
  // D30: a dry run is the same run in plan mode (a refusal of the guard is then a verdict, not a 409).
  const o = await runStock(deps, {
    mode: dryRun ? 'plan' : 'apply',
    scope: { dealer, market, source },
    source: { kind: 'call', records: list.map((raw, index) => ({ index, raw })), repeatOf: (id, first) => msg('stock_id_repeats_call', { id, first }) },
    markMissing,
    allowMassSold,
    channel: 'sync',
  });
  return {
    created: o.created,
    updated: o.updated,
    sold: o.sold,
    ...(o.sold_skipped !== undefined ? { sold_skipped: o.sold_skipped } : {}),
    errors: o.errors,
    warnings: o.warnings,
    ...o.plan,
  };
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
    if (!r.ok) throw new ApiError('invalid_request', msg('reconcile_stock_id', { i, id: JSON.stringify(r.id), problem: r.problem }));
    listed.add(r.id);
  }
  return listed;
}

export async function reconcileVehicles(
  deps: VehicleDeps,
  dealer: Dealer,
  body: { external_ids: string[]; market?: string; source?: string; allow_mass_sold?: boolean; dry_run?: boolean },
): Promise<ReconcileResult> {
  if (body.external_ids.length === 0) {
    throw new ApiError('empty_list', msg('reconcile_empty'));
  }
  const market = resolveMarket(dealer.markets, body.market);
  const source = resolveSource(body.source);
  const listed = listedStockIds(body.external_ids);
  const scope = { dealer, market, source };
  let unknown = 0;
  const o = await runStock(deps, {
    mode: body.dry_run === true ? 'plan' : 'apply',
    scope,
    source: { kind: 'listing', listedIds: listed },
    markMissing: true,
    allowMassSold: body.allow_mass_sold === true,
    channel: 'sync',
    // In the run's transaction (apply), or beside its reads (plan).
    close: async (db, out) => {
      unknown = await unknownIds(db, scope, listed, kept(out));
    },
  });
  return { result: 'reconciled', sold: o.sold, kept: kept(o), unknown, ...o.plan };
}

/** The source's cars for sale the listing keeps (as the guard read them). */
const kept = (o: StockOutcome): number => o.forSale!.total - o.forSale!.missing;

/**
 * Listed IDs that are no car of the dealership in the market. The `kept` ones are the source's
 * cars for sale; the others may still be cars (sold, another source): only then is the store asked.
 */
async function unknownIds(db: Kysely<DB>, scope: StockScope, listed: ReadonlySet<string>, kept: number): Promise<number> {
  if (listed.size === kept) return 0;
  return listed.size - (await countExisting(db, scope.dealer.id, scope.market.code, [...listed]));
}
