// A feed import (D15), from a push or a pull, and its dry run (D30: a push with ?dry_run=true,
// the panel's "check a file", `cli feeds check`): the file is the whole inventory of the feed's
// source. The file is read and its rows checked exactly as in sync, batch by batch while the
// parser reads it (streamed-stock.ts, P51); then it is one stock run (vehicles/stock-runner.ts,
// P74) of that source: the sold guard FIRST (it depends only on the stock IDs, so a refusal
// applies nothing), the rows applied in chunks of IMPORT_CHUNK cars per transaction while the
// dealership's import lock is held across the chunks, then the source's missing cars marked
// sold unless a row failed — or, in plan mode, the same checks and the plan read instead, with
// no lock, no report row and no event. Every import leaves a report (import-report.ts).
//
// The work per file is bounded: at most MAX_ROWS cars (parse/map.ts; beyond, the file
// is refused whole), the first REPORT_MAX_ERRORS per-row errors in full in the answer and the
// report (error_count has them all), and at most REJECTED_EVENTS_PER_IMPORT vehicle.rejected
// events, plus one that stands for the rest.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB, DealerRow, FeedRow, FeedTrigger } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, storeText, type Msg } from '../../core/i18n/index.js';
import type { Metrics } from '../../core/metrics/metrics.js';
import { findDealerBySlug } from '../dealers/repository.js';
import { recordEvents } from '../events/record.js';
import type { VehicleDeps } from '../vehicles/service.js';
import type { ItemError, ItemWarning } from '../vehicles/stock.js';
import { recordRejections, runStock, type DryRunLists, type StockMode, type StockOutcome } from '../vehicles/stock-runner.js';
import type { ImportLock } from './import-lock.js';
import { finishImport, heartbeat, recordFailedImport, recordInterruptedImport, REPORT_MAX_CARS, REPORT_MAX_ERRORS, startImport } from './import-report.js';
import { FEED_MAX_BYTES } from './limits.js';
import { mappingReport, type MappingReport } from './mapping.js';
import type { FeedFormat } from './parse/index.js';
import { findDealerFeed } from './repository.js';
import { EMPTY_FEED, readFeedStock, type FeedFile, type FeedStock } from './streamed-stock.js';

export { IMPORT_LIVENESS, REPORT_MAX_ERRORS } from './import-report.js';

/** Cars applied per transaction: other writers get turns between chunks, and each chunk's short-lived objects die young (a 30 000-car file peaked ~60 MB lower than with 500). */
export const IMPORT_CHUNK = 200;
/** vehicle.rejected events of one import, one per failed row; beyond, one event stands for the rest. */
export const REJECTED_EVENTS_PER_IMPORT = 100;

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
  sold_skipped?: Msg;
  /** The first REPORT_MAX_ERRORS per-row errors. */
  errors: ItemError[];
  /** Every per-row error of the file. */
  error_count: number;
  /** true when `errors` holds only the first REPORT_MAX_ERRORS of them. */
  errors_truncated: boolean;
  /** P27: rows applied but worth a look (duplicate VINs), the first REPORT_MAX_ERRORS of them. */
  warnings: ItemWarning[];
  /** Every per-row warning of the file. */
  warning_count: number;
  /** The report's id (not part of the D15 answer; the route leaves it out). */
  importId: number;
}

/** A dry run's answer (D30): no report, so no id; the plan and the column mapping (P29) instead. */
export type FeedDryRun = Omit<FeedImportOutcome, 'importId'> & DryRunLists & { mapping: MappingReport };

export interface ImportOptions {
  /** `plan`: a dry run (D30); the default applies the file. */
  mode?: StockMode;
  /** What started a real import (a dry run records none). */
  trigger?: FeedTrigger;
  /** Push only (?allow_mass_sold=true): lets the sold guard through, as in sync. */
  allowMassSold?: boolean;
}

/** Parses then imports a file (push or pull). Throws ApiError 422/409 after recording the failure. */
export function importFeedFile(
  deps: FeedDeps,
  feed: FeedRow,
  dealer: DealerRow,
  file: FeedFile,
  opts: ImportOptions & { trigger: FeedTrigger },
): Promise<FeedImportOutcome>;
/** The same file checked and planned, nothing written (D30, P28): the same 409/413/422 answers, but a guard that would refuse is a verdict. */
export function importFeedFile(
  deps: VehicleDeps,
  feed: FeedRow,
  dealer: DealerRow,
  file: FeedFile,
  opts: ImportOptions & { mode: 'plan' },
): Promise<FeedDryRun>;
export function importFeedFile(
  deps: VehicleDeps | FeedDeps,
  feed: FeedRow,
  dealer: DealerRow,
  file: FeedFile,
  opts: ImportOptions,
): Promise<FeedImportOutcome | FeedDryRun> {
  return opts.mode === 'plan' ? planFeedFile(deps, feed, dealer, file, opts) : applyFeedFile(deps as FeedDeps, feed, dealer, file, opts.trigger!, opts);
}

