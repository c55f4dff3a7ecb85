// Benchmark of the scale-out topology (P40) on one machine, all on PostgreSQL: 3 API
// processes (+ 1 worker) beside 1 process, same PostgreSQL, each phase on a database of its own.
//
//   1. one API process, no Redis: GET /v1/vehicles/{id} and GET /v1/me under load, and sync of
//      500 new cars, SYNC_CLIENTS dealerships at once (cars/s)
//   2. two single processes at once, one with REDIS_URL and one without, GET /v1/me one call at a
//      time alternating between them: the p50 Redis adds to a request (target ≤ 0.3 ms)
//   3. three API processes with REDIS_URL: the same loads, spread evenly over the three (one
//      autocannon per process, as a balancer would spread them), and the same syncs
//   4. the whole topology (3 APIs with RATE_LIMIT_PER_MINUTE=N, REDIS_URL, PHOTO_STORAGE on a
//      local S3 server, + 1 worker): cars whose photos come from bench/photo-server.mjs and
//      rejected cars whose events go to a local webhook receiver, through all three APIs → every
//      photo downloaded once, every event delivered once; then 3N calls of one key spread over
//      the three → accepted = N with one shared budget (3N with one budget per process)
//
// No job worker runs during the loads of 1–3 in either case: the figures are the API tier's.
// The servers are not pinned to a CPU here (the point is what more processes get out of the
// machine); the load generator stays on its own CPU as in the other benchmarks.
//
// PostgreSQL: BENCH_DATABASE_URL (a server where the benchmark may create and drop databases),
// else a server of its own started with scripts/postgres.sh on port 54341 (and stopped after).
// Redis: BENCH_REDIS_URL, else scripts/redis.sh on port 63792 (stopped after).
//   BENCH_SCALE_RATE_LIMIT=100   N of phase 4
//   BENCH_SCALE_ONCE_CARS=30     cars with photos of phase 4 (3 photos each)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  BenchError,
  LOOPBACK,
  benchCar,
  childEnv,
  createDealer,
  distFiles,
  expectJson,
  fig,
  freePort,
  median,
  onAllCpus,
  runCommand,
  send,
  serverEnv,
  sleep,
  startChild,
  startPhotoSource,
  stopChild,
  waitForHttp,
  withOtherCpu,
  type BenchContext,
  type Benchmark,
  type Child,
  type Figure,
  type LoadOptions,
} from './lib.js';
import { car } from './inventory.js';
import { photoUrls } from '../test/support/photos.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;

const APIS = 3;
const SYNC_SIZE = 500;
/** Dealerships syncing at once, and the batches each sends per round (one uncounted warm-up batch first). */
const SYNC_CLIENTS = 6;
const SYNC_BATCHES = 3;
/** Rounds of the loads, 1 process and 3 processes taking turns; each figure is the best round's. */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 2);
/** Phase 2: calls per server, alternating in blocks, after a warm-up. */
const REDIS_CALLS = 3000;
const REDIS_BLOCK = 100;
/** Phase 4: cars with photos (a multiple of APIS; --quick: 12), and rejected cars' events. */
const ONCE_CARS = Number(process.env.BENCH_SCALE_ONCE_CARS ?? 30);
const ONCE_PHOTOS = 3;
const ONCE_EVENTS = 60;
const ONCE_TIMEOUT_MS = 180_000;
const RATE_LIMIT = Number(process.env.BENCH_SCALE_RATE_LIMIT ?? 100);
const REDIS_TARGET_MS = 0.3;

// ---------------------------------------------------------------------------------------------
// PostgreSQL and Redis: given, or started for the run.

export interface Backing {
  /** postgres://… of the server (its `postgres` database). */
  pgUrl: string;
  redisUrl: string;
  stop(): void;
}

