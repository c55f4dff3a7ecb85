// Benchmark of the public listing page (D19): GET /listings/{listing_id} of an `active` car with
// 10 photos, without a key, beside the bare Fastify route measured in the same run. The car is
// made the way dealers make it, on the photo benchmarks' server (the one with a job worker,
// bench/photos.ts): a PUT with 10 photo URLs of the local photo server, then its photos arrive
// and it goes active. Its worker is idle during the load (nothing left to download).
// Measured twice: as browsers and crawlers ask (Accept-Encoding: the page is served from its
// cached brotli copy), and without Accept-Encoding (plain bytes). Beside the bare JSON route, and
// (issue 27, P116; the figure with the target) beside a bare Fastify route that renders the same
// HTML from the same row on every request (bench/bare-page-server.ts), measured in the same run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  LOOPBACK,
  assertAll2xx,
  childEnv,
  createDealer,
  expectJson,
  freePort,
  httpGet,
  load,
  noise,
  onServerCpu,
  processTicks,
  send,
  sleep,
  startChild,
  stopChild,
  waitForHttp,
  type Benchmark,
} from './lib.js';
import { photoServers, photoUrls } from './photos.js';
import { aCar } from '../test/support/cars.js';

// Generous: on a loaded machine the ten photos take a while (the load is measured after).
const ACTIVE_TIMEOUT_MS = 180_000;
/** How long the car's ETag must stay the same before its page is probed. */
const SETTLED_MS = 3_000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Car {
  status: string;
  url: string;
  photos: string[];
}

