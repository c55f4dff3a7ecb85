// marketplace (issue 42, P250): a region's marketplace day replayed, at a fraction of its peak
// rate, on the topology of scripts/cluster.sh — API processes (each request sent to the next in
// turn, as the balancer does), one worker (dist/worker.js), PostgreSQL, Redis, photos in a local
// S3 — with a photo server and a webhook receiver beside it, all on loopback.
//
// The region (issue 42): 50 000 dealerships, 3 M cars, 30 M car-page views a day (peak ≈ 1 750/s),
// an hourly sync from every dealership (≈ 14 calls/s of up to 500 cars, mostly unchanged), 3 M
// photo downloads a day (≈ 35/s), 1 M webhook events a day. What the issue leaves open is chosen
// in REGION below (P250) and printed with the figures. Each traffic class is sent open-loop at
// its rate × the step's fraction (a request every 1/rate s, whatever the answers do), at most
// IN_FLIGHT at once per class: one more is counted as an error ("shed"), as a client timing out.
//
// The ramp: the fraction doubles from BENCH_MARKET_FRACTION each step of BENCH_MARKET_STEP_S
// seconds until a class's p99 passes its limit (500 ms; 5 s for batch writes), errors appear, the photo queue grows past what a
// step can drain, or BENCH_MARKET_STEPS steps ran. Per step: p50/p99 and errors per class, and
// the CPU of each component (API processes, the worker and its image process, PostgreSQL's
// processes, Redis, this load generator) from /proc. The saturated component is named from
// those. `--quick`: one short step on a small market (CI runs it so it keeps working).
//
//   BENCH_MARKET_DEALERS=20 BENCH_MARKET_CARS=40    the market (cars per dealership ≤ 500)
//   BENCH_MARKET_APIS=3                              API processes
//   BENCH_MARKET_FRACTION=0.004                      the first step's fraction of the region
//   BENCH_MARKET_SAVE=path.json                      the run saved for scripts/sizing-table.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { systemClock } from '../src/core/clock.js';
import { openStore } from '../src/core/db/store.js';
import { createDealer, getDealerBySlug } from '../src/modules/dealers/service.js';
import { updateProfile } from '../src/modules/dealers/profile.js';
import { createFeed } from '../src/modules/feeds/service.js';
import { createKey } from '../src/modules/keys/service.js';
import { inviteUserToDealer, useLink } from '../src/modules/users/service.js';
import { PhotoHost, photoUrls } from '../test/support/photos.js';
import {
  BenchError,
  benchCar,
  distFiles,
  envInt,
  expectJson,
  fig,
  percentile,
  processTicks,
  runCommand,
  send,
  sleep,
  stopChild,
  type Benchmark,
  type BenchContext,
  type Figure,
} from './lib.js';
import {
  createDatabase,
  dropDatabases,
  hits,
  queryCount,
  serviceEnv,
  startApi,
  startBacking,
  startPhotoServer,
  startReceiver,
  startS3,
  startWorker,
  type Proc,
} from './scale.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The region at its peak, per second (issue 42; the shares the issue leaves open: P250). */
const REGION = {
  dealers: 50_000,
  cars: 3_000_000,
  perSecond: {
    car_page: 1750, // 30 M views a day, peak
    storefront: 175, // a tenth of the car pages
    contact: 35, // 2 % of car-page views follow a WhatsApp link
    inquiry: 10, // with `sold` below: the 1 M webhook events a day (≈ 11.6/s)
    sold: 1.6,
    sync_unchanged: 11.9, // 85 % of the 14 hourly sync calls a second
    sync_changed: 2.1, // 15 %: a tenth of the cars repriced
    new_car: 3.5, // 35 photo downloads a second, 10 photos a car
    reconcile: 0.58, // one a day per dealership
    feed_push: 1.4, // a tenth of the dealerships push a file instead of syncing
    panel: 50, // staff on the panel's inventory
    stats: 5, // GET /v1/stats
    polling: 166, // an integrator per dealership polling every 5 minutes, with the ETag
  } as Record<string, number>,
};

/**
 * The p99 past which a class is over (P250): 500 ms for what a person waits on (the issue's
 * figure); 5 s for the integrators' batch writes (a sync or a reconcile of up to 500 cars, a feed
 * file, a new car with its 10 photo URLs), which no one watches and whose own cost is seconds
 * (a feed push starts its parser process).
 */
