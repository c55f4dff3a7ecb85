// Issue 38 §2 (P185): the client shows what the server said, against a started server on this
// run's store — withResponse() (200 vs 207, 201 vs 200, ETag, RateLimit-*, X-Request-Id),
// conditional reads (If-None-Match → NotModified, then the change), default and per-call headers
// (Accept-Language), timeouts of a server that never answers or stops mid-body, cancellation by
// AbortSignal (also during a retry's wait), ApiConnectionError for a refused connection, the
// onRetry hook, and the deliveries' bodies typed by event (P184) with the creation's secret.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import {
  ApiConnectionError,
  ApiError,
  ApiTimeoutError,
  createClient,
  NotModified,
  verifyWebhook,
  type RetryInfo,
  type WebhookEvent,
} from '../../packages/client/src/index.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const PER_MINUTE = 30;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** A server that accepts connections and then says nothing (`hang`), or sends headers and stops mid-body (`stall`). */
async function silentServer(mode: 'hang' | 'stall'): Promise<{ base: string; requests: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let requests = 0;
  const srv = net.createServer((s) => {
    sockets.add(s);
    s.on('data', () => {
      requests++;
      if (mode === 'stall') s.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"dealer":');
    });
    s.on('error', () => {});
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => srv.close(r));
    },
  };
}

/** Milliseconds a promise took to settle. */
async function timed(p: Promise<unknown>): Promise<number> {
  const t0 = Date.now();
  await p.catch(() => {});
  return Date.now() - t0;
}

