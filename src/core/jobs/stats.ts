// What the jobs table holds, counted for the metrics (P38): one grouped query, read per scrape.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

export type JobState = 'waiting' | 'scheduled' | 'running' | 'failed';

export interface JobCount {
  task: string;
  state: JobState;
  count: number;
  /** The earliest run_at among them (the oldest waiting job's due time). */
  oldestRunAt: number;
}

/** Jobs by task and state at `now`: pending ones are waiting when due, scheduled when not. */
export async function jobCounts(db: Kysely<DB>, now: number): Promise<JobCount[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => [
      'task',
      'status',
      sql<number>`case when run_at <= ${now} then 1 else 0 end`.as('due'),
      eb.fn.countAll().as('n'),
      eb.fn.min('run_at').as('oldest'),
    ])
    // `due` by its output name: the expression's parameter would not match a second copy (PostgreSQL).
    .groupBy(['task', 'status', sql`due`])
    .execute();
  const counts = new Map<string, JobCount>();
  for (const r of rows) {
    const state: JobState = r.status === 'pending' ? (Number(r.due) === 1 ? 'waiting' : 'scheduled') : r.status;
    const key = `${r.task} ${state}`;
    const prev = counts.get(key);
    const n = Number(r.n);
    const oldest = Number(r.oldest);
    if (prev) {
      prev.count += n;
      prev.oldestRunAt = Math.min(prev.oldestRunAt, oldest);
    } else counts.set(key, { task: r.task, state, count: n, oldestRunAt: oldest });
  }
  return [...counts.values()];
}
