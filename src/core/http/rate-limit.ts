// Per-key rate limit (D23) as a sliding log: at most `limit` calls in ANY window of
// `windowMs`, not per clock minute (which would let 2× the limit through around its edge).
// The store is an interface so several instances can share one (e.g. Redis sorted sets).

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until a call is allowed again (allowed: until the window frees a slot). */
  resetMs: number;
  /**
   * Refused because the guard's log was full (its own key was not counted); `resetMs` is then
   * until the guard frees a slot.
   */
  guarded?: true;
}

/**
 * Another log looked at (never counted) before the call: when it holds `limit` entries inside
 * its window, the call is refused. The lockout of addresses sending invalid keys (failed-auth.ts)
 * rides on the key's own count this way, so a keyed request costs one store call.
 */
export interface RateLimitGuard {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitStore {
  /** Counts a call for `key` at `now` if allowed (and the guard, if any, is not full), and says whether it was. */
  hit(key: string, now: number, limit: number, windowMs: number, guard?: RateLimitGuard): RateLimitDecision | Promise<RateLimitDecision>;
}

interface Log {
  times: number[];
  head: number;
  windowMs: number;
}

/**
 * In-process store: per key, the times of the accepted calls still inside the window, oldest
 * first. Old times are dropped from the front as the window slides; amortised O(1) a call,
 * and memory follows the calls actually made, not the limit.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly logs = new Map<string, Log>();
  private calls = 0;

  hit(key: string, now: number, limit: number, windowMs: number, guard?: RateLimitGuard): RateLimitDecision {
    if (guard) {
      const g = this.logs.get(guard.key);
      if (g) {
        const guardStart = now - guard.windowMs;
        const inGuard = this.trim(g, guardStart);
        if (inGuard >= guard.limit) {
          const blocking = g.times[g.times.length - guard.limit]!;
          return { allowed: false, limit: guard.limit, remaining: 0, resetMs: blocking - guardStart, guarded: true };
        }
      }
    }
    let log = this.logs.get(key);
    if (!log) {
      log = { times: [], head: 0, windowMs };
      this.logs.set(key, log);
    }
    log.windowMs = windowMs;
    const windowStart = now - windowMs;
    const { times } = log;
    const inWindow = this.trim(log, windowStart);
    if (++this.calls % 10_000 === 0) this.sweep(now);
    if (inWindow >= limit) {
      // Allowed again when the call that is `limit`-th from the end leaves the window.
      const blocking = times[times.length - limit]!;
      return { allowed: false, limit, remaining: 0, resetMs: blocking - windowStart };
    }
    times.push(now);
    const oldest = times[log.head]!;
    return { allowed: true, limit, remaining: limit - inWindow - 1, resetMs: oldest - windowStart };
  }

  /** Drops the times at or before `windowStart`; returns how many are left. */
  private trim(log: Log, windowStart: number): number {
    const { times } = log;
    while (log.head < times.length && times[log.head]! <= windowStart) log.head++;
    if (log.head > 1024 && log.head * 2 > times.length) {
      times.splice(0, log.head);
      log.head = 0;
    }
    return times.length - log.head;
  }

  /** Forgets keys with no call inside the window, so memory follows active keys only. */
  private sweep(now: number): void {
    // Each log by its own window: an hour's log (inquiries) outlives a minute's.
    for (const [k, l] of this.logs) if (l.times.length === 0 || l.times[l.times.length - 1]! <= now - l.windowMs) this.logs.delete(k);
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
