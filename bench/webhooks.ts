// Benchmark of webhook delivery: a real server WITH its job worker (as `npm start` runs it: the
// default configuration, info logs to a file) delivers events to a local HTTPS receiver on
// loopback (self-signed certificate, trusted through NODE_EXTRA_CA_CERTS), every delivery
// verified (signature, delivery id) and timed from the event's created_at to its receipt.
//
//   webhook_delivery   two runs on one server and one webhook:
//     paced       events recorded at 20/s (PUT of an invalid car → 422 + vehicle.rejected) for
//                 15 s (--quick: 5 s), no backlog: p50 / p99 event → receipt (targets 50 / 250 ms);
//     throughput  a backlog of 2000 events (--quick: 500) recorded by syncs of 500 invalid cars
//                 (one event each, one transaction per call): deliveries/s from the first
//                 event's created_at to the last receipt (target ≥ 1000), beside the baseline:
//                 the same number of signed POSTs (body built and signed per request) sent
//                 straight from this process to the same receiver with the service's own
//                 concurrency and connection reuse (WEBHOOK_MAX_IN_FLIGHT at once over kept-alive
//                 undici connections, as src/core/outbound/connect.ts pools them).
//     during photos  (D45, P163) cars with 10 photos each (4,500 photos; --quick: 1,000) written
//                 by syncs, so the worker has thousands of photo downloads to do; meanwhile events
//                 paced at 5/s for 10 s (--quick: 5 s): p50 / p99 event → receipt (p99 target
//                 2 s; D45 promises 5 s), and how many photos were still waiting at the end.
//     All: lost and repeated deliveries (must be 0), TLS connections the receiver accepted.
//
// The "fast local receiver" (P48): HTTPS on 127.0.0.1 in this process, answering 200 at once
// with keep-alive, so the figures are the service's cost per delivery, not the receiver's.
//
//   BENCH_WEBHOOK_EVENTS=2000     throughput backlog (a multiple of 500)
//   BENCH_WEBHOOK_PACED_S=15      paced run length
//   BENCH_WEBHOOK_IMPORT_PHOTOS=4500  photos being imported during the third run (a multiple of 10)
//   BENCH_DATABASE_URL=postgres://…   the server's store (default: a SQLite file of its own)
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { loadConfig } from '../src/core/config.js';
import { makeCertificate } from '../test/support/webhook-receiver.js';
import {
  BenchError,
  LOOPBACK,
  createDealer,
  startPhotoSource,
  expectJson,
  processTicks,
  send,
  sleep,
  startOwnServer,
  stopChild,
  type Benchmark,
  type BenchContext,
  type Figure,
} from './lib.js';
import { aCar } from '../test/support/cars.js';
import { photoUrls } from '../test/support/photos.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SYNC_SIZE = 500;
const PACED_PER_S = 20;
const TIMEOUT_MS = 120_000;

const importPhotos = (quick: boolean) => Number(process.env.BENCH_WEBHOOK_IMPORT_PHOTOS ?? (quick ? 1000 : 4500));
const bulkEvents = (quick: boolean) => Number(process.env.BENCH_WEBHOOK_EVENTS ?? (quick ? 500 : 2000));
const pacedSeconds = (quick: boolean) => Number(process.env.BENCH_WEBHOOK_PACED_S ?? (quick ? 5 : 15));

interface Receipt {
  id: string;
  /** The car's stock ID: which run the event belongs to (PACE-… or BULK-…). */
  stock: string;
  receivedAt: number;
  createdAt: number;
  valid: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function verify(secret: string | undefined, sig: string, raw: Buffer): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
  if (m === null || secret === undefined) return false;
  return crypto.timingSafeEqual(Buffer.from(m[2]!, 'hex'), crypto.createHmac('sha256', secret).update(`${m[1]}.`).update(raw).digest());
}

