// The jobs backbone: transactional enqueue, retries and their schedule, give-up rules, job
// keys, leases (in-process and after a real crash), concurrent workers, and start/stop.
// Runs on SQLite, or on PostgreSQL with TEST_DATABASE_URL. Time is a ManualClock throughout
// (except the crash test's child process, which uses the real clock with a long lease).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { ManualClock, type Clock } from '../../src/core/clock.js';
import { openStore, type Store } from '../../src/core/db/store.js';
import type { JobRow } from '../../src/core/db/schema.js';
import { writeTransaction } from '../../src/core/db/transaction.js';
import { enqueue } from '../../src/core/jobs/queue.js';
import { claimJobs, deleteJob, extendLease, failJob, findJob, rescheduleJob } from '../../src/core/jobs/repository.js';
import { JobWorker, PermanentJobError, RetryJobError, type TaskDefinition } from '../../src/core/jobs/worker.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import '../fixtures/test-tasks.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CRASH_WORKER = path.join(ROOT, 'test', 'fixtures', 'crash-worker.ts');
const silent = pino({ level: 'silent' });
const LEASE_MS = 30_000;

async function freshStore(t: TestContext): Promise<TestStore> {
  const ts = await openTestStore();
  t.after(() => ts.dispose());
  return ts;
}

function makeWorker(store: Store, clock: Clock, opts: { workerId?: string; concurrency?: number; pollIntervalMs?: number; leaseMs?: number } = {}): JobWorker {
  return new JobWorker({
    store,
    clock,
    log: silent,
    concurrency: opts.concurrency ?? 2,
    pollIntervalMs: opts.pollIntervalMs ?? 1_000,
    leaseMs: opts.leaseMs ?? LEASE_MS,
    ...(opts.workerId ? { workerId: opts.workerId } : {}),
  });
}

async function allJobs(store: Store): Promise<JobRow[]> {
  return store.db.selectFrom('jobs').selectAll().orderBy('id').execute();
}

async function mustFind(store: Store, id: number): Promise<JobRow> {
  const row = await findJob(store.db, id);
  assert.ok(row, `job ${id} should exist`);
  return row;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test(`[${STORE_NAME}] enqueue inside a rolled-back transaction leaves no job; a committed one exists and runs`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());

  let rolledBackId: number | undefined;
  await assert.rejects(
    store.db.transaction().execute(async (trx) => {
      rolledBackId = await enqueue(trx, clock, 'task', { n: 1 });
      assert.equal(typeof rolledBackId, 'number');
      // Visible inside its own transaction…
      assert.ok(await findJob(trx, rolledBackId!));
      throw new Error('rollback please');
    }),
    /rollback please/,
  );
  // …and gone with it.
  assert.equal(await findJob(store.db, rolledBackId!), undefined);
  assert.deepEqual(await allJobs(store), []);

  const committedId = await store.db.transaction().execute(async (trx) => {
    const id = await enqueue(trx, clock, 'task', { n: 2 });
    await trx.selectFrom('jobs').select('id').execute(); // other work in the same transaction
    return id;
  });
  assert.equal(typeof committedId, 'number');
  const row = await mustFind(store, committedId!);
  assert.equal(row.status, 'pending');
  assert.equal(row.task, 'task');

  const seen: unknown[] = [];
  const worker = makeWorker(store, clock);
  worker.define('task', { handler: async (payload) => void seen.push(payload) });
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(seen, [{ n: 2 }]);
  assert.deepEqual(await allJobs(store), []);
});

