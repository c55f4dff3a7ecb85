// Listing expiry (D5): a daily job marks `expired` the cars for sale that the dealer has not
// sent again (PUT, sync, feed) for LISTING_TTL_DAYS.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import type { DB } from '../../core/db/schema.js';
import { enqueue } from '../../core/jobs/queue.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import { SENT_AT_STEP_MS, expireStale } from './repository.js';

const DAY_MS = 86_400_000;

export function defineExpiry(worker: JobWorker, store: Store, clock: Clock, ttlDays: number): void {
  worker.define('vehicles.expire', {
    repeatEveryMs: DAY_MS,
    handler: async (_payload, { log }) => {
      const now = clock.now();
      // A resend within SENT_AT_STEP_MS of the last one recorded is not written (P263): allowing
      // for it, a car expires at most an hour late, never early.
      const expired = await expireStale(store.db, now - ttlDays * DAY_MS - SENT_AT_STEP_MS, now);
      if (expired > 0) log.info({ expired, ttl_days: ttlDays }, 'listings expired');
    },
  });
}

/** Makes sure the daily job exists (one for the whole store, whatever the number of processes). */
export async function scheduleExpiry(db: Kysely<DB>, clock: Clock): Promise<void> {
  await enqueue(db, clock, 'vehicles.expire', {}, { jobKey: 'vehicles.expire', maxAttempts: 5 });
}
