// photo_throughput (P41): how fast the real server imports photos next to sharp itself, and
// what the API's latency is meanwhile.
//
//   1. GET /v1/me p99 of an idle server (one call at a time, ≤ 1 per 10 ms, for 5 s).
//   2. The baseline: sharp alone in a process (bench/sharp-baseline.mjs) making the copies the
//      service makes from the same photo server's 1600×1200 JPEGs, with the same photos at once
//      and libvips threads per photo: the same copies (1280, 960 and 480 px, each as JPEG and
//      WebP, from one decode: P88, P241), and the 1280 px JPEG alone (the work before P88).
//   3. The service: a real server (dist/server.js) WITH its worker imports N photos (cars of 10
//      photos in sync calls of 50 cars) from the photo server → photos per second, GET /v1/me
//      p50/p99 meanwhile. Ratio: 3 ÷ 2 (target ≥ 0.85 of sharp alone making the same copies).
//
// The servers and the baseline run on every CPU (not pinned to one like the other benchmarks):
// the figure is the machine's photo throughput. They run one after the other, never together.
//
//   BENCH_PHOTO_TP_PHOTOS=2000     photos imported (a multiple of 10); the figure: 10000
//   BENCH_PHOTO_TP_AT_ONCE=…       the server's IMAGE_CONCURRENCY and the baseline's photos at
//                                  once (default: the service's default, one per CPU)
//   BENCH_PHOTO_TP_THREADS=1       the baseline's sharp.concurrency (the service uses 1; 0: sharp's default)
//   BENCH_PHOTO_TP_NICENESS=10     the baseline's niceness (0 to compare a build before P46)
//   BENCH_PHOTO_TP_TIMEOUT=900     seconds the import may take
//   BENCH_PHOTO_TP_IDLE_POLICY=true  the server's IMAGE_IDLE_POLICY (P258; default false)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BenchError,
  LOOPBACK,
  benchCar,
  childEnv,
  createDealer,
  distFiles,
  envInt,
  expectJson,
  fig,
  freePort,
  median,
  mainThreadTicks,
  meStream,
  onAllCpus,
  percentile,
  processTicks,
  runCommand,
  send,
  serverEnv,
  serverNodeArgs,
  sleep,
  startChild,
  startPhotoSource,
  stopChild,
  waitForHttp,
  type Benchmark,
  type Pinning,
} from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const PHOTOS_PER_CAR = 10;
const SYNC_BATCH = 50;
const ME_EVERY_MS = 10;
const ME_IDLE_MS = 5_000;
const POLL_MS = 200;
/** Cars sent again unchanged during and after the import (issue 41 §4: a sync of 500 unchanged). */
const RESEND_CARS = 500;
const RESEND_ROUNDS = 9;
/**
 * The floor of the two "while photos import ÷ after" ratios (P241): measured quietly on 2 cores
 * after P241 they spread 3.1–7.8 × (the read’s p99) and 2.1–10 × (the unchanged sync) from run
 * to run, so half the 2 × target would fail most runs; 20 × still fails an API that the import
 * blocks outright. The target stays 2 × and is missed (issue 41).
 */
const PHOTO_TP_SPREAD_FLOOR = { op: '<=' as const, value: 20 };
/** How long the car is read one call at a time once the import is over. */
const GET_IDLE_MS = 3_000;
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const BASELINE_SAMPLE = 200;
const BASELINE_IMAGES = envInt('BENCH_PHOTO_TP_BASELINE_IMAGES', 400);
/** The baseline runs at the priority of the server's image process (image-work.ts). */
const BASELINE_NICENESS = envInt('BENCH_PHOTO_TP_NICENESS', 10, 0);

