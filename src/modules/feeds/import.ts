// A feed import (D15), from a push or a pull: the file is the whole inventory of the feed's
// source. Rows are screened and validated exactly as in sync (vehicles/stock.ts), batch by
// batch while the parser reads the file (streamed-stock.ts, P51), the sold guard is checked FIRST (it depends only on the stock IDs, so a refusal applies nothing),
// rows are applied in chunks of IMPORT_CHUNK cars per transaction while the dealership's import lock
// is held across the chunks, then the source's missing cars are marked sold unless a row
// failed. Every import leaves a report (feed_imports): written as `running` when the import
// starts (with a heartbeat while it runs) and completed when it ends, so an import whose
// process died is found afterwards and reported `interrupted` (interrupted.ts).
//
// The work per file is bounded: at most MAX_ROWS cars (parse/map.ts; beyond, the file
// is refused whole), the first REPORT_MAX_ERRORS per-row errors in full in the answer and the
// report (error_count has them all), and at most REJECTED_EVENTS_PER_IMPORT vehicle.rejected
// events, plus one that stands for the rest.
import { lockDealerInventory } from '../../core/db/locks.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { Kysely } from 'kysely';
import type { DB, DealerRow, FeedImportResult, FeedImportsTable, FeedRow, FeedTrigger, NewFeedImport } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import type { Metrics } from '../../core/metrics/metrics.js';
import { toDealer } from '../dealers/service.js';
import type { SyncFailedData } from '../events/events.js';
import { recordEvents } from '../webhooks/fanout.js';
import { findMarket } from '../markets/markets.js';
import type { VehicleDeps } from '../vehicles/service.js';
import { guardRefuses, markSold, MASS_SOLD_RULE } from '../vehicles/sold.js';
import {
  applyStockPart,
  guardRefusal,
  missingFromListing,
  recordRejections,
  soldSkippedText,
  type ItemError,
  type ItemWarning,
  type PreparedStock,
  type StockScope,
} from '../vehicles/stock.js';
import type { ImportLock } from './import-lock.js';
import { parseFeedRows, UnreadableFeedError, type ColumnMatch, type FeedFormat, type ParsedFeed } from './parse/index.js';
import { columnMapOf, storedColumns } from './mapping.js';
import { finishFeedImport, insertFeedImport, interruptFeedImport, touchFeedImport } from './repository.js';
import { StreamedStock } from './streamed-stock.js';

/** Cars applied per transaction: other writers get turns between chunks, and each chunk's short-lived objects die young (a 30 000-car file peaked ~60 MB lower than with 500). */
export const IMPORT_CHUNK = 200;
/** Per-row errors given in full in an import's answer and report (error_count has them all). */
export const REPORT_MAX_ERRORS = 1000;
/** vehicle.rejected events of one import, one per failed row; beyond, one event stands for the rest. */
export const REJECTED_EVENTS_PER_IMPORT = 100;
/** A running import's sign of life, and how old it may get before the import counts as abandoned. */
export const IMPORT_LIVENESS = { heartbeatMs: 5_000, staleMs: 30_000 };

export interface FeedDeps extends VehicleDeps {
  importLock: ImportLock;
  metrics: Metrics;
}

export interface FeedImportOutcome {
  result: 'processed';
  format: FeedFormat;
  rows: number;
  created: number;
  updated: number;
  sold: number;
  sold_skipped?: string;
  /** The first REPORT_MAX_ERRORS per-row errors. */
  errors: ItemError[];
  /** Every per-row error of the file. */
  error_count: number;
  /** true when `errors` holds only the first REPORT_MAX_ERRORS of them. */
  errors_truncated: boolean;
  /** Issue 15: rows applied but worth a look (duplicate VINs), the first REPORT_MAX_ERRORS of them. */
  warnings: ItemWarning[];
  /** Every per-row warning of the file. */
  warning_count: number;
  /** The report's id (not part of the D15 answer; the route leaves it out). */
  importId: number;
}

export interface FeedFile {
  body: Buffer;
  contentType?: string;
  filename?: string;
}

export interface ImportOptions {
  trigger: FeedTrigger;
  /** Push only (?allow_mass_sold=true): lets the sold guard through, as in sync. */
  allowMassSold?: boolean;
}

