// Markets (spec 2.9) and the brand/model catalog (spec 2.10).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildCatalog } from '../../src/modules/catalog/catalog.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';

describe(`reference data (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await makeApp();
    ({ key } = await seedDealer(t));
  });
  after(() => t.close());
  const get = (url: string) => t.app.inject({ url, headers: bearer(key) });

  test('every required market answers with its vocabulary', async () => {
    for (const code of ['ar', 'br', 'cl', 'co', 'mx', 'pe', 'uy', 'es', 'us', 'uk']) {
      const res = await get(`/v1/markets/${code}`);
      assert.equal(res.statusCode, 200, code);
      const m = res.json();
      assert.equal(m.code, code);
      assert.ok(m.name.length > 0);
      assert.ok(m.currencies.includes(m.default_currency));
      assert.equal(m.mileage_unit, code === 'us' || code === 'uk' ? 'mi' : 'km');
      assert.deepEqual(m.transmissions, ['manual', 'automatic']);
      assert.deepEqual(m.conditions, ['used', 'new']);
      assert.deepEqual(m.photos, { min: 3, max: 10 });
      assert.ok(m.fuels.includes('gasoline') && m.fuels.includes('diesel'));
      assert.deepEqual(Object.keys(m).sort(), [
        'code',
        'conditions',
        'currencies',
        'default_currency',
        'fuels',
        'mileage_unit',
        'name',
        'photos',
        'transmissions',
      ]);
    }
  });

  test('market specifics: ARS and USD in Argentina, flex in Brazil, miles in the UK', async () => {
    const ar = (await get('/v1/markets/ar')).json();
    assert.deepEqual(ar.currencies, ['ARS', 'USD']);
    assert.equal(ar.default_currency, 'ARS');
    assert.ok((await get('/v1/markets/br')).json().fuels.includes('flex'));
    assert.ok(!(await get('/v1/markets/ar')).json().fuels.includes('flex'));
    assert.equal((await get('/v1/markets/uk')).json().default_currency, 'GBP');
  });

  test('unknown market: 404 not_found; the code is case-insensitive', async () => {
    const res = await get('/v1/markets/zz');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'not_found');
    assert.equal((await get('/v1/markets/AR')).json().code, 'ar');
  });

  test('the catalog has at least 45 brands and 500 models with real years from 1950', async () => {
    const brands = (await get('/v1/catalog/brands')).json();
    assert.ok(brands.data.length >= 45, `${brands.data.length} brands`);
    let models = 0;
    for (const b of brands.data) {
      assert.match(b.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      const res = await get(`/v1/catalog/brands/${b.slug}/models`);
      assert.equal(res.statusCode, 200, b.slug);
      const list = res.json();
      assert.equal(list.brand, b.name);
      for (const m of list.data) {
        assert.match(m.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
        assert.ok(m.years.length > 0);
        assert.ok(m.years[0] >= 1950, `${b.slug}/${m.slug}`);
        assert.ok(
          m.years.every((y: number, i: number) => i === 0 || y > m.years[i - 1]),
          'years ascending',
        );
      }
      models += (list.data as unknown[]).length;
    }
    assert.ok(models >= 500, `${models} models`);
  });

  test('models carry their real production years', async () => {
    const vw = (await get('/v1/catalog/brands/volkswagen/models')).json();
    const gol = vw.data.find((m: { slug: string }) => m.slug === 'gol');
    assert.ok(gol);
    assert.ok(gol.years.includes(1990) && gol.years.includes(2015) && !gol.years.includes(1975));
    const toyota = (await get('/v1/catalog/brands/toyota/models')).json();
    const hilux = toyota.data.find((m: { slug: string }) => m.slug === 'hilux');
    const thisYear = new Date().getUTCFullYear();
    assert.ok(hilux.years.includes(1970) && hilux.years.includes(thisYear), 'a model still produced reaches this year');
  });

  test('brands and models match by name or slug, any case or accents', () => {
    const catalog = buildCatalog(2027);
    const citroen = catalog.findBrand('Citroën');
    assert.ok(citroen);
    assert.equal(catalog.findBrand('CITROEN'), citroen);
    assert.equal(catalog.findBrand('citroen'), citroen);
    const mb = catalog.findBrand('mercedes-benz');
    assert.equal(mb?.name, 'Mercedes-Benz');
    const vw = catalog.findBrand('volkswagen')!;
    assert.equal(catalog.findModel(vw, 'GOL')?.slug, 'gol');
    assert.equal(catalog.findModel(vw, 'hilux'), undefined, 'a model must belong to its brand');
  });

  test('unknown brand: 404 not_found', async () => {
    const res = await get('/v1/catalog/brands/no-such-brand/models');
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, 'not_found');
  });
});
