// Retries (P128): 429 and 5xx answers (and network failures) are tried again only for calls
// that are safe to repeat — GET, PUT, DELETE, and the POSTs whose repeat changes nothing more:
// sold, sync (spec §4 rule 1: the same stock ID is the same car) and reconcile (the same list
// twice marks nothing more). Never an inquiry, a webhook creation or test, or a feed push.
// The wait is the answer's Retry-After when it gives one, else an exponential backoff; either way
// plus random jitter, so many clients refused at once do not all come back in the same instant.
import { retryAfterSeconds } from './errors.js';

export interface RetryOptions {
  /** Tries per call, the first included (default 3; 1 turns retries off). */
  maxAttempts: number;
  /** A Retry-After longer than this (ms) is not waited for: the 429 is returned (default 60 000). */
  maxDelayMs: number;
  /** How to wait (default setTimeout); tests pass one that moves their clock. */
  sleep: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1 (default Math.random). */
  random: () => number;
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

/** A fetch that retries what may be retried; `basePath` is the path of the base URL (…/v1). */
export function retryingFetch(inner: (req: Request) => Promise<Response>, basePath: string, o: RetryOptions): (req: Request) => Promise<Response> {
  return async (request) => {
    const path = new URL(request.url).pathname;
    const under = path.startsWith(basePath) ? path.slice(basePath.length) : path;
    const attempts = isRepeatable(request.method, under) ? Math.max(1, o.maxAttempts) : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      let res: Response;
      try {
        res = await inner(last ? request : request.clone());
      } catch (err) {
        if (last) throw err;
        await o.sleep(retryDelayMs(attempt, null, o.random));
        continue;
      }
      if (last || !retryableStatus(res.status)) return res;
      const after = retryAfterSeconds(res.headers.get('retry-after'));
      const wait = retryDelayMs(attempt, after, o.random);
      if (after !== null && after * 1000 > o.maxDelayMs) return res;
      await res.body?.cancel();
      await o.sleep(Math.min(wait, o.maxDelayMs));
    }
  };
}
