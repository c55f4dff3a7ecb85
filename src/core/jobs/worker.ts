// Runs jobs from the jobs table: claims due ones under a lease, runs their task's handler,
// then deletes them (done), reschedules them (retry with backoff) or marks them failed.
import crypto from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Kysely } from 'kysely';
import type { Store } from '../db/store.js';
import type { DB, JobRow } from '../db/schema.js';
import { afterCommit } from '../db/transaction.js';
import { QUICK_TASKS, type TaskName, type TaskPayloads } from './tasks.js';
import { claimJobs, claimNextOfKey, deleteJob, extendLease, failJob, repeatJob, rescheduleJob } from './repository.js';
import { onJobsQueued } from './wake.js';

interface JobContext {
  job: JobRow;
  /** 1 for the first run. */
  attempt: number;
  signal: AbortSignal;
  log: Logger;
  /**
   * Ends the job inside the handler's last write transaction (a writeTransaction's `trx`): the
   * row is deleted with the outcome it records, instead of by a statement of its own after the
   * handler (P49). The handler must not throw after the transaction commits. Not for recurring
   * tasks.
   */
  complete(trx: Kysely<DB>): Promise<void>;
}

export interface TaskDefinition<P> {
  handler: (payload: P, ctx: JobContext) => Promise<void>;
  /** Delay before retry number `attempt` (1-based). Default: 10 s doubling, at most 1 h. */
  backoff?: (attempt: number) => number;
  /**
   * Recurring work: after each run (or after giving up on a run) the same row waits this
   * long for its next run, instead of being deleted or failed. Schedule it once with a jobKey.
   */
  repeatEveryMs?: number;
  /**
   * At most this many of the task's jobs with the same concurrency key run at once, counted
   * over every worker of the store (P37); the others stay in the table, unclaimed, until one
   * ends (e.g. one webhook's deliveries, so a slow receiver holds a few workers, not all).
   */
  maxPerKey?: number;
}

/** Thrown by a handler to give up at once (retrying cannot help). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Thrown by a handler to be retried after a delay of its choosing (e.g. a Retry-After). */
export class RetryJobError extends Error {
  override name = 'RetryJobError';
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

const defaultBackoff = (attempt: number): number => Math.min(10_000 * 2 ** (attempt - 1), 3_600_000);

export interface WorkerOptions {
  store: Store;
  clock: Clock;
  log: Logger;
  /** Jobs of the bulk lane at once (JOB_CONCURRENCY); 0: this process runs no jobs at all. */
  concurrency: number;
  /** Jobs of the quick lane at once (JOB_QUICK_CONCURRENCY, D45); default: as `concurrency`. */
  quickConcurrency?: number;
  pollIntervalMs: number;
  leaseMs: number;
  workerId?: string;
}

/**
 * A lane (D45): a claiming loop over some of the tasks, with its own places. Each lane claims
 * only its own tasks, so a backlog in one never delays the other's jobs.
 */
class Lane {
  readonly inFlight = new Set<Promise<void>>();
  timer: NodeJS.Timeout | undefined;
  wake: (() => void) | undefined;
  nudged = false;
  loopDone: Promise<void> | undefined;
  constructor(
    readonly name: 'quick' | 'bulk',
    readonly concurrency: number,
    readonly tasks: (all: readonly string[]) => string[],
  ) {}
}

export class JobWorker {
  readonly id: string;
  private readonly tasks = new Map<string, TaskDefinition<unknown>>();
  private readonly lanes: Lane[];
  private running = false;
  private readonly abort = new AbortController();
  private unlisten: (() => void) | undefined;

  constructor(private readonly opts: WorkerOptions) {
    this.id = opts.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    const quick = new Set<string>(QUICK_TASKS);
    this.lanes = [
      new Lane('quick', opts.quickConcurrency ?? opts.concurrency, (all) => all.filter((t) => quick.has(t))),
      new Lane('bulk', opts.concurrency, (all) => all.filter((t) => !quick.has(t))),
    ];
  }

  define<T extends TaskName>(task: T, definition: TaskDefinition<TaskPayloads[T]>): void {
    this.tasks.set(task, definition as TaskDefinition<unknown>);
  }

  get taskNames(): string[] {
    return [...this.tasks.keys()];
  }

  /** Starts the polling loops, one per lane (the server does; tests usually call runDue instead). */
  start(): void {
    if (this.running || this.opts.concurrency === 0) return;
    this.running = true;
    this.unlisten = onJobsQueued(() => this.nudge());
    for (const lane of this.lanes) if (lane.concurrency > 0) lane.loopDone = this.loop(lane);
  }

