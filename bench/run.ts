// `npm run bench`: start-up time, memory and throughput of the real server (dist/), against a
// bare Fastify baseline on the same machine. Prints a table, then one `BENCH_JSON {…}` line.
//
// Adding a benchmark: append an entry to BENCHMARKS (types in lib.ts). It gets the shared
// context (servers, extra dealerships and the baseline SQLite file are made lazily, once, and
// stopped at the end) and returns figures; a figure with a target is judged ok / below target.
// `needs` lists benchmarks whose figures it reads (ctx.figure()).
//
//   npm run bench                 every benchmark
//   npm run bench -- me startup   only those (plus what they need)
//   BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_PIPELINING=1   load settings
//   BENCH_STRICT=1                exit 1 when a figure is below its target
//   BENCH_PIN=0                   do not pin the servers and the load generator to separate CPUs
//   BENCH_LOG_LEVEL=silent        the real server's LOG_LEVEL (default warn)
//   BENCH_JOB_CONCURRENCY=8       run the real server's job worker (default 0: API only, no background jobs)
//   BENCH_DIST=/other/dist        server.js and cli.js from another build (compare two builds)
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   extra node flags, real server(s)
//   BENCH_PHOTO_JOB_CONCURRENCY=8 BENCH_PHOTO_JOB_POLL=200ms BENCH_PHOTO_IMPORT_CARS=100
//                                 the photo benchmarks' own server (with workers) and import size (bench/photos.ts)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBaselineDb, type BaselineDb } from './baseline-db.js';
import { FEED_HOSTILE_BENCHMARKS } from './feeds-hostile.js';
import { FEED_BENCHMARKS, FEED_DRY_RUN_BENCHMARKS } from './feeds.js';
import { INVENTORY_BENCHMARKS } from './inventory.js';
import { LISTING_BENCHMARKS } from './listings.js';
import { PANEL_BENCHMARKS } from './panel.js';
import { PHOTO_BENCHMARKS } from './photos.js';
import { PHOTO_THROUGHPUT_BENCHMARKS } from './photo-throughput.js';
import { WEBHOOK_BENCHMARKS } from './webhooks.js';
import {
  BenchError,
  DEFAULT_LOAD,
  LOOPBACK,
  assertAll2xx,
  childEnv,
  createDealer,
  distFiles,
  freePort,
  httpGet,
  killAllChildrenNow,
  load,
  noise,
  onServerCpu,
  pinCpus,
  rssMb,
  startChild,
  stopAllChildren,
  stopChild,
  waitForHttp,
  type BareServer,
  type BenchContext,
  type Benchmark,
  type Figure,
  type LoadOptions,
  type Pinning,
  type RealServer,
  type Target,
} from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE = process.execPath;

// ---------------------------------------------------------------------------------------------
// Figures and benchmarks.

/** Above this share of one CPU used by other processes during a measured run, the run is flagged. */
const NOISE_LIMIT_PCT = 5;

