// The sandbox (D35, P122): a live key and a sandbox key of the same dealership never see or touch
// each other's cars, leads, webhooks or feeds. Every keyed operation of the served OpenAPI
// document is walked with each key against the other side's ids (a route added later fails the
// walk until it is given its expectation), and every table with a dealer_id column is compared
// before and after each side's writes: nothing done through one key wrote a row of the other.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { createKey } from '../../src/modules/keys/service.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const BASE = 'https://cars.example.com';

interface Side {
  name: 'live' | 'sandbox';
  key: string;
  car: string;
  listingId: string;
  webhookId: number;
  webhookUrl: string;
  deliveryId: number;
  feedId: number;
  importId: number;
  leadId: number;
  dealerId: number;
}

describe(`sandbox isolation (${STORE_NAME})`, () => {
  let t: TestApp;
  let rx: Receiver;
  const host = new PhotoHost();
  let live: Side;
  let sbx: Side;
  let slug: string;

  const call = (key: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(key), ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function makeSide(name: Side['name'], key: string): Promise<Side> {
    const car = name === 'live' ? 'LIVE-1' : 'SBX-1';
    const published = await publishCar(t, key, host, car);
    assert.equal(published.status, 'active');
    const webhookUrl = rx.url(`/${name}`);
    const hook = await call(key, 'POST', '/v1/webhooks', { url: webhookUrl });
    assert.equal(hook.statusCode, 201, hook.body);
    const webhookId = hook.json().id as number;
    // A lead: a buyer on the public page (live), or the sandbox's own call (sandbox).
    if (name === 'live') {
      const inq = await t.app.inject({
        method: 'POST',
        url: `/listings/${published.listing_id}/inquiries`,
        payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola' },
      });
      assert.equal(inq.statusCode, 201, inq.body);
    } else {
      const made = await call(key, 'POST', '/v1/sandbox/leads', { external_id: car, message: 'Hola' });
      assert.equal(made.statusCode, 201, made.body);
    }
    await t.app.services.jobs.runDue();
    const leads = (await call(key, 'GET', '/v1/leads')).json().data as { id: number; external_id: string }[];
    assert.equal(leads.length, 1);
    const deliveries = (await call(key, 'GET', `/v1/webhooks/${webhookId}/deliveries`)).json().data as { id: number }[];
    assert.ok(deliveries.length >= 1, 'the lead.created delivery');
    const feed = await createFeed(t.store, t.clock, BASE, { dealer: slug, sandbox: name === 'sandbox' });
    const token = feed.push_url.split('/feeds/')[1]!.replace(/\/$/, '');
    const push = await t.app.inject({
      method: 'POST',
      url: `/v1/feeds/${token}/`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([{ external_id: `${car}-F`, ...aCar({ photos: host.urls(`${car}-F`, 3) }) }]),
    });
    assert.equal(push.statusCode, 200, push.body);
    assert.equal(push.json().created, 1, push.body);
    const feeds = (await call(key, 'GET', '/v1/feeds')).json().data as { id: number }[];
    assert.equal(feeds.length, 1);
    const imports = (await call(key, 'GET', `/v1/feeds/${feeds[0]!.id}/imports`)).json().data as { id: number }[];
    const me = await t.store.db.selectFrom('api_keys').select('dealer_id').where('prefix', '=', key.slice(0, 12)).executeTakeFirstOrThrow();
    return {
      name,
      key,
      car,
      listingId: published.listing_id,
      webhookId,
      webhookUrl,
      deliveryId: deliveries[0]!.id,
      feedId: feeds[0]!.id,
      importId: imports[0]!.id,
      leadId: leads[0]!.id,
      dealerId: Number(me.dealer_id),
    };
  }

  before(async () => {
    await host.start();
    rx = await startReceiver();
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 1, 12)),
      env: { PUBLIC_BASE_URL: BASE, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT: '2s' },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    const d = await seedDealer(t);
    slug = d.slug;
    const sandboxKey = await createKey(t.store.db, t.clock, { dealer: slug, name: 'sandbox', sandbox: true });
    assert.match(sandboxKey.key, /^dik_test_[A-Za-z0-9_-]{40}$/);
    live = await makeSide('live', d.key);
    sbx = await makeSide('sandbox', sandboxKey.key);
    assert.notEqual(live.dealerId, sbx.dealerId);
  });
  after(async () => {
    await t.close();
    await rx.close();
    await host.stop();
  });

  test('GET /me: livemode, the same dealership', async () => {
    const a = (await call(live.key, 'GET', '/v1/me')).json();
    const b = (await call(sbx.key, 'GET', '/v1/me')).json();
    assert.equal(a.livemode, true);
    assert.equal(b.livemode, false);
    assert.equal(b.dealer.slug, slug);
    assert.deepEqual(b.dealer, a.dealer);
  });

  test('webhook bodies carry livemode at the top, signed', async () => {
    for (const side of [live, sbx]) {
      const got = rx.received.filter((r) => r.path === `/${side.name}`);
      assert.ok(got.length >= 1, side.name);
      for (const r of got) {
        const body = JSON.parse(r.raw.toString('utf8'));
        assert.deepEqual(Object.keys(body), ['id', 'type', 'livemode', 'created_at', 'data']);
        assert.equal(body.livemode, side.name === 'live', side.name);
      }
    }
  });

  test('POST /v1/sandbox/leads: 403 sandbox_only for a live key', async () => {
    const res = await call(live.key, 'POST', '/v1/sandbox/leads', { external_id: live.car });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().error.code, 'sandbox_only');
    const es = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/leads',
      headers: { ...bearer(live.key), 'accept-language': 'es' },
      payload: { external_id: live.car },
    });
    assert.match(es.json().error.message, /sandbox/);
    assert.equal(es.headers['content-language'], 'es');
  });

  test('POST /v1/sandbox/leads: a message the inquiry refuses is 400 with its reason (P155), and no lead', async () => {
    const count = async () => ((await call(sbx.key, 'GET', '/v1/leads')).json().data as unknown[]).length;
    const before = await count();
    const res = await call(sbx.key, 'POST', '/v1/sandbox/leads', { external_id: sbx.car, message: 'Hola\u200b11 4567 8901' });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().error.code, 'invalid_request');
    // The inquiry's own reason is the sentence of `fields` (P175), its input in `problems`.
    assert.match(res.json().error.fields.join(' '), /message must not contain invisible formatting characters .*\(it holds U\+200B at character 5\)/);
    assert.deepEqual(res.json().error.problems, [{ field: 'message', rule: 'control_character' }]);
    assert.equal(await count(), before);
  });

  test('every keyed route, walked with each key against the other side', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>;
    }>();
    const keyed = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops))
      .filter((op) => !(Array.isArray(op.security) && op.security.length === 0))
      .map((op) => op.operationId)
      .sort();
    const walked = new Set<string>();
    const has = (body: string, s: string | number) => body.includes(typeof s === 'number' ? `"id":${s},` : s);

    for (const [me, other] of [
      [live, sbx],
      [sbx, live],
    ] as const) {
      const k = me.key;
      const expect = async (op: string, method: Parameters<typeof call>[1], url: string, status: number, payload?: unknown) => {
        walked.add(op);
        const res = await call(k, method, url, payload);
        assert.equal(res.statusCode, status, `${me.name}: ${op} ${method} ${url}: ${res.body.slice(0, 300)}`);
        return res;
      };
      const notSeen = (op: string, body: string, ...marks: (string | number)[]) => {
        for (const m of marks) assert.ok(!has(body, m), `${me.name}: ${op} shows ${m} of ${other.name}`);
      };
      // Reference data and the key itself.
      await expect('getMe', 'GET', '/v1/me', 200);
      await expect('getMarket', 'GET', '/v1/markets/ar', 200);
      await expect('listBrands', 'GET', '/v1/catalog/brands', 200);
      await expect('listModels', 'GET', '/v1/catalog/brands/toyota/models', 200);
      // Cars.
      const list = await expect('listVehicles', 'GET', '/v1/vehicles?per_page=100', 200);
      assert.ok(has(list.body, me.car) && has(list.body, `${me.car}-F`));
      notSeen('listVehicles', list.body, other.car, other.listingId);
      await expect('getVehicle', 'GET', `/v1/vehicles/${other.car}`, 404);
      await expect('withdrawVehicle', 'DELETE', `/v1/vehicles/${other.car}`, 404);
      await expect('markVehicleSold', 'POST', `/v1/vehicles/${other.car}/sold`, 404);
      await expect('getVehicleStats', 'GET', `/v1/vehicles/${other.car}/stats`, 404);
      await expect('previewVehiclePrice', 'GET', `/v1/vehicles/${other.car}/price-preview?price=10000`, 404);
      const sync = await expect('syncVehicles', 'POST', '/v1/vehicles/sync', 200, { vehicles: [{ external_id: other.car, ...aCar() }], dry_run: true });
      assert.deepEqual(sync.json().would_create, [other.car], "the other side's car does not exist here");
      const rec = await expect('reconcileVehicles', 'POST', '/v1/vehicles/reconcile', 200, { external_ids: [other.car, `${other.car}-F`], dry_run: true });
      assert.equal(rec.json().unknown, 2, rec.body);
      const stats = await expect('getDealerStats', 'GET', '/v1/stats', 200);
      notSeen('getDealerStats', stats.body, other.car, other.listingId);
      // Webhooks.
      const hooks = await expect('listWebhooks', 'GET', '/v1/webhooks', 200);
      notSeen('listWebhooks', hooks.body, other.webhookUrl, other.webhookId);
      await expect('getWebhook', 'GET', `/v1/webhooks/${other.webhookId}`, 404);
      await expect('listWebhookDeliveries', 'GET', `/v1/webhooks/${other.webhookId}/deliveries`, 404);
      await expect('retryWebhookDelivery', 'POST', `/v1/webhooks/${other.webhookId}/deliveries/${other.deliveryId}/retry`, 404);
      await expect('retryWebhookDelivery', 'POST', `/v1/webhooks/${me.webhookId}/deliveries/${other.deliveryId}/retry`, 404);
      await expect('testWebhook', 'POST', `/v1/webhooks/${other.webhookId}/test`, 404);
      await expect('deleteWebhook', 'DELETE', `/v1/webhooks/${other.webhookId}`, 404);
      // Leads.
      const leads = await expect('listLeads', 'GET', '/v1/leads', 200);
      assert.deepEqual(
        leads.json().data.map((l: { id: number }) => l.id),
        [me.leadId],
      );
      await expect('updateLead', 'PATCH', `/v1/leads/${other.leadId}`, 404, { stage: 'won' });
      // Feeds.
      const feeds = await expect('listFeeds', 'GET', '/v1/feeds', 200);
      assert.deepEqual(
        feeds.json().data.map((f: { id: number }) => f.id),
        [me.feedId],
      );
      await expect('listFeedImports', 'GET', `/v1/feeds/${other.feedId}/imports`, 404);
      await expect('getFeedImport', 'GET', `/v1/feeds/${other.feedId}/imports/${other.importId}`, 404);
      // The sandbox's own call: only a sandbox key, only its own cars.
      await expect('createSandboxLead', 'POST', '/v1/sandbox/leads', me.name === 'live' ? 403 : 404, { external_id: other.car });
      // Writes under the other side's stock ID make a car of this side; the other's is untouched.
      const put = await expect('putVehicle', 'PUT', `/v1/vehicles/${other.car}`, 201, aCar({ price: 1 }));
      assert.equal(put.json().vehicle.price, '1.00');
      const theirs = (await call(other.key, 'GET', `/v1/vehicles/${other.car}`)).json().vehicle;
      assert.notEqual(theirs.price, '1.00');
      assert.equal((await call(k, 'DELETE', `/v1/vehicles/${other.car}`)).statusCode, 200);
      await expect('createWebhook', 'POST', '/v1/webhooks', 201, { url: rx.url(`/${me.name}-2`) });
      const otherHooks = (await call(other.key, 'GET', '/v1/webhooks')).body;
      assert.ok(!otherHooks.includes(`/${me.name}-2`));
    }
    assert.deepEqual([...walked].sort(), keyed, 'every keyed operation of the document is walked');
  });

  test('every table with a dealer_id: writes through one key never touch the other side', async () => {
    const tables = (await t.store.db.introspection.getTables()).filter((tb) => tb.columns.some((c) => c.name === 'dealer_id')).map((tb) => tb.name);
    assert.ok(tables.includes('vehicles') && tables.includes('leads') && tables.includes('webhooks') && tables.includes('feeds'));
    const snapshot = async (dealerId: number) => {
      const out: Record<string, string> = {};
      for (const table of tables) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const rows = await (t.store.db as any).selectFrom(table).selectAll().where('dealer_id', '=', dealerId).execute();
        out[table] = JSON.stringify(rows.map((r: Record<string, unknown>) => JSON.stringify(r)).sort());
      }
      return out;
    };
    /** Everything a key can write: cars (PUT, sync, sold, withdraw), photos, events, deliveries, webhooks, leads, stages. */
    const writeAll = async (s: Side) => {
      const id = `${s.name.toUpperCase()}-W`;
      assert.equal((await call(s.key, 'PUT', `/v1/vehicles/${id}`, aCar({ photos: host.urls(id, 3) }))).statusCode, 201);
      const sync = await call(s.key, 'POST', '/v1/vehicles/sync', { vehicles: [{ external_id: `${id}-S`, ...aCar({ photos: host.urls(`${id}-S`, 3) }) }] });
      assert.equal(sync.statusCode, 200, sync.body);
      await t.app.services.jobs.runDue();
      if (s.name === 'sandbox') assert.equal((await call(s.key, 'POST', '/v1/sandbox/leads', { external_id: id })).statusCode, 201);
      assert.equal((await call(s.key, 'PATCH', `/v1/leads/${s.leadId}`, { stage: 'contacted' })).statusCode, 200);
      assert.equal((await call(s.key, 'POST', `/v1/vehicles/${id}/sold`)).statusCode, 200);
      assert.equal((await call(s.key, 'DELETE', `/v1/vehicles/${id}-S`)).statusCode, 200);
      assert.equal((await call(s.key, 'POST', `/v1/webhooks/${s.webhookId}/test`)).statusCode, 200);
      await t.app.services.jobs.runDue();
    };
    for (const [acting, other] of [
      [sbx, live],
      [live, sbx],
    ] as const) {
      // Work already due (the photo downloads of earlier tests' cars) runs first: only this side's writes follow.
      await t.app.services.jobs.runDue();
      const before = await snapshot(other.dealerId);
      const mineBefore = await snapshot(acting.dealerId);
      await writeAll(acting);
      const after = await snapshot(other.dealerId);
      for (const table of tables) assert.equal(after[table], before[table], `${acting.name}'s writes changed ${other.name}'s rows in ${table}`);
      const mineAfter = await snapshot(acting.dealerId);
      for (const table of ['vehicles', 'events', 'webhook_deliveries', 'photos']) {
        assert.notEqual(mineAfter[table], mineBefore[table], `${acting.name}'s writes are in ${table} under its own dealer_id`);
      }
    }
  });
});
