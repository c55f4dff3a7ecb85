// The statistics page's cars by distance from their expected price and each car's comparables
// (D44, issue 40 §3, P253, P254), on both stores: a synthetic market priced by an exact function
// of year and mileage (as test/pricing/rating.test.ts), four of the dealership's cars moved off it
// by known factors. The list is in order of |price − expected| ÷ expected, holds only the
// dealership's own rated cars for sale (not another dealership's, not its sandbox's), counts the
// unrated ones in one line; a car's comparables are exactly its family's other live cars for sale
// with year ±2 (another market, a sold car and sandbox cars left out), closest first.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { createKey } from '../../src/modules/keys/service.js';
import { RATING_DELAY_MS } from '../../src/modules/pricing/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { freshAddress, PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';

const DAY_MS = 86_400_000;
// Noon in Buenos Aires on 2026-11-10.
const T0 = Date.UTC(2026, 10, 10, 15);
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);
/** The dealership's four cars off the market's price, by these factors (the rest exactly on it). */
const OFF: Record<string, number> = { 'CR-0': 1.3, 'CR-1': 0.78, 'CR-2': 1.12, 'CR-3': 0.93 };

/** A family of 30 Onix, years 2016–2024, mileages 10 000–190 000 km. */
const family = Array.from({ length: 30 }, (_, i) => {
  const year = 2016 + (i % 9);
  const mileage = 10_000 + ((i * 37) % 19) * 10_000;
  const id = `CR-${i}`;
  return { external_id: id, brand: 'Chevrolet', model: 'Onix', year, mileage, price: Math.round(priceOf(year, mileage) * (OFF[id] ?? 1)) };
});

/** The rows of the section: each row's stock ID (the muted span after the car's link) and its comparables link. */
function listed(body: string): { ext: string; id: number }[] {
  const section = /<section class="card" aria-labelledby="price-gap-title" id="price-gap">([\s\S]*?)<\/section>/.exec(body);
  assert.ok(section, 'the section on the page');
  const rowsHtml = section[1]!.slice(section[1]!.indexOf('<tbody>'));
  return [...rowsHtml.matchAll(/<tr>[\s\S]*?<span class="muted nowrap">([^<]+)<\/span>[\s\S]*?data-comparables="(\d+)"[\s\S]*?<\/tr>/g)].map((m) => ({
    ext: m[1]!,
    id: Number(m[2]),
  }));
}