  /** Asks the loops to look for jobs now (this process committed new ones, or a job ended). */
  nudge(): void {
    // Kept when a loop is busy claiming: that claim may have missed what the nudge is about.
    for (const lane of this.lanes) {
      lane.nudged = true;
      lane.wake?.();
    }
  }

  /** Stops claiming, then waits for the jobs in flight to finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.unlisten?.();
    this.nudge();
    for (const lane of this.lanes) await lane.loopDone;
    await Promise.allSettled(this.lanes.flatMap((l) => [...l.inFlight]));
  }

  /** Stops at once: in-flight handlers see their signal aborted (their jobs retry later). */
  async abortAll(): Promise<void> {
    this.abort.abort();
    await this.stop();
  }

  /**
   * Claims and runs due jobs until none is due; returns how many ran. Lets tests drive the
   * queue with a manual clock, without timers.
   */
  async runDue(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const jobs = await this.claim(this.taskNames, Math.max(1, this.opts.concurrency));
      if (jobs.length === 0) break;
      await Promise.all(jobs.map((job) => this.execute(job)));
      total += jobs.length;
    }
    return total;
  }

  private async loop(lane: Lane): Promise<void> {
    const tasks = lane.tasks(this.taskNames);
    if (tasks.length === 0) return;
    while (this.running) {
      // Handlers over a synchronous driver can finish without ever leaving the microtask
      // queue; a round never starts before timers and I/O had their turn.
      await new Promise<void>((resolve) => setImmediate(resolve));
      // This round's claim sees everything committed before it; a nudge from now on asks for another.
      lane.nudged = false;
      const free = lane.concurrency - lane.inFlight.size;
      if (free > 0) {
        try {
          const jobs = await this.claim(tasks, free);
          for (const job of jobs) {
            const p = this.runSlot(job, lane).finally(() => {
              lane.inFlight.delete(p);
              this.nudge();
            });
            lane.inFlight.add(p);
          }
        } catch (err) {
          this.opts.log.error({ err, lane: lane.name }, 'job claim failed');
        }
      }
      // Sleep until a nudge (new jobs committed here, a job ended: P49) or the poll. A claim that
      // filled the free places leaves none; one that did not took every job it may take now, so
      // claiming again at once would only repeat the search (a whole scan of the due jobs of a
      // webhook at its in-flight limit). A nudge that came during the round is not lost.
      // stop() may have cleared `running` while this round awaited its claim.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      if (this.running && !lane.nudged) {
        await new Promise<void>((resolve) => {
          lane.wake = resolve;
          lane.timer = setTimeout(resolve, this.opts.pollIntervalMs);
        });
        clearTimeout(lane.timer);
        lane.wake = undefined;
      }
    }
  }

  /** Claims due jobs of these tasks; keys at their limit (across workers) are left for later. */
  private async claim(tasks: string[], limit: number): Promise<JobRow[]> {
    const maxPerKey: Record<string, number> = {};
    for (const task of tasks) {
      const def = this.tasks.get(task);
      if (def?.maxPerKey !== undefined) maxPerKey[task] = def.maxPerKey;
    }
    return claimJobs(this.opts.store, {
      tasks,
      workerId: this.id,
      now: this.opts.clock.now(),
      leaseMs: this.opts.leaseMs,
      limit,
      maxPerKey,
    });
  }

  /** Runs a job, then the jobs its place was handed on to (see `complete`), in one slot. */
  private async runSlot(job: JobRow, lane?: Lane): Promise<void> {
    let next: JobRow | undefined = job;
    while (next) next = await this.execute(next, lane);
  }

  /**
   * Whether a job ending now hands its place to the next due job of its key: only while the
   * loop runs and has free places of its own (so jobs of other keys, which the loop claims in
   * the order they were due, never wait behind a key's backlog).
   */
  private handsOn(job: JobRow, def: TaskDefinition<unknown>, lane: Lane | undefined): boolean {
    return this.running && lane !== undefined && job.concurrency_key !== null && def.maxPerKey !== undefined && lane.inFlight.size < lane.concurrency;
  }

  /** Runs one job (in `lane`; none under runDue); returns the job its place was handed on to, if any. */
  private async execute(job: JobRow, lane?: Lane): Promise<JobRow | undefined> {
    const { store, clock, leaseMs } = this.opts;
    const db = store.db;
    const log = this.opts.log.child({ job_id: job.id, task: job.task, attempt: job.attempts });
    const def = this.tasks.get(job.task);
    if (!def) return undefined; // claimJobs only takes known tasks

    // A lease that ran out with no attempts left means its workers kept dying on it.
    if (job.attempts > job.max_attempts) {
      await failJob(db, { id: job.id, workerId: this.id, error: job.last_error ?? 'worker lost the job (lease expired)', now: clock.now() }).catch(
        (err: unknown) => log.error({ err }, 'could not record job failure'),
      );
      log.error('job given up: its lease expired on its last attempt');
      return undefined;
    }

    // The lease is short (JOB_LEASE, P35) and renewed every third of it while the handler runs.
    // A renewal finding the job no longer ours (the lease ran out and another worker took it)
    // aborts the handler: its outcome would not be recorded anyway (every write below is the
    // lease holder's only), and its side effects should stop.
    // One controller per job, aborted by abortAll() or by a lost lease (AbortSignal.any cost
    // more than the rest of a short job's bookkeeping, P49).
    const lost = new AbortController();
    const signal = lost.signal;
    const onAbortAll = () => lost.abort(this.abort.signal.reason);
    if (this.abort.signal.aborted) onAbortAll();
    else this.abort.signal.addEventListener('abort', onAbortAll, { once: true });
    const heartbeat = setInterval(
      () => {
        extendLease(db, job.id, this.id, clock.now() + leaseMs).then(
          (held) => {
            if (held || signal.aborted) return;
            log.warn('job lease lost to another worker; stopping it');
            lost.abort(new Error('job lease lost'));
          },
          (err: unknown) => log.warn({ err }, 'lease renewal failed'),
        );
      },
      Math.max(250, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const started = Date.now();
    // Set once the transaction that completed the job has committed.
    const done: { completed: boolean; next?: JobRow } = { completed: false };
    const complete = async (trx: Kysely<DB>): Promise<void> => {
      if (def.repeatEveryMs) throw new Error('complete() is for one-off jobs');
      await deleteJob(trx, job.id, this.id);
      const handOn =
        this.handsOn(job, def, lane) &&
        (await claimNextOfKey(trx, store.dialect, { task: job.task, concurrencyKey: job.concurrency_key!, workerId: this.id, now: clock.now(), leaseMs }));
      afterCommit(trx, () => {
        done.completed = true;
        if (handOn) done.next = handOn;
      });
    };
    try {
      await def.handler(JSON.parse(job.payload), { job, attempt: job.attempts, signal, log, complete });
      if (def.repeatEveryMs) await repeatJob(db, { id: job.id, workerId: this.id, runAt: clock.now() + def.repeatEveryMs, error: null, now: clock.now() });
      else if (!done.completed) await deleteJob(db, job.id, this.id);
      log.debug({ ms: Date.now() - started }, 'job done');
    } catch (err) {
      const error = errorText(err);
      if (done.completed) {
        // Its outcome is recorded and its row gone: nothing is left to retry.
        log.error({ error }, 'job failed after completing');
        return done.next;
      }
      const now = clock.now();
      const givingUp = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (givingUp && def.repeatEveryMs) {
        await repeatJob(db, { id: job.id, workerId: this.id, runAt: now + def.repeatEveryMs, error, now }).catch((e: unknown) =>
          log.error({ err: e }, 'could not reschedule job'),
        );
        log.error({ error }, 'recurring job failed; it runs again at its next time');
      } else if (givingUp) {
        await failJob(db, { id: job.id, workerId: this.id, error, now }).catch((e: unknown) => log.error({ err: e }, 'could not record job failure'));
        log.error({ error }, 'job failed for good');
      } else {
        const delay = err instanceof RetryJobError ? err.delayMs : (def.backoff ?? defaultBackoff)(job.attempts);
        await rescheduleJob(db, { id: job.id, workerId: this.id, runAt: now + delay, error, now }).catch((e: unknown) =>
          log.error({ err: e }, 'could not reschedule job'),
        );
        log.warn({ error, retry_in_ms: delay }, 'job failed; will retry');
      }
    } finally {
      clearInterval(heartbeat);
      this.abort.signal.removeEventListener('abort', onAbortAll);
    }
    // Claimed in the completing transaction: it runs here whatever the rest of the handler did.
    return done.next;
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 2000);
}
