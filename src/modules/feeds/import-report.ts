// An import's report (feed_imports): written as `running` when the import starts, kept alive by
// a heartbeat while it runs, and completed when it ends — processed (in the import's closing
// transaction, P74), or failed (unreadable, refused, unreachable) with sync.failed beside it. An
// import whose process died is found afterwards by its stale heartbeat and reported
// `interrupted` (interrupted.ts).
import type { Kysely } from 'kysely';
import { writeTransaction } from '../../core/db/transaction.js';
import { msg, render, storeText, type Msg } from '../../core/i18n/index.js';
import type { DB, FeedImportResult, FeedImportsTable, FeedRow, FeedTrigger, NewFeedImport } from '../../core/db/schema.js';
import type { Metrics } from '../../core/metrics/metrics.js';
import type { SyncFailedData } from '../events/events.js';
import { recordEvents } from '../events/record.js';
import type { VehicleDeps } from '../vehicles/service.js';
import type { ItemError, ItemWarning } from '../vehicles/stock.js';
import type { ColumnMatch } from './parse/index.js';
import { finishFeedImport, insertFeedImport, interruptFeedImport, touchFeedImport } from './repository.js';

/** Per-row errors given in full in an import's answer and report (error_count has them all). */
export const REPORT_MAX_ERRORS = 1000;
/** Stock IDs of the cars written kept in a report (P246): the panel shows their listing quality. */
export const REPORT_MAX_CARS = 1000;
/** A running import's sign of life, and how old it may get before the import counts as abandoned. */
export const IMPORT_LIVENESS = { heartbeatMs: 5_000, staleMs: 30_000 };

/** What an import reports: the feed_imports columns it decides, plus its errors and columns. */
type Report = Pick<FeedImportsTable, 'result' | 'format' | 'rows' | 'created' | 'updated' | 'sold'> &
  Partial<Pick<FeedImportsTable, 'sold_skipped' | 'message'>> & {
    errors: ItemError[];
    columns: ColumnMatch[];
    /** P27: left out by imports that applied nothing (the columns' defaults: none). */
    warnings?: ItemWarning[];
    /** P246: the stock IDs of the cars written, in the file's order; left out by imports that applied nothing. */
    cars?: string[];
  };

/** Which import a report is of. */
interface ImportRun {
  feed: FeedRow;
  trigger: FeedTrigger;
  startedAt: number;
}

function reportRow({ feed, trigger, startedAt }: ImportRun, finishedAt: number, r: Report): Omit<NewFeedImport, 'id'> {
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
    ...(r.cars ? { cars: JSON.stringify(r.cars.slice(0, REPORT_MAX_CARS)) } : {}),
  };
}

/** The `running` row of an import that starts now. */
export function startImport(db: Kysely<DB>, feed: FeedRow, trigger: FeedTrigger, startedAt: number): Promise<number> {
  return insertFeedImport(db, {
    ...reportRow({ feed, trigger, startedAt }, startedAt, {
      result: 'running',
      format: null,
      rows: 0,
      created: 0,
      updated: 0,
      sold: 0,
      errors: [],
      columns: [],
    }),
    heartbeat_at: startedAt,
  });
}

/** Keeps a running import's heartbeat fresh until stopped. */
export function heartbeat(deps: Pick<VehicleDeps, 'store' | 'clock'>, importId: number): { stop(): void } {
  const timer = setInterval(() => {
    touchFeedImport(deps.store.db, importId, deps.clock.now()).catch(() => {});
  }, IMPORT_LIVENESS.heartbeatMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** A processed import's report, written over its `running` row in the import's closing transaction. */
export function finishImport(
  trx: Kysely<DB>,
  deps: Pick<VehicleDeps, 'clock'>,
  run: ImportRun & { importId: number },
  r: Omit<Report, 'result'>,
): Promise<void> {
  return finishFeedImport(trx, run.importId, reportRow(run, deps.clock.now(), { result: 'processed', ...r }));
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
    message: Msg | string;
    format?: string | null;
    rows?: number;
    columns?: ColumnMatch[];
  },
  importId?: number,
): Promise<number> {
  const id = await writeTransaction(deps.store, async (trx) => {
    await recordEvents(trx, deps.clock, feed.dealer_id, [
      {
        type: 'sync.failed',
        data: {
          market: feed.market,
          source: feed.source,
          reason: failure.reason,
          message: typeof failure.message === 'string' ? failure.message : render('en', failure.message),
        },
      },
    ]);
    const row = reportRow({ feed, trigger, startedAt }, deps.clock.now(), {
      result: failure.result,
      format: failure.format ?? null,
      rows: failure.rows ?? 0,
      created: 0,
      updated: 0,
      sold: 0,
      message: storeText(failure.message),
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

/**
 * Records an import as interrupted, with sync.failed, in one transaction; nothing when it is no
 * longer running (it ended meanwhile). Here and at the next start (interrupted.ts).
 */
export async function recordInterruptedImport(
  deps: Pick<VehicleDeps, 'store' | 'clock'> & { metrics: Metrics },
  imp: { id: number; dealer_id: number; started_at: number; trigger: FeedTrigger },
  feed: Pick<FeedRow, 'market' | 'source'>,
  why: Msg,
): Promise<boolean> {
  const text = msg('import_interrupted', { started: new Date(imp.started_at).toISOString(), why });
  const interrupted = await writeTransaction(deps.store, async (trx) => {
    if (!(await interruptFeedImport(trx, imp.id, storeText(text), deps.clock.now()))) return false;
    await recordEvents(trx, deps.clock, imp.dealer_id, [
      { type: 'sync.failed', data: { market: feed.market, source: feed.source, reason: 'import_interrupted', message: render('en', text) } },
    ]);
    return true;
  });
  if (interrupted) deps.metrics.feedImport('interrupted', imp.trigger);
  return interrupted;
}
