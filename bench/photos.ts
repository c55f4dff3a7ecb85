// Benchmarks of the photo import: a real server WITH its job worker (the shared one runs none)
// downloads the cars' photos from a local photo server (bench/photo-server.mjs), checks and
// re-encodes them (sharp) and stores them; a car goes `active` when its photos are in.
//
//   photo_one_car      PUT of one car with 10 photos → `active`, one car after the other
//   photo_import_1000  100 cars × 10 photos in sync calls → all `active`, with the server's peak
//                      memory and GET /v1/me latency while it works
//
// Both servers are started once, on first use, on the servers' CPU, and stopped at the end
// with the other children. Everything stays on the loopback address.
//
//   BENCH_PHOTO_JOB_CONCURRENCY=8   the photo server's JOB_CONCURRENCY (default: the service default, 8)
//   BENCH_PHOTO_JOB_POLL=200ms      its JOB_POLL_INTERVAL
//   BENCH_PHOTO_IMPORT_CARS=100     cars of photo_import_1000 (10 photos each)
//   BENCH_PHOTO_IMPORT_TIMEOUT=600  seconds photo_import_1000 waits for every car to be active
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  LOOPBACK,
  benchCar,
  createDealer,
  distFiles,
  envInt,
  expectJson,
  fig,
  freePort,
  mainThreadTicks,
  meStream,
  median,
  noise,
  onServerCpu,
  percentile,
  procMb,
  processTicks,
  send,
  sleep,
  serverEnv,
  serverLogLevel,
  serverNodeArgs,
  startChild,
  startPhotoSource,
  waitForHttp,
  withOtherCpu,
  type BenchContext,
  type Benchmark,
  type Child,
} from './lib.js';
import { aCar, GOL } from '../test/support/cars.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PHOTOS_PER_CAR = 10;
/** Cars of photo_one_car, one after the other. */
const ONE_CAR_ROUNDS = 3;
/** photo_one_car polls the car this often. */
const ONE_CAR_POLL_MS = 20;
const ONE_CAR_TIMEOUT_MS = 60_000;
const IMPORT_CARS = envInt('BENCH_PHOTO_IMPORT_CARS', 100);
/** Cars per sync call of the import (the API takes up to 500). */
const SYNC_BATCH = 50;
/** photo_import_1000 counts the active cars this often. */
const IMPORT_POLL_MS = 100;
const IMPORT_TIMEOUT_MS = envInt('BENCH_PHOTO_IMPORT_TIMEOUT', 600) * 1000;
/** The /v1/me stream during the import: one call at a time, started every ME_EVERY_MS at most. */
const ME_EVERY_MS = 10;
/** The server's VmRSS is sampled this often during the import (VmHWM gives the true peak). */
const RSS_EVERY_MS = 50;
/** Base images the photo server makes (each URL still answers distinct bytes). */
const PHOTO_BASES = 24;

// ---------------------------------------------------------------------------------------------
// The servers: the real server with its worker, and the photo server.

export interface PhotoServers {
  api: Child;
  apiUrl: string;
  photo: Child;
  photoUrl: string;
  /** The api server's env: the CLI uses it to add dealerships to the same store. */
  env: NodeJS.ProcessEnv;
  cli: string;
  /** Key of the dealership `photo-one` (market ar). */
  oneKey: string;
  jobConcurrency: string;
  jobPoll: string;
}

let photoServersStarted: Promise<PhotoServers> | undefined;
export const photoServers = (ctx: BenchContext) => (photoServersStarted ??= startPhotoServers(ctx));

async function startPhotoServers(ctx: BenchContext): Promise<PhotoServers> {
  const { server, cli } = distFiles(ROOT);
  const dir = path.join(ctx.tmpDir, 'photo-server-data');
  fs.mkdirSync(dir, { recursive: true });

  const photo = await startPhotoSource(ROOT, PHOTO_BASES, (command, args) => onServerCpu(ctx.pinning, command, args));

  const apiPort = await freePort();
  const apiUrl = `http://${LOOPBACK}:${apiPort}`;
  const jobConcurrency = process.env.BENCH_PHOTO_JOB_CONCURRENCY ?? '8';
  const jobPoll = process.env.BENCH_PHOTO_JOB_POLL ?? '200ms';
  const env = serverEnv(apiPort, `sqlite:${path.join(dir, 'photos.db')}`, dir, {
    LOG_LEVEL: serverLogLevel(),
    // The photo server is on 127.0.0.1: outbound requests must be allowed to reach it.
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    JOB_CONCURRENCY: jobConcurrency,
    JOB_POLL_INTERVAL: jobPoll,
  });
  // The store is made (migrated) by the CLI before the server starts, as run.ts does.
  const oneKey = await createDealer(cli, env, 'photo-one');
  const api = startChild(...onServerCpu(ctx.pinning, process.execPath, [...serverNodeArgs(ROOT), server]), env, dir, path.join(dir, 'photos.log'));
  await waitForHttp(`${apiUrl}/health`, api, { intervalMs: 20, timeoutMs: 15_000 });
  await photo.ready();
  return { api, apiUrl, photo: photo.child, photoUrl: photo.url, env, cli, oneKey, jobConcurrency, jobPoll };
}

