// Issue 38 §5 (P186, P187): the OpenAPI document and the service take the same requests. Ajv
// (JSON Schema 2020-12 with formats), driven by nothing but the served document, judges request
// bodies and parameters; the service judges the same inputs (validateVehicle, or the real
// endpoint on the store TEST_DATABASE_URL names) and the verdicts must be the same: for
// thousands of prices, and for every request bound at its edge (brand, model, currency, fuel and
// the other texts of a car, market, year, the date-time parameters, listing codes, feed tokens,
// numeric parameters).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { ManualClock } from '../../src/core/clock.js';
import { createKey } from '../../src/modules/keys/service.js';
import { buildCatalog } from '../../src/modules/catalog/catalog.js';
import { findMarket } from '../../src/modules/markets/markets.js';
import { VEHICLE_LIMITS } from '../../src/modules/vehicles/fields.js';
import { validateVehicle, type ValidationContext } from '../../src/modules/vehicles/validation.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { csv, csvCar, feedFor } from '../feeds/support.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin) as unknown as (ajv: Ajv2020) => void;

type Check = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };
type Param = { in: string; name: string; schema: Record<string, unknown> };
type Doc = {
  paths: Record<string, Record<string, { parameters?: Param[] }>>;
  components: { schemas: Record<string, Record<string, unknown> & { properties?: Record<string, Record<string, unknown>> }> };
};

/** A deterministic sequence in [0, 1) (mulberry32): the same prices on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole cents as a dealer's system writes the price: "19.99", "0.07", "12500.00". */
const priceText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Prices of at most two decimals, as JSON text: every cent up to 50.00, then a spread over every magnitude up to 1e12. */
function twoDecimalPrices(): string[] {
  const out = [
    '19.99',
    '0.07',
    '1.15',
    '4.35',
    '0.29',
    '19.9',
    '1',
    '12500',
    '1000000000000',
    '1000000000000.00',
    '999999999999.99',
    '1e3',
    '1999e-2',
    '0.1e1',
  ];
  for (let c = 1; c <= 5000; c++) out.push(priceText(c));
  const next = random(38);
  for (let digits = 1; digits <= 12; digits++) {
    for (let i = 0; i < 150; i++) {
      const whole = Math.floor(10 ** (digits - 1) + next() * 9 * 10 ** (digits - 1));
      out.push(priceText(whole * 100 + Math.floor(next() * 100)));
    }
  }
  return out;
}

/** Prices with a third (or further) decimal, under a million: the service refuses each (P186). */
function moreDecimalPrices(): string[] {
  const out = ['19.999', '0.001', '1.005', '0.125', '4.355', '12500.001'];
  const next = random(5);
  for (let i = 0; i < 1500; i++) {
    const decimals = 3 + (i % 4);
    const whole = Math.floor(next() * 1_000_000);
    let fraction = '';
    for (let d = 0; d < decimals; d++) fraction += String(Math.floor(next() * 10));
    if (!fraction.endsWith('0')) out.push(`${whole}.${fraction}`);
  }
  return out;
}

/** Prices neither takes: not above 0, above 1e12, not a number. */
const REFUSED_PRICES = [
  '0',
  '0.00',
  '-0',
  '-0.01',
  '-5',
  '1000000000000.01',
  '1000000000001',
  '1e13',
  '1e308',
  '"19.99"',
  'null',
  'true',
  '[]',
  '{}',
  '"12500"',
];

