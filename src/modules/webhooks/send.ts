// One delivery attempt: the body built from the stored event, signed at this moment, POSTed
// through the safe outbound client with no redirects, and the answer classified per D20.
import type { Clock } from '../../core/clock.js';
import { OutboundError } from '../../core/outbound/errors.js';
import type { Outbound } from '../../core/outbound/fetcher.js';
import { signatureHeader } from './signature.js';

export interface SendConfig {
  timeoutMs: number;
  userAgent: string;
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** Worth another try (timeout, no connection, 5xx, 429). */
  retryable: boolean;
  /** A 429's Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

/** Outbound failures that a later attempt may not meet (the network, the receiver being down). */
/** The receiver's answer is not needed; keep only its start (for nothing but draining). */
const ANSWER_BYTES = 4096;

/** What a delivery sends: the stored event, and whether it happened live or in a sandbox (D35). */
export interface EventToSend {
  id: string;
  type: string;
  data: string;
  created_at: number;
  livemode: boolean;
}

/**
 * The exact bytes sent: `data` is spliced in as stored, so every attempt sends the same body.
 * `livemode` is at the top, inside the signed body (D35): false for the sandbox's events.
 */
function deliveryBody(event: EventToSend): Buffer {
  return Buffer.from(
    `{"id":${JSON.stringify(event.id)},"type":${JSON.stringify(event.type)},"livemode":${event.livemode},"created_at":${JSON.stringify(new Date(event.created_at).toISOString())},"data":${event.data}}`,
  );
}

/** Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function sendDelivery(
  outbound: Outbound,
  clock: Clock,
  cfg: SendConfig,
  target: { url: string; secret: string },
  event: EventToSend,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const body = deliveryBody(event);
  const t = Math.floor(clock.now() / 1000);
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await outbound.fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': cfg.userAgent,
        'x-service-event': event.type,
        'x-service-delivery': event.id,
        'x-service-signature': signatureHeader(target.secret, t, body),
      },
      body,
      maxRedirects: 0,
      timeoutMs: cfg.timeoutMs,
      maxBytes: ANSWER_BYTES,
      truncateBody: true,
      keepAlive: true,
      ...(signal ? { signal } : {}),
    });
    const durationMs = took();
    if (res.status >= 200 && res.status < 300) return { ok: true, statusCode: res.status, error: null, durationMs, retryable: false };
    const retryable = res.status >= 500 || res.status === 429;
    const after = res.status === 429 ? retryAfterMs(res.headers['retry-after'], clock.now()) : undefined;
    const why = res.status >= 300 && res.status < 400 ? 'redirects are not followed' : retryable ? 'retried' : 'not retried';
    return {
      ok: false,
      statusCode: res.status,
      error: `the receiver answered HTTP ${res.status} (${why})`,
      durationMs,
      retryable,
      ...(after !== undefined ? { retryAfterMs: after } : {}),
    };
  } catch (err) {
    const durationMs = took();
    if (err instanceof OutboundError) {
      return { ok: false, statusCode: null, error: err.message, durationMs, retryable: err.transient };
    }
    return { ok: false, statusCode: null, error: err instanceof Error ? err.message : String(err), durationMs, retryable: true };
  }
}
