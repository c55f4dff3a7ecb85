// The field table (vehicles/fields.ts, P73) is enough: every field of it is documented in the
// API's schemas, accepted by PUT and by a feed file under its own name, stored, shown by GET,
// and covered by the content hash (sending it again changes nothing; changing it alone updates
// the car). A field added to the table (with its column) is walked here with no test to write.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { findMarket } from '../../src/modules/markets/markets.js';
import { VEHICLE_FIELDS, type VehicleField } from '../../src/modules/vehicles/fields.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { feedFor, PHOTOS } from '../feeds/support.js';

const AR = findMarket('ar')!;
const fields = VEHICLE_FIELDS as readonly VehicleField[];

/** Two values of a field other than aCar()'s, as sent and as GET shows them. */
function samples(f: VehicleField): [{ sent: unknown; shown: unknown }, { sent: unknown; shown: unknown }] {
  switch (f.name) {
    case 'brand':
    case 'model':
      return [
        { sent: f.name === 'brand' ? 'toyota' : 'corolla', shown: f.name === 'brand' ? 'Toyota' : 'Corolla' },
        { sent: f.name === 'brand' ? 'Toyota' : 'Corolla', shown: f.name === 'brand' ? 'Toyota' : 'Corolla' },
      ];
    case 'year':
      return [
        { sent: 2018, shown: 2018 },
        { sent: 2017, shown: 2017 },
      ];
    case 'price':
      return [
        { sent: 12345.67, shown: '12345.67' },
        { sent: 9000, shown: '9000.00' },
      ];
    case 'mileage':
      return [
        { sent: 4321, shown: 4321 },
        { sent: 1234, shown: 1234 },
      ];
    case 'vin':
      return [
        { sent: '9bwzzz377vt004251', shown: '9BWZZZ377VT004251' },
        { sent: '1HGCM82633A004352', shown: '1HGCM82633A004352' },
      ];
  }
  const r = f.rule;
  if (r.kind === 'text')
    return [
      { sent: ` Sample ${f.name} `, shown: `Sample ${f.name}` },
      { sent: `Other ${f.name}`, shown: `Other ${f.name}` },
    ];
  if (r.kind === 'whole')
    return [
      { sent: r.max, shown: r.max },
      { sent: r.min, shown: r.min },
    ];
  if (r.kind === 'vocabulary') {
    const values = r.values(AR);
    const a = values[values.length - 1]!;
    const b = values[0]!;
    return [
      { sent: a.toUpperCase(), shown: a },
      { sent: b, shown: b },
    ];
  }
  throw new Error(`no sample for ${f.name}`);
}

describe(`every field of the table travels through the API and feeds (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let slug: string;
  let doc: { components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } };

  before(async () => {
    t = await makeApp();
    ({ key, slug } = await seedDealer(t));
    doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
  });
  after(() => t.close());

  const put = (id: string, body: object) => t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: body });
  const revision = async (id: string) =>
    (await t.store.db.selectFrom('vehicles').select(['revision', 'content_hash']).where('external_id', '=', id).executeTakeFirstOrThrow()).revision;

  test('the table has the fields the API has always had, each once', () => {
    const names = fields.map((f) => f.name);
    assert.equal(new Set(names).size, names.length);
    assert.equal(new Set(fields.map((f) => f.column)).size, names.length);
    for (const n of ['brand', 'model', 'year', 'price', 'mileage', 'description', 'vin', 'interior_color']) assert.ok(names.includes(n), n);
  });

  for (const f of fields) {
    test(`${f.name}: documented, stored, shown, hashed, and read from a feed`, async () => {
      const input = doc.components.schemas.VehicleInput!;
      const output = doc.components.schemas.Vehicle!;
      assert.ok(input.properties[f.name], `VehicleInput documents ${f.name}`);
      assert.ok(output.properties[f.name], `Vehicle documents ${f.name}`);
      assert.equal((input.required ?? []).includes(f.name), f.required, `${f.name} required as the table says`);

      const [one, two] = samples(f);
      const id = `F-${f.name}`;
      const first = await put(id, aCar({ [f.name]: one.sent }));
      assert.equal(first.statusCode, 201, first.body);
      assert.deepEqual(first.json().vehicle[f.name], one.shown);
      const got = await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) });
      assert.deepEqual(got.json().vehicle[f.name], one.shown);
      const r1 = await revision(id);

      // Sent again as stored: nothing changes; changed alone: the car is updated.
      assert.equal((await put(id, aCar({ [f.name]: one.sent }))).statusCode, 200);
      assert.equal(await revision(id), r1, `${f.name}: the same value again leaves the car untouched`);
      const changed = await put(id, aCar({ [f.name]: two.sent }));
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(changed.json().vehicle[f.name], two.shown);
      if (f.name !== 'brand' && f.name !== 'model') assert.ok((await revision(id)) > r1, `${f.name}: a change alone updates the car`);

      // Not given: the table's default, or how the API shows "not given".
      if (!f.required) {
        const none = await put(`${id}-none`, aCar());
        const shown = none.json().vehicle[f.name];
        const expected = f.fallback ? f.fallback({ market: AR, defaultCity: 'Buenos Aires' }) : f.absent;
        if (f.name !== 'city') assert.deepEqual(shown, expected, `${f.name} not given`);
      }

      // A feed file with a column under the field's own name.
      const feed = await feedFor(t, slug, { source: 'woocommerce' });
      const base = {
        external_id: `${id}-feed`,
        brand: 'Toyota',
        model: 'Corolla',
        year: '2019',
        price: '12500',
        mileage: '45000',
        photos: PHOTOS(`${id}-feed`).join('|'),
      };
      const row: Record<string, unknown> = { ...base, [f.name]: one.sent };
      const columns = Object.keys(row);
      const cell = (v: unknown) => `"${String(v).replaceAll('"', '""')}"`;
      const body = `${columns.join(',')}\n${columns.map((c) => cell(row[c])).join(',')}\n`;
      const pushed = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'text/csv' }, payload: body });
      assert.equal(pushed.statusCode, 200, pushed.body);
      assert.equal(pushed.json().created, 1, pushed.body);
      const fromFeed = await t.app.inject({ url: `/v1/vehicles/${id}-feed`, headers: bearer(key) });
      assert.deepEqual(fromFeed.json().vehicle[f.name], one.shown, `${f.name} read from a feed column`);
    });
  }
});