/** CPU ticks of a process and of its running children (the server's image process). */
function familyTicks(pid: number): Map<number, number> {
  const out = new Map([[pid, processTicks(pid)]]);
  let children: string[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // no such file (an older kernel): the children are left out
  }
  for (const c of children) {
    try {
      out.set(Number(c), processTicks(Number(c)));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
/** Peak resident memory (VmHWM, MB) of each running child of a process. */
function childrenPeakMb(pid: number): number[] {
  return [...familyTicks(pid).keys()]
    .filter((p) => p !== pid)
    .map((p) => {
      const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    });
}
const ticksSince = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);

async function baseline(
  pinning: Pinning | undefined,
  photoUrl: string,
  atOnce: number,
  threads: number,
  outputs: 'display' | 'same',
): Promise<{ rate: number; cpuMs: number }> {
  const env = childEnv({
    PHOTO_URL: photoUrl,
    SAMPLE: String(BASELINE_SAMPLE),
    IMAGES: String(BASELINE_IMAGES),
    AT_ONCE: String(atOnce),
    THREADS: String(threads),
    OUTPUTS: outputs,
    NICENESS: String(BASELINE_NICENESS),
  });
  const out = await runCommand(...onAllCpus(pinning !== undefined, process.execPath, [path.join(ROOT, 'bench/sharp-baseline.mjs')]), env, 300_000);
  const { perSecond: rate, cpuMsPerImage: cpuMs } = JSON.parse(out.trim().split('\n').at(-1)!) as { perSecond?: number; cpuMsPerImage?: number };
  if (typeof rate !== 'number' || !(rate > 0) || typeof cpuMs !== 'number') throw new BenchError(`sharp-baseline printed no rate: ${out}`);
  return { rate, cpuMs };
}

interface PhotoStatus {
  status: string;
  url: string | null;
  original_url: string | null;
}

export const PHOTO_THROUGHPUT_BENCHMARKS: Benchmark[] = [
  {
    name: 'photo_throughput',
    description:
      'photos/s of a real server with its worker vs sharp alone making the same copies at the same concurrency; GET /v1/me p99 idle and while importing',
    async run(ctx) {
      const photos = envInt('BENCH_PHOTO_TP_PHOTOS', 2000);
      if (photos % PHOTOS_PER_CAR !== 0) throw new BenchError(`BENCH_PHOTO_TP_PHOTOS must be a multiple of ${PHOTOS_PER_CAR}`);
      const atOnce = envInt('BENCH_PHOTO_TP_AT_ONCE', os.cpus().length);
      const threads = envInt('BENCH_PHOTO_TP_THREADS', 1, 0);
      const timeoutMs = envInt('BENCH_PHOTO_TP_TIMEOUT', 900) * 1000;
      const { server, cli } = distFiles(ROOT);
      const dir = path.join(ctx.tmpDir, 'photo-throughput');
      fs.mkdirSync(dir, { recursive: true });

      const photoSource = await startPhotoSource(ROOT, 24, (command, args) => onAllCpus(ctx.pinning !== undefined, command, args));
      const { child: photo, url: photoUrl } = photoSource;
      const apiPort = await freePort();
      const apiUrl = `http://${LOOPBACK}:${apiPort}`;
      const env = serverEnv(apiPort, `sqlite:${path.join(dir, 'photos.db')}`, dir, {
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        JOB_POLL_INTERVAL: '200ms',
        IMAGE_CONCURRENCY: String(atOnce),
        IMAGE_IDLE_POLICY: process.env.BENCH_PHOTO_TP_IDLE_POLICY ?? 'false',
      });
      const key = await createDealer(cli, env, 'photo-throughput');
      const api = startChild(...onAllCpus(ctx.pinning !== undefined, process.execPath, [...serverNodeArgs(ROOT), server]), env, dir);
      try {
        await waitForHttp(`${apiUrl}/health`, api, { intervalMs: 20, timeoutMs: 15_000 });
        await photoSource.ready();

        // 1. The idle server's /v1/me.
        const idle = meStream(`${apiUrl}/v1/me`, key, ME_EVERY_MS);
        await sleep(ME_IDLE_MS);
        const meIdle = (await idle.stop()).sort((a, b) => a - b);

        // 2. sharp alone, nothing else running.
        const { rate: baseSame, cpuMs: baseSameCpuMs } = await baseline(ctx.pinning, photoUrl, atOnce, threads, 'same');
        const { rate: baseDisplay } = await baseline(ctx.pinning, photoUrl, atOnce, threads, 'display');

        // 3. The service.
        const cars = Array.from({ length: photos / PHOTOS_PER_CAR }, (_, i) =>
          benchCar(
            `TP-${i}`,
            i,
            Array.from({ length: PHOTOS_PER_CAR }, (_, n) => `${photoUrl}/p/tp/${i}/${n + 1}.jpg`),
          ),
        );
        const count = async (status: string) =>
          expectJson<{ total: number }>(`GET /v1/vehicles?status=${status}`, await send('GET', `${apiUrl}/v1/vehicles?status=${status}&per_page=1`, key), 200)
            .total;
        const resend = cars.slice(0, Math.min(RESEND_CARS, cars.length));
        const resendUnchanged = async () => {
          const a = await send('POST', `${apiUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: resend }));
          expectJson<{ created?: number }>(`sync of ${resend.length} cars again, unchanged`, a, 200, (b) => b.created === 0);
          return a;
        };
        let getBusyStream: ReturnType<typeof meStream> | undefined;
        let getBusy: number[] = [];
        const resendBusy: number[] = [];
        const resendIdle: number[] = [];
        let leftAtResend = 0;
        const ticks0 = familyTicks(api.pid);
        const load0 = os.loadavg()[0]!;
        const mainTicks0 = mainThreadTicks(api.pid);
        const me = meStream(`${apiUrl}/v1/me`, key, ME_EVERY_MS);
        let importMs: number;
        let meBusy: number[];
        /** /v1/me calls made before the last sync call answered (the syncs' own work competes). */
        let duringSyncs = 0;
        const syncMs: number[] = [];
        try {
          const t0 = performance.now();
          for (let i = 0; i < cars.length; i += SYNC_BATCH) {
            const part = cars.slice(i, i + SYNC_BATCH);
            const a = await send('POST', `${apiUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: part }));
            expectJson<{ created?: number }>(`sync of cars ${i}–${i + part.length - 1}`, a, 200, (b) => b.created === part.length);
            syncMs.push(a.ms);
          }
          duringSyncs = me.count();
          // Issue 41 §4: while the photos import, the first cars sent again unchanged (up to
          // 500), then a car read one call at a time until the import is over; beside the same
          // once it is over. One after the other, as after the import: a read queued behind a
          // 500-car sync of the bench's own measures that sync, not the import (P257).
          for (let r = 0; r < RESEND_ROUNDS; r++) resendBusy.push((await resendUnchanged()).ms);
          leftAtResend = cars.length - (await count('active'));
          getBusyStream = meStream(`${apiUrl}/v1/vehicles/TP-0`, key, ME_EVERY_MS);
          for (;;) {
            const active = await count('active');
            if (active === cars.length) break;
            if ((await count('in_review')) > 0) throw new BenchError('photo_throughput: cars went in_review (photos failed)');
            if (performance.now() - t0 > timeoutMs)
              throw new BenchError(`photo_throughput: ${active} of ${cars.length} cars active after ${timeoutMs / 1000} s`);
            await sleep(POLL_MS);
          }
          importMs = performance.now() - t0;
        } finally {
          meBusy = await me.stop();
          if (getBusyStream) getBusy = await getBusyStream.stop();
        }
        // The same once the import is over (every car active), beside the same stream of
        // /v1/me as during the import (P257: only the import differs).
        const meBeside = meStream(`${apiUrl}/v1/me`, key, ME_EVERY_MS);
        const getIdleStream = meStream(`${apiUrl}/v1/vehicles/TP-0`, key, ME_EVERY_MS);
        await sleep(GET_IDLE_MS);
        const getIdle = await getIdleStream.stop();
        await meBeside.stop();
        for (let r = 0; r < RESEND_ROUNDS; r++) resendIdle.push((await resendUnchanged()).ms);
        const cpuMs = ticksSince(ticks0, familyTicks(api.pid)) * 10;
        const mainCpuMs = (mainThreadTicks(api.pid) - mainTicks0) * 10;
        const imagePeakMb = Math.max(0, ...childrenPeakMb(api.pid));
        const meAfterSyncs = meBusy.slice(duringSyncs).sort((a, b) => a - b);
        meBusy.sort((a, b) => a - b);

        // A car's photos: all ready, served as JPEGs, the original without the source's comment.
        const v = expectJson<{ vehicle: { photo_status: PhotoStatus[] } }>('GET a car', await send('GET', `${apiUrl}/v1/vehicles/TP-0`, key), 200).vehicle;
        if (v.photo_status.length !== PHOTOS_PER_CAR || v.photo_status.some((p) => p.status !== 'ready' || !p.url || !p.original_url))
          throw new BenchError('photo_throughput: car TP-0 does not have its 10 photos ready');
        for (const p of v.photo_status) {
          for (const u of [p.url!, p.original_url!]) {
            const bytes = Buffer.from(await (await fetch(u)).arrayBuffer());
            if (bytes.length < 10_000 || bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new BenchError(`photo_throughput: ${u} is not a photo-sized JPEG`);
            if (bytes.includes(Buffer.from('bench photo'))) throw new BenchError(`photo_throughput: ${u} kept the source's comment segment`);
          }
        }

        const perSecond = photos / (importMs / 1000);
        return [
          fig('photo_tp_per_s', `service: ${photos} photos imported per second (IMAGE_CONCURRENCY=${atOnce})`, perSecond, 'photos/s', 1),
          fig(
            'photo_tp_sharp_same_per_s',
            `sharp alone: the same copies per second (${atOnce} at once, ${threads || 'default'} thread(s) each)`,
            baseSame,
            'photos/s',
            1,
          ),
          fig('photo_tp_sharp_display_per_s', 'sharp alone: the 1280 px JPEG only, per second (the work before P88)', baseDisplay, 'photos/s', 1),
          fig('photo_tp_ratio', 'service ÷ sharp alone making the same copies', perSecond / baseSame, '×', 2, { op: '>=', value: 0.85 }),
          fig('photo_tp_ratio_display', 'service ÷ sharp alone making the 1280 px JPEG only', perSecond / baseDisplay, '×', 2),
          fig('photo_tp_cpu_per_photo_ms', 'service: CPU time per photo (server and its image process)', cpuMs / photos, 'ms', 1),
          fig('photo_tp_main_cpu_per_photo_ms', '… of which the main thread (HTTP, SQLite, JSON, /v1/me)', mainCpuMs / photos, 'ms', 1),
          fig('photo_tp_sharp_cpu_per_photo_ms', 'sharp alone: CPU time per photo, the same copies', baseSameCpuMs, 'ms', 1),
          fig(
            'photo_tp_cpu_ratio',
            'sharp alone ÷ service, CPU time per photo (the ratio without the load of other processes)',
            baseSameCpuMs / (cpuMs / photos),
            '×',
            2,
          ),
          fig('photo_tp_image_rss_peak_mb', "service: the image process's peak RSS (VmHWM)", imagePeakMb, 'MB', 0),
          fig('photo_tp_sync_max_ms', `service: each sync call of ${SYNC_BATCH} cars (max)`, Math.max(...syncMs), 'ms', 0),
          fig('photo_tp_me_idle_p99_ms', 'GET /v1/me p99, idle server', percentile(meIdle, 99), 'ms', 1),
          fig('photo_tp_me_p50_ms', 'GET /v1/me p50 while photos import', percentile(meBusy, 50), 'ms', 1),
          fig('photo_tp_me_p99_ms', 'GET /v1/me p99 while photos import', percentile(meBusy, 99), 'ms', 1, { op: '<=', value: 20 }),
          fig('photo_tp_me_photos_p99_ms', 'GET /v1/me p99 while photos import, after the last sync call answered', percentile(meAfterSyncs, 99), 'ms', 1),
          fig('photo_tp_me_calls', 'GET /v1/me calls while photos import', meBusy.length, 'calls', 0),
          fig('photo_tp_get_idle_p99_ms', 'GET /v1/vehicles/{id} p99, one call at a time, after the import', percentile(sorted(getIdle), 99), 'ms', 1),
          fig('photo_tp_get_p99_ms', 'GET /v1/vehicles/{id} p99 while photos import', percentile(sorted(getBusy), 99), 'ms', 1),
          fig('photo_tp_get_calls', 'GET /v1/vehicles/{id} calls while photos import (after the syncs)', getBusy.length, 'calls', 0),
          fig(
            'photo_tp_get_p99_ratio',
            'GET /v1/vehicles/{id} p99: while photos import ÷ after',
            percentile(sorted(getBusy), 99) / percentile(sorted(getIdle), 99),
            '×',
            2,
            { op: '<=', value: 2 },
            PHOTO_TP_SPREAD_FLOOR,
          ),
          fig(
            'photo_tp_resend_idle_ms',
            `sync of ${resend.length} cars again unchanged, after the import (median of ${RESEND_ROUNDS})`,
            median(resendIdle),
            'ms',
            1,
          ),
          fig(
            'photo_tp_resend_ms',
            `sync of ${resend.length} cars again unchanged while photos import (median of ${RESEND_ROUNDS})`,
            median(resendBusy),
            'ms',
            1,
          ),
          fig(
            'photo_tp_resend_ratio',
            'that sync: while photos import ÷ after',
            median(resendBusy) / median(resendIdle),
            '×',
            2,
            { op: '<=', value: 2 },
            PHOTO_TP_SPREAD_FLOOR,
          ),
          fig('photo_tp_resend_cars_left', 'cars still importing photos when those syncs had answered', leftAtResend, 'cars', 0),
          { key: 'photo_tp_load_avg', label: 'machine load average (1 min) when the import started', value: load0, unit: 'runnable', decimals: 1, noise: true },
        ];
      } finally {
        await stopChild(api);
        await stopChild(photo);
      }
    },
  },
];