describe(`cars by distance from their expected price on the statistics page (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: SeededUser;
  let client: PanelClient;
  let otherKey: string;

  const sync = async (k: string, cars: Record<string, unknown>[], market?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(k),
      payload: { vehicles: cars.map((c) => ({ photos: host.urls(String(c.external_id), 3), ...c })), ...(market ? { market } : {}) },
    });
    assert.equal(res.statusCode, 200, res.body);
  };
  const settle = async () => {
    await t.app.services.jobs.runDue();
    clock.advance(RATING_DELAY_MS);
    await t.app.services.jobs.runDue();
  };
  const rows = (dealerId: number) =>
    t.store.db
      .selectFrom('vehicles')
      .select(['id', 'external_id', 'listing_id', 'status', 'year', 'mileage', 'price_cents', 'price_expected_cents', 'price_comparables', 'dealer_id'])
      .where('dealer_id', '=', dealerId)
      .execute();

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com' } });
    owner = await seedPanelUser(t, { markets: ['ar', 'br'] });
    const other = await seedDealer(t, { markets: ['ar'] });
    otherKey = other.key;
    const sandboxKey = (await createKey(t.store.db, t.clock, { dealer: owner.slug, name: 'sbx', sandbox: true })).key;
    // The dealership has the first 15 and a lone Fiat (no family: unrated); the other one the last 15.
    await sync(
      owner.key,
      [...family.slice(0, 15), { external_id: 'LONE', brand: 'Fiat', model: 'Cronos', year: 2021, mileage: 30_000, price: 15_000_000 }],
      'ar',
    );
    await sync(
      otherKey,
      family.slice(15).map((c) => ({ ...c, external_id: `O-${c.external_id}` })),
    );
    // Its sandbox's Onix, far off any price: never listed, never a comparable.
    await sync(
      sandboxKey,
      [2016, 2017, 2018].map((year, i) => ({ external_id: `SBX-${i}`, brand: 'Chevrolet', model: 'Onix', year, mileage: 50_000, price: 1_000 })),
      'ar',
    );
    // The same model in another market: another family.
    await sync(owner.key, [{ external_id: 'BR-1', brand: 'Chevrolet', model: 'Onix', year: 2017, mileage: 50_000, price: 60_000 }], 'br');
    await settle();
    const sandboxCars = await t.store.db.selectFrom('vehicles').select('status').where('external_id', 'like', 'SBX-%').execute();
    assert.deepEqual(
      sandboxCars.map((r) => r.status),
      ['active', 'active', 'active'],
      'the sandbox cars are for sale: leaving them out is a choice',
    );
    // One of the other dealership's 2017 cars sold a day later: no longer a comparable.
    clock.advance(DAY_MS);
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/O-CR-19/sold', headers: bearer(otherKey) })).statusCode, 200);
    await settle();
    client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(owner.email, owner.password)).status, 303);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the list: own rated cars for sale, farthest from the expected price first (above or below), the unrated counted', async () => {
    const mine = (await rows(owner.dealerId)).filter((r) => r.status === 'active');
    const rated = mine.filter((r) => r.price_expected_cents !== null);
    const unrated = mine.filter((r) => r.price_expected_cents === null);
    assert.ok(rated.length >= 12, `${rated.length} rated`);
    // The 2024 car (9 comparables), the lone Fiat and the Brazilian Onix have none.
    assert.deepEqual(unrated.map((r) => r.external_id).sort(), ['BR-1', 'CR-8', 'LONE']);
    const share = (r: (typeof rated)[number]) => Math.abs(Number(r.price_cents) - Number(r.price_expected_cents)) / Number(r.price_expected_cents);
    const want = [...rated].sort((a, b) => share(b) - share(a) || Number(a.id) - Number(b.id)).map((r) => r.external_id);
    // The four moved off the market come first, the one 30 % over, then 22 % under, 12 % over, 7 % under.
    assert.deepEqual(want.slice(0, 4), ['CR-0', 'CR-1', 'CR-2', 'CR-3']);

    const page = await client.get('/panel/stats');
    assert.equal(page.status, 200, page.body.slice(0, 300));
    const got = listed(page.body);
    assert.deepEqual(
      got.map((r) => r.ext),
      want,
    );
    assert.deepEqual(
      got.map((r) => r.id),
      rated.sort((a, b) => share(b) - share(a) || Number(a.id) - Number(b.id)).map((r) => Number(r.id)),
    );
    // Never another dealership's or the sandbox's cars.
    assert.ok(!got.some((r) => r.ext.startsWith('O-') || r.ext.startsWith('SBX')));
    assert.match(page.body, /data-unrated="3">3 autos en venta no tienen valoración de precio/);
    // The first row: its price, the expected one, the gap in money and percent, the label.
    const first = rated.find((r) => r.external_id === 'CR-0')!;
    const pct = new Intl.NumberFormat('es-AR', { style: 'percent', maximumFractionDigits: 0 }).format(share(first));
    const section = /id="price-gap">([\s\S]*?)<\/section>/.exec(page.body)![1]!;
    const row = /<tr>([\s\S]*?)<\/tr>/.exec(section.slice(section.indexOf('<tbody>')))![1]!;
    assert.ok(
      row.includes(new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 }).format(Number(first.price_cents) / 100)),
      row,
    );
    assert.ok(row.includes(`>${pct} arriba ($`), row);
    assert.match(row, /data-label="overpriced">Muy por encima del mercado/);
    assert.match(row, /<td data-label="Días en venta">1<\/td>/);
    // The second is under its expected price.
    assert.match(section, /data-gap="below">2\d\s?%\sdebajo/);
    // Few enough cars: no "showing the first 50" line.
    assert.ok(!page.body.includes('data-gap-partly'));
  });

  test("a car's comparables: its family's other live cars for sale with year ±2, closest first, each linked to its public page", async () => {
    const mine = await rows(owner.dealerId);
    const car = mine.find((r) => r.external_id === 'CR-1')!; // a 2017
    const page = await client.get(`/panel/stats/prices/${car.id}`);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    // Every live Onix of Argentina for sale 2015–2019 but itself: both dealerships', not the sold one, the sandbox's or Brazil's.
    const all = [
      ...mine,
      ...(await t.store.db.selectFrom('vehicles').select(['external_id', 'listing_id', 'year', 'mileage', 'status', 'dealer_id']).execute()),
    ];
    const byExt = new Map(all.map((r) => [r.external_id, r]));
    const want = family
      .map((c) => (Number(c.external_id.slice(3)) < 15 ? c.external_id : `O-${c.external_id}`))
      .filter((ext) => ext !== 'CR-1' && ext !== 'O-CR-19')
      .map((ext) => byExt.get(ext)!)
      .filter((r) => Math.abs(Number(r.year) - 2017) <= 2);
    assert.equal(want.length, Number(car.price_comparables), 'the comparables the rating counted (rated again after the sale)');
    const links = [...page.body.matchAll(/<a href="https:\/\/cars\.example\.com\/listings\/([^"]+)" data-listing="[^"]+">/g)].map((m) => m[1]!);
    assert.deepEqual([...links].sort(), want.map((r) => r.listing_id).sort());
    assert.match(page.body, new RegExp(`data-total="${want.length}">${want.length} otros autos Chevrolet Onix de 2015 a 2019 en venta ahora`));
    // Closest first: by year, then by mileage.
    const dist = links.map((l) => {
      const r = want.find((w) => w.listing_id === l)!;
      return [Math.abs(Number(r.year) - 2017), Math.abs(Number(r.mileage) - Number(car.mileage))] as const;
    });
    for (let i = 1; i < dist.length; i++)
      assert.ok(dist[i - 1]![0] < dist[i]![0] || (dist[i - 1]![0] === dist[i]![0] && dist[i - 1]![1] <= dist[i]![1]), `order at ${i}`);
    // The dealership's own comparables are marked; the car's label and gap are on top.
    assert.match(page.body, /<span class="badge">suyo<\/span>/);
    assert.match(page.body, /data-label="great">Muy buen precio/);
    assert.ok(!page.body.includes('SBX') && !page.body.includes('BR-1'));
  });

  test("another dealership's car is a 404; an unrated car's page says why", async () => {
    const theirs = (await t.store.db.selectFrom('vehicles').select('id').where('external_id', '=', 'O-CR-20').executeTakeFirstOrThrow()).id;
    assert.equal((await client.get(`/panel/stats/prices/${theirs}`)).status, 404);
    assert.equal((await client.get('/panel/stats/prices/abc')).status, 404);
    const lone = (await rows(owner.dealerId)).find((r) => r.external_id === 'LONE')!;
    const page = await client.get(`/panel/stats/prices/${lone.id}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /data-no-rating>Este auto no tiene valoración de precio ahora/);
  });
});