async function startReceiver(pair: { key: string; cert: string }, secret: () => string | undefined) {
  const receipts: Receipt[] = [];
  let baselineHits = 0;
  let connections = 0;
  const server = https.createServer({ key: pair.key, cert: pair.cert, keepAliveTimeout: 10_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const receivedAt = Date.now();
      const raw = Buffer.concat(chunks);
      const sig = String(req.headers['x-service-signature'] ?? '');
      if (req.url === '/baseline') {
        if (verify('whsec_baseline', sig, raw)) baselineHits++;
        return res.end('ok');
      }
      const body = JSON.parse(raw.toString('utf8')) as { id: string; created_at: string; data: { external_id: string } };
      const valid = verify(secret(), sig, raw) && req.headers['x-service-delivery'] === body.id;
      receipts.push({ id: body.id, stock: body.data.external_id, receivedAt, createdAt: Date.parse(body.created_at), valid });
      res.end('ok');
    });
  });
  server.on('secureConnection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    receipts,
    baselineHits: () => baselineHits,
    connections: () => connections,
  };
}

/**
 * The baseline: `n` signed POSTs of a delivery-sized body, `inFlight` at once, over one undici
 * pool of kept-alive connections (what the service's outbound client does per receiver).
 */
async function baselinePosts(port: number, cert: string, n: number, inFlight: number): Promise<number> {
  const pool = new Pool(`https://${LOOPBACK}:${port}`, { connections: inFlight, pipelining: 1, connect: { ca: cert } });
  let next = 0;
  const t0 = performance.now();
  try {
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < n) {
          const i = next++;
          const body = Buffer.from(
            JSON.stringify({
              id: `evt_baseline_${i}`,
              type: 'vehicle.rejected',
              created_at: new Date().toISOString(),
              data: { external_id: `BASE-${i}`, market: 'ar', source: 'api', channel: 'api', errors: ['price must be greater than 0'] },
            }),
          );
          const t = Math.floor(Date.now() / 1000);
          const sig = crypto.createHmac('sha256', 'whsec_baseline').update(`${t}.`).update(body).digest('hex');
          const res = await pool.request({
            path: '/baseline',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-service-delivery': `evt_baseline_${i}`, 'x-service-signature': `t=${t},v1=${sig}` },
            body,
          });
          await res.body.text();
          if (res.statusCode !== 200) throw new BenchError(`baseline POST answered ${res.statusCode}`);
        }
      }),
    );
    return n / ((performance.now() - t0) / 1000);
  } finally {
    await pool.close();
  }
}

/** Waits until `n` distinct events of `prefix` arrived, then a little longer (repeats would arrive now). */
async function received(receipts: Receipt[], prefix: string, n: number): Promise<Receipt[]> {
  const deadline = Date.now() + TIMEOUT_MS;
  const mine = () => receipts.filter((r) => r.stock.startsWith(prefix));
  while (new Set(mine().map((r) => r.id)).size < n && Date.now() < deadline) await sleep(20);
  await sleep(500);
  const all = mine();
  if (all.some((r) => !r.valid)) throw new BenchError('a delivery failed signature verification');
  return all;
}