export const LISTING_BENCHMARKS: Benchmark[] = [
  {
    name: 'listing_page',
    description: 'server with workers: public page GET /listings/{id} of an active car with 10 photos (no key), vs bare',
    needs: ['bare'],
    async run(ctx) {
      const s = await photoServers(ctx);
      const key = await createDealer(s.cli, s.env, 'listing-page');
      const api = `${s.apiUrl}/v1/vehicles/LISTING-1`;
      const body = aCar({
        version: 'XEi 2.0 CVT',
        price: 18_500_000,
        mileage: 45_000,
        fuel: 'gasoline',
        transmission: 'automatic',
        color: 'Gris plata',
        description: 'Único dueño. Service oficial al día.\nCubiertas nuevas, llantas de aleación, cámara de retroceso.\nAcepto permuta.',
        photos: photoUrls(s, 'listing/1'),
      });
      expectJson('PUT of the listed car', await send('PUT', api, key, JSON.stringify(body)), 201);
      const t0 = performance.now();
      let car: Car;
      for (;;) {
        car = expectJson<{ vehicle: Car }>('GET of the listed car', await send('GET', api, key), 200).vehicle;
        if (car.status === 'active') break;
        if (car.status !== 'importing_photos') throw new BenchError(`the listed car went ${car.status}`);
        if (performance.now() - t0 > ACTIVE_TIMEOUT_MS) throw new BenchError(`the listed car is not active after ${ACTIVE_TIMEOUT_MS / 1000} s`);
        await sleep(50);
      }
      if (car.photos.length !== 10) throw new BenchError(`the listed car shows ${car.photos.length} photos, expected 10`);
      // Its family's price rating (D44) follows a second later and changes the page: wait until
      // the car has stopped changing (as the API answers it, steady for SETTLED_MS), else the bare
      // route, which reads the row later, renders another page than the one probed.
      let seen = '';
      let since = performance.now();
      for (;;) {
        const now = (await send('GET', api, key)).text;
        if (now !== seen) {
          seen = now;
          since = performance.now();
        } else if (performance.now() - since >= SETTLED_MS) break;
        if (performance.now() - t0 > ACTIVE_TIMEOUT_MS) throw new BenchError('the listed car kept changing');
        await sleep(250);
      }
      // One checked page first: a benchmark of 404 pages measures nothing.
      const probe = await httpGet(car.url);
      // Each photo shows (the gallery draws it and its thumbnail): every photo's folder is in the page.
      const shown = car.photos.filter((p) => probe.body.includes(new URL(p).pathname.replace(/[^/]*$/, ''))).length;
      if (probe.status !== 200 || !probe.body.includes('2019 Toyota Corolla XEi 2.0 CVT') || shown !== 10 || !probe.body.includes('<form')) {
        throw new BenchError(`GET ${car.url} answered ${probe.status} with ${shown} of the car's 10 photos:\n${probe.body.slice(0, 800)}`);
      }
      // As browsers and crawlers ask for it (compressed), then without Accept-Encoding.
      const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
      const zipped = await httpGet(car.url, browser);
      if (zipped.status !== 200 || zipped.headers['content-encoding'] !== 'br')
        throw new BenchError(`GET ${car.url} with Accept-Encoding answered ${zipped.status}, ${zipped.headers['content-encoding']}`);
      // The server's CPU time per page, counted over the measured run only: a figure that other
      // processes on the machine disturb much less than requests per second.
      const measure = async (headers: Record<string, string>) => {
        const o = ctx.loadOptions;
        if (o.warmupS > 0) await load(car.url, headers, { ...o, durationS: o.warmupS, warmupS: 0 }, s.api.pid);
        const ticks0 = processTicks(s.api.pid);
        const run = await load(car.url, headers, { ...o, warmupS: 0 }, s.api.pid);
        assertAll2xx(`GET ${car.url}`, run);
        return { run, cpuUs: ((processTicks(s.api.pid) - ticks0) * 10_000) / run.total };
      };
      const { run: r, cpuUs } = await measure(browser);
      const { run: plain, cpuUs: plainCpuUs } = await measure({});
      // The bare render route: the same HTML from the same row, read once from this store.
      const port = await freePort();
      const renderUrl = `http://${LOOPBACK}:${port}/`;
      const listingId = car.url.split('/').pop()!;
      const env = childEnv({
        PORT: String(port),
        HOST: LOOPBACK,
        DATABASE_URL: String(s.env.DATABASE_URL),
        PUBLIC_BASE_URL: String(s.env.PUBLIC_BASE_URL),
        LISTING_ID: listingId,
      });
      const bare = startChild(...onServerCpu(ctx.pinning, process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/bare-page-server.ts')]), env, ROOT);
      let rendered: Awaited<ReturnType<typeof load>>;
      try {
        await waitForHttp(renderUrl, bare, { intervalMs: 20, timeoutMs: 30_000 });
        const same = await httpGet(renderUrl);
        if (same.body !== probe.body) {
          let at = 0;
          while (same.body[at] === probe.body[at]) at++;
          throw new BenchError(
            `the bare render route does not answer the same page; from character ${at}:\n  service: ${probe.body.slice(at, at + 200)}\n  bare:    ${same.body.slice(at, at + 200)}`,
          );
        }
        const o = ctx.loadOptions;
        if (o.warmupS > 0) await load(renderUrl, {}, { ...o, durationS: o.warmupS, warmupS: 0 }, bare.pid);
        rendered = await load(renderUrl, {}, { ...o, warmupS: 0 }, bare.pid);
        assertAll2xx('bare render GET /', rendered);
      } finally {
        await stopChild(bare);
      }
      return [
        {
          key: 'listing_page_rps',
          label: 'GET /listings/{id} (active, 10 photos; as browsers ask: br) throughput',
          value: r.reqPerSec,
          unit: 'req/s',
          decimals: 0,
        },
        { key: 'listing_page_p99_ms', label: 'GET /listings/{id} (br) p99 latency', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        {
          key: 'listing_page_ratio_pct',
          label: 'GET /listings/{id} (br) ÷ bare',
          value: (100 * r.reqPerSec) / ctx.figure('bare_rps'),
          unit: '%',
          decimals: 1,
          target: { op: '>=', value: 30 },
        },
        { key: 'listing_page_cpu_us', label: 'GET /listings/{id} (br): server CPU per page', value: cpuUs, unit: 'µs', decimals: 0 },
        {
          key: 'listing_page_render_rps',
          label: 'bare Fastify route rendering the same page from the same row, throughput',
          value: rendered.reqPerSec,
          unit: 'req/s',
          decimals: 0,
        },
        ...noise('listing_page_render', rendered),
        {
          key: 'listing_page_vs_render_ratio_pct',
          label: 'GET /listings/{id} (br) ÷ bare render route',
          value: (100 * r.reqPerSec) / rendered.reqPerSec,
          unit: '%',
          decimals: 1,
          target: { op: '>=', value: 50 },
        },
        {
          key: 'listing_page_plain_vs_render_ratio_pct',
          label: 'GET /listings/{id} without Accept-Encoding ÷ bare render route',
          value: (100 * plain.reqPerSec) / rendered.reqPerSec,
          unit: '%',
          decimals: 1,
        },
        ...noise('listing_page', r),
        { key: 'listing_page_plain_rps', label: 'GET /listings/{id} without Accept-Encoding throughput', value: plain.reqPerSec, unit: 'req/s', decimals: 0 },
        {
          key: 'listing_page_plain_ratio_pct',
          label: 'GET /listings/{id} without Accept-Encoding ÷ bare',
          value: (100 * plain.reqPerSec) / ctx.figure('bare_rps'),
          unit: '%',
          decimals: 1,
        },
        {
          key: 'listing_page_plain_cpu_us',
          label: 'GET /listings/{id} without Accept-Encoding: server CPU per page',
          value: plainCpuUs,
          unit: 'µs',
          decimals: 0,
        },
        ...noise('listing_page_plain', plain),
        { key: 'listing_page_bytes', label: 'GET /listings/{id} page size (plain)', value: Buffer.byteLength(probe.body), unit: 'bytes', decimals: 0 },
        {
          key: 'listing_page_br_bytes',
          label: 'GET /listings/{id} page size (br)',
          value: Number(zipped.headers['content-length']),
          unit: 'bytes',
          decimals: 0,
        },
      ];
    },
  },
];
