// Issue 15, part 2, in feeds: vin, body_style, drivetrain, doors, engine and interior_color read
// from the names platforms export (and their value spellings), a wrong US check digit as a
// row error, and duplicate VINs as warnings in the push answer and the import report.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { signedInClient } from '../support/panel.js';
import { feedFor, PHOTOS, pushCsv } from './support.js';

const VALID_VIN = '1HGCM82633A004352';
const WRONG_CHECK_DIGIT = '1HGCM82643A004352';
const VALID_VIN_X = '1M8GDM9AXKP042788';

const GOL = 'Volkswagen,Gol,2015,5500000,98000';
const photos = (id: string) => PHOTOS(id).join('|');

describe(`feeds: vehicle details (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const vehicle = async (key: string, id: string) => (await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) })).json().vehicle;
  const details = (v: Record<string, unknown>) => ({
    vin: v.vin,
    body_style: v.body_style,
    drivetrain: v.drivetrain,
    doors: v.doors,
    engine: v.engine,
    interior_color: v.interior_color,
  });

  test('snake_case names (Google, Meta, TikTok) and their values', async () => {
    const { key, slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = [
      'id,brand,model,year,price,mileage,image_link,vin,body_style,drivetrain,doors,engine,interior_color',
      `S-1,${GOL},${photos('S-1')},${VALID_VIN},SEDAN,FWD,4,1.6 MSI,Negro`,
      `S-2,${GOL},${photos('S-2')},${VALID_VIN_X.toLowerCase()},ESTATE,4X4,5,1.6 MSI,Gris`,
      `S-3,${GOL},${photos('S-3')},,OTHER,TWO_WD,,,`,
    ].join('\n');
    const res = await pushCsv(t, feed.path, file);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().error_count, 0, res.body);
    assert.deepEqual(details(await vehicle(key, 'S-1')), {
      vin: VALID_VIN,
      body_style: 'sedan',
      drivetrain: 'fwd',
      doors: 4,
      engine: '1.6 MSI',
      interior_color: 'Negro',
    });
    assert.deepEqual(details(await vehicle(key, 'S-2')), {
      vin: VALID_VIN_X,
      body_style: 'wagon',
      drivetrain: '4wd',
      doors: 5,
      engine: '1.6 MSI',
      interior_color: 'Gris',
    });
    // OTHER and TWO_WD say nothing: not given
    assert.deepEqual(details(await vehicle(key, 'S-3')), { vin: null, body_style: null, drivetrain: null, doors: null, engine: null, interior_color: null });
    const report = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data[0];
    const imp = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${report.id}`, headers: bearer(key) })).json().import;
    assert.deepEqual(
      imp.columns.slice(7).map((c: { field: string }) => c.field),
      ['vin', 'body_style', 'drivetrain', 'doors', 'engine', 'interior_color'],
    );
  });

  test('DMS names (VIN, Body Style, Drive Type, Door Count, Engine, Interior Color) and spelled-out values', async () => {
    const { key, slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = [
      'Stock #;Make;Model;Year;Price;Mileage;Photos;VIN;Body Style;Drive Type;Door Count;Engine;Interior Color',
      `D-1;Volkswagen;Gol;2015;5500000;98000;${photos('D-1')};${VALID_VIN};Sport Utility;Front-wheel drive;4 doors;2.0 TSI;Cuero negro`,
      `D-2;Volkswagen;Gol;2015;5500000;98000;${photos('D-2')};1HG-CM826 33A004352;Hatch;AWD;5dr;1.6;Tela`,
      `D-3;Volkswagen;Gol;2015;5500000;98000;${photos('D-3')};;Sedã;Tração traseira;2 portas;;`,
    ].join('\n');
    const res = await pushCsv(t, feed.path, file);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().error_count, 0, res.body);
    assert.deepEqual(details(await vehicle(key, 'D-1')), {
      vin: VALID_VIN,
      body_style: 'suv',
      drivetrain: 'fwd',
      doors: 4,
      engine: '2.0 TSI',
      interior_color: 'Cuero negro',
    });
    assert.deepEqual(details(await vehicle(key, 'D-2')), {
      vin: VALID_VIN,
      body_style: 'hatchback',
      drivetrain: 'awd',
      doors: 5,
      engine: '1.6',
      interior_color: 'Tela',
    });
    assert.deepEqual(details(await vehicle(key, 'D-3')), { vin: null, body_style: 'sedan', drivetrain: 'rwd', doors: 2, engine: null, interior_color: null });
  });

  test('JSON: numbers taken as they are; unknown values are row errors naming the rule', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const cars = [
      {
        external_id: 'J-1',
        brand: 'Volkswagen',
        model: 'Gol',
        year: 2015,
        price: 5500000,
        mileage: 98000,
        photos: PHOTOS('J-1'),
        doors: 3,
        bodyType: 'Limousine',
      },
      { external_id: 'J-2', brand: 'Volkswagen', model: 'Gol', year: 2015, price: 5500000, mileage: 98000, photos: PHOTOS('J-2'), doors: 'four' },
    ];
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(cars) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().errors.map((e: { external_id: string; message: string }) => [e.external_id, e.message]),
      [
        ['J-1', 'body_style "Limousine" is not accepted as body_style; use one of sedan, hatchback, suv, pickup, coupe, convertible, wagon, van, minivan'],
        ['J-2', 'doors must be a whole number, not a string'],
      ],
    );
  });

  test('us feed: a wrong check digit fails its row (never a 5xx); duplicate VINs are warnings in the answer and the report', async () => {
    const { key, slug } = await seedDealer(t, { markets: ['us'], city: 'Austin' });
    const feed = await feedFor(t, slug);
    const header = 'stock_number,make,model,year,price,mileage,photos,vin';
    const file = [
      header,
      `U-1,Toyota,Corolla,2019,12500,45000,${photos('U-1')},${VALID_VIN}`,
      `U-2,Toyota,Corolla,2019,12500,45000,${photos('U-2')},${WRONG_CHECK_DIGIT}`,
      `U-3,Toyota,Corolla,2019,12500,45000,${photos('U-3')},${VALID_VIN}`,
      `U-4,Toyota,Corolla,2019,12500,45000,${photos('U-4')},${VALID_VIN_X}`,
    ].join('\n');
    const res = await pushCsv(t, feed.path, file);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.created, 3);
    assert.deepEqual(body.errors, [
      {
        index: 3,
        external_id: 'U-2',
        message: `vin "${WRONG_CHECK_DIGIT}" has a wrong check digit: its 9th character is 4, the other 16 call for 3 (a typing mistake?)`,
      },
    ]);
    const dup = (other: string) =>
      `vin ${VALID_VIN} is also the VIN of car "${other}" for sale in this market; both are listed (allowed), check that this is not the same car twice`;
    assert.deepEqual(body.warnings, [
      { index: 2, external_id: 'U-1', code: 'duplicate_vin', message: dup('U-3') },
      { index: 4, external_id: 'U-3', code: 'duplicate_vin', message: dup('U-1') },
    ]);
    assert.equal(body.warning_count, 2);

    const summary = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data[0];
    assert.equal(summary.warning_count, 2);
    assert.equal(summary.error_count, 1);
    const imp = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${summary.id}`, headers: bearer(key) })).json().import;
    assert.deepEqual(imp.warnings, body.warnings);
    assert.deepEqual(imp.errors, body.errors);
    // the feed list's last import carries the count too
    const feeds = (await t.app.inject({ url: '/v1/feeds', headers: bearer(key) })).json().data;
    assert.equal(feeds[0].last_import.warning_count, 2);

    // The panel's report of that import lists the warnings beside the errors.
    const { client } = await signedInClient(t, { slug });
    const page = await client.get(`/panel/feeds/imports/${summary.id}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /Rows imported, worth a look/);
    assert.ok(page.body.includes(dup('U-3').replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')));
  });
});
