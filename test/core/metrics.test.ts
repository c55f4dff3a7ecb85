// Operability (P38, P39): GET /metrics in Prometheus format, behind METRICS_TOKEN or on
// METRICS_PORT (never served without one of them), its request, job, webhook, photo, feed and
// pool figures, and GET /ready with its registered checks.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import { enqueue } from '../../src/core/jobs/queue.js';
import { Metrics } from '../../src/core/metrics/metrics.js';
import { startMetricsServer } from '../../src/core/metrics/server.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, openTestStore, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';
import { PhotoHost } from '../support/photos.js';
import { freePort, startServerProcess } from '../support/server-process.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** One sample of the exposition text: its value, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.keys(got).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: auth });
  assert.equal(res.statusCode, 200, res.body);
  return res.body;
}

describe(`GET /metrics with METRICS_TOKEN (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let rx: Receiver;
  const host = new PhotoHost();

  before(async () => {
    rx = await startReceiver();
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    t = await makeApp({
      clock,
      env: { METRICS_TOKEN: TOKEN, PUBLIC_BASE_URL: 'https://cars.example.com', WEBHOOK_TIMEOUT: '2s', PHOTO_TIMEOUT: '2s' },
      // hooks.test and every other host on loopback (the receiver's certificate trusted).
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
  });
  after(async () => {
    await t.close();
    await host.stop();
    await rx.close();
  });

  test('401 in the Error shape without the token, with a wrong one or another scheme', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().error.code, 'unauthorized');
      assert.ok(!res.body.includes('http_requests_total'));
    }
  });

  test('200 in Prometheus text format with the token; not in the OpenAPI description', async () => {
    const res = await t.app.inject({ url: '/metrics', headers: auth });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.match(res.body, /^# HELP http_requests_total /m);
    assert.match(res.body, /^# TYPE http_request_duration_seconds histogram$/m);
    assert.match(res.body, /^process_cpu_user_seconds_total /m, "Node's process metrics");
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    assert.ok(!Object.keys(doc.paths).some((p) => p.includes('metrics')));
  });

  test('requests counted by route pattern, method and status; unmatched URLs under one label', async () => {
    const { key } = await seedDealer(t);
    const before = await scrape(t);
    const count = (text: string, route: string, status: string, method = 'GET') => sample(text, 'http_requests_total', { method, route, status }) ?? 0;
    for (let i = 0; i < 3; i++) assert.equal((await t.app.inject({ url: '/health' })).statusCode, 200);
    for (const id of ['NOPE-1', 'NOPE-2']) assert.equal((await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) })).statusCode, 404);
    assert.equal((await t.app.inject({ url: '/v1/vehicles/X', headers: bearer('di_live_wrong') })).statusCode, 401);
    assert.equal((await t.app.inject({ url: '/no/such/page-secret-path' })).statusCode, 404);
    const now = await scrape(t);
    assert.equal(count(now, '/health', '200') - count(before, '/health', '200'), 3);
    assert.equal(count(now, '/v1/vehicles/:external_id', '404') - count(before, '/v1/vehicles/:external_id', '404'), 2);
    assert.equal(count(now, '/v1/vehicles/:external_id', '401') - count(before, '/v1/vehicles/:external_id', '401'), 1);
    assert.equal(count(now, 'unmatched', '404') - count(before, 'unmatched', '404'), 1);
    assert.equal(
      (sample(now, 'http_request_duration_seconds_count', { method: 'GET', route: '/health', status: '200' }) ?? 0) -
        (sample(before, 'http_request_duration_seconds_count', { method: 'GET', route: '/health', status: '200' }) ?? 0),
      3,
    );
    // Never a raw URL: no ids, no unknown paths.
    assert.ok(!now.includes('NOPE-1') && !now.includes('page-secret-path'));
  });

  test('jobs by task and state, and the oldest waiting job’s age, read from the table at scrape time', async () => {
    const now = clock.now();
    const db = t.store.db;
    await enqueue(db, clock, 'mail.send', { mail_id: 9001 }, { runAt: now - 90_000 });
    await enqueue(db, clock, 'mail.send', { mail_id: 9002 }, { runAt: now - 30_000 });
    await enqueue(db, clock, 'mail.send', { mail_id: 9003 }, { runAt: now + 60_000 });
    const running = await enqueue(db, clock, 'mail.send', { mail_id: 9004 }, { runAt: now - 10_000 });
    const failed = await enqueue(db, clock, 'mail.send', { mail_id: 9005 }, { runAt: now - 10_000 });
    await db.updateTable('jobs').set({ status: 'running' }).where('id', '=', running!).execute();
    await db.updateTable('jobs').set({ status: 'failed' }).where('id', '=', failed!).execute();
    let text = await scrape(t);
    const jobs = (state: string) => sample(text, 'jobs', { task: 'mail.send', state });
    assert.deepEqual([jobs('waiting'), jobs('scheduled'), jobs('running'), jobs('failed')], [2, 1, 1, 1]);
    assert.equal(sample(text, 'jobs_oldest_waiting_age_seconds', { task: 'mail.send' }), 90);
    // A minute later the scheduled one is due too, and the oldest is a minute older.
    clock.advance(60_000);
    text = await scrape(t);
    assert.deepEqual([jobs('waiting'), jobs('scheduled')], [3, undefined]);
    assert.equal(sample(text, 'jobs_oldest_waiting_age_seconds', { task: 'mail.send' }), 150);
    await db.deleteFrom('jobs').where('task', '=', 'mail.send').execute();
    text = await scrape(t);
    assert.equal(jobs('waiting'), undefined);
    assert.equal(sample(text, 'jobs_oldest_waiting_age_seconds', { task: 'mail.send' }), undefined);
  });

  test('webhook deliveries by outcome, and the event-to-delivery latency of the ones that succeeded', async () => {
    const { key } = await seedDealer(t);
    for (const path of ['/ok', '/status/500', '/status/410']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(key), payload: { url: rx.url(path), events: ['vehicle.sold'] } });
      assert.equal(res.statusCode, 201, res.body);
    }
    assert.equal((await t.app.inject({ method: 'PUT', url: '/v1/vehicles/M-1', headers: bearer(key), payload: aCar() })).statusCode, 201);
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/M-1/sold', headers: bearer(key) })).statusCode, 200);
    const before = await scrape(t);
    clock.advance(7_000); // the deliveries run 7 s after the event
    await t.app.services.jobs.runDue();
    const now = await scrape(t);
    const delta = (name: string, labels: Record<string, string> = {}) => (sample(now, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    assert.equal(delta('webhook_deliveries_total', { outcome: 'succeeded' }), 1);
    assert.equal(delta('webhook_deliveries_total', { outcome: 'retry' }), 1);
    assert.equal(delta('webhook_deliveries_total', { outcome: 'gave_up' }), 1);
    assert.equal(delta('webhook_delivery_latency_seconds_count'), 1);
    assert.equal(delta('webhook_delivery_latency_seconds_sum'), 7);
    assert.equal(delta('webhook_delivery_latency_seconds_bucket', { le: '5' }), 0);
    assert.equal(delta('webhook_delivery_latency_seconds_bucket', { le: '10' }), 1);
  });

  test('photo downloads and feed imports by outcome', async () => {
    const { key, slug } = await seedDealer(t);
    let before = await scrape(t);
    const car = await publishCar(t, key, host, 'PH-1', {}, 3);
    assert.equal(car.status, 'active');
    let now = await scrape(t);
    assert.equal((sample(now, 'photo_downloads_total', { outcome: 'ready' }) ?? 0) - (sample(before, 'photo_downloads_total', { outcome: 'ready' }) ?? 0), 3);

    before = now;
    const feed = await feedFor(t, slug);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('F-1')]))).statusCode, 200);
    assert.equal((await pushCsv(t, feed.path, 'not,a\ncsv"file')).statusCode, 422);
    now = await scrape(t);
    const imports = (text: string, outcome: string) => sample(text, 'feed_imports_total', { outcome, trigger: 'push' }) ?? 0;
    assert.equal(imports(now, 'processed') - imports(before, 'processed'), 1);
    assert.equal(imports(now, 'unreadable') - imports(before, 'unreadable'), 1);
    assert.ok(!now.includes(feed.token), 'the feed token is a route parameter, never a label');
  });

  test('store pool usage: PostgreSQL reports its pool, SQLite (one connection) nothing', async () => {
    const text = await scrape(t);
    if (STORE_NAME === 'postgres') {
      assert.equal(sample(text, 'store_pool_connections', { state: 'max' }), 10);
      assert.ok(sample(text, 'store_pool_connections', { state: 'total' })! >= 1);
      assert.equal(typeof sample(text, 'store_pool_waiting'), 'number');
    } else {
      assert.equal(sample(text, 'store_pool_connections', { state: 'max' }), undefined);
    }
  });
});

describe(`GET /metrics without METRICS_TOKEN or METRICS_PORT (${STORE_NAME})`, () => {
  test('is not served: 404 in the Error shape, token or not', async () => {
    const t = await makeApp();
    try {
      for (const headers of [{}, auth]) {
        const res = await t.app.inject({ url: '/metrics', headers });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().error.code, 'not_found');
      }
    } finally {
      await t.close();
    }
  });
});

describe('metrics configuration', () => {
  test('METRICS_PORT must be a port other than PORT; METRICS_TOKEN 16+ printable characters', () => {
    assert.equal(loadConfig({ METRICS_PORT: '9464' }).metricsPort, 9464);
    assert.equal(loadConfig({}).metricsPort, undefined);
    assert.equal(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
    for (const env of [
      { METRICS_PORT: '3000' },
      { METRICS_PORT: '0' },
      { METRICS_PORT: 'x' },
      { METRICS_TOKEN: 'short' },
      { METRICS_TOKEN: 'has a space in it, long enough' },
    ]) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.variable === Object.keys(env)[0],
        JSON.stringify(env),
      );
    }
  });
});

describe(`METRICS_PORT (${STORE_NAME})`, () => {
  test('startMetricsServer serves only GET /metrics, with the token when one is set', async () => {
    const ts = await openTestStore();
    const metrics = new Metrics({ store: ts.store, clock: new ManualClock(), processMetrics: false });
    const server = await startMetricsServer(metrics, '127.0.0.1', 0, TOKEN);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const ok = await fetch(`${base}/metrics`, { headers: auth });
      assert.equal(ok.status, 200);
      assert.match(ok.headers.get('content-type') ?? '', /^text\/plain/);
      assert.match(await ok.text(), /^# HELP webhook_deliveries_total /m);
      const no = await fetch(`${base}/metrics`);
      assert.equal(no.status, 401);
      assert.equal(((await no.json()) as { error: { code: string } }).error.code, 'unauthorized');
      for (const path of ['/health', '/v1/me', '/metrics/x']) assert.equal((await fetch(`${base}${path}`, { headers: auth })).status, 404, path);
      assert.equal((await fetch(`${base}/metrics`, { method: 'POST', headers: auth })).status, 404);
    } finally {
      await server.close();
      await ts.dispose();
    }
  });

  test('a server process serves /metrics on METRICS_PORT only; the main port answers 404', async () => {
    const ts = await openTestStore();
    const metricsPort = await freePort();
    const server = await startServerProcess({ env: { DATABASE_URL: ts.url, METRICS_PORT: String(metricsPort), JOB_CONCURRENCY: '0' } });
    try {
      await server.ready();
      assert.equal((await fetch(`${server.base}/health`)).status, 200);
      const main = await fetch(`${server.base}/metrics`);
      assert.equal(main.status, 404);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(res.status, 200, server.output());
      const text = await res.text();
      // The main port's requests are counted (by pattern), and Node's process metrics are there.
      assert.equal(sample(text, 'http_requests_total', { method: 'GET', route: '/health', status: '200' }) !== undefined, true);
      assert.equal(sample(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 1);
      assert.match(text, /^process_resident_memory_bytes /m);
      await server.kill('SIGTERM');
      assert.deepEqual(await server.exited, { code: 0, signal: null }, server.output());
    } finally {
      await server.kill('SIGKILL');
      await ts.dispose();
    }
  });
});

describe(`GET /ready (${STORE_NAME})`, () => {
  let t: TestApp;
  // Without CI's shared Redis (TEST_REDIS_URL): these tests register their own 'redis' check.
  before(async () => (t = await makeApp({ env: { REDIS_URL: '' } })));
  after(() => t.close());

  test('200 when every check passes, naming them', async () => {
    const res = await t.app.inject({ url: '/ready' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ready', checks: { store: 'ok' } });
  });

  test('503 naming the check that threw or timed out; the others still reported; checks run side by side', async () => {
    const readiness = t.app.services.readiness;
    let storageStarted!: () => void;
    const started = new Promise<void>((resolve) => (storageStarted = resolve));
    readiness.push(
      {
        name: 'redis',
        // Fails only once the storage check has started: run one after the other, it would time out.
        async check() {
          await started;
          throw new Error('connect ECONNREFUSED redis://:secret@10.0.0.1');
        },
      },
      {
        name: 'storage',
        timeoutMs: 300,
        check() {
          storageStarted();
          return new Promise<void>(() => {}); // never answers
        },
      },
    );
    try {
      const res = await t.app.inject({ url: '/ready' });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { status: 'unavailable', checks: { store: 'ok', redis: 'unreachable', storage: 'timeout' } });
      assert.ok(!res.body.includes('secret'), 'no error text (it may hold a URL with credentials)');
    } finally {
      readiness.splice(1);
    }
    assert.equal((await t.app.inject({ url: '/ready' })).statusCode, 200);
  });
});