export function startBacking(): Backing {
  const stops: (() => void)[] = [];
  const script = (name: string, env: Record<string, string>, arg: string) =>
    execFileSync('bash', [path.join(ROOT, 'scripts', name), arg], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  let pgUrl = process.env.BENCH_DATABASE_URL;
  if (!pgUrl) {
    const env = { PGPORT: '54341' };
    pgUrl = script('postgres.sh', env, 'start');
    stops.push(() => script('postgres.sh', env, 'stop'));
  }
  let redisUrl = process.env.BENCH_REDIS_URL;
  if (!redisUrl) {
    const env = { REDIS_PORT: '63792' };
    redisUrl = script('redis.sh', env, 'start');
    stops.push(() => script('redis.sh', env, 'stop'));
  }
  return { pgUrl, redisUrl, stop: () => stops.reverse().forEach((s) => s()) };
}

/** A fresh database on the server; its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const n of names) await client.query(`drop database if exists ${n} with (force)`);
  } finally {
    await client.end();
  }
}

export async function queryCount(dbUrl: string, text: string): Promise<number> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(text);
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Service processes.

/** Whether this process was pinned to a CPU (run.ts): the servers of this benchmark are not, so they are put back on every CPU. */
const PINNED = process.platform === 'linux' && process.env.BENCH_PIN !== '0';

export interface Proc {
  child: Child;
  baseUrl: string;
}

export function serviceEnv(ctx: BenchContext, dbUrl: string, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  // One data directory and one SECRET_KEY for all the processes of a phase, as docs/deploy.md says.
  return serverEnv(port, dbUrl, path.join(ctx.tmpDir, 'scale-data'), {
    SECRET_KEY: SECRET_KEY,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JOB_CONCURRENCY: '0',
    ...extra,
  });
}

const SECRET_KEY = 'b'.repeat(64);

export async function startApi(ctx: BenchContext, dbUrl: string, extra: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const child = startChild(...onAllCpus(PINNED, NODE, [distFiles(ROOT).server]), serviceEnv(ctx, dbUrl, port, extra), ROOT);
  await waitForHttp(`${baseUrl}/health`, child, { intervalMs: 20, timeoutMs: 30_000 });
  return { child, baseUrl };
}

/** dist/worker.js when the build has one (no HTTP); else a server process with a worker on a port nobody calls. */
export async function startWorker(ctx: BenchContext, dbUrl: string, extra: Record<string, string>): Promise<{ child: Child; kind: string }> {
  const dist = path.dirname(distFiles(ROOT).server);
  const workerJs = path.join(dist, 'worker.js');
  const port = await freePort();
  const env = serviceEnv(ctx, dbUrl, port, { JOB_CONCURRENCY: '8', JOB_POLL_INTERVAL: '200ms', ...extra });
  // src/worker.ts too: a dist/ built before the checkout lost it may still hold a stale worker.js.
  if (fs.existsSync(workerJs) && fs.existsSync(path.join(ROOT, 'src/worker.ts'))) {
    const child = startChild(...onAllCpus(PINNED, NODE, [workerJs]), env, ROOT);
    await sleep(1000);
    if (child.proc.exitCode !== null) throw new BenchError(`dist/worker.js exited at start:\n${child.output()}`);
    return { child, kind: 'dist/worker.js' };
  }
  const child = startChild(...onAllCpus(PINNED, NODE, [distFiles(ROOT).server]), env, ROOT);
  await waitForHttp(`http://${LOOPBACK}:${port}/health`, child, { intervalMs: 20, timeoutMs: 30_000 });
  return { child, kind: 'dist/server.js, JOB_CONCURRENCY=8' };
}

/** Migrates the database (the CLI), then makes dealerships; their keys. */
async function dealers(ctx: BenchContext, dbUrl: string, slugs: string[]): Promise<string[]> {
  const env = serviceEnv(ctx, dbUrl, 0, {});
  const { cli } = distFiles(ROOT);
  await runCommand(NODE, [cli, 'dealers', 'list', '--json'], env);
  const keys: string[] = [];
  for (const slug of slugs) keys.push(await createDealer(cli, env, slug));
  return keys;
}

// ---------------------------------------------------------------------------------------------
// Load: one autocannon per process at once, the connections split between them.

interface SpreadResult {
  reqPerSec: number;
  /** The highest of the processes' p99s (each process gets an equal share of the load). */
  p99Ms: number;
  otherCpuPct: number | undefined;
}

function cannon(url: string, headers: Record<string, string>, connections: number, o: LoadOptions, durationS: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections, pipelining: o.pipelining, duration: durationS }, (err: unknown, result) =>
      err ? reject(err instanceof Error ? err : new Error('autocannon failed', { cause: err })) : resolve(result),
    );
  });
}

