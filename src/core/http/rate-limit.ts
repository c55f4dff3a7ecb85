// Per-key rate limit (D23) as a sliding log: at most `limit` calls in ANY window of
// `windowMs`, not per clock minute (which would let 2× the limit through around its edge).
// The store is an interface so several instances can share one (e.g. Redis sorted sets).

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until a call is allowed again (allowed: until the window frees a slot). */
  resetMs: number;
}

export interface RateLimitStore {
  /** Counts a call for `key` at `now` if allowed, and says whether it was. */
  hit(key: string, now: number, limit: number, windowMs: number): RateLimitDecision | Promise<RateLimitDecision>;
}

/**
 * In-process store: per key, the times of the accepted calls still inside the window, oldest
 * first. Old times are dropped from the front as the window slides; amortised O(1) a call,
 * and memory follows the calls actually made, not the limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, { times: number[]; head: number }>();
  private calls = 0;

  hit(key: string, now: number, limit: number, windowMs: number): RateLimitDecision {
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], head: 0 };
      this.logs.set(key, log);
    }
    const windowStart = now - windowMs;
    const { times } = log;
    while (log.head < times.length && times[log.head]! <= windowStart) log.head++;
    if (log.head > 1024 && log.head * 2 > times.length) {
      times.splice(0, log.head);
      log.head = 0;
    }
    const inWindow = times.length - log.head;
    if (++this.calls % 10_000 === 0) this.sweep(windowStart);
    if (inWindow >= limit) {
      // Allowed again when the call that is `limit`-th from the end leaves the window.
      const blocking = times[times.length - limit]!;
      return { allowed: false, limit, remaining: 0, resetMs: blocking - windowStart };
    }
    times.push(now);
    const oldest = times[log.head]!;
    return { allowed: true, limit, remaining: limit - inWindow - 1, resetMs: oldest - windowStart };
  }

  /** Forgets keys with no call inside the window, so memory follows active keys only. */
  private sweep(windowStart: number): void {
    for (const [k, l] of this.logs) if (l.times.length === 0 || l.times[l.times.length - 1]! <= windowStart) this.logs.delete(k);
  }
}

/** The headers D23 puts on every keyed response. */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const resetSeconds = String(Math.max(0, Math.ceil(d.resetMs / 1000)));
  const h: Record<string, string> = {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': resetSeconds,
  };
  if (!d.allowed) h['retry-after'] = String(Math.max(1, Math.ceil(d.resetMs / 1000)));
  return h;
}
