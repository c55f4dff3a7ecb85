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
//   npm run bench -- --quick      short mode for CI (P42): QUICK's benchmarks, small datasets, 2 s loads
//   npm run bench -- scale_data   the 1-million-car dataset (built once into bench/.data/) beside 20 000 cars
//   BENCH_SAVE=bench/results.json also write the BENCH_JSON object to that file (scripts/bench-table.mjs reads it)
//   BENCH_DURATION=8 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_PIPELINING=1   load settings
//   BENCH_STRICT=1                exit 1 when a figure is below its target
//   BENCH_PIN=0                   do not pin the servers and the load generator to separate CPUs
//   BENCH_LOG_LEVEL=warn          the real servers' LOG_LEVEL (default info, written to a file as
//                                 `npm start > file` does, P41); `_nolog` figures always use silent
//   BENCH_JOB_CONCURRENCY=8       run the throughput servers' job worker (default 0: API only, no background
//                                 jobs; `startup` always measures the default configuration, jobs on)
//   BENCH_DIST=/other/dist        server.js and cli.js from another build (compare two builds)
//   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"   extra node flags, real server(s)
//                                 (after those of package.json's start script, which they always get)
//   BENCH_PHOTO_JOB_CONCURRENCY=8 BENCH_PHOTO_JOB_POLL=200ms BENCH_PHOTO_IMPORT_CARS=100
//                                 the photo benchmarks' own server (with workers) and import size (bench/photos.ts)
// First: --quick's dataset sizes are set before the benchmark modules read them.
import './quick.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBaselineDb, type BaselineDb } from './baseline-db.js';
import { FEED_HOSTILE_BENCHMARKS } from './feeds-hostile.js';
import { FEED_BENCHMARKS, FEED_DRY_RUN_BENCHMARKS } from './feeds.js';
import { INVENTORY_BENCHMARKS } from './inventory.js';
import { SCALE_DATA_BENCHMARKS } from './scale-data.js';
import { QUALITY_BENCHMARKS } from './quality.js';
import { LISTING_BENCHMARKS } from './listings.js';
import { SITE_BENCHMARKS } from './site.js';
import { STATS_BENCHMARKS } from './stats.js';
import { STATS_SCALE_BENCHMARKS } from './stats-scale.js';
import { PRICING_BENCHMARKS } from './pricing.js';
import { PANEL_BENCHMARKS } from './panel.js';
import { PHOTO_BENCHMARKS } from './photos.js';
import { POLLING_BENCHMARKS } from './polling.js';
import { SCALE_BENCHMARKS } from './scale.js';
import { MARKETPLACE_BENCHMARKS } from './marketplace.js';
import { PHOTO_THROUGHPUT_BENCHMARKS } from './photo-throughput.js';
import { PHOTO_UPLOAD_BENCHMARKS } from './photo-upload.js';
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
  killAllChildrenNow,
  load,
  noise,
  throughput,
  onServerCpu,
  pinCpus,
  rssMb,
  runCommand,
  serverLogLevel,
  serverNodeArgs,
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

/** How many times the `startup` benchmark starts the server (its figures are the medians). */
const STARTS = 5;
const QUICK_STARTS = 3;

/** Above this share of one CPU used by other processes during a measured run, the run is flagged. */
const NOISE_LIMIT_PCT = 5;

