// Feeds as their platforms define them (issue 15), pushed unchanged through POST /v1/feeds/{token}/:
// Google vehicle ads (RSS 2.0 with the g: namespace, and its TSV), Meta and TikTok automotive
// catalogs (CSV, TSV, XML; state_of_vehicle decides new/used, a quality grade in `condition`
// never refuses a row; JSON-encoded image cells), a DMS export. Units for the feed's market:
// miles read in a km market (and km in a mi market) are converted and rounded; a price in a
// currency the market does not take refuses that row, and then no car is marked sold.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { createFeed } from '../../src/modules/feeds/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { feedFor, vehiclesOf } from './support.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/feeds/platforms/${name}`, import.meta.url), 'utf8');
const photos = (id: string, n = 3) => Array.from({ length: n }, (_, i) => `https://img.example.com/${id}/${i + 1}.jpg`);
/** 30 000 miles in km, rounded: 30 000 × 1.609344 = 48 280.32. */
const MILES_30000_IN_KM = 48_280;

interface Expected {
  external_id: string;
  price_cents: number;
  currency: string;
  mileage: number;
  condition: string;
  photos: string[];
}

/** The three cars every platform fixture describes, under the fixture's stock ID prefix. */
const threeCars = (p: string): Expected[] => [
  { external_id: `${p}0`, price_cents: 1_850_000_000, currency: 'ARS', mileage: 45_000, condition: 'used', photos: photos(`${p}0`) },
  {
    external_id: `${p}1`,
    price_cents: 3_200_000,
    currency: 'USD',
    mileage: MILES_30000_IN_KM,
    condition: 'used',
    photos: photos(`${p}1`, p === 'G-10' ? 4 : 3),
  },
  { external_id: `${p}2`, price_cents: 4_500_000_000, currency: 'ARS', mileage: 0, condition: 'new', photos: photos(`${p}2`) },
];

