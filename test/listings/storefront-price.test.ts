// The storefront by price (issue 40 §2, D44, P242, P243): sorted by price both ways with pages
// that keep the order, filtered by the price rating ("this label or better", cars without a
// rating left out only then), the label on each card; unknown values are a clear 400 page, never
// a 5xx. The market is synthetic (price an exact function of year and mileage) and rated by the
// real rating job, so the labels are known. Both stores.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { labelOf, type PriceLabel } from '../../src/modules/pricing/model.js';
import { RATING_DELAY_MS } from '../../src/modules/pricing/service.js';
import { storefrontCars } from '../../src/modules/listings/repository.js';
import { STOREFRONT_PAGE_SIZE } from '../../src/modules/listings/storefront.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);
const cardLinks = (page: string) => [...page.matchAll(/<li class="card"><a href="([^"]+)"/g)].map((m) => m[1]!);
const nextLink = (page: string) => /<a href="([^"]+)" rel="next">/.exec(page)?.[1]?.replace(BASE, '').replaceAll('&amp;', '&');

/** The deviants: priced off their year and mileage by these factors, to get each label once. */
const OFF: Record<string, { factor: number; label: PriceLabel }> = {
  'D-GREAT': { factor: 0.8, label: 'great' },
  'D-GOOD': { factor: 0.94, label: 'good' },
  'D-HIGH': { factor: 1.06, label: 'high' },
  'D-OVER': { factor: 1.3, label: 'overpriced' },
};

