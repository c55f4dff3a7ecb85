// `npm run bench -- site_pages` (issue 41 §2): the other pages that read lists of cars — a
// dealership's storefront (GET /dealers/{slug}, its first 24 of 30 cars) and /sitemap.xml (every
// car for sale and dealership of the store) — against bare Fastify answering the same pages from
// the same SQLite file with prepared statements (bench/bare-site-server.ts), taking turns. The
// cars are made the way dealers make them (a PUT with three photos each, imported by the worker of
// bench/photos.ts's server, which is idle during the load).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aCar } from '../test/support/cars.js';
import {
  BenchError,
  LOOPBACK,
  childEnv,
  createDealer,
  expectJson,
  freePort,
  httpGet,
  loadInTurns,
  median,
  medianCpuUs,
  medianRps,
  noise,
  onServerCpu,
  send,
  sleep,
  startChild,
  stopChild,
  waitForHttp,
  type Benchmark,
  type Figure,
  type TurnRun,
} from './lib.js';
import { photoServers } from './photos.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARS = 30;
const ACTIVE_TIMEOUT_MS = 180_000;
const MODELS = [
  ['Toyota', 'Corolla'],
  ['Volkswagen', 'Gol'],
  ['Ford', 'Ranger'],
  ['Fiat', 'Cronos'],
  ['Chevrolet', 'Onix'],
] as const;

/** Real ÷ bare for one page, in requests/s and in CPU per request, with the page's own figures. */
function pairFigures(key: string, label: string, real: TurnRun, bare: TurnRun): Figure[] {
  const rpsRatio = (100 * medianRps(real)) / medianRps(bare);
  const cpuRatio = (100 * medianCpuUs(bare)) / medianCpuUs(real);
  const out: Figure[] = [
    { key: `${key}_bare_rps`, label: `bare Fastify: the same ${label}, prepared statements`, value: medianRps(bare), unit: 'req/s', decimals: 0 },
    { key: `${key}_rps`, label: `${label}: throughput, info logs to a file`, value: medianRps(real), unit: 'req/s', decimals: 0, baseline: `${key}_bare_rps` },
    { key: `${key}_p99_ms`, label: `${label}: p99 latency`, value: median(real.got.map((g) => g.latencyP99Ms)), unit: 'ms', decimals: 1 },
    {
      key: `${key}_ratio_pct`,
      label: `${label} ÷ bare`,
      value: rpsRatio,
      unit: '%',
      decimals: 1,
      target: { op: '>=', value: 60 },
      floor: { op: '>=', value: 30, judged: Math.max(rpsRatio, Number.isFinite(cpuRatio) ? cpuRatio : 0) },
    },
  ];
  if (Number.isFinite(cpuRatio))
    out.push(
      { key: `${key}_bare_cpu_us`, label: `bare: server CPU per ${label}`, value: medianCpuUs(bare), unit: 'µs', decimals: 0 },
      { key: `${key}_cpu_us`, label: `${label}: server CPU per request`, value: medianCpuUs(real), unit: 'µs', decimals: 0, baseline: `${key}_bare_cpu_us` },
      { key: `${key}_cpu_ratio_pct`, label: `bare's CPU per request ÷ the ${label}'s`, value: cpuRatio, unit: '%', decimals: 1 },
    );
  const others = [...real.got, ...bare.got].map((g) => g.otherCpuPct).filter((v): v is number => v !== undefined);
  if (others.length) out.push(...noise(key, { otherCpuPct: Math.max(...others) }));
  return out;
}

export const SITE_BENCHMARKS: Benchmark[] = [
  {
    name: 'site_pages',
    description: `storefront (24 of ${CARS} cars) and /sitemap.xml on the server with workers vs bare Fastify reading the same rows with prepared statements, taking turns`,
    async run(ctx) {
      const s = await photoServers(ctx);
      const slug = 'site-pages';
      const key = await createDealer(s.cli, s.env, slug);
      for (let i = 0; i < CARS; i++) {
        const [brand, model] = MODELS[i % MODELS.length]!;
        const body = aCar({
          brand,
          model,
          year: 2018 + (i % 6),
          price: 9_000_000 + 250_000 * i,
          mileage: 20_000 + 3_000 * i,
          photos: [1, 2, 3].map((n) => `${s.photoUrl}/p/site/${i}/${n}.jpg`),
        });
        expectJson(`PUT SITE-${i}`, await send('PUT', `${s.apiUrl}/v1/vehicles/SITE-${i}`, key, JSON.stringify(body)), 201);
      }
      const t0 = performance.now();
      for (;;) {
        const list = expectJson<{ data: { status: string }[] }>('the cars', await send('GET', `${s.apiUrl}/v1/vehicles?per_page=100`, key), 200);
        const active = list.data.filter((c) => c.status === 'active').length;
        if (active === CARS) break;
        if (performance.now() - t0 > ACTIVE_TIMEOUT_MS) throw new BenchError(`${active} of ${CARS} cars active after ${ACTIVE_TIMEOUT_MS / 1000} s`);
        await sleep(100);
      }
      const storefront = `${s.apiUrl}/dealers/${slug}`;
      const sitemap = `${s.apiUrl}/sitemap.xml`;
      const port = await freePort();
      const bareUrl = `http://${LOOPBACK}:${port}`;
      const env = childEnv({
        PORT: String(port),
        HOST: LOOPBACK,
        DATABASE_URL: String(s.env.DATABASE_URL),
        PUBLIC_BASE_URL: String(s.env.PUBLIC_BASE_URL),
        DEALER_SLUG: slug,
      });
      const bare = startChild(...onServerCpu(ctx.pinning, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-site-server.ts')]), env, ROOT);
      try {
        await waitForHttp(`${bareUrl}/sitemap.xml`, bare, { intervalMs: 20, timeoutMs: 30_000 });
        // A baseline must answer the same page: else it measures something else.
        const pages: [string, string, string][] = [
          ['storefront', storefront, `${bareUrl}/storefront`],
          ['sitemap', sitemap, `${bareUrl}/sitemap.xml`],
        ];
        let urls = 0;
        for (const [what, real, base] of pages) {
          const a = await httpGet(real);
          const b = await httpGet(base);
          if (a.status !== 200 || a.body !== b.body)
            throw new BenchError(`the bare ${what} differs from the service's (${a.status}):\n${a.body.slice(0, 400)}\n---\n${b.body.slice(0, 400)}`);
          if (what === 'storefront' && (a.body.match(/href="[^"]*\/listings\/[^"]+"/g) ?? []).length < 24)
            throw new BenchError('the storefront lists fewer than 24 cars');
          if (what === 'sitemap') urls = (a.body.match(/<url>/g) ?? []).length;
        }
        const turns = (real: string, base: string): TurnRun[] => [
          { name: 'real', url: real, headers: {}, pid: s.api.pid, got: [] },
          { name: 'bare', url: base, headers: {}, pid: bare.pid, got: [] },
        ];
        const sf = turns(storefront, `${bareUrl}/storefront`);
        await loadInTurns(ctx, sf, Math.min(10, ctx.loadOptions.connections));
        const sm = turns(sitemap, `${bareUrl}/sitemap.xml`);
        await loadInTurns(ctx, sm, Math.min(10, ctx.loadOptions.connections));
        return [
          ...pairFigures('storefront', 'GET /dealers/{slug} (24 cars)', sf[0]!, sf[1]!),
          ...pairFigures('sitemap', `GET /sitemap.xml (${urls} URLs)`, sm[0]!, sm[1]!),
        ];
      } finally {
        await stopChild(bare);
      }
    },
  },
];
