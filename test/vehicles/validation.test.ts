// Validation of PUT /v1/vehicles/{external_id} (spec 2.1, 2.2, §4, §7, §8; D7, D8, D9, D22, D25)
// and the query parameters of GET /v1/vehicles, on the store TEST_DATABASE_URL names.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { photoUrls } from '../support/photos.js';

const PHOTOS = photoUrls();
const VALID = aCar({ price: 12500.5 });
const REQUIRED = ['brand', 'model', 'year', 'price', 'mileage', 'photos'] as const;
const OPTIONAL_STRINGS = ['version', 'currency', 'fuel', 'transmission', 'color', 'condition', 'city', 'description'] as const;

const photoList = (n: number, tag = 'p') => photoUrls(tag, n);
const without = (body: Record<string, unknown>, field: string) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== field));

describe(`vehicle validation (${STORE_NAME})`, () => {
  let t: TestApp;
  /** Dealerships: one market ar, ar+uy, br, us, uy. */
  let ar: string;
  let aruy: string;
  let br: string;
  let us: string;
  let uy: string;
  let seq = 0;
  const newId = (prefix = 'v') => `${prefix}-${++seq}`;

  before(async () => {
    // Many calls per key: the rate limit is not what this file tests.
    t = await makeApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
    ar = (await seedDealer(t, { markets: ['ar'] })).key;
    aruy = (await seedDealer(t, { markets: ['ar', 'uy'] })).key;
    br = (await seedDealer(t, { markets: ['br'], city: 'São Paulo' })).key;
    us = (await seedDealer(t, { markets: ['us'], city: 'Austin' })).key;
    uy = (await seedDealer(t, { markets: ['uy'], city: 'Montevideo' })).key;
  });
  after(() => t.close());

  const put = (key: string, id: string, payload: unknown, query = '') =>
    t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}${query}`, headers: bearer(key), payload: payload as object });
  const get = (key: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(key) });

  async function assertNoCar(key: string, id: string, query = '') {
    const res = await get(key, `/v1/vehicles/${id}${query}`);
    assert.equal(res.statusCode, 404, `no car "${id}" was created: ${res.body}`);
    assert.equal(res.json().error.code, 'not_found');
  }

  /** 422 invalid_vehicle, a sentence in fields for each pattern, and no car created. */
  async function expectInvalid(body: unknown, patterns: RegExp | RegExp[], opts: { key?: string; query?: string; id?: string } = {}) {
    const key = opts.key ?? ar;
    const id = opts.id ?? newId('bad');
    const res = await put(key, id, body, opts.query ?? '');
    assert.equal(res.statusCode, 422, `expected 422 for ${JSON.stringify(body)}: ${res.body}`);
    const { error } = res.json();
    assert.equal(error.code, 'invalid_vehicle');
    assert.equal(typeof error.message, 'string');
    assert.ok(Array.isArray(error.fields) && error.fields.length > 0, 'fields lists the broken rules');
    for (const f of error.fields) assert.equal(typeof f, 'string');
    for (const re of [patterns].flat()) {
      assert.ok(
        error.fields.some((f: string) => re.test(f)),
        `a sentence matches ${re}: ${JSON.stringify(error.fields)}`,
      );
    }
    await assertNoCar(key, id, opts.query ?? '');
    return error.fields as string[];
  }

  async function expectCreated(body: unknown, opts: { key?: string; query?: string; id?: string } = {}) {
    const id = opts.id ?? newId('ok');
    const res = await put(opts.key ?? ar, id, body, opts.query ?? '');
    assert.equal(res.statusCode, 201, `expected 201 for ${JSON.stringify(body)}: ${res.body}`);
    const out = res.json();
    assert.equal(out.result, 'created');
    assert.equal(out.vehicle.external_id, id);
    return out.vehicle;
  }

  async function total(key: string, query = ''): Promise<number> {
    const res = await get(key, `/v1/vehicles${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().total;
  }

  test('the valid body creates a car: 201 created, importing_photos, defaults of the market', async () => {
    const v = await expectCreated(VALID);
    assert.equal(v.status, 'importing_photos');
    assert.equal(v.market, 'ar');
    assert.equal(v.source, 'api');
    assert.equal(v.brand, 'Toyota');
    assert.equal(v.model, 'Corolla');
    assert.equal(v.year, 2019);
    assert.equal(v.price, '12500.50');
    assert.equal(v.currency, 'ARS');
    assert.equal(v.condition, 'used');
    assert.equal(v.mileage, 45000);
    assert.equal(v.mileage_unit, 'km');
    assert.equal(v.city, 'Córdoba', "city defaults to the dealership's");
    assert.equal(v.photos_pending, 3);
    const again = await get(ar, `/v1/vehicles/${v.external_id}`);
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json().vehicle, v);
  });

  describe('1. required fields', () => {
    for (const field of REQUIRED) {
      test(`${field} missing → 422 naming ${field}`, async () => {
        await expectInvalid(without(VALID, field), new RegExp(`\\b${field}\\b.*required`));
      });
    }

    test('a body missing every required field reports all of them at once', async () => {
      const fields = await expectInvalid(
        {},
        REQUIRED.map((f) => new RegExp(`\\b${f}\\b`)),
      );
      assert.ok(fields.length >= 6, JSON.stringify(fields));
    });

    test('an empty brand or model is the same as a missing one', async () => {
      await expectInvalid({ ...VALID, brand: '   ', model: '' }, [/brand/, /model/]);
    });

    test('photos may be left out on an update of a car that has them, not on a create', async () => {
      const id = newId('upd');
      await expectCreated(VALID, { id });
      const res = await put(ar, id, { ...without(VALID, 'photos'), price: 11000 });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().result, 'updated');
      assert.equal(res.json().vehicle.price, '11000.00');
      assert.equal(res.json().vehicle.photos_pending, 3);
    });

    test('an invalid update answers 422 and leaves the car as it was', async () => {
      const id = newId('upd');
      const created = await expectCreated(VALID, { id });
      const res = await put(ar, id, { ...VALID, price: -1, year: '2020' });
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().error.code, 'invalid_vehicle');
      const now = (await get(ar, `/v1/vehicles/${id}`)).json().vehicle;
      assert.deepEqual(now, created);
    });
  });

  describe('2. wrong types', () => {
    const numberCases: [string, unknown][] = [
      ['year', '2019'],
      ['price', '12500'],
      ['mileage', '100'],
      ['year', true],
      ['price', [12500]],
      ['mileage', { km: 100 }],
      ['year', 2019.5],
    ];
    for (const [field, value] of numberCases) {
      test(`${field}: ${JSON.stringify(value)} → 422`, async () => {
        await expectInvalid({ ...VALID, [field]: value }, new RegExp(`\\b${field}\\b`));
      });
    }

    const wrongStrings: unknown[] = [5, ['x'], { x: 1 }, true];
    for (const field of ['brand', 'model', ...OPTIONAL_STRINGS]) {
      test(`${field} as a number, an array, an object, a boolean → 422`, async () => {
        for (const value of wrongStrings) {
          await expectInvalid({ ...VALID, [field]: value }, new RegExp(`\\b${field}\\b.*string`));
        }
      });
    }

    test('photos as a string, an object, an array of numbers → 422', async () => {
      await expectInvalid({ ...VALID, photos: PHOTOS.join(',') }, /photos/);
      await expectInvalid({ ...VALID, photos: { 0: PHOTOS[0], 1: PHOTOS[1], 2: PHOTOS[2] } }, /photos/);
      await expectInvalid({ ...VALID, photos: [1, 2, 3] }, /photo/);
      await expectInvalid({ ...VALID, photos: [...PHOTOS.slice(0, 2), null] }, /photo 3/);
    });

    for (const field of REQUIRED) {
      test(`${field}: null → 422`, async () => {
        await expectInvalid({ ...VALID, [field]: null }, new RegExp(`\\b${field}\\b`));
      });
    }

    test('null on every optional field is "not given": 201 with the defaults', async () => {
      const nulls = Object.fromEntries([...OPTIONAL_STRINGS, 'market', 'source'].map((f) => [f, null]));
      const v = await expectCreated({ ...VALID, ...nulls });
      assert.equal(v.currency, 'ARS');
      assert.equal(v.condition, 'used');
      assert.equal(v.city, 'Córdoba');
      assert.equal(v.source, 'api');
      assert.equal(v.market, 'ar');
      for (const f of ['version', 'fuel', 'transmission', 'color', 'description']) assert.equal(v[f], '', f);
    });
  });

  describe('3. limits (spec §8)', () => {
    test('year 1949 → 422; the catalog says Corolla starts 1966, so 1950 and 1965 → 422, 1966 → 201', async () => {
      await expectInvalid({ ...VALID, year: 1949 }, /year.*1950/);
      const models = await get(ar, '/v1/catalog/brands/toyota/models');
      assert.equal(models.statusCode, 200);
      const corolla = models.json().data.find((m: { slug: string }) => m.slug === 'corolla');
      assert.equal(corolla.years[0], 1966);
      assert.ok(!corolla.years.includes(1950));
      await expectInvalid({ ...VALID, year: 1950 }, /year 1950.*Corolla/);
      await expectInvalid({ ...VALID, year: 1965 }, /year 1965/);
      await expectCreated({ ...VALID, year: 1966 });
    });

    test("a year in the future beyond next year's models → 422; next year's model → 201", async () => {
      const thisYear = new Date(t.clock.now()).getUTCFullYear();
      await expectInvalid({ ...VALID, year: thisYear + 2 }, /year/);
      await expectInvalid({ ...VALID, year: 3000 }, /year/);
      await expectCreated({ ...VALID, year: thisYear + 1 });
    });

    test('price 0, negative, three decimals → 422; two decimals → 201', async () => {
      await expectInvalid({ ...VALID, price: 0 }, /price.*greater than 0/);
      await expectInvalid({ ...VALID, price: -100 }, /price/);
      await expectInvalid({ ...VALID, price: 12.345 }, /price.*two decimals/);
      await expectInvalid({ ...VALID, price: 0.001 }, /price/);
      // Large prices too (ARS prices run to millions): a third decimal is never rounded away.
      for (const price of [5000.005, 12345.678, 25000000.555, 1234567890.001]) {
        await expectInvalid({ ...VALID, price }, /price.*two decimals/);
      }
      for (const [price, text] of [
        [11999.99, '11999.99'],
        [25000000.13, '25000000.13'],
        [999999999999.99, '999999999999.99'],
      ] as const) {
        assert.equal((await expectCreated({ ...VALID, price })).price, text);
      }
      const v = await expectCreated({ ...VALID, price: 12.34 });
      assert.equal(v.price, '12.34');
      assert.equal((await expectCreated({ ...VALID, price: 0.1 + 0.2 })).price, '0.30', 'float noise is not a third decimal');
    });

    test('mileage -1 and 1.5 → 422; 0 → 201', async () => {
      await expectInvalid({ ...VALID, mileage: -1 }, /mileage/);
      await expectInvalid({ ...VALID, mileage: 1.5 }, /mileage/);
      assert.equal((await expectCreated({ ...VALID, mileage: 0, condition: 'new' })).mileage, 0);
    });

    test('version 161 characters → 422; 160 → 201', async () => {
      await expectInvalid({ ...VALID, version: 'x'.repeat(161) }, /version.*160/);
      assert.equal((await expectCreated({ ...VALID, version: 'x'.repeat(160) })).version, 'x'.repeat(160));
    });

    test('description 2001 characters → 422; 2000 → 201', async () => {
      await expectInvalid({ ...VALID, description: 'a'.repeat(2001) }, /description.*2000/);
      assert.equal((await expectCreated({ ...VALID, description: 'a'.repeat(2000) })).description.length, 2000);
    });

    test('2 and 11 photos → 422; 3 and 10 → 201', async () => {
      await expectInvalid({ ...VALID, photos: photoList(2) }, /photos.*3 to 10/);
      await expectInvalid({ ...VALID, photos: photoList(11) }, /photos.*3 to 10/);
      await expectInvalid({ ...VALID, photos: [] }, /photos/);
      assert.equal((await expectCreated({ ...VALID, photos: photoList(3) })).photos_pending, 3);
      assert.equal((await expectCreated({ ...VALID, photos: photoList(10) })).photos_pending, 10);
    });

    test('a photo that is not a URL, ftp://, with user:password, repeated → 422 naming the photo', async () => {
      await expectInvalid({ ...VALID, photos: [...PHOTOS.slice(0, 2), 'not a url'] }, /photo 3/);
      await expectInvalid({ ...VALID, photos: [...PHOTOS.slice(0, 2), '/relative/3.jpg'] }, /photo 3/);
      await expectInvalid({ ...VALID, photos: ['ftp://img.example.com/1.jpg', ...PHOTOS.slice(1)] }, /photo 1.*http/);
      await expectInvalid({ ...VALID, photos: ['javascript:alert(1)', ...PHOTOS.slice(1)] }, /photo 1/);
      await expectInvalid({ ...VALID, photos: ['https://user:secret@img.example.com/1.jpg', ...PHOTOS.slice(1)] }, /photo 1.*password/);
      await expectInvalid({ ...VALID, photos: [PHOTOS[0], PHOTOS[1], PHOTOS[0]] }, /photo 3.*photo 1/);
    });

    test('several broken rules are all reported, one sentence each', async () => {
      const fields = await expectInvalid({ ...VALID, year: 1949, price: 0, mileage: -1, version: 'x'.repeat(161), photos: photoList(2) }, [
        /year/,
        /price/,
        /mileage/,
        /version/,
        /photos/,
      ]);
      assert.equal(fields.length, 5, JSON.stringify(fields));
    });
  });

  describe('4. market vocabulary', () => {
    test('currency: EUR in ar → 422; USD → 201; omitted → ARS', async () => {
      await expectInvalid({ ...VALID, currency: 'EUR' }, /currency.*EUR/);
      assert.equal((await expectCreated({ ...VALID, currency: 'USD' })).currency, 'USD');
      assert.equal((await expectCreated({ ...VALID, currency: 'usd' })).currency, 'USD', 'any case, answered as the market writes it');
      assert.equal((await expectCreated(VALID)).currency, 'ARS');
    });

    test('fuel: flex refused in ar, accepted in br (default currency BRL)', async () => {
      await expectInvalid({ ...VALID, fuel: 'flex' }, /fuel.*flex/);
      const v = await expectCreated({ ...VALID, fuel: 'flex' }, { key: br });
      assert.equal(v.fuel, 'flex');
      assert.equal(v.market, 'br');
      assert.equal(v.currency, 'BRL');
      assert.equal((await expectCreated({ ...VALID, fuel: 'Gasoline' })).fuel, 'gasoline');
    });

    test('transmission cvt and condition refurbished → 422; automatic and new → 201', async () => {
      await expectInvalid({ ...VALID, transmission: 'cvt' }, /transmission.*cvt/);
      await expectInvalid({ ...VALID, condition: 'refurbished' }, /condition.*refurbished/);
      const v = await expectCreated({ ...VALID, transmission: 'automatic', condition: 'new' });
      assert.equal(v.transmission, 'automatic');
      assert.equal(v.condition, 'new');
    });

    test('a us dealership: mileage in mi, currency USD', async () => {
      const v = await expectCreated(VALID, { key: us });
      assert.equal(v.mileage_unit, 'mi');
      assert.equal(v.currency, 'USD');
      assert.equal(v.city, 'Austin');
      await expectInvalid({ ...VALID, currency: 'ARS' }, /currency/, { key: us });
    });
  });

  describe('5. catalog', () => {
    test('unknown brand → 422', async () => {
      await expectInvalid({ ...VALID, brand: 'Tesloid' }, /brand.*Tesloid/);
    });

    test('a model of another brand (Toyota Gol) → 422', async () => {
      await expectInvalid({ ...VALID, model: 'Gol' }, /model.*Gol.*Toyota/);
    });

    test("brand and model by slug or any case; the response gives the catalog's names", async () => {
      const a = await expectCreated({ ...VALID, brand: 'TOYOTA', model: 'corolla' });
      assert.equal(a.brand, 'Toyota');
      assert.equal(a.model, 'Corolla');
      const b = await expectCreated({ ...VALID, brand: 'mercedes-benz', model: 'c-class' });
      assert.equal(b.brand, 'Mercedes-Benz');
      assert.equal(b.model, 'C-Class');
      const c = await expectCreated({ ...VALID, brand: '  toyota ', model: 'COROLLA CROSS', year: 2022 });
      assert.equal(c.brand, 'Toyota');
      assert.equal(c.model, 'Corolla Cross');
    });
  });

  describe('6. unknown fields and prototype pollution', () => {
    test('unknown fields are ignored, including ones named like response fields', async () => {
      const v = await expectCreated({ ...VALID, foo: 'bar', status: 'active', listing_id: 'HACKED', photos_pending: 0, dealer_id: 1, price_cents: 1 });
      assert.equal(v.status, 'importing_photos');
      assert.notEqual(v.listing_id, 'HACKED');
      assert.equal(v.photos_pending, 3);
      assert.equal(v.price, '12500.50');
    });

    test('__proto__ and constructor.prototype keys: 201 or a clean 4xx, never 5xx, nothing polluted', async () => {
      const base = JSON.stringify(VALID).slice(1, -1);
      const bodies = [
        `{${base},"__proto__":{"polluted":true}}`,
        `{${base},"constructor":{"prototype":{"polluted":true}}}`,
        `{"__proto__":{"polluted":true,"brand":"Toyota"},${base}}`,
      ];
      for (const payload of bodies) {
        const id = newId('proto');
        const before = await total(ar);
        const res = await t.app.inject({
          method: 'PUT',
          url: `/v1/vehicles/${id}`,
          headers: { ...bearer(ar), 'content-type': 'application/json' },
          payload,
        });
        assert.ok(res.statusCode === 201 || (res.statusCode >= 400 && res.statusCode < 500), `${res.statusCode} ${res.body}`);
        if (res.statusCode !== 201) {
          assert.equal(typeof res.json().error.code, 'string');
          assert.equal(await total(ar), before, 'a refused body creates no car');
        }
        assert.equal(({} as Record<string, unknown>).polluted, undefined);
        assert.equal((Object.prototype as Record<string, unknown>).polluted, undefined);
      }
    });
  });

  describe('7. stock IDs in the path (D26; round trips in stock-ids.test.ts)', () => {
    test('81 characters → 400 invalid_request; 80 → 201', async () => {
      const long = 'A'.repeat(81);
      const res = await put(ar, long, VALID);
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error.code, 'invalid_request');
      assert.match(res.json().error.message, /81 characters/);
      const ok = await expectCreated(VALID, { id: 'B'.repeat(80) });
      assert.equal(ok.external_id.length, 80);
    });

    test('letters, digits and . _ - : are accepted', async () => {
      await expectCreated(VALID, { id: 'Stock_1.2-3:x' });
    });

    test('percent-encoded "/", space, "?", "\\" and "ñ" are stock IDs like any other (the old rule refused them)', async () => {
      for (const [path, id] of [
        ['a%2Fb', 'a/b'],
        ['a%20b', 'a b'],
        ['a%3Fb', 'a?b'],
        ['a%5Cb', 'a\\b'],
        ['%C3%B1', 'ñ'],
      ] as const) {
        const res = await put(ar, path, VALID);
        assert.equal(res.statusCode, 201, `PUT ${path} → ${res.body}`);
        assert.equal(res.json().vehicle.external_id, id);
        const read = await get(ar, `/v1/vehicles/${path}`);
        assert.equal(read.json().vehicle.external_id, id, `GET ${path}`);
      }
    });

    test('empty, blank and control characters → 400 invalid_request; a raw "/" → 404 with a hint; no car', async () => {
      const before = await total(ar);
      for (const id of ['%20', '%00', 'a%00b', 'a%0Ab', 'a%7Fb', 'a%C2%85b', 'a%E2%80%AEb']) {
        const res = await put(ar, id, VALID);
        assert.equal(res.statusCode, 400, `PUT ${id} → ${res.statusCode} ${res.body}`);
        assert.equal(res.json().error.code, 'invalid_request');
        const read = await get(ar, `/v1/vehicles/${id}`);
        assert.equal(read.statusCode, 400, `GET ${id} → ${read.statusCode}`);
      }
      const raw = await put(ar, 'a/b', VALID);
      assert.equal(raw.statusCode, 404, raw.body);
      assert.match(raw.json().error.message, /A%2F1043/);
      assert.equal(await total(ar), before);
    });
  });

  describe('8. query parameters of GET /v1/vehicles', () => {
    for (const q of [
      'per_page=0',
      'per_page=101',
      'per_page=-1',
      'per_page=abc',
      'page=0',
      'page=abc',
      'page=-3',
      'page=1.5',
      'updated_since=yesterday',
      'status=bogus',
      'source=csv',
    ]) {
      test(`${q} → 400 invalid_request`, async () => {
        const res = await get(ar, `/v1/vehicles?${q}`);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().error.code, 'invalid_request');
      });
    }

    test('per_page=100, page=2, a real date-time, a known status and source → 200', async () => {
      const res = await get(ar, '/v1/vehicles?per_page=100');
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().per_page, 100);
      assert.equal(res.json().page, 1);
      const res2 = await get(ar, '/v1/vehicles?page=2&per_page=1&updated_since=2020-01-01T00:00:00Z&status=importing_photos&source=api');
      assert.equal(res2.statusCode, 200, res2.body);
      assert.equal(res2.json().page, 2);
      assert.equal(res2.json().per_page, 1);
      const defaults = (await get(ar, '/v1/vehicles')).json();
      assert.equal(defaults.page, 1);
      assert.equal(defaults.per_page, 50);
    });
  });

  describe('9. market (D8)', () => {
    test('a dealership in ar and uy: no market → 400 market_required', async () => {
      const id = newId('m');
      const res = await put(aruy, id, VALID);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, 'market_required');
      await assertNoCar(aruy, id, '?market=ar');
      await assertNoCar(aruy, id, '?market=uy');
    });

    test('a market it does not sell in (br) or an unknown one (zz) → 400 invalid_market, in query or body', async () => {
      for (const [query, body] of [
        ['?market=br', VALID],
        ['?market=zz', VALID],
        ['', { ...VALID, market: 'br' }],
        ['', { ...VALID, market: 5 }],
      ] as const) {
        const res = await put(aruy, newId('m'), body, query);
        assert.equal(res.statusCode, 400, `${query} ${JSON.stringify(body)}: ${res.body}`);
        assert.equal(res.json().error.code, 'invalid_market');
      }
    });

    test('market uy in the body → 201 in uy with currency USD', async () => {
      const id = newId('m');
      const v = await expectCreated({ ...VALID, market: 'uy' }, { key: aruy, id });
      assert.equal(v.market, 'uy');
      assert.equal(v.currency, 'USD');
      assert.equal((await get(aruy, `/v1/vehicles/${id}?market=uy`)).statusCode, 200);
      await assertNoCar(aruy, id, '?market=ar');
      const q = await expectCreated(VALID, { key: aruy, query: '?market=UY' });
      assert.equal(q.market, 'uy');
    });

    test('body market ar with ?market=uy → 400', async () => {
      const id = newId('m');
      const res = await put(aruy, id, { ...VALID, market: 'ar' }, '?market=uy');
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, 'invalid_request');
      await assertNoCar(aruy, id, '?market=ar');
      await assertNoCar(aruy, id, '?market=uy');
    });

    test('a single-market dealership (ar) sending market uy → 400 invalid_market; its own market is fine', async () => {
      const res = await put(ar, newId('m'), { ...VALID, market: 'uy' });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, 'invalid_market');
      assert.equal((await expectCreated({ ...VALID, market: 'ar' })).market, 'ar');
      assert.equal((await expectCreated({ ...VALID, market: 'uy' }, { key: uy })).currency, 'USD');
    });

    test('GET /v1/vehicles: ?market=br → 400 invalid_market for ar+uy', async () => {
      const res = await get(aruy, '/v1/vehicles?market=br');
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error.code, 'invalid_market');
    });
  });

  describe('10. source', () => {
    test('source csv → 400 invalid_request, no car', async () => {
      for (const source of ['csv', 'API', 5]) {
        const id = newId('s');
        const res = await put(ar, id, { ...VALID, source });
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().error.code, 'invalid_request');
        await assertNoCar(ar, id);
      }
    });

    test('source woocommerce is kept and answered', async () => {
      const v = await expectCreated({ ...VALID, source: 'woocommerce' });
      assert.equal(v.source, 'woocommerce');
      const list = (await get(ar, '/v1/vehicles?source=woocommerce')).json();
      assert.ok(list.data.some((x: { external_id: string }) => x.external_id === v.external_id));
      assert.ok(list.data.every((x: { source: string }) => x.source === 'woocommerce'));
    });
  });

  describe('11. response formats (D9)', () => {
    test('price is a string with two decimals', async () => {
      for (const [price, text] of [
        [12500.5, '12500.50'],
        [99, '99.00'],
        [0.01, '0.01'],
        [1234567.89, '1234567.89'],
        [100000000, '100000000.00'],
      ] as const) {
        const v = await expectCreated({ ...VALID, price });
        assert.equal(v.price, text, String(price));
      }
    });

    test('the response has every field of spec 2.2 with its type', async () => {
      const v = await expectCreated({ ...VALID, brand: 'toyota', model: 'COROLLA', version: ' 1.8 XEi ', color: 'Gris', description: 'Único dueño.' });
      assert.equal(v.brand, 'Toyota');
      assert.equal(v.model, 'Corolla');
      assert.equal(v.version, '1.8 XEi', 'free text is trimmed');
      for (const f of [
        'external_id',
        'listing_id',
        'market',
        'status',
        'source',
        'url',
        'brand',
        'model',
        'version',
        'price',
        'currency',
        'mileage_unit',
        'fuel',
        'transmission',
        'color',
        'condition',
        'description',
      ]) {
        assert.equal(typeof v[f], 'string', f);
      }
      for (const f of ['year', 'mileage', 'photos_pending']) assert.ok(Number.isInteger(v[f]), f);
      assert.ok(Array.isArray(v.photos));
      assert.ok(!Number.isNaN(Date.parse(v.updated_at)));
      assert.match(v.url, new RegExp(`/listings/${v.listing_id}$`));
    });
  });

  describe('12. vehicle.rejected event', () => {
    test('a 422 from PUT records vehicle.rejected with the same errors as fields', async () => {
      const id = newId('rej');
      const res = await put(ar, id, { ...VALID, year: 1949, photos: photoList(2), source: 'shopify' });
      assert.equal(res.statusCode, 422);
      const fields = res.json().error.fields;
      const events = await t.store.db.selectFrom('events').selectAll().execute();
      const mine = events.filter((e) => e.type === 'vehicle.rejected' && JSON.parse(e.data).external_id === id);
      assert.equal(mine.length, 1);
      assert.deepEqual(JSON.parse(mine[0]!.data), { external_id: id, market: 'ar', source: 'shopify', channel: 'api', errors: fields });
    });

    test('a 400 (bad market or source) records no vehicle.rejected', async () => {
      const id = newId('rej');
      await put(ar, id, { ...VALID, source: 'csv', year: 1949 });
      await put(aruy, id, { ...VALID, year: 1949 });
      const events = await t.store.db.selectFrom('events').selectAll().execute();
      assert.equal(events.filter((e) => JSON.parse(e.data).external_id === id).length, 0);
    });

    test('the event of a multi-market dealership names the market of the call', async () => {
      const id = newId('rej');
      assert.equal((await put(aruy, id, { ...VALID, price: 0 }, '?market=uy')).statusCode, 422);
      const events = await t.store.db.selectFrom('events').selectAll().where('type', '=', 'vehicle.rejected').execute();
      const data = events.map((e) => JSON.parse(e.data)).find((d) => d.external_id === id);
      assert.equal(data.market, 'uy');
      assert.equal(data.source, 'api');
    });
  });

  describe('13. contact details (D5)', () => {
    const held = [
      'Escribime a juan.perez@example.com',
      'Llamar al 11 4567-8901',
      'Más fotos en www.example.com',
      'Tel +54 9 11 4567-8901',
      'WhatsApp (011) 4567 8901',
      'Ver autosdelsur.com.ar',
    ];
    for (const description of held) {
      test(`"${description}" → 201 but in_review`, async () => {
        const v = await expectCreated({ ...VALID, description });
        assert.equal(v.status, 'in_review');
      });
    }

    test('contact details in version hold the car too', async () => {
      assert.equal((await expectCreated({ ...VALID, version: 'XEi ventas@example.com' })).status, 'in_review');
    });

    const notHeld = [
      'Precio 12.500.000 financiado',
      'Modelo 2019, 45.000 km, motor 1.8',
      'Año 2019. Único dueño, service oficial.',
      'Precio $12.500.000 o USD 10.000',
    ];
    for (const description of notHeld) {
      test(`"${description}" → importing_photos`, async () => {
        assert.equal((await expectCreated({ ...VALID, description })).status, 'importing_photos');
      });
    }

    test('sending the car again without the contact details puts it back to importing_photos', async () => {
      const id = newId('contact');
      assert.equal((await expectCreated({ ...VALID, description: 'Llamar al 11 4567-8901' }, { id })).status, 'in_review');
      const res = await put(ar, id, { ...VALID, description: 'Único dueño, service oficial.' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().result, 'updated');
      assert.equal(res.json().vehicle.status, 'importing_photos');
      const again = await put(ar, id, { ...VALID, description: 'Mail: a@b.co' });
      assert.equal(again.json().vehicle.status, 'in_review');
    });
  });
});
