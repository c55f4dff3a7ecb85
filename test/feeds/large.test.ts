// Large feed files through the real route: a 50 000-row file in bounded time while the API
// keeps answering, and two imports of one dealership serialized (the second waits).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { IMPORT_CHUNK } from '../../src/modules/feeds/import.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, feedFor, ids, pushCsv, vehiclesOf } from './support.js';

describe(`large feed files (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', JOB_CONCURRENCY: '0' } });
  });
  after(() => t.close());

  test('two imports of one dealership at once: the second waits for the first (no interleaved chunks)', async () => {
    const { slug } = await seedDealer(t);
    const a = await feedFor(t, slug);
    const b = await feedFor(t, slug);
    const n = IMPORT_CHUNK * 2 + 200;
    const [ra, rb] = await Promise.all([
      pushCsv(t, a.path, csv(ids('W', n).map((id) => csvCar(id, { price: 1_111_111 })))),
      pushCsv(t, b.path, csv(ids('W', n).map((id) => csvCar(id, { price: 2_222_222 })))),
    ]);
    assert.equal(ra.statusCode, 200, ra.body);
    assert.equal(rb.statusCode, 200, rb.body);
    // Serialized: one import created every car, the other updated every car.
    assert.deepEqual(
      [ra.json().created, rb.json().created].sort((x, y) => x - y),
      [0, n],
    );
    assert.deepEqual(
      [ra.json().updated, rb.json().updated].sort((x, y) => x - y),
      [0, n],
    );
    const prices = new Set((await vehiclesOf(t, slug)).map((v) => v.price_cents));
    assert.equal(prices.size, 1, 'every car carries the price of the import that ran last');
  });

  test('a 50 000-row file through the real route, in bounded time, while the API keeps answering', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = csv(ids('BIG', 50_000).map((id, i) => csvCar(id, { price: 5_000_000 + i })));
    assert.ok(file.length < 10 * 1024 * 1024);
    const started = performance.now();
    let done = false;
    const push = pushCsv(t, feed.path, file).finally(() => (done = true));
    // Read through a function: TypeScript does not see the assignment in the callback above and takes `done` for always false.
    const pushing = () => !done;
    const latencies: number[] = [];
    while (pushing()) {
      const t0 = performance.now();
      const me = await t.app.inject({ url: '/v1/me', headers: bearer(key) });
      assert.equal(me.statusCode, 200);
      if (pushing()) latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    const res = await push;
    const seconds = (performance.now() - started) / 1000;
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const answer = res.json<Record<string, unknown> & { errors: unknown[] }>();
    assert.deepEqual(
      { ...answer, errors: answer.errors.length },
      {
        result: 'processed',
        format: 'csv',
        rows: 50_000,
        created: 50_000,
        updated: 0,
        sold: 0,
        errors: 0,
        error_count: 0,
        errors_truncated: false,
        warnings: [],
        warning_count: 0,
      },
    );
    assert.ok(seconds < 120, `took ${seconds.toFixed(1)} s`);
    assert.ok(latencies.length >= 3, `GET /v1/me answered ${latencies.length} times during the import`);
    const worst = Math.max(...latencies);
    assert.ok(worst < 3000, `worst GET latency during the import ${worst.toFixed(0)} ms`);
    assert.equal((await vehiclesOf(t, slug)).length, 50_000);
    console.log(`# 50k rows: ${seconds.toFixed(1)} s; ${latencies.length} GETs during it, worst ${worst.toFixed(0)} ms`);
  });
});