interface PhotoStatus {
  source_url: string;
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  url: string | null;
  original_url: string | null;
}

interface Vehicle {
  external_id: string;
  status: string;
  photos: string[];
  photos_pending: number;
  photo_status: PhotoStatus[];
}

const describePhotos = (v: Vehicle) => v.photo_status.map((p, i) => `  ${i + 1}. ${p.status}${p.reason ? ` (${p.reason})` : ''}: ${p.source_url}`).join('\n');

/**
 * Checks that a car has exactly its `urls` as photos, all ready (in order); a failed photo fails
 * the benchmark loudly, with every photo's outcome.
 */
function checkPhotos(what: string, v: Vehicle, urls: string[]): void {
  const failed = v.photo_status.filter((p) => p.status === 'failed');
  if (failed.length > 0) throw new BenchError(`${what}: ${failed.length} photo(s) FAILED:\n${describePhotos(v)}`);
  const sources = v.photo_status.map((p) => p.source_url);
  if (sources.length !== urls.length || sources.some((s, i) => s !== urls[i])) {
    throw new BenchError(`${what}: photo_status lists other URLs than those sent:\n${describePhotos(v)}`);
  }
  if (v.photo_status.some((p) => p.status !== 'ready' || !p.url || !p.original_url))
    throw new BenchError(`${what}: not every photo is ready:\n${describePhotos(v)}`);
  if (v.photos.length !== urls.length) throw new BenchError(`${what}: ${v.photos.length} photos shown, expected ${urls.length}:\n${describePhotos(v)}`);
}

/** GET of one of the service's photo URLs: 200, image/jpeg, JPEG bytes. Only loopback URLs. */
async function checkServedPhoto(what: string, url: string, apiUrl: string): Promise<number> {
  if (!url.startsWith(`${apiUrl}/photos/`)) throw new BenchError(`${what}: photo URL ${url} is not under ${apiUrl}/photos/`);
  let res: Response;
  let bytes: Buffer;
  try {
    res = await fetch(url);
    bytes = Buffer.from(await res.arrayBuffer());
  } catch (err) {
    throw new BenchError(`${what}: GET ${url} failed: ${(err as Error).message}`);
  }
  if (res.status !== 200) throw new BenchError(`${what}: GET ${url} answered ${res.status}`);
  if (res.headers.get('content-type') !== 'image/jpeg') throw new BenchError(`${what}: GET ${url} answered content-type ${res.headers.get('content-type')}`);
  if (bytes.length < 10_000 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) {
    throw new BenchError(`${what}: GET ${url} answered ${bytes.length} bytes that are not a photo-sized JPEG`);
  }
  return bytes.length;
}

/** The dealer-side URLs of a car's photos, distinct per `group` (the photo server counts each). */
export const photoUrls = (s: PhotoServers, group: string): string[] =>
  Array.from({ length: PHOTOS_PER_CAR }, (_, n) => `${s.photoUrl}/p/${group}/${n + 1}.jpg`);

/**
 * Checks that the photo server was asked for each of `urls` exactly once, and for nothing else
 * under `prefix`; resolves with the times (Date.now()) of those requests, in the order of `urls`.
 */
async function checkHits(what: string, s: PhotoServers, prefix: string, urls: string[]): Promise<number[]> {
  const body = expectJson<{ hits: Record<string, number>; first: Record<string, number> }>(
    `${what}: photo server hit counts`,
    await send('GET', `${s.photoUrl}/__hits?prefix=${encodeURIComponent(prefix)}`),
    200,
  );
  const want = new Set(urls.map((u) => new URL(u).pathname));
  const wrong: string[] = [];
  for (const p of want) if (body.hits[p] !== 1) wrong.push(`${p}: ${body.hits[p] ?? 0} hits`);
  for (const [p, n] of Object.entries(body.hits)) if (!want.has(p)) wrong.push(`${p}: ${n} hits, never sent`);
  if (wrong.length)
    throw new BenchError(`${what}: the photo server was not hit exactly once per URL (${wrong.length} wrong):\n  ${wrong.slice(0, 10).join('\n  ')}`);
  return urls.map((u) => body.first[new URL(u).pathname]!);
}

