// The recurring pull job of a feed with a URL: one per feed (its jobKey), made in the
// transaction that creates the feed, so it survives restarts like any job row.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import { enqueue } from '../../core/jobs/queue.js';
import { listPulledFeeds } from './repository.js';

/** Tries of one read before it waits for the next FEED_POLL_INTERVAL (backoff between them). */
const PULL_MAX_ATTEMPTS = 4;

export const pullJobKey = (feedId: number): string => `feeds.pull:${feedId}`;

export async function schedulePull(db: Kysely<DB>, clock: Clock, feedId: number, runAt = clock.now()): Promise<void> {
  await enqueue(db, clock, 'feeds.pull', { feed_id: feedId }, { jobKey: pullJobKey(feedId), runAt, maxAttempts: PULL_MAX_ATTEMPTS });
}

/** At start: every live feed with a URL has its job (a no-op for those that have one). */
export async function ensurePulls(db: Kysely<DB>, clock: Clock): Promise<void> {
  for (const f of await listPulledFeeds(db)) await schedulePull(db, clock, f.id);
}