test(`[${STORE_NAME}] payload round-trips, first run is attempt 1, a done job's row is deleted`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const payload = {
    text: 'Córdoba – 車 "quoted" \\ back\nslash',
    int: 42,
    float: -3.25,
    big: 2 ** 52,
    yes: true,
    no: false,
    nothing: null,
    list: [1, 'two', { three: [3] }],
    nested: { a: { b: { c: [] } } },
  };
  const id = await enqueue(store.db, clock, 'roundtrip', payload);
  assert.ok(id);
  const stored = await mustFind(store, id);
  assert.equal(stored.status, 'pending');
  assert.equal(stored.attempts, 0);
  assert.equal(stored.run_at, clock.now());
  assert.equal(stored.max_attempts, 10);
  assert.deepEqual(JSON.parse(stored.payload), payload);

  const worker = makeWorker(store, clock, { workerId: 'w-roundtrip' });
  const calls: { payload: unknown; attempt: number; jobId: number; row: JobRow | undefined }[] = [];
  worker.define('roundtrip', {
    handler: async (p, ctx) => {
      calls.push({ payload: p, attempt: ctx.attempt, jobId: ctx.job.id, row: await findJob(store.db, ctx.job.id) });
    },
  });
  assert.equal(await worker.runDue(), 1);
  assert.equal(calls.length, 1);
  const call = calls[0]!;
  assert.deepEqual(call.payload, payload);
  assert.equal(call.attempt, 1);
  assert.equal(call.jobId, id);
  // While it ran, the row was held under this worker's lease.
  assert.equal(call.row?.status, 'running');
  assert.equal(call.row.locked_by, 'w-roundtrip');
  assert.equal(call.row.locked_until, clock.now() + LEASE_MS);
  assert.equal(call.row.attempts, 1);
  // Done: deleted.
  assert.equal(await findJob(store.db, id), undefined);
  assert.equal(await worker.runDue(), 0);
  assert.equal(calls.length, 1);
});

test(`[${STORE_NAME}] a failing job retries on its backoff schedule, then succeeds and is deleted`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const backoff = (attempt: number) => attempt * 7_000 + 123;
  const attempts: number[] = [];
  const worker = makeWorker(store, clock);
  worker.define('flaky', {
    backoff,
    handler: async (p, ctx) => {
      assert.deepEqual(p, { k: 'v' });
      attempts.push(ctx.attempt);
      if (ctx.attempt <= 2) throw new Error(`boom ${ctx.attempt}`);
    },
  });
  const id = (await enqueue(store.db, clock, 'flaky', { k: 'v' }))!;

  // First run fails: back to pending, one attempt spent, retry at now + backoff(1).
  assert.equal(await worker.runDue(), 1);
  let row = await mustFind(store, id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 1);
  assert.equal(row.last_error, 'Error: boom 1');
  assert.equal(row.run_at, clock.now() + backoff(1));
  assert.equal(row.locked_by, null);
  assert.equal(row.locked_until, null);

  // Not due yet: nothing runs, up to the last millisecond before.
  assert.equal(await worker.runDue(), 0);
  clock.advance(backoff(1) - 1);
  assert.equal(await worker.runDue(), 0);
  assert.deepEqual(attempts, [1]);

  // Due: second attempt fails too, scheduled by backoff(2).
  clock.advance(1);
  assert.equal(await worker.runDue(), 1);
  row = await mustFind(store, id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 2);
  assert.equal(row.last_error, 'Error: boom 2');
  assert.equal(row.run_at, clock.now() + backoff(2));

  clock.advance(backoff(2) - 1);
  assert.equal(await worker.runDue(), 0);
  clock.advance(1);
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(attempts, [1, 2, 3]);
  assert.equal(await findJob(store.db, id), undefined);
});

test(`[${STORE_NAME}] maxAttempts: the last failure marks the job failed and frees its key`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const worker = makeWorker(store, clock);
  let calls = 0;
  worker.define('doomed', {
    backoff: () => 1_000,
    handler: async (_p, ctx) => {
      calls++;
      throw new Error(`fail ${ctx.attempt}`);
    },
  });
  const id = (await enqueue(store.db, clock, 'doomed', {}, { maxAttempts: 2, jobKey: 'doomed:1' }))!;

  assert.equal(await worker.runDue(), 1);
  let row = await mustFind(store, id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 1);
  assert.equal(row.job_key, 'doomed:1');

  clock.advance(1_000);
  assert.equal(await worker.runDue(), 1);
  row = await mustFind(store, id);
  assert.equal(row.status, 'failed');
  assert.equal(row.attempts, 2);
  assert.equal(row.last_error, 'Error: fail 2');
  assert.equal(row.job_key, null);
  assert.equal(row.locked_by, null);
  assert.equal(row.locked_until, null);

  // Failed jobs are never picked up again…
  clock.advance(86_400_000);
  assert.equal(await worker.runDue(), 0);
  assert.equal(calls, 2);
  // …and the key is free for new work.
  const again = await enqueue(store.db, clock, 'doomed', {}, { jobKey: 'doomed:1' });
  assert.equal(typeof again, 'number');
  assert.notEqual(again, id);
});