const BENCHMARKS: Benchmark[] = [
  {
    name: 'startup',
    description: `real server as \`npm start\` runs it (its node flags, default configuration: jobs on, info logs to a file), on a migrated store: spawn → first 200 from GET /health (polled every 5 ms), and VmRSS right then; median of ${STARTS} starts (${QUICK_STARTS} in --quick)`,
    async run(ctx) {
      const starts = await measureStarts(ctx.tmpDir, ctx.pinning, ctx.quick ? QUICK_STARTS : STARTS);
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      return [
        {
          key: 'startup_ms',
          label: 'startup (spawn → /health 200, median)',
          value: median(starts.map((s) => s.ms)),
          unit: 'ms',
          decimals: 0,
          target: { op: '<=', value: 600 },
        },
        {
          key: 'rss_start_mb',
          label: 'RSS right after start (median)',
          value: median(starts.map((s) => s.rssMb)),
          unit: 'MB',
          decimals: 1,
          target: { op: '<=', value: 100 },
        },
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
      // Kept running: the throughput benchmarks load it again, in turns with the real servers.
      return [
        { key: 'bare_rps', label: 'bare Fastify GET / throughput', value: r.reqPerSec, unit: 'req/s', decimals: 0 },
        { key: 'bare_p99_ms', label: 'bare Fastify GET / p99 latency', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        ...noise('bare', r),
      ];
    },
  },
  {
    name: 'me',
    description: 'GET /v1/me with Authorization: Bearer <key>: real server (info logs to a file), logging off, and bare, taking turns',
    async run(ctx) {
      const figures = await throughput(ctx, {
        name: 'me',
        label: 'GET /v1/me',
        path: '/v1/me',
        // A benchmark of 401s or of a wrong body measures nothing.
        check: (b) => (b as { dealer?: { slug?: string } }).dealer?.slug === 'bench',
        target: 75,
      });
      const s = await ctx.real();
      return [...figures, { key: 'rss_after_load_mb', label: 'RSS after the /v1/me load', value: rssMb(s.child.pid), unit: 'MB', decimals: 1 }];
    },
  },
  // sync, reconcile, get_vehicle, put_update: the vehicles API (bench/inventory.ts).
  ...INVENTORY_BENCHMARKS,
  // polling: GET /v1/vehicles?updated_since= vs bare Fastify serving the same rows, and the 304 (bench/polling.ts).
  ...POLLING_BENCHMARKS,
  // photo_one_car, photo_import_1000: photo downloads on a server of their own, WITH its job
  // worker, from a local photo server (bench/photos.ts).
  ...PHOTO_BENCHMARKS,
  ...PHOTO_THROUGHPUT_BENCHMARKS,
  // photo-upload: a 4 MB phone JPEG through the panel's form vs sharp alone (bench/photo-upload.ts, P104).
  ...PHOTO_UPLOAD_BENCHMARKS,
  // webhook_delivery: events delivered to a local HTTPS receiver (bench/webhooks.ts).
  ...WEBHOOK_BENCHMARKS,
  // listing_page: the public page of an active car with 10 photos (bench/listings.ts).
  ...LISTING_BENCHMARKS,
  // site_pages: a storefront and the sitemap vs bare Fastify with prepared statements (bench/site.ts).
  ...SITE_BENCHMARKS,
  ...STATS_BENCHMARKS,
  ...STATS_SCALE_BENCHMARKS,
  // price_rating_read, price_rating_scale: the price rating's read cost and a 1M-car market's pass (bench/pricing.ts, D44).
  ...PRICING_BENCHMARKS,
  // feeds: ~10 MB CSV of 30 000 cars pushed twice, XLSX, XML, Google vehicle ads XML and Meta TSV beside it (bench/feeds.ts).
  ...FEED_BENCHMARKS,
  ...FEED_HOSTILE_BENCHMARKS,
  // feeds_dry_run: the dry run of that CSV against its stock, ÷ csv-parse + stock comparison (P27).
  ...FEED_DRY_RUN_BENCHMARKS,
  // panel: the dealer panel's inventory, overview and inbox with 20 000 cars and 5 000 leads, and the sign-in KDF (bench/panel.ts).
  ...PANEL_BENCHMARKS,
  // scale: 3 API processes + 1 worker vs 1 process on PostgreSQL, with Redis and a local S3 (bench/scale.ts).
  ...SCALE_BENCHMARKS,
  // scale_data: 1 000 000 cars (500 dealerships) beside 20 000, the same calls timed on both (bench/scale-data.ts, P42).
  ...SCALE_DATA_BENCHMARKS,
  ...QUALITY_BENCHMARKS,
  // marketplace: a region's day replayed on the cluster topology at a rising fraction of its peak (bench/marketplace.ts, issue 42, P250).
  ...MARKETPLACE_BENCHMARKS,
];

/**
 * What `--quick` runs when no benchmark is named (P42, P236): every benchmark, seconds each, on the
 * small datasets of bench/quick.ts (no 1M build), each ratio judged against its floor.
 */
const QUICK = BENCHMARKS.map((b) => b.name);

// ---------------------------------------------------------------------------------------------
// Servers.

/** The real server, plus what is needed to add dealerships to its store with the CLI. */
interface StartedReal extends RealServer {
  createDealer(slug: string): Promise<string>;
  /** Its env (store, data directory): a second server on the same store starts from it. */
  env: NodeJS.ProcessEnv;
}

async function startReal(tmpDir: string, pinning: Pinning | undefined): Promise<StartedReal> {
  const port = await freePort();
  const env = childEnv({
    PORT: String(port),
    HOST: LOOPBACK,
    DATABASE_URL: `sqlite:${path.join(tmpDir, 'bench.db')}`,
    DATA_DIR: tmpDir,
    RATE_LIMIT_PER_MINUTE: '1000000000',
    // The default configuration (P41): info, one line per request, written to a file.
    LOG_LEVEL: serverLogLevel(),
    // API only by default: the cars the benchmarks write would otherwise start background jobs
    // (photo downloads of their made-up photo URLs) that compete for the server's CPU.
    JOB_CONCURRENCY: process.env.BENCH_JOB_CONCURRENCY ?? '0',
  });
  const { cli } = distFiles(ROOT);
  const key = await createDealer(cli, env, 'bench');
  const s = await startServer(env, tmpDir, pinning, path.join(tmpDir, 'server.log'));
  return { ...s, key, env, createDealer: (slug) => createDealer(cli, env, slug) };
}

/** A second real server on the first one's store, with logging off: the `_nolog` figures (P41). */
async function startRealNoLog(first: StartedReal, tmpDir: string, pinning: Pinning | undefined): Promise<RealServer> {
  const env = { ...first.env, PORT: String(await freePort()), LOG_LEVEL: 'silent' };
  const s = await startServer(env, tmpDir, pinning, path.join(tmpDir, 'server-nolog.log'));
  return { ...s, key: first.key };
}

async function startServer(env: NodeJS.ProcessEnv, cwd: string, pinning: Pinning | undefined, logFile: string): Promise<Omit<RealServer, 'key'>> {
  const { server } = distFiles(ROOT);
  const baseUrl = `http://${LOOPBACK}:${env.PORT}`;
  const t0 = performance.now();
  const child = startChild(...onServerCpu(pinning, NODE, [...serverNodeArgs(ROOT), server]), env, cwd, logFile);
  const t1 = await waitForHttp(`${baseUrl}/health`, child, { intervalMs: 5, timeoutMs: 15_000 });
  const rssAtStartMb = rssMb(child.pid);
  // The CLI writes to the running server's SQLite file (WAL, busy_timeout): safe alongside it.
  return { child, baseUrl, startupMs: t1 - t0, rssAtStartMb };
}

/**
 * `count` starts, one after the other, of the server in the default configuration (P52): unlike
 * the throughput servers (API only, JOB_CONCURRENCY=0), it runs the job worker too, as
 * `npm start` does. The store is migrated first (a restart, not a first install).
 */
async function measureStarts(tmpDir: string, pinning: Pinning | undefined, count: number): Promise<{ ms: number; rssMb: number }[]> {
  const dir = fs.mkdtempSync(path.join(tmpDir, 'startup-'));
  const env = childEnv({ HOST: LOOPBACK, DATABASE_URL: `sqlite:${path.join(dir, 'startup.db')}`, DATA_DIR: dir, LOG_LEVEL: serverLogLevel() });
  await runCommand(NODE, [distFiles(ROOT).cli, 'dealers', 'list', '--json'], env);
  const starts: { ms: number; rssMb: number }[] = [];
  for (let i = 0; i < count; i++) {
    const s = await startServer({ ...env, PORT: String(await freePort()) }, dir, pinning, path.join(dir, 'server.log'));
    starts.push({ ms: s.startupMs, rssMb: s.rssAtStartMb });
    await stopChild(s.child);
  }
  return starts;
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

/**
 * A figure's floor (P236): its own, else for a ratio with a target (unit % or ×) half the
 * target's margin — half the value of a `>=` target, twice that of a `<=` one; a count that
 * must stay at 0 (lost or repeated deliveries, failed photos) keeps 0. Absolute times and sizes
 * depend on the machine and are judged against their targets only.
 */
function floorOf(f: Figure): (Target & { judged?: number }) | undefined {
  if (f.floor) return f.floor;
  if (!f.target) return undefined;
  if (f.target.op === '<=' && f.target.value === 0) return f.target;
  if (f.unit !== '%' && f.unit !== '×') return undefined;
  return { op: f.target.op, value: f.target.op === '>=' ? f.target.value / 2 : f.target.value * 2 };
}
const aboveFloor = (f: Figure): boolean => {
  const floor = floorOf(f);
  return !floor || meets(floor.judged ?? f.value, floor);
};

/** Other processes' CPU (% of one CPU) above which a benchmark's floors cannot be judged: they warn instead of failing. */
const FLOOR_NOISE_LIMIT_PCT = 50;
const fmt = (f: Figure) => f.value.toLocaleString('en-US', { maximumFractionDigits: f.decimals ?? 1, minimumFractionDigits: f.decimals ?? 1 });

function printTable(figures: Figure[], byKey: Map<string, Figure>): void {
  const vs = (f: Figure) => {
    const base = f.baseline === undefined ? undefined : byKey.get(f.baseline);
    return base ? `${(f.value / base.value).toFixed(2)}× ${base.key}` : '';
  };
  const rows = figures.map((f) => [
    f.label,
    `${fmt(f)} ${f.unit}`,
    vs(f),
    f.target ? `${f.target.op === '>=' ? '≥' : '≤'} ${f.target.value.toLocaleString('en-US')} ${f.unit}` : '',
    !aboveFloor(f) ? 'BELOW FLOOR' : f.target ? (meets(f.value, f.target) ? 'ok' : 'below target') : '',
  ]);
  const head = ['figure', 'value', 'vs baseline', 'target', 'status'];
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

function selected(argv: string[], quick: boolean): Benchmark[] {
  if (argv.length === 0 && !quick) return BENCHMARKS;
  if (argv.length === 0) argv = QUICK;
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
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const names = args.filter((a) => a !== '--quick');
  const loadOptions: LoadOptions = {
    connections: envNumber('BENCH_CONNECTIONS', DEFAULT_LOAD.connections),
    pipelining: envNumber('BENCH_PIPELINING', DEFAULT_LOAD.pipelining),
    durationS: envNumber('BENCH_DURATION', quick ? 2 : DEFAULT_LOAD.durationS),
    warmupS: envNumber('BENCH_WARMUP', quick ? 0.5 : DEFAULT_LOAD.warmupS),
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
  const bare = once(() => startBare(pinning));
  const real = once(() => startReal(tmpDir, pinning));
  const realNoLog = once(async () => startRealNoLog(await real(), tmpDir, pinning));
  let baselineOpened: Promise<BaselineDb> | undefined;
  const ctx: BenchContext = {
    tmpDir,
    quick,
    loadOptions,
    pinning,
    real,
    realNoLog,
    bare,
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
    const benches = selected(names, quick);
    console.log(
      `bench${quick ? ' --quick' : ''}: ${benches.map((b) => b.name).join(', ')} | node ${process.version}, ${os.cpus().length} CPU(s) | load: ` +
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

  if (figures.length) printTable(figures, byKey);
  const below = figures.filter((f) => f.target && !meets(f.value, f.target)).map((f) => f.key);
  // A floor is about half a target (P236): below it the code regressed, whatever the machine's load.
  // A benchmark whose runs shared the machine with more than half a CPU of other work cannot be
  // judged (its figures are not the code's): its misses are printed, not failed.
  // (the photo import's benchmark, on all CPUs, reports the machine's load average instead: more
  // runnable threads than twice the CPUs is as bad).
  const noisyNames = new Set(
    figures
      .filter((f) => f.noise && (f.key.endsWith('_load_avg') ? f.value > 2 * os.cpus().length : f.value > FLOOR_NOISE_LIMIT_PCT))
      .map((f) => f.key.replace(/_other_cpu_pct$|_load_avg$/, '')),
  );
  const unjudged = (f: Figure) => [...noisyNames].some((n) => f.key.startsWith(`${n}_`));
  const missedFloor = figures.filter((f) => !aboveFloor(f));
  const belowFloor = missedFloor.filter((f) => !unjudged(f));
  const floorUnjudged = missedFloor.filter(unjudged);
  if (failure) console.error(`bench failed: ${failure instanceof BenchError ? failure.message : (failure.stack ?? failure.message)}\n`);
  else console.log(below.length ? `below target: ${below.join(', ')}` : 'all figures meet their targets');
  if (floorUnjudged.length) {
    console.log(
      `below floor but not judged (other processes used over ${FLOOR_NOISE_LIMIT_PCT}% of a CPU meanwhile; rerun on a quiet machine): ${floorUnjudged.map((f) => f.key).join(', ')}`,
    );
  }
  if (belowFloor.length) {
    console.error(
      `BELOW FLOOR (the run fails): ${belowFloor.map((f) => `${f.key} ${(floorOf(f)!.judged ?? f.value).toFixed(2)} ${f.unit} (floor ${floorOf(f)!.op} ${floorOf(f)!.value})`).join(', ')}`,
    );
  }
  const noisy = figures.filter((f) => f.noise && f.value > NOISE_LIMIT_PCT).map((f) => f.key);
  if (noisy.length) {
    console.log(
      `WARNING: other processes used CPU during the measured runs (${noisy.join(', ')} > ${NOISE_LIMIT_PCT}%): their figures are unreliable; rerun on a quiet machine`,
    );
  }
  console.log(`total ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const round = (f: Figure, v: number) => Number(v.toFixed(f.decimals ?? 1));
  const json = {
    ok: !failure,
    ...(failure ? { error: failure.message } : {}),
    quick,
    figures: Object.fromEntries(figures.map((f) => [f.key, round(f, f.value)])),
    targets: Object.fromEntries(figures.filter((f) => f.target).map((f) => [f.key, `${f.target!.op} ${f.target!.value}`])),
    // Every figure in full (P41): what scripts/bench-table.mjs makes docs/benchmarks.md's table from.
    results: figures.map((f) => {
      const base = f.baseline === undefined ? undefined : byKey.get(f.baseline);
      return {
        key: f.key,
        label: f.label,
        value: round(f, f.value),
        unit: f.unit,
        ...(base
          ? { baseline: base.key, baseline_label: base.label, baseline_value: round(base, base.value), ratio: Number((f.value / base.value).toFixed(3)) }
          : {}),
        ...(f.target ? { target: `${f.target.op} ${f.target.value}`, ok: meets(f.value, f.target) } : {}),
        ...(floorOf(f) ? { floor: `${floorOf(f)!.op} ${floorOf(f)!.value}`, above_floor: aboveFloor(f) } : {}),
        ...(f.noise ? { noise: true } : {}),
      };
    }),
    below_target: below,
    below_floor: belowFloor.map((f) => f.key),
    below_floor_unjudged: floorUnjudged.map((f) => f.key),
    noisy,
    meta: {
      node: process.version,
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? 'unknown',
      load: loadOptions,
      pinning: pinning ?? null,
      log_level: serverLogLevel(),
      at: new Date().toISOString(),
      duration_s: Number(((performance.now() - started) / 1000).toFixed(1)),
    },
  };
  if (process.env.BENCH_SAVE) fs.writeFileSync(process.env.BENCH_SAVE, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`BENCH_JSON ${JSON.stringify(json)}`);

  if (failure || belowFloor.length) return 1;
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