const BATCH = new Set(['sync_unchanged', 'sync_changed', 'reconcile', 'feed_push', 'new_car', 'sold']);
const limitOf = (name: string) => (BATCH.has(name) ? 5000 : 500);
const IN_FLIGHT = 64;
const PHOTOS_PER_NEW_CAR = 10;

interface Sample {
  ms: number[];
  errors: number;
  shed: number;
  sent: number;
  firstError?: string;
}

interface World {
  procs: Proc[];
  keys: string[];
  slugs: string[];
  listings: string[][]; // per dealership
  stock: ReturnType<typeof benchCar>[][];
  feedUrls: string[];
  feedFiles: Buffer[];
  cookie: string;
  photoUrl: string;
  etags: Map<number, string>;
  next: number;
  newCars: number;
  soldPool: { dealer: number; id: string }[];
  /** The new_car class's cars, kept by reconciles. */
  added: { dealer: number; id: string }[];
  agent: Agent;
  lastRefusal?: string;
}

/** A dealership's stock as the CSV file its feed pushes (D16's column names, photos split by |). */
function csvOf(cars: Record<string, unknown>[]): Buffer {
  const columns = Object.keys(cars[0] ?? {});
  const cell = (v: unknown) => {
    const s = Array.isArray(v) ? v.join('|') : typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return Buffer.from([columns.join(','), ...cars.map((c) => columns.map((k) => cell(c[k])).join(','))].join('\n') + '\n');
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function call(w: World, method: 'GET' | 'POST' | 'PUT', pathAndQuery: string, headers: Record<string, string>, body?: string | Buffer): Promise<number> {
  const base = w.procs[w.next++ % w.procs.length]!.baseUrl;
  const res = await request(`${base}${pathAndQuery}`, { method, headers, body, dispatcher: w.agent });
  // A refusal's error code is kept for the report (the first of each class).
  if (res.statusCode >= 400) w.lastRefusal = `${method} ${pathAndQuery.split('?')[0]} → ${res.statusCode} ${(await res.body.text()).slice(0, 300)}`;
  else await res.body.dump({ limit: 4 * 1024 * 1024 });
  return res.statusCode;
}
const bearer = (key: string, json = true) => ({ authorization: `Bearer ${key}`, ...(json ? { 'content-type': 'application/json' } : {}) });

/** One request of each class; resolves with its status (checked by the caller against `ok`). */
const CLASSES: Record<string, { ok: (s: number) => boolean; send: (w: World) => Promise<number> }> = {
  car_page: { ok: (s) => s === 200, send: (w) => call(w, 'GET', `/listings/${pick(pick(w.listings))}`, { 'accept-encoding': 'br' }) },
  storefront: { ok: (s) => s === 200, send: (w) => call(w, 'GET', `/dealers/${pick(w.slugs)}`, { 'accept-encoding': 'br' }) },
  contact: { ok: (s) => s === 302 || s === 303, send: (w) => call(w, 'GET', `/listings/${pick(pick(w.listings))}/contact/whatsapp`, {}) },
  inquiry: {
    ok: (s) => s === 201 || s === 200,
    send: (w) =>
      call(
        w,
        'POST',
        `/v1/listings/${pick(pick(w.listings))}/inquiries`,
        { 'content-type': 'application/json' },
        JSON.stringify({ name: 'Comprador', email: `comprador${w.next}@example.com`, message: '¿Sigue disponible? ¿Acepta permuta?' }),
      ),
  },
  sold: {
    ok: (s) => s === 200,
    send: async (w) => {
      const car = w.soldPool.pop();
      if (!car) return 200; // the pool is sized for the run; an empty one sends nothing
      return call(w, 'POST', `/v1/vehicles/${car.id}/sold`, bearer(w.keys[car.dealer]!), '{}');
    },
  },
  sync_unchanged: {
    ok: (s) => s === 200,
    send: (w) => {
      const d = Math.floor(Math.random() * w.keys.length);
      return call(w, 'POST', '/v1/vehicles/sync', bearer(w.keys[d]!), JSON.stringify({ vehicles: w.stock[d] }));
    },
  },
  sync_changed: {
    ok: (s) => s === 200,
    send: (w) => {
      const d = Math.floor(Math.random() * w.keys.length);
      const cars = w.stock[d]!.map((c, i) => (i % 10 === w.next % 10 ? { ...c, price: c.price + 10_000 * (1 + (w.next % 5)) } : c));
      w.stock[d] = cars;
      return call(w, 'POST', '/v1/vehicles/sync', bearer(w.keys[d]!), JSON.stringify({ vehicles: cars }));
    },
  },
  new_car: {
    ok: (s) => s === 201,
    send: (w) => {
      const d = Math.floor(Math.random() * w.keys.length);
      const id = `NEW-${process.pid}-${w.newCars++}`;
      w.added.push({ dealer: d, id });
      const c = benchCar(id, w.newCars, photoUrls(id, PHOTOS_PER_NEW_CAR, `${w.photoUrl}/p/market`));
      return call(w, 'PUT', `/v1/vehicles/${id}`, bearer(w.keys[d]!), JSON.stringify({ ...c, external_id: undefined }));
    },
  },
  reconcile: {
    ok: (s) => s === 200,
    send: (w) => {
      const d = Math.floor(Math.random() * w.keys.length);
      // The sold class's cars not sold yet are listed too: a reconcile sells only what is gone.
      const ids = [...w.stock[d]!.map((c) => c.external_id), ...[...w.soldPool, ...w.added].filter((c) => c.dealer === d).map((c) => c.id)];
      return call(w, 'POST', '/v1/vehicles/reconcile', bearer(w.keys[d]!), JSON.stringify({ external_ids: ids }));
    },
  },
  feed_push: {
    ok: (s) => s === 200,
    send: async (w) => {
      if (w.feedUrls.length === 0) return 200; // a market too small for a feed dealership
      const f = Math.floor(Math.random() * w.feedUrls.length);
      return call(w, 'POST', new URL(w.feedUrls[f]!).pathname, { 'content-type': 'text/csv' }, w.feedFiles[f]);
    },
  },
  panel: { ok: (s) => s === 200, send: (w) => call(w, 'GET', '/panel/inventory', { cookie: w.cookie }) },
  stats: { ok: (s) => s === 200, send: (w) => call(w, 'GET', '/v1/stats', bearer(pick(w.keys), false)) },
  polling: {
    ok: (s) => s === 200 || s === 304,
    send: async (w) => {
      const d = Math.floor(Math.random() * w.keys.length);
      const etag = w.etags.get(d);
      const base = w.procs[w.next++ % w.procs.length]!.baseUrl;
      const res = await request(`${base}/v1/vehicles?updated_since=2026-01-01T00:00:00Z&per_page=20`, {
        headers: { ...bearer(w.keys[d]!, false), ...(etag ? { 'if-none-match': etag } : {}) },
        dispatcher: w.agent,
      });
      await res.body.dump({ limit: 4 * 1024 * 1024 });
      const e = res.headers.etag;
      if (typeof e === 'string') w.etags.set(d, e);
      return res.statusCode;
    },
  },
};

/** Sends every class open-loop at `fraction` of the region for `seconds`; the samples per class. */
async function step(w: World, fraction: number, seconds: number): Promise<Map<string, Sample>> {
  const out = new Map<string, Sample>();
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Object.entries(REGION.perSecond).map(async ([name, perSecond]) => {
      const rate = perSecond * fraction;
      const s: Sample = { ms: [], errors: 0, shed: 0, sent: 0 };
      out.set(name, s);
      if (rate <= 0) return;
      const interval = 1000 / rate;
      // A random phase, so that classes slower than a request a step still send some steps.
      let at = performance.now() + Math.random() * Math.min(interval, seconds * 1000);
      let inFlight = 0;
      const running: Promise<void>[] = [];
      while (at < end) {
        const wait = at - performance.now();
        if (wait > 0) await sleep(wait);
        at += interval;
        s.sent++;
        if (inFlight >= IN_FLIGHT) {
          s.shed++;
          continue;
        }
        inFlight++;
        const t0 = performance.now();
        running.push(
          CLASSES[name]!.send(w)
            .then((status) => {
              s.ms.push(performance.now() - t0);
              if (!CLASSES[name]!.ok(status)) {
                s.errors++;
                s.firstError ??= status >= 400 ? (w.lastRefusal ?? `HTTP ${status}`) : `HTTP ${status}`;
              }
            })
            .catch((err: unknown) => {
              s.errors++;
              s.firstError ??= (err as Error).message;
            })
            .finally(() => inFlight--),
        );
      }
      await Promise.all(running);
    }),
  );
  return out;
}

/** CPU ticks (1/100 s) of each process whose command name starts with `comm`, by pid. */
function ticksOfComm(comm: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/comm`, 'utf8').startsWith(comm)) out.set(Number(d), processTicks(Number(d)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
/** The ticks spent between two readings: those of processes that ended meanwhile are lost (an undercount, never negative). */
const ticksBetween = (before: Map<number, number>, after: Map<number, number>) => [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);

/** Files and bytes under s3rver's directory (each object is a few files: the counts are relative). */
function bucketFiles(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!f.endsWith('._S3rver_object')) continue;
    files++;
    bytes += fs.statSync(path.join(dir, f)).size;
  }
  return { files, bytes };
}

/** The pid and its children's (the worker's image process). */
function familyTicks(pid: number): number {
  let sum = processTicks(pid);
  try {
    for (const c of fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) sum += processTicks(Number(c));
  } catch {
    // no children file: the pid alone
  }
  return sum;
}

interface StepResult {
  fraction: number;
  seconds: number;
  classes: Record<string, { sent: number; done: number; p50: number; p99: number; errors: number; shed: number; firstError?: string }>;
  /** % of one CPU over the step. */
  /** The S3 server stands for the cloud's: its CPU is shown, not sized. */
  cpu: Record<'api' | 'worker' | 'postgres' | 'redis' | 's3' | 'generator', number>;
  photosQueued: number;
  eventsLagP99Ms: number;
  over?: string;
}

async function seed(
  ctx: BenchContext,
  dbUrl: string,
  dealers: number,
  carsPer: number,
  photoUrl: string,
  seedPhotos: PhotoHost,
  procs: Proc[],
  receiverUrl: string,
): Promise<World> {
  // Migrations by the CLI, as an operator runs them; the rest in this process, on the same database.
  await runCommand(process.execPath, [distFiles(ROOT).cli, 'dealers', 'list', '--json'], serviceEnv(ctx, dbUrl, 0, {}));
  const store = openStore({ url: dbUrl });
  const keys: string[] = [];
  const slugs: string[] = [];
  const feedUrls: string[] = [];
  let cookie = '';
  try {
    for (let d = 0; d < dealers; d++) {
      const slug = `market-${d}`;
      await createDealer(store.db, systemClock, { slug, name: `Automotores ${d}`, markets: ['ar'], city: 'Córdoba' });
      await updateProfile(store.db, await getDealerBySlug(store.db, slug), { whatsapp: '+54 9 351 555 0000' });
      keys.push((await createKey(store.db, systemClock, { dealer: slug })).key);
      slugs.push(slug);
      if (d % 5 === 4) feedUrls.push((await createFeed(store, systemClock, procs[0]!.baseUrl, { dealer: slug })).push_url);
    }
    const { inviteUrl } = await inviteUserToDealer(store, systemClock, procs[0]!.baseUrl, slugs[0]!, {
      email: 'owner@market.example',
      name: 'Dueño',
      role: 'owner',
    });
    const token = await useLink(store, systemClock, 'invite', inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1), 'una clave larga de prueba 42');
    if (!token) throw new BenchError('marketplace: the invitation did not sign the owner in');
    cookie = `di_session=${token}`;
  } finally {
    await store.close();
  }
  // Stock through the API (sync of ≤ 500) with 3 small photos a car from a host in this process
  // (320×240: the seed is quick, the pages have photos); a webhook each.
  const stock: ReturnType<typeof benchCar>[][] = [];
  const listings: string[][] = [];
  for (let d = 0; d < dealers; d++) {
    const cars = Array.from({ length: carsPer }, (_, i) => {
      const id = `M${d}-${i}`;
      return benchCar(id, d * carsPer + i, seedPhotos.urls(`${d}-${i}`, 3));
    });
    stock.push(cars);
    const base = procs[d % procs.length]!.baseUrl;
    expectJson('marketplace: seed sync', await send('POST', `${base}/v1/vehicles/sync`, keys[d], JSON.stringify({ vehicles: cars })), 200);
    expectJson(
      'marketplace: webhook',
      await send('POST', `${base}/v1/webhooks`, keys[d], JSON.stringify({ url: receiverUrl, events: ['lead.created', 'vehicle.sold'] })),
      201,
    );
  }
  const feedFiles = feedUrls.map((_, f) => csvOf(stock[f * 5 + 4]!));
  return {
    procs,
    keys,
    slugs,
    listings,
    stock,
    feedUrls,
    feedFiles,
    cookie,
    photoUrl,
    etags: new Map(),
    next: 0,
    newCars: 0,
    soldPool: [],
    added: [],
    agent: new Agent({ connections: 256, pipelining: 1 }),
  };
}

/** Waits until every seeded car is active (its photo in), then reads the listing codes. */
async function ready(w: World, dbUrl: string, cars: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await queryCount(dbUrl, `select count(*) as n from vehicles where status = 'active'`)) < cars) {
    if (Date.now() > deadline) throw new BenchError(`marketplace: seeded cars not all active after ${timeoutMs / 1000} s`);
    await sleep(500);
  }
  for (let d = 0; d < w.keys.length; d++) {
    const listingOf = new Map<string, string>();
    let cursor: string | undefined;
    do {
      const a = expectJson<{ data: { listing_id: string; external_id: string }[]; next_cursor?: string | null }>(
        'marketplace: list',
        await send('GET', `${w.procs[0]!.baseUrl}/v1/vehicles?per_page=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, w.keys[d]),
        200,
      );
      for (const v of a.data) listingOf.set(v.external_id, v.listing_id);
      cursor = a.next_cursor ?? undefined;
    } while (cursor);
    // The first 5 cars of each dealership are the `sold` class's, never a page's or a sync's.
    for (const c of w.stock[d]!.slice(0, 5)) w.soldPool.push({ dealer: d, id: c.external_id });
    w.stock[d] = w.stock[d]!.slice(5);
    w.listings.push(w.stock[d]!.map((c) => listingOf.get(c.external_id)!));
  }
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const quick = ctx.quick;
  const dealers = envInt('BENCH_MARKET_DEALERS', quick ? 5 : 20);
  const carsPer = Math.min(500, envInt('BENCH_MARKET_CARS', quick ? 10 : 40));
  const apis = envInt('BENCH_MARKET_APIS', 3);
  const steps = envInt('BENCH_MARKET_STEPS', quick ? 1 : 8);
  const stepS = envInt('BENCH_MARKET_STEP_S', quick ? 5 : 20);
  const fraction0 = Number(process.env.BENCH_MARKET_FRACTION ?? (quick ? 0.002 : 0.004));
  if (!(fraction0 > 0 && fraction0 <= 1)) throw new BenchError('BENCH_MARKET_FRACTION must be in (0, 1]');

  const backing = startBacking();
  const dbName = `bench_market_${process.pid}`;
  const dbUrl = await createDatabase(backing.pgUrl, dbName);
  const photo = await startPhotoServer();
  const s3 = await startS3(path.join(ctx.tmpDir, 'market-s3'));
  const rx = await startReceiver();
  const seedPhotos = new PhotoHost();
  await seedPhotos.start();
  const shared = {
    RATE_LIMIT_PER_MINUTE: '100000000',
    INQUIRIES_PER_HOUR: '100000000',
    REDIS_URL: backing.redisUrl,
    REDIS_PREFIX: `market${process.pid}:`,
    PHOTO_STORAGE: 's3://photos/market',
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_ALLOW_HTTP: 'true',
  };
  const procs: Proc[] = [];
  let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
  const results: StepResult[] = [];
  try {
    await runCommand(process.execPath, [distFiles(ROOT).cli, 'dealers', 'list', '--json'], serviceEnv(ctx, dbUrl, 0, {}));
    for (let i = 0; i < apis; i++) procs.push(await startApi(ctx, dbUrl, shared));
    worker = await startWorker(ctx, dbUrl, shared);
    const t0 = performance.now();
    const w = await seed(ctx, dbUrl, dealers, carsPer, photo.url, seedPhotos, procs, rx.url);
    await ready(w, dbUrl, dealers * carsPer, 600_000);
    const seedS = (performance.now() - t0) / 1000;

    // Warm-up, not counted: each process's first pages, syncs and queries compile and cache.
    await step(w, fraction0, quick ? 2 : 5);
    const s3Dir = path.join(ctx.tmpDir, 'market-s3');
    const s3Before = bucketFiles(s3Dir);
    const photosBefore = Object.keys(await hits(photo.url, '/p/market/')).length;
    const pgTicks = () => ticksOfComm('postgres');
    const redisTicks = () => ticksOfComm('redis-server');
    for (let k = 0; k < steps; k++) {
      const fraction = fraction0 * 2 ** k;
      const before = {
        api: procs.reduce((s, p) => s + processTicks(p.child.pid), 0),
        worker: familyTicks(worker.child.pid),
        postgres: pgTicks(),
        redis: redisTicks(),
        s3: processTicks(s3.child.pid),
        generator: process.cpuUsage(),
      };
      const rxFrom = rx.arrivals.length;
      const started = performance.now();
      const samples = await step(w, fraction, stepS);
      const seconds = (performance.now() - started) / 1000;
      const gen = process.cpuUsage(before.generator);
      const lags = rx.arrivals
        .slice(rxFrom)
        .map((a) => a.lagMs)
        .sort((a, b) => a - b);
      const pct = (ticks: number) => (ticks * 10) / (seconds * 10); // ticks of 10 ms over the step, as % of one CPU
      const r: StepResult = {
        fraction,
        seconds,
        classes: {},
        cpu: {
          api: pct(procs.reduce((s, p) => s + processTicks(p.child.pid), 0) - before.api),
          worker: pct(familyTicks(worker.child.pid) - before.worker),
          postgres: pct(ticksBetween(before.postgres, pgTicks())),
          redis: pct(ticksBetween(before.redis, redisTicks())),
          s3: pct(processTicks(s3.child.pid) - before.s3),
          generator: (gen.user + gen.system) / 1000 / (seconds * 10),
        },
        photosQueued: await queryCount(dbUrl, `select count(*) as n from jobs where task = 'photos.download' and status <> 'failed'`),
        eventsLagP99Ms: lags.length ? percentile(lags, 99) : 0,
      };
      for (const [name, s] of samples) {
        const sorted = [...s.ms].sort((a, b) => a - b);
        r.classes[name] = {
          sent: s.sent,
          done: s.ms.length,
          p50: sorted.length ? percentile(sorted, 50) : 0,
          p99: sorted.length ? percentile(sorted, 99) : 0,
          errors: s.errors + s.shed,
          shed: s.shed,
          ...(s.firstError ? { firstError: s.firstError } : {}),
        };
      }
      const slow = Object.entries(r.classes).find(([name, c]) => c.p99 > limitOf(name));
      const failing = Object.entries(r.classes).find(([, c]) => c.errors > 0);
      const photosPerStep = REGION.perSecond.new_car! * fraction * PHOTOS_PER_NEW_CAR * stepS;
      if (slow) r.over = `${slow[0]} p99 ${slow[1].p99.toFixed(0)} ms`;
      else if (failing) r.over = `${failing[0]}: ${failing[1].errors} errors (${failing[1].firstError ?? 'shed'})`;
      else if (r.photosQueued > Math.max(20, photosPerStep)) r.over = `photo queue: ${r.photosQueued} waiting (more than a step brings)`;
      results.push(r);
      printStep(r);
      if (r.over) break;
    }
    // What the ramp's new photos (1600×1200 JPEGs) left in the bucket, per photo downloaded.
    const photosNew = Object.keys(await hits(photo.url, '/p/market/')).length - photosBefore;
    const s3After = bucketFiles(s3Dir);
    const dbBytes = await queryCount(dbUrl, `select pg_database_size(current_database()) as n`);
    const carsNow = await queryCount(dbUrl, `select count(*) as n from vehicles`);
    const save = process.env.BENCH_MARKET_SAVE;
    const run = {
      at: new Date().toISOString(),
      cpus: os.cpus().length,
      apis,
      dealers,
      cars: carsNow,
      region: REGION,
      steps: results,
      saturated: saturatedComponent(results),
      storage: {
        db_bytes_per_car: carsNow ? dbBytes / carsNow : 0,
        photos_downloaded: photosNew,
        s3_objects_per_photo: photosNew ? (s3After.files - s3Before.files) / photosNew : 0,
        s3_bytes_per_photo: photosNew ? (s3After.bytes - s3Before.bytes) / photosNew : 0,
      },
    };
    if (save) fs.writeFileSync(save, `${JSON.stringify(run, null, 2)}\n`);
    return figures(results, seedS, dealers * carsPer, run.saturated);
  } finally {
    await Promise.all([...procs.map((p) => stopChild(p.child)), ...(worker ? [stopChild(worker.child)] : []), stopChild(photo.child), stopChild(s3.child)]);
    await rx.close();
    await seedPhotos.stop();
    await dropDatabases(backing.pgUrl, [dbName]).catch(() => {});
    backing.stop();
  }
}