test(`[${STORE_NAME}] PermanentJobError fails the job after a single attempt`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const worker = makeWorker(store, clock);
  let calls = 0;
  worker.define('permanent', {
    handler: async () => {
      calls++;
      throw new PermanentJobError('cannot ever work');
    },
  });
  const id = (await enqueue(store.db, clock, 'permanent', {}, { jobKey: 'perm' }))!;
  assert.equal(await worker.runDue(), 1);
  const row = await mustFind(store, id);
  assert.equal(row.status, 'failed');
  assert.equal(row.attempts, 1);
  assert.equal(row.max_attempts, 10);
  assert.equal(row.last_error, 'PermanentJobError: cannot ever work');
  assert.equal(row.job_key, null);
  clock.advance(86_400_000);
  assert.equal(await worker.runDue(), 0);
  assert.equal(calls, 1);
});

test(`[${STORE_NAME}] RetryJobError reschedules at exactly now + its delay (not the backoff)`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const worker = makeWorker(store, clock);
  const attempts: number[] = [];
  worker.define('ratelimited', {
    backoff: () => 1,
    handler: async (_p, ctx) => {
      attempts.push(ctx.attempt);
      if (ctx.attempt === 1) throw new RetryJobError('429 from upstream', 12_345);
    },
  });
  const id = (await enqueue(store.db, clock, 'ratelimited', {}))!;
  const t0 = clock.now();
  assert.equal(await worker.runDue(), 1);
  const row = await mustFind(store, id);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 1);
  assert.equal(row.run_at, t0 + 12_345);
  assert.equal(row.last_error, 'RetryJobError: 429 from upstream');

  clock.advance(12_344);
  assert.equal(await worker.runDue(), 0);
  clock.advance(1);
  assert.equal(await worker.runDue(), 1);
  assert.deepEqual(attempts, [1, 2]);
  assert.equal(await findJob(store.db, id), undefined);
});

test(`[${STORE_NAME}] jobKey: one live job per key; the key is reusable once the job is done`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const first = await enqueue(store.db, clock, 'keyed', { v: 1 }, { jobKey: 'sync:dealer-1' });
  assert.equal(typeof first, 'number');
  assert.equal(await enqueue(store.db, clock, 'keyed', { v: 2 }, { jobKey: 'sync:dealer-1' }), undefined);
  // Also inside a transaction (where the service enqueues), without breaking it.
  await store.db.transaction().execute(async (trx) => {
    assert.equal(await enqueue(trx, clock, 'keyed', { v: 3 }, { jobKey: 'sync:dealer-1' }), undefined);
    assert.equal(typeof (await enqueue(trx, clock, 'keyed', { v: 4 }, { jobKey: 'sync:dealer-2' })), 'number');
  });
  let rows = await allJobs(store);
  assert.deepEqual(
    rows.map((r) => [r.job_key, JSON.parse(r.payload)]),
    [
      ['sync:dealer-1', { v: 1 }],
      ['sync:dealer-2', { v: 4 }],
    ],
  );
  // Jobs without a key never collide.
  const a = await enqueue(store.db, clock, 'unkeyed', {});
  const b = await enqueue(store.db, clock, 'unkeyed', {});
  assert.ok(a && b && a !== b);

  const worker = makeWorker(store, clock);
  const whileRunning: (number | undefined)[] = [];
  const ran: unknown[] = [];
  worker.define('keyed', {
    handler: async (p, ctx) => {
      ran.push(p);
      // Still live while running: a duplicate is still refused.
      if (ctx.job.job_key === 'sync:dealer-1') {
        whileRunning.push(await enqueue(store.db, clock, 'keyed', { v: 5 }, { jobKey: 'sync:dealer-1' }));
      }
    },
  });
  assert.equal(await worker.runDue(), 2);
  assert.deepEqual(whileRunning, [undefined]);
  assert.deepEqual(ran, [{ v: 1 }, { v: 4 }]);
  rows = await allJobs(store);
  assert.deepEqual(
    rows.map((r) => r.task),
    ['unkeyed', 'unkeyed'],
  );

  // Done: the key can be used again.
  const reused = await enqueue(store.db, clock, 'keyed', { v: 6 }, { jobKey: 'sync:dealer-1' });
  assert.equal(typeof reused, 'number');
  assert.notEqual(reused, first);
  assert.equal((await mustFind(store, reused!)).job_key, 'sync:dealer-1');
});