describe(`the OpenAPI document and the service take the same requests (${STORE_NAME})`, () => {
  let t: TestApp;
  let doc: Doc;
  let key: string;
  let slug: string;
  let vehicleInput: Check;
  const host = new PhotoHost();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // Query and path values arrive as text: the document's schemas judge them as a client's validator does, converted.
  const ajvText = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true });
  addFormats(ajvText);

  /** The document's verdict on one parameter's value, as sent (text). */
  const documentTakesParam = (path: string, method: string, name: string, value: string): boolean => {
    const p = doc.paths[path]![method]!.parameters!.find((q) => q.name === name);
    assert.ok(p, `${method} ${path} has ${name}`);
    return ajvText.validate({ type: 'object', properties: { [name]: p.schema } }, { [name]: value });
  };

  before(async () => {
    await host.start();
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 20, 12)),
      env: { RATE_LIMIT_PER_MINUTE: '1000000', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000', FEED_PUSH_PER_MINUTE: '1000' },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
    });
    ({ key, slug } = await seedDealer(t, { markets: ['ar'] }));
    doc = (await t.app.inject({ url: '/v1/openapi.json' })).json<Doc>();
    ajv.addSchema(doc, 'doc');
    vehicleInput = ajv.getSchema('doc#/components/schemas/VehicleInput') as Check;
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  // The service's rules for a car of market ar as the API reads it (lastModelYear: next year, as on the clock above).
  const context = (lastModelYear = 2027): ValidationContext => ({
    market: findMarket('ar')!,
    catalog: buildCatalog(lastModelYear),
    lastModelYear,
    defaultCity: null,
    photosRequired: true,
  });
  const TODAY = context();
  const BASE = aCar();

  describe('price (P186)', () => {
    const verdicts = (text: string) => {
      const body = { ...BASE, price: JSON.parse(text) as unknown };
      return { document: vehicleInput(body), service: validateVehicle(body, TODAY).ok };
    };

    test('the document states no multipleOf: a floating-point validator refused 19.99, 0.07, 1.15, 4.35, 0.29', () => {
      const price = doc.components.schemas.VehicleInput!.properties!.price!;
      assert.equal(price.multipleOf, undefined);
      assert.equal(price.maximum, VEHICLE_LIMITS.price);
      assert.match(String(price.description), /at most two decimals/);
      for (const p of [19.99, 0.07, 1.15, 4.35, 0.29]) assert.equal(vehicleInput({ ...BASE, price: p }), true, String(p));
    });

    test('thousands of prices of at most two decimals: both take every one', () => {
      const prices = twoDecimalPrices();
      assert.ok(prices.length > 6000);
      const disagree = prices.filter((p) => {
        const v = verdicts(p);
        return !(v.document && v.service);
      });
      assert.deepEqual(disagree, []);
    });

    test('prices at and past the bounds, and values that are no number: both refuse every one', () => {
      for (const p of REFUSED_PRICES) assert.deepEqual(verdicts(p), { document: false, service: false }, p);
    });

    test('more than two decimals: the one rule the document says in words only (the service refuses, 422)', () => {
      const prices = moreDecimalPrices();
      assert.ok(prices.length > 1000);
      for (const p of prices) {
        const body = { ...BASE, price: JSON.parse(p) as unknown };
        const checked = validateVehicle(body, TODAY);
        assert.ok(!checked.ok && checked.errors.map((e) => e.code).join() === 'price_decimals', p);
        assert.equal(vehicleInput(body), true, p);
      }
    });

    test('through PUT /vehicles/{external_id}: the answers match the verdicts, the price kept to the cent', async () => {
      const sample = [...twoDecimalPrices().filter((_, i) => i % 400 === 0), '19.99', '0.07', '1.15', '4.35', '0.29', '1e3'];
      let n = 0;
      for (const text of [...sample, ...REFUSED_PRICES.slice(0, 8), '19.999', '0.001']) {
        const id = `price-${++n}`;
        const payload = JSON.stringify({ ...BASE, price: '@' }).replace('"@"', text);
        const res = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: { ...bearer(key), 'content-type': 'application/json' }, payload });
        const v = verdicts(text);
        if (v.service) {
          assert.equal(res.statusCode, 201, `${text}: ${res.body}`);
          assert.equal(res.json().vehicle.price, priceText(Math.round(Number(text) * 100)), text);
        } else assert.equal(res.statusCode, 422, `${text}: ${res.body}`);
        assert.equal(v.document, v.service || /\.\d{3}/.test(text), text);
      }
    });
  });

  describe('the texts of a car: maxLength counts what the service counts (P187)', () => {
    const N = VEHICLE_LIMITS;
    /** Each text field with its bound and a value the service takes. */
    const FIELDS: [string, number, string | undefined][] = [
      ['brand', N.lookup, 'Toyota'],
      ['model', N.lookup, 'Corolla'],
      ['currency', N.lookup, 'usd'],
      ['fuel', N.lookup, 'Diesel'],
      ['version', N.version, undefined],
      ['color', N.color, undefined],
      ['city', N.city, undefined],
      ['description', N.description, undefined],
      ['engine', N.engine, undefined],
      ['interior_color', N.color, undefined],
      ['vin', N.vin, '1HGCM82633A004352'],
    ];

    test('every text bound is in the document, as the field table says', () => {
      const props = doc.components.schemas.VehicleInput!.properties!;
      for (const [field, max] of FIELDS) assert.equal(props[field]!.maxLength, max, field);
      const item = (doc.components.schemas.SyncRequest!.properties!.vehicles!.items as { properties: Record<string, { maxLength?: number }> }).properties;
      for (const [field, max] of FIELDS) assert.equal(item[field]!.maxLength, max, `sync ${field}`);
    });

    test('at each bound, plain, padded and astral text: the same verdict on the bound, and on the whole car where the value is one the service takes', () => {
      for (const [field, max, good] of FIELDS) {
        const values = [
          'x'.repeat(max),
          'x'.repeat(max + 1),
          '🚗'.repeat(max),
          '🚗'.repeat(max + 1),
          `${'a'.repeat(max - 2)}  `,
          `  ${'a'.repeat(max - 1)}`,
          '車'.repeat(max + 1),
        ];
        const taken = good === undefined ? values : [good.padEnd(max, ' '), good.padEnd(max + 1, ' '), ` ${good}`.padEnd(max, ' ')];
        for (const value of [...values, ...taken]) {
          const body = { ...BASE, [field]: value };
          const documentOk = vehicleInput(body);
          const tooLongInDocument = (vehicleInput.errors ?? []).some((e) => e.instancePath === `/${field}` && e.keyword === 'maxLength');
          const checked = validateVehicle(body, TODAY);
          const tooLongInService = !checked.ok && checked.errors.some((e) => e.code === 'field_too_long' && (e.params as { field: string }).field === field);
          const label = `${field}: ${JSON.stringify(value.slice(0, 12))}… (${value.length} UTF-16 units)`;
          assert.equal(tooLongInDocument, tooLongInService, label);
          if (good === undefined || taken.includes(value)) assert.equal(documentOk, checked.ok, label);
        }
      }
    });
  });

  describe('year (P187)', () => {
    test('1949, 1950, 9999 and 10000: the same verdicts (a model made from 1950 on, the clock in year 9999)', () => {
      const year = doc.components.schemas.VehicleInput!.properties!.year!;
      assert.deepEqual([year.minimum, year.maximum], [VEHICLE_LIMITS.yearMin, VEHICLE_LIMITS.yearMax]);
      const farFuture = context(10_000);
      for (const [y, takes] of [
        [1949, false],
        [1950, true],
        [9999, true],
        [10_000, false],
      ] as const) {
        const body = { ...BASE, brand: 'Chevrolet', model: 'Suburban', year: y };
        const checked = validateVehicle(body, farFuture);
        assert.equal(checked.ok, takes, `${y}: ${JSON.stringify(checked.ok ? '' : checked.errors)}`);
        assert.equal(vehicleInput(body), takes, String(y));
      }
      // The bound is the service's own: with a model year 10000 in the catalog, the year 10000 is still refused.
      const refused = validateVehicle({ ...BASE, brand: 'Chevrolet', model: 'Suburban', year: 10_000 }, farFuture);
      assert.ok(!refused.ok && refused.errors.some((e) => e.code === 'year_too_new' && (e.params as { max: number }).max === VEHICLE_LIMITS.yearMax));
    });
  });

  describe('through the endpoints', () => {
    const MARKETS = ['ar', 'AR', ' ar', 'ar      ', 'ar       ', ' '.repeat(6) + 'ar', ' '.repeat(7) + 'ar', 'arx'];
    /** The service takes a market value iff it names the dealership's market in at most 8 characters as sent. */
    const named = (m: string) => m.length <= 8 && m.trim().toLowerCase() === 'ar';

    test('market: PUT (body and query), sync (call and each car) and reconcile answer as the document says', async () => {
      const schema = (name: string) => ajv.getSchema(`doc#/components/schemas/${name}`) as Check;
      let n = 0;
      for (const m of MARKETS) {
        const takes = named(m);
        const car = aCar({ market: m });
        assert.equal(schema('VehicleInput')(car), m.length <= 8, `VehicleInput ${JSON.stringify(m)}`);
        const put = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/m-${++n}`, headers: bearer(key), payload: car });
        assert.equal(put.statusCode, takes ? 201 : 400, `PUT body ${JSON.stringify(m)}: ${put.body}`);

        assert.equal(documentTakesParam('/vehicles/{external_id}', 'put', 'market', m), m.length <= 8);
        const inQuery = await t.app.inject({
          method: 'PUT',
          url: `/v1/vehicles/m-${++n}?market=${encodeURIComponent(m)}`,
          headers: bearer(key),
          payload: aCar(),
        });
        assert.equal(inQuery.statusCode, takes ? 201 : 400, `PUT ?market=${JSON.stringify(m)}: ${inQuery.body}`);

        const sync = { vehicles: [aCar({ external_id: `m-${++n}`, market: m })], market: m };
        assert.equal(schema('SyncRequest')(sync), m.length <= 8, `SyncRequest ${JSON.stringify(m)}`);
        const synced = await t.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: sync });
        if (takes) assert.deepEqual([synced.statusCode, synced.json().errors], [200, []], `sync ${JSON.stringify(m)}: ${synced.body}`);
        else assert.equal(synced.statusCode, 400, `sync ${JSON.stringify(m)}: ${synced.body}`);
        // A car's own market, under the call's: an error for that car when it names no market.
        const item = await t.app.inject({
          method: 'POST',
          url: '/v1/vehicles/sync',
          headers: bearer(key),
          payload: { vehicles: [aCar({ external_id: `m-${++n}`, market: m })] },
        });
        assert.equal(item.json().errors.length, takes ? 0 : 1, `sync item ${JSON.stringify(m)}: ${item.body}`);

        const reconcile = { external_ids: ['m-1'], market: m };
        assert.equal(schema('ReconcileRequest')(reconcile), m.length <= 8, `ReconcileRequest ${JSON.stringify(m)}`);
        const rec = await t.app.inject({ method: 'POST', url: '/v1/vehicles/reconcile', headers: bearer(key), payload: { ...reconcile, dry_run: true } });
        assert.equal(rec.statusCode, takes ? 200 : 400, `reconcile ${JSON.stringify(m)}: ${rec.body}`);
      }
    });

    test('market of a sandbox lead: 8 characters pass, 9 are 400, as the document says', async () => {
      const sandbox = (await createKey(t.store.db, t.clock, { dealer: slug, sandbox: true })).key;
      const leadInput = ajv.getSchema('doc#/components/schemas/SandboxLeadInput') as Check;
      for (const m of ['ar      ', 'ar       ']) {
        const body = { external_id: 'no-such-car', market: m };
        const res = await t.app.inject({ method: 'POST', url: '/v1/sandbox/leads', headers: bearer(sandbox), payload: body });
        assert.equal(leadInput(body), m.length <= 8);
        // 8 characters name the market; the car is then not found.
        assert.equal(res.statusCode, m.length <= 8 ? 404 : 400, res.body);
      }
    });

    test('since and updated_since: 35 characters pass, 36 are 400, as the document says', async () => {
      const at35 = '2026-11-21T10:00:00.123456789-03:00';
      const at36 = '2026-11-21T10:00:00.1234567890-03:00';
      assert.deepEqual([at35.length, at36.length], [35, 36]);
      for (const [path, url, name] of [
        ['/leads', '/v1/leads', 'since'],
        ['/vehicles', '/v1/vehicles', 'updated_since'],
      ] as const) {
        assert.equal(documentTakesParam(path, 'get', name, at36), false, `${name} is bounded`);
        for (const value of [at35, at36, '2026-11-21T10:00:00Z', '2026-11-21']) {
          const takes = documentTakesParam(path, 'get', name, value);
          const res = await t.app.inject({ url: `${url}?${name}=${encodeURIComponent(value)}`, headers: bearer(key) });
          assert.equal(res.statusCode, takes ? 200 : 400, `${name}=${value}: ${res.body}`);
        }
      }
    });

    test("listing_id: the car's code is taken, any other shape is refused by both (the service: 404, as an unknown code)", async () => {
      const car = await publishCar(t, key, host, 'listed');
      assert.equal(car.status, 'active');
      const inquiry = { name: 'Ana', email: 'ana@example.com', message: 'Is it available?' };
      for (const [code, created] of [
        [car.listing_id, true],
        [car.listing_id.toLowerCase(), false],
        [`${car.listing_id}0`, false],
        [car.listing_id.slice(1), false],
      ] as const) {
        assert.equal(documentTakesParam('/listings/{listing_id}/inquiries', 'post', 'listing_id', code), created, code);
        const res = await t.app.inject({ method: 'POST', url: `/v1/listings/${code}/inquiries`, payload: inquiry });
        assert.equal(res.statusCode, created ? 201 : 404, `${code}: ${res.body}`);
      }
    });

    test('feed token: the token in any case is taken, another shape is refused by both (the service: 404, D15)', async () => {
      const feed = await feedFor(t, slug);
      const file = csv([csvCar('F-1')]);
      for (const [token, pushed] of [
        [feed.token, true],
        [feed.token.toUpperCase(), true],
        [`${feed.token}0`, false],
        [feed.token.replaceAll('-', ''), false],
      ] as const) {
        assert.equal(documentTakesParam('/feeds/{token}/', 'post', 'token', token), pushed, token);
        const res = await t.app.inject({ method: 'POST', url: `/v1/feeds/${token}/`, headers: { 'content-type': 'text/csv' }, payload: file });
        assert.equal(res.statusCode, pushed ? 200 : 404, `${token}: ${res.body}`);
      }
    });

    test('numeric parameters state the bounds their validator applies: 2^53 − 1 passes, 2^53 is 400', async () => {
      const feed = await feedFor(t, slug);
      const max = String(Number.MAX_SAFE_INTEGER);
      const over = '9007199254740992';
      for (const [path, name, url, passes] of [
        ['/feeds/{id}/imports', 'page', (v: string) => `/v1/feeds/${feed.id}/imports?page=${v}`, 200],
        ['/feeds/{id}/imports', 'id', (v: string) => `/v1/feeds/${v}/imports`, 404],
        ['/feeds/{id}/imports/{import_id}', 'import_id', (v: string) => `/v1/feeds/${feed.id}/imports/${v}`, 404],
        ['/webhooks/{id}/deliveries', 'page', (v: string) => `/v1/webhooks/1/deliveries?page=${v}`, 404],
      ] as const) {
        for (const [value, status] of [
          [max, passes],
          [over, 400],
        ] as const) {
          assert.equal(documentTakesParam(path, 'get', name, value), status !== 400, `${path} ${name}=${value}`);
          const res = await t.app.inject({ url: url(value), headers: bearer(key) });
          assert.equal(res.statusCode, status, `${path} ${name}=${value}: ${res.body}`);
        }
      }
    });
  });
});