/**
 * What saturated: the class over its limit, and the component with the most CPU in that step —
 * on one machine every component shares the same cores, so the machine's CPU is the resource and
 * the share of each component says which one to move first.
 */
function saturatedComponent(results: StepResult[]): string {
  const last = results.at(-1);
  if (!last) return 'nothing ran';
  const cpu = Object.entries(last.cpu).sort((a, b) => b[1] - a[1]);
  const total = cpu.reduce((s, [, v]) => s + v, 0);
  const share = cpu.map(([k, v]) => `${k} ${v.toFixed(0)} %`).join(', ');
  if (!last.over) return `not reached at ${fmtFraction(last.fraction)} of the region (CPU: ${share} of ${os.cpus().length * 100} %)`;
  return `${last.over} at ${fmtFraction(last.fraction)} of the region; CPU ${total.toFixed(0)} % of ${os.cpus().length * 100} %: ${share}`;
}

const fmtFraction = (f: number) => `1/${Math.round(1 / f)}`;

function printStep(r: StepResult): void {
  const rows = Object.entries(r.classes)
    .filter(([, c]) => c.sent > 0)
    .map(([n, c]) => `${n} ${c.done}/${c.sent} p50 ${c.p50.toFixed(0)} p99 ${c.p99.toFixed(0)} ms${c.errors ? ` ERR ${c.errors}` : ''}`);
  console.log(
    `\n    step ${fmtFraction(r.fraction)} (${r.seconds.toFixed(0)} s): ${rows.join('; ')} | CPU % api ${r.cpu.api.toFixed(0)}, worker ${r.cpu.worker.toFixed(0)}, postgres ${r.cpu.postgres.toFixed(0)}, redis ${r.cpu.redis.toFixed(0)}, s3 ${r.cpu.s3.toFixed(0)}, generator ${r.cpu.generator.toFixed(0)} | photo jobs ${r.photosQueued}, event lag p99 ${r.eventsLagP99Ms.toFixed(0)} ms${r.over ? ` | OVER: ${r.over}` : ''}`,
  );
}