describe(`storefront sorted by price and filtered by price rating (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let slug: string;
  let dealerId: number;
  /** Every car for sale: stock ID, listing URL, price in cents, label (undefined: not rated). */
  const cars: { id: string; url: string; cents: number; rowId: number; label: PriceLabel | undefined }[] = [];

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 10, 15));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
    const d = await seedDealer(t, { name: 'Autos del Sur', city: 'Córdoba' });
    slug = d.slug;
    const vehicles: Record<string, unknown>[] = [];
    // 24 cars on the market's curve (fair), the four deviants, and two cars of a model too rare to
    // rate, at the same price (the order between them is by id).
    for (let i = 0; i < 24; i++) {
      const year = 2018 + (i % 5);
      const mileage = 15_000 + i * 7_000;
      vehicles.push({ external_id: `C-${i}`, brand: 'Chevrolet', model: 'Onix', year, mileage, price: priceOf(year, mileage) });
    }
    Object.entries(OFF).forEach(([id, o], i) => {
      const year = 2019 + i;
      const mileage = 40_000 + i * 9_000;
      vehicles.push({ external_id: id, brand: 'Chevrolet', model: 'Onix', year, mileage, price: Math.round(priceOf(year, mileage) * o.factor) });
    });
    vehicles.push({ external_id: 'RARE-1', brand: 'Lada', model: 'Niva', year: 2015, mileage: 90_000, price: 9_000_000 });
    vehicles.push({ external_id: 'RARE-2', brand: 'Lada', model: 'Niva', year: 2016, mileage: 80_000, price: 9_000_000 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(d.key),
      payload: { vehicles: vehicles.map((v) => ({ photos: host.urls(String(v.external_id), 3), ...v })) },
    });
    assert.equal(res.statusCode, 200, res.body);
    await t.app.services.jobs.runDue();
    clock.advance(RATING_DELAY_MS);
    await t.app.services.jobs.runDue();
    for (const v of vehicles) {
      const r = await t.app.inject({ url: `/v1/vehicles/${String(v.external_id)}`, headers: bearer(d.key) });
      const car = r.json().vehicle as { url: string; status: string; price_rating: { label: PriceLabel } | null };
      assert.equal(car.status, 'active', String(v.external_id));
      const row = await t.store.db
        .selectFrom('vehicles')
        .select(['id', 'dealer_id', 'price_cents'])
        .where('external_id', '=', String(v.external_id))
        .executeTakeFirstOrThrow();
      dealerId = Number(row.dealer_id);
      cars.push({ id: String(v.external_id), url: car.url, cents: Number(row.price_cents), rowId: Number(row.id), label: car.price_rating?.label });
    }
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const get = (path: string) => t.app.inject({ url: path });
  /** Every page of a storefront address, following its "more cars" links. */
  const allPages = async (path: string) => {
    const links: string[] = [];
    let next: string | undefined = path;
    let pages = 0;
    while (next) {
      const res = await get(next);
      assert.equal(res.statusCode, 200, `${next}: ${res.body.slice(0, 300)}`);
      links.push(...cardLinks(res.body));
      next = nextLink(res.body);
      pages++;
    }
    return { links, pages };
  };
  const urlsOf = (list: typeof cars) => list.map((c) => c.url);

  test('the market is rated as built: every label once or more, the rare model unrated', () => {
    for (const [id, o] of Object.entries(OFF)) assert.equal(cars.find((c) => c.id === id)?.label, o.label, id);
    // The deviants move the fit a little: most cars on the curve stay fair, and every car here is rated.
    assert.ok(cars.filter((c) => c.id.startsWith('C-') && c.label === 'fair').length >= 12, 'cars on the curve are fair');
    assert.ok(cars.filter((c) => c.id.startsWith('C-')).every((c) => c.label !== undefined));
    assert.deepEqual(
      cars.filter((c) => c.id.startsWith('RARE')).map((c) => c.label),
      [undefined, undefined],
    );
  });

  test('lowest and highest price first, over pages whose links keep the order; ties by id', async () => {
    assert.ok(cars.length > STOREFRONT_PAGE_SIZE, 'more than a page');
    const asc = [...cars].sort((a, b) => a.cents - b.cents || a.rowId - b.rowId);
    const up = await allPages(`/dealers/${slug}?sort=price_asc`);
    assert.equal(up.pages, 2);
    assert.deepEqual(up.links, urlsOf(asc));
    const desc = [...cars].sort((a, b) => b.cents - a.cents || b.rowId - a.rowId);
    const down = await allPages(`/dealers/${slug}?sort=price_desc`);
    assert.deepEqual(down.links, urlsOf(desc));
    // The page's form shows the order chosen; the next page's link carries it; the newest first sends no value.
    const first = await get(`/dealers/${slug}?sort=price_asc`);
    assert.ok(first.body.includes('<option value="price_asc" selected>Menor precio primero</option>'));
    assert.match(first.body, /<option value="">Más nuevos primero<\/option>/);
    assert.match(first.body, /href="[^"]+\?sort=price_asc&amp;before=\d+-\d+" rel="next"/);
    assert.equal(first.headers['x-robots-tag'], 'noindex', 'a sorted page is the same cars again');
    const second = await get(nextLink(first.body)!);
    assert.ok(second.body.includes('Volver a la primera página'));
    assert.ok(!second.body.includes('Volver a los más nuevos'));
    // The default order is as it was: newest first.
    const newest = await allPages(`/dealers/${slug}`);
    assert.equal(newest.links.length, cars.length);
    assert.notDeepEqual(newest.links, urlsOf(asc));
    const sortNewest = await get(`/dealers/${slug}?sort=newest`);
    assert.equal(sortNewest.statusCode, 200);
    assert.deepEqual(cardLinks(sortNewest.body), newest.links.slice(0, STOREFRONT_PAGE_SIZE));
  });

  test('filtered by price rating: that label or better, unrated cars out only then; with the sort and other filters', async () => {
    const rank: PriceLabel[] = ['great', 'good', 'fair', 'high', 'overpriced'];
    for (const r of ['great', 'good', 'fair'] as const) {
      const want = cars.filter((c) => c.label !== undefined && rank.indexOf(c.label) <= rank.indexOf(r));
      const got = await allPages(`/dealers/${slug}?rating=${r}&sort=price_asc`);
      assert.deepEqual(got.links, urlsOf(want.sort((a, b) => a.cents - b.cents || a.rowId - b.rowId)), r);
    }
    const good = await get(`/dealers/${slug}?rating=good`);
    assert.deepEqual(new Set(cardLinks(good.body)), new Set(urlsOf(cars.filter((c) => c.label === 'great' || c.label === 'good'))));
    assert.ok(cardLinks(good.body).includes(cars.find((c) => c.id === 'D-GOOD')!.url));
    assert.ok(!cardLinks(good.body).includes(cars.find((c) => c.id === 'D-HIGH')!.url));
    assert.ok(good.body.includes('<option value="good" selected>Buen precio o mejor</option>'));
    assert.ok(good.body.includes('Quitar los filtros'));
    assert.ok(good.body.includes('<span class="vh">1 filtro activo</span>'), 'the folded filters say one is on');
    // Without the filter the unrated cars are there.
    const all = await allPages(`/dealers/${slug}`);
    for (const c of cars.filter((x) => x.id.startsWith('RARE'))) assert.ok(all.links.includes(c.url), c.id);
    // With the make filter too: nothing rated among the Ladas.
    const none = await get(`/dealers/${slug}?brand=Lada&rating=fair`);
    assert.equal(none.statusCode, 200);
    assert.deepEqual(cardLinks(none.body), []);
    assert.ok(none.body.includes('Ningún auto en venta coincide con estos filtros.'));
    // The label on each card, in the market's words.
    assert.match(good.body, /<span class="card-rating rating rating-great">Muy buen precio<\/span>/);
    assert.match(good.body, /<span class="card-rating rating rating-good">Buen precio<\/span>/);
    const rare = await get(`/dealers/${slug}?brand=Lada`);
    assert.ok(!rare.body.includes('class="card-rating'), 'no label without a rating');
  });

  test("the filter's SQL keeps exactly the cars labelOf gives that label or better, on the bounds too", async () => {
    // Three cars put exactly on a bound (price 90 %, 97 % and 103 % of the expected one), then put back.
    const onCurve = cars.filter((c) => c.id.startsWith('C-')).slice(0, 3);
    const saved = await t.store.db
      .selectFrom('vehicles')
      .select(['id', 'price_cents', 'price_expected_cents'])
      .where(
        'id',
        'in',
        onCurve.map((c) => c.rowId),
      )
      .execute();
    const bounds = [90, 97, 103];
    for (const [i, c] of onCurve.entries()) {
      await t.store.db
        .updateTable('vehicles')
        .set({ price_cents: bounds[i]! * 100_000, price_expected_cents: 100 * 100_000 })
        .where('id', '=', c.rowId)
        .execute();
    }
    try {
      const rows = await t.store.db.selectFrom('vehicles').select(['id', 'price_cents', 'price_expected_cents']).where('dealer_id', '=', dealerId).execute();
      const rank: PriceLabel[] = ['great', 'good', 'fair', 'high', 'overpriced'];
      for (const r of rank) {
        const want = rows
          .filter((x) => x.price_expected_cents !== null && rank.indexOf(labelOf(Number(x.price_cents), Number(x.price_expected_cents))) <= rank.indexOf(r))
          .map((x) => Number(x.id))
          .sort((a, b) => a - b);
        const got = (await storefrontCars(t.store.db, dealerId, { rating: r }, 100)).map((x) => Number(x.id)).sort((a, b) => a - b);
        assert.deepEqual(got, want, r);
      }
      const ids = async (r: PriceLabel) => (await storefrontCars(t.store.db, dealerId, { rating: r }, 100)).map((x) => Number(x.id));
      assert.ok((await ids('great')).includes(onCurve[0]!.rowId), '90 % is great');
      assert.ok((await ids('good')).includes(onCurve[1]!.rowId), '97 % is good');
      assert.ok(!(await ids('fair')).includes(onCurve[2]!.rowId), '103 % is high, not fair');
    } finally {
      for (const row of saved) {
        await t.store.db
          .updateTable('vehicles')
          .set({ price_cents: row.price_cents, price_expected_cents: row.price_expected_cents })
          .where('id', '=', row.id)
          .execute();
      }
    }
  });

  test('unknown order or label, a bad cursor: a clear 400 page, the rest applied, never a 5xx', async () => {
    const res = await get(`/dealers/${slug}?sort=cheapest&rating=bargain&brand=Lada`);
    assert.equal(res.statusCode, 400);
    assert.ok(res.body.includes('Ese orden no es una de las opciones: se muestran primero los más nuevos.'));
    assert.ok(res.body.includes('Ese nivel de precio no es una de las opciones.'));
    assert.equal(cardLinks(res.body).length, 2, 'the make filter still applies');
    assert.match(res.body, /<details class="fold" open>/, 'the filters stand open to show what was wrong');
    const page = await get(`/dealers/${slug}?sort=price_desc&before=zz`);
    assert.equal(page.statusCode, 400);
    assert.ok(page.body.includes('La dirección de esa página no es válida: esta es la primera página.'));
    const desc = [...cars].sort((a, b) => b.cents - a.cents || b.rowId - a.rowId);
    assert.deepEqual(cardLinks(page.body), urlsOf(desc).slice(0, STOREFRONT_PAGE_SIZE), 'the first page in the order asked');
    for (const q of [
      '?sort[]=price_asc',
      '?rating=%00',
      '?rating=high',
      '?rating=overpriced',
      `?sort=${'x'.repeat(5000)}`,
      '?sort=price_asc&before=99999999999999-1',
      '?sort=PRICE_ASC',
    ]) {
      const r = await get(`/dealers/${slug}${q}`);
      assert.ok(r.statusCode < 500, `${q}: ${r.statusCode}`);
    }
    // A cursor past every price: an empty page, not an error.
    const past = await get(`/dealers/${slug}?sort=price_asc&before=99999999999999-1`);
    assert.equal(past.statusCode, 200);
    assert.deepEqual(cardLinks(past.body), []);
  });

  test('in Portuguese for Brazil: the order, the filter and the labels in its words', async () => {
    const br = await seedDealer(t, { name: 'Carros do Sul', city: 'Porto Alegre', markets: ['br'] });
    const res = await get(`/dealers/${br.slug}?sort=price_desc&rating=great`);
    assert.equal(res.statusCode, 200);
    for (const w of [
      'Filtrar e ordenar',
      'Ordenar por',
      'Maior preço primeiro',
      'Preço frente ao mercado',
      'Ótimo preço',
      'Bom preço ou melhor',
      'Preço justo ou melhor',
    ]) {
      assert.ok(res.body.includes(w), w);
    }
    for (const w of ['Lowest', 'Highest', 'price_asc<', 'great<', 'Good price']) assert.ok(!res.body.includes(w), w);
  });
});