const BENCHMARKS: Benchmark[] = [
  {
    name: 'startup',
    description: 'real server: spawn → first 200 from GET /health (polled every 5 ms), and VmRSS right then',
    async run(ctx) {
      const s = await ctx.real();
      return [
        { key: 'startup_ms', label: 'startup (spawn → /health 200)', value: s.startupMs, unit: 'ms', decimals: 0, target: { op: '<=', value: 1500 } },
        { key: 'rss_start_mb', label: 'RSS right after start', value: s.rssAtStartMb, unit: 'MB', decimals: 1, target: { op: '<=', value: 120 } },
      ];
    },
  },
  {
    name: 'bare',
    description: 'bare Fastify 5, GET / → {hello:"world"}, logger off: the framework limit here',
    async run(ctx) {
      const b = await ctx.bare();
      const r = await load(`${b.baseUrl}/`, {}, ctx.loadOptions, b.child.pid);
      assertAll2xx('bare GET /', r);
      await ctx.stopBare();
      return [
        { key: 'bare_rps', label: 'bare Fastify GET / throughput', value: r.reqPerSec, unit: 'req/s', decimals: 0 },
        { key: 'bare_p99_ms', label: 'bare Fastify GET / p99 latency', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        ...noise('bare', r),
      ];
    },
  },
  {
    name: 'me',
    description: 'real server, GET /v1/me with Authorization: Bearer <key>',
    async run(ctx) {
      const s = await ctx.real();
      const headers = { authorization: `Bearer ${s.key}` };
      // One checked call first: a benchmark of 401s or of a wrong body measures nothing.
      const probe = await httpGet(`${s.baseUrl}/v1/me`, headers);
      if (probe.status !== 200) throw new BenchError(`GET /v1/me answered ${probe.status}: ${probe.body}`);
      const body = JSON.parse(probe.body) as { dealer?: { slug?: string } };
      if (body.dealer?.slug !== 'bench') throw new BenchError(`GET /v1/me answered an unexpected body: ${probe.body}`);
      const r = await load(`${s.baseUrl}/v1/me`, headers, ctx.loadOptions, s.child.pid);
      assertAll2xx('GET /v1/me', r);
      return [
        { key: 'me_rps', label: 'GET /v1/me throughput', value: r.reqPerSec, unit: 'req/s', decimals: 0 },
        { key: 'me_p99_ms', label: 'GET /v1/me p99 latency', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        { key: 'rss_after_load_mb', label: 'RSS after the /v1/me load', value: rssMb(s.child.pid), unit: 'MB', decimals: 1 },
        ...noise('me', r),
      ];
    },
  },
  {
    name: 'me_vs_bare',
    description: '/v1/me throughput as a share of the bare framework limit',
    needs: ['bare', 'me'],
    async run(ctx) {
      const pct = (100 * ctx.figure('me_rps')) / ctx.figure('bare_rps');
      return [{ key: 'me_ratio_pct', label: '/v1/me ÷ bare', value: pct, unit: '%', decimals: 1, target: { op: '>=', value: 50 } }];
    },
  },
  // sync, reconcile, get_vehicle, put_update: the vehicles API (bench/inventory.ts).
  ...INVENTORY_BENCHMARKS,
  // photo_one_car, photo_import_1000: photo downloads on a server of their own, WITH its job
  // worker, from a local photo server (bench/photos.ts).
  ...PHOTO_BENCHMARKS,
  ...PHOTO_THROUGHPUT_BENCHMARKS,
  // webhook_delivery: events delivered to a local HTTPS receiver (bench/webhooks.ts).
  ...WEBHOOK_BENCHMARKS,
  // listing_page: the public page of an active car with 10 photos (bench/listings.ts).
  ...LISTING_BENCHMARKS,
  // feeds: ~10 MB CSV of 30 000 cars pushed twice, XLSX, XML, Google vehicle ads XML and Meta TSV beside it (bench/feeds.ts).
  ...FEED_BENCHMARKS,
  ...FEED_HOSTILE_BENCHMARKS,
  // feeds_dry_run: the dry run of that CSV against its stock, ÷ csv-parse + stock comparison (issue 15).
  ...FEED_DRY_RUN_BENCHMARKS,
  // panel: the dealer panel's inventory and overview with 20 000 cars, and the sign-in KDF (bench/panel.ts).
  ...PANEL_BENCHMARKS,
];

// ---------------------------------------------------------------------------------------------
// Servers.

/** The real server, plus what is needed to add dealerships to its store with the CLI. */
interface StartedReal extends RealServer {
  createDealer(slug: string): Promise<string>;
}

async function startReal(tmpDir: string, pinning: Pinning | undefined): Promise<StartedReal> {
  const port = await freePort();
  const env = childEnv({
    PORT: String(port),
    HOST: LOOPBACK,
    DATABASE_URL: `sqlite:${path.join(tmpDir, 'bench.db')}`,
    DATA_DIR: tmpDir,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // API only by default: the cars the benchmarks write would otherwise start background jobs
    // (photo downloads of their made-up photo URLs) that compete for the server's CPU.
    JOB_CONCURRENCY: process.env.BENCH_JOB_CONCURRENCY ?? '0',
  });
  const { cli, server } = distFiles(ROOT);

  const key = await createDealer(cli, env, 'bench');

  const extraArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const t0 = performance.now();
  const child = startChild(...onServerCpu(pinning, NODE, [...extraArgs, server]), env, tmpDir);
  const t1 = await waitForHttp(`${baseUrl}/health`, child, { intervalMs: 5, timeoutMs: 15_000 });
  const rssAtStartMb = rssMb(child.pid);
  // The CLI writes to the running server's SQLite file (WAL, busy_timeout): safe alongside it.
  return { child, baseUrl, key, startupMs: t1 - t0, rssAtStartMb, createDealer: (slug) => createDealer(cli, env, slug) };
}

async function startBare(pinning: Pinning | undefined): Promise<BareServer> {
  const port = await freePort();
  const baseUrl = `http://${LOOPBACK}:${port}`;
  const command = onServerCpu(pinning, NODE, [path.join(ROOT, 'bench/bare-server.mjs')]);
  const child = startChild(...command, childEnv({ PORT: String(port), HOST: LOOPBACK }), ROOT);
  await waitForHttp(`${baseUrl}/`, child, { intervalMs: 5, timeoutMs: 15_000 });
  return { child, baseUrl };
}

function once<T>(start: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= start());
}

// ---------------------------------------------------------------------------------------------
// Report.

function envNumber(name: string, def: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new BenchError(`${name} must be a number (got "${raw}")`);
  return n;
}

const meets = (v: number, t: Target) => (t.op === '>=' ? v >= t.value : v <= t.value);
const fmt = (f: Figure) => f.value.toLocaleString('en-US', { maximumFractionDigits: f.decimals ?? 1, minimumFractionDigits: f.decimals ?? 1 });

function printTable(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.label,
    `${fmt(f)} ${f.unit}`,
    f.target ? `${f.target.op === '>=' ? '≥' : '≤'} ${f.target.value.toLocaleString('en-US')} ${f.unit}` : '',
    f.target ? (meets(f.value, f.target) ? 'ok' : 'below target') : '',
  ]);
  const head = ['figure', 'value', 'target', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log('');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log('');
}