function figures(results: StepResult[], seedS: number, cars: number, saturated: string): Figure[] {
  const ok = results.filter((r) => !r.over);
  const best = ok.at(-1);
  const out: Figure[] = [
    fig('market_seed_s', `seed: ${cars} cars synced, 3 small photos each, all active`, seedS, 's', 1),
    fig('market_steps', 'ramp steps run', results.length, 'steps', 0),
    fig(
      'market_sustained_fraction_pct',
      'highest fraction of the region with every p99 within its limit and no errors',
      best ? 100 * best.fraction : 0,
      '%',
      2,
    ),
    fig('market_sustained_page_views_per_s', '… its car-page views per second', best ? best.fraction * REGION.perSecond.car_page! : 0, 'req/s', 1),
  ];
  if (best) {
    for (const [name, c] of Object.entries(best.classes))
      if (c.done > 0) out.push(fig(`market_${name}_p99_ms`, `${name} p99 at that fraction`, c.p99, 'ms', 0));
    out.push(fig('market_event_lag_p99_ms', 'webhook event → receipt p99 at that fraction', best.eventsLagP99Ms, 'ms', 0));
    const cpu = best.cpu;
    for (const k of ['api', 'worker', 'postgres', 'redis'] as const) out.push(fig(`market_cpu_${k}_pct`, `${k} CPU at that fraction`, cpu[k], '% CPU', 0));
  }
  console.log(`\n    saturated: ${saturated}`);
  return out;
}

export const MARKETPLACE_BENCHMARKS: Benchmark[] = [
  {
    name: 'marketplace',
    description:
      'a region’s marketplace day replayed on the cluster topology (3 APIs, worker, PostgreSQL, Redis, S3) at a rising fraction of its peak, until a class’s p99 passes its limit (500 ms; batch writes 5 s)',
    run,
  },
];