// ---------------------------------------------------------------------------------------------
// Measuring during the import: /v1/me latency, resident memory.

function rssSampler(pid: number, everyMs: number): { stop(): number } {
  let max = procMb(pid, 'VmRSS');
  const timer = setInterval(() => {
    try {
      max = Math.max(max, procMb(pid, 'VmRSS'));
    } catch {
      // the process is gone: the benchmark fails elsewhere
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return max;
    },
  };
}

// ---------------------------------------------------------------------------------------------

export const PHOTO_BENCHMARKS: Benchmark[] = [
  {
    name: 'photo_one_car',
    description: `server with workers: PUT of a car with ${PHOTOS_PER_CAR} photos (local photo server) → status active (polled every ${ONE_CAR_POLL_MS} ms), ${ONE_CAR_ROUNDS} cars one after the other`,
    async run(ctx) {
      const s = await photoServers(ctx);
      const key = s.oneKey;
      const times: number[] = [];
      const putTimes: number[] = [];
      const firstRequest: number[] = [];
      const lastRequest: number[] = [];
      let failed = 0;
      const { otherCpuPct } = await withOtherCpu([process.pid, s.api.pid, s.photo.pid], async () => {
        for (let round = 0; round < ONE_CAR_ROUNDS; round++) {
          const id = `PHOTO-ONE-${round}`;
          const url = `${s.apiUrl}/v1/vehicles/${id}`;
          const urls = photoUrls(s, `one/${round}`);
          const body = JSON.stringify(aCar({ ...GOL, photos: urls }));
          const wall0 = Date.now();
          const t0 = performance.now();
          const put = await send('PUT', url, key, body);
          expectJson<{ result?: string; vehicle?: Vehicle }>(`PUT ${id}`, put, 201, (b) => b.result === 'created' && b.vehicle?.status === 'importing_photos');
          putTimes.push(put.ms);
          let v: Vehicle;
          for (;;) {
            v = expectJson<{ vehicle?: Vehicle }>(`GET ${id}`, await send('GET', url, key), 200, (b) => b.vehicle?.external_id === id).vehicle!;
            if (v.status === 'active') break;
            if (v.status !== 'importing_photos') throw new BenchError(`car ${id} went ${v.status}, not active:\n${describePhotos(v)}`);
            if (performance.now() - t0 > ONE_CAR_TIMEOUT_MS) {
              throw new BenchError(
                `car ${id} still importing_photos after ${ONE_CAR_TIMEOUT_MS / 1000} s (${v.photos_pending} pending):\n${describePhotos(v)}`,
              );
            }
            await sleep(ONE_CAR_POLL_MS);
          }
          times.push(performance.now() - t0);
          failed += v.photo_status.filter((p) => p.status === 'failed').length;
          checkPhotos(`car ${id}`, v, urls);
          // Every stored photo answers (both sizes), then the photo server was hit once per URL.
          for (const p of v.photo_status) {
            await checkServedPhoto(`car ${id}`, p.url!, s.apiUrl);
            await checkServedPhoto(`car ${id}`, p.original_url!, s.apiUrl);
          }
          const requested = await checkHits(`car ${id}`, s, `/p/one/${round}/`, urls);
          firstRequest.push(Math.min(...requested) - wall0);
          lastRequest.push(Math.max(...requested) - wall0);
        }
      });
      return [
        fig('photo_one_car_ms', `one car, ${PHOTOS_PER_CAR} photos: PUT → active (median of ${ONE_CAR_ROUNDS})`, median(times), 'ms', 0, {
          op: '<=',
          value: 2000,
        }),
        fig(
          'photo_one_car_max_ms',
          `one car, ${PHOTOS_PER_CAR} photos: PUT → active (max of ${ONE_CAR_ROUNDS}; the 1st loads sharp)`,
          Math.max(...times),
          'ms',
          0,
        ),
        fig('photo_one_car_put_ms', 'one car: the PUT answer itself (median)', median(putTimes), 'ms', 1),
        fig('photo_one_car_first_request_ms', 'one car: PUT → 1st photo requested (median)', median(firstRequest), 'ms', 0),
        fig('photo_one_car_last_request_ms', 'one car: PUT → 10th photo requested (median)', median(lastRequest), 'ms', 0),
        fig('photo_one_car_failed', 'one car: photos failed', failed, 'photos', 0, { op: '<=', value: 0 }),
        ...noise('photo_one_car', { otherCpuPct }),
      ];
    },
  },
  {
    name: 'photo_import_1000',
    description: `server with workers: ${IMPORT_CARS} cars × ${PHOTOS_PER_CAR} photos in sync calls of ${SYNC_BATCH} → all active; peak RSS, GET /v1/me latency meanwhile`,
    async run(ctx) {
      const s = await photoServers(ctx);
      const key = await createDealer(s.cli, s.env, 'photo-import');
      const photos = IMPORT_CARS * PHOTOS_PER_CAR;
      const cars = Array.from({ length: IMPORT_CARS }, (_, i) => benchCar(`IMP-${i}`, i, photoUrls(s, `imp/${i}`)));
      const count = async (status: string) =>
        expectJson<{ total: number }>(
          `GET /v1/vehicles?status=${status}`,
          await send('GET', `${s.apiUrl}/v1/vehicles?status=${status}&per_page=1`, key),
          200,
          (b) => typeof b.total === 'number',
        ).total;

      const syncMs: number[] = [];
      let firstActiveMs: number | undefined;
      let importMs = 0;
      const apiTicks0 = processTicks(s.api.pid);
      const mainTicks0 = mainThreadTicks(s.api.pid);
      const photoTicks0 = processTicks(s.photo.pid);
      const hwmBefore = procMb(s.api.pid, 'VmHWM');
      const rssBefore = procMb(s.api.pid, 'VmRSS');
      const sampler = rssSampler(s.api.pid, RSS_EVERY_MS);
      const me = meStream(`${s.apiUrl}/v1/me`, key, ME_EVERY_MS);
      let meLatencies: number[] = [];
      const { otherCpuPct } = await withOtherCpu([process.pid, s.api.pid, s.photo.pid], async () => {
        try {
          await sleep(200); // a few /v1/me calls before the import starts
          const t0 = performance.now();
          for (let i = 0; i < cars.length; i += SYNC_BATCH) {
            const part = cars.slice(i, i + SYNC_BATCH);
            const a = await send('POST', `${s.apiUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: part }));
            expectJson<{ created?: number; errors?: unknown[] }>(
              `sync of cars ${i}–${i + part.length - 1}`,
              a,
              200,
              (b) => b.created === part.length && Array.isArray(b.errors) && b.errors.length === 0,
            );
            syncMs.push(a.ms);
          }
          for (let polls = 1; ; polls++) {
            const active = await count('active');
            if (active > 0 && firstActiveMs === undefined) firstActiveMs = performance.now() - t0;
            if (active === IMPORT_CARS) break;
            // Once a second: a car with failed photos goes in_review; stop at once, loudly.
            if (polls % 10 === 0 && (await count('in_review')) > 0) {
              const list = expectJson<{ data: Vehicle[] }>(
                'GET /v1/vehicles?status=in_review',
                await send('GET', `${s.apiUrl}/v1/vehicles?status=in_review&per_page=5`, key),
                200,
              );
              throw new BenchError(
                `import: cars went in_review (photos failed), e.g. ${list.data[0]?.external_id}:\n${list.data[0] ? describePhotos(list.data[0]) : ''}`,
              );
            }
            if (performance.now() - t0 > IMPORT_TIMEOUT_MS) {
              throw new BenchError(`import: only ${active} of ${IMPORT_CARS} cars active after ${IMPORT_TIMEOUT_MS / 1000} s (BENCH_PHOTO_IMPORT_TIMEOUT)`);
            }
            await sleep(IMPORT_POLL_MS);
          }
          importMs = performance.now() - t0;
          await sleep(200); // a few /v1/me calls after
        } finally {
          meLatencies = await me.stop();
          sampler.stop();
        }
      });
      const rssMaxSampled = sampler.stop();
      const hwm = procMb(s.api.pid, 'VmHWM');
      const apiCpuMs = (processTicks(s.api.pid) - apiTicks0) * 10;
      const mainCpuMs = (mainThreadTicks(s.api.pid) - mainTicks0) * 10;
      const photoCpuMs = (processTicks(s.photo.pid) - photoTicks0) * 10;

      // Every car: its 10 photos, all ready; one photo of each served; one hit per URL.
      let failed = 0;
      const seen = new Set<string>();
      for (let page = 1; seen.size < IMPORT_CARS; page++) {
        const list = expectJson<{ data: Vehicle[]; total: number }>(
          `GET /v1/vehicles page ${page}`,
          await send('GET', `${s.apiUrl}/v1/vehicles?per_page=100&page=${page}`, key),
          200,
        );
        if (list.total !== IMPORT_CARS) throw new BenchError(`import: the dealership has ${list.total} cars, expected ${IMPORT_CARS}`);
        if (list.data.length === 0) break;
        for (const v of list.data) {
          const i = Number(v.external_id.slice('IMP-'.length));
          const car = cars[i];
          if (!car || car.external_id !== v.external_id) throw new BenchError(`import: unexpected car ${v.external_id}`);
          if (v.status !== 'active') throw new BenchError(`import: car ${v.external_id} is ${v.status}`);
          failed += v.photo_status.filter((p) => p.status === 'failed').length;
          checkPhotos(`import: car ${v.external_id}`, v, car.photos);
          await checkServedPhoto(`import: car ${v.external_id}`, v.photos[i % PHOTOS_PER_CAR]!, s.apiUrl);
          seen.add(v.external_id);
        }
      }
      if (seen.size !== IMPORT_CARS) throw new BenchError(`import: listed ${seen.size} cars, expected ${IMPORT_CARS}`);
      await checkHits(
        'import',
        s,
        '/p/imp/',
        cars.flatMap((c) => c.photos),
      );

      if (meLatencies.length < 10) throw new BenchError(`import: only ${meLatencies.length} GET /v1/me calls were measured`);
      const me_ = [...meLatencies].sort((a, b) => a - b);
      return [
        fig(
          'photo_import_s',
          `import of ${IMPORT_CARS} cars × ${PHOTOS_PER_CAR} photos: 1st sync → all active (JOB_CONCURRENCY=${s.jobConcurrency})`,
          importMs / 1000,
          's',
          1,
        ),
        fig('photo_import_per_s', 'import: photos downloaded and stored per second', photos / (importMs / 1000), 'photos/s', 1),
        fig('photo_import_first_active_s', 'import: 1st sync → first car active', (firstActiveMs ?? importMs) / 1000, 's', 1),
        fig('photo_import_sync_ms', `import: each sync call of ${SYNC_BATCH} cars (max)`, Math.max(...syncMs), 'ms', 0),
        fig('photo_import_cpu_per_photo_ms', 'import: server CPU time per photo (all threads)', apiCpuMs / photos, 'ms', 0),
        fig('photo_import_main_cpu_per_photo_ms', 'import: … of which the main thread (HTTP, SQLite, JSON, /v1/me)', mainCpuMs / photos, 'ms', 1),
        fig('photo_import_pool_cpu_per_photo_ms', 'import: … of which other threads (sharp/libvips, fs)', (apiCpuMs - mainCpuMs) / photos, 'ms', 0),
        fig('photo_import_photo_server_cpu_s', 'import: CPU time of the local photo server', photoCpuMs / 1000, 's', 1),
        fig('photo_import_rss_before_mb', 'import: server RSS before (VmRSS)', rssBefore, 'MB', 0),
        fig('photo_import_rss_peak_mb', `import: server peak RSS (VmHWM${hwmBefore >= hwm ? ', reached before the import' : ''})`, hwm, 'MB', 0, {
          op: '<=',
          value: 400,
        }),
        fig('photo_import_rss_sampled_mb', `import: server VmRSS, max of samples every ${RSS_EVERY_MS} ms`, rssMaxSampled, 'MB', 0),
        fig('photo_import_me_calls', `import: GET /v1/me calls meanwhile (1 at a time, ≤ 1 per ${ME_EVERY_MS} ms)`, meLatencies.length, 'calls', 0),
        fig('photo_import_me_p50_ms', 'import: GET /v1/me p50 latency meanwhile', percentile(me_, 50), 'ms', 1),
        fig('photo_import_me_p99_ms', 'import: GET /v1/me p99 latency meanwhile', percentile(me_, 99), 'ms', 1, { op: '<=', value: 50 }),
        fig('photo_import_me_max_ms', 'import: GET /v1/me max latency meanwhile', me_.at(-1)!, 'ms', 1),
        fig('photo_import_failed', 'import: photos failed', failed, 'photos', 0, { op: '<=', value: 0 }),
        ...noise('photo_import', { otherCpuPct }),
      ];
    },
  },
];
