// Addresses that keep presenting bad keys are turned away for a while (429) before their key
// is even looked up: guessing is pointless against 240-bit keys, but each try costs a hash and
// a store lookup. In-process, like the key cache.
import { BoundedMap } from '../util/bounded-map.js';

export const FAILED_AUTH_LIMIT = 30;
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 50_000;

export class FailedAuthGuard {
  private readonly failures = new BoundedMap<string, number[]>(MAX_ADDRESSES);

  /** Milliseconds until `ip` may try again, or 0 when it may try now. */
  blockedFor(ip: string, now: number): number {
    const times = this.recent(ip, now);
    if (times.length < FAILED_AUTH_LIMIT) return 0;
    return times[times.length - FAILED_AUTH_LIMIT]! + WINDOW_MS - now;
  }

  recordFailure(ip: string, now: number): void {
    const times = this.recent(ip, now);
    times.push(now);
    if (times.length > FAILED_AUTH_LIMIT) times.shift();
    if (!this.failures.has(ip)) this.failures.set(ip, times);
  }

  private recent(ip: string, now: number): number[] {
    const times = this.failures.get(ip) ?? [];
    while (times.length && times[0]! <= now - WINDOW_MS) times.shift();
    return times;
  }
}
