// Benchmark of webhook delivery: a real server WITH its job worker delivers 1000 events to a
// local HTTPS receiver on loopback (self-signed certificate, trusted through
// NODE_EXTRA_CA_CERTS), every delivery verified (signature) and timed from the event's
// created_at to its receipt.
//
//   webhook_delivery   1000 vehicle.rejected events (PUT of invalid cars, 8 at a time) →
//                      deliveries/s, p50/p99 event → receipt, lost and repeated deliveries;
//                      baseline: the same 1000 signed POSTs sent straight from this process to
//                      the same receiver, a new TLS connection each, as many at once as the
//                      service allows per webhook (WEBHOOK_MAX_IN_FLIGHT, default 4).
//
//   BENCH_WEBHOOK_EVENTS=1000
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCertificate } from '../test/support/webhook-receiver.js';
import {
  BenchError,
  LOOPBACK,
  createDealer,
  expectJson,
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
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
const SENDERS = 8;
const IN_FLIGHT = 4;
const TIMEOUT_MS = 120_000;

interface Receipt {
  id: string;
  receivedAt: number;
  createdAt: number;
  valid: boolean;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function startReceiver(pair: { key: string; cert: string }, secret: () => string | undefined) {
  const receipts: Receipt[] = [];
  let baselineHits = 0;
  const server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const receivedAt = Date.now();
      if (req.url === '/baseline') {
        baselineHits++;
        return res.end('ok');
      }
      const raw = Buffer.concat(chunks);
      const body = JSON.parse(raw.toString('utf8')) as { id: string; created_at: string };
      const sig = String(req.headers['x-service-signature'] ?? '');
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
      const s = secret();
      const valid =
        m !== null &&
        s !== undefined &&
        crypto.timingSafeEqual(Buffer.from(m[2]!, 'hex'), crypto.createHmac('sha256', s).update(`${m[1]}.`).update(raw).digest()) &&
        req.headers['x-service-delivery'] === body.id;
      receipts.push({ id: body.id, receivedAt, createdAt: Date.parse(body.created_at), valid });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return { server, port: (server.address() as AddressInfo).port, receipts, baselineHits: () => baselineHits };
}

/** The baseline: the same number of signed POSTs, fresh TLS connection each, IN_FLIGHT at once. */
async function baselinePosts(port: number, cert: string, n: number): Promise<number> {
  const body = JSON.stringify({
    id: 'evt_baseline',
    type: 'vehicle.rejected',
    created_at: new Date().toISOString(),
    data: { errors: ['price must be greater than 0'] },
  });
  let next = 0;
  const t0 = performance.now();
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t = Math.floor(Date.now() / 1000);
      const sig = crypto.createHmac('sha256', 'whsec_baseline').update(`${t}.`).update(body).digest('hex');
      const req = https.request(
        {
          host: LOOPBACK,
          port,
          path: '/baseline',
          method: 'POST',
          ca: cert,
          agent: false,
          headers: { 'content-type': 'application/json', 'x-service-signature': `t=${t},v1=${sig}` },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) {
        next++;
        await one();
      }
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const pair = makeCertificate(['hooks.bench']);
  const certFile = path.join(ctx.tmpDir, 'webhook-receiver-cert.pem');
  fs.writeFileSync(certFile, pair.cert);
  let secret: string | undefined;
  const rx = await startReceiver(pair, () => secret);

  // A server of its own, with its job worker; the receiver is on 127.0.0.1 with a certificate
  // this server is told to trust.
  const s = await startOwnServer(ctx, ROOT, 'webhook-server', {
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
    NODE_EXTRA_CA_CERTS: certFile,
    JOB_CONCURRENCY: '8',
    WEBHOOK_MAX_IN_FLIGHT: String(IN_FLIGHT),
  });
  const api = s.child;
  const apiUrl = s.baseUrl;
  const key = await createDealer(s.cli, s.env, 'hooks');
  try {
    const hook = expectJson<{ secret: string }>(
      'POST /v1/webhooks',
      await send('POST', `${apiUrl}/v1/webhooks`, key, JSON.stringify({ url: `https://${LOOPBACK}:${rx.port}/hook`, events: ['vehicle.rejected'] })),
      201,
    );
    secret = hook.secret;

    // The events: invalid cars, each PUT answering 422 and recording vehicle.rejected.
    const bad = JSON.stringify(aCar({ price: 0, mileage: 1000, photos: photoUrls(undefined, 3, 'https://img.example') }));
    let next = 0;
    const t0 = Date.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < EVENTS) {
          const i = next++;
          const a = await send('PUT', `${apiUrl}/v1/vehicles/WH-${i}`, key, bad);
          if (a.status !== 422) throw new BenchError(`PUT of an invalid car answered ${a.status}: ${a.text.slice(0, 300)}`);
        }
      }),
    );
    const eventsDoneMs = Date.now() - t0;
    const deadline = Date.now() + TIMEOUT_MS;
    while (new Set(rx.receipts.map((r) => r.id)).size < EVENTS && Date.now() < deadline) await sleep(20);
    // A little longer: repeats, if any, would arrive now.
    await sleep(500);

    const ids = new Set(rx.receipts.map((r) => r.id));
    const lost = EVENTS - ids.size;
    if (rx.receipts.some((r) => !r.valid)) throw new BenchError('a delivery failed signature verification');
    const firstFor = new Map<string, Receipt>();
    for (const r of rx.receipts) if (!firstFor.has(r.id)) firstFor.set(r.id, r);
    const lat = [...firstFor.values()].map((r) => r.receivedAt - r.createdAt).sort((a, b) => a - b);
    const first = Math.min(...[...firstFor.values()].map((r) => r.createdAt));
    const last = Math.max(...[...firstFor.values()].map((r) => r.receivedAt));
    const perSec = ids.size / ((last - first) / 1000);
    const baseline = await baselinePosts(rx.port, pair.cert, EVENTS);
    return [
      {
        key: 'webhook_events_rps',
        label: `webhook bench: ${EVENTS} events recorded (PUT → 422)`,
        value: EVENTS / (eventsDoneMs / 1000),
        unit: 'events/s',
        decimals: 0,
      },
      { key: 'webhook_deliveries_rps', label: 'webhook deliveries (first event → last receipt)', value: perSec, unit: 'deliveries/s', decimals: 0 },
      {
        key: 'webhook_baseline_rps',
        label: `baseline: signed HTTPS POSTs from the bench, ${IN_FLIGHT} at once, new TLS each`,
        value: baseline,
        unit: 'req/s',
        decimals: 0,
      },
      { key: 'webhook_vs_baseline_pct', label: 'webhook deliveries ÷ baseline', value: (100 * perSec) / baseline, unit: '%', decimals: 1 },
      { key: 'webhook_p50_ms', label: 'event → receipt p50', value: percentile(lat, 50), unit: 'ms', decimals: 0, target: { op: '<=', value: 1000 } },
      { key: 'webhook_p99_ms', label: 'event → receipt p99', value: percentile(lat, 99), unit: 'ms', decimals: 0 },
      { key: 'webhook_lost', label: 'deliveries lost', value: lost, unit: '', decimals: 0, target: { op: '<=', value: 0 } },
      { key: 'webhook_repeats', label: 'deliveries received twice', value: rx.receipts.length - ids.size, unit: '', decimals: 0 },
    ];
  } finally {
    await stopChild(api);
    await new Promise<void>((resolve) => rx.server.close(() => resolve()));
    rx.server.closeAllConnections();
  }
}

export const WEBHOOK_BENCHMARKS: Benchmark[] = [
  {
    name: 'webhook_delivery',
    description: `${EVENTS} events → signed deliveries to a local HTTPS receiver (server with its job worker)`,
    run,
  },
];
