// A feed file's dry run (D30): `?dry_run=true` on a push, and the panel's "check a file". The
// file is parsed with the feed's overrides and checked exactly as an import checks it, then the
// plan is read from the store: no car, photo, job, event or import report is written (a dry run
// leaves no feed_imports row: the panel shows its report at once and keeps nothing).
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../core/errors.js';
import type { DealerRow, FeedRow } from '../../core/db/schema.js';
import { findDealerBySlug } from '../dealers/repository.js';
import { toDealer } from '../dealers/service.js';
import { findMarket } from '../markets/markets.js';
import { planStockPart, plannedSold, type DryRunLists } from '../vehicles/dry-run.js';
import { soldSkippedText, type ItemError, type StockScope } from '../vehicles/stock.js';
import type { VehicleDeps } from '../vehicles/service.js';
import { REPORT_MAX_ERRORS, type FeedFile, type FeedImportOutcome } from './import.js';
import { FEED_MAX_BYTES } from './limits.js';
import { findDealerFeed } from './repository.js';
import { columnMapOf, mappingReport, storedColumns, type MappingReport } from './mapping.js';
import { parseFeedRows, UnreadableFeedError, type ParsedFeed } from './parse/index.js';
import { StreamedStock } from './streamed-stock.js';

export type FeedDryRun = Omit<FeedImportOutcome, 'importId'> & DryRunLists & { mapping: MappingReport };

export async function dryRunFeedFile(
  deps: VehicleDeps,
  feed: FeedRow,
  dealerRow: DealerRow,
  file: FeedFile,
  opts: { allowMassSold?: boolean },
): Promise<FeedDryRun> {
  const map = columnMapOf(feed);
  const market = findMarket(feed.market);
  if (!market) throw new Error(`feed ${feed.id} names unknown market ${feed.market}`);
  const scope: StockScope = { dealer: toDealer(dealerRow), market, source: feed.source };
  // Rows are checked as the parser sends them, as an import checks them (P51, P57): checking
  // overlaps parsing, and the raw rows of the whole file are never held.
  const stock = new StreamedStock(deps, scope);
  let parsed: ParsedFeed;
  try {
    parsed = await parseFeedRows({ ...file, market: feed.market, columnMap: map }, stock.add); // as the import reads it
  } catch (err) {
    stock.abandon();
    if (!(err instanceof UnreadableFeedError)) throw err;
    throw new ApiError('unreadable_feed', `The feed file could not be read: ${err.message}`);
  }
  const prepared = await stock.done();
  const rows = stock.rows + parsed.rowErrors.length;
  if (rows === 0) throw new ApiError('empty_list', 'The feed file lists no cars; an empty file is never read as "every car sold". Nothing was changed.');

  const errors: ItemError[] = [...prepared.errors, ...parsed.rowErrors];
  // As in the import: a row that could not be read still names a car of the file.
  for (const e of parsed.rowErrors) if (e.external_id) prepared.listedIds.add(e.external_id);
  const db = deps.store.db;
  const sold = await plannedSold(db, scope, prepared.listedIds, opts.allowMassSold === true);
  const plan = await planStockPart(db, scope, prepared.items, errors);
  errors.sort((a, b) => a.index - b.index);
  const wouldSell = errors.length > 0 ? [] : sold.missing;
  return {
    result: 'processed',
    format: parsed.format,
    rows,
    created: plan.create.length,
    updated: plan.update.length,
    sold: wouldSell.length,
    ...(errors.length > 0 ? { sold_skipped: soldSkippedText(errors.length, 'send the file again') } : {}),
    warnings: plan.warnings.slice(0, REPORT_MAX_ERRORS),
    warning_count: plan.warnings.length,
    errors: errors.slice(0, REPORT_MAX_ERRORS),
    error_count: errors.length,
    errors_truncated: errors.length > REPORT_MAX_ERRORS,
    dry_run: true,
    would_create: plan.create,
    would_update: plan.update,
    would_mark_sold: wouldSell,
    guard: sold.guard,
    mapping: mappingReport(storedColumns(parsed.columns, map)),
  };
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
  if (!dealer) throw new ApiError('not_found', `no dealership "${input.dealer}"`);
  const feed = input.id !== undefined && /^\d{1,15}$/.test(input.id) ? await findDealerFeed(deps.store.db, dealer.id, Number(input.id)) : undefined;
  if (!feed || feed.revoked_at !== null) throw new ApiError('not_found', `dealership "${dealer.slug}" has no live feed ${input.id ?? ''} (see feeds list)`);
  let size: number;
  try {
    size = (await fs.stat(input.path)).size;
  } catch {
    throw new ApiError('invalid_request', `cannot read the file "${input.path}"`);
  }
  if (size > FEED_MAX_BYTES) throw new ApiError('payload_too_large', `the file is ${size} bytes; a feed file is at most ${FEED_MAX_BYTES} bytes (10 MB)`);
  const body = await fs.readFile(input.path);
  return dryRunFeedFile(deps, feed, dealer, { body, filename: path.basename(input.path) }, { allowMassSold: input.allowMassSold === true });
}
