// The panel's overview (D27) through the real app: cars by status, cars that need someone,
// the latest feed imports, webhooks turned off (owners only), the buyers waiting first (name,
// car, age: P100) — and never a buyer's e-mail or phone.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { insertWebhook } from '../../src/modules/webhooks/repository.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { signedInClient, type SeededUser, type PanelClient } from '../support/panel.js';
import { carId, syncCars } from '../support/panel-cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';

const BUYER = { name: 'Zebulon Quartermaine', email: 'zeb.quartermaine@example.org', phone: '+54 9 351 555-0199' };
const SECRETS = ['Zebulon', 'Quartermaine', 'zeb.quartermaine', '555-0199', '5550199'];

describe(`panel overview (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  /** Answers 404 to everything: a photo that fails for good. */
  const missing = http.createServer((_req, res) => res.writeHead(404).end());
  let missingBase = '';
  let owner: { client: PanelClient; user: SeededUser };
  let inReviewId = 0;
  let failedId = 0;

  const sync = async (key: string, vehicles: Record<string, unknown>[]) => {
    const res = await syncCars(t, key, vehicles);
    assert.equal(res.statusCode, 200, res.body);
  };

  before(async () => {
    await host.start();
    await new Promise<void>((r) => missing.listen(0, '127.0.0.1', r));
    missingBase = `http://127.0.0.1:${(missing.address() as AddressInfo).port}`;
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
    owner = await signedInClient(t);
    const { key, dealerId } = owner.user;
    // 2 active, 1 with a failed photo (in review), then 3 importing photos, 1 sold, 1 in review (a phone number).
    await publishCar(t, key, host, 'ACT-1');
    const active = await publishCar(t, key, host, 'ACT-2', { version: 'SEG' });
    const photos = [...host.urls('BAD-1', 2), `${missingBase}/gone.jpg`];
    const broken = await publishCar(t, key, host, 'BAD-1', { photos });
    assert.equal(broken.status, 'in_review');
    failedId = await carId(t, dealerId, 'BAD-1');
    // After the photo jobs ran: these cars' photo hosts are never reached, so they stay importing.
    await sync(key, [aCar({ external_id: 'IMP-1' }), aCar({ external_id: 'IMP-2' }), aCar({ external_id: 'IMP-3' }), aCar({ external_id: 'SOLD-1' })]);
    await t.app.inject({ method: 'POST', url: '/v1/vehicles/SOLD-1/sold', headers: bearer(key) });
    await sync(key, [aCar({ external_id: 'REV-1', description: 'Llame al 351 555 0100' })]);
    inReviewId = await carId(t, dealerId, 'REV-1');
    // A buyer writes about ACT-2 through the public form.
    const inquiry = await t.app.inject({
      method: 'POST',
      url: `${pathOf(active.url)}/inquiries`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...BUYER, message: `Soy ${BUYER.name}, llamame al ${BUYER.phone}`, website: '' }).toString(),
      remoteAddress: '203.0.113.9',
    });
    assert.equal(inquiry.statusCode, 303, inquiry.body);
    // A feed import, and a webhook that failed until it was turned off.
    const feed = await feedFor(t, owner.user.slug);
    const pushed = await pushCsv(t, feed.path, csv([csvCar('FEED-1')]));
    assert.equal(pushed.statusCode, 200, pushed.body);
    const hook = await insertWebhook(t.store.db, {
      dealerId,
      url: 'https://hooks.example.com/x',
      events: ['vehicle.sold'],
      secretSealed: 'x',
      now: Date.now(),
    });
    await t.store.db.updateTable('webhooks').set({ active: 0 }).where('id', '=', hook.id).execute();
  });
  after(async () => {
    await t.close();
    await host.stop();
    missing.closeAllConnections();
    await new Promise<void>((r) => missing.close(() => r()));
  });

  test('counts by status, each linking to the filtered inventory', async () => {
    const res = await owner.client.get('/panel');
    assert.equal(res.status, 200, res.body);
    const count = (status: string) =>
      new RegExp(`<a class="card stat-card" href="/panel/inventory\\?status=${status}"><span class="stat">(\\d+)</span>`).exec(res.body)?.[1];
    assert.equal(count('importing_photos'), '4'); // IMP-1..3 and FEED-1
    assert.equal(count('sold'), '1');
    assert.equal(count('in_review'), '2');
    assert.equal(count('active'), '2');
    assert.equal(count('withdrawn'), '0');
    assert.match(res.body, /9 en total/);
  });

  test('cars needing action: in review with reasons, failed photos with why, linking to the car', async () => {
    const res = await owner.client.get('/panel');
    assert.ok(res.body.includes(`<a href="/panel/inventory/${inReviewId}">REV-1</a>`));
    assert.ok(res.body.includes(`<a href="/panel/inventory/${failedId}">BAD-1</a>`));
    assert.match(res.body, /La descripción tiene un número de teléfono \(«[^<]*»\)\. Los compradores tienen que escribir por el marketplace/);
    assert.match(res.body, /Foto 3: [^<]*404/);
  });

  test('the latest feed imports, linking to their report', async () => {
    const res = await owner.client.get('/panel');
    const imp = await t.store.db.selectFrom('feed_imports').select('id').where('dealer_id', '=', owner.user.dealerId).executeTakeFirstOrThrow();
    assert.ok(res.body.includes(`href="/panel/feeds/imports/${imp.id}"`));
    assert.match(res.body, /Procesada/);
    assert.match(res.body, /1 fila: 1 nuevo, 0 actualizados, 0 vendidos, 0 con errores/);
  });

  test('an import with refused rows is "Procesada con errores" with their count, never the green "Procesada" (P196)', async () => {
    const feed = await feedFor(t, owner.user.slug);
    const pushed = await pushCsv(t, feed.path, csv([csvCar('FEED-1'), csvCar('FEED-BAD', { year: 'dos mil' }), csvCar('FEED-BAD-2', { price: 'x' })]));
    assert.equal(pushed.statusCode, 200, pushed.body);
    const res = await owner.client.get('/panel');
    const badges = [...res.body.matchAll(/<span class="badge ([a-z]*)">(Procesada[^<]*|Nada cargado[^<]*)<\/span>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(badges, [
      ['warn', 'Procesada con errores (2 filas)'],
      ['ok', 'Procesada'],
    ]);
  });

  test('webhooks turned off: shown to owners, not to staff', async () => {
    const res = await owner.client.get('/panel');
    assert.match(res.body, /Hay 1 webhook desactivado/);
    assert.match(res.body, /href="\/panel\/webhooks">Revisar/);
    const { client: staff } = await signedInClient(t, { role: 'staff', slug: owner.user.slug });
    const page = await staff.get('/panel');
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.body, /webhook desactivado/);
    assert.match(page.body, /<span class="stat">2<\/span>/);
  });

  test('buyers waiting: how many, their name and car, never their e-mail or phone (P100)', async () => {
    const res = await owner.client.get('/panel');
    const lead = await t.store.db.selectFrom('leads').select('id').where('dealer_id', '=', owner.user.dealerId).executeTakeFirstOrThrow();
    assert.match(res.body, /1 comprador espera respuesta/);
    assert.ok(res.body.includes(`<a href="/panel/leads/${lead.id}"><strong>${BUYER.name}</strong></a>`));
    assert.ok(res.body.includes('Toyota Corolla SEG 2019 · ACT-2'));
    for (const secret of SECRETS.filter((s) => !BUYER.name.includes(s)))
      assert.ok(!res.body.toLowerCase().includes(secret.toLowerCase()), `the overview shows ${secret}`);
    // What waits comes first: the buyers, then the cars that need someone, then the counts.
    const at = (text: string) => res.body.indexOf(text);
    assert.ok(
      at('Compradores esperando respuesta') < at('Autos que necesitan su atención') && at('Autos que necesitan su atención') < at('<div class="stat-grid">'),
    );
  });

  test('another dealership sees only its own (empty) overview; the password notice', async () => {
    const { client } = await signedInClient(t);
    const res = await client.get('/panel?done=password-set');
    assert.equal(res.status, 200);
    assert.match(res.body, /Su contraseña quedó guardada/);
    assert.match(res.body, /0 en total/);
    assert.match(res.body, /Ningún comprador espera respuesta/);
    assert.match(res.body, /No hay autos en revisión/);
    assert.match(res.body, /Ninguna foto falló/);
    assert.match(res.body, /Todavía no hubo importaciones/);
    assert.doesNotMatch(res.body, /REV-1|BAD-1|webhook desactivado/);
  });
});