async function applyFeedFile(
  deps: FeedDeps,
  feed: FeedRow,
  dealer: DealerRow,
  file: FeedFile,
  trigger: FeedTrigger,
  opts: ImportOptions,
): Promise<FeedImportOutcome> {
  const startedAt = deps.clock.now();
  const importId = await startImport(deps.store.db, feed, trigger, startedAt);
  const beat = heartbeat(deps, importId);
  try {
    let read: FeedStock;
    try {
      read = await readFeedStock(deps, feed, dealer, file);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'unreadable_feed')) throw err;
      await recordFailedImport(deps, feed, trigger, startedAt, { result: 'unreadable', reason: 'unreadable_feed', message: err.text }, importId);
      throw err;
    }
    return await importParsedFeed(deps, { feed, read, trigger, allowMassSold: opts.allowMassSold === true, startedAt, importId });
  } catch (err) {
    // Answered errors (422, 409) have their report already. Anything else (the store failed
    // mid-import…) leaves an interrupted one; if even that cannot be written, the heartbeat
    // stops and the next sweep (interrupted.ts) writes it.
    if (!(err instanceof ApiError)) {
      await recordInterruptedImport(deps, { id: importId, dealer_id: feed.dealer_id, started_at: startedAt, trigger }, feed, msg('interrupted_internal')).catch(
        () => {},
      );
    }
    throw err;
  } finally {
    beat.stop();
  }
}

/**
 * Imports a read and checked file (`read.rows`: every row of it, failed ones included); one
 * import per dealership at a time (the second waits).
 */
async function importParsedFeed(
  deps: FeedDeps,
  o: { feed: FeedRow; read: FeedStock; trigger: FeedTrigger; allowMassSold: boolean; startedAt: number; importId: number },
): Promise<FeedImportOutcome> {
  const { feed, read, trigger, startedAt, importId } = o;
  const base = { format: read.format, rows: read.rows, columns: read.columns };
  // A refusal (an empty file, the guard) applies nothing; its report and sync.failed commit together.
  const refuse = (message: Msg | string) =>
    recordFailedImport(deps, feed, trigger, startedAt, { result: 'refused', reason: 'too_many_missing', message, ...base }, importId);

  return deps.importLock.run(feed.dealer_id, async () => {
    // A file without a single car is never read as "everything sold" (D11, D15): refused like
    // an empty reconcile list, nothing changed.
    if (read.rows === 0) {
      await refuse(EMPTY_FEED);
      throw new ApiError('empty_list', EMPTY_FEED);
    }
    const run = { feed, trigger, startedAt, importId };
    // The cars the run may write, taken before it consumes the list; those that fail in it are
    // left out at the close (P246: the report shows the written cars' quality).
    const candidates = read.stock.items.map((i) => [i.index, i.externalId] as const);
    const written = (errors: ItemError[]): string[] => {
      const failed = new Set(errors.map((e) => e.index));
      const ids: string[] = [];
      for (const [index, id] of candidates) {
        if (ids.length === REPORT_MAX_CARS) break;
        if (!failed.has(index)) ids.push(id);
      }
      return ids;
    };
    const out = await runStock(deps, {
      mode: 'apply',
      scope: read.scope,
      source: { kind: 'checked', stock: read.stock, chunk: IMPORT_CHUNK },
      markMissing: true,
      allowMassSold: o.allowMassSold,
      channel: 'feed',
      refused: async (refusal) => {
        await refuse(refusal.text);
        throw new ApiError('too_many_missing', refusal.text);
      },
      rejected: (trx, errors) => recordFeedRejections(trx, deps, read, run, errors),
      // Rejections, the missing cars and the report commit together.
      close: (trx, r) =>
        finishImport(trx, deps, run, { ...base, ...r, sold_skipped: r.sold_skipped ? storeText(r.sold_skipped) : null, cars: written(r.errors) }),
    });
    deps.metrics.feedImport('processed', trigger);
    return { ...answer(read, out), importId };
  });
}

