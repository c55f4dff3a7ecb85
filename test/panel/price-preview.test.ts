// The price preview of the panel's car form (D44, issue 40 §3, P244), on both stores: the box
// under the price field and its fragment (GET /panel/inventory/{id}/price-preview) say the label
// of the price typed in the user's language, the line of why, the market position and the
// expected days to sell — or a clear sentence when there are too few comparables or sales; what
// is no price gets a sentence (422); another dealership's car is the panel's 404. The no-script
// button ("Ver valoración") sends the form back with the preview and saves nothing: the car,
// its stored rating, its price history and the job queue are left as they were.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { marketFormat } from '../../src/modules/markets/format.js';
import { RATING_DELAY_MS, roundGap } from '../../src/modules/pricing/service.js';
import { valuesOf } from '../../src/modules/vehicles/car-form.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { carByStockId } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';

const DAY_MS = 86_400_000;
const T0 = Date.UTC(2026, 10, 10, 15);
/** A market where price is an exact function of year and mileage (as test/pricing/rating.test.ts). */
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);

const family = (prefix: string, brand: string, model: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const year = 2016 + (i % 9);
    const mileage = 10_000 + ((i * 37) % 19) * 10_000;
    return { external_id: `${prefix}-${i}`, brand, model, year, mileage, price: priceOf(year, mileage) };
  });

