// All SQL of the jobs table. Functions take a Kysely instance or a transaction.
import type { Kysely } from 'kysely';
import { compiledInsert } from '../db/compiled.js';
import { lockSkipLocked } from '../db/dialect.js';
import { type DialectName } from '../db/store.js';
import { afterCommit } from '../db/transaction.js';
import { jobsQueued } from './wake.js';
import type { DB, JobRow } from '../db/schema.js';
import type { TaskName, TaskPayloads } from './tasks.js';
import { chunks } from '../util/chunks.js';

export interface NewJobInput<T extends TaskName = TaskName> {
  task: T;
  payload: TaskPayloads[T];
  runAt: number;
  maxAttempts: number;
  jobKey?: string | null;
  concurrencyKey?: string | null;
}

/** Inserts a job; with a jobKey already live, does nothing and returns undefined. */
export async function insertJob<T extends TaskName>(db: Kysely<DB>, job: NewJobInput<T>, now: number): Promise<number | undefined> {
  const row = await db
    .insertInto('jobs')
    .values({
      task: job.task,
      payload: JSON.stringify(job.payload),
      status: 'pending',
      job_key: job.jobKey ?? null,
      concurrency_key: job.concurrencyKey ?? null,
      run_at: job.runAt,
      attempts: 0,
      max_attempts: job.maxAttempts,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row && job.runAt <= now) afterCommit(db, jobsQueued);
  return row?.id;
}

/**
 * Takes up to `limit` due jobs of the given tasks: pending ones whose time has come, and
 * running ones whose lease ran out (their worker died). Each claim counts as an attempt.
 */
export async function claimJobs(
  db: Kysely<DB>,
  dialect: DialectName,
  args: { tasks: string[]; workerId: string; now: number; leaseMs: number; limit: number; excludeKeys?: string[] },
): Promise<JobRow[]> {
  const { tasks, workerId, now, leaseMs, limit } = args;
  const exclude = args.excludeKeys ?? [];
  if (tasks.length === 0 || limit <= 0) return [];
  const due = lockSkipLocked(
    dialect,
    db
      .selectFrom('jobs')
      .select('id')
      .where('task', 'in', tasks)
      .$if(exclude.length > 0, (qb) => qb.where((eb) => eb.or([eb('concurrency_key', 'is', null), eb('concurrency_key', 'not in', exclude)])))
      .where((eb) =>
        eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit),
  );
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

/** Hands claimed jobs back untouched (their key was busy): pending again, the claim not counted. */
export async function unclaimJobs(db: Kysely<DB>, ids: number[], workerId: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'pending', locked_by: null, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', 'in', ids)
    .where('locked_by', '=', workerId)
    .execute();
}

/** Finished: the row goes (a done job has nothing more to say). Only the lease holder may. */
export async function deleteJob(db: Kysely<DB>, id: number, workerId: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).where('locked_by', '=', workerId).execute();
}

export async function rescheduleJob(db: Kysely<DB>, args: { id: number; workerId: string; runAt: number; error: string; now: number }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: args.runAt, last_error: args.error, locked_by: null, locked_until: null, updated_at: args.now })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.workerId)
    .execute();
}

/** Gives up on a job. Its key is released so recurring work can be scheduled again. */
export async function failJob(db: Kysely<DB>, args: { id: number; workerId: string; error: string; now: number }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'failed', last_error: args.error, job_key: null, locked_by: null, locked_until: null, updated_at: args.now })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.workerId)
    .execute();
}

/** Extends the lease of a job still being worked on. */
export async function extendLease(db: Kysely<DB>, id: number, workerId: string, lockedUntil: number): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .execute();
}

export async function findJob(db: Kysely<DB>, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

const insertJobRows = compiledInsert('jobs', [
  'task',
  'payload',
  'status',
  'job_key',
  'concurrency_key',
  'run_at',
  'attempts',
  'max_attempts',
  'created_at',
  'updated_at',
]);

/** Inserts many keyless jobs at once (e.g. one per event of a large reconcile). */
export async function insertJobs<T extends TaskName>(db: Kysely<DB>, jobs: Omit<NewJobInput<T>, 'jobKey'>[], now: number): Promise<void> {
  for (const part of chunks(jobs)) {
    const values: unknown[] = [];
    for (const job of part) {
      values.push(job.task, JSON.stringify(job.payload), 'pending', null, job.concurrencyKey ?? null, job.runAt, 0, job.maxAttempts, now, now);
    }
    await insertJobRows.flat(db, part.length, values);
  }
  if (jobs.some((j) => j.runAt <= now)) afterCommit(db, jobsQueued);
}

/** A recurring job ran (or gave up this round): it waits for its next time, attempts reset. */
export async function repeatJob(db: Kysely<DB>, args: { id: number; workerId: string; runAt: number; error: string | null; now: number }): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ status: 'pending', run_at: args.runAt, attempts: 0, last_error: args.error, locked_by: null, locked_until: null, updated_at: args.now })
    .where('id', '=', args.id)
    .where('locked_by', '=', args.workerId)
    .execute();
}

/** Removes the live job with this key (e.g. a recurring job whose subject is gone); returns whether one was. */
export async function deleteJobByKey(db: Kysely<DB>, jobKey: string): Promise<boolean> {
  const res = await db.deleteFrom('jobs').where('job_key', '=', jobKey).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
