// Reading a feed URL (D17): every FEED_POLL_INTERVAL, through the safe outbound client, with a
// conditional request (the last answer's ETag / Last-Modified sent back) and a content hash, so
// a file unchanged since the last read is not processed again. A read that fails (unreachable,
// HTTP error) records sync.failed (first failure of a streak) and a report, and backs off; the
// body of a read is processed exactly like a push, once unpacked when it is a gzip or zip file
// (decompress.ts, bounded by the same 10 MB).
import crypto from 'node:crypto';
import { ApiError } from '../../core/errors.js';
import { msg, render, type Msg } from '../../core/i18n/index.js';
import { RetryJobError, type JobWorker } from '../../core/jobs/worker.js';
import { OutboundError } from '../../core/outbound/errors.js';
import type { Outbound } from '../../core/outbound/fetcher.js';
import { importFeedFile, type FeedDeps } from './import.js';
import { recordFailedImport } from './import-report.js';
import { findFeedWithDealer, updatePullState } from './repository.js';
import { FEED_MAX_BYTES } from './limits.js';
import { unpackFeedBody, type FeedBody } from './decompress.js';
import { UnreadableFeedError } from './parse/index.js';

export interface PullDeps extends FeedDeps {
  outbound: Outbound;
  intervalMs: number;
  timeoutMs?: number;
}

/** Delay before retry `attempt` of a failed read: 1 min, 5 min, 25 min…, never beyond the interval. */
const pullBackoff = (attempt: number, intervalMs: number): number => Math.min(60_000 * 5 ** (attempt - 1), intervalMs);

export function definePulls(jobs: JobWorker, deps: PullDeps): void {
  jobs.define('feeds.pull', {
    repeatEveryMs: deps.intervalMs,
    handler: async ({ feed_id }, { attempt, signal, log }) => {
      const found = await findFeedWithDealer(deps.store.db, feed_id);
      // Revoked (its job is removed with it) or gone: nothing to read.
      if (!found || found.feed.revoked_at !== null || !found.feed.url) return;
      const { feed, dealer } = found;
      const url = feed.url!;
      const startedAt = deps.clock.now();
      const fail = async (message: Msg): Promise<never> => {
        if (attempt === 1) {
          await recordFailedImport(deps, feed, 'pull', startedAt, { result: 'unreachable', reason: 'feed_unreachable', message });
        }
        await updatePullState(deps.store.db, feed.id, { last_polled_at: deps.clock.now() });
        throw new RetryJobError(render('en', message), pullBackoff(attempt, deps.intervalMs));
      };

      const headers: Record<string, string> = {
        accept:
          'text/csv, text/tab-separated-values, application/json, application/xml, text/xml, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, */*;q=0.5',
      };
      if (feed.etag) headers['if-none-match'] = feed.etag;
      if (feed.last_modified) headers['if-modified-since'] = feed.last_modified;
      let res;
      try {
        res = await deps.outbound.fetch(url, { headers, timeoutMs: deps.timeoutMs ?? 60_000, maxBytes: FEED_MAX_BYTES, signal });
      } catch (err) {
        // Outbound messages name the host only, never the path (which may carry a secret).
        const why =
          err instanceof OutboundError ? msg('outbound_failed', { kind: err.code, detail: err.message }) : err instanceof Error ? err.message : String(err);
        return fail(msg('feed_url_unreadable', { why }));
      }
      const now = deps.clock.now();
      if (res.status === 304) {
        await updatePullState(deps.store.db, feed.id, { last_polled_at: now });
        log.debug({ feed_id }, 'feed unchanged (304)');
        return;
      }
      if (res.status !== 200) return fail(msg('feed_url_status', { status: res.status }));
      const validators = { etag: res.headers.etag ?? null, last_modified: res.headers['last-modified'] ?? null };
      const hash = crypto.createHash('sha256').update(res.body).digest('hex');
      if (hash === feed.content_hash) {
        await updatePullState(deps.store.db, feed.id, { ...validators, last_polled_at: now });
        log.debug({ feed_id }, 'feed content unchanged');
        return;
      }
      let pathName = '';
      try {
        pathName = new URL(res.url).pathname;
      } catch {
        // keep no file name
      }
      let file: FeedBody;
      try {
        file = await unpackFeedBody(res.body, pathName.split('/').pop() || undefined);
      } catch (err) {
        // Like any unreadable file: reported, and not read again until it changes.
        if (!(err instanceof UnreadableFeedError)) throw err;
        const message = msg('feed_unreadable', { why: err.text });
        await recordFailedImport(deps, feed, 'pull', startedAt, { result: 'unreadable', reason: 'unreadable_feed', message });
        await updatePullState(deps.store.db, feed.id, { ...validators, content_hash: hash, last_polled_at: now });
        return;
      }
      // A compressed body's content type says gzip or zip, not what is inside: the name decides.
      const contentType = file.body === res.body ? res.headers['content-type'] : undefined;
      try {
        const out = await importFeedFile(deps, feed, dealer, { body: file.body, contentType, filename: file.filename }, { trigger: 'pull' });
        log.info({ feed_id, rows: out.rows, created: out.created, updated: out.updated, sold: out.sold, errors: out.error_count }, 'feed imported');
      } catch (err) {
        // Refused or unreadable: already reported (sync.failed + report). An unreadable file is
        // not read again until it changes; a refused one is tried again at the next read.
        if (!(err instanceof ApiError)) throw err;
        log.info({ feed_id, code: err.code }, 'feed import refused');
        const keep = err.code === 'unreadable_feed';
        await updatePullState(deps.store.db, feed.id, { ...(keep ? { ...validators, content_hash: hash } : {}), last_polled_at: now });
        return;
      }
      await updatePullState(deps.store.db, feed.id, { ...validators, content_hash: hash, last_polled_at: now });
    },
  });
}
