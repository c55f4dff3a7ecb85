// Issue 29 §4 (P130): examples/shop-sync runs against a started server: the shop's CSV becomes
// the dealership's cars, and the example's HTTPS receiver gets signed deliveries (the test one,
// then a vehicle.sold) that it verified — and refuses a forged one.
import assert from 'node:assert/strict';
import https from 'node:https';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { readStock, runShopSync, selfSignedCertificate, type ShopSync } from '../../examples/shop-sync/shop-sync.js';
import { createClient } from '../../packages/client/src/index.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { createKey } from '../../src/modules/keys/service.js';
import { seedDealer } from '../support/dealers.js';
import { until } from '../support/until.js';

const CSV = fileURLToPath(new URL('../../examples/shop-sync/stock.csv', import.meta.url));

describe(`the example integration (${STORE_NAME})`, () => {
  let t: TestApp;
  let base: string;
  let run: ShopSync | undefined;
  const tls = selfSignedCertificate('shop.test');

  before(async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const { port } = srv.address() as net.AddressInfo;
    await new Promise((r) => srv.close(r));
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      // shop.test is the example's machine, on loopback, with the certificate it serves.
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: tls.cert }),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
  });
  after(async () => {
    await run?.close();
    await t.close();
  });

  test('publishes the CSV with syncStock and receives verified webhooks over HTTPS', { timeout: 120_000 }, async () => {
    // In the sandbox (D35), as an integrator builds: a dik_test_ key, nothing public.
    const { slug } = await seedDealer(t, { name: 'Autos del Ejemplo' });
    const { key } = await createKey(t.store.db, t.clock, { dealer: slug, name: 'example', sandbox: true });
    assert.match(key, /^dik_test_/);
    run = await runShopSync({ baseUrl: `${base}/v1`, apiKey: key, csvFile: CSV, webhookHost: 'shop.test', tls });
    const shop = readStock(CSV);
    assert.equal(shop.length, 4);
    assert.deepEqual(run.published.errors, []);
    assert.equal(run.published.created, 4);
    assert.equal(run.published.reconcile?.kept, 4);

    const client = createClient({ baseUrl: `${base}/v1`, apiKey: key });
    assert.equal((await client.me()).livemode, false);
    const cars = new Map<string, { brand: string; source: string }>();
    for await (const car of client.vehicles.list({ source: 'woocommerce' })) cars.set(car.external_id, car);
    assert.deepEqual([...cars.keys()].sort(), shop.map((c) => c.external_id).sort());
    assert.equal(cars.get('SHOP-3')?.brand, 'Ford');

    assert.deepEqual(
      run.events.map((e) => e.type),
      ['webhook.test'],
    );
    await client.vehicles.sold('SHOP-2');
    await t.app.services.jobs.runDue();
    const sold = await until('a verified vehicle.sold at the example', 20_000, () => run!.events.find((e) => e.type === 'vehicle.sold'));
    assert.equal(sold.data.external_id, 'SHOP-2');
    assert.ok(
      run.events.every((e) => !e.livemode),
      'every delivery of the sandbox says livemode false',
    );
    assert.equal(run.refused, 0);

    // A delivery not signed with the webhook's secret is refused.
    const forged = JSON.stringify({ id: 'evt_forged', type: 'vehicle.sold', created_at: new Date().toISOString(), data: {} });
    const status = await new Promise<number>((resolve, reject) => {
      const req = https.request(
        run!.webhookUrl.replace('shop.test', '127.0.0.1'),
        {
          method: 'POST',
          ca: tls.cert,
          servername: 'shop.test',
          headers: { 'content-type': 'application/json', 'x-service-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}` },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(forged);
    });
    assert.equal(status, 400);
    assert.equal(run.refused, 1);
    assert.ok(!run.events.some((e) => e.id === 'evt_forged'));
  });
});
