// Webhooks end to end (spec 2.12/2.13, §6, D20, D21): subscriptions, signed deliveries to a
// real HTTPS receiver, retries on the injectable clock, disabling, the delivery log and replays.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import Stripe from 'stripe';
import { ManualClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { signatureHeader } from '../../src/modules/webhooks/signature.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { publishCar } from '../support/cars.js';
import { PhotoHost } from '../support/photos.js';
import { aCar } from '../support/cars.js';

const MIN = 60_000;

let rx: Receiver;
before(async () => {
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
});

/** Outbound that reaches hooks.test on loopback and trusts the receiver's certificate. */
const loopbackOutbound = () =>
  createOutbound({
    allowPrivateNetworks: true,
    // Every other host (the cars' made-up photo hosts) lands on a closed loopback port: refused at once.
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    ca: rx.cert,
  });

async function setup(env: Record<string, string> = {}) {
  const clock = new ManualClock(Date.now());
  const t = await makeApp({
    clock,
    env: { PUBLIC_BASE_URL: 'https://cars.example.com', WEBHOOK_TIMEOUT: '1s', PHOTO_TIMEOUT: '2s', ...env },
    outbound: loopbackOutbound(),
  });
  const dealer = await seedDealer(t);
  return { t, clock, key: dealer.key };
}

const inject = (t: TestApp, key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(key), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function createHook(t: TestApp, key: string, url: string, events?: string[]) {
  const res = await inject(t, key, 'POST', '/v1/webhooks', { url, ...(events ? { events } : {}) });
  assert.equal(res.statusCode, 201, res.body);
  return res.json<{ id: number; secret: string; url: string; events: string[]; active: boolean }>();
}

const receivedAt = (p: string) => rx.received.filter((r) => r.path === p);

/** Runs due jobs; advancing the clock by `ms` first. */
async function run(t: TestApp, clock: ManualClock, ms = 0) {
  clock.advance(ms);
  return t.app.services.jobs.runDue();
}

describe(`webhooks: subscriptions (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  before(async () => ({ t, key } = await setup()));
  after(() => t.close());

  test('create answers 201 with the secret once; list, read and delete never show it', async () => {
    const created = await createHook(t, key, rx.url('/ok'));
    assert.match(created.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(created.events, ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed']);
    assert.equal(created.active, true);
    const list = await inject(t, key, 'GET', '/v1/webhooks');
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json().events, ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed']);
    assert.ok(list.json().data.some((w: { id: number }) => w.id === created.id));
    const one = await inject(t, key, 'GET', `/v1/webhooks/${created.id}`);
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().secret, undefined);
    assert.ok(!list.body.includes(created.secret) && !one.body.includes(created.secret));
    // Kept sealed, not as the secret itself (nor a hash: the service must sign with it).
    const row = await t.store.db.selectFrom('webhooks').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    assert.ok(!row.secret_sealed.includes(created.secret.slice(6)));
    assert.ok(!t.logs.text.includes(created.secret.slice(6)), 'secret never logged');
    const del = await inject(t, key, 'DELETE', `/v1/webhooks/${created.id}`);
    assert.deepEqual([del.statusCode, del.json()], [200, { deleted: true, id: created.id }]);
    assert.equal((await inject(t, key, 'GET', `/v1/webhooks/${created.id}`)).statusCode, 404);
    assert.equal((await inject(t, key, 'DELETE', `/v1/webhooks/${created.id}`)).statusCode, 404);
  });

  test('bad input: http, not a URL, unknown or empty events, credentials — 400 with the reason', async () => {
    for (const [body, reason] of [
      [{ url: 'http://hooks.test/ok' }, /https/],
      [{ url: 'not a url' }, /absolute URL/],
      [{}, /url is required/],
      [{ url: rx.url('/ok'), events: ['vehicle.created'] }, /unknown event.*vehicle\.created/],
      [{ url: rx.url('/ok'), events: [] }, /non-empty/],
      [{ url: 'https://user:pw@hooks.test/ok' }, /user name or password/],
    ] as const) {
      const res = await inject(t, key, 'POST', '/v1/webhooks', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().error.code, 'invalid_request');
      assert.match(res.json().error.message, reason);
    }
    assert.equal(
      (await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: '[1]' })).statusCode,
      400,
    );
  });

  test('the 21st webhook answers 409 too_many_webhooks; deleting one makes room', async () => {
    const { key: k2 } = await seedDealer(t);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createHook(t, k2, rx.url(`/ok?n=${i}`))).id);
    const res = await inject(t, k2, 'POST', '/v1/webhooks', { url: rx.url('/ok?n=21') });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().error.code, 'too_many_webhooks');
    assert.equal((await inject(t, k2, 'DELETE', `/v1/webhooks/${ids[0]}`)).statusCode, 200);
    await createHook(t, k2, rx.url('/ok?n=21'));
  });

  test("another dealership's webhook is 404 on every route", async () => {
    const mine = await createHook(t, key, rx.url('/ok'));
    const { key: other } = await seedDealer(t);
    for (const [method, url] of [
      ['GET', `/v1/webhooks/${mine.id}`],
      ['DELETE', `/v1/webhooks/${mine.id}`],
      ['POST', `/v1/webhooks/${mine.id}/test`],
      ['GET', `/v1/webhooks/${mine.id}/deliveries`],
      ['POST', `/v1/webhooks/${mine.id}/deliveries/1/retry`],
    ] as const) {
      const res = await inject(t, other, method, url);
      assert.equal(res.statusCode, 404, `${method} ${url}`);
      assert.equal(res.json().error.code, 'not_found');
    }
    assert.deepEqual((await inject(t, other, 'GET', '/v1/webhooks')).json().data, []);
    assert.equal((await inject(t, key, 'GET', `/v1/webhooks/${mine.id}`)).statusCode, 200);
    assert.equal((await inject(t, key, 'GET', '/v1/webhooks/abc')).statusCode, 400);
  });
});

describe(`webhooks: private addresses (${STORE_NAME})`, () => {
  test('refused at creation with the default outbound rules', async () => {
    const t = await makeApp();
    const { key } = await seedDealer(t);
    try {
      for (const url of ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest']) {
        const res = await inject(t, key, 'POST', '/v1/webhooks', { url });
        assert.equal(res.statusCode, 400, url);
        assert.match(res.json().error.message, /public addresses/);
      }
      // A name: the answer says the address is not allowed, not what the name resolves to.
      const named = await inject(t, key, 'POST', '/v1/webhooks', { url: 'https://localhost/hook' });
      assert.equal(named.statusCode, 400);
      assert.match(named.json().error.message, /localhost.*address is not allowed/);
      assert.doesNotMatch(named.json().error.message, /127\.0\.0\.1|::1|loopback|resolves/);
    } finally {
      await t.close();
    }
  });

  test('refused again at send time (a name that later resolves to a private address): failed, not retried', async () => {
    let calls = 0;
    const clock = new ManualClock(Date.now());
    const outbound = createOutbound({
      allowPrivateNetworks: false,
      resolve: async () => (++calls === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
    });
    const t = await makeApp({ clock, outbound });
    const { key } = await seedDealer(t);
    try {
      const hook = await createHook(t, key, 'https://rebind.example/hook');
      await inject(t, key, 'PUT', '/v1/vehicles/BAD-1', aCar({ price: -1 }));
      await run(t, clock);
      await run(t, clock, 7 * 3_600_000);
      const log = (await inject(t, key, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).json();
      assert.equal(log.data[0].status, 'failed');
      assert.equal(log.data[0].attempts.length, 1);
      assert.match(log.data[0].attempts[0].error, /rebind\.example.*not allowed.*public addresses/);
      assert.doesNotMatch(log.data[0].attempts[0].error, /127\.0\.0\.1|loopback/);
    } finally {
      await t.close();
    }
  });
});

describe(`webhooks: deliveries (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let key: string;
  beforeEach(async () => {
    rx.reset();
  });
  before(async () => ({ t, clock, key } = await setup()));
  after(() => t.close());

  test("a vehicle.sold delivery: body, headers and a signature that Stripe's own verifier accepts", async () => {
    const hook = await createHook(t, key, rx.url('/ok?sold'), ['vehicle.sold']);
    const created = (await inject(t, key, 'PUT', '/v1/vehicles/SOLD-1', aCar())).json().vehicle;
    await inject(t, key, 'POST', '/v1/vehicles/SOLD-1/sold');
    await run(t, clock);
    const got = receivedAt('/ok');
    assert.equal(got.length, 1);
    const r = got[0]!;
    const body = JSON.parse(r.raw.toString('utf8'));
    assert.deepEqual(Object.keys(body), ['id', 'type', 'livemode', 'created_at', 'data']);
    assert.equal(body.livemode, true, "a live key's events are live (D35)");
    assert.equal(body.type, 'vehicle.sold');
    assert.match(body.id, /^evt_/);
    assert.match(body.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(body.data, {
      external_id: 'SOLD-1',
      listing_id: created.listing_id,
      market: 'ar',
      source: 'api',
      vehicle: '2019 Toyota Corolla',
      url: `https://cars.example.com/listings/${created.listing_id}`,
    });
    assert.equal(r.headers['content-type'], 'application/json');
    assert.equal(r.headers['x-service-event'], 'vehicle.sold');
    assert.equal(r.headers['x-service-delivery'], body.id);
    assert.match(String(r.headers['user-agent']), /^DealerInventory-Webhooks\//);
    const sig = String(r.headers['x-service-signature']);
    const t0 = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(sig)?.[1]);
    assert.equal(t0, Math.floor(clock.now() / 1000));
    assert.equal(sig, signatureHeader(hook.secret, t0, r.raw));
    // An implementation nobody here wrote: stripe-node's verifier (same t=…,v1=… scheme).
    const event = Stripe.webhooks.constructEvent(r.raw, sig, hook.secret);
    assert.equal((event as unknown as { id: string }).id, body.id);
    assert.throws(() => Stripe.webhooks.constructEvent(r.raw, sig, `${hook.secret}x`));
    assert.throws(() => Stripe.webhooks.constructEvent(Buffer.concat([r.raw, Buffer.from(' ')]), sig, hook.secret));
  });

  test('lead.created reaches the receiver signed, with the Lead of the API and no buyer contact details', async () => {
    const host = new PhotoHost();
    await host.start();
    try {
      const hook = await createHook(t, key, rx.url('/ok?leads'), ['lead.created']);
      const c = await publishCar(t, key, host, 'LEAD-1');
      assert.equal(c.status, 'active');
      const buyer = {
        name: 'Zulema Quiroga',
        email: 'zulema.quiroga@example.net',
        phone: '+54 9 351 555-0199',
        message: 'Is it still available? Call me at +54 9 351 555-0199.',
      };
      const res = await t.app.inject({ method: 'POST', url: `${new URL(c.url).pathname}/inquiries`, payload: buyer });
      assert.equal(res.statusCode, 201, res.body);
      await run(t, clock);
      const got = receivedAt('/ok');
      assert.equal(got.length, 1);
      const r = got[0]!;
      const body = JSON.parse(r.raw.toString());
      assert.equal(body.type, 'lead.created');
      assert.equal(r.headers['x-service-event'], 'lead.created');
      Stripe.webhooks.constructEvent(r.raw, String(r.headers['x-service-signature']), hook.secret);
      const leads = (await inject(t, key, 'GET', '/v1/leads')).json().data;
      assert.deepEqual(body.data, { lead: leads[0] });
      const text = r.raw.toString().toLowerCase();
      for (const secret of [buyer.name, buyer.email, buyer.phone, '5550199', 'zulema', 'quiroga'])
        assert.ok(!text.includes(secret.toLowerCase()), `delivery carries ${secret}`);
      await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
    } finally {
      await host.stop();
    }
  });

  test('each subscribed active webhook gets its own delivery of an event, with the same event id', async () => {
    const a = await createHook(t, key, rx.url('/ok?a'), ['vehicle.rejected']);
    const b = await createHook(t, key, rx.url('/ok?b'));
    const c = await createHook(t, key, rx.url('/ok?c'), ['vehicle.sold']);
    const res = await inject(t, key, 'PUT', '/v1/vehicles/REJ-1', aCar({ year: 1900, price: 0 }));
    assert.equal(res.statusCode, 422);
    // Written with the event, in its transaction.
    const rows = await t.store.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('event_type', '=', 'vehicle.rejected')
      .where('status', '=', 'pending')
      .execute();
    assert.deepEqual(
      rows.map((d) => Number(d.webhook_id)).sort((x, y) => x - y),
      [a.id, b.id].sort((x, y) => x - y),
    );
    await run(t, clock);
    const got = receivedAt('/ok').filter((r) => JSON.parse(r.raw.toString()).type === 'vehicle.rejected');
    assert.equal(got.length >= 2, true);
    const ids = new Set(got.map((r) => r.headers['x-service-delivery']));
    assert.equal(ids.size, 1);
    const data = JSON.parse(got[0]!.raw.toString()).data;
    assert.deepEqual(Object.keys(data).sort(), ['channel', 'errors', 'external_id', 'market', 'source']);
    assert.equal(data.channel, 'api');
    assert.ok(data.errors.length >= 2);
    for (const h of [a, b, c]) await inject(t, key, 'DELETE', `/v1/webhooks/${h.id}`);
  });

  test('sync.failed when the sold guard refuses', async () => {
    const hook = await createHook(t, key, rx.url('/ok?sf'), ['sync.failed']);
    const { key: k } = await seedDealer(t);
    const own = await createHook(t, k, rx.url('/ok?sf2'), ['sync.failed']);
    const vehicles = Array.from({ length: 6 }, (_, i) => ({ external_id: `G-${i}`, ...aCar() }));
    assert.equal((await inject(t, k, 'POST', '/v1/vehicles/sync', { vehicles })).statusCode, 200);
    const res = await inject(t, k, 'POST', '/v1/vehicles/sync', { vehicles: vehicles.slice(0, 1), mark_missing_as_sold: true });
    assert.equal(res.statusCode, 409);
    await run(t, clock);
    const got = receivedAt('/ok').map((r) => JSON.parse(r.raw.toString()));
    assert.equal(got.length, 1, 'only the dealership whose guard refused');
    assert.equal(got[0].type, 'sync.failed');
    assert.deepEqual({ ...got[0].data, message: undefined }, { market: 'ar', source: 'api', reason: 'too_many_missing', message: undefined });
    assert.match(got[0].data.message, /5 of the 6/);
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
    await inject(t, k, 'DELETE', `/v1/webhooks/${own.id}`);
  });

  test('5xx is retried on the schedule (1, 5, 30, 120, 360 min) with the same event id, each attempt signed anew, then failed', async () => {
    const hook = await createHook(t, key, rx.url('/status/503'), ['vehicle.rejected']);
    await inject(t, key, 'PUT', '/v1/vehicles/R5', aCar({ price: 0 }));
    const start = clock.now();
    await run(t, clock);
    const schedule = [1, 5, 30, 120, 360];
    for (const m of schedule) {
      // Not before its time (jitter only ever adds, at most 10%)…
      await run(t, clock, m * MIN - 1000);
      // …and by its time plus the jitter.
      await run(t, clock, Math.ceil(m * MIN * 0.1) + 1000);
    }
    await run(t, clock, 24 * 60 * MIN);
    const got = receivedAt('/status/503');
    assert.equal(got.length, 6, 'one attempt and five retries');
    assert.equal(new Set(got.map((r) => JSON.parse(r.raw.toString()).id)).size, 1);
    assert.equal(new Set(got.map((r) => r.headers['x-service-signature'])).size, 6);
    const log = (await inject(t, key, 'GET', `/v1/webhooks/${hook.id}/deliveries`)).json();
    const d = log.data[0];
    assert.equal(d.status, 'failed');
    assert.equal(d.attempts.length, 6);
    assert.ok(d.attempts.every((a: { status_code: number }) => a.status_code === 503));
    const times = d.attempts.map((a: { attempted_at: string }) => Date.parse(a.attempted_at) - start);
    for (let i = 1; i < 6; i++) {
      const gap = times[i] - times[i - 1];
      assert.ok(gap >= schedule[i - 1]! * MIN && gap <= schedule[i - 1]! * MIN * 1.1 + 2000, `gap ${i}: ${gap}`);
    }
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  test('429 honours a longer Retry-After; 400 and 308 end the delivery at once (redirects not followed)', async () => {
    const h429 = await createHook(t, key, rx.url('/status/429?after=900'), ['vehicle.rejected']);
    const h400 = await createHook(t, key, rx.url('/status/400'), ['vehicle.rejected']);
    const h308 = await createHook(t, key, rx.url('/status/308'), ['vehicle.rejected']);
    await inject(t, key, 'PUT', '/v1/vehicles/R4', aCar({ price: 0 }));
    await run(t, clock);
    await run(t, clock, 2 * MIN);
    assert.equal(receivedAt('/status/429').length, 1, 'the 1-minute retry waits for Retry-After (15 min)');
    await run(t, clock, 14 * MIN);
    assert.equal(receivedAt('/status/429').length, 2);
    await run(t, clock, 24 * 60 * MIN);
    assert.equal(receivedAt('/status/400').length, 1);
    assert.equal(receivedAt('/status/308').length, 1);
    assert.equal(receivedAt('/ok').length, 0, 'the 308 Location was not followed');
    for (const [h, code] of [
      [h400, 400],
      [h308, 308],
    ] as const) {
      const d = (await inject(t, key, 'GET', `/v1/webhooks/${h.id}/deliveries`)).json().data[0];
      assert.equal(d.status, 'failed');
      assert.deepEqual(
        d.attempts.map((a: { status_code: number }) => a.status_code),
        [code],
      );
    }
    for (const h of [h429, h400, h308]) await inject(t, key, 'DELETE', `/v1/webhooks/${h.id}`);
  });

  test('a receiver that never answers, answers too late or drops the connection is retried', async () => {
    const hooks = [
      await createHook(t, key, rx.url('/hang'), ['vehicle.rejected']),
      await createHook(t, key, rx.url('/slow/1500'), ['vehicle.rejected']),
      await createHook(t, key, rx.url('/close'), ['vehicle.rejected']),
    ];
    await inject(t, key, 'PUT', '/v1/vehicles/RT', aCar({ price: 0 }));
    await run(t, clock);
    for (const h of hooks) {
      const d = (await inject(t, key, 'GET', `/v1/webhooks/${h.id}/deliveries`)).json().data[0];
      assert.equal(d.status, 'pending', h.url);
      assert.equal(d.attempts.length, 1);
      assert.equal(d.attempts[0].status_code, null);
      assert.match(d.attempts[0].error, h.url.includes('close') ? /closed|failed/ : /within 1000 ms/);
      assert.ok(d.next_attempt_at);
    }
    await run(t, clock, 1.2 * MIN);
    assert.equal(receivedAt('/hang').length, 2);
    assert.equal(receivedAt('/close').length, 2);
    for (const h of hooks) await inject(t, key, 'DELETE', `/v1/webhooks/${h.id}`);
  });

  test('20 failed deliveries in a row turn the webhook off; a success between resets the run; a successful test turns it on', async () => {
    const hook = await createHook(t, key, rx.url('/status/410'), ['vehicle.rejected']);
    const reject = async (n: number) => {
      for (let i = 0; i < n; i++) await inject(t, key, 'PUT', `/v1/vehicles/OFF-${i}`, aCar({ price: 0 }));
      await run(t, clock);
    };
    await reject(19);
    assert.equal((await inject(t, key, 'GET', `/v1/webhooks/${hook.id}`)).json().active, true);
    await reject(1);
    assert.equal((await inject(t, key, 'GET', `/v1/webhooks/${hook.id}`)).json().active, false);
    // Turned off: new events make no delivery for it.
    const before = await t.store.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute();
    await reject(1);
    const afterOff = await t.store.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).execute();
    assert.equal(afterOff.length, before.length);
    // A failing test leaves it off and says why.
    const failed = await inject(t, key, 'POST', `/v1/webhooks/${hook.id}/test`);
    assert.equal(failed.statusCode, 200);
    assert.equal(failed.json().delivered, false);
    assert.equal(failed.json().webhook.active, false);
    assert.equal(failed.json().delivery.attempts[0].status_code, 410);
    await t.store.db
      .updateTable('webhooks')
      .set({ url: rx.url('/ok?back') })
      .where('id', '=', hook.id)
      .execute();
    const ok = await inject(t, key, 'POST', `/v1/webhooks/${hook.id}/test`);
    assert.deepEqual([ok.json().delivered, ok.json().webhook.active, ok.json().delivery.event_type], [true, true, 'webhook.test']);
    const test = receivedAt('/ok').at(-1)!;
    assert.equal(test.headers['x-service-event'], 'webhook.test');
    assert.equal(JSON.parse(test.raw.toString()).data.webhook_id, hook.id);
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  test('a success between failures resets the count', async () => {
    const hook = await createHook(t, key, rx.url('/status/410'), ['vehicle.rejected']);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 15; i++) await inject(t, key, 'PUT', `/v1/vehicles/RS-${i}`, aCar({ price: 0 }));
      await run(t, clock);
      await t.store.db
        .updateTable('webhooks')
        .set({ url: rx.url('/ok?between') })
        .where('id', '=', hook.id)
        .execute();
      await inject(t, key, 'PUT', '/v1/vehicles/RS-ok', aCar({ price: 0 }));
      await run(t, clock);
      await t.store.db
        .updateTable('webhooks')
        .set({ url: rx.url('/status/410') })
        .where('id', '=', hook.id)
        .execute();
    }
    const w = await t.store.db.selectFrom('webhooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    assert.equal(Number(w.active), 1, '30 failures, but never 20 in a row');
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  test('the delivery log pages newest first; a replay resends the same event id; pending and foreign deliveries are refused', async () => {
    const hook = await createHook(t, key, rx.url('/status/404'), ['vehicle.rejected']);
    for (let i = 0; i < 3; i++) await inject(t, key, 'PUT', `/v1/vehicles/LOG-${i}`, aCar({ price: 0 }));
    await run(t, clock);
    const page1 = (await inject(t, key, 'GET', `/v1/webhooks/${hook.id}/deliveries?per_page=2`)).json();
    assert.deepEqual([page1.page, page1.per_page, page1.total, page1.data.length], [1, 2, 3, 2]);
    assert.ok(page1.data[0].id > page1.data[1].id);
    const page2 = (await inject(t, key, 'GET', `/v1/webhooks/${hook.id}/deliveries?per_page=2&page=2`)).json();
    assert.equal(page2.data.length, 1);
    assert.equal((await inject(t, key, 'GET', `/v1/webhooks/${hook.id}/deliveries?per_page=101`)).statusCode, 400);
    const first = page2.data[0];
    assert.equal(first.status, 'failed');
    await t.store.db
      .updateTable('webhooks')
      .set({ url: rx.url('/ok?replay') })
      .where('id', '=', hook.id)
      .execute();
    const replay = await inject(t, key, 'POST', `/v1/webhooks/${hook.id}/deliveries/${first.id}/retry`);
    assert.equal(replay.statusCode, 202, replay.body);
    assert.deepEqual([replay.json().status, replay.json().replay_of, replay.json().event_id], ['pending', first.id, first.event_id]);
    const again = await inject(t, key, 'POST', `/v1/webhooks/${hook.id}/deliveries/${replay.json().id}/retry`);
    assert.equal(again.statusCode, 400);
    await run(t, clock);
    const got = receivedAt('/ok');
    assert.equal(got.length, 1);
    assert.equal(got[0]!.headers['x-service-delivery'], first.event_id);
    assert.equal((await inject(t, key, 'POST', `/v1/webhooks/${hook.id}/deliveries/999999/retry`)).statusCode, 404);
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  test('deliveries to one receiver reuse kept-alive connections', async () => {
    const hook = await createHook(t, key, rx.url('/ok?keepalive'), ['vehicle.rejected']);
    for (let i = 0; i < 6; i++) await inject(t, key, 'PUT', `/v1/vehicles/KA-${i}`, aCar({ price: 0 }));
    await run(t, clock);
    assert.equal(receivedAt('/ok').length, 6);
    assert.ok(rx.connections <= 2, `${rx.connections} connections for 6 deliveries`);
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
  });

  test("a deleted webhook's pending deliveries are cancelled, not sent", async () => {
    const hook = await createHook(t, key, rx.url('/ok?deleted'), ['vehicle.rejected']);
    await inject(t, key, 'PUT', '/v1/vehicles/DEL-1', aCar({ price: 0 }));
    await inject(t, key, 'DELETE', `/v1/webhooks/${hook.id}`);
    await run(t, clock);
    assert.equal(receivedAt('/ok').length, 0);
    const d = await t.store.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', hook.id).executeTakeFirstOrThrow();
    assert.equal(d.status, 'cancelled');
  });
});

describe(`webhooks: at least once across a restart, and fairness (${STORE_NAME})`, () => {
  test('deliveries pending when the server stops are sent by the next one, with the same event id', async () => {
    rx.reset();
    const clock = new ManualClock(Date.now());
    const first = await makeApp({ clock, outbound: loopbackOutbound() });
    const { key } = await seedDealer(first);
    await createHook(first, key, rx.url('/ok?restart'), ['vehicle.rejected']);
    for (let i = 0; i < 3; i++) await inject(first, key, 'PUT', `/v1/vehicles/RE-${i}`, aCar({ price: 0 }));
    const ids = (await first.store.db.selectFrom('events').select('id').where('type', '=', 'vehicle.rejected').execute()).map((e) => e.id);
    // Stop without running any job, keep the database, start a new app on it.
    await first.app.close();
    const { buildApp } = await import('../../src/app.js');
    const { testConfig } = await import('../support/app.js');
    const second = await buildApp({ config: testConfig(), store: first.store, clock, outbound: loopbackOutbound() });
    try {
      await second.ready();
      await second.services.jobs.runDue();
      const got = receivedAt('/ok').map((r) => r.headers['x-service-delivery']);
      assert.deepEqual([...got].sort(), [...ids].sort());
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });

  test('at most WEBHOOK_MAX_IN_FLIGHT deliveries at once to one webhook; the others wait their turn', async () => {
    rx.reset();
    const { t, clock, key } = await setup({ WEBHOOK_MAX_IN_FLIGHT: '1', JOB_CONCURRENCY: '4' });
    try {
      await createHook(t, key, rx.url('/slow/150'), ['vehicle.rejected']);
      for (let i = 0; i < 4; i++) await inject(t, key, 'PUT', `/v1/vehicles/F-${i}`, aCar({ price: 0 }));
      for (let round = 0; round < 50 && receivedAt('/slow/150').length < 4; round++) await run(t, clock, 500);
      assert.equal(receivedAt('/slow/150').length, 4);
      assert.equal(rx.maxInFlight, 1);
      const pending = await t.store.db.selectFrom('webhook_deliveries').select('status').where('status', '!=', 'succeeded').execute();
      assert.equal(pending.length, 0);
    } finally {
      await t.close();
    }
  });
});
