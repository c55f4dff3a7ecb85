// Recording background work. Call inside the transaction of the change that causes it, so
// the change and its job commit (or roll back) together.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { DB } from '../db/schema.js';
import { insertJob } from './repository.js';
import type { TaskName, TaskPayloads } from './tasks.js';

export interface EnqueueOptions {
  /** When the job may start (default: now). */
  runAt?: number;
  /** Attempts before the job is given up (default 10). */
  maxAttempts?: number;
  /** At most one live job per key: a second enqueue with the same key does nothing. */
  jobKey?: string;
  /** Jobs sharing it run at most their task's maxPerKey at once per worker (e.g. one webhook). */
  concurrencyKey?: string;
}

const DEFAULT_MAX_ATTEMPTS = 10;

export function enqueue<T extends TaskName>(
  db: Kysely<DB>,
  clock: Clock,
  task: T,
  payload: TaskPayloads[T],
  options: EnqueueOptions = {},
): Promise<number | undefined> {
  const now = clock.now();
  return insertJob(
    db,
    {
      task,
      payload,
      runAt: options.runAt ?? now,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      jobKey: options.jobKey ?? null,
      concurrencyKey: options.concurrencyKey ?? null,
    },
    now,
  );
}