/** vehicle.rejected for the first REJECTED_EVENTS_PER_IMPORT failed rows, then one event for the rest. */
async function recordFeedRejections(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  read: FeedStock,
  { feed, importId }: { feed: FeedRow; importId: number },
  errors: ItemError[],
): Promise<void> {
  await recordRejections(trx, deps, read.scope, 'feed', errors.slice(0, REJECTED_EVENTS_PER_IMPORT));
  const more = errors.length - REJECTED_EVENTS_PER_IMPORT;
  if (more <= 0) return;
  await recordEvents(trx, deps.clock, feed.dealer_id, [
    {
      type: 'vehicle.rejected',
      data: {
        external_id: '',
        market: feed.market,
        source: feed.source,
        channel: 'feed',
        errors: [
          `${more} more ${more === 1 ? 'vehicle' : 'vehicles'} of this feed file were rejected (${errors.length} in all; the first ${REJECTED_EVENTS_PER_IMPORT} have an event each). ` +
            `The import's report lists the first ${REPORT_MAX_ERRORS} errors: GET /v1/feeds/${feed.id}/imports/${importId}.`,
        ],
        more_rejected: more,
        feed_id: feed.id,
        import_id: importId,
      },
    },
  ]);
}

/** The D15 answer of a run of the file: its counts, the first REPORT_MAX_ERRORS errors and warnings. */
function answer(read: FeedStock, o: StockOutcome): Omit<FeedImportOutcome, 'importId'> {
  const { errors, warnings } = o;
  return {
    result: 'processed',
    format: read.format,
    rows: read.rows,
    created: o.created,
    updated: o.updated,
    sold: o.sold,
    ...(o.sold_skipped !== undefined ? { sold_skipped: o.sold_skipped } : {}),
    warnings: warnings.length > REPORT_MAX_ERRORS ? warnings.slice(0, REPORT_MAX_ERRORS) : warnings,
    warning_count: warnings.length,
    errors: errors.length > REPORT_MAX_ERRORS ? errors.slice(0, REPORT_MAX_ERRORS) : errors,
    error_count: errors.length,
    errors_truncated: errors.length > REPORT_MAX_ERRORS,
  };
}

/** A dry run of the file (D30): read and checked as an import, then planned; no lock, no report. */
async function planFeedFile(deps: VehicleDeps, feed: FeedRow, dealer: DealerRow, file: FeedFile, opts: ImportOptions): Promise<FeedDryRun> {
  const read = await readFeedStock(deps, feed, dealer, file);
  if (read.rows === 0) throw new ApiError('empty_list', EMPTY_FEED);
  const out = await runStock(deps, {
    mode: 'plan',
    scope: read.scope,
    source: { kind: 'checked', stock: read.stock, chunk: IMPORT_CHUNK },
    markMissing: true,
    allowMassSold: opts.allowMassSold === true,
    channel: 'feed',
  });
  return { ...answer(read, out), ...out.plan!, mapping: mappingReport(read.columns) };
}

/**
 * The operator's dry run (`cli feeds check`): a file from disk checked for a live feed of a
 * dealership, as a push of that file would be, within the same 10 MB.
 */
export async function checkFeedFileOnDisk(
  deps: VehicleDeps,
  input: { dealer: string; id?: string; path: string; allowMassSold?: boolean },
): Promise<FeedDryRun> {
  const dealer = await findDealerBySlug(deps.store.db, input.dealer);
  if (!dealer) throw new ApiError('not_found', msg('dealer_not_found', { slug: input.dealer }));
  const feed = input.id !== undefined && /^\d{1,15}$/.test(input.id) ? await findDealerFeed(deps.store.db, dealer.id, Number(input.id)) : undefined;
  if (!feed || feed.revoked_at !== null) throw new ApiError('not_found', msg('feed_check_not_live', { dealer: dealer.slug, id: input.id ?? '' }));
  let size: number;
  try {
    size = (await fs.stat(input.path)).size;
  } catch {
    throw new ApiError('invalid_request', msg('file_unreadable', { path: input.path }));
  }
  if (size > FEED_MAX_BYTES) throw new ApiError('payload_too_large', msg('file_too_large', { size, max: FEED_MAX_BYTES }));
  const body = await fs.readFile(input.path);
  return importFeedFile(deps, feed, dealer, { body, filename: path.basename(input.path) }, { mode: 'plan', allowMassSold: input.allowMassSold === true });
}
