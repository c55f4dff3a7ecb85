// Sync (spec 2.5/2.6, §4 rules 1-3, D11, D12) and reconcile (spec 2.7, §4 rule 4, D13).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, aStock, GOL } from '../support/cars.js';
import { ManualClock } from '../../src/core/clock.js';
import { SENT_AT_STEP_MS } from '../../src/modules/vehicles/repository.js';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

describe(`sync and reconcile (${STORE_NAME})`, () => {
  let t: TestApp;
  const clock = new ManualClock(Date.now());
  before(async () => {
    t = await makeApp({ clock });
  });
  after(() => t.close());

  const sync = (key: string, body: unknown) => t.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: body as object });
  const reconcile = (key: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/vehicles/reconcile', headers: bearer(key), payload: body as object });
  const statuses = async (key: string) => {
    const list = (await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) })).json();
    return Object.fromEntries(list.data.map((v: { external_id: string; status: string }) => [v.external_id, v.status]));
  };
  const eventsOf = async (slug: string, type: string) => {
    const dealer = await t.store.db.selectFrom('dealers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    return (await t.store.db.selectFrom('events').selectAll().where('dealer_id', '=', dealer.id).where('type', '=', type).execute()).map((e) =>
      JSON.parse(e.data),
    );
  };

  test('a car sent again as stored is kept as is; the same car written another way or with a bad value is validated in full (P55)', async () => {
    const { key } = await seedDealer(t);
    const car = { external_id: 'SAME-1', ...aCar({ ...GOL, version: '1.6 Trendline', vin: '9BWZZZ377VT004251', doors: 5 }) };
    assert.deepEqual((await sync(key, { vehicles: [car] })).json(), { created: 1, updated: 0, sold: 0, errors: [], warnings: [] });
    const read = async () => (await t.app.inject({ url: '/v1/vehicles/SAME-1', headers: bearer(key) })).json().vehicle;
    const stored = await read();
    const again = async (v: Record<string, unknown>) => (await sync(key, { vehicles: [{ ...car, ...v }] })).json();

    // Exactly as stored, and written another way that validation reads the same: untouched.
    assert.deepEqual(await again({}), { created: 0, updated: 1, sold: 0, errors: [], warnings: [] });
    assert.deepEqual(await again({ brand: 'volkswagen', model: ' Gol ', price: GOL.price + 0.001 - 0.001 }), {
      created: 0,
      updated: 1,
      sold: 0,
      errors: [],
      warnings: [],
    });
    assert.deepEqual(await read(), stored);

    // Values the stored car has, but sent in a form validation refuses: refused, never taken as stored.
    for (const [bad, message] of [
      [{ price: String(GOL.price) }, /price must be a number/],
      [{ price: GOL.price + 0.004 }, /at most two decimals/],
      [{ year: String(GOL.year) }, /year must be a whole number/],
      [{ doors: '5' }, /doors must be a whole number/],
      [{ photos: 'x' }, /photos must be an array/],
    ] as const) {
      const r = await again(bad);
      assert.equal(r.errors.length, 1, JSON.stringify(bad));
      assert.match(r.errors[0].message, message, JSON.stringify(bad));
    }
    assert.deepEqual(await read(), stored);
  });

  test('cars sent again as stored are settled after one narrow read (P57): only last_sent_at moves, once an hour old (P263); a sold car comes back; duplicate VINs are still told', async () => {
    const { key } = await seedDealer(t);
    const vin = '9BWZZZ377VT004251';
    const cars = [
      { external_id: 'SET-1', ...aCar({ vin }) },
      { external_id: 'SET-2', ...aCar({ vin }) },
      { external_id: 'SET-3', ...aCar() },
    ];
    const first = (await sync(key, { vehicles: cars })).json();
    assert.equal(first.created, 3);
    assert.deepEqual(
      first.warnings.map((w: { index: number }) => w.index),
      [0, 1],
    );
    const rows = async () =>
      Object.fromEntries(
        (
          await t.store.db
            .selectFrom('vehicles')
            .select(['external_id', 'status', 'last_sent_at', 'updated_at', 'revision', 'content_hash'])
            .where('external_id', 'like', 'SET-%')
            .execute()
        ).map((r) => [r.external_id, { ...r, last_sent_at: Number(r.last_sent_at), updated_at: Number(r.updated_at) }]),
      );
    const before = await rows();
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/SET-3/sold', headers: bearer(key) })).statusCode, 200);
    clock.advance(SENT_AT_STEP_MS);
    const sentFrom = t.clock.now();

    const again = (await sync(key, { vehicles: cars })).json();
    assert.equal(again.created, 0);
    assert.equal(again.updated, 3);
    assert.deepEqual(
      again.warnings.map((w: { index: number; code: string }) => [w.index, w.code]),
      [
        [0, 'duplicate_vin'],
        [1, 'duplicate_vin'],
      ],
    );
    const after1 = await rows();
    for (const id of ['SET-1', 'SET-2']) {
      const { last_sent_at: sentBefore, ...kept } = before[id]!;
      const { last_sent_at: sentNow, ...now } = after1[id]!;
      assert.deepEqual(now, kept, id);
      assert.ok(sentNow === sentFrom && sentNow > sentBefore, id);
    }
    // The sold car, sent again as it was, is for sale again (written the whole way).
    assert.equal(after1['SET-3']!.status, before['SET-3']!.status);
    assert.equal(after1['SET-3']!.updated_at, sentFrom);

    // Without its photo list (the stored one counts), the car is kept as stored too.
    const { photos: _photos, ...noPhotos } = cars[2]!;
    assert.deepEqual((await sync(key, { vehicles: [noPhotos] })).json(), { created: 0, updated: 1, sold: 0, errors: [], warnings: [] });
    const { last_sent_at: _s1, ...third } = after1['SET-3']!;
    const { last_sent_at: _s2, ...thirdNow } = (await rows())['SET-3']!;
    assert.deepEqual(thirdNow, third);

    // Sent again within the hour: no row is written, last_sent_at included; an hour on, it moves.
    clock.advance(SENT_AT_STEP_MS - 1);
    assert.equal((await sync(key, { vehicles: cars.slice(0, 2) })).json().updated, 2);
    assert.deepEqual(Object.fromEntries(Object.entries(await rows()).filter(([id]) => id !== 'SET-3')), { 'SET-1': after1['SET-1'], 'SET-2': after1['SET-2'] });
    clock.advance(1);
    await sync(key, { vehicles: cars.slice(0, 2) });
    assert.equal((await rows())['SET-1']!.last_sent_at, sentFrom + SENT_AT_STEP_MS);
  });

  test('all valid: 200 with counts; sending them again updates', async () => {
    const { key } = await seedDealer(t);
    const first = await sync(key, { vehicles: aStock('A', 3, GOL) });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { created: 3, updated: 0, sold: 0, errors: [], warnings: [] });
    const second = await sync(key, { vehicles: aStock('A', 3, { ...GOL, price: 5_400_000 }) });
    assert.deepEqual(second.json(), { created: 0, updated: 3, sold: 0, errors: [], warnings: [] });
  });

  test('one bad car never blocks the others: 207 with errors by index; vehicle.rejected per failure', async () => {
    const { key, slug } = await seedDealer(t);
    const res = await sync(key, {
      vehicles: [
        aCar({ external_id: 'B-1', ...GOL }),
        aCar({ external_id: 'B-2', ...GOL, year: 1900, brand: 'Nope' }),
        aCar({ external_id: 'B-3', ...GOL }),
        aCar({ external_id: 'B-1', ...GOL }),
        { brand: 'x' },
        aCar({ external_id: 'B-4', ...GOL, source: 'shopify' }),
        'text',
      ],
    });
    assert.equal(res.statusCode, 207);
    const body = res.json();
    assert.equal(body.created, 2);
    assert.deepEqual(
      body.errors.map((e: { index: number }) => e.index),
      [1, 3, 4, 5, 6],
    );
    assert.equal(body.errors[0].external_id, 'B-2');
    assert.match(body.errors[0].message, /year must be 1950 or later/);
    assert.match(body.errors[0].message, /brand "Nope" is not in the catalog/);
    assert.match(body.errors[1].message, /repeats vehicle 0/);
    assert.match(body.errors[2].message, /external_id is required/);
    assert.match(body.errors[3].message, /source "shopify" differs/);
    assert.equal(body.sold_skipped, undefined, 'present only when mark_missing_as_sold was asked');
    assert.deepEqual(Object.keys(await statuses(key)).sort(), ['B-1', 'B-3']);
    const rejected = await eventsOf(slug, 'vehicle.rejected');
    assert.equal(rejected.length, 5);
    assert.deepEqual(rejected.find((e) => e.external_id === 'B-2')?.channel, 'sync');
  });

  test('more than 500 vehicles: 413, nothing applied; 500 pass', async () => {
    const { key } = await seedDealer(t);
    const over = await sync(key, { vehicles: aStock('C', 501, GOL) });
    assert.equal(over.statusCode, 413);
    assert.equal(over.json().error.code, 'payload_too_large');
    assert.equal((await t.app.inject({ url: '/v1/vehicles', headers: bearer(key) })).json().total, 0);
    const ok = await sync(key, { vehicles: aStock('C', 500, GOL) });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().created, 500);
  });

  test('mark_missing_as_sold marks the missing cars of that source only, with vehicle.sold each', async () => {
    const { key, slug } = await seedDealer(t);
    await sync(key, { vehicles: aStock('D', 10, GOL) });
    await sync(key, { source: 'shopify', vehicles: [aCar({ external_id: 'SHOP-1', ...GOL })] });
    const res = await sync(key, { vehicles: aStock('D', 8, GOL), mark_missing_as_sold: true });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { created: 0, updated: 8, sold: 2, errors: [], warnings: [] });
    const s = await statuses(key);
    assert.equal(s['D-9'], 'sold');
    assert.equal(s['D-10'], 'sold');
    assert.equal(s['D-1'], 'importing_photos');
    assert.equal(s['SHOP-1'], 'importing_photos', 'another source is never touched');
    assert.deepEqual((await eventsOf(slug, 'vehicle.sold')).map((e) => e.external_id).sort(), ['D-10', 'D-9']);
    // Already sold cars are not sold again.
    const again = await sync(key, { vehicles: aStock('D', 8, GOL), mark_missing_as_sold: true });
    assert.equal(again.json().sold, 0);
    assert.equal((await eventsOf(slug, 'vehicle.sold')).length, 2);
  });

  test('a failed vehicle skips the marking (sold_skipped)', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('E', 4, GOL) });
    const res = await sync(key, {
      vehicles: [aCar({ external_id: 'E-1', ...GOL }), aCar({ external_id: 'E-2', ...GOL, price: 0 })],
      mark_missing_as_sold: true,
    });
    assert.equal(res.statusCode, 207);
    assert.equal(res.json().sold, 0);
    assert.match(res.json().sold_skipped, /1 vehicle failed, so no car was marked sold; fix it and sync again/);
    assert.equal((await statuses(key))['E-4'], 'importing_photos');
  });

  test('the sold guard refuses with 409 too_many_missing and the call has no effect at all', async () => {
    const { key, slug } = await seedDealer(t);
    await sync(key, { vehicles: aStock('F', 10, GOL) });
    const before = (await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) })).json();
    const res = await sync(key, {
      vehicles: [...aStock('F', 4, { ...GOL, price: 1 }), aCar({ external_id: 'F-NEW', ...GOL })],
      mark_missing_as_sold: true,
    });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().error.code, 'too_many_missing');
    assert.match(res.json().error.message, /6 of the 10 cars/);
    const afterList = (await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) })).json();
    assert.deepEqual(afterList, before, 'nothing created, updated or marked');
    const failed = await eventsOf(slug, 'sync.failed');
    assert.deepEqual(
      failed.map((e) => [e.market, e.source, e.reason]),
      [['ar', 'api', 'too_many_missing']],
    );
    assert.match(failed[0].message, /6 of the 10/);

    const allowed = await sync(key, { vehicles: aStock('F', 4, GOL), mark_missing_as_sold: true, allow_mass_sold: true });
    assert.equal(allowed.statusCode, 200);
    assert.equal(allowed.json().sold, 6);
  });

  test('the guard lets through fewer than 5 cars, or 40% or less', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('G', 5, GOL) });
    const four = await sync(key, { vehicles: [aCar({ external_id: 'G-1', ...GOL })], mark_missing_as_sold: true });
    assert.equal(four.statusCode, 200, '4 of 5 is 80% but fewer than 5');
    assert.equal(four.json().sold, 4);
    const k2 = (await seedDealer(t)).key;
    await sync(k2, { vehicles: aStock('H', 15, GOL) });
    const six = await sync(k2, { vehicles: aStock('H', 9, GOL), mark_missing_as_sold: true });
    assert.equal(six.statusCode, 200, '6 of 15 is exactly 40%');
    assert.equal(six.json().sold, 6);
  });

  test('empty lists: 409 empty_list with mark_missing_as_sold, else nothing to do', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: [aCar({ external_id: 'I-1', ...GOL })] });
    const refused = await sync(key, { vehicles: [], mark_missing_as_sold: true, allow_mass_sold: true });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error.code, 'empty_list');
    const empty = await sync(key, { vehicles: [] });
    assert.deepEqual([empty.statusCode, empty.json()], [200, { created: 0, updated: 0, sold: 0, errors: [], warnings: [] }]);
    assert.equal((await statuses(key))['I-1'], 'importing_photos');
  });

  test('request-level errors: 400s, and markets per D8', async () => {
    const { key } = await seedDealer(t, { markets: ['ar', 'uy'] });
    const cases: [unknown, number, string][] = [
      [{ vehicles: 'x' }, 400, 'invalid_request'],
      [{}, 400, 'invalid_request'],
      [{ vehicles: [], market: 'ar', mark_missing_as_sold: 'yes' }, 400, 'invalid_request'],
      [{ vehicles: [], market: 'ar', source: 'csv' }, 400, 'invalid_request'],
      [{ vehicles: [] }, 400, 'market_required'],
      [{ vehicles: [], market: 'br' }, 400, 'invalid_market'],
    ];
    for (const [body, status, code] of cases) {
      const res = await sync(key, body);
      assert.equal(res.statusCode, status, JSON.stringify(body));
      assert.equal(res.json().error.code, code, JSON.stringify(body));
    }
    const uy = await sync(key, { market: 'uy', vehicles: [aCar({ external_id: 'J-1', ...GOL }), aCar({ external_id: 'J-2', ...GOL, market: 'ar' })] });
    assert.equal(uy.statusCode, 207);
    assert.match(uy.json().errors[0].message, /market "ar" differs/);
    const v = (await t.app.inject({ url: '/v1/vehicles/J-1?market=uy', headers: bearer(key) })).json().vehicle;
    assert.deepEqual([v.market, v.currency], ['uy', 'USD']);
  });

  test('a failure inside the transaction leaves no half-written car', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('K', 3, GOL) });
    const before = (await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) })).json();
    // Recording vehicle.sold, the last write of this sync, fails.
    if (t.store.dialect === 'sqlite') {
      await sql`create trigger boom before insert on events when new.type = 'vehicle.sold' begin select raise(abort, 'forced failure'); end`.execute(
        t.store.db,
      );
    } else {
      await sql`create function boom() returns trigger language plpgsql as $$ begin if new.type = 'vehicle.sold' then raise exception 'forced failure'; end if; return new; end $$`.execute(
        t.store.db,
      );
      await sql`create trigger boom before insert on events for each row execute function boom()`.execute(t.store.db);
    }
    try {
      const res = await sync(key, {
        vehicles: [aCar({ external_id: 'K-1', ...GOL, price: 1 }), aCar({ external_id: 'K-2', ...GOL }), aCar({ external_id: 'K-NEW', ...GOL })],
        mark_missing_as_sold: true,
      });
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().error.code, 'internal_error');
    } finally {
      await sql`drop trigger boom${t.store.dialect === 'postgres' ? sql` on events` : sql``}`.execute(t.store.db);
    }
    const afterList = (await t.app.inject({ url: '/v1/vehicles?per_page=100', headers: bearer(key) })).json();
    assert.deepEqual(afterList, before, 'no car created, updated or marked sold');
  });

  test('reconcile marks sold the cars of the source not listed; unknown IDs are counted', async () => {
    const { key, slug } = await seedDealer(t);
    await sync(key, { vehicles: aStock('R', 10, GOL) });
    await sync(key, { source: 'odoo', vehicles: [aCar({ external_id: 'ODOO-1', ...GOL })] });
    const res = await reconcile(key, { external_ids: [...ids('R', 8), 'R-8', 'GHOST-1'] });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { result: 'reconciled', sold: 2, kept: 8, unknown: 1 });
    const s = await statuses(key);
    assert.deepEqual([s['R-9'], s['R-10'], s['R-1'], s['ODOO-1']], ['sold', 'sold', 'importing_photos', 'importing_photos']);
    assert.equal((await eventsOf(slug, 'vehicle.sold')).length, 2);
    const again = await reconcile(key, { external_ids: ids('R', 8) });
    assert.deepEqual(again.json(), { result: 'reconciled', sold: 0, kept: 8, unknown: 0 });
    const odoo = await reconcile(key, { source: 'odoo', external_ids: ['ODOO-1'] });
    assert.deepEqual(odoo.json(), { result: 'reconciled', sold: 0, kept: 1, unknown: 0 });
  });

  test('reconcile: guard 409 with sync.failed, allow_mass_sold, empty list always 409, limits', async () => {
    const { key, slug } = await seedDealer(t);
    await sync(key, { vehicles: aStock('S', 10, GOL) });
    const refused = await reconcile(key, { external_ids: ids('S', 3) });
    assert.equal(refused.statusCode, 409);
    assert.equal(refused.json().error.code, 'too_many_missing');
    assert.equal(Object.values(await statuses(key)).filter((x) => x === 'sold').length, 0);
    assert.equal((await eventsOf(slug, 'sync.failed')).length, 1);
    const allowed = await reconcile(key, { external_ids: ids('S', 3), allow_mass_sold: true });
    assert.deepEqual(allowed.json(), { result: 'reconciled', sold: 7, kept: 3, unknown: 0 });
    for (const body of [{ external_ids: [] }, { external_ids: [], allow_mass_sold: true }]) {
      const res = await reconcile(key, body);
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().error.code, 'empty_list');
    }
    const tooMany = await reconcile(key, { external_ids: ids('Z', 20001) });
    assert.equal(tooMany.statusCode, 400);
    assert.equal(tooMany.json().error.code, 'invalid_request');
    const max = await reconcile(key, { external_ids: [...ids('S', 3), ...ids('Z', 19997)] });
    assert.deepEqual(max.json(), { result: 'reconciled', sold: 0, kept: 3, unknown: 19997 });
    for (const body of [{ external_ids: 'S-1' }, { external_ids: [1, 2] }, { external_ids: ['S-1'], allow_mass_sold: 'true' }, {}]) {
      const res = await reconcile(key, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().error.code, 'invalid_request');
    }
  });
});
