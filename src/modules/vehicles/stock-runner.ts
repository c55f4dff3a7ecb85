// The one runner of whole-stock work (P74): sync, reconcile, feed imports (push and pull) and
// all their dry runs (D30) are a run of `runStock` — a source of candidate cars, a mode, and
// what the caller records. The sequence is the same for every run:
//   1. the sold guard (D12), first: it depends only on the stock IDs, so a refusal applies nothing;
//   2. the cars: checked (stock.ts), then applied (apply mode) or planned (plan mode);
//   3. vehicle.rejected per failure, the source's missing cars marked sold unless a car failed
//      (sold_skipped), and the caller's own record (a feed's report row), in one transaction.
// Sources:
//   - `call` (a sync body; later a panel form): stock IDs screened here; applied in ONE
//     transaction under the inventory lock, where the cars sent again as stored are settled first
//     (P60) and the others validated against one read of the existing cars (P55);
//   - `checked` (a feed file, validated while the parser read it: P51): applied `chunk` cars per
//     transaction, each under the inventory lock, so other writers get turns; the guard is read
//     before the first chunk and again in the closing transaction, on the read that marks (P57);
//   - `listing` (reconcile): stock IDs only; the guard's one read serves the marking too.
// Modes: `apply` writes; `plan` (D30, P28) runs the same checks and reads the plan instead,
// opening no transaction, so nothing (car, photo row, job, event, revision) can come of it.
import type { Kysely } from 'kysely';
import { lockDealerInventory } from '../../core/db/locks.js';
import type { DB } from '../../core/db/schema.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError } from '../../core/errors.js';
import type { NewEvent, VehicleRejectedData } from '../events/events.js';
import { recordEvents } from '../events/record.js';
import { applyVehicles, duplicateVins, plannedDuplicateVins, type ExistingCar } from './apply.js';
import { findExistingCars, forSaleMissing, storedPhotoChecks } from './repository.js';
import {
  DRY_RUN_QUALITY_MAX,
  hintMsg,
  pendingPhotoChecks,
  qualityOf,
  qualityScore,
  qualitySummary,
  type QualityHintFact,
  type QualityInput,
} from './quality.js';
import type { VehicleDeps } from './service.js';
import { guardRefuses, markSold, MASS_SOLD_RULE } from './sold.js';
import { msg, render, type Lang, type Msg } from '../../core/i18n/index.js';
import {
  prepareStock,
  screenStock,
  settleUnchanged,
  validateStock,
  itemErrorText,
  type ItemError,
  type ItemErrorText,
  type ItemWarning,
  type RepeatOf,
  type PreparedStock,
  type StockCandidate,
  type StockItem,
  type StockRecord,
  type StockScope,
} from './stock.js';
import { photosRequired } from './validation.js';

export type StockMode = 'apply' | 'plan';

/** Where a run's candidate cars come from (see the file's head). */
export type StockSource =
  | { kind: 'call'; records: StockRecord[]; repeatOf: RepeatOf }
  | { kind: 'checked'; stock: PreparedStock; chunk: number }
  | { kind: 'listing'; listedIds: ReadonlySet<string> };

export interface StockRun {
  mode: StockMode;
  scope: StockScope;
  source: StockSource;
  /** Mark sold the source's cars for sale the run does not list (D11, D12), behind the guard. */
  markMissing: boolean;
  allowMassSold: boolean;
  /** vehicle.rejected's channel; also how sold_skipped says to try again. */
  channel: 'sync' | 'feed';
  /** vehicle.rejected for the failures, in the closing transaction (default: one event each). */
  rejected?: (trx: Kysely<DB>, errors: ItemError[]) => Promise<unknown>;
  /** The caller's part, last: in the closing transaction (apply), or on the store (plan). */
  close?: (db: Kysely<DB>, outcome: StockOutcome) => Promise<void>;
  /** A refusal of the guard in apply mode, nothing applied (default: sync.failed on its own, then 409). */
  refused?: (refusal: GuardRefusal) => Promise<never>;
}

