// All SQL of the jobs table. Functions take a Kysely instance or a transaction.
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { compiledInsert } from '../db/compiled.js';
import { lockSkipLocked } from '../db/dialect.js';
import { lockJobClaims } from '../db/locks.js';
import type { DialectName, Store } from '../db/store.js';
import { afterCommit, writeTransaction } from '../db/transaction.js';
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

export interface ClaimArgs {
  tasks: string[];
  workerId: string;
  now: number;
  leaseMs: number;
  limit: number;
  /**
   * Tasks whose jobs run at most this many at once per concurrency key, counted over every
   * worker of the store (P37): such claims are serialized, see claimJobs.
   */
  maxPerKey?: Record<string, number>;
}

/**
 * Takes up to `limit` due jobs of the given tasks: pending ones whose time has come, and
 * running ones whose lease ran out (their worker died). Each claim counts as an attempt.
 *
 * With `maxPerKey`, a job with a concurrency key is taken only while fewer than its task's limit
 * of unexpired running jobs share that key, whichever worker holds them. Counting then claiming
 * is one transaction behind a store-wide lock (PostgreSQL: an advisory lock, so two claimers
 * cannot both see the last free place; SQLite: the write lock of BEGIN IMMEDIATE).
 */
export async function claimJobs(store: Store, args: ClaimArgs): Promise<JobRow[]> {
  if (args.tasks.length === 0 || args.limit <= 0) return [];
  const limited = Object.keys(args.maxPerKey ?? {}).filter((t) => args.tasks.includes(t));
  if (limited.length === 0) return claimDue(store.db, store.dialect, args);
  return writeTransaction(store, async (trx) => {
    await lockJobClaims(trx, store.dialect);
    const running = await trx
      .selectFrom('jobs')
      .select(['task', 'concurrency_key'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'running')
      .where('locked_until', '>=', args.now)
      .where('task', 'in', limited)
      .where('concurrency_key', 'is not', null)
      .groupBy(['task', 'concurrency_key'])
      .execute();
    const room = new Map<string, number>();
    const full: string[] = [];
    for (const r of running) {
      const left = (args.maxPerKey?.[r.task] ?? 0) - Number(r.n);
      room.set(`${r.task}\n${r.concurrency_key}`, left);
      if (left <= 0) full.push(r.concurrency_key!);
    }
    // Keys at their limit are left out of the select (a key names one task's subject, e.g. one
    // webhook); a key with some room left takes only that many of the due rows below.
    const candidates = await dueCandidates(trx, store.dialect, args, full);
    const take: number[] = [];
    for (const c of candidates) {
      const max = c.concurrency_key === null ? undefined : args.maxPerKey?.[c.task];
      if (max !== undefined) {
        const slot = `${c.task}\n${c.concurrency_key}`;
        const left = room.get(slot) ?? max;
        if (left <= 0) continue;
        room.set(slot, left - 1);
      }
      take.push(c.id);
    }
    return markClaimed(trx, args, take);
  });
}

/**
 * The due jobs a serialized claim chooses from, in the order they were due: the pending ones
 * and the ones whose lease ran out, asked apart and merged (P49). Each half is one range of its
 * index (jobs_due, jobs_lease) read in order up to the limit; asked as one OR, the store read
 * every due row and sorted them, a whole backlog's worth (thousands of deliveries) per claim.
 */
async function dueCandidates(trx: Kysely<DB>, dialect: DialectName, args: ClaimArgs, exclude: string[]) {
  const { tasks, now, limit } = args;
  const half = (pending: boolean) =>
    lockSkipLocked(
      dialect,
      trx
        .selectFrom('jobs')
        .select(['id', 'task', 'concurrency_key', 'run_at'])
        .where('task', 'in', tasks)
        .$if(exclude.length > 0, (qb) => qb.where((eb) => eb.or([eb('concurrency_key', 'is', null), eb('concurrency_key', 'not in', exclude)])))
        .$if(pending, (qb) => qb.where('status', '=', 'pending').where('run_at', '<=', now))
        .$if(!pending, (qb) => qb.where('status', '=', 'running').where('locked_until', '<', now))
        .orderBy('run_at')
        .orderBy('id')
        .limit(limit),
    ).execute();
  const rows = [...(await half(true)), ...(await half(false))];
  return rows.sort((a, b) => a.run_at - b.run_at || a.id - b.id).slice(0, limit);
}

/** One statement (the due rows as its subquery): atomic on SQLite, SKIP LOCKED on PostgreSQL. */
function claimDue(db: Kysely<DB>, dialect: DialectName, args: ClaimArgs): Promise<JobRow[]> {
  return markClaimed(db, args, dueJobs(db, dialect, args, []).select('id'));
}

function dueJobs(db: Kysely<DB>, dialect: DialectName, args: ClaimArgs, exclude: string[]) {
  const { tasks, now, limit } = args;
  return lockSkipLocked(
    dialect,
    db
      .selectFrom('jobs')
      .where('task', 'in', tasks)
      .$if(exclude.length > 0, (qb) => qb.where((eb) => eb.or([eb('concurrency_key', 'is', null), eb('concurrency_key', 'not in', exclude)])))
      .where((eb) =>
        eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', now)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)])]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit),
  );
}

/**
 * A finished job's place handed on (P49): inside the transaction that deletes the finished job,
 * the next due pending job of the same task and concurrency key is claimed for the same worker.
 * The key's count of running jobs stays what it was (one out, one in), so no claim lock is needed.
 */
export async function claimNextOfKey(
  trx: Kysely<DB>,
  dialect: DialectName,
  args: { task: string; concurrencyKey: string; workerId: string; now: number; leaseMs: number },
): Promise<JobRow | undefined> {
  const row = await lockSkipLocked(
    dialect,
    trx
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', args.now)
      .where('task', '=', args.task)
      .where('concurrency_key', '=', args.concurrencyKey)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1),
  ).executeTakeFirst();
  if (!row) return undefined;
  const [claimed] = await markClaimed(trx, args, [row.id]);
  return claimed;
}

async function markClaimed(
  db: Kysely<DB>,
  args: Pick<ClaimArgs, 'workerId' | 'now' | 'leaseMs'>,
  ids: number[] | SelectQueryBuilder<DB, 'jobs', { id: number }>,
): Promise<JobRow[]> {
  if (Array.isArray(ids) && ids.length === 0) return [];
  const { workerId, now, leaseMs } = args;
  const rows = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', 'in', ids)
    .returningAll()
    .execute();
  // The order they were due in (RETURNING keeps none).
  return rows.sort((a, b) => a.run_at - b.run_at || a.id - b.id);
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

/** Extends the lease of a job still being worked on; false when this worker no longer holds it. */
export async function extendLease(db: Kysely<DB>, id: number, workerId: string, lockedUntil: number): Promise<boolean> {
  const res = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
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

/**
 * A running job lets go of its key (D44's family ratings, P228): an enqueue with the key from now
 * on makes a new job, which waits its turn behind this one (maxPerKey), instead of being dropped.
 */
export async function releaseJobKey(db: Kysely<DB>, id: number): Promise<void> {
  await db.updateTable('jobs').set({ job_key: null }).where('id', '=', id).execute();
}