function selected(argv: string[]): Benchmark[] {
  if (argv.length === 0) return BENCHMARKS;
  const byName = new Map(BENCHMARKS.map((b) => [b.name, b]));
  const want = new Set<string>();
  const add = (name: string) => {
    const b = byName.get(name);
    if (!b) throw new BenchError(`unknown benchmark "${name}" (known: ${[...byName.keys()].join(', ')})`);
    for (const n of b.needs ?? []) add(n);
    want.add(name);
  };
  argv.forEach(add);
  return BENCHMARKS.filter((b) => want.has(b.name));
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const loadOptions: LoadOptions = {
    connections: envNumber('BENCH_CONNECTIONS', DEFAULT_LOAD.connections),
    pipelining: envNumber('BENCH_PIPELINING', DEFAULT_LOAD.pipelining),
    durationS: envNumber('BENCH_DURATION', DEFAULT_LOAD.durationS),
    warmupS: envNumber('BENCH_WARMUP', DEFAULT_LOAD.warmupS),
  };
  const pinning = pinCpus();
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-bench-'));
  const removeTmp = () => fs.rmSync(tmpDir, { recursive: true, force: true });

  const onSignal = (signal: NodeJS.Signals) => {
    killAllChildrenNow();
    removeTmp();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.once('exit', killAllChildrenNow);

  const figures: Figure[] = [];
  const byKey = new Map<string, Figure>();
  let bareStarted: Promise<BareServer> | undefined;
  const bare = once(() => (bareStarted = startBare(pinning)));
  const real = once(() => startReal(tmpDir, pinning));
  let baselineOpened: Promise<BaselineDb> | undefined;
  const ctx: BenchContext = {
    tmpDir,
    loadOptions,
    pinning,
    real,
    bare,
    async stopBare() {
      if (bareStarted) await stopChild((await bareStarted).child);
    },
    async dealer(slug) {
      return (await real()).createDealer(slug);
    },
    baseline: once(() => (baselineOpened = openBaselineDb(path.join(tmpDir, 'baseline.db')))),
    figure(key) {
      const f = byKey.get(key);
      if (!f) throw new BenchError(`figure "${key}" was not measured`);
      return f.value;
    },
  };

  let failure: Error | undefined;
  const started = performance.now();
  try {
    const benches = selected(process.argv.slice(2));
    console.log(
      `bench: ${benches.map((b) => b.name).join(', ')} | node ${process.version}, ${os.cpus().length} CPU(s) | load: ` +
        `${loadOptions.connections} connections, pipelining ${loadOptions.pipelining}, ${loadOptions.warmupS} s warm-up + ${loadOptions.durationS} s | ` +
        (pinning ? `servers on CPU ${pinning.serverCpu}, load generator on CPU ${pinning.clientCpu}` : 'no CPU pinning'),
    );
    for (const b of benches) {
      const t = performance.now();
      process.stdout.write(`  ${b.name}: ${b.description} … `);
      const got = await b.run(ctx);
      for (const f of got) {
        figures.push(f);
        byKey.set(f.key, f);
      }
      console.log(`${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
  } catch (err) {
    failure = err as Error;
    console.log('FAILED');
  } finally {
    await stopAllChildren();
    if (baselineOpened) await baselineOpened.then((b) => b.close()).catch(() => {});
    removeTmp();
  }

  if (figures.length) printTable(figures);
  const below = figures.filter((f) => f.target && !meets(f.value, f.target)).map((f) => f.key);
  if (failure) console.error(`bench failed: ${failure instanceof BenchError ? failure.message : (failure.stack ?? failure.message)}\n`);
  else console.log(below.length ? `below target: ${below.join(', ')}` : 'all figures meet their targets');
  const noisy = figures.filter((f) => f.noise && f.value > NOISE_LIMIT_PCT).map((f) => f.key);
  if (noisy.length) {
    console.log(
      `WARNING: other processes used CPU during the measured runs (${noisy.join(', ')} > ${NOISE_LIMIT_PCT}%): their figures are unreliable; rerun on a quiet machine`,
    );
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const json = {
    ok: !failure,
    ...(failure ? { error: failure.message } : {}),
    figures: Object.fromEntries(figures.map((f) => [f.key, Number(f.value.toFixed(f.decimals ?? 1))])),
    targets: Object.fromEntries(figures.filter((f) => f.target).map((f) => [f.key, `${f.target!.op} ${f.target!.value}`])),
    below_target: below,
    noisy,
    meta: {
      node: process.version,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      load: loadOptions,
      pinning: pinning ?? null,
      at: new Date().toISOString(),
    },
  };
  console.log(`BENCH_JSON ${JSON.stringify(json)}`);

  if (failure) return 1;
  if (below.length && process.env.BENCH_STRICT === '1') return 1;
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    killAllChildrenNow();
    console.error(err);
    process.exitCode = 1;
  },
);