export interface GuardVerdict {
  allowed: boolean;
  reason?: Msg;
}

/** A warning of any answer: its words are a code of the catalogue. */
type PutWarningLike = { message: Msg };

/** What a whole-stock answer says in words, given in `lang` (D31): row errors, warnings, sold_skipped, the guard's reason. */
export function stockAnswerIn<
  T extends {
    errors?: readonly ItemError[];
    warnings?: readonly (ItemWarning | PutWarningLike)[];
    sold_skipped?: Msg;
    guard?: GuardVerdict;
    would_quality?: readonly PlannedQuality[];
  },
>(
  lang: Lang,
  r: T,
): Omit<T, 'errors' | 'warnings' | 'sold_skipped' | 'guard'> & {
  errors: T['errors'] extends readonly ItemError[] ? ItemErrorText[] : undefined;
  warnings: T['warnings'] extends readonly (infer W)[] ? (Omit<W, 'message'> & { message: string })[] : undefined;
  sold_skipped?: string;
  guard?: { allowed: boolean; reason?: string };
  would_quality?: { external_id: string; score: number; hints: (Omit<QualityHintFact, 'dark'> & { message: string })[] }[];
  would_quality_truncated?: boolean;
  would_quality_summary?: ReturnType<typeof qualitySummary>;
} {
  return {
    ...r,
    ...(r.errors ? { errors: r.errors.map((e) => itemErrorText(lang, e)) } : {}),
    ...(r.warnings ? { warnings: r.warnings.map((w) => ({ ...w, message: render(lang, w.message) })) } : {}),
    ...(r.sold_skipped !== undefined ? { sold_skipped: render(lang, r.sold_skipped) } : {}),
    ...(r.guard ? { guard: { allowed: r.guard.allowed, ...(r.guard.reason ? { reason: render(lang, r.guard.reason) } : {}) } } : {}),
    ...(r.would_quality
      ? {
          would_quality: r.would_quality.slice(0, DRY_RUN_QUALITY_MAX).map((q) => ({
            external_id: q.external_id,
            score: q.score,
            hints: q.hints.map(({ dark: _dark, ...h }) => ({ ...h, message: render(lang, hintMsg(h)) })),
          })),
          would_quality_truncated: r.would_quality.length > DRY_RUN_QUALITY_MAX,
          would_quality_summary: qualitySummary(r.would_quality),
        }
      : {}),
  } as unknown as ReturnType<typeof stockAnswerIn<T>>;
}

/** What a dry run adds to a result (D30). */
export interface DryRunLists {
  dry_run: true;
  would_create: string[];
  would_update: string[];
  would_mark_sold: string[];
  guard: GuardVerdict;
  /** D43: the score and hints each created or updated car would have, in the call's order (runs that write cars). */
  would_quality?: PlannedQuality[];
}

/** A car's listing quality as a dry run foresees it (photos not yet in count as sound until checked). */
export interface PlannedQuality {
  external_id: string;
  score: number;
  hints: QualityHintFact[];
}

export interface StockOutcome {
  created: number;
  updated: number;
  sold: number;
  sold_skipped?: Msg;
  /** Every failure, by index. */
  errors: ItemError[];
  warnings: ItemWarning[];
  /** Runs that mark missing cars: the source's cars for sale as the guard read them, and how many of them the run does not list. */
  forSale?: { total: number; missing: number };
  /** Plan mode: what the call would do. */
  plan?: DryRunLists;
}

/** Refusal of the sold guard; thrown inside a transaction so that nothing is applied. */
export class GuardRefusal extends Error {
  constructor(
    readonly wouldMark: number,
    readonly forSale: number,
    readonly market: string,
    readonly source: string,
  ) {
    const text = msg('mass_sold_refused', { would: wouldMark, for_sale: forSale, source, market, ...MASS_SOLD_RULE });
    super(render('en', text));
    this.text = text;
  }
  readonly text: Msg;
}

