// Issue 15, part 2: what buyers search by (vin, body_style, drivetrain, doors, engine,
// interior_color) through the real API: PUT/GET, the ?vin= filter, the VIN rules (shape in
// every market, the check digit for us cars), duplicate-VIN warnings (PUT, sync), the public
// page and the panel's car page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, publishCar } from '../support/cars.js';
import { PhotoHost, pathOf, photoUrls } from '../support/photos.js';
import { signedInClient } from '../support/panel.js';

/** A real VIN with a right check digit (3), and the same with a wrong one. */
const VALID_VIN = '1HGCM82633A004352';
const WRONG_CHECK_DIGIT = '1HGCM82643A004352';
/** Valid with check digit X. */
const VALID_VIN_X = '1M8GDM9AXKP042788';
/** A European VIN: the right shape, but no North American check digit. */
const EURO_VIN = 'WVWZZZ1JZ3W386752';

const DETAILS = { vin: VALID_VIN, body_style: 'sedan', drivetrain: 'fwd', doors: 4, engine: '2.4 i-VTEC', interior_color: 'Beige' };

describe(`vehicle details (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let usKey: string;
  const host = new PhotoHost();

  before(async () => {
    await host.start();
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 1, 12)),
      env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com' },
    });
    ({ key } = await seedDealer(t));
    ({ key: usKey } = await seedDealer(t, { markets: ['us'], city: 'Austin' }));
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const put = (id: string, body: object, k = key) => t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(k), payload: body });
  const get = (id: string, k = key) => t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(k) });
  const list = (query: string, k = key) => t.app.inject({ url: `/v1/vehicles?${query}`, headers: bearer(k) });
  const sync = (body: object, k = key) => t.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(k), payload: body });

  test('PUT stores every field and GET shows them; absent ones are null', async () => {
    const res = await put('D-1', aCar({ ...DETAILS, body_style: 'SEDAN', drivetrain: 'FWD', vin: ' 1hgcm826-33a004352 ' }));
    assert.equal(res.statusCode, 201, res.body);
    assert.deepEqual(res.json().warnings, []);
    const v = (await get('D-1')).json().vehicle;
    // read upper-case, spaces and dashes removed; vocabularies in their codes
    assert.deepEqual(
      { vin: v.vin, body_style: v.body_style, drivetrain: v.drivetrain, doors: v.doors, engine: v.engine, interior_color: v.interior_color },
      DETAILS,
    );
    const plain = (await put('D-PLAIN', aCar())).json().vehicle;
    for (const f of Object.keys(DETAILS)) assert.equal(plain[f], null, f);
  });

  test('an unchanged car stays unchanged; a changed detail updates it', async () => {
    await put('D-2', aCar(DETAILS));
    const first = (await get('D-2')).json().vehicle;
    const again = await put('D-2', aCar(DETAILS));
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().vehicle.updated_at, first.updated_at);
    const revision = async () =>
      (await t.store.db.selectFrom('vehicles').select('revision').where('external_id', '=', 'D-2').executeTakeFirstOrThrow()).revision;
    const before = await revision();
    await put('D-2', aCar(DETAILS));
    assert.equal(await revision(), before, 'sending it again unchanged keeps its revision');
    manualClock(t).advance(60_000);
    const changed = await put('D-2', aCar({ ...DETAILS, doors: 2, body_style: 'coupe' }));
    assert.equal(changed.json().vehicle.doors, 2);
    assert.equal(changed.json().vehicle.body_style, 'coupe');
    assert.notEqual(changed.json().vehicle.updated_at, first.updated_at);
    assert.equal(await revision(), before + 1);
    // leaving a detail out clears it (as every optional field)
    const cleared = await put('D-2', aCar({ ...DETAILS, doors: 2, body_style: 'coupe', engine: null }));
    assert.equal(cleared.json().vehicle.engine, null);
  });

  test('a car without details keeps its content hash (cars stored before issue 15 stay untouched)', async () => {
    await put('D-OLD', aCar());
    const row = await t.store.db.selectFrom('vehicles').select(['content_hash', 'revision']).where('external_id', '=', 'D-OLD').executeTakeFirstOrThrow();
    await put('D-OLD', aCar({ vin: null, doors: null }));
    const after = await t.store.db.selectFrom('vehicles').select(['content_hash', 'revision']).where('external_id', '=', 'D-OLD').executeTakeFirstOrThrow();
    assert.deepEqual(after, row);
  });

  test('us cars: the check digit is verified (422 naming it); a valid one, X included, is accepted', async () => {
    const bad = await put('US-1', aCar({ vin: WRONG_CHECK_DIGIT }), usKey);
    assert.equal(bad.statusCode, 422, bad.body);
    const body = bad.json();
    assert.equal(body.error.code, 'invalid_vehicle');
    assert.deepEqual(body.error.fields, [
      `vin "${WRONG_CHECK_DIGIT}" has a wrong check digit: its 9th character is 4, the other 16 call for 3 (a typing mistake?)`,
    ]);
    assert.equal((await get('US-1', usKey)).statusCode, 404);
    assert.equal((await put('US-1', aCar({ vin: VALID_VIN }), usKey)).statusCode, 201);
    assert.equal((await put('US-2', aCar({ vin: VALID_VIN_X.toLowerCase() }), usKey)).json().vehicle.vin, VALID_VIN_X);
    // a European VIN has no North American check digit: refused in us, accepted elsewhere
    assert.equal((await put('US-3', aCar({ vin: EURO_VIN }), usKey)).statusCode, 422);
    assert.equal((await put('AR-EURO', aCar({ vin: EURO_VIN }))).statusCode, 201);
    // in sync: a per-car error, the others applied (207), never a 5xx
    const s = await sync({ vehicles: [aCar({ external_id: 'US-4', vin: WRONG_CHECK_DIGIT }), aCar({ external_id: 'US-5', vin: VALID_VIN_X })] }, usKey);
    assert.equal(s.statusCode, 207, s.body);
    assert.equal(s.json().created, 1);
    assert.equal(s.json().errors.length, 1);
    assert.equal(s.json().errors[0].index, 0);
    assert.match(s.json().errors[0].message, /vin "1HGCM82643A004352" has a wrong check digit/);
  });

  test('the shape is checked in every market; other fields break their rules, all reported at once', async () => {
    for (const k of [key, usKey]) {
      const res = await put(
        'SHAPE',
        aCar({ vin: '1HGCM82633A00435', body_style: 'limousine', drivetrain: '6x6', doors: 12, engine: 'x'.repeat(81), interior_color: 7 }),
        k,
      );
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(res.json().error.fields, [
        'vin "1HGCM82633A00435" must be 17 characters (it has 16)',
        'body_style "limousine" is not accepted as body_style; use one of sedan, hatchback, suv, pickup, coupe, convertible, wagon, van, minivan',
        'drivetrain "6x6" is not accepted as drivetrain; use one of fwd, rwd, awd, 4wd',
        'doors must be 1 to 9 (it is 12)',
        'engine must be at most 80 characters (it has 81)',
        'interior_color must be a string, not 7',
      ]);
    }
    const fields = async (vin: unknown, body: object = {}) => (await put('SHAPE', aCar({ vin, ...body }))).json().error.fields as string[];
    assert.deepEqual(await fields('1HGCM82633AOO4352'), ['vin "1HGCM82633AOO4352" must not contain the letters I, O or Q (VINs use 1 and 0 instead)']);
    assert.deepEqual(await fields('1HGCM82633A00435!'), ['vin "1HGCM82633A00435!" must hold only the letters A–Z (without I, O, Q) and the digits 0–9']);
    assert.deepEqual(await fields(17), ['vin must be a string, not 17']);
    assert.deepEqual(await fields(VALID_VIN, { doors: 2.5 }), ['doors must be a whole number, not 2.5']);
    assert.deepEqual(await fields(VALID_VIN, { doors: '4' }), ['doors must be a whole number, not a string']);
  });

  test('GET /vehicles?vin= lists the cars with that VIN (any case, dashes ignored); a malformed one is 400', async () => {
    const { key: k } = await seedDealer(t);
    await put('F-1', aCar({ vin: VALID_VIN_X }), k);
    await put('F-2', aCar({ vin: VALID_VIN }), k);
    await put('F-3', aCar(), k);
    const res = await list(`vin=${VALID_VIN_X.toLowerCase().replace('gdm', 'gdm-')}`, k);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().data.map((v: { external_id: string }) => v.external_id),
      ['F-1'],
    );
    assert.equal(res.json().total, 1);
    // another dealership's car with the same VIN is not listed (D7)
    assert.deepEqual(
      (await list(`vin=${VALID_VIN}`, key))
        .json()
        .data.map((v: { external_id: string }) => v.external_id)
        .includes('F-2'),
      false,
    );
    const bad = await list('vin=123', k);
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error.code, 'invalid_request');
    // a cursor is bound to the vin filter it was made with
    await put('F-4', aCar({ vin: VALID_VIN_X }), k);
    const page1 = (await list(`vin=${VALID_VIN_X}&per_page=1`, k)).json();
    assert.equal(page1.total, 2);
    assert.ok(page1.next_cursor);
    const page2 = await list(`vin=${VALID_VIN_X}&per_page=1&cursor=${page1.next_cursor}`, k);
    assert.equal(page2.statusCode, 200);
    assert.equal(page2.json().data.length, 1);
    assert.equal((await list(`per_page=1&cursor=${page1.next_cursor}`, k)).statusCode, 400);
  });

  test('a duplicate VIN is applied and reported: PUT warnings and sync warnings, by index', async () => {
    const { key: k } = await seedDealer(t);
    const first = await put('V-1', aCar({ vin: VALID_VIN }), k);
    assert.deepEqual(first.json().warnings, []);
    const second = await put('V-2', aCar({ vin: VALID_VIN }), k);
    assert.equal(second.statusCode, 201);
    assert.deepEqual(second.json().warnings, [
      {
        external_id: 'V-2',
        code: 'duplicate_vin',
        message: `vin ${VALID_VIN} is also the VIN of car "V-1" for sale in this market; both are listed (allowed), check that this is not the same car twice`,
      },
    ]);
    // sync: both cars of the call are told about each other and about V-1/V-2
    const s = await sync(
      {
        vehicles: [
          aCar({ external_id: 'V-3', vin: VALID_VIN_X }),
          aCar({ external_id: 'V-4' }),
          aCar({ external_id: 'V-5', vin: VALID_VIN_X }),
          aCar({ external_id: 'V-1', vin: VALID_VIN }),
        ],
      },
      k,
    );
    assert.equal(s.statusCode, 200, s.body);
    const warnings = s.json().warnings as { index: number; external_id: string; code: string; message: string }[];
    assert.deepEqual(
      warnings.map((w) => [w.index, w.external_id, w.code]),
      [
        [0, 'V-3', 'duplicate_vin'],
        [2, 'V-5', 'duplicate_vin'],
        [3, 'V-1', 'duplicate_vin'],
      ],
    );
    assert.match(warnings[0]!.message, /car "V-5"/);
    assert.match(warnings[2]!.message, /car "V-2"/);
    // a sold car with the same VIN is a re-listing: not reported
    await t.app.inject({ method: 'POST', url: '/v1/vehicles/V-2/sold', headers: bearer(k) });
    assert.deepEqual((await put('V-1', aCar({ vin: VALID_VIN }), k)).json().warnings, []);
    // the same VIN in another market of the dealership is another car
    const { key: two } = await seedDealer(t, { markets: ['ar', 'uy'] });
    await put('M-1', aCar({ vin: VALID_VIN, market: 'ar' }), two);
    assert.deepEqual((await put('M-2', aCar({ vin: VALID_VIN, market: 'uy', currency: 'USD' }), two)).json().warnings, []);
    // withdraw and sold answers carry no warnings
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/v1/vehicles/V-1', headers: bearer(k) })).json().warnings, undefined);
  });

  test('the public page shows the details in its language, with the VIN', async () => {
    const v = await publishCar(t, key, host, 'P-1', DETAILS);
    assert.equal(v.status, 'active');
    const page = (await t.app.inject({ url: pathOf(v.url) })).body;
    for (const [label, value] of [
      ['Carrocería', 'Sedán'],
      ['Tracción', 'Tracción delantera'],
      ['Puertas', '4'],
      ['Motor', '2.4 i-VTEC'],
      ['Color interior', 'Beige'],
      ['VIN (número de chasis)', VALID_VIN],
    ]) {
      assert.ok(page.includes(`<dt>${label}</dt><dd>${value}</dd>`), `${label}: ${value}`);
    }
    assert.ok(page.includes(`"vehicleIdentificationNumber":"${VALID_VIN}"`));
    assert.ok(page.includes('"driveWheelConfiguration":"https://schema.org/FrontWheelDriveConfiguration"'));
    // a car without them shows no empty rows
    const plain = await publishCar(t, key, host, 'P-2');
    const plainPage = (await t.app.inject({ url: pathOf(plain.url) })).body;
    assert.ok(!plainPage.includes('<dt>Carrocería</dt>'));
    assert.ok(!plainPage.includes('VIN'));
    // English for a us car
    const us = await publishCar(t, usKey, host, 'P-US', { ...DETAILS, drivetrain: '4wd', body_style: 'pickup' });
    const usPage = (await t.app.inject({ url: pathOf(us.url) })).body;
    assert.ok(usPage.includes('<dt>Drivetrain</dt><dd>Four-wheel drive (4x4)</dd>'));
    assert.ok(usPage.includes('<dt>Body style</dt><dd>Pickup</dd>'));
    assert.ok(usPage.includes(`<dt>VIN</dt><dd>${VALID_VIN}</dd>`));
  });

  test('the panel car page shows them', async () => {
    const { client, user } = await signedInClient(t);
    await put('PN-1', aCar({ ...DETAILS, photos: photoUrls('pn') }), user.key);
    const row = await t.store.db
      .selectFrom('vehicles')
      .select('id')
      .where('dealer_id', '=', user.dealerId)
      .where('external_id', '=', 'PN-1')
      .executeTakeFirstOrThrow();
    const res = await client.get(`/panel/inventory/${row.id}`);
    assert.equal(res.status, 200);
    for (const [label, value] of [
      ['Carrocería', 'Sedán'],
      ['Tracción', 'Tracción delantera'],
      ['Puertas', '4'],
      ['Motor', '2.4 i-VTEC'],
      ['Color interior', 'Beige'],
      // The field's one word (P189), as on the buyers' page.
      ['VIN (número de chasis)', VALID_VIN],
    ]) {
      assert.ok(res.body.includes(`<dt>${label}</dt><dd>${value}</dd>`), `${label}: ${value}`);
    }
  });
});