describe(`the client shows what the server said (${STORE_NAME})`, () => {
  let t: TestApp;
  let base: string;
  let key: string;
  let rx: Receiver;
  const host = new PhotoHost();
  const photos = ['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg', 'https://img.example.com/3.jpg'];
  const car = { brand: 'Toyota', model: 'Corolla', year: 2019, price: 18_500_000, mileage: 45_000, photos };

  before(async () => {
    await host.start();
    rx = await startReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    ({ key } = await seedDealer(t, { name: 'Autos Respuesta' }));
  });
  // Each test starts with a fresh rate-limit window (the server's clock is the test's).
  beforeEach(() => manualClock(t).advance(61_000));
  after(async () => {
    await t.close();
    await host.stop();
    await rx.close();
  });

  test('withResponse(): the status (200 or 207, 201 or 200), the request id, the rate limit and the ETag with the body', async () => {
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    const created = await client.vehicles.put('W-1', car).withResponse();
    const createdStatus: 200 | 201 = created.status; // typed from the document
    assert.equal(createdStatus, 201);
    assert.equal(created.data.result, 'created');
    assert.equal((await client.vehicles.put('W-1', car).withResponse()).status, 200);

    const mixed = await client.vehicles
      .sync({
        vehicles: [
          { external_id: 'W-2', ...car },
          { external_id: 'W-3', ...car, year: 1900 },
        ],
      })
      .withResponse();
    const mixedStatus: 200 | 207 = mixed.status;
    assert.equal(mixedStatus, 207);
    assert.equal(mixed.data.created, 1);
    assert.equal(mixed.data.errors[0]?.index, 1);
    assert.equal((await client.vehicles.sync({ vehicles: [{ external_id: 'W-2', ...car }] }).withResponse()).status, 200);

    // The request id is the answer's (ours, when we send a valid one); the limit counts down.
    const first = await client.me({ headers: { 'x-request-id': 'connector-run-7' } }).withResponse();
    assert.equal(first.requestId, 'connector-run-7');
    assert.equal(first.response.headers.get('x-request-id'), 'connector-run-7');
    const second = await client.me().withResponse();
    assert.match(String(second.requestId), /./);
    assert.equal(second.rateLimit?.limit, PER_MINUTE);
    assert.equal(second.rateLimit.remaining, first.rateLimit!.remaining - 1);
    assert.ok(second.rateLimit.reset >= 0);

    const read = await client.vehicles.get('W-1').withResponse();
    assert.equal(read.status, 200);
    assert.match(String(read.etag), /./);
    assert.equal(read.data.vehicle.external_id, 'W-1');
    // Awaited without withResponse(), the same call gives the body, as before.
    assert.equal((await client.vehicles.get('W-1')).vehicle.external_id, 'W-1');
  });

  test('conditional reads: ifNoneMatch answers NotModified while nothing changed, then the change', async () => {
    const sent: (string | null)[] = [];
    const client = createClient({
      baseUrl: `${base}/v1`,
      apiKey: key,
      fetch: (req) => {
        sent.push(req.headers.get('if-none-match'));
        return fetch(req);
      },
    });
    await client.vehicles.put('C-1', car);
    const first = await client.vehicles.get('C-1').withResponse();
    const etag = first.etag!;

    const same = await client.vehicles.get('C-1', {}, { ifNoneMatch: etag });
    assert.ok(same instanceof NotModified);
    assert.equal(same.notModified, true);
    assert.equal(same.etag, etag);
    assert.equal(sent.at(-1), etag);
    const sameWhole = await client.vehicles.get('C-1', {}, { ifNoneMatch: etag }).withResponse();
    assert.equal(sameWhole.status, 304);

    await client.vehicles.put('C-1', { ...car, price: 17_900_000 });
    const changed = await client.vehicles.get('C-1', {}, { ifNoneMatch: etag }).withResponse();
    assert.equal(changed.status, 200);
    if (changed.data instanceof NotModified) assert.fail('the car changed: a body was due');
    assert.equal(changed.data.vehicle.price, '17900000.00');
    assert.notEqual(changed.etag, etag);

    // The list too; null is an ordinary read.
    const page = await client.vehicles.page({ per_page: 5 }).withResponse();
    assert.ok((await client.vehicles.page({ per_page: 5 }, { ifNoneMatch: page.etag })) instanceof NotModified);
    const plain = await client.vehicles.page({ per_page: 5 }, { ifNoneMatch: null });
    assert.ok(!(plain instanceof NotModified) && plain.data.length > 0);
    assert.equal(sent.at(-1), null);
    await client.vehicles.put('C-2', car);
    assert.ok(!((await client.vehicles.page({ per_page: 5 }, { ifNoneMatch: page.etag })) instanceof NotModified));
  });

  test('default headers, overridden per call: Accept-Language picks the language of the texts', async () => {
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key, headers: { 'accept-language': 'es' } });
    assert.equal((await client.me().withResponse()).response.headers.get('content-language'), 'es');
    assert.equal((await client.me({ headers: { 'accept-language': 'pt' } }).withResponse()).response.headers.get('content-language'), 'pt');
    await assert.rejects(client.webhooks.get(987_654), (e: unknown) => e instanceof ApiError && e.status === 404 && e.message === 'No existe ese webhook.');
    await assert.rejects(
      client.webhooks.get(987_654, { headers: { 'accept-language': 'pt' } }),
      (e: unknown) => e instanceof ApiError && e.message === 'Não existe esse webhook.',
    );
    // The key stays the client's: a call's headers add to the defaults.
    assert.equal((await client.me({ headers: { 'x-request-id': 'r-1' } })).key.prefix.length, 12);
  });

  test('a server that never answers, or stops mid-body: ApiTimeoutError after timeoutMs per try, retried where allowed', async () => {
    for (const mode of ['hang', 'stall'] as const) {
      const silent = await silentServer(mode);
      try {
        const retries: RetryInfo[] = [];
        const client = createClient({ baseUrl: silent.base, apiKey: key, timeoutMs: 200, sleep: async () => {}, onRetry: (i) => void retries.push(i) });
        await assert.rejects(client.me(), (e: unknown) => {
          assert.ok(e instanceof ApiTimeoutError, String(e));
          assert.ok(e instanceof ApiConnectionError);
          assert.equal(e.attempts, 3);
          assert.match(e.message, /GET http:\/\/127\.0\.0\.1:\d+\/v1\/me: no answer within 200 ms \(3 tries\)/);
          return true;
        });
        assert.equal(silent.requests(), 3, mode);
        assert.deepEqual(
          retries.map((r) => [r.attempt, r.status, r.error?.name]),
          [
            [1, null, 'ApiTimeoutError'],
            [2, null, 'ApiTimeoutError'],
          ],
        );
        // A call's own timeout wins over the client's (none here), and a creation is not retried.
        const patient = createClient({ baseUrl: silent.base, apiKey: key, timeoutMs: 0, sleep: async () => {} });
        const took = await timed(
          assert.rejects(
            patient.webhooks.create({ url: 'https://hooks.test/x' }, { timeoutMs: 150 }),
            (e: unknown) => e instanceof ApiTimeoutError && e.attempts === 1,
          ),
        );
        assert.ok(took < 5_000, `${took} ms`);
      } finally {
        await silent.close();
      }
    }
  });

  test('AbortSignal: a call stops at once, also while it waits to retry a 429; it is not retried', async () => {
    const silent = await silentServer('hang');
    try {
      const client = createClient({ baseUrl: silent.base, apiKey: key, timeoutMs: 0 });
      const stop = new AbortController();
      setTimeout(() => stop.abort(new Error('the connector is shutting down')), 100);
      const took = await timed(assert.rejects(client.me({ signal: stop.signal }), /the connector is shutting down/));
      assert.ok(took < 5_000, `${took} ms`);
      assert.equal(silent.requests(), 1);
      // Already aborted: nothing is sent.
      await assert.rejects(client.me({ signal: AbortSignal.abort() }), (e: unknown) => e instanceof Error && e.name === 'AbortError');
      assert.equal(silent.requests(), 1);
    } finally {
      await silent.close();
    }

    // The key's window spent: the server asks to wait up to a minute; the wait (real timers) ends with the abort.
    for (let i = 0; i < PER_MINUTE; i++) await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    const heard: RetryInfo[] = [];
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key, onRetry: (i) => void heard.push(i) });
    const took = await timed(assert.rejects(client.me({ signal: AbortSignal.timeout(300) }), (e: unknown) => e instanceof Error && e.name === 'TimeoutError'));
    assert.ok(took < 5_000, `${took} ms`);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.status, 429);
    assert.ok(heard[0]!.delayMs >= 1000);
  });

  test('no connection: ApiConnectionError with the cause, after the tries a call may make', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v1`;
    const client = createClient({ baseUrl: closed, apiKey: key, sleep: async () => {} });
    await assert.rejects(client.vehicles.get('A-1'), (e: unknown) => {
      assert.ok(e instanceof ApiConnectionError && !(e instanceof ApiTimeoutError), String(e));
      assert.equal(e.attempts, 3);
      assert.match(e.message, /could not get an answer: connect ECONNREFUSED .*\(3 tries\)/);
      assert.ok(e.cause instanceof TypeError, 'the cause is what fetch threw');
      return true;
    });
    await assert.rejects(client.webhooks.create({ url: 'https://hooks.test/x' }), (e: unknown) => e instanceof ApiConnectionError && e.attempts === 1);
  });

  test('onRetry hears each retry of a 429 (status, wait, request id); returning false gives up at once', async () => {
    for (let i = 0; i < PER_MINUTE; i++) await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    const clock = manualClock(t);
    const heard: RetryInfo[] = [];
    const waits: number[] = [];
    const client = createClient({
      baseUrl: `${base}/v1`,
      apiKey: key,
      onRetry: (info) => void heard.push(info),
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    assert.match((await client.me()).key.prefix, /^dik_/);
    assert.equal(heard.length, 1);
    assert.equal(heard[0]!.status, 429);
    assert.equal(heard[0]!.attempt, 1);
    assert.equal(heard[0]!.maxAttempts, 3);
    assert.equal(heard[0]!.method, 'GET');
    assert.equal(heard[0]!.delayMs, waits[0]);
    assert.match(String(heard[0]!.requestId), /./);

    for (let i = 0; i < PER_MINUTE; i++) await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    const impatient = createClient({
      baseUrl: `${base}/v1`,
      apiKey: key,
      onRetry: () => false,
      sleep: async () => assert.fail('no wait after onRetry said no'),
    });
    await assert.rejects(impatient.me(), (e: unknown) => e instanceof ApiError && e.status === 429 && e.retryAfter !== null);
  });

  test('deliveries are typed by event, verified with the secret the creation always answers', { timeout: 60_000 }, async () => {
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    const hook = await client.webhooks.create({ url: rx.url('/ok'), events: ['vehicle.sold', 'lead.created'] });
    const secret: string = hook.secret; // not optional in WebhookCreated
    assert.match(secret, /^whsec_/);
    await client.vehicles.put('E-1', { ...car, photos: host.urls('E-1', 3) });
    await t.app.services.jobs.runDue();
    const { vehicle } = await client.vehicles.get('E-1');
    await client.inquiries.create(vehicle.listing_id, { name: 'Ana', email: 'ana@example.com', message: '¿Sigue disponible?' });
    await client.vehicles.sold('E-1');
    await t.app.services.jobs.runDue();
    await until('two deliveries', 20_000, () => rx.received.filter((r) => r.path === '/ok').length >= 2 || undefined);

    const seen: string[] = [];
    for (const r of rx.received.filter((x) => x.path === '/ok')) {
      const event: WebhookEvent = await verifyWebhook(r.raw, r.headers['x-service-signature'], secret);
      // Narrowed by type: each event's data is its own shape, no cast.
      switch (event.type) {
        case 'lead.created':
          assert.equal(event.data.lead.external_id, 'E-1');
          assert.equal(event.data.lead.stage, 'new');
          seen.push(`${event.type} ${event.data.lead.listing_id}`);
          break;
        case 'vehicle.sold':
          assert.equal(event.data.market, 'ar');
          seen.push(`${event.type} ${event.data.external_id}`);
          break;
        default:
          assert.fail(`not subscribed: ${event.type}`);
      }
      assert.equal(event.livemode, true);
    }
    assert.deepEqual(seen.sort(), [`lead.created ${vehicle.listing_id}`, 'vehicle.sold E-1']);
    await client.webhooks.delete(hook.id);
  });
});