/** The sold_skipped text when a car failed (D11); `channel` says how to try again. */
const soldSkippedText = (failed: number, channel: StockRun['channel']): Msg => msg('sold_skipped', { failed, channel });

export function runStock(deps: VehicleDeps, run: StockRun): Promise<StockOutcome> {
  return run.mode === 'plan' ? planStock(deps, run) : applyStock(deps, run);
}

// ---------------------------------------------------------------------------------------------
// apply

async function applyStock(deps: VehicleDeps, run: StockRun): Promise<StockOutcome> {
  try {
    return run.source.kind === 'checked' ? await applyInChunks(deps, run, run.source) : await applyAtOnce(deps, run, run.source);
  } catch (err) {
    if (!(err instanceof GuardRefusal)) throw err;
    return run.refused ? run.refused(err) : refuseMassSold(deps, run.scope.dealer.id, err);
  }
}

/** The source's cars for sale and the missing ones among them (D12), from one read. */
const missingFromListing = (db: Kysely<DB>, scope: StockScope, listedIds: ReadonlySet<string>) =>
  forSaleMissing(db, scope.dealer.id, scope.market.code, scope.source, [...listedIds]);

type MissingRead = Awaited<ReturnType<typeof missingFromListing>>;

/** The guard's read; throws its refusal. */
async function checkGuard(db: Kysely<DB>, run: StockRun, listedIds: ReadonlySet<string>): Promise<MissingRead> {
  const read = await missingFromListing(db, run.scope, listedIds);
  if (guardRefuses(read.missing.length, read.forSale, run.allowMassSold)) {
    throw new GuardRefusal(read.missing.length, read.forSale, run.scope.market.code, run.scope.source);
  }
  return read;
}

/** A call (or a listing): one transaction under the inventory lock, the guard inside it. */
async function applyAtOnce(deps: VehicleDeps, run: StockRun, source: Exclude<StockSource, { kind: 'checked' }>): Promise<StockOutcome> {
  const { store } = deps;
  const { scope } = run;
  const { candidates, errors, listedIds } =
    source.kind === 'call' ? screenStock(scope, source.records, source.repeatOf) : { candidates: [], errors: [], listedIds: source.listedIds };
  return writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, scope.dealer.id);
    const guard = run.markMissing ? await checkGuard(trx, run, listedIds) : undefined;
    const cars = source.kind === 'call' ? await applyCall(trx, deps, scope, candidates, errors, run.channel) : { created: 0, updated: 0, warnings: [] };
    // A listing wrote nothing since the guard's read: that read is the marking's too.
    const read = source.kind === 'listing' ? guard : undefined;
    return closeRun(trx, deps, run, { ...cars, errors }, listedIds, { read, recheck: false, guard });
  });
}

/**
 * A call's cars, in its transaction after the guard: the cars sent again as stored are settled
 * in one statement (P60); for the others, one read of the existing cars serves validation and
 * writing (P55): under the lock, at most 500 cars, a few ms of validation inside the transaction.
 */
async function applyCall(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  scope: StockScope,
  candidates: StockCandidate[],
  errors: ItemError[],
  channel: StockRun['channel'],
): Promise<{ created: number; updated: number; warnings: ItemWarning[] }> {
  const { settled, rest, stored } = await settleUnchanged(trx, deps, scope, candidates);
  const existing = await findExistingCars(trx, scope.dealer.id, scope.market.code, stored);
  const items = await validateStock(deps, scope, rest, existing, errors);
  const outcome = await applyStockPart(trx, deps, scope, items, errors, channel, existing);
  // Duplicate VINs of the settled cars are read after every write of the call.
  const warnings = settled.length > 0 ? [...outcome.warnings, ...(await settledWarnings(trx, scope, settled))] : outcome.warnings;
  warnings.sort((a, b) => a.index - b.index);
  return { created: outcome.created, updated: outcome.updated + settled.length, warnings };
}

