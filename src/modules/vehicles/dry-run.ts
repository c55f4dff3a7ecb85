// Dry runs (D30) of sync, reconcile and feed imports: the same checks as the real call, then the
// plan read from the store instead of written to it. Nothing here writes: no car, photo row,
// job, event, report or revision, so nothing needs rolling back and no after-commit side effect
// can fire.
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { existingExternalIds } from './repository.js';
import { guardRefuses } from './sold.js';
import { plannedDuplicateVins } from './apply.js';
import { GuardRefusal, missingFromListing, type ItemError, type ItemWarning, type StockItem, type StockScope } from './stock.js';
import { photosRequired } from './validation.js';

export interface GuardVerdict {
  allowed: boolean;
  reason?: string;
}

export interface DryRunLists {
  dry_run: true;
  would_create: string[];
  would_update: string[];
  would_mark_sold: string[];
  guard: GuardVerdict;
}

export const verdictOf = (refusal: GuardRefusal | null): GuardVerdict => (refusal ? { allowed: false, reason: refusal.message } : { allowed: true });

/**
 * What applyStockPart would do with these items: the same existing-car lookup, the same
 * "a new car needs photos" error (added to `errors`) and the duplicate-VIN warnings (P62).
 */
export async function planStockPart(
  db: Kysely<DB>,
  scope: StockScope,
  items: StockItem[],
  errors: ItemError[],
): Promise<{ create: string[]; update: string[]; warnings: ItemWarning[] }> {
  // Only whether each car exists matters here: the narrowest read.
  const existing = await existingExternalIds(
    db,
    scope.dealer.id,
    scope.market.code,
    items.map((i) => i.externalId),
  );
  const create: string[] = [];
  const update: string[] = [];
  const applied: StockItem[] = [];
  for (const i of items) {
    if (existing.has(i.externalId)) update.push(i.externalId);
    else if (i.data.photos) create.push(i.externalId);
    else {
      errors.push({ index: i.index, external_id: i.externalId, message: photosRequired(scope.market) });
      continue;
    }
    applied.push(i);
  }
  const found = await plannedDuplicateVins(db, { dealerId: scope.dealer.id, market: scope.market.code }, applied);
  const warnings = found.map(({ position, external_id, code, message }) => ({ index: applied[position]!.index, external_id, code, message }));
  return { create, update, warnings };
}

/**
 * The stock IDs markMissingSold would mark sold, in order, and the guard's verdict on marking
 * them (guardRefusal's rule), from one read of the source's cars for sale.
 */
export async function plannedSold(
  db: Kysely<DB>,
  scope: StockScope,
  listedIds: Set<string>,
  allowMassSold: boolean,
): Promise<{ missing: string[]; guard: GuardVerdict }> {
  const { forSale, missing: rows } = await missingFromListing(db, scope, listedIds);
  const missing = rows.map((v) => v.external_id).sort();
  const refused = guardRefuses(missing.length, forSale, allowMassSold);
  return { missing, guard: verdictOf(refused ? new GuardRefusal(missing.length, forSale, scope.market.code, scope.source) : null) };
}
