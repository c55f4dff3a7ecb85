// The feed report (keyed API): a dealership's feeds and the imports of each, newest first.
// Another dealership's feed answers 404, as if it did not exist (D7).
import type { Kysely } from 'kysely';
import type { DB, FeedImportRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, renderStored, storedText, type Lang } from '../../core/i18n/index.js';
import { itemErrorText, type ItemError, type ItemErrorText } from '../vehicles/stock.js';
import { fileColumns, mappingReport, type StoredColumn } from './mapping.js';
import { describeFeed } from './service.js';
import { findDealerFeed, findFeedImport, lastImports, listDealerFeeds, listFeedImports } from './repository.js';

const iso = (ms: number) => new Date(ms).toISOString();

function importSummary(r: FeedImportRow, lang: Lang) {
  return {
    id: r.id,
    trigger: r.trigger,
    status: r.result === 'running' || r.result === 'interrupted' ? r.result : ('finished' as const),
    result: r.result,
    format: r.format as 'csv' | 'json' | 'xml' | 'xlsx' | null,
    rows: r.rows,
    created: r.created,
    updated: r.updated,
    sold: r.sold,
    sold_skipped: storedText(lang, r.sold_skipped),
    message: storedText(lang, r.message),
    error_count: r.error_count,
    warning_count: r.warning_count,
    started_at: iso(r.started_at),
    finished_at: r.result === 'running' ? null : iso(r.finished_at),
  };
}

const feedNotFound = (id: number) => new ApiError('not_found', msg('feed_not_found', { id }));

export async function dealerFeeds(db: Kysely<DB>, dealerId: number, lang: Lang) {
  const feeds = await listDealerFeeds(db, dealerId);
  const last = await lastImports(
    db,
    feeds.map((f) => f.id),
  );
  return {
    data: feeds.map((f) => {
      const l = last.get(f.id);
      return { ...describeFeed(f), last_polled_at: f.last_polled_at === null ? null : iso(f.last_polled_at), last_import: l ? importSummary(l, lang) : null };
    }),
  };
}

export async function feedImports(db: Kysely<DB>, dealerId: number, feedId: number, page: number, perPage: number, lang: Lang) {
  if (!(await findDealerFeed(db, dealerId, feedId))) throw feedNotFound(feedId);
  const { rows, total } = await listFeedImports(db, dealerId, feedId, page, perPage);
  return { data: rows.map((r) => importSummary(r, lang)), page, per_page: perPage, total };
}

export async function feedImport(db: Kysely<DB>, dealerId: number, feedId: number, importId: number, lang: Lang) {
  const r = await findFeedImport(db, dealerId, feedId, importId);
  if (!r) throw new ApiError('not_found', msg('import_not_found', { import: importId, feed: feedId }));
  const errors = (JSON.parse(r.errors) as (ItemError | ItemErrorText)[]).map((e) => itemErrorText(lang, e));
  const warnings = (JSON.parse(r.warnings) as { message: unknown }[]).map((w) => ({ ...w, message: renderStored(lang, w.message) }));
  const stored = JSON.parse(r.columns) as StoredColumn[];
  return {
    import: {
      ...importSummary(r, lang),
      errors,
      errors_truncated: r.error_count > errors.length,
      columns: fileColumns(stored),
      mapping: mappingReport(stored),
      warnings,
    },
  };
}
