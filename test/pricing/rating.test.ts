// The price rating and the price preview (D44, issue 40): synthetic markets where the price is an
// exact function of year and mileage, so the expected price is known. Both stores.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { createKey } from '../../src/modules/keys/service.js';
import { expectedPrices, labelOf, trimOf } from '../../src/modules/pricing/model.js';
import { RATING_DELAY_MS } from '../../src/modules/pricing/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';

const DAY_MS = 86_400_000;
// Noon in Buenos Aires on 2026-11-10.
const T0 = Date.UTC(2026, 10, 10, 15);

/** The synthetic market's price of a car, in whole pesos: 10 % a year, and mileage's elasticity −0.2. */
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);

describe(`price rating (D44) on ${STORE_NAME}`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let key: string;
  let otherKey: string;
  let sandboxKey: string;

  const sync = async (k: string, cars: Record<string, unknown>[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(k),
      payload: { vehicles: cars.map((c) => ({ photos: host.urls(String(c.external_id), 3), ...c })) },
    });
    assert.equal(res.statusCode, 200, res.body);
  };
  /** Photos in, then the families' jobs (they wait RATING_DELAY_MS after the write). */
  const settle = async () => {
    await t.app.services.jobs.runDue();
    clock.advance(RATING_DELAY_MS);
    await t.app.services.jobs.runDue();
  };
  const get = async (id: string, k = key) => {
    const res = await t.app.inject({ url: `/v1/vehicles/${encodeURIComponent(id)}`, headers: bearer(k) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().vehicle as {
      price: string;
      status: string;
      price_rating: { label: string; expected_price: string; comparables: number; currency: string } | null;
    };
  };
  const preview = (id: string, price: string | undefined, k = key) =>
    t.app.inject({
      url: `/v1/vehicles/${encodeURIComponent(id)}/price-preview${price === undefined ? '' : `?price=${encodeURIComponent(price)}`}`,
      headers: bearer(k),
    });

  /** A family of `n` cars of two dealerships, years 2016–2024 and mileages from 10 000 to 190 000 km, priced exactly. */
  const family = (prefix: string, brand: string, model: string, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const year = 2016 + (i % 9);
      const mileage = 10_000 + ((i * 37) % 19) * 10_000;
      return { external_id: `${prefix}-${i}`, brand, model, year, mileage, price: priceOf(year, mileage) };
    });

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com' } });
    ({ key } = await seedDealer(t, { markets: ['ar'] }));
    const other = await seedDealer(t, { markets: ['ar'] });
    otherKey = other.key;
    sandboxKey = (await createKey(t.store.db, t.clock, { dealer: other.slug, name: 'sbx', sandbox: true })).key;
    const cronos = family('CR', 'Chevrolet', 'Onix', 30);
    await sync(key, cronos.slice(0, 15));
    await sync(otherKey, cronos.slice(15));
    // The high-mileage car: 2020 with 180 000 km, priced exactly at what the market says.
    await sync(key, [{ external_id: 'HI-KM', brand: 'Chevrolet', model: 'Onix', year: 2020, mileage: 180_000, price: priceOf(2020, 180_000) }]);
    await settle();
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('a price that is an exact function of year and mileage is expected exactly: a high-mileage car at its price is fair, not a bargain', async () => {
    const car = await get('HI-KM');
    assert.ok(car.price_rating, 'rated');
    assert.equal(car.price_rating.label, 'fair');
    assert.equal(car.price_rating.currency, 'ARS');
    // Its expected price is its own (within a peso's rounding of the synthetic prices).
    assert.ok(Math.abs(Number(car.price_rating.expected_price) - priceOf(2020, 180_000)) / priceOf(2020, 180_000) < 0.001, car.price_rating.expected_price);
    // The comparables are D34's with year ±2: the 2018–2022 Onix of both dealerships.
    const inWindow = family('CR', 'Chevrolet', 'Onix', 30).filter((c) => Math.abs(c.year - 2020) <= 2).length;
    assert.equal(car.price_rating.comparables, inWindow);
    // D34's plain median calls it a bargain: the difference the rating makes.
    const stats = await t.app.inject({ url: '/v1/vehicles/HI-KM/stats', headers: bearer(key) });
    assert.equal(stats.json().market_position.label, 'below');
    // Every car of the market is at its expected price: all fair, those with under 10 comparables (the newest years) unrated.
    let rated = 0;
    for (const c of family('CR', 'Chevrolet', 'Onix', 15)) {
      const r = (await get(c.external_id)).price_rating;
      if (r === null) continue;
      rated++;
      assert.equal(r.label, 'fair', c.external_id);
    }
    assert.ok(rated >= 10, `${rated} rated`);
  });

  test('the five labels in order, by the preview; the preview changes nothing', async () => {
    const before = await get('HI-KM');
    const expected = Number(before.price_rating!.expected_price);
    const jobs = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const prices = async () =>
      Number(
        (
          await t.store.db
            .selectFrom('vehicle_prices')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const row = () => t.store.db.selectFrom('vehicles').selectAll().where('external_id', '=', 'HI-KM').executeTakeFirstOrThrow();
    const [jobsBefore, pricesBefore, rowBefore] = [await jobs(), await prices(), await row()];
    const labels: string[] = [];
    for (const f of [0.85, 0.95, 1, 1.05, 1.2]) {
      const res = await preview('HI-KM', String(Math.round(expected * f)));
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.price, `${Math.round(expected * f)}.00`);
      assert.equal(body.currency, 'ARS');
      assert.equal(body.price_rating.expected_price, before.price_rating!.expected_price);
      assert.ok(body.market_position, 'the D34 position at the price tried');
      labels.push(body.price_rating.label);
    }
    assert.deepEqual(labels, ['great', 'good', 'fair', 'high', 'overpriced']);
    assert.deepEqual(await row(), rowBefore, 'the car is untouched');
    assert.equal(await jobs(), jobsBefore, 'nothing queued');
    assert.equal(await prices(), pricesBefore, 'no price history written');
    assert.deepEqual(await get('HI-KM'), before);
  });

  test('the preview refuses a missing, malformed or non-positive price (400) and an unknown car (404)', async () => {
    for (const p of [undefined, '', 'abc', '0', '-5', '1.234', '20.000.000', '1e9']) {
      const res = await preview('HI-KM', p);
      assert.equal(res.statusCode, 400, `${p}: ${res.body}`);
      assert.equal(res.json().error.code, 'invalid_request');
    }
    assert.equal((await preview('NOPE', '100')).statusCode, 404);
    // Another dealership's car is unknown to this key.
    assert.equal((await preview('CR-20', '100')).statusCode, 404);
    assert.equal((await preview('CR-20', '100', otherKey)).statusCode, 200);
    assert.equal((await preview('HI-KM', '12500000.50')).json().price, '12500000.50');
  });

  test('a repriced car shows no rating until its family is rated again, then the label of its new price', async () => {
    const expected = Number((await get('HI-KM')).price_rating!.expected_price);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/HI-KM',
      headers: bearer(key),
      payload: { brand: 'Chevrolet', model: 'Onix', year: 2020, mileage: 180_000, price: Math.round(expected * 0.8), photos: host.urls('HI-KM', 3) },
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.equal((await get('HI-KM')).price_rating, null, 'being rated again');
    await settle();
    const car = await get('HI-KM');
    assert.equal(car.price_rating?.label, 'great');
    // Its own price never moves its expected price (leave-one-out).
    assert.ok(Math.abs(Number(car.price_rating.expected_price) - expected) / expected < 0.001);
  });

  test('minimum sample: 10 comparables rate a car, 9 do not; sold and sandbox cars are neither rated nor comparables', async () => {
    // 11 Peugeot 208 of 2019–2021: each has 10 comparables.
    const cars = Array.from({ length: 11 }, (_, i) => {
      const year = 2019 + (i % 3);
      const mileage = 20_000 + i * 9_000;
      return { external_id: `P-${i}`, brand: 'Peugeot', model: '208', year, mileage, price: priceOf(year, mileage) };
    });
    await sync(key, cars);
    // A sandbox car of the same family: never rated, never counted.
    await sync(sandboxKey, [{ external_id: 'P-SBX', brand: 'Peugeot', model: '208', year: 2020, mileage: 50_000, price: 1_000 }]);
    await settle();
    assert.equal((await get('P-SBX', sandboxKey)).status, 'active');
    assert.equal((await get('P-SBX', sandboxKey)).price_rating, null, 'sandbox: none');
    const rated = await get('P-0');
    assert.equal(rated.price_rating?.comparables, 10);
    assert.equal(rated.price_rating.label, 'fair', 'the sandbox car at 1 000 pesos moved nothing');
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/P-10/sold', headers: bearer(key) })).statusCode, 200);
    assert.equal((await get('P-10')).price_rating, null, 'sold: none');
    await settle();
    assert.equal((await get('P-0')).price_rating, null, '9 comparables: none');
    // Withdrawn likewise, and a car back for sale counts again.
    await sync(key, [cars[10]!]);
    await settle();
    assert.equal((await get('P-0')).price_rating?.comparables, 10);
    assert.equal((await get('P-10')).price_rating?.label, 'fair');
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/v1/vehicles/P-10', headers: bearer(key) })).statusCode, 200);
    await settle();
    assert.equal((await get('P-0')).price_rating, null);
    assert.equal((await get('P-10')).price_rating, null);
    // The list shows the same field.
    const list = await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) });
    const hi = (list.json().data as { external_id: string; price_rating: unknown }[]).find((v) => v.external_id === 'HI-KM');
    assert.deepEqual(hi?.price_rating, (await get('HI-KM')).price_rating);
  });

  test('expected days to sell: from comparable sales by price position; null under 5', async () => {
    const gol = family('G', 'Renault', 'Sandero', 40);
    await sync(otherKey, gol);
    await settle();
    // G-13 is a 2020: its sold comparables are the 2018–2022 ones.
    const days = async (price: number) => (await preview('G-13', String(price), otherKey)).json().expected_days_to_sell as number | null;
    const expected = Number((await get('G-13', otherKey)).price_rating!.expected_price);
    assert.equal(await days(expected), null, 'no sales yet');
    // Three cars priced 20 % over their expected price sell after 30 days, three at it after 10.
    const start = clock.now();
    const over = [gol[3]!, gol[4]!, gol[5]!].map((c) => ({ ...c, price: Math.round(c.price * 1.2) }));
    const atPrice = [gol[6]!, gol[11]!, gol[12]!];
    await sync(otherKey, over);
    await settle();
    clock.set(start + 10 * DAY_MS);
    for (const c of atPrice) await t.app.inject({ method: 'POST', url: `/v1/vehicles/${c.external_id}/sold`, headers: bearer(otherKey) });
    await settle();
    assert.equal(await days(expected), null, '3 sales: under 5');
    clock.set(start + 30 * DAY_MS);
    for (const c of over) await t.app.inject({ method: 'POST', url: `/v1/vehicles/${c.external_id}/sold`, headers: bearer(otherKey) });
    await settle();
    assert.equal(await days(expected), 10, 'at its expected price: like the ones sold at theirs');
    assert.equal(await days(Math.round(expected * 1.2)), 30, 'overpriced: like the overpriced ones');
    // A sold car sent again was not sold: its sale leaves the history.
    await sync(otherKey, [atPrice[0]!]);
    await settle();
    assert.equal(await days(expected), 30, '5 sales left (2 at their price, 3 over it): the nearest five are all of them');
  });

  test('the model: labels in integers at the documented bounds; trims; a fit that makes newer cars cheaper is not used', () => {
    assert.deepEqual(
      [90_00, 90_01, 97_00, 97_01, 102_99, 103_00, 109_99, 110_00].map((p) => labelOf(p, 100_00)),
      ['great', 'good', 'good', 'fair', 'fair', 'high', 'high', 'overpriced'],
    );
    assert.equal(trimOf('1.6 XEi CVT'), 'xei');
    assert.equal(trimOf('Highline 1.4 TSI'), 'highline');
    assert.equal(trimOf('2.0 16v AT'), null);
    // Trims: the same car is 15 % dearer as "Precision" than as "Drive"; the fit says so.
    const cars = Array.from({ length: 24 }, (_, i) => {
      const year = 2018 + (i % 5);
      const mileage = 30_000 + i * 4_000;
      const trim = i % 2 === 0 ? 'Drive' : 'Precision';
      return { id: i, year, mileage, version: `1.3 ${trim}`, price_cents: priceOf(year, mileage) * 100 * (trim === 'Precision' ? 1.15 : 1) };
    });
    const { expected, method } = expectedPrices(cars);
    assert.equal(method, 'curve');
    for (let i = 0; i < cars.length; i++) {
      const e = expected[i]!.expected_cents!;
      assert.ok(Math.abs(e - cars[i]!.price_cents) / cars[i]!.price_cents < 0.02, `${i}: ${e} vs ${cars[i]!.price_cents}`);
    }
    // Prices rising with mileage: no fit is used, the nearest comparables' median is.
    const odd = Array.from({ length: 12 }, (_, i) => ({ id: i, year: 2020, mileage: 10_000 + i * 10_000, version: null, price_cents: 1_000_000 + i * 10_000 }));
    const out = expectedPrices(odd);
    assert.equal(out.method, 'nearest');
    assert.equal(out.expected[0]!.comparables, 11);
  });
});