describe(`feeds in the platforms' own formats (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  const push = (path: string, body: string | Buffer, contentType: string) =>
    t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload: body });

  async function carsOf(slug: string) {
    return (await vehiclesOf(t, slug)).map((v) => ({
      external_id: v.external_id,
      price_cents: v.price_cents,
      currency: v.currency,
      mileage: v.mileage,
      condition: v.condition,
      photos: JSON.parse(v.photo_urls) as string[],
    }));
  }

  /** Pushes one fixture to a new dealership's feed (market ar); answers the cars created. */
  async function pushFixture(name: string, contentType: string) {
    const dealer = await seedDealer(t);
    const feed = await feedFor(t, dealer.slug);
    const res = await push(feed.path, fixture(name), contentType);
    assert.equal(res.statusCode, 200, res.body);
    return { res: res.json<{ created: number; errors: unknown[]; format: string }>(), cars: await carsOf(dealer.slug), dealer, feed };
  }

  test('Google vehicle ads XML (RSS 2.0, g: namespace): id, brand, model, year, "12000 km"/"miles", "18500.00 ARS", image links, condition', async () => {
    const { res, cars, dealer } = await pushFixture('google-vehicle-ads.xml', 'application/xml');
    assert.deepEqual([res.format, res.created, res.errors], ['xml', 3, []]);
    assert.deepEqual(cars, threeCars('G-10'));
    const rows = await vehiclesOf(t, dealer.slug);
    assert.deepEqual(
      rows.map((r) => [r.version, r.color]),
      [
        ['XEI 2.0 CVT', 'Blanco perla'],
        ['V6 Highline', 'Gris'],
        ['Wildtrak', 'Azul'],
      ],
    );
    // As the API shows them.
    const list = (await t.app.inject({ url: '/v1/vehicles', headers: bearer(dealer.key) })).json<{ data: Record<string, unknown>[] }>();
    const g100 = list.data.find((v) => v.external_id === 'G-100')!;
    assert.deepEqual([g100.price, g100.currency, g100.mileage, g100.mileage_unit, g100.condition], ['18500000.00', 'ARS', 45_000, 'km', 'used']);
  });

  test('Google vehicle ads TSV: the same cars (additional_image_link as a comma-separated list)', async () => {
    const { res, cars } = await pushFixture('google-vehicle-ads.tsv', 'text/tab-separated-values');
    assert.deepEqual([res.format, res.created, res.errors], ['csv', 3, []]);
    assert.deepEqual(cars, threeCars('G-10'));
  });

  const meta = threeCars('M-20');
  const gol: Expected = { external_id: 'M-203', price_cents: 550_000_000, currency: 'ARS', mileage: 98_000, condition: 'used', photos: photos('M-203') };

  test('Meta automotive CSV: state_of_vehicle decides (USED, CPO, NEW); a grade in condition (EXCELLENT, GOOD, FAIR) never refuses; mileage.unit MI converted; sale_price ignored', async () => {
    const { res, cars } = await pushFixture('meta-automotive.csv', 'text/csv');
    assert.deepEqual([res.created, res.errors], [4, []]);
    assert.deepEqual(cars, [...meta, gol]);
  });

  test('Meta automotive TSV with JSON-encoded image cells ([{"url":…,"tag":[…]}]) and auto_listing_id', async () => {
    const { res, cars } = await pushFixture('meta-automotive.tsv', 'text/tab-separated-values');
    assert.deepEqual([res.created, res.errors], [3, []]);
    assert.deepEqual(cars, meta);
  });

  test('Meta automotive CSV with JSON-encoded image cells (quoted, "" escapes): the URLs are read', async () => {
    const dealer = await seedDealer(t);
    const feed = await feedFor(t, dealer.slug);
    const image = (id: string) => `"${JSON.stringify(photos(id).map((url) => ({ url, tag: ['Exterior'] }))).replaceAll('"', '""')}"`;
    const file =
      'vehicle_id,make,model,year,mileage.value,mileage.unit,image,condition,state_of_vehicle,price\n' +
      `MJ-1,Toyota,Corolla,2019,45000,KM,${image('MJ-1')},EXCELLENT,USED,"18,500,000.00 ARS"\n` +
      `MJ-2,Volkswagen,Gol,2015,98000,KM,${image('MJ-2')},GOOD,USED,"5,500,000.00 ARS"\n`;
    const res = await push(feed.path, file, 'text/csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().created, res.json().errors], [2, []]);
    assert.deepEqual(
      (await carsOf(dealer.slug)).map((c) => [c.external_id, c.photos]),
      [
        ['MJ-1', photos('MJ-1')],
        ['MJ-2', photos('MJ-2')],
      ],
    );
  });

  test('Meta automotive XML: <listings><listing>, <mileage><value>/<unit>, repeated <image><url>/<tag>', async () => {
    const { res, cars } = await pushFixture('meta-automotive.xml', 'application/xml');
    assert.deepEqual([res.format, res.created, res.errors], ['xml', 3, []]);
    assert.deepEqual(cars, meta);
  });

  for (const [name, type] of [
    ['tiktok-automotive.csv', 'text/csv'],
    ['tiktok-automotive.tsv', 'text/tab-separated-values'],
    ['tiktok-automotive.xml', 'application/xml'],
  ] as const) {
    test(`TikTok automotive inventory catalog: ${name}`, async () => {
      const { res, cars } = await pushFixture(name, type);
      assert.deepEqual([res.created, res.errors], [3, []]);
      assert.deepEqual(cars, threeCars('T-30'));
    });
  }

  test('DMS export: Stock #, New/Used, Ext Color, "45,000", "$18,500,000", "US$ 32.000", one cell of photo URLs; a new car without mileage is 0', async () => {
    const { res, cars } = await pushFixture('dms-export.csv', 'text/csv');
    assert.deepEqual([res.created, res.errors], [3, []]);
    assert.deepEqual(cars, threeCars('D-40'));
  });

  test('a mi market: km converted to miles; a price in a currency the market does not take refuses that row (clear message) and no car is marked sold', async () => {
    const dealer = await seedDealer(t, { markets: ['us'] });
    const made = await createFeed(t.store, t.clock, 'http://localhost:3000', { dealer: dealer.slug, market: 'us' });
    const path = `/v1/feeds/${made.token}/`;
    const xml = fixture('google-vehicle-ads.xml');
    const first = await push(path, xml.replace('18500000.00 ARS', '18500.00 USD').replace('45000000.00 ARS', '45000.00 USD'), 'application/xml');
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().errors, []);
    const cars = await carsOf(dealer.slug);
    // 45 000 km = 27 961.7 mi; 30 000 miles stay; 0 km is 0.
    assert.deepEqual(
      cars.map((c) => [c.external_id, c.mileage, c.price_cents, c.currency]),
      [
        ['G-100', 27_962, 1_850_000, 'USD'],
        ['G-101', 30_000, 3_200_000, 'USD'],
        ['G-102', 0, 4_500_000, 'USD'],
      ],
    );

    // The same feed without G-102, and G-100 priced in pesos: G-100 is refused, G-102 is not sold.
    const noNew = xml.replace(/<item>\s*<g:id>G-102<\/g:id>[\s\S]*?<\/item>/, '').replace('45000000.00 ARS', '45000.00 USD');
    const second = await push(path, noNew, 'application/xml');
    assert.equal(second.statusCode, 200, second.body);
    const answer = second.json<{ errors: { index: number; external_id: string; message: string }[]; sold: number; sold_skipped?: string }>();
    assert.deepEqual(answer.errors, [{ index: 1, external_id: 'G-100', message: 'currency "ARS" is not accepted in United States; use one of USD' }]);
    assert.equal(answer.sold, 0);
    assert.match(answer.sold_skipped ?? '', /no car was marked sold/);
    assert.deepEqual(
      (await vehiclesOf(t, dealer.slug)).map((v) => [v.external_id, v.status === 'sold']),
      [
        ['G-100', false],
        ['G-101', false],
        ['G-102', false],
      ],
    );
  });

  test('a mileage unit the service does not read (mileage.unit = LEAGUES): a clear error for that row', async () => {
    const dealer = await seedDealer(t);
    const feed = await feedFor(t, dealer.slug);
    const res = await push(feed.path, fixture('meta-automotive.csv').replace(',30000,MI,', ',30000,LEAGUES,'), 'text/csv');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().errors, [{ index: 3, external_id: 'M-201', message: 'mileage unit "LEAGUES" is not one the service reads; use KM or MI' }]);
    assert.equal(res.json().created, 3);
  });

  test('a namespaced XML with an entity declaration is refused (422 unreadable_feed), nothing changed and nothing sold', async () => {
    const { dealer, feed } = await pushFixture('google-vehicle-ads.xml', 'application/xml');
    const hostile = fixture('google-vehicle-ads.xml')
      .replace('<rss ', '<!DOCTYPE rss [<!ENTITY brand "Toyota">]>\n<rss ')
      .replace(/<item>\s*<g:id>G-10[12]<\/g:id>[\s\S]*?<\/item>/g, '')
      .replace('<g:brand>Toyota</g:brand>', '<g:brand>&brand;</g:brand>');
    const res = await push(feed.path, hostile, 'application/xml');
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().error.code, 'unreadable_feed');
    assert.match(res.json().error.message, /DOCTYPE or ENTITY declaration/);
    assert.deepEqual(
      (await vehiclesOf(t, dealer.slug)).map((v) => v.status === 'sold'),
      [false, false, false],
    );
  });

  test('a Meta CSV whose image cell is broken JSON: a clear error for that row, never a 5xx', async () => {
    const dealer = await seedDealer(t);
    const feed = await feedFor(t, dealer.slug);
    const file = fixture('meta-automotive.tsv').replace(/"\[\{""url"":""https:\/\/img\.example\.com\/M-202\/1\.jpg""/, '"[{""url"":');
    const res = await push(feed.path, file, 'text/tab-separated-values');
    assert.equal(res.statusCode, 200, res.body);
    const errors = res.json<{ errors: { index: number; external_id: string; message: string }[] }>().errors;
    assert.deepEqual(
      errors.map((e) => [e.index, e.external_id]),
      [[4, 'M-202']],
    );
    assert.match(errors[0]!.message, /photo/);
  });
});