test(`[${STORE_NAME}] an expired lease is taken over by another worker; the dead worker's late calls change nothing`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const id = (await enqueue(store.db, clock, 'lease', { x: 1 }))!;

  // Worker A claims the job, then "dies" (never finishes, never renews).
  const t0 = clock.now();
  const claimed = await claimJobs(store, { tasks: ['lease'], workerId: 'worker-A', now: t0, leaseMs: LEASE_MS, limit: 10 });
  assert.deepEqual(
    claimed.map((j) => j.id),
    [id],
  );
  assert.equal(claimed[0]!.status, 'running');
  assert.equal(claimed[0]!.attempts, 1);
  assert.equal(claimed[0]!.locked_by, 'worker-A');
  assert.equal(claimed[0]!.locked_until, t0 + LEASE_MS);

  const seen: { attempt: number; before: JobRow | undefined; after: JobRow | undefined }[] = [];
  const b = makeWorker(store, clock, { workerId: 'worker-B' });
  b.define('lease', {
    handler: async (_p, ctx) => {
      const before = await findJob(store.db, ctx.job.id);
      // A wakes up late and reports on the job B now holds: every call must be a no-op.
      await deleteJob(store.db, ctx.job.id, 'worker-A');
      await rescheduleJob(store.db, { id: ctx.job.id, workerId: 'worker-A', runAt: 0, error: 'late A', now: clock.now() });
      await failJob(store.db, { id: ctx.job.id, workerId: 'worker-A', error: 'late A', now: clock.now() });
      await extendLease(store.db, ctx.job.id, 'worker-A', clock.now() + 10 * LEASE_MS);
      seen.push({ attempt: ctx.attempt, before, after: await findJob(store.db, ctx.job.id) });
    },
  });

  // The lease holds: B takes nothing, up to and including its last millisecond.
  assert.equal(await b.runDue(), 0);
  clock.advance(LEASE_MS);
  assert.equal(await b.runDue(), 0);
  assert.equal((await mustFind(store, id)).locked_by, 'worker-A');

  clock.advance(1);
  assert.equal(await b.runDue(), 1);
  assert.equal(seen.length, 1);
  const s = seen[0]!;
  assert.equal(s.attempt, 2);
  assert.equal(s.before?.status, 'running');
  assert.equal(s.before.locked_by, 'worker-B');
  assert.equal(s.before.locked_until, clock.now() + LEASE_MS);
  assert.deepEqual(s.after, s.before);
  // B finished it.
  assert.equal(await findJob(store.db, id), undefined);
});

test(`[${STORE_NAME}] a lease that expires on the last attempt fails the job without running it`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const id = (await enqueue(store.db, clock, 'lost', {}, { maxAttempts: 1, jobKey: 'lost:1' }))!;
  const claimed = await claimJobs(store, { tasks: ['lost'], workerId: 'dead', now: clock.now(), leaseMs: LEASE_MS, limit: 1 });
  assert.equal(claimed.length, 1);

  const w = makeWorker(store, clock);
  let calls = 0;
  w.define('lost', {
    handler: async () => {
      calls++;
    },
  });
  clock.advance(LEASE_MS + 1);
  assert.equal(await w.runDue(), 1);
  assert.equal(calls, 0);
  const row = await mustFind(store, id);
  assert.equal(row.status, 'failed');
  assert.equal(row.attempts, 2);
  assert.match(row.last_error ?? '', /lease expired/);
  assert.equal(row.job_key, null);
});

