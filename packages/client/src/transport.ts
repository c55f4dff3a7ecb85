// The client's fetch (P128, P185): every call goes through it, the methods' and `client.raw`'s.
// - Retries: 429 and 5xx answers (and calls that got no answer) are tried again only for calls
//   that are safe to repeat — GET, PUT, DELETE, and the POSTs whose repeat changes nothing more:
//   sold, sync (spec §4 rule 1: the same stock ID is the same car) and reconcile (the same list
//   twice marks nothing more). Never an inquiry, a webhook creation or test, or a feed push. The
//   wait is the answer's Retry-After when it gives one, else an exponential backoff; either way
//   plus random jitter, so many clients refused at once do not all come back in the same instant.
//   `onRetry` hears of each retry before its wait, and may cancel it.
// - Time: each try has `timeoutMs` for the whole answer (headers and body: the body is read here,
//   so a server that stops mid-body cannot hang a connector either); the caller's AbortSignal
//   (the Request's) stops the call at once, waits between tries included.
// - Failures without an answer become ApiConnectionError / ApiTimeoutError with fetch's error as
//   their cause; an abort by the caller rejects with the signal's reason, as fetch does.
// - An answer with a Deprecation header (P183) is told to `onDeprecation`.
import { ApiConnectionError, ApiTimeoutError, retryAfterSeconds } from './errors.js';

/** What `onRetry` is told before the client waits to try a call again. */
export interface RetryInfo {
  /** The try that failed (1: the first). */
  attempt: number;
  /** Tries this call may make, the first included. */
  maxAttempts: number;
  /** How long the client will wait before the next try (ms). */
  delayMs: number;
  method: string;
  url: string;
  /** The answer's status (429 or 5xx), or null when no answer came. */
  status: number | null;
  /** The X-Request-Id of that answer, when one came. */
  requestId: string | null;
  /** Why no answer came; null when one did. */
  error: ApiConnectionError | null;
}

/** What `onDeprecation` is told of an answer that carried Deprecation (the route is being retired). */
export interface DeprecationInfo {
  method: string;
  url: string;
  /** The Deprecation header (RFC 9745), e.g. `@1796083200`: since when. */
  deprecation: string;
  /** The Sunset header (RFC 8594), an HTTP date: when the route stops answering; null when not given. */
  sunset: string | null;
  /** The Link header, pointing to what replaces it. */
  link: string | null;
}

/** Waits `ms`; should settle early (rejecting) when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportOptions {
  /** Tries per call, the first included (1 turns retries off). */
  maxAttempts: number;
  /** A Retry-After longer than this (ms) is not waited for: the 429 is returned. */
  maxDelayMs: number;
  /** Per try, for the whole answer (ms); 0: no limit. */
  timeoutMs: number;
  sleep: Sleep;
  /** 0 ≤ x < 1. */
  random: () => number;
  /** Told before each wait; returning false (or a promise of false) gives up: the answer or the error is surfaced as it is. */
  onRetry?: ((info: RetryInfo) => unknown) | undefined;
  onDeprecation?: ((info: DeprecationInfo) => void) | undefined;
}

const REPEATABLE_POST = [/^\/vehicles\/sync$/, /^\/vehicles\/reconcile$/, /^\/vehicles\/[^/]+\/sold$/];

/** Whether a call may be sent again: by method, and for POST by the operation (path under the base URL). */
function isRepeatable(method: string, pathUnderBase: string): boolean {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'PUT' || m === 'DELETE') return true;
  return m === 'POST' && REPEATABLE_POST.some((re) => re.test(pathUnderBase));
}

const retryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** The wait before try number `attempt + 1` (attempt ≥ 1). */
function retryDelayMs(attempt: number, retryAfter: number | null, random: () => number): number {
  const base = retryAfter !== null ? retryAfter * 1000 : 500 * 2 ** (attempt - 1);
  // Jitter only ever adds: waking before Retry-After would be refused again.
  return Math.round(base + random() * Math.max(250, base * 0.2));
}