async function spreadLoad(what: string, urls: string[], headers: Record<string, string>, o: LoadOptions, pids: number[]): Promise<SpreadResult> {
  const per = Math.max(1, Math.round(o.connections / urls.length));
  if (o.warmupS > 0) await Promise.all(urls.map((u) => cannon(u, headers, per, o, o.warmupS)));
  const { result, otherCpuPct } = await withOtherCpu([process.pid, ...pids], () => Promise.all(urls.map((u) => cannon(u, headers, per, o, o.durationS))));
  for (const r of result) {
    if (r['2xx'] === 0 || r.non2xx > 0 || r.errors > 0) {
      throw new BenchError(`${what}: broken benchmark: ${r['2xx']} 2xx, ${r.non2xx} non-2xx, ${r.errors} errors`);
    }
  }
  return {
    reqPerSec: result.reduce((s, r) => s + r.requests.average, 0),
    p99Ms: Math.max(...result.map((r) => r.latency.p99)),
    otherCpuPct,
  };
}

// ---------------------------------------------------------------------------------------------
// The API tier's figures for a set of processes: phases 1 and 3.

interface TierFigures {
  getRps: number;
  getP99: number;
  meRps: number;
  meP99: number;
  syncCarsPerSec: number;
  otherCpuPct: number;
}

/** One round of the API tier's loads on `procs`; round 1 first writes the car and warms the syncs up. */
async function measureTier(ctx: BenchContext, label: string, procs: Proc[], key: string, syncKeys: string[], round: number): Promise<TierFigures> {
  const pids = procs.map((p) => p.child.pid);
  const auth = { authorization: `Bearer ${key}` };
  const id = 'SCALE-GET-1';
  if (round === 1) {
    const put = await send('PUT', `${procs[0]!.baseUrl}/v1/vehicles/${id}`, key, JSON.stringify({ ...car(id, 0), external_id: undefined }));
    expectJson<{ result?: string }>(`${label}: PUT of the car to read`, put, 201, (b) => b.result === 'created');
    for (const p of procs) {
      const a = await send('GET', `${p.baseUrl}/v1/vehicles/${id}`, key);
      expectJson<{ vehicle?: { external_id?: string } }>(`${label}: GET of the car`, a, 200, (b) => b.vehicle?.external_id === id);
    }
  }
  const get = await spreadLoad(
    `${label} GET /v1/vehicles/{id}`,
    procs.map((p) => `${p.baseUrl}/v1/vehicles/${id}`),
    auth,
    ctx.loadOptions,
    pids,
  );
  const me = await spreadLoad(
    `${label} GET /v1/me`,
    procs.map((p) => `${p.baseUrl}/v1/me`),
    auth,
    ctx.loadOptions,
    pids,
  );

  // Syncs: each dealership sends its batches one after the other, all dealerships at once;
  // dealership c talks to process c mod N.
  const syncBatch = (batch: string) =>
    Promise.all(
      syncKeys.map(async (k, c) => {
        const cars = Array.from({ length: SYNC_SIZE }, (_, i) => car(`S${batch}-${c}-${i}`, i));
        const a = await send('POST', `${procs[c % procs.length]!.baseUrl}/v1/vehicles/sync`, k, JSON.stringify({ vehicles: cars }));
        expectJson<{ created?: number }>(`${label}: sync of ${SYNC_SIZE} new cars`, a, 200, (b) => b.created === SYNC_SIZE);
      }),
    );
  if (round === 1) await syncBatch('warm');
  const t0 = performance.now();
  const { otherCpuPct: syncOther } = await withOtherCpu([process.pid, ...pids], async () => {
    for (let b = 1; b <= SYNC_BATCHES; b++) await syncBatch(`${round}.${b}`);
  });
  const syncS = (performance.now() - t0) / 1000;
  return {
    getRps: get.reqPerSec,
    getP99: get.p99Ms,
    meRps: me.reqPerSec,
    meP99: me.p99Ms,
    syncCarsPerSec: (syncKeys.length * SYNC_BATCHES * SYNC_SIZE) / syncS,
    otherCpuPct: Math.max(get.otherCpuPct ?? 0, me.otherCpuPct ?? 0, syncOther ?? 0),
  };
}

