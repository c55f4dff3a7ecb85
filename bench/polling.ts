// Polling at scale (issue 29 §5, P93): integrators poll `GET /v1/vehicles?updated_since=`. The
// real server's first page of 20 cars (info logs to a file, as deployed) beside a fair baseline
// measured in the same run, in turns: bare Fastify answering the same 20 rows of the same SQLite
// file from prepared statements through the same serializer and response schema
// (bench/bare-list-server.ts). Then the same poll sent again with the ETag it got: the 304 an
// unchanged poll costs, against the same baseline.
import Database from 'better-sqlite3';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  LOOPBACK,
  assertAll2xx,
  benchCar,
  childEnv,
  expectJson,
  freePort,
  httpGet,
  load,
  median,
  noise,
  onServerCpu,
  send,
  startChild,
  stopChild,
  turnWarmupS,
  waitForHttp,
  type Benchmark,
  type Figure,
  type LoadResult,
} from './lib.js';
import { photoUrls } from '../test/support/photos.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TURNS = 3;
const CARS = 40;
const SINCE = '2000-01-01T00:00:00Z';

export const POLLING_BENCHMARKS: Benchmark[] = [
  {
    name: 'polling',
    description:
      'GET /v1/vehicles?updated_since=… first page (20 of 40): real server (info logs) vs bare Fastify serving the same rows through the same serializer; and the same poll with If-None-Match (304)',
    async run(ctx) {
      const s = await ctx.real();
      const key = await ctx.dealer('bench-poll');
      const cars = Array.from({ length: CARS }, (_, i) => benchCar(`POLL-${i}`, i, photoUrls(`POLL-${i}`)));
      expectJson('sync of the cars to poll', await send('POST', `${s.baseUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: cars })), 200);

      const dbFile = path.join(ctx.tmpDir, 'bench.db');
      const db = new Database(dbFile, { readonly: true });
      const dealer = db.prepare("select id from dealers where slug = 'bench-poll'").get() as { id: number } | undefined;
      db.close();
      if (!dealer) throw new BenchError('the dealership bench-poll is not in the store');

      const pathQ = `/v1/vehicles?updated_since=${encodeURIComponent(SINCE)}&per_page=20`;
      const realUrl = `${s.baseUrl}${pathQ}`;
      const headers = { authorization: `Bearer ${key}` };
      const first = await httpGet(realUrl, headers);
      const realBody = expectJson<{ data: unknown[]; total: number }>(
        'the poll',
        { status: first.status, text: first.body, ms: 0 },
        200,
        (b) => b.data.length === 20 && b.total === CARS,
      );
      const etag = first.headers.etag;
      if (typeof etag !== 'string') throw new BenchError('the poll answered no ETag');

      const port = await freePort();
      const bareUrl = `http://${LOOPBACK}:${port}${pathQ}`;
      const env = childEnv({ PORT: String(port), HOST: LOOPBACK, DB_FILE: dbFile, DEALER_ID: String(dealer.id), PUBLIC_BASE_URL: 'http://127.0.0.1:3000' });
      const child = startChild(...onServerCpu(ctx.pinning, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-list-server.ts')]), env, ROOT);
      await waitForHttp(bareUrl, child, { intervalMs: 20, timeoutMs: 30_000 });
      // The baseline must answer what the service answers (but the car URLs' base): else it measures something else.
      const bare = await httpGet(bareUrl);
      const bareBody = JSON.parse(bare.body) as { data: { external_id: string }[] };
      const ids = (b: { data: unknown[] }) => (b.data as { external_id: string }[]).map((c) => c.external_id).join();
      if (ids(bareBody) !== ids(realBody)) throw new BenchError('the baseline lists other cars than the service');

      const runs = [
        { name: 'real', url: realUrl, headers, pid: s.child.pid, status: 200, got: [] as LoadResult[] },
        { name: 'real_304', url: realUrl, headers: { ...headers, 'if-none-match': etag }, pid: s.child.pid, status: 304, got: [] as LoadResult[] },
        { name: 'bare', url: bareUrl, headers: {}, pid: child.pid, status: 200, got: [] as LoadResult[] },
      ];
      const o = ctx.loadOptions;
      for (let turn = 0; turn < TURNS; turn++) {
        for (const r of [...runs.slice(turn % 3), ...runs.slice(0, turn % 3)]) {
          const got = await load(r.url, r.headers, { ...o, durationS: o.durationS / TURNS, warmupS: turnWarmupS(o, turn) }, r.pid);
          if (r.status === 200) assertAll2xx(`${r.url} (turn ${turn})`, got);
          else if (got.errors > 0 || got.total === 0 || Object.keys(got.statusCodes).some((c) => c !== '304'))
            throw new BenchError(`${r.url} with If-None-Match: status codes ${JSON.stringify(got.statusCodes)}, ${got.errors} errors`);
          r.got.push(got);
        }
      }
      await stopChild(child);
      const rps = (r: (typeof runs)[number]) => median(r.got.map((g) => g.reqPerSec));
      const p99 = (r: (typeof runs)[number]) => median(r.got.map((g) => g.latencyP99Ms));
      const [real, real304, base] = runs as [(typeof runs)[number], (typeof runs)[number], (typeof runs)[number]];
      const out: Figure[] = [
        {
          key: 'polling_bare_rps',
          label: 'bare Fastify: the same 20 rows, prepared statements, same serializer',
          value: rps(base),
          unit: 'req/s',
          decimals: 0,
        },
        {
          key: 'polling_rps',
          label: 'GET /v1/vehicles?updated_since= (20 cars), info logs',
          value: rps(real),
          unit: 'req/s',
          decimals: 0,
          baseline: 'polling_bare_rps',
        },
        { key: 'polling_p99_ms', label: 'the poll p99 latency', value: p99(real), unit: 'ms', decimals: 1 },
        {
          key: 'polling_ratio_pct',
          label: 'the poll ÷ its bare baseline',
          value: (100 * rps(real)) / rps(base),
          unit: '%',
          decimals: 1,
          target: { op: '>=', value: 60 },
        },
        {
          key: 'polling_304_rps',
          label: 'the same poll unchanged (If-None-Match → 304)',
          value: rps(real304),
          unit: 'req/s',
          decimals: 0,
          baseline: 'polling_bare_rps',
        },
        { key: 'polling_304_p99_ms', label: 'the unchanged poll p99 latency', value: p99(real304), unit: 'ms', decimals: 1 },
      ];
      const others = runs.flatMap((r) => r.got.map((g) => g.otherCpuPct)).filter((v): v is number => v !== undefined);
      if (others.length) out.push(...noise('polling', { otherCpuPct: Math.max(...others) }));
      return out;
    },
  },
];