/** Checked cars (a feed file): the guard, then `chunk` cars per transaction, then the closing one. */
async function applyInChunks(deps: VehicleDeps, run: StockRun, source: Extract<StockSource, { kind: 'checked' }>): Promise<StockOutcome> {
  const { store } = deps;
  const { scope } = run;
  const { items, errors, listedIds } = source.stock;
  // The guard first: a refusal applies nothing at all.
  const guard = run.markMissing ? await checkGuard(store.db, run, listedIds) : undefined;
  let created = 0;
  let updated = 0;
  const warnings: ItemWarning[] = [];
  // Applied cars are dropped as the run goes: less live memory, so the heap grows less.
  while (items.length > 0) {
    const part = items.splice(0, source.chunk);
    const counts = await writeTransaction(store, async (trx) => {
      await lockDealerInventory(trx, store.dialect, scope.dealer.id);
      return applyStockPart(trx, deps, scope, part, errors, run.channel);
    });
    created += counts.created;
    updated += counts.updated;
    for (const w of counts.warnings) warnings.push(w);
    // SQLite answers synchronously: without a turn of the event loop here, the chunks would
    // run back to back on promise callbacks and no other request would be read meanwhile
    // (seconds for a large file).
    await new Promise((resolve) => setImmediate(resolve));
  }
  return writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, scope.dealer.id);
    return closeRun(trx, deps, run, { created, updated, errors, warnings }, listedIds, { recheck: true, guard });
  });
}

/**
 * The closing steps, in the run's last transaction: vehicle.rejected per failure, the missing
 * cars marked sold unless a car failed, the caller's record. `read`: the guard's read when
 * nothing was written since; `recheck`: the guard was read in another transaction, so another
 * writer may have changed the source's cars meanwhile — it is judged again on the read that marks.
 */
async function closeRun(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  run: StockRun,
  counts: Pick<StockOutcome, 'created' | 'updated' | 'errors' | 'warnings'>,
  listedIds: ReadonlySet<string>,
  o: { read?: MissingRead; recheck: boolean; guard?: MissingRead },
): Promise<StockOutcome> {
  const { scope } = run;
  const { errors } = counts;
  errors.sort((a, b) => a.index - b.index);
  await (run.rejected ? run.rejected(trx, errors) : recordRejections(trx, deps, scope, run.channel, errors));
  let sold = 0;
  let soldSkipped: Msg | undefined;
  if (run.markMissing) {
    if (errors.length > 0) soldSkipped = soldSkippedText(errors.length, run.channel);
    else {
      const { forSale, missing } = o.read ?? (await missingFromListing(trx, scope, listedIds));
      if (o.recheck && guardRefuses(missing.length, forSale, run.allowMassSold)) {
        soldSkipped = msg('mass_sold_recheck', { would: missing.length, for_sale: forSale, ...MASS_SOLD_RULE });
      } else sold = await markSold(trx, deps.clock, deps.publicBaseUrl, scope.dealer.id, missing, { channel: run.channel });
    }
  }
  const outcome: StockOutcome = {
    ...counts,
    sold,
    ...(soldSkipped !== undefined ? { sold_skipped: soldSkipped } : {}),
    ...(o.guard ? { forSale: { total: o.guard.forSale, missing: o.guard.missing.length } } : {}),
  };
  await run.close?.(trx, outcome);
  return outcome;
}

/**
 * Applies a part of the stock inside the caller's transaction (after the dealership's inventory
 * lock). A car created by another writer since validation still needs its photos: such items
 * are added to `errors` instead. `existingCars`: the cars read already in this transaction,
 * else read here. Returns how many were created and updated.
 */