/** What an import reports: the feed_imports columns it decides, plus its errors and columns. */
type Report = Pick<FeedImportsTable, 'result' | 'format' | 'rows' | 'created' | 'updated' | 'sold'> &
  Partial<Pick<FeedImportsTable, 'sold_skipped' | 'message'>> & {
    errors: ItemError[];
    columns: ColumnMatch[];
    /** Issue 15: left out by imports that applied nothing (the columns' defaults: none). */
    warnings?: ItemWarning[];
  };

function reportRow(feed: FeedRow, trigger: FeedTrigger, startedAt: number, finishedAt: number, r: Report): Omit<NewFeedImport, 'id'> {
  return {
    feed_id: feed.id,
    dealer_id: feed.dealer_id,
    trigger,
    result: r.result,
    format: r.format,
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    sold: r.sold,
    sold_skipped: r.sold_skipped ?? null,
    message: r.message ?? null,
    error_count: r.errors.length,
    errors: JSON.stringify(r.errors.slice(0, REPORT_MAX_ERRORS)),
    columns: JSON.stringify(r.columns),
    started_at: startedAt,
    finished_at: finishedAt,
    ...(r.warnings ? { warning_count: r.warnings.length, warnings: JSON.stringify(r.warnings.slice(0, REPORT_MAX_ERRORS)) } : {}),
  };
}

/**
 * An import that ended without applying anything (unreadable, refused, unreachable): its report
 * and sync.failed commit together. The report is written over the import's `running` row
 * (`importId`), or is a new row (a pull that could not fetch the file: no import started).
 */
export async function recordFailedImport(
  deps: VehicleDeps & { metrics: Metrics },
  feed: FeedRow,
  trigger: FeedTrigger,
  startedAt: number,
  failure: {
    result: Exclude<FeedImportResult, 'processed' | 'running' | 'interrupted'>;
    reason: SyncFailedData['reason'];
    message: string;
    format?: string | null;
    rows?: number;
    columns?: ColumnMatch[];
  },
  importId?: number,
): Promise<number> {
  const id = await writeTransaction(deps.store, async (trx) => {
    await recordEvents(trx, deps.clock, feed.dealer_id, [
      { type: 'sync.failed', data: { market: feed.market, source: feed.source, reason: failure.reason, message: failure.message } },
    ]);
    const row = reportRow(feed, trigger, startedAt, deps.clock.now(), {
      result: failure.result,
      format: failure.format ?? null,
      rows: failure.rows ?? 0,
      created: 0,
      updated: 0,
      sold: 0,
      message: failure.message,
      errors: [],
      columns: failure.columns ?? [],
    });
    if (importId === undefined) return insertFeedImport(trx, row);
    await finishFeedImport(trx, importId, row);
    return importId;
  });
  deps.metrics.feedImport(failure.result, trigger);
  return id;
}

/** The `running` row of an import that starts now. */
function startImport(db: Kysely<DB>, feed: FeedRow, trigger: FeedTrigger, startedAt: number): Promise<number> {
  return insertFeedImport(db, {
    ...reportRow(feed, trigger, startedAt, startedAt, { result: 'running', format: null, rows: 0, created: 0, updated: 0, sold: 0, errors: [], columns: [] }),
    heartbeat_at: startedAt,
  });
}

/**
 * Records an import as interrupted, with sync.failed, in one transaction; nothing when it is no
 * longer running (it ended meanwhile). Here and at the next start (interrupted.ts).
 */
export async function recordInterruptedImport(
  deps: Pick<VehicleDeps, 'store' | 'clock'> & { metrics: Metrics },
  imp: { id: number; dealer_id: number; started_at: number; trigger: FeedTrigger },
  feed: Pick<FeedRow, 'market' | 'source'>,
  why: string,
): Promise<boolean> {
  const message =
    `The import of the feed file started at ${new Date(imp.started_at).toISOString()} was interrupted: ${why} ` +
    'Cars of the file may have been applied in part; no car was marked sold. Send the file again.';
  const interrupted = await writeTransaction(deps.store, async (trx) => {
    if (!(await interruptFeedImport(trx, imp.id, message, deps.clock.now()))) return false;
    await recordEvents(trx, deps.clock, imp.dealer_id, [
      { type: 'sync.failed', data: { market: feed.market, source: feed.source, reason: 'import_interrupted', message } },
    ]);
    return true;
  });
  if (interrupted) deps.metrics.feedImport('interrupted', imp.trigger);
  return interrupted;
}

