// Addresses that keep presenting bad keys are turned away for a while (429): guessing is
// pointless against 240-bit keys, but each try costs a hash and a store lookup. The failures
// are a sliding log in the limiter's store (shared by every process when it is Redis, P30):
// an invalid key counts one (refused, 429, once the log is full), and a valid key's rate-limit
// call looks at the log first (RateLimitGuard), so a keyed request still makes one store call.
// This process remembers the addresses it saw locked out until their lockout ends, and turns
// them away before their key is even looked up.
import { BoundedMap } from '../util/bounded-map.js';
import type { RateLimitGuard, RateLimitStore } from './rate-limit.js';

export const FAILED_AUTH_LIMIT = 30;
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 50_000;

export class FailedAuthGuard {
  /** Per address seen locked out: until when (clock time). */
  private readonly lockedUntil = new BoundedMap<string, number>(MAX_ADDRESSES);

  private lastIp: string | undefined;
  private lastGuard: RateLimitGuard | undefined;

  constructor(private readonly store: RateLimitStore) {}

  /** Milliseconds until `ip` may try again, as far as this process knows without asking the store; 0: unknown. */
  knownBlockedFor(ip: string, now: number): number {
    const until = this.lockedUntil.get(ip);
    if (until === undefined) return 0;
    if (until > now) return until - now;
    this.lockedUntil.delete(ip);
    return 0;
  }

  /** The guard for the key's rate-limit call: refused while the address is locked out. */
  guard(ip: string): RateLimitGuard {
    // The last address's guard is reused: a client's calls come in runs from one address, and
    // the same key string is hashed once, not once a request (P53).
    if (ip !== this.lastIp) {
      this.lastIp = ip;
      this.lastGuard = { key: failuresKey(ip), limit: FAILED_AUTH_LIMIT, windowMs: WINDOW_MS };
    }
    return this.lastGuard!;
  }

  /** Counts an invalid key from `ip`; returns milliseconds of lockout when the address was locked out already, else 0. */
  async recordFailure(ip: string, now: number): Promise<number> {
    const d = await this.store.hit(failuresKey(ip), now, FAILED_AUTH_LIMIT, WINDOW_MS);
    if (d.allowed) return 0;
    this.lockedOut(ip, now, d.resetMs);
    return d.resetMs;
  }

  /** Remembers that the store said `ip` is locked out for `ms`. */
  lockedOut(ip: string, now: number, ms: number): void {
    this.lockedUntil.set(ip, now + ms);
  }
}

const failuresKey = (ip: string) => `authfail:${ip}`;