async function applyStockPart(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  scope: StockScope,
  items: StockItem[],
  errors: ItemError[],
  /** Who writes, for the cars' activity (P211). */
  channel: StockRun['channel'],
  existingCars?: Map<string, ExistingCar>,
): Promise<{ created: number; updated: number; warnings: ItemWarning[] }> {
  const { dealer, market, source } = scope;
  const existing =
    existingCars ??
    (await findExistingCars(
      trx,
      dealer.id,
      market.code,
      items.map((i) => i.externalId),
    ));
  const ready = items.filter((i) => {
    if (i.data.photos || existing.has(i.externalId)) return true;
    errors.push({ index: i.index, external_id: i.externalId, rules: [photosRequired(market)] });
    return false;
  });
  const outcome = await applyVehicles(
    trx,
    deps.clock,
    { dealerId: dealer.id, market: market.code, source, now: deps.clock.now(), by: { channel } },
    ready,
    existing,
  );
  const warnings = outcome.warnings.map(({ position, external_id, code, message }) => ({ index: ready[position]!.index, external_id, code, message }));
  return { created: outcome.created, updated: outcome.updated, warnings };
}

/** Duplicate-VIN warnings (P27) for cars settled without applying (settleUnchanged), read after every write of the call. */
async function settledWarnings(trx: Kysely<DB>, scope: StockScope, settled: StockItem[]): Promise<ItemWarning[]> {
  const found = await duplicateVins(trx, { dealerId: scope.dealer.id, market: scope.market.code }, settled);
  return found.map(({ position, external_id, code, message }) => ({ index: settled[position]!.index, external_id, code, message }));
}

/** vehicle.rejected (D21) for each failed car, in the caller's transaction. */
export function recordRejections(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  scope: StockScope,
  channel: VehicleRejectedData['channel'],
  errors: ItemError[],
): Promise<string[]> {
  const events: NewEvent[] = errors.map((e) => ({
    type: 'vehicle.rejected',
    data: { external_id: e.external_id, market: scope.market.code, source: scope.source, channel, errors: e.rules.map((r) => render('en', r)) },
  }));
  return recordEvents(trx, deps.clock, scope.dealer.id, events);
}

/** Records sync.failed for a guard refusal on its own, then answers 409 too_many_missing. */
async function refuseMassSold(deps: VehicleDeps, dealerId: number, r: GuardRefusal): Promise<never> {
  await writeTransaction(deps.store, (trx) =>
    recordEvents(trx, deps.clock, dealerId, [
      { type: 'sync.failed', data: { market: r.market, source: r.source, reason: 'too_many_missing', message: r.message } },
    ]),
  );
  throw new ApiError('too_many_missing', r.text);
}

// ---------------------------------------------------------------------------------------------
// plan (D30, P28): the same checks, then the plan read from the store; nothing here writes.

async function planStock(deps: VehicleDeps, run: StockRun): Promise<StockOutcome> {
  const db = deps.store.db;
  const { scope, source } = run;
  // A call is checked as feeds are (prepareStock, outside any transaction); a feed file was
  // checked as it was read.
  const { items, errors, listedIds }: { items: StockItem[]; errors: ItemError[]; listedIds: ReadonlySet<string> } =
    source.kind === 'call'
      ? await prepareStock(deps, scope, source.records, source.repeatOf)
      : source.kind === 'checked'
        ? source.stock
        : { items: [], errors: [], listedIds: source.listedIds };
  const sold = run.markMissing ? await plannedSold(db, run, listedIds) : undefined;
  const plan = await planStockPart(db, scope, items, errors);
  errors.sort((a, b) => a.index - b.index);
  const wouldSell = sold && errors.length === 0 ? sold.missing : [];
  const outcome: StockOutcome = {
    created: plan.create.length,
    updated: plan.update.length,
    sold: wouldSell.length,
    ...(sold && errors.length > 0 ? { sold_skipped: soldSkippedText(errors.length, run.channel) } : {}),
    errors,
    warnings: plan.warnings,
    ...(sold ? { forSale: { total: sold.forSale, missing: sold.missing.length } } : {}),
    plan: {
      dry_run: true,
      would_create: plan.create,
      would_update: plan.update,
      would_mark_sold: wouldSell,
      guard: sold?.guard ?? { allowed: true },
      ...(source.kind === 'listing' ? {} : { would_quality: plan.quality }),
    },
  };
  await run.close?.(db, outcome);
  return outcome;
}