/** Keeps a running import's heartbeat fresh until stopped. */
function heartbeat(deps: VehicleDeps, importId: number): { stop(): void } {
  const timer = setInterval(() => {
    touchFeedImport(deps.store.db, importId, deps.clock.now()).catch(() => {});
  }, IMPORT_LIVENESS.heartbeatMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Parses then imports a file (push or pull). Throws ApiError 422/409 after recording the failure. */
export async function importFeedFile(deps: FeedDeps, feed: FeedRow, dealer: DealerRow, file: FeedFile, opts: ImportOptions): Promise<FeedImportOutcome> {
  const startedAt = deps.clock.now();
  const importId = await startImport(deps.store.db, feed, opts.trigger, startedAt);
  const beat = heartbeat(deps, importId);
  try {
    const scope = stockScope(feed, dealer);
    // Rows are validated as the parser sends them (P51): only validated cars are kept.
    const stock = new StreamedStock(deps, scope);
    let parsed: ParsedFeed;
    try {
      parsed = await parseFeedRows({ ...file, market: feed.market, columnMap: columnMapOf(feed) }, stock.add); // units and currencies read for the feed's market
    } catch (err) {
      stock.abandon();
      if (!(err instanceof UnreadableFeedError)) throw err;
      const message = `The feed file could not be read: ${err.message}`;
      await recordFailedImport(deps, feed, opts.trigger, startedAt, { result: 'unreadable', reason: 'unreadable_feed', message }, importId);
      throw new ApiError('unreadable_feed', message);
    }
    const prepared = await stock.done();
    return await importParsedFeed(deps, feed, scope, parsed, { prepared, rows: stock.rows + parsed.rowErrors.length }, opts, startedAt, importId);
  } catch (err) {
    // Answered errors (422, 409) have their report already. Anything else (the store failed
    // mid-import…) leaves an interrupted one; if even that cannot be written, the heartbeat
    // stops and the next sweep (interrupted.ts) writes it.
    if (!(err instanceof ApiError)) {
      await recordInterruptedImport(
        deps,
        { id: importId, dealer_id: feed.dealer_id, started_at: startedAt, trigger: opts.trigger },
        feed,
        'it stopped on an internal error before it finished.',
      ).catch(() => {});
    }
    throw err;
  } finally {
    beat.stop();
  }
}

function stockScope(feed: FeedRow, dealerRow: DealerRow): StockScope {
  const market = findMarket(feed.market);
  if (!market) throw new Error(`feed ${feed.id} names unknown market ${feed.market}`);
  return { dealer: toDealer(dealerRow), market, source: feed.source };
}

/**
 * Imports a parsed and validated file (`rows`: every row of it, failed ones included); one import
 * per dealership at a time (the second waits).
 */
async function importParsedFeed(
  deps: FeedDeps,
  feed: FeedRow,
  scope: StockScope,
  parsed: ParsedFeed,
  { prepared, rows }: { prepared: PreparedStock; rows: number },
  opts: ImportOptions,
  startedAt: number,
  importId: number,
): Promise<FeedImportOutcome> {
  // The report keeps the overridden columns the file lacked too (mapping.ts: `missing`).
  const base = { format: parsed.format, rows, columns: storedColumns(parsed.columns, columnMapOf(feed)) };

  return deps.importLock.run(feed.dealer_id, async () => {
    // A file without a single car is never read as "everything sold" (D11, D15): refused like
    // an empty reconcile list, nothing changed.
    if (rows === 0) {
      const message = 'The feed file lists no cars; an empty file is never read as "every car sold". Nothing was changed.';
      await recordFailedImport(deps, feed, opts.trigger, startedAt, { result: 'refused', reason: 'too_many_missing', message, ...base }, importId);
      throw new ApiError('empty_list', message);
    }
    const errors: ItemError[] = [...prepared.errors, ...parsed.rowErrors];
    // A row that could not be read still names a car of the file: the guard counts it as listed.
    for (const e of parsed.rowErrors) if (e.external_id) prepared.listedIds.add(e.external_id);

    // The guard first: a refusal applies nothing at all.
    const refusal = await guardRefusal(deps.store.db, scope, prepared.listedIds, opts.allowMassSold === true);
    if (refusal) {
      await recordFailedImport(
        deps,
        feed,
        opts.trigger,
        startedAt,
        { result: 'refused', reason: 'too_many_missing', message: refusal.message, ...base },
        importId,
      );
      throw new ApiError('too_many_missing', refusal.message);
    }

    let created = 0;
    let updated = 0;
    const warnings: ItemWarning[] = [];
    // Applied cars are dropped as the import goes: less live memory, so the heap grows less.
    while (prepared.items.length > 0) {
      const part = prepared.items.splice(0, IMPORT_CHUNK);
      const counts = await writeTransaction(deps.store, async (trx) => {
        await lockDealerInventory(trx, deps.store.dialect, feed.dealer_id);
        return applyStockPart(trx, deps, scope, part, errors);
      });
      created += counts.created;
      updated += counts.updated;
      for (const w of counts.warnings) warnings.push(w);
      // SQLite answers synchronously: without a turn of the event loop here, the chunks would
      // run back to back on promise callbacks and no other request would be read meanwhile
      // (seconds for a large file).
      await new Promise((resolve) => setImmediate(resolve));
    }
    errors.sort((a, b) => a.index - b.index);

    // Rejections, the missing cars and the report commit together.
    const outcome = await writeTransaction(deps.store, async (trx) => {
      await lockDealerInventory(trx, deps.store.dialect, feed.dealer_id);
      await recordRejections(trx, deps, scope, 'feed', errors.slice(0, REJECTED_EVENTS_PER_IMPORT));
      const more = errors.length - REJECTED_EVENTS_PER_IMPORT;
      if (more > 0) {
        await recordEvents(trx, deps.clock, feed.dealer_id, [
          {
            type: 'vehicle.rejected',
            data: {
              external_id: '',
              market: feed.market,
              source: feed.source,
              channel: 'feed',
              errors: [
                `${more} more vehicle(s) of this feed file were rejected (${errors.length} in all; the first ${REJECTED_EVENTS_PER_IMPORT} have an event each). ` +
                  `The import's report lists the first ${REPORT_MAX_ERRORS} errors: GET /v1/feeds/${feed.id}/imports/${importId}.`,
              ],
              more_rejected: more,
              feed_id: feed.id,
              import_id: importId,
            },
          },
        ]);
      }
      let sold = 0;
      let soldSkipped: string | undefined;
      if (errors.length > 0) {
        soldSkipped = soldSkippedText(errors.length, 'send the file again');
      } else {
        // Another writer may have changed the source's cars while the chunks were applied: the
        // guard again, on the same read of the missing cars that marking them uses (one
        // statement fewer than guardRefusal then markMissingSold, under the same lock).
        const { forSale, missing } = await missingFromListing(trx, scope, prepared.listedIds);
        if (guardRefuses(missing.length, forSale, opts.allowMassSold === true)) {
          soldSkipped =
            `No car was marked sold: while the file was applied the source's cars changed, and marking ${missing.length} of ` +
            `${forSale} would break the mass-sold guard (${MASS_SOLD_RULE}).`;
        } else sold = await markSold(trx, deps.clock, deps.publicBaseUrl, scope.dealer.id, missing);
      }
      await finishFeedImport(
        trx,
        importId,
        reportRow(feed, opts.trigger, startedAt, deps.clock.now(), {
          result: 'processed',
          ...base,
          created,
          updated,
          sold,
          sold_skipped: soldSkipped ?? null,
          errors,
          warnings,
        }),
      );
      return { sold, soldSkipped };
    });
    deps.metrics.feedImport('processed', opts.trigger);
    return {
      result: 'processed' as const,
      format: parsed.format,
      rows,
      created,
      updated,
      sold: outcome.sold,
      ...(outcome.soldSkipped !== undefined ? { sold_skipped: outcome.soldSkipped } : {}),
      errors: errors.length > REPORT_MAX_ERRORS ? errors.slice(0, REPORT_MAX_ERRORS) : errors,
      error_count: errors.length,
      errors_truncated: errors.length > REPORT_MAX_ERRORS,
      warnings: warnings.length > REPORT_MAX_ERRORS ? warnings.slice(0, REPORT_MAX_ERRORS) : warnings,
      warning_count: warnings.length,
      importId,
    };
  });
}
