// Feed push dry run (D30) and column mapping overrides (issue 15): the plan equals what the
// push then does, nothing is written (no import report either), the mapping is shown, and
// overrides are used by pushes and pulls and validated.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ApiError } from '../../src/core/errors.js';
import { mapFeedColumn, setColumnOverride } from '../../src/modules/feeds/mapping.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { snapshot } from '../support/snapshot.js';
import { csv, csvCar, feedFor, ids, PHOTOS, pushCsv, vehiclesOf } from './support.js';

const dealerId = async (t: TestApp, slug: string) =>
  (await t.store.db.selectFrom('dealers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

/** A file whose automatic mapping is wrong: "Precio" (list price) is taken for price, "Precio Final" is the one. */
const spanishFile = (cars: { id: string; list: number; final: number }[]) =>
  [
    'codigo;marca;modelo;año;Precio;Precio Final;km;fotos;Notas internas',
    ...cars.map((c) => `${c.id};Volkswagen;Gol;2015;${c.list};${c.final};98000;${PHOTOS(c.id).join('|')};x`),
  ].join('\n') + '\n';

describe(`feed dry run and column mapping (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  after(() => t.close());

  test('push ?dry_run=true plans the duplicate-VIN warnings the push then tells (P62)', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const vin = '9BWZZZ377VT004251';
    const row = (id: string, v: string) => `${id},Volkswagen,Gol,2015,5500000,98000,${PHOTOS(id).join('|')},${v}`;
    const file = ['external_id,brand,model,year,price,mileage,photos,vin', row('V-1', vin), row('V-2', ''), row('V-3', vin)].join('\n') + '\n';
    const plan = (await pushCsv(t, `${feed.path}?dry_run=true`, file)).json();
    const real = (await pushCsv(t, feed.path, file)).json();
    const shape = (r: { warning_count: number; warnings: { index: number; external_id: string; code: string }[] }) => [
      r.warning_count,
      r.warnings.map((w) => [w.index, w.external_id, w.code]),
    ];
    assert.deepEqual(shape(plan), [
      2,
      [
        [2, 'V-1', 'duplicate_vin'],
        [4, 'V-3', 'duplicate_vin'],
      ],
    ]);
    assert.deepEqual(shape(real), shape(plan));
  });

  test('push ?dry_run=true: the plan, the guard and the mapping; nothing written (no import row); the push then does exactly that', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await pushCsv(t, feed.path, csv(ids('A', 4).map((id) => csvCar(id))));
    const file = csv([...ids('A', 3).map((id) => csvCar(id)), csvCar('N-1')]);
    const before = await snapshot(t.store);
    const dry = await pushCsv(t, `${feed.path}?dry_run=true`, file);
    assert.equal(dry.statusCode, 200, dry.body);
    assert.deepEqual(await snapshot(t.store), before, 'no car, photo, job, event, delivery or import report');
    const plan = dry.json();
    assert.equal(plan.dry_run, true);
    assert.deepEqual(plan.would_create, ['N-1']);
    assert.deepEqual(plan.would_update, ['A-1', 'A-2', 'A-3']);
    assert.deepEqual(plan.would_mark_sold, ['A-4']);
    assert.deepEqual(plan.guard, { allowed: true });
    assert.deepEqual(plan.mapping, {
      columns: ['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos'].map((c) => ({ column: c, field: c })),
      ignored: [],
      missing: [],
    });
    const real = (await pushCsv(t, feed.path, file)).json();
    assert.equal(real.dry_run, undefined);
    for (const k of ['rows', 'created', 'updated', 'sold', 'errors', 'error_count'] as const) assert.deepEqual(real[k], plan[k], k);
  });

  test('a dry run of 1 001 cars lists the quality of the first 1 000 and sums up all of them (P259)', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = csv(ids('Q', 1001).map((id) => csvCar(id)));
    const res = await pushCsv(t, `${feed.path}?dry_run=true`, file);
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const body = res.json<{
      would_create: string[];
      would_quality: { external_id: string; score: number }[];
      would_quality_truncated: boolean;
      would_quality_summary: { cars: number; average: number; under_50: number };
    }>();
    assert.equal(body.would_create.length, 1001);
    assert.equal(body.would_quality.length, 1000);
    assert.deepEqual(
      body.would_quality.slice(0, 2).map((q) => q.external_id),
      body.would_create.slice(0, 2),
    );
    assert.equal(body.would_quality_truncated, true);
    // The same car each time: the 1 001st scores as the others.
    const score = body.would_quality[0]!.score;
    assert.deepEqual(body.would_quality_summary, { cars: 1001, average: score, under_50: score < 50 ? 1001 : 0 });
  });

  test('dry run: row errors and sold_skipped as in the push; the guard would refuse → 200 with its verdict; unreadable → 422, empty → 409, nothing recorded', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await pushCsv(t, feed.path, csv(ids('G', 10).map((id) => csvCar(id))));
    const before = await snapshot(t.store);
    const bad = (await pushCsv(t, `${feed.path}?dry_run=true`, csv([...ids('G', 9).map((id) => csvCar(id)), csvCar('G-10', { year: 1900 })]))).json();
    assert.equal(bad.error_count, 1);
    assert.equal(bad.errors[0].index, 11);
    assert.match(bad.sold_skipped, /1 vehicle failed, so no car was marked sold; fix it and send the file again/);
    assert.deepEqual(bad.would_mark_sold, []);

    const refused = await pushCsv(t, `${feed.path}?dry_run=true`, csv([csvCar('G-1')]));
    assert.equal(refused.statusCode, 200);
    assert.equal(refused.json().guard.allowed, false);
    assert.match(refused.json().guard.reason, /Marking 9 of the 10 cars/);
    assert.equal(refused.json().would_mark_sold.length, 9);

    assert.equal((await pushCsv(t, `${feed.path}?dry_run=true`, '\u0000\u0001binary')).statusCode, 422);
    assert.equal((await pushCsv(t, `${feed.path}?dry_run=true`, 'external_id,brand\n')).statusCode, 409);
    assert.deepEqual(await snapshot(t.store), before, 'no import report, no sync.failed');
    // The real push is refused, so the dry run's verdict was right.
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('G-1')]))).statusCode, 409);
  });

  test('an override is used by the push, shown in the dry run and in every import report; one missing from the file is `missing`', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = spanishFile([{ id: 'E-1', list: 6_000_000, final: 5_500_000 }]);
    const auto = (await pushCsv(t, `${feed.path}?dry_run=true`, file)).json();
    assert.ok(auto.mapping.columns.some((c: { column: string; field: string }) => c.column === 'Precio' && c.field === 'price'));
    assert.ok(auto.mapping.ignored.includes('Precio Final'));

    const id = await dealerId(t, slug);
    await setColumnOverride(t.store, id, feed.id, 'precio final', 'price');
    await setColumnOverride(t.store, id, feed.id, 'Notas internas', 'ignore');
    await setColumnOverride(t.store, id, feed.id, 'Color Exterior', 'color');
    const dry = (await pushCsv(t, `${feed.path}?dry_run=true`, file)).json();
    assert.deepEqual(
      dry.mapping.columns.find((c: { column: string }) => c.column === 'Precio Final'),
      { column: 'Precio Final', field: 'price', override: true },
    );
    assert.ok(dry.mapping.ignored.includes('Precio'), 'the column the override replaces is ignored');
    assert.ok(dry.mapping.ignored.includes('Notas internas'));
    assert.deepEqual(dry.mapping.missing, ['Color Exterior']);

    assert.equal((await pushCsv(t, feed.path, file)).statusCode, 200);
    const [car] = await vehiclesOf(t, slug);
    assert.equal(car!.price_cents, 550_000_000, "the price is the override's column");
    const list = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json();
    const report = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${list.data[0].id}`, headers: bearer(key) })).json().import;
    assert.deepEqual(report.mapping, dry.mapping);
    assert.ok(!report.columns.some((c: { column: string }) => c.column === 'Color Exterior'), "columns lists the file's columns only");
  });

  test('overrides are used by pulls too', async () => {
    const { slug } = await seedDealer(t);
    const file = spanishFile([{ id: 'U-1', list: 7_000_000, final: 6_500_000 }]);
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(file);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const feed = await feedFor(t, slug, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stock.csv` });
      await setColumnOverride(t.store, await dealerId(t, slug), feed.id, 'Precio Final', 'price');
      await t.store.db.deleteFrom('jobs').where('task', '=', 'photos.download').execute();
      await t.app.services.jobs.runDue();
      const [car] = await vehiclesOf(t, slug);
      assert.equal(car?.price_cents, 650_000_000);
    } finally {
      server.close();
    }
  });

  test('bad overrides: unknown field, empty or over-long column → 400 invalid_request; unknown feed → 404; remove', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const id = await dealerId(t, slug);
    const refusal = async (p: Promise<unknown>, status: number, re: RegExp) => {
      await assert.rejects(p, (e: unknown) => e instanceof ApiError && e.status === status && re.test(e.message));
    };
    await refusal(setColumnOverride(t.store, id, feed.id, 'Precio Final', 'precio'), 400, /unknown field "precio"; one of: external_id, brand/);
    await refusal(setColumnOverride(t.store, id, feed.id, '  ', 'price'), 400, /column name is empty/);
    await refusal(setColumnOverride(t.store, id, feed.id, 'x'.repeat(201), 'price'), 400, /at most 200 characters/);
    await refusal(setColumnOverride(t.store, id, 999_999, 'Precio', 'price'), 404, /no live feed/);
    await refusal(mapFeedColumn(t.store, { dealer: slug, id: String(feed.id), column: 'Precio', remove: true }), 400, /has no override/);
    const set = await mapFeedColumn(t.store, { dealer: slug, id: String(feed.id), column: 'Precio Final', field: 'Price' });
    assert.deepEqual(set, { id: feed.id, column_map: { 'Precio Final': 'price' } });
    const again = await mapFeedColumn(t.store, { dealer: slug, id: String(feed.id), column: 'PRECIO FINAL', field: 'ignore' });
    assert.deepEqual(again.column_map, { 'PRECIO FINAL': 'ignore' }, 'the same column (compared as columns are) is replaced');
    const removed = await mapFeedColumn(t.store, { dealer: slug, id: String(feed.id), column: 'precio final', remove: true });
    assert.deepEqual(removed.column_map, {});
  });
});