/**
 * What applyStockPart would do with these items: the same existing-car lookup, the same
 * "a new car needs photos" error (added to `errors`) and the duplicate-VIN warnings (P62).
 */
async function planStockPart(
  db: Kysely<DB>,
  scope: StockScope,
  items: StockItem[],
  errors: ItemError[],
): Promise<{ create: string[]; update: string[]; warnings: ItemWarning[]; quality: PlannedQuality[] }> {
  // Whether each car exists, and (D43) its photo list and checks: the score it would have.
  const existing = await storedPhotoChecks(
    db,
    scope.dealer.id,
    scope.market.code,
    items.map((i) => i.externalId),
    new Set(items.filter((i) => i.hash !== undefined).map((i) => i.externalId)),
  );
  const create: string[] = [];
  const update: string[] = [];
  const applied: StockItem[] = [];
  const quality: PlannedQuality[] = [];
  for (const i of items) {
    const stored = existing.get(i.externalId);
    if (stored) update.push(i.externalId);
    else if (i.data.photos) create.push(i.externalId);
    else {
      errors.push({ index: i.index, external_id: i.externalId, rules: [photosRequired(scope.market)] });
      continue;
    }
    applied.push(i);
    // As apply.ts: a changed photo list is judged anew; an unchanged one keeps its checks
    // (photo_urls null: known unchanged, not read).
    const photoChecks =
      stored && (!i.data.photos || stored.photo_urls === null || JSON.stringify(i.data.photos) === stored.photo_urls)
        ? stored.photo_checks
        : pendingPhotoChecks(i.data.photos?.length ?? 0);
    const d = i.data;
    quality.push(
      plannedQuality(i.externalId, {
        fuel: d.fuel ?? null,
        transmission: d.transmission ?? null,
        version: d.version ?? null,
        color: d.color ?? null,
        description: d.description ?? null,
        photo_checks: photoChecks,
      }),
    );
  }
  const found = await plannedDuplicateVins(db, { dealerId: scope.dealer.id, market: scope.market.code }, applied);
  const warnings = found.map(({ position, external_id, code, message }) => ({ index: applied[position]!.index, external_id, code, message }));
  return { create, update, warnings, quality };
}

/**
 * A car's planned quality (P264): the score now, the hints when first read. A whole file's dry
 * run scores every car for its summary but answers the hints of 1,000 at most, and the panel's
 * check shows its lowest-scoring cars': working out every car's hints was a tenth of the run.
 */
function plannedQuality(external_id: string, car: QualityInput): PlannedQuality {
  let hints: QualityHintFact[] | undefined;
  return {
    external_id,
    score: qualityScore(car),
    get hints() {
      return (hints ??= qualityOf(car).hints);
    },
  };
}

/**
 * The stock IDs the run would mark sold, in order, and the guard's verdict on marking them,
 * from one read of the source's cars for sale. A refusal is a verdict, not an error (P28).
 */
async function plannedSold(
  db: Kysely<DB>,
  run: StockRun,
  listedIds: ReadonlySet<string>,
): Promise<{ forSale: number; missing: string[]; guard: GuardVerdict }> {
  const { forSale, missing: rows } = await missingFromListing(db, run.scope, listedIds);
  const missing = rows.map((v) => v.external_id).sort();
  const refused = guardRefuses(missing.length, forSale, run.allowMassSold);
  const reason = refused ? new GuardRefusal(missing.length, forSale, run.scope.market.code, run.scope.source).text : undefined;
  return { forSale, missing, guard: reason !== undefined ? { allowed: false, reason } : { allowed: true } };
}
