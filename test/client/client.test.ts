// Issue 29 §2 (P127–P129): the official client against a real started server (buildApp + listen)
// on this run's store — every call, both key headers, typed errors with the request id, retries
// of 429 honouring Retry-After (never of an inquiry), cursor iteration over several pages,
// syncStock of 1 200 cars in 3 chunks + one reconcile, dryRun, and the guard's 409 as a typed error.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ApiError, createClient, SoldGuardError, type StockCar } from '../../packages/client/src/index.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const PER_MINUTE = 40;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/** The requests a client sent, as `METHOD /path`, through a fetch that passes them on. */
function recording() {
  const sent: string[] = [];
  const fetchFn = (req: Request) => {
    sent.push(`${req.method} ${new URL(req.url).pathname}`);
    return fetch(req);
  };
  return { sent, fetch: fetchFn };
}

const stock = (prefix: string, n: number, photos: string[]): StockCar[] =>
  Array.from({ length: n }, (_, i) => ({
    external_id: `${prefix}-${i + 1}`,
    brand: 'Toyota',
    model: 'Corolla',
    year: 2019,
    price: 12_500,
    mileage: 45_000,
    photos,
  }));

describe(`the official client against a started server (${STORE_NAME})`, () => {
  let t: TestApp;
  let base: string;
  let rx: Receiver;
  let key: string;
  let slug: string;
  const host = new PhotoHost();
  const photos = ['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg', 'https://img.example.com/3.jpg'];

  before(async () => {
    await host.start();
    rx = await startReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_MINUTE: String(PER_MINUTE), INQUIRIES_PER_HOUR: '1' },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    ({ key, slug } = await seedDealer(t, { name: 'Autos Cliente' }));
  });
  // Each test starts with a fresh rate-limit window (the server's clock is the test's).
  beforeEach(() => manualClock(t).advance(61_000));
  after(async () => {
    await t.close();
    await host.stop();
    await rx.close();
  });

  test('every call: both key headers, typed answers, typed errors with the request id', { timeout: 120_000 }, async () => {
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    const viaHeader = createClient({ baseUrl: `${base}/v1/`, apiKey: key, authHeader: 'x-api-key' });
    const me = await client.me();
    assert.equal(me.dealer.slug, slug);
    assert.equal((await viaHeader.me()).dealer.slug, slug);
    const bad = createClient({ baseUrl: `${base}/v1`, apiKey: 'dik_nope', maxAttempts: 1 });
    await assert.rejects(bad.me(), (e: unknown) => e instanceof ApiError && e.status === 401 && e.code === 'unauthorized');

    const market = await client.markets.get('ar');
    assert.equal(market.code, 'ar');
    const brands = await client.catalog.brands();
    assert.ok(brands.data.length > 0);
    assert.equal((await client.catalog.models(brands.data[0]!.slug)).brand, brands.data[0]!.name);

    const car = { brand: 'Toyota', model: 'Corolla', year: 2019, price: 18_500_000, mileage: 45_000, photos: host.urls('A-1', 3) };
    const created = await client.vehicles.put('A-1', car);
    assert.equal(created.result, 'created');
    await t.app.services.jobs.runDue();
    const got = await client.vehicles.get('A-1');
    assert.equal(got.vehicle.status, 'active');
    assert.equal((await client.vehicles.put('A-1', { ...car, price: 17_900_000 })).result, 'updated');
    assert.deepEqual(
      (await client.vehicles.page({ status: 'active' })).data.map((v) => v.external_id),
      ['A-1'],
    );
    assert.equal((await client.vehicles.stats('A-1')).external_id, 'A-1');
    assert.ok(Array.isArray((await client.stats.get()).vehicles));

    // Typed errors: code, fields, status and the request id of the answer.
    await assert.rejects(client.vehicles.get('NOPE'), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 404);
      assert.equal(e.code, 'not_found');
      assert.match(String(e.requestId), /./);
      return true;
    });
    await assert.rejects(client.vehicles.put('BAD', { ...car, year: 1900, photos: [] }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 422);
      assert.equal(e.code, 'invalid_vehicle');
      assert.ok(e.fields.length >= 2, JSON.stringify(e.fields));
      assert.match(String(e.requestId), /./);
      return true;
    });
    // A parameter against its schema: the input, the rule and its bound, for a program (P175).
    await assert.rejects(client.vehicles.page({ per_page: 1000 }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.deepEqual(e.problems, [{ field: 'per_page', rule: 'maximum', limit: 100 }]);
      return true;
    });

    assert.equal((await client.vehicles.sync({ vehicles: [{ external_id: 'B-1', ...car }], source: 'woocommerce' })).created, 1);
    assert.equal((await client.vehicles.reconcile({ external_ids: ['B-1'], source: 'woocommerce', dry_run: true })).dry_run, true);

    // Feeds: push JSON rows with the feed's token, then read its imports.
    const { token } = await createFeed(t.store, t.clock, base, { dealer: slug });
    assert.equal((await client.feeds.push(token, { vehicles: [{ external_id: 'F-1', ...car }] })).created, 1);
    const feed = (await client.feeds.list()).data[0]!;
    const imports = await client.feeds.imports(feed.id);
    assert.equal((await client.feeds.getImport(feed.id, imports.data[0]!.id)).import.created, 1);

    // Webhooks: create with the offered events, test, log, read, delete.
    const offered = (await client.webhooks.list()).events;
    const hook = await client.webhooks.create({ url: rx.url('/ok'), events: offered });
    assert.match(hook.secret, /^whsec_/);
    assert.equal((await client.webhooks.get(hook.id)).id, hook.id);
    assert.equal((await client.webhooks.test(hook.id)).delivered, true);
    assert.deepEqual(
      (await client.webhooks.deliveries(hook.id)).data.map((d) => d.event_type),
      ['webhook.test'],
    );
    await client.webhooks.delete(hook.id);

    // Leads: a buyer's inquiry through the client, then the CRM moves the lead.
    const inquiry = await client.inquiries.create(got.vehicle.listing_id, { name: 'Ana', email: 'ana@example.com', message: 'Is it still available?' });
    assert.equal(inquiry.result, 'received');
    const lead = (await client.leads.page({ stage: 'new' })).data[0]!;
    assert.equal((await client.leads.update(lead.id, { stage: 'contacted' })).lead.stage, 'contacted');

    // The sandbox (D35): a live key may not fake a buyer; a sandbox key's car gets one, apart from the live leads.
    await assert.rejects(
      client.sandbox.createLead({ external_id: 'A-1' }),
      (e: unknown) => e instanceof ApiError && e.status === 403 && e.code === 'sandbox_only',
    );
    const test_ = createClient({ baseUrl: `${base}/v1`, apiKey: (await createKey(t.store.db, t.clock, { dealer: slug, name: 'sandbox', sandbox: true })).key });
    assert.equal((await test_.me()).livemode, false);
    await test_.vehicles.put('S-1', { ...car, photos: host.urls('S-1', 3) });
    await t.app.services.jobs.runDue();
    const sandboxLead = await test_.sandbox.createLead({ external_id: 'S-1', message: '¿Sigue disponible?' });
    assert.equal(sandboxLead.lead.external_id, 'S-1');
    assert.deepEqual(
      (await test_.leads.page()).data.map((l) => l.id),
      [sandboxLead.lead.id],
    );
    assert.ok(!(await client.leads.page()).data.some((l) => l.id === sandboxLead.lead.id), 'the live key never sees the sandbox lead');
    // Past the first hundred (D45): the iteration follows next_cursor.
    // (104 more leads written straight into the store: through the API they would pass the key's rate limit.)
    const { id: _id, ...row } = await t.store.db.selectFrom('leads').selectAll().where('id', '=', sandboxLead.lead.id).executeTakeFirstOrThrow();
    for (let i = 1; i <= 104; i++)
      await t.store.db
        .insertInto('leads')
        .values({ ...row, created_at: row.created_at - i * 1000 })
        .execute();
    assert.equal((await test_.leads.page()).data.length, 100);
    const walked: number[] = [];
    for await (const l of test_.leads.list()) walked.push(l.id);
    assert.equal(walked.length, 105);
    assert.equal(new Set(walked).size, 105);

    assert.equal((await client.vehicles.sold('A-1')).result, 'sold');
    assert.equal((await client.vehicles.withdraw('B-1')).result, 'withdrawn');
  });

  test('a 429 is retried after its Retry-After (plus jitter); maxAttempts 1 surfaces it typed', async () => {
    for (let i = 0; i < PER_MINUTE; i++) await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    const waits: number[] = [];
    const rec = recording();
    const clock = manualClock(t);
    const once = createClient({ baseUrl: `${base}/v1`, apiKey: key, maxAttempts: 1, fetch: rec.fetch });
    await assert.rejects(once.me(), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 429);
      assert.equal(e.code, 'rate_limited');
      assert.ok(e.retryAfter !== null && e.retryAfter >= 1 && e.retryAfter <= 60);
      return true;
    });
    const client = createClient({
      baseUrl: `${base}/v1`,
      apiKey: key,
      fetch: rec.fetch,
      // The server's limit runs on the test's clock: waiting is moving it.
      sleep: async (ms) => {
        waits.push(ms);
        clock.advance(ms);
      },
    });
    rec.sent.length = 0;
    const head = await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    const retryAfter = Number(head.headers['retry-after']);
    assert.equal(head.statusCode, 429);
    assert.equal((await client.me()).dealer.slug, slug);
    assert.deepEqual(rec.sent, ['GET /v1/me', 'GET /v1/me']);
    assert.equal(waits.length, 1);
    assert.ok(waits[0]! >= retryAfter * 1000, `waited ${waits[0]} ms for Retry-After ${retryAfter}`);
    assert.ok(waits[0]! < retryAfter * 1000 + Math.max(250, retryAfter * 200) + 1, `jitter bounded: ${waits[0]}`);
  });

  test('5xx: a PUT is retried, a webhook creation is not', async () => {
    const seen: string[] = [];
    let failNext = 2;
    const flaky = async (req: Request) => {
      seen.push(`${req.method} ${new URL(req.url).pathname}`);
      if (failNext-- > 0) return new Response(JSON.stringify({ error: { code: 'internal_error', message: 'boom' } }), { status: 503 });
      return fetch(req);
    };
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key, fetch: flaky, sleep: async () => {} });
    const car = { brand: 'Toyota', model: 'Corolla', year: 2019, price: 1_000, mileage: 1, photos };
    assert.ok(['created', 'updated'].includes((await client.vehicles.put('R-1', car)).result));
    assert.deepEqual(seen, ['PUT /v1/vehicles/R-1', 'PUT /v1/vehicles/R-1', 'PUT /v1/vehicles/R-1']);
    seen.length = 0;
    failNext = 1;
    await assert.rejects(
      client.webhooks.create({ url: rx.url('/ok') }),
      (e: unknown) => e instanceof ApiError && e.status === 503 && e.code === 'internal_error',
    );
    assert.deepEqual(seen, ['POST /v1/webhooks']);
  });

  test('an inquiry refused with 429 is not retried', async () => {
    const rec = recording();
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key, fetch: rec.fetch, sleep: async () => assert.fail('an inquiry must not wait to retry') });
    const car = { brand: 'Toyota', model: 'Corolla', year: 2019, price: 18_500_000, mileage: 45_000, photos: host.urls('Q-1', 3) };
    await client.vehicles.put('Q-1', car);
    await t.app.services.jobs.runDue();
    const listing = (await client.vehicles.get('Q-1')).vehicle.listing_id;
    rec.sent.length = 0;
    // INQUIRIES_PER_HOUR is 1 and the first test spent it; a new hour would reset it.
    await assert.rejects(client.inquiries.create(listing, { name: 'Ana', email: 'ana@example.com', message: 'Hello?' }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 429);
      assert.equal(e.code, 'rate_limited');
      return true;
    });
    assert.deepEqual(rec.sent, [`POST /v1/listings/${listing}/inquiries`]);
  });

  test('cursor iteration reads every car over several pages', async () => {
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    const since = new Date(manualClock(t).now()).toISOString();
    await client.syncStock(stock('CUR', 5, photos), { source: 'shopify' });
    const rec = recording();
    const paged = createClient({ baseUrl: `${base}/v1`, apiKey: key, fetch: rec.fetch });
    const seen: string[] = [];
    for await (const car of paged.vehicles.list({ updated_since: since, source: 'shopify', per_page: 2 })) seen.push(car.external_id);
    assert.deepEqual(seen.sort(), ['CUR-1', 'CUR-2', 'CUR-3', 'CUR-4', 'CUR-5']);
    assert.equal(rec.sent.length, 3, 'three pages of 2, 2 and 1');
  });

  test('syncStock: 1 200 cars in 3 chunks then one reconcile; dryRun changes nothing; the guard 409 is a SoldGuardError', { timeout: 300_000 }, async () => {
    const rec = recording();
    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key, fetch: rec.fetch });
    const cars = stock('S', 1200, photos);
    const first = await client.syncStock(cars, { source: 'odoo', markMissingAsSold: true });
    assert.deepEqual(rec.sent, ['POST /v1/vehicles/sync', 'POST /v1/vehicles/sync', 'POST /v1/vehicles/sync', 'POST /v1/vehicles/reconcile']);
    assert.equal(first.chunks, 3);
    assert.equal(first.created, 1200);
    assert.deepEqual(first.errors, []);
    assert.equal(first.reconcile!.kept, 1200);
    assert.equal(first.reconcile?.sold, 0);

    // 100 cars gone from the shop: a dry run tells which would be sold, and sells none.
    manualClock(t).advance(61_000);
    const kept = cars.slice(0, 1100);
    const plan = await client.syncStock(kept, { source: 'odoo', markMissingAsSold: true, dryRun: true });
    assert.equal(plan.created, 0);
    assert.equal(plan.wouldUpdate.length, 1100);
    assert.deepEqual(
      plan.wouldMarkSold.sort(),
      cars
        .slice(1100)
        .map((c) => c.external_id)
        .sort(),
    );
    assert.equal((await client.vehicles.get('S-1200')).vehicle.status === 'sold', false);

    manualClock(t).advance(61_000);
    const done = await client.syncStock(kept, { source: 'odoo', markMissingAsSold: true });
    assert.equal(done.updated, 1100);
    assert.equal(done.reconcile?.sold, 100);
    assert.equal((await client.vehicles.get('S-1200')).vehicle.status, 'sold');

    // A shop that suddenly lists 10 cars: the guard refuses, as a typed error; nothing is sold.
    manualClock(t).advance(61_000);
    await assert.rejects(client.syncStock(cars.slice(0, 10), { source: 'odoo', markMissingAsSold: true }), (e: unknown) => {
      assert.ok(e instanceof SoldGuardError);
      assert.equal(e.status, 409);
      assert.equal(e.code, 'too_many_missing');
      assert.deepEqual(e.applied, { created: 0, updated: 10 });
      assert.match(String(e.requestId), /./);
      return true;
    });
    assert.equal((await client.vehicles.get('S-11')).vehicle.status === 'sold', false);

    // A refused car: no reconcile, as one sync with mark_missing_as_sold would do (spec §4 rule 2).
    rec.sent.length = 0;
    const broken = await client.syncStock([...kept.slice(0, 3), { ...kept[3]!, year: 1900 }], { source: 'odoo', markMissingAsSold: true });
    assert.equal(broken.errors[0]?.index, 3);
    assert.match(String(broken.soldSkipped), /refused/);
    assert.deepEqual(rec.sent, ['POST /v1/vehicles/sync']);
  });
});