test(`[${STORE_NAME}] a worker process killed mid-job: its job stays running until the lease ends, then another worker finishes it`, async (t) => {
  const ts = await freshStore(t);
  const { store } = ts;
  const id = (await enqueue(store.db, new ManualClock(Date.now()), 'crash', { crash: true }))!;

  const child = spawn(process.execPath, ['--import', 'tsx', CRASH_WORKER], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: ts.url, LEASE_MS: '60000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  t.after(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });

  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`child never started the job\nstdout: ${stdout}\nstderr: ${stderr}`)), 20_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (stdout.includes(`started ${id}\n`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`child exited early (${code ?? signal})\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });

  const killedAt = Date.now();
  child.kill('SIGKILL');
  await exited;
  assert.equal(child.signalCode, 'SIGKILL');

  // The dead worker's claim is still there.
  const row = await mustFind(store, id);
  assert.equal(row.status, 'running');
  assert.equal(row.attempts, 1);
  assert.equal(row.locked_by, `crash-worker:${child.pid}`);
  assert.ok(row.locked_until! > killedAt && row.locked_until! <= killedAt + 60_000, `locked_until ${row.locked_until}`);

  const clock = new ManualClock(Date.now());
  const attempts: number[] = [];
  const w = makeWorker(store, clock, { leaseMs: 60_000 });
  w.define('crash', {
    handler: async (p, ctx) => {
      assert.deepEqual(p, { crash: true });
      attempts.push(ctx.attempt);
    },
  });
  // Lease not over: nobody takes the job.
  assert.equal(await w.runDue(), 0);
  clock.set(Date.now() + 61_000);
  assert.equal(await w.runDue(), 1);
  assert.deepEqual(attempts, [2]);
  assert.equal(await findJob(store.db, id), undefined);
});

test(`[${STORE_NAME}] two workers on separate connections never run the same job, and together run every job once`, async (t) => {
  const ts = await freshStore(t);
  const s1 = openStore({ url: ts.url });
  const s2 = openStore({ url: ts.url });
  t.after(async () => {
    await s1.close();
    await s2.close();
  });
  const clock = new ManualClock(Date.now());
  const N = 200;
  const ids = await ts.store.db.transaction().execute(async (trx) => {
    const out: number[] = [];
    for (let i = 0; i < N; i++) out.push((await enqueue(trx, clock, 'par', { i }))!);
    return out;
  });

  const runs = new Map<number, string[]>();
  const runningNow = new Set<number>();
  const overlaps: number[] = [];
  const def = (name: string): TaskDefinition<{ i: number }> => ({
    handler: async (p, ctx) => {
      const id = ctx.job.id;
      assert.equal(ctx.job.locked_by, name);
      assert.equal(p.i, ids.indexOf(id));
      if (runningNow.has(id)) overlaps.push(id);
      runningNow.add(id);
      runs.set(id, [...(runs.get(id) ?? []), name]);
      await new Promise((r) => setImmediate(r));
      runningNow.delete(id);
    },
  });
  const w1 = makeWorker(s1, clock, { workerId: 'w1', concurrency: 4 });
  const w2 = makeWorker(s2, clock, { workerId: 'w2', concurrency: 4 });
  w1.define('par', def('w1'));
  w2.define('par', def('w2'));

  const [n1, n2] = await Promise.all([w1.runDue(), w2.runDue()]);
  assert.deepEqual(overlaps, []);
  assert.equal(n1 + n2, N);
  assert.equal(runs.size, N);
  for (const id of ids) assert.equal(runs.get(id)?.length, 1, `job ${id} ran ${runs.get(id)?.length ?? 0} times`);
  const byWorker = { w1: 0, w2: 0 };
  for (const [who] of runs.values()) byWorker[who as 'w1' | 'w2']++;
  assert.deepEqual(byWorker, { w1: n1, w2: n2 });
  if (STORE_NAME === 'postgres') {
    assert.ok(n1 > 0 && n2 > 0, `both workers should have worked: w1=${n1} w2=${n2}`);
  }
  assert.deepEqual(await allJobs(ts.store), []);
});

test(`[${STORE_NAME}] stop() waits for the in-flight handler, and nothing is claimed after it`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const POLL_MS = 5;
  const worker = makeWorker(store, clock, { pollIntervalMs: POLL_MS, concurrency: 2 });
  t.after(() => worker.stop());
  const events: string[] = [];
  const started = deferred();
  const release = deferred();
  worker.define('slow', {
    handler: async (p) => {
      events.push(`start ${p.n}`);
      started.resolve();
      await release.promise;
      events.push(`end ${p.n}`);
    },
  });

  const id1 = (await enqueue(store.db, clock, 'slow', { n: 1 }))!;
  worker.start();
  await started.promise;
  assert.equal((await mustFind(store, id1)).status, 'running');

  const stopped = worker.stop().then(() => events.push('stopped'));
  await sleep(4 * POLL_MS);
  assert.deepEqual(events, ['start 1'], 'stop must not resolve while a handler runs');

  release.resolve();
  await stopped;
  assert.deepEqual(events, ['start 1', 'end 1', 'stopped']);
  // Its completion was recorded before stop resolved.
  assert.equal(await findJob(store.db, id1), undefined);

  // Stopped: a new due job stays untouched, however many poll intervals pass.
  const id2 = (await enqueue(store.db, clock, 'slow', { n: 2 }))!;
  worker.nudge();
  await sleep(10 * POLL_MS);
  const row = await mustFind(store, id2);
  assert.equal(row.status, 'pending');
  assert.equal(row.attempts, 0);
  assert.equal(row.locked_by, null);
  assert.deepEqual(events, ['start 1', 'end 1', 'stopped']);
});

test(`[${STORE_NAME}] maxPerKey is one budget across workers: three workers on separate connections never run more than it at once`, async (t) => {
  const ts = await freshStore(t);
  const stores = [openStore({ url: ts.url }), openStore({ url: ts.url }), openStore({ url: ts.url })];
  t.after(() => Promise.all(stores.map((s) => s.close())));
  const clock = new ManualClock(Date.now());
  let running = 0;
  let most = 0;
  const ran: number[] = [];
  const workers = stores.map((s, i) => {
    const w = makeWorker(s, clock, { workerId: `w${i}`, concurrency: 4, pollIntervalMs: 10 });
    w.define('keyed', {
      maxPerKey: 2,
      handler: async ({ v }) => {
        most = Math.max(most, ++running);
        await sleep(20);
        running--;
        ran.push(v);
      },
    });
    return w;
  });
  for (const w of workers) w.start();
  t.after(() => Promise.all(workers.map((w) => w.stop())));
  await ts.store.db.transaction().execute(async (trx) => {
    for (let v = 0; v < 12; v++) await enqueue(trx, clock, 'keyed', { v }, { concurrencyKey: 'hook:1' });
  });
  const end = Date.now() + 30_000;
  while (ran.length < 12 && Date.now() < end) await sleep(20);
  assert.deepEqual(
    [...ran].sort((a, b) => a - b),
    Array.from({ length: 12 }, (_, v) => v),
  );
  assert.equal(most, 2);
});

test(`[${STORE_NAME}] a handler whose lease another worker took is aborted, and records nothing`, async (t) => {
  const ts = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const w = makeWorker(ts.store, clock, { workerId: 'slowpoke', leaseMs: 1500 });
  w.define('lease', {
    handler: async (_p, ctx) => {
      // The lease is taken over while this handler runs (as after a stall past JOB_LEASE).
      await ts.store.db.updateTable('jobs').set({ locked_by: 'other' }).where('id', '=', ctx.job.id).execute();
      await new Promise((_resolve, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason as Error)));
    },
  });
  const id = (await enqueue(ts.store.db, clock, 'lease', { x: 1 }))!;
  // A timer that keeps the process alive meanwhile (the worker's renewal timer does not).
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([w.runDue().then(() => 'done'), new Promise((r) => (timer = setTimeout(() => r('timeout'), 10_000)))]);
  clearTimeout(timer);
  assert.equal(outcome, 'done', 'the handler was aborted by its lost lease');
  const row = await mustFind(ts.store, id);
  assert.deepEqual([row.status, row.locked_by, row.last_error], ['running', 'other', null]);
});

test(`[${STORE_NAME}] a serialized claim takes pending and lease-expired jobs together, in the order they were due`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  // Three pending jobs due at t+0, t+20 and t+40; one running job (due at t+10) whose lease ran out at t+30.
  const base = clock.now();
  const ids: number[] = [];
  for (const at of [0, 20, 40]) ids.push((await enqueue(store.db, clock, 'keyed', { v: at }, { runAt: base + at, concurrencyKey: `k${at}` }))!);
  const expired = (await enqueue(store.db, clock, 'keyed', { v: 10 }, { runAt: base + 10, concurrencyKey: 'k10' }))!;
  await store.db
    .updateTable('jobs')
    .set({ status: 'running', locked_by: 'dead', locked_until: base + 30, attempts: 1 })
    .where('id', '=', expired)
    .execute();
  clock.set(base + 50);
  const args = { tasks: ['keyed'], workerId: 'w', now: clock.now(), leaseMs: LEASE_MS, maxPerKey: { keyed: 1 } };
  const firstThree = await claimJobs(store, { ...args, limit: 3 });
  assert.deepEqual(
    firstThree.map((j) => j.id),
    [ids[0], expired, ids[1]],
  );
  assert.equal(firstThree[1]!.attempts, 2, 'the taken-over job counts another attempt');
  assert.deepEqual(
    (await claimJobs(store, { ...args, limit: 3 })).map((j) => j.id),
    [ids[2]],
  );
});

test(`[${STORE_NAME}] complete(): the job ends in the handler's transaction, and its place goes to the next due job of its key`, async (t) => {
  const ts = await freshStore(t);
  const { store } = ts;
  const clock = new ManualClock(Date.now());
  const worker = makeWorker(store, clock, { concurrency: 4, pollIntervalMs: 60_000 });
  let running = 0;
  let most = 0;
  const ran: number[] = [];
  const stillThere: boolean[] = [];
  worker.define('keyed', {
    maxPerKey: 2,
    handler: async ({ v }, ctx) => {
      most = Math.max(most, ++running);
      await sleep(5);
      if (v === 3) {
        // A transaction that rolls back takes its complete() with it: the worker ends the job.
        await writeTransaction(store, async (trx) => {
          await ctx.complete(trx);
          throw new Error('rolled back');
        }).catch(() => {});
      }
      await writeTransaction(store, async (trx) => {
        await ctx.complete(trx);
        stillThere.push((await findJob(trx, ctx.job.id)) !== undefined);
      });
      running--;
      ran.push(v);
    },
  });
  await store.db.transaction().execute(async (trx) => {
    for (let v = 0; v < 10; v++) await enqueue(trx, clock, 'keyed', { v }, { concurrencyKey: 'hook:1' });
  });
  worker.start();
  t.after(() => worker.stop());
  // Only the start and the jobs' own ends wake the loop (the poll is a minute away): the key's
  // backlog drains through the places handed on.
  const end = Date.now() + 30_000;
  while (ran.length < 10 && Date.now() < end) await sleep(10);
  assert.deepEqual(
    [...ran].sort((a, b) => a - b),
    Array.from({ length: 10 }, (_, v) => v),
  );
  assert.equal(most, 2, 'never more than maxPerKey at once');
  assert.ok(
    stillThere.every((x) => !x),
    'the row is gone inside the completing transaction',
  );
  assert.deepEqual(await allJobs(store), []);
});

test(`[${STORE_NAME}] the quick lane (D45): a delivery runs at once while every bulk place is busy and a backlog waits`, async (t) => {
  const { store } = await freshStore(t);
  const clock = new ManualClock(Date.now());
  const worker = makeWorker(store, clock, { pollIntervalMs: 10_000, concurrency: 2 });
  t.after(() => worker.stop());
  const release = deferred();
  let bulkStarted = 0;
  const bothBusy = deferred();
  worker.define('slow', {
    handler: async () => {
      if (++bulkStarted === 2) bothBusy.resolve();
      await release.promise;
    },
  });
  const delivered = deferred<number>();
  worker.define('webhooks.deliver', { handler: async (p) => delivered.resolve(p.delivery_id) });

  // A backlog of 200 bulk jobs, due before the delivery.
  for (let n = 0; n < 200; n++) await enqueue(store.db, clock, 'slow', { n });
  worker.start();
  await bothBusy.promise;
  clock.advance(1000);
  await enqueue(store.db, clock, 'webhooks.deliver', { delivery_id: 7 });
  const t0 = Date.now();
  // Committed outside a write transaction of this worker's process: the quick lane's loop is
  // nudged by the enqueue (P49) and has places of its own; the poll (10 s) is not what runs it.
  const first = await Promise.race([delivered.promise, sleep(5_000).then(() => 'still waiting after 5 s')]);
  assert.equal(first, 7);
  assert.ok(Date.now() - t0 < 5_000, `the delivery waited ${Date.now() - t0} ms`);
  assert.equal(bulkStarted, 2, 'the bulk lane is still at its two places');
  release.resolve();
  // Stopped here, with the bulk jobs released, not by t.after: on PostgreSQL the test's own
  // promise was otherwise left pending when the loop emptied.
  await worker.stop();
});
