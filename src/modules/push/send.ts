// The push.send job (issue 37 §5, P216, P217): one notification to one browser. web-push builds
// the request — the payload encrypted for the browser (RFC 8291, aes128gcm) and the VAPID
// signature (RFC 8292) — and the service's one outbound client sends it, so a push endpoint is
// an outbound address like any other (public addresses only, checked on every request, no
// redirects). A browser that is gone (404, 410) or an endpoint that can never be reached (refused
// by the outbound rules) loses its subscription; 429, 5xx and network failures are retried.
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { textsOf } from '../../core/i18n/index.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import { PermanentJobError, RetryJobError } from '../../core/jobs/worker.js';
import { OutboundError } from '../../core/outbound/errors.js';
import type { Outbound } from '../../core/outbound/fetcher.js';
import { userLang } from '../users/service.js';
import { vehicleLabel } from '../vehicles/serialize.js';
import * as repo from './repository.js';
import type { NoticePayload } from './schemas.js';
import type { PushSettings } from './vapid.js';

export interface PushSendDeps {
  store: Store;
  clock: Clock;
  outbound: Outbound;
  push: PushSettings;
  /** How long one attempt may take (WEBHOOK_TIMEOUT: the same kind of short POST). */
  timeoutMs: number;
}

const T = textsOf('push.notice.');

/** How long a push service keeps a notification for a browser that is offline: a buyer's message is news for hours, not days. */
const TTL_SECONDS = 12 * 3600;
/** The buyer's first words: what a lock screen shows of a notification anyway. */
const BODY_MAX = 140;
/** A push service's answer is not needed beyond its status. */
const ANSWER_BYTES = 4096;

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

function firstWords(text: string | null): string | undefined {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat === '') return undefined;
  // Whole characters as a person sees them: an emoji or an accented letter is never cut in two.
  const chars = Array.from(GRAPHEMES.segment(flat), (g) => g.segment);
  if (chars.length <= BODY_MAX) return flat;
  const cut = chars.slice(0, BODY_MAX).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > BODY_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The notification, in the user's language: the car, the buyer's first words (already masked, D18), the conversation. */
function noticePayload(n: repo.NoticeToSend): NoticePayload {
  const lang = userLang({ lang: n.user_lang as never }, JSON.parse(n.dealer_markets) as string[]);
  const t = T[lang];
  const label = vehicleLabel({ year: n.year as number, brand: n.brand as string, model: n.model as string, version: n.version });
  return {
    title: t.title(label || n.external_id),
    body: firstWords(n.last_message) ?? t.noText,
    url: `/panel/leads/${n.lead_id}`,
    tag: `lead-${n.lead_id}`,
    lang,
  };
}

type WebPush = typeof import('web-push');
let webPush: Promise<WebPush> | undefined;
/** Loaded on the first notification: most processes never send one. */
const loadWebPush = (): Promise<WebPush> => (webPush ??= import('web-push').then((m) => (m as { default?: WebPush }).default ?? m));

/** A Retry-After of seconds (push services send seconds), at most an hour. */
const retryAfterMs = (v: string | undefined): number | undefined =>
  v && /^\d{1,6}$/.test(v.trim()) ? Math.min(Number(v.trim()) * 1000, 3_600_000) : undefined;

export function definePushSending(jobs: JobWorker, deps: PushSendDeps): void {
  const { store, clock } = deps;
  jobs.define('push.send', {
    // 30 s doubling, at most 30 min: a notice still worth having a quarter of an hour later.
    backoff: (attempt) => Math.min(30_000 * 2 ** (attempt - 1), 1_800_000),
    async handler({ subscription_id, lead_id }, { signal, log }) {
      const notice = await repo.noticeToSend(store.db, subscription_id, lead_id);
      if (!notice) return;
      const wp = await loadWebPush();
      const request = wp.generateRequestDetails(
        { endpoint: notice.endpoint, keys: { p256dh: notice.p256dh, auth: notice.auth } },
        JSON.stringify(noticePayload(notice)),
        {
          vapidDetails: { subject: deps.push.subject, publicKey: deps.push.vapid.publicKey, privateKey: deps.push.vapid.privateKey },
          TTL: TTL_SECONDS,
          urgency: 'high',
          // A newer notice of the same conversation replaces one the push service still holds.
          topic: `lead${lead_id}`,
          contentEncoding: 'aes128gcm',
        },
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(request.headers)) headers[k.toLowerCase()] = String(v);
      const drop = async (why: string) => {
        await repo.deleteSubscriptions(store.db, [subscription_id]);
        log.info({ subscription_id, reason: why }, 'push subscription dropped');
      };
      let status: number;
      let retryAfter: string | undefined;
      try {
        const res = await deps.outbound.fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body,
          maxRedirects: 0,
          timeoutMs: deps.timeoutMs,
          maxBytes: ANSWER_BYTES,
          truncateBody: true,
          keepAlive: true,
          signal,
        });
        status = res.status;
        retryAfter = res.headers['retry-after'];
      } catch (err) {
        if (err instanceof OutboundError && !err.transient) {
          // Refused by the outbound rules (a private address, a port, a scheme): never deliverable.
          await drop(err.code);
          return;
        }
        throw err;
      }
      if (status >= 200 && status < 300) {
        await repo.markSent(store.db, subscription_id, clock.now());
        return;
      }
      // RFC 8030 §7.3: the subscription expired or was revoked (the browser unsubscribed).
      if (status === 404 || status === 410) return drop(`push service answered ${status}`);
      if (status === 429 || status >= 500) {
        const after = retryAfterMs(retryAfter);
        const message = `the push service answered HTTP ${status}; will retry`;
        throw after !== undefined ? new RetryJobError(message, after) : new Error(message);
      }
      // 400, 403 (a key the push service does not accept), 413: sending again cannot help.
      throw new PermanentJobError(`the push service answered HTTP ${status}`);
    },
  });
}
