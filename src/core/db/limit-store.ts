// Limits kept in the store (P70): the same sliding log as MemoryRateLimitStore (D23's rule: at
// most `limit` calls in ANY window), one row per accepted call in `limit_hits`. Every process on
// the store counts against one budget, on SQLite and PostgreSQL alike, with or without Redis.
// Meant for rare calls whose limit guards accounts (the panel's sign-in, password check, reset
// requests and invitations): each call is one short write transaction, cheap beside a password
// hash, but not a fit for the API's per-request limit (that stays in memory or Redis, P30).
import type { Kysely } from 'kysely';
import type { RateLimitDecision, RateLimitGuard, RateLimitStore } from '../http/rate-limit.js';
import { lockLimitKey } from './locks.js';
import type { DB } from './schema.js';
import type { Store } from './store.js';
import { writeTransaction } from './transaction.js';

/** Rows whose window has passed are deleted by every this-many-th call of a process. */
const SWEEP_EVERY = 256;

/** The accepted calls of `key` after `windowStart`, oldest first. */
async function callsSince(db: Kysely<DB>, key: string, windowStart: number): Promise<number[]> {
  const rows = await db.selectFrom('limit_hits').select('at').where('key', '=', key).where('at', '>', windowStart).orderBy('at').execute();
  return rows.map((r) => Number(r.at));
}

export class StoreRateLimitStore implements RateLimitStore {
  private calls = 0;

  constructor(private readonly store: Store) {}

  async hit(key: string, now: number, limit: number, windowMs: number, guard?: RateLimitGuard): Promise<RateLimitDecision> {
    const sweep = ++this.calls % SWEEP_EVERY === 0;
    return writeTransaction(this.store, async (trx) => {
      if (sweep) await trx.deleteFrom('limit_hits').where('expires_at', '<=', now).execute();
      if (guard) {
        const guardStart = now - guard.windowMs;
        const g = await callsSince(trx, guard.key, guardStart);
        if (g.length >= guard.limit) {
          return { allowed: false, limit: guard.limit, remaining: 0, resetMs: g[g.length - guard.limit]! - guardStart, guarded: true as const };
        }
      }
      await lockLimitKey(trx, this.store.dialect, key);
      const windowStart = now - windowMs;
      await trx.deleteFrom('limit_hits').where('key', '=', key).where('at', '<=', windowStart).execute();
      const times = await callsSince(trx, key, windowStart);
      if (times.length >= limit) {
        // Allowed again when the call that is `limit`-th from the end leaves the window.
        return { allowed: false, limit, remaining: 0, resetMs: times[times.length - limit]! - windowStart };
      }
      await trx
        .insertInto('limit_hits')
        .values({ key, at: now, expires_at: now + windowMs })
        .execute();
      return { allowed: true, limit, remaining: limit - times.length - 1, resetMs: (times[0] ?? now) - windowStart };
    });
  }
}
