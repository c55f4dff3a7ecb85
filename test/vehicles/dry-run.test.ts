// Dry runs of sync and reconcile (D30): the usual answer plus what would be created, updated
// and marked sold and the guard's verdict, equal to what the real call then does, and nothing
// written (every table compared before and after).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, aStock, GOL } from '../support/cars.js';
import { snapshot } from '../support/snapshot.js';

describe(`sync and reconcile dry runs (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const sync = (key: string, body: unknown) => t.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: body as object });
  const reconcile = (key: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/vehicles/reconcile', headers: bearer(key), payload: body as object });

  test('sync: duplicate-VIN warnings are planned as the real call then tells them (P62)', async () => {
    const { key } = await seedDealer(t);
    const [vinA, vinB] = ['9BWZZZ377VT004251', '1HGCM82633A004352'];
    // D-1 has vinA; D-2 has vinB, and this call moves it to vinA; D-9 is sold with vinA (not counted).
    const stored = [
      aCar({ external_id: 'D-1', ...GOL, vin: vinA }),
      aCar({ external_id: 'D-2', ...GOL, vin: vinB }),
      aCar({ external_id: 'D-9', ...GOL, vin: vinA }),
    ];
    assert.equal((await sync(key, { vehicles: stored })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/D-9/sold', headers: bearer(key) })).statusCode, 200);
    const body = {
      vehicles: [
        aCar({ external_id: 'D-2', ...GOL, vin: vinA }),
        aCar({ external_id: 'D-3', ...GOL, vin: vinB }),
        aCar({ external_id: 'D-4', ...GOL, vin: vinA }),
        aCar({ external_id: 'D-5', ...GOL }),
      ],
    };
    const before = await snapshot(t.store);
    const plan = (await sync(key, { ...body, dry_run: true })).json();
    assert.deepEqual(await snapshot(t.store), before);
    const real = (await sync(key, body)).json();
    const shape = (ws: { index: number; external_id: string; code: string; message: string }[]) =>
      ws.map((w) => [w.index, w.external_id, w.code, [...w.message.matchAll(/"(D-\d)"/g)].map((m) => m[1]).sort()]);
    assert.deepEqual(shape(plan.warnings), [
      [0, 'D-2', 'duplicate_vin', ['D-1', 'D-4']],
      [2, 'D-4', 'duplicate_vin', ['D-1', 'D-2']],
    ]);
    assert.deepEqual(shape(real.warnings), shape(plan.warnings));
  });

  test('sync: the plan equals what the real call then does, and nothing is written', async () => {
    const { key } = await seedDealer(t);
    assert.equal((await sync(key, { vehicles: aStock('A', 4, GOL) })).statusCode, 200);
    // kept (updated), A-3 and A-4 missing (sold), N-1 new, one bad car.
    const body = {
      vehicles: [
        aCar({ external_id: 'A-1', ...GOL }),
        aCar({ external_id: 'A-2', ...GOL, price: 5_000_000 }),
        aCar({ external_id: 'N-1', ...GOL }),
        aCar({ external_id: 'N-2', ...GOL, year: 1900 }),
      ],
      mark_missing_as_sold: true,
    };
    const before = await snapshot(t.store);
    const dry = await sync(key, { ...body, dry_run: true });
    assert.equal(dry.statusCode, 207, 'the same status as the real call');
    const plan = dry.json();
    assert.deepEqual(await snapshot(t.store), before, 'nothing written: no car, photo, job, event or delivery');
    assert.equal(plan.dry_run, true);
    assert.deepEqual(plan.would_create, ['N-1']);
    assert.deepEqual(plan.would_update, ['A-1', 'A-2']);
    assert.deepEqual(plan.would_mark_sold, [], 'a failed car skips marking sold, as in the real call');
    assert.match(plan.sold_skipped, /1 vehicle failed, so no car was marked sold; fix it and sync again/);
    assert.deepEqual(plan.guard, { allowed: true });
    assert.equal(plan.errors.length, 1);
    assert.equal(plan.errors[0].index, 3);
    assert.match(plan.errors[0].message, /year must be 1950 or later/);

    const real = await sync(key, body);
    assert.equal(real.statusCode, 207);
    const r = real.json();
    assert.equal(r.dry_run, undefined, 'a real answer has no dry-run fields');
    assert.equal(r.would_create, undefined);
    assert.deepEqual(
      { created: r.created, updated: r.updated, sold: r.sold, errors: r.errors },
      {
        created: plan.created,
        updated: plan.updated,
        sold: plan.sold,
        errors: plan.errors,
      },
    );
  });

  test('sync: would_mark_sold lists the missing cars; the real call marks exactly those', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('S', 10, GOL) });
    const body = { vehicles: aStock('S', 8, GOL), mark_missing_as_sold: true };
    const before = await snapshot(t.store);
    const dry = await sync(key, { ...body, dry_run: true });
    assert.equal(dry.statusCode, 200);
    assert.deepEqual(await snapshot(t.store), before);
    const plan = dry.json();
    assert.deepEqual(plan.would_mark_sold, ['S-10', 'S-9']);
    assert.equal(plan.sold, 2);
    assert.equal(plan.would_update.length, 8);
    const real = (await sync(key, body)).json();
    assert.equal(real.sold, 2);
    const list = (await t.app.inject({ url: '/v1/vehicles?status=sold', headers: bearer(key) })).json();
    assert.deepEqual(list.data.map((v: { external_id: string }) => v.external_id).sort(), plan.would_mark_sold);
  });

  test('sync: the guard would refuse → 200 with its verdict (no 409, no sync.failed); the real call then answers 409', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('G', 10, GOL) });
    const body = { vehicles: aStock('G', 2, GOL), mark_missing_as_sold: true };
    const before = await snapshot(t.store);
    const dry = await sync(key, { ...body, dry_run: true });
    assert.equal(dry.statusCode, 200);
    assert.deepEqual(await snapshot(t.store), before, 'no sync.failed event either');
    const plan = dry.json();
    assert.equal(plan.guard.allowed, false);
    assert.match(plan.guard.reason, /Marking 8 of the 10 cars/);
    assert.equal(plan.would_mark_sold.length, 8, 'what the call would mark once allowed');
    assert.equal((await sync(key, body)).statusCode, 409);
    const allowed = (await sync(key, { ...body, allow_mass_sold: true, dry_run: true })).json();
    assert.deepEqual(allowed.guard, { allowed: true });
  });

  test('sync: the 500 limit and the request checks apply to dry runs', async () => {
    const { key } = await seedDealer(t);
    const before = await snapshot(t.store);
    assert.equal((await sync(key, { vehicles: aStock('L', 501, GOL), dry_run: true })).statusCode, 413);
    const bad = await sync(key, { vehicles: [], dry_run: 'yes' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().error.message, /dry_run must be true or false/);
    assert.equal((await sync(key, { vehicles: [], mark_missing_as_sold: true, dry_run: true })).statusCode, 409);
    assert.deepEqual(await snapshot(t.store), before);
  });

  test('a new car without photos is an error in the plan, as in the real call', async () => {
    const { key } = await seedDealer(t);
    const { photos: _, ...noPhotos } = aCar({ external_id: 'P-1', ...GOL });
    const plan = (await sync(key, { vehicles: [noPhotos], dry_run: true })).json();
    const real = (await sync(key, { vehicles: [noPhotos] })).json();
    assert.equal(plan.errors.length, 1);
    assert.deepEqual(plan.errors, real.errors);
    assert.deepEqual(plan.would_create, []);
  });

  test('reconcile: would_mark_sold, kept, unknown and the guard; nothing written; the real call agrees', async () => {
    const { key } = await seedDealer(t);
    await sync(key, { vehicles: aStock('R', 10, GOL) });
    const ids = ['R-1', 'R-2', 'R-3', 'R-4', 'R-5', 'R-6', 'R-7', 'R-8', 'X-1'];
    const before = await snapshot(t.store);
    const dry = await reconcile(key, { external_ids: ids, dry_run: true });
    assert.equal(dry.statusCode, 200);
    assert.deepEqual(await snapshot(t.store), before);
    const plan = dry.json();
    assert.deepEqual(plan, {
      result: 'reconciled',
      sold: 2,
      kept: 8,
      unknown: 1,
      dry_run: true,
      would_create: [],
      would_update: [],
      would_mark_sold: ['R-10', 'R-9'],
      guard: { allowed: true },
    });
    const real = (await reconcile(key, { external_ids: ids })).json();
    assert.deepEqual(real, { result: 'reconciled', sold: 2, kept: 8, unknown: 1 });

    const refused = await reconcile(key, { external_ids: ['R-1'], dry_run: true });
    assert.equal(refused.statusCode, 200);
    assert.equal(refused.json().guard.allowed, false);
    assert.equal(refused.json().would_mark_sold.length, 7);
    assert.equal((await reconcile(key, { external_ids: ['R-1'] })).statusCode, 409);
  });

  test('reconcile: a malformed stock ID or an empty list is refused in a dry run too', async () => {
    const { key } = await seedDealer(t);
    assert.equal((await reconcile(key, { external_ids: [], dry_run: true })).statusCode, 409);
    assert.equal((await reconcile(key, { external_ids: ['ok', ' '], dry_run: true })).statusCode, 400);
  });
});