/** Why a signal aborted: fetch rejects with it as it is (an AbortError, a TimeoutError, the caller's own). */
const reasonOf = (signal: AbortSignal): Error => signal.reason as Error;

/** setTimeout that ends early, rejecting with the signal's reason, when the signal aborts. */
export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(reasonOf(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      if (signal) reject(reasonOf(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** A sleep given by the caller may not listen to the signal: the wait still ends when it aborts. */
function pause(sleep: Sleep, ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(reasonOf(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(reasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms, signal).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

// Statuses whose Response may not have a body (Fetch standard).
const NULL_BODY = new Set([204, 205, 304]);

class TimedOut extends Error {}

/** One try: the answer read whole within `timeoutMs`, or the caller's abort, whichever first. */
async function tryOnce(inner: (req: Request) => Promise<Response>, request: Request, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  const state = { timedOut: false };
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          state.timedOut = true;
          controller.abort(new TimedOut());
        }, timeoutMs)
      : undefined;
  try {
    const res = await inner(new Request(request, { signal: controller.signal }));
    const body = NULL_BODY.has(res.status) ? null : await res.arrayBuffer();
    const headers = new Headers(res.headers);
    // The body is now the decoded bytes: the encoding and length of the wire no longer apply.
    headers.delete('content-encoding');
    if (body !== null) headers.set('content-length', String(body.byteLength));
    return new Response(body, { status: res.status, statusText: res.statusText, headers });
  } catch (err) {
    throw state.timedOut && !(err instanceof TimedOut) ? new TimedOut('timeout', { cause: err }) : err;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}

/** What fetch's error says: its cause's message (fetch's own is only "fetch failed"). */
function failureOf(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error) return cause.message;
  return err instanceof Error ? err.message : String(err);
}

/** A fetch that times, retries and explains; `basePath` is the path of the base URL (…/v1). */
export function transportFetch(inner: (req: Request) => Promise<Response>, basePath: string, o: TransportOptions): (req: Request) => Promise<Response> {
  return async (request) => {
    const signal = request.signal;
    const path = new URL(request.url).pathname;
    const under = path.startsWith(basePath) ? path.slice(basePath.length) : path;
    const attempts = isRepeatable(request.method, under) ? Math.max(1, o.maxAttempts) : 1;
    const what = `${request.method} ${request.url}`;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      signal.throwIfAborted();
      let res: Response;
      try {
        res = await tryOnce(inner, last ? request : request.clone(), signal, o.timeoutMs);
      } catch (err) {
        if (signal.aborted) throw reasonOf(signal);
        const tries = attempt > 1 ? ` (${attempt} tries)` : '';
        const error =
          err instanceof TimedOut
            ? new ApiTimeoutError(`${what}: no answer within ${o.timeoutMs} ms${tries}`, attempt, { cause: err.cause })
            : new ApiConnectionError(`${what}: could not get an answer: ${failureOf(err)}${tries}`, attempt, { cause: err });
        if (last) throw error;
        const delayMs = retryDelayMs(attempt, null, o.random);
        const info = { attempt, maxAttempts: attempts, delayMs, method: request.method, url: request.url, status: null, requestId: null, error };
        if ((await o.onRetry?.(info)) === false) throw error;
        await pause(o.sleep, delayMs, signal);
        continue;
      }
      const deprecation = res.headers.get('deprecation');
      if (deprecation !== null)
        o.onDeprecation?.({ method: request.method, url: request.url, deprecation, sunset: res.headers.get('sunset'), link: res.headers.get('link') });
      if (last || !retryableStatus(res.status)) return res;
      const after = retryAfterSeconds(res.headers.get('retry-after'));
      if (after !== null && after * 1000 > o.maxDelayMs) return res;
      const delayMs = Math.min(retryDelayMs(attempt, after, o.random), o.maxDelayMs);
      const info = {
        attempt,
        maxAttempts: attempts,
        delayMs,
        method: request.method,
        url: request.url,
        status: res.status,
        requestId: res.headers.get('x-request-id'),
        error: null,
      };
      if ((await o.onRetry?.(info)) === false) return res;
      await pause(o.sleep, delayMs, signal);
    }
  };
}