/** The text of a fragment or page, tags dropped, spaces (and Intl's no-break ones) made one. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();

describe(`panel price preview (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let es: { client: PanelClient; dealerId: number; key: string; email: string; password: string };
  let pt: { client: PanelClient; dealerId: number; key: string };
  let otherKey: string;
  let otherDealerId: number;

  const sync = async (k: string, cars: Record<string, unknown>[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(k),
      payload: { vehicles: cars.map((c) => ({ photos: host.urls(String(c.external_id), 3), ...c })) },
    });
    assert.equal(res.statusCode, 200, res.body);
  };
  const settle = async () => {
    await t.app.services.jobs.runDue();
    clock.advance(RATING_DELAY_MS);
    await t.app.services.jobs.runDue();
  };
  const car = (dealerId: number, ext: string) => carByStockId(t, dealerId, ext);
  const fragment = async (c: PanelClient, id: number, price: string) => {
    const res = await c.get(`/panel/inventory/${id}/price-preview?price=${encodeURIComponent(price)}`);
    return { status: res.status, type: String(res.headers['content-type']), body: res.body, text: text(res.body) };
  };
  const count = async (table: 'jobs' | 'vehicle_prices' | 'vehicle_activity') =>
    Number(
      (
        await t.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
    const a = await signedInClient(t, { markets: ['ar'], role: 'staff' });
    es = { client: a.client, dealerId: a.user.dealerId, key: a.user.key, email: a.user.email, password: a.user.password };
    const b = await signedInClient(t, { markets: ['br'] });
    pt = { client: b.client, dealerId: b.user.dealerId, key: b.user.key };
    const other = await seedDealer(t, { markets: ['ar'] });
    otherKey = other.key;
    otherDealerId = (await t.store.db.selectFrom('dealers').select('id').where('slug', '=', other.slug).executeTakeFirstOrThrow()).id;
    const onix = family('CR', 'Chevrolet', 'Onix', 30);
    await sync(es.key, onix.slice(0, 15));
    await sync(otherKey, onix.slice(15));
    // The car the tests preview: a 2020 with 180 000 km at exactly what the market says.
    await sync(es.key, [{ external_id: 'HI-KM', brand: 'Chevrolet', model: 'Onix', year: 2020, mileage: 180_000, price: priceOf(2020, 180_000) }]);
    // A car alone in its family: no rating.
    await sync(es.key, [{ external_id: 'LONE', brand: 'Fiat', model: 'Cronos', year: 2021, mileage: 30_000, price: 15_000_000 }]);
    // Brazil: the same market shape in reais.
    await sync(
      pt.key,
      family('BR', 'Chevrolet', 'Onix', 30).map((c) => ({ ...c, price: Math.round(c.price / 200) })),
    );
    await settle();
    assert.ok((await car(es.dealerId, 'HI-KM')).price_expected_cents !== null, 'rated');
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the fragment says the label of the price typed, why, the market position and that sales are too few; the car is untouched', async () => {
    const row = await car(es.dealerId, 'HI-KM');
    const expected = Number(row.price_expected_cents);
    const [jobsBefore, pricesBefore] = [await count('jobs'), await count('vehicle_prices')];
    const money = marketFormat('ar');
    // Typed as people type prices: thousands with dots.
    const typed = (f: number) => new Intl.NumberFormat('es-AR').format(Math.round((expected * f) / 100));
    const low = await fragment(es.client, row.id, typed(0.85));
    assert.equal(low.status, 200, low.body);
    assert.match(low.type, /^text\/html/);
    assert.ok(low.text.startsWith(`Con ${text(money.price(Math.round((expected * 0.85) / 100) * 100, 'ARS'))}:`), low.text);
    assert.match(low.body, /data-label="great">Muy buen precio</);
    assert.match(low.text, /\$ [\d.]+ debajo del precio esperado para su año y kilometraje, comparado con \d+ autos/);
    // Three significant figures, as the gap: the estimate is not that precise.
    assert.ok(low.text.includes(`Precio esperado para su año y kilometraje: ${text(money.price(roundGap(expected), 'ARS'))}.`), low.text);
    assert.match(low.text, /Frente al mercado, sin ajustar por kilometraje: \d+ ?% bajo el precio medio de \d+ autos comparables/);
    assert.ok(low.text.includes('Todavía se vendieron muy pocos autos comparables en este sitio (menos de 5)'), low.text);
    const labels: string[] = [];
    for (const f of [0.85, 0.95, 1, 1.05, 1.2]) labels.push(/data-label="(\w+)"/.exec((await fragment(es.client, row.id, typed(f))).body)?.[1] ?? '');
    assert.deepEqual(labels, ['great', 'good', 'fair', 'high', 'overpriced']);
    const high = await fragment(es.client, row.id, typed(1.05));
    assert.match(high.text, /Precio alto \$ [\d.]+ arriba del precio esperado/);
    // The two measures differ (docs/panel.md): high for its 180 000 km, yet under the plain median of D34.
    assert.match(high.text, /bajo el precio medio/);
    // The currency chosen in the form, when it is not the one saved: not compared with these cars.
    const usd = await es.client.get(`/panel/inventory/${row.id}/price-preview?price=15000&currency=USD`);
    assert.equal(usd.status, 200);
    assert.equal(
      text(usd.body),
      'La valoración compara precios en ARS, la moneda guardada. En otra moneda los comparables son otros: el auto se valora una vez guardado.',
    );
    assert.match((await es.client.get(`/panel/inventory/${row.id}/price-preview?price=15000&currency=ARS`)).body, /data-label="great"/);
    // Nothing English, no code, no field name.
    for (const w of ['price', 'great', 'undefined', 'NaN']) assert.ok(!low.text.includes(w) && !high.text.includes(w), w);
    assert.deepEqual(await car(es.dealerId, 'HI-KM'), row, 'the car and its stored rating are untouched');
    assert.equal(await count('jobs'), jobsBefore, 'nothing queued');
    assert.equal(await count('vehicle_prices'), pricesBefore, 'no price history written');
  });

  test("in Portuguese for a Brazilian dealership; a car with too few comparables says so; what is no price gets a sentence (422); another dealership's car is 404", async () => {
    const br = await car(pt.dealerId, 'BR-4');
    assert.ok(br.price_expected_cents !== null, 'rated');
    const low = await fragment(pt.client, br.id, new Intl.NumberFormat('pt-BR').format(Math.round(Number(br.price_expected_cents) / 100 / 2)));
    assert.equal(low.status, 200, low.body);
    assert.match(low.text, /^Com R\$ [\d.]+:/);
    assert.match(low.body, />Ótimo preço</);
    assert.match(low.text, /abaixo do preço esperado para o ano e a quilometragem, comparado com \d+ carros/);
    assert.match(low.text, /Diante do mercado, sem ajustar pela quilometragem: \d+ ?% abaixo do preço médio de \d+ carros comparáveis/);

    const lone = await car(es.dealerId, 'LONE');
    const none = await fragment(es.client, lone.id, '14.000.000');
    assert.equal(none.status, 200);
    assert.ok(none.text.includes('Sin valoración de precio: hay menos de 10 autos comparables en venta (mismo modelo, año ±2).'), none.text);
    assert.ok(none.text.includes('Hay menos de 5 autos comparables en venta: sin posición en el mercado.'), none.text);
    assert.ok(!none.text.includes('Se vendería') && !none.text.includes('Todavía se vendieron'), 'no days without a rating');

    for (const p of ['', 'abc', '0', '-5', '1e9', '99999999999999999']) {
      const bad = await fragment(es.client, lone.id, p);
      assert.equal(bad.status, 422, `${p}: ${bad.body}`);
      assert.equal(bad.text, 'Escriba un precio mayor que 0 para ver su valoración, como 15.000.000.', p);
    }
    assert.match((await fragment(pt.client, br.id, 'xyz')).text, /^Digite um preço maior que 0 para ver a avaliação, como [\d.]+\.$/);

    const theirs = await car(otherDealerId, 'CR-20');
    const res = await fragment(es.client, theirs.id, '10.000.000');
    assert.equal(res.status, 404);
    assert.ok(!res.text.includes('precio esperado'), 'nothing of their car');
    assert.equal((await fragment(es.client, 987654321, '10.000.000')).status, 404);
    // Signed out: the sign-in page, not the fragment.
    const anon = await t.app.inject({ url: `/panel/inventory/${lone.id}/price-preview?price=100` });
    assert.equal(anon.statusCode, 303);
  });

  test('the edit form shows the preview of the stored price under the price field; Enter still saves', async () => {
    const row = await car(es.dealerId, 'HI-KM');
    const page = await es.client.get(`/panel/inventory/${row.id}/edit`);
    assert.equal(page.status, 200);
    const box = /<section class="price-preview"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
    assert.match(box, /data-preview-url="\/panel\/inventory\/\d+\/price-preview"/);
    assert.match(box, /data-label="fair">Precio justo</, 'its own price: fair');
    assert.match(box, /<input type="submit" class="button secondary" name="_preview" value="Ver valoración" formnovalidate data-preview-button>/);
    // The box comes right after the price field, and the form's first submit saves.
    assert.ok(page.body.indexOf('id="c-price"') < page.body.indexOf('class="price-preview"'));
    const form = /<form class="card car-form"[\s\S]*?<\/form>/.exec(page.body)![0];
    assert.match(/<(?:button|input) type="submit"[^>]*>/.exec(form)![0], /value="Guardar cambios"/);
    // The form's one <button> is its save button (the browser tests click it by that).
    assert.deepEqual(
      [...form.matchAll(/<button type="submit"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]),
      ['Guardar cambios'],
    );
    // The new-car form has no car to rate: no box.
    assert.ok(!(await es.client.get('/panel/inventory/new')).body.includes('price-preview'));
  });

  test('"Ver valoración" without a script: the form comes back as typed with the preview, and nothing is saved', async () => {
    const row = await car(es.dealerId, 'HI-KM');
    const [jobsBefore, pricesBefore, activityBefore] = [await count('jobs'), await count('vehicle_prices'), await count('vehicle_activity')];
    await es.client.get(`/panel/inventory/${row.id}/edit`);
    const typedPrice = new Intl.NumberFormat('es-AR').format(Math.round((Number(row.price_expected_cents) * 1.2) / 100));
    const res = await es.client.post(`/panel/inventory/${row.id}/edit`, {
      ...valuesOf(row),
      price: typedPrice,
      mileage: '190.000',
      _preview: 'Ver valoración',
    });
    assert.equal(res.status, 200, res.body.slice(0, 500));
    const box = /<section class="price-preview"[\s\S]*?<\/section>/.exec(res.body)?.[0] ?? '';
    assert.match(box, /data-label="overpriced">Muy por encima del mercado</);
    assert.ok(text(box).includes(`Con $ ${typedPrice}:`), text(box));
    // What was typed is kept in the form, to save or change.
    assert.match(res.body, new RegExp(`id="c-price" name="price" type="text" value="${typedPrice.replace(/\./g, '\\.')}"`));
    assert.match(res.body, /name="mileage"[^>]*value="190\.000"|value="190\.000"[^>]*name="mileage"/);
    assert.deepEqual(await car(es.dealerId, 'HI-KM'), row, 'the car and its stored rating are untouched');
    assert.equal(await count('jobs'), jobsBefore, 'nothing queued');
    assert.equal(await count('vehicle_prices'), pricesBefore, 'no price history written');
    assert.equal(await count('vehicle_activity'), activityBefore, 'no activity recorded');
    // The same form sent with the save button saves the price typed.
    const saved = await es.client.post(`/panel/inventory/${row.id}/edit`, { ...valuesOf(row), price: typedPrice });
    assert.equal(saved.status, 303, saved.body.slice(0, 500));
    assert.equal((await car(es.dealerId, 'HI-KM')).price_cents, Math.round((Number(row.price_expected_cents) * 1.2) / 100) * 100);
  });

  test('with five sales of comparable cars, the expected days to sell', async () => {
    // Five more 2020 Onix of the other dealership, at their expected price, sold 12 days later.
    const extra = Array.from({ length: 5 }, (_, i) => {
      const mileage = 40_000 + i * 15_000;
      return { external_id: `SOLD-${i}`, brand: 'Chevrolet', model: 'Onix', year: 2020, mileage, price: priceOf(2020, mileage) };
    });
    await sync(otherKey, extra);
    await settle();
    clock.advance(12 * DAY_MS);
    for (const c of extra) {
      const res = await t.app.inject({ method: 'POST', url: `/v1/vehicles/${c.external_id}/sold`, headers: bearer(otherKey) });
      assert.equal(res.statusCode, 200, res.body);
    }
    await settle();
    // The session has been idle for 12 days of the clock: signed in again.
    assert.equal((await es.client.signIn(es.email, es.password)).status, 303);
    const row = await car(es.dealerId, 'CR-4');
    assert.ok(row.price_expected_cents !== null, 'rated');
    const at = await fragment(es.client, row.id, String(Math.round(Number(row.price_expected_cents) / 100)));
    assert.equal(at.status, 200);
    assert.ok(at.text.includes('Se vendería en unos 12 días, según las ventas de autos comparables en este sitio.'), at.text);
  });
});
