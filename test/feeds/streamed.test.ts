// P51: a file's rows are validated batch by batch as the parser process sends them (batches of
// 1000). What spans batches must read as one file: repeated stock IDs, row numbers, errors in
// order; a file that turns out unreadable after some batches changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { parseFeed } from '../../src/modules/feeds/parse/index.js';
import { csv, csvCar, feedFor, ids, pushCsv, vehiclesOf } from './support.js';

describe(`feed rows validated as the parser sends them (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', JOB_CONCURRENCY: '0' } });
  });
  after(() => t.close());

  test('stock IDs repeated across batches, and invalid rows in later batches, are reported with their rows, in order', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const cars = ids('S', 2500).map((id) => csvCar(id));
    // Car i is spreadsheet row i + 2 (the header is row 1).
    cars[2398] = csvCar('S-4'); // row 2400 repeats row 5 (first batch)
    cars[1598] = csvCar('S-1199'); // row 1600 repeats row 1200 (both in the second batch)
    cars[1700] = csvCar('S-1701', { year: 1850 }); // row 1702: invalid
    const res = await pushCsv(t, feed.path, csv(cars));
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.rows, 2500);
    assert.equal(body.created, 2497);
    assert.deepEqual(
      body.errors.map((e: { index: number; external_id: string }) => [e.index, e.external_id]),
      [
        [1600, 'S-1199'],
        [1702, 'S-1701'],
        [2400, 'S-4'],
      ],
    );
    assert.equal(body.errors[0].message, 'external_id "S-1199" repeats row 1200 of this file');
    assert.equal(body.errors[2].message, 'external_id "S-4" repeats row 5 of this file');
    assert.match(body.errors[1].message, /year/);
    assert.equal((await vehiclesOf(t, slug)).length, 2497);
  });

  test('a file unreadable after several batches of good rows changes nothing', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const first = await pushCsv(t, feed.path, csv(ids('U', 10).map((id) => csvCar(id))));
    assert.equal(first.statusCode, 200, first.body);
    const before = await vehiclesOf(t, slug);
    // 2 500 good rows (new cars and changed ones), then a quote that is never closed.
    const file = csv(ids('U', 2500).map((id) => csvCar(id, { price: 7_777_777 }))) + 'U-9999,"never closed\n';
    const res = await pushCsv(t, feed.path, file);
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json().error.code, 'unreadable_feed');
    assert.deepEqual(await vehiclesOf(t, slug), before);
  });
});

describe('files sent to the parser processes on their stdin (P51)', () => {
  test('many files at once, small (a reused parser) and over 1 MB (a parser ended after it): each read as itself', async () => {
    const files = Array.from({ length: 12 }, (_, f) => {
      const n = f % 4 === 0 ? 8000 : 3 + f; // 8 000 rows: over 1 MB
      return { n, body: Buffer.from(csv(ids(`F${f}`, n).map((id) => csvCar(id)))) };
    });
    const results = await Promise.all(files.map((f) => parseFeed({ body: f.body, contentType: 'text/csv', market: 'ar' })));
    results.forEach((r, f) => {
      assert.equal(r.rows.length, files[f]!.n);
      assert.equal(r.rows[0]!.vehicle.external_id, `F${f}-1`);
      assert.equal(r.rows.at(-1)!.vehicle.external_id, `F${f}-${files[f]!.n}`);
    });
  });
});