/** First receipt of each event, and how many were lost or repeated. */
function tally(all: Receipt[], n: number) {
  const firstFor = new Map<string, Receipt>();
  for (const r of all) if (!firstFor.has(r.id)) firstFor.set(r.id, r);
  const first = [...firstFor.values()];
  return { first, lost: n - first.length, repeats: all.length - first.length };
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const pair = makeCertificate(['hooks.bench']);
  const certFile = path.join(ctx.tmpDir, 'webhook-receiver-cert.pem');
  fs.writeFileSync(certFile, pair.cert);
  let secret: string | undefined;
  const rx = await startReceiver(pair, () => secret);
  const photo = await startPhotoSource(ROOT, 8);

  // A server of its own, with its job worker, in the default configuration (JOB_CONCURRENCY,
  // WEBHOOK_MAX_IN_FLIGHT, JOB_POLL_INTERVAL as shipped); the receiver is on 127.0.0.1 with a
  // certificate this server is told to trust.
  // BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (an empty database) instead of SQLite.
  const store: Record<string, string> = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const s = await startOwnServer(ctx, ROOT, 'webhook-server', { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', NODE_EXTRA_CA_CERTS: certFile, ...store });
  const inFlight = loadConfig(s.env).webhookMaxInFlight;
  const apiUrl = s.baseUrl;
  const key = await createDealer(s.cli, s.env, 'hooks');
  try {
    const hook = expectJson<{ secret: string }>(
      'POST /v1/webhooks',
      await send('POST', `${apiUrl}/v1/webhooks`, key, JSON.stringify({ url: `https://${LOOPBACK}:${rx.port}/hook`, events: ['vehicle.rejected'] })),
      201,
    );
    secret = hook.secret;
    const photos = photoUrls(undefined, 3, 'https://img.example');
    const bad = (id: string) => aCar({ external_id: id, price: 0, mileage: 1000, photos });

    // Paced: one event every 50 ms on a fixed schedule (open loop: a slow answer does not delay
    // the next event), each PUT answering 422 and recording vehicle.rejected.
    const paced = Math.round(pacedSeconds(ctx.quick) * PACED_PER_S);
    const t0 = performance.now() + 100;
    const puts: Promise<void>[] = [];
    for (let i = 0; i < paced; i++) {
      const wait = t0 + (i * 1000) / PACED_PER_S - performance.now();
      if (wait > 0) await sleep(wait);
      const body = JSON.stringify(bad(`PACE-${i}`));
      puts.push(
        send('PUT', `${apiUrl}/v1/vehicles/PACE-${i}`, key, body).then((a) => {
          if (a.status !== 422) throw new BenchError(`PUT of an invalid car answered ${a.status}: ${a.text.slice(0, 300)}`);
        }),
      );
    }
    await Promise.all(puts);
    const p = tally(await received(rx.receipts, 'PACE-', paced), paced);
    const pacedLat = p.first.map((r) => r.receivedAt - r.createdAt).sort((a, b) => a - b);
    const pacedConnections = rx.connections();

    // Throughput: the backlog recorded by syncs of SYNC_SIZE invalid cars, one after another.
    const n = Math.ceil(bulkEvents(ctx.quick) / SYNC_SIZE) * SYNC_SIZE;
    const ticksBefore = processTicks(s.child.pid);
    const syncStart = performance.now();
    for (let c = 0; c < n / SYNC_SIZE; c++) {
      const vehicles = Array.from({ length: SYNC_SIZE }, (_, i) => bad(`BULK-${c * SYNC_SIZE + i}`));
      const a = await send('POST', `${apiUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles }));
      expectJson<{ errors: unknown[] }>('sync of invalid cars', a, 207, (b) => b.errors.length === SYNC_SIZE);
    }
    const syncMs = performance.now() - syncStart;
    const b = tally(await received(rx.receipts, 'BULK-', n), n);
    // The server's CPU time (recording the events and delivering them) per delivery: on a
    // machine shared with other work, a steadier measure of the cost than the rate.
    const cpuMsPer = ((processTicks(s.child.pid) - ticksBefore) * 10) / n;
    const firstEvent = Math.min(...b.first.map((r) => r.createdAt));
    const lastReceipt = Math.max(...b.first.map((r) => r.receivedAt));
    const perSec = b.first.length / ((lastReceipt - firstEvent) / 1000);
    const bulkConnections = rx.connections() - pacedConnections;

    const baseline = await baselinePosts(rx.port, pair.cert, n, inFlight);
    if (rx.baselineHits() !== n) throw new BenchError(`the baseline sent ${n} signed POSTs, the receiver verified ${rx.baselineHits()}`);

    // During a photo import (D45): thousands of photo downloads queued first, then paced events.
    await photo.ready();
    const photosTotal = Math.ceil(importPhotos(ctx.quick) / 10) * 10;
    const importCars = photosTotal / 10;
    for (let c = 0; c < importCars; c += SYNC_SIZE) {
      const vehicles = Array.from({ length: Math.min(SYNC_SIZE, importCars - c) }, (_, i) =>
        aCar({ external_id: `IMP-${c + i}`, photos: Array.from({ length: 10 }, (_, k) => `${photo.url}/p/imp/${c + i}/${k + 1}.jpg`) }),
      );
      expectJson('sync of cars with photos', await send('POST', `${apiUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles })), 200);
    }
    const busySeconds = ctx.quick ? 5 : 10;
    const busyEvents = busySeconds * 5;
    const t1 = performance.now() + 100;
    const busyPuts: Promise<void>[] = [];
    for (let i = 0; i < busyEvents; i++) {
      const wait = t1 + i * 200 - performance.now();
      if (wait > 0) await sleep(wait);
      busyPuts.push(
        send('PUT', `${apiUrl}/v1/vehicles/BUSY-${i}`, key, JSON.stringify(bad(`BUSY-${i}`))).then((a) => {
          if (a.status !== 422) throw new BenchError(`PUT of an invalid car answered ${a.status}: ${a.text.slice(0, 300)}`);
        }),
      );
    }
    await Promise.all(busyPuts);
    const busy = tally(await received(rx.receipts, 'BUSY-', busyEvents), busyEvents);
    const busyLat = busy.first.map((r) => r.receivedAt - r.createdAt).sort((a, b) => a - b);
    const hits = expectJson<{ hits: Record<string, number> }>('photo hits', await send('GET', `${photo.url}/__hits?prefix=/p/imp/`), 200);
    const photosWaiting = photosTotal - Object.keys(hits.hits).length;
    return [
      {
        key: 'webhook_paced_p50_ms',
        label: `paced: ${paced} events at ${PACED_PER_S}/s, event → receipt p50`,
        value: percentile(pacedLat, 50),
        unit: 'ms',
        decimals: 0,
        target: { op: '<=', value: 50 },
      },
      {
        key: 'webhook_paced_p99_ms',
        label: 'paced: event → receipt p99',
        value: percentile(pacedLat, 99),
        unit: 'ms',
        decimals: 0,
        target: { op: '<=', value: 250 },
      },
      { key: 'webhook_paced_max_ms', label: 'paced: event → receipt max', value: pacedLat[pacedLat.length - 1]!, unit: 'ms', decimals: 0 },
      { key: 'webhook_paced_lost', label: 'paced: deliveries lost', value: p.lost, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      { key: 'webhook_paced_repeats', label: 'paced: deliveries received twice', value: p.repeats, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      {
        key: 'webhook_events_ms',
        label: `throughput: ${n} events recorded (${n / SYNC_SIZE} syncs of ${SYNC_SIZE} invalid cars)`,
        value: syncMs,
        unit: 'ms',
        decimals: 0,
      },
      {
        key: 'webhook_baseline_rps',
        label: `baseline: ${n} signed HTTPS POSTs from the bench, ${inFlight} at once, kept-alive`,
        value: baseline,
        unit: 'req/s',
        decimals: 0,
      },
      {
        key: 'webhook_deliveries_rps',
        label: `throughput: ${n} deliveries (first event → last receipt)`,
        value: perSec,
        unit: 'deliveries/s',
        decimals: 0,
        target: { op: '>=', value: 1000 },
        baseline: 'webhook_baseline_rps',
      },
      {
        key: 'webhook_cpu_ms_per_delivery',
        label: 'throughput: server CPU per event (recorded and delivered)',
        value: cpuMsPer,
        unit: 'ms',
        decimals: 2,
      },
      { key: 'webhook_lost', label: 'throughput: deliveries lost', value: b.lost, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      { key: 'webhook_repeats', label: 'throughput: deliveries received twice', value: b.repeats, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      {
        key: 'webhook_busy_p50_ms',
        label: `during a photo import of ${photosTotal}: ${busyEvents} events at 5/s, event → receipt p50`,
        value: percentile(busyLat, 50),
        unit: 'ms',
        decimals: 0,
      },
      {
        key: 'webhook_busy_p99_ms',
        label: 'during the photo import: event → receipt p99 (D45)',
        value: percentile(busyLat, 99),
        unit: 'ms',
        decimals: 0,
        target: { op: '<=', value: 2000 },
      },
      {
        key: 'webhook_busy_photos_waiting',
        label: 'during the photo import: photos not yet fetched when the last event arrived',
        value: photosWaiting,
        unit: '',
        decimals: 0,
      },
      { key: 'webhook_busy_lost', label: 'during the photo import: deliveries lost', value: busy.lost, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      { key: 'webhook_tls_connections', label: 'TLS connections the receiver accepted (all runs)', value: rx.connections(), unit: '', decimals: 0 },
      { key: 'webhook_bulk_tls_connections', label: 'of which during the throughput run', value: bulkConnections, unit: '', decimals: 0 },
    ];
  } finally {
    await stopChild(s.child);
    await stopChild(photo.child);
    const closed = new Promise<void>((resolve) => rx.server.close(() => resolve()));
    rx.server.closeAllConnections();
    await closed;
  }
}

export const WEBHOOK_BENCHMARKS: Benchmark[] = [
  {
    name: 'webhook_delivery',
    description:
      'events → signed deliveries to a local HTTPS receiver (server with its job worker): paced at 20/s (latency), then a backlog (throughput) beside the same POSTs from the bench',
    run,
  },
];