/** The best of the rounds: highest throughputs, lowest p99s (a busy machine only ever makes them worse). */
function best(rounds: TierFigures[]): TierFigures {
  return {
    getRps: Math.max(...rounds.map((r) => r.getRps)),
    getP99: Math.min(...rounds.map((r) => r.getP99)),
    meRps: Math.max(...rounds.map((r) => r.meRps)),
    meP99: Math.min(...rounds.map((r) => r.meP99)),
    syncCarsPerSec: Math.max(...rounds.map((r) => r.syncCarsPerSec)),
    otherCpuPct: Math.max(...rounds.map((r) => r.otherCpuPct)),
  };
}

// ---------------------------------------------------------------------------------------------
// Phase 2: what Redis adds to one request.

/** One GET on a kept-alive connection, timed with sub-millisecond resolution. */
function timedGet(agent: http.Agent, url: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new BenchError(`GET ${url} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

async function redisOverhead(plain: Proc, withRedis: Proc, key: string): Promise<{ plainP50: number; redisP50: number }> {
  const agentA = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const agentB = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const a: number[] = [];
  const b: number[] = [];
  try {
    // Blocks of calls to one then the other, so both see the same machine over the run.
    const total = REDIS_CALLS + 500; // the first 500 each warm up
    for (let done = 0; done < total; done += REDIS_BLOCK) {
      for (let i = 0; i < REDIS_BLOCK; i++) {
        const t = await timedGet(agentA, `${plain.baseUrl}/v1/me`, key);
        if (done >= 500) a.push(t);
      }
      for (let i = 0; i < REDIS_BLOCK; i++) {
        const t = await timedGet(agentB, `${withRedis.baseUrl}/v1/me`, key);
        if (done >= 500) b.push(t);
      }
    }
  } finally {
    agentA.destroy();
    agentB.destroy();
  }
  return { plainP50: median(a), redisP50: median(b) };
}

async function redisKeys(redisUrl: string, prefix: string): Promise<number> {
  const r = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    let n = 0;
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      n += keys.length;
    } while (cursor !== '0');
    return n;
  } finally {
    r.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Phase 4: exactly once, and one budget.

export interface Receiver {
  url: string;
  ids: string[];
  /** Each delivery's arrival: how long after the event's created_at (P250's event lag). */
  arrivals: { lagMs: number }[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const ids: string[] = [];
  const arrivals: { lagMs: number }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; created_at?: string };
        ids.push(event.id);
        if (event.created_at) arrivals.push({ lagMs: Date.now() - Date.parse(event.created_at) });
      } catch {
        ids.push('unreadable');
      }
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    url: `http://${LOOPBACK}:${(server.address() as AddressInfo).port}/hook`,
    ids,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export async function startPhotoServer(): Promise<{ child: Child; url: string }> {
  const source = await startPhotoSource(ROOT, 4);
  await source.ready();
  return source;
}

export async function startS3(dir: string): Promise<{ child: Child; endpoint: string }> {
  const port = await freePort();
  const endpoint = `http://${LOOPBACK}:${port}`;
  const child = startChild(NODE, [path.join(ROOT, 'scripts/s3-server.mjs')], childEnv({ S3_PORT: String(port), S3_DIR: dir, HOST: LOOPBACK }), ROOT);
  await waitForHttp(`${endpoint}/photos`, child, { intervalMs: 50, timeoutMs: 30_000 });
  return { child, endpoint };
}

/** Files s3rver keeps per stored object. */
function s3Objects(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('._S3rver_object')).length;
}

export async function hits(photoUrl: string, prefix: string): Promise<Record<string, number>> {
  const res = await fetch(`${photoUrl}/__hits?prefix=${encodeURIComponent(prefix)}`);
  return ((await res.json()) as { hits: Record<string, number> }).hits;
}

interface OnceFigures {
  worker: string;
  photosExpected: number;
  photosDownloaded: number;
  photosRepeated: number;
  activeCars: number;
  eventsDelivered: number;
  eventsRepeated: number;
  s3Objects: number;
  accepted: number;
  refused: number;
}

async function onceAndLimits(ctx: BenchContext, backing: Backing, dbUrl: string): Promise<OnceFigures> {
  const [key, limitKey] = await dealers(ctx, dbUrl, ['scale-once', 'scale-limit']);
  const photo = await startPhotoServer();
  const s3Dir = path.join(ctx.tmpDir, 'scale-s3');
  const s3 = await startS3(s3Dir);
  const rx = await startReceiver();
  const prefix = `bench${process.pid}:`;
  const shared = {
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    REDIS_URL: backing.redisUrl,
    REDIS_PREFIX: prefix,
    PHOTO_STORAGE: 's3://photos/scale',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // No PHOTO_PUBLIC_BASE_URL (it must be https): the processes serve the photos from the bucket.
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  };
  const procs: Proc[] = [];
  for (let i = 0; i < APIS; i++) procs.push(await startApi(ctx, dbUrl, shared));
  const worker = await startWorker(ctx, dbUrl, shared);
  try {
    expectJson(
      'POST /v1/webhooks',
      await send('POST', `${procs[0]!.baseUrl}/v1/webhooks`, key, JSON.stringify({ url: rx.url, events: ['vehicle.rejected'] })),
      201,
    );
    // Each process gets a third of the cars with photos and a third of the rejected ones.
    const paths: string[] = [];
    for (let p = 0; p < APIS; p++) {
      const good = Array.from({ length: ONCE_CARS / APIS }, (_, i) => {
        const id = `ONCE-${p}-${i}`;
        const urls = photoUrls(id, ONCE_PHOTOS, `${photo.url}/p/once`);
        paths.push(...urls.map((u) => new URL(u).pathname));
        return benchCar(id, i, urls);
      });
      const bad = Array.from({ length: ONCE_EVENTS / APIS }, (_, i) => ({ ...car(`BAD-${p}-${i}`, i), price: 0 }));
      const a = await send('POST', `${procs[p]!.baseUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: [...good, ...bad] }));
      if (a.status !== 200 && a.status !== 207) throw new BenchError(`phase 4 sync answered ${a.status}: ${a.text.slice(0, 300)}`);
    }

    const deadline = Date.now() + ONCE_TIMEOUT_MS;
    const done = async () => {
      const h = await hits(photo.url, '/p/once/');
      const active = await queryCount(dbUrl, `select count(*) as n from vehicles where status = 'active'`);
      return paths.every((p) => (h[p] ?? 0) > 0) && new Set(rx.ids).size >= ONCE_EVENTS && active >= ONCE_CARS;
    };
    while (!(await done()) && Date.now() < deadline) await sleep(250);
    // A little longer: a second download or delivery, if any, would come now.
    await sleep(2000);
    const h = await hits(photo.url, '/p/once/');
    const activeCars = await queryCount(dbUrl, `select count(*) as n from vehicles where status = 'active'`);

    // One key, 3N calls spread evenly over the three processes, three at a time.
    let accepted = 0;
    let refused = 0;
    let nextCall = 0;
    await Promise.all(
      procs.map(async () => {
        while (nextCall < APIS * RATE_LIMIT) {
          const i = nextCall++;
          const a = await send('GET', `${procs[i % APIS]!.baseUrl}/v1/me`, limitKey);
          if (a.status === 200) accepted++;
          else if (a.status === 429) refused++;
          else throw new BenchError(`GET /v1/me answered ${a.status}: ${a.text.slice(0, 200)}`);
        }
      }),
    );
    return {
      worker: worker.kind,
      photosExpected: paths.length,
      photosDownloaded: paths.filter((p) => (h[p] ?? 0) > 0).length,
      photosRepeated: Object.values(h).reduce((s, n) => s + Math.max(0, n - 1), 0),
      activeCars,
      eventsDelivered: new Set(rx.ids).size,
      eventsRepeated: rx.ids.length - new Set(rx.ids).size,
      s3Objects: s3Objects(s3Dir),
      accepted,
      refused,
    };
  } finally {
    await Promise.all([...procs.map((p) => stopChild(p.child)), stopChild(worker.child), stopChild(photo.child), stopChild(s3.child)]);
    await rx.close();
  }
}

// ---------------------------------------------------------------------------------------------

const n0 = (key: string, label: string, value: number, unit: string, target?: Figure['target']): Figure => fig(key, label, value, unit, 0, target);
const x = (key: string, label: string, value: number): Figure => ({ key, label, value, unit: '×', decimals: 2 });

async function run(ctx: BenchContext): Promise<Figure[]> {
  const backing = startBacking();
  const names = ['single', 'cluster', 'once'].map((n) => `bench_scale_${n}_${process.pid}`);
  const [singleDb, clusterDb, onceDb] = await Promise.all(names.map((n) => createDatabase(backing.pgUrl, n)));
  const syncSlugs = Array.from({ length: SYNC_CLIENTS }, (_, i) => `scale-sync-${i}`);
  const figures: Figure[] = [];
  try {
    // 1 and 3. One process without Redis and three with it, on databases of their own, both
    // running all along and measured in turns: a machine busy with something else for a while
    // then weighs on both alike.
    const [singleKey, ...singleSyncKeys] = await dealers(ctx, singleDb!, ['scale', ...syncSlugs]);
    const [clusterKey, ...clusterSyncKeys] = await dealers(ctx, clusterDb!, ['scale', ...syncSlugs]);
    const single = await startApi(ctx, singleDb!);
    const procs: Proc[] = [];
    for (let i = 0; i < APIS; i++) procs.push(await startApi(ctx, clusterDb!, { REDIS_URL: backing.redisUrl, REDIS_PREFIX: `benchtier${process.pid}:` }));
    const ones: TierFigures[] = [];
    const threes: TierFigures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      ones.push(await measureTier(ctx, '1 process', [single], singleKey!, singleSyncKeys, round));
      threes.push(await measureTier(ctx, `${APIS} processes`, procs, clusterKey!, clusterSyncKeys, round));
    }
    await Promise.all(procs.map((p) => stopChild(p.child)));
    const one = best(ones);
    const three = best(threes);

    // 2. Beside the single process, one with Redis: p50 of /v1/me on each, in turns.
    const prefix = `benchme${process.pid}:`;
    const withRedis = await startApi(ctx, singleDb!, { REDIS_URL: backing.redisUrl, REDIS_PREFIX: prefix });
    const { plainP50, redisP50 } = await redisOverhead(single, withRedis, singleKey!);
    const meRedisKeys = await redisKeys(backing.redisUrl, prefix);
    await Promise.all([stopChild(single.child), stopChild(withRedis.child)]);

    // 4. The whole topology.
    const once = await onceAndLimits(ctx, backing, onceDb!);

    const redisUsed = meRedisKeys > 0;
    const limitShared = once.accepted === RATE_LIMIT;
    figures.push(
      n0('scale_get_vehicle_1_rps', 'GET /v1/vehicles/{id}, 1 process', one.getRps, 'req/s'),
      n0('scale_get_vehicle_3_rps', `GET /v1/vehicles/{id}, ${APIS} processes`, three.getRps, 'req/s'),
      x('scale_get_vehicle_ratio', `  ${APIS} processes ÷ 1`, three.getRps / one.getRps),
      n0('scale_me_1_rps', 'GET /v1/me, 1 process', one.meRps, 'req/s'),
      n0('scale_me_3_rps', `GET /v1/me, ${APIS} processes`, three.meRps, 'req/s'),
      x('scale_me_ratio', `  ${APIS} processes ÷ 1`, three.meRps / one.meRps),
      { key: 'scale_me_1_p99_ms', label: 'GET /v1/me p99 under load, 1 process', value: one.meP99, unit: 'ms', decimals: 1 },
      { key: 'scale_me_3_p99_ms', label: `GET /v1/me p99 under load, ${APIS} processes (the highest)`, value: three.meP99, unit: 'ms', decimals: 1 },
      n0('scale_sync_1_cars_per_s', `sync of ${SYNC_SIZE} new cars, ${SYNC_CLIENTS} dealerships at once, 1 process`, one.syncCarsPerSec, 'cars/s'),
      n0('scale_sync_3_cars_per_s', `  the same, ${APIS} processes`, three.syncCarsPerSec, 'cars/s'),
      x('scale_sync_ratio', `  ${APIS} processes ÷ 1`, three.syncCarsPerSec / one.syncCarsPerSec),
      { key: 'scale_me_p50_plain_ms', label: 'GET /v1/me p50, one call at a time, no Redis', value: plainP50, unit: 'ms', decimals: 3 },
      {
        key: 'scale_me_p50_redis_ms',
        label: `  the same with REDIS_URL (${redisUsed ? `${meRedisKeys} ${meRedisKeys === 1 ? 'key' : 'keys'} in Redis` : 'unused by this build: no key in Redis'})`,
        value: redisP50,
        unit: 'ms',
        decimals: 3,
      },
      {
        key: 'scale_redis_overhead_ms',
        label: '  Redis per request (p50 difference)',
        value: redisP50 - plainP50,
        unit: 'ms',
        decimals: 3,
        target: { op: '<=', value: REDIS_TARGET_MS },
      },
      n0('scale_photos_downloaded', `photos downloaded, of ${once.photosExpected} (worker: ${once.worker})`, once.photosDownloaded, '', {
        op: '>=',
        value: once.photosExpected,
      }),
      n0('scale_photos_repeated', '  photos downloaded more than once', once.photosRepeated, '', { op: '<=', value: 0 }),
      n0('scale_active_cars', `  cars active (of ${ONCE_CARS})`, once.activeCars, '', { op: '>=', value: ONCE_CARS }),
      n0('scale_s3_objects', `  objects in the S3 bucket (${once.s3Objects > 0 ? 'PHOTO_STORAGE in effect' : 'none: photos in DATA_DIR'})`, once.s3Objects, ''),
      n0('scale_events_delivered', `webhook events delivered, of ${ONCE_EVENTS}`, once.eventsDelivered, '', { op: '>=', value: ONCE_EVENTS }),
      n0('scale_events_repeated', '  events delivered more than once', once.eventsRepeated, '', { op: '<=', value: 0 }),
      n0(
        'scale_rate_limit_accepted',
        `calls of one key accepted, ${APIS * RATE_LIMIT} over ${APIS} processes, limit ${RATE_LIMIT} (${limitShared ? 'one shared budget' : 'a budget per process'})`,
        once.accepted,
        '',
        { op: '<=', value: RATE_LIMIT },
      ),
      // Not a noise flag: PostgreSQL's own CPU is in it, and it is part of what is measured.
      {
        key: 'scale_other_cpu_pct',
        label: 'CPU of other processes during the loads, PostgreSQL included (highest)',
        value: Math.max(one.otherCpuPct, three.otherCpuPct),
        unit: '% CPU',
        decimals: 0,
      },
    );
    if (once.accepted + once.refused !== APIS * RATE_LIMIT) throw new BenchError('rate limit: calls went missing');
  } finally {
    await dropDatabases(backing.pgUrl, names).catch(() => {});
    backing.stop();
  }
  return figures;
}

export const SCALE_BENCHMARKS: Benchmark[] = [
  {
    name: 'scale',
    description: `${APIS} API processes (+1 worker) vs 1 process on PostgreSQL (best of ${ROUNDS} rounds in turns): throughput, p99, Redis cost, exactly-once photos and events, one rate-limit budget`,
    run,
  },
];
