// Issue 11: one feed file must never take the service down. The hostile shapes that did (a
// 9–10 MB JSON of ~3 million `{}` aborted the whole server while its parse worker was torn
// down) and the ones that amplified (99 999 rows: a 20 MB answer, 99 999 events) go through
// the real app, raw and as the multipart part `file`; then /health must still answer. A file
// at the row limit whose every row fails answers a bounded body and records bounded events;
// a parser killed mid-file is an import that failed (unreadable_feed, sync.failed, a report).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { REJECTED_EVENTS_PER_IMPORT, REPORT_MAX_ERRORS } from '../../src/modules/feeds/import.js';
import { MAX_ROWS } from '../../src/modules/feeds/parse/map.js';
import { busyParserPids } from '../../src/modules/feeds/parse/pool.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, eventsOf, feedFor, ids, pushCsv, vehiclesOf } from './support.js';

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----hostile' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The shapes of the issue (and their neighbours), each ≤ 10 MB. */
const HOSTILE: { name: string; type: string; filename: string; body: () => Buffer; message: RegExp }[] = [
  {
    name: '9.9 MB of 3.3 million {}',
    type: 'application/json',
    filename: 'stock.json',
    body: () => Buffer.from(`[${Array(3_300_000).fill('{}').join(',')}]`),
    message: /a list of more than 50,000 entries/,
  },
  {
    name: '6 MB of 2 million {}',
    type: 'application/json',
    filename: 'stock.json',
    body: () => Buffer.from(`[${Array(2_000_000).fill('{}').join(',')}]`),
    message: /a list of more than 50,000 entries/,
  },
  {
    name: '300 KB of 99 999 {}',
    type: 'application/json',
    filename: 'stock.json',
    body: () => Buffer.from(`[${Array(99_999).fill('{}').join(',')}]`),
    message: /a list of more than 50,000 entries/,
  },
  {
    name: '800 KB CSV of 99 999 invalid rows',
    type: 'text/csv',
    filename: 'stock.csv',
    body: () => Buffer.from('external_id,brand,model,year,price\n' + 'x!,,,9,\n'.repeat(99_999)),
    message: /more than 50,000 vehicles \(the limit per file\); nothing was applied/,
  },
  {
    name: '1.2 million {} nested in short lists',
    type: 'application/json',
    filename: 'stock.json',
    body: () => Buffer.from(`[${Array.from({ length: 30 }, () => `[${Array(40_000).fill('{}').join(',')}]`).join(',')}]`),
    message: /more than 1,000,000 objects and lists/,
  },
  {
    name: '10 MB XML of 1.4 million empty vehicles',
    type: 'application/xml',
    filename: 'stock.xml',
    body: () => Buffer.from(`<inventory>${'<car/>'.repeat(1_400_000)}</inventory>`),
    message: /more than 50,000 vehicles/,
  },
];

describe(`hostile feed files through the app (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000', RATE_LIMIT_PER_MINUTE: '100000', JOB_CONCURRENCY: '0' } });
  });
  after(() => t.close());

  const health = async () => {
    const h = await t.app.inject({ url: '/health' });
    assert.equal(h.statusCode, 200, 'the service still answers');
  };

  for (const file of HOSTILE) {
    test(`${file.name}: raw and multipart, 422 unreadable_feed, nothing applied, /health answers`, async () => {
      const { slug, key } = await seedDealer(t);
      const feed = await feedFor(t, slug);
      const body = file.body();
      assert.ok(body.length <= 10 * 1024 * 1024, `${body.length} bytes`);
      const mp = multipart(file.filename, file.type, body);
      for (const [contentType, payload] of [
        [file.type, body],
        [mp.contentType, mp.payload],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': contentType }, payload });
        assert.equal(res.statusCode, 422, res.body.slice(0, 300));
        assert.equal(res.json().error.code, 'unreadable_feed');
        assert.match(res.json().error.message, file.message);
        assert.ok(res.body.length < 2000);
        await health();
      }
      assert.equal((await vehiclesOf(t, slug)).length, 0);
      const failed = await eventsOf(t, slug, 'sync.failed');
      assert.deepEqual(
        failed.map((e) => e.reason),
        ['unreadable_feed', 'unreadable_feed'],
      );
      const imports = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data;
      assert.deepEqual(
        imports.map((i: { status: string; result: string }) => [i.status, i.result]),
        [
          ['finished', 'unreadable'],
          ['finished', 'unreadable'],
        ],
      );
    });
  }

  test(`a file at the row limit (${MAX_ROWS} rows) whose every row fails: a bounded answer, report and events`, async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await pushCsv(t, feed.path, csv(ids('OK', 3).map((id) => csvCar(id)))); // cars that must not be marked sold
    const res = await pushCsv(t, feed.path, 'external_id,brand,model,year,price\n' + 'x!,Ford,,1800,\n'.repeat(MAX_ROWS));
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    assert.ok(res.body.length < 200_000, `answer of ${res.body.length} bytes`);
    const answer = res.json();
    assert.equal(answer.rows, MAX_ROWS);
    assert.equal(answer.errors.length, REPORT_MAX_ERRORS);
    assert.equal(answer.error_count, MAX_ROWS);
    assert.equal(answer.errors_truncated, true);
    assert.deepEqual([answer.errors[0].index, answer.errors.at(-1).index], [2, REPORT_MAX_ERRORS + 1]);
    assert.equal(answer.sold, 0);
    assert.match(answer.sold_skipped, /50000 vehicles failed/);
    assert.equal((await vehiclesOf(t, slug)).filter((v) => v.status === 'sold').length, 0);

    const rejected = await eventsOf(t, slug, 'vehicle.rejected');
    assert.equal(rejected.length, REJECTED_EVENTS_PER_IMPORT + 1, 'one event per failed row up to the threshold, then one for the rest');
    const [summary] = rejected.filter((e) => e.more_rejected !== undefined);
    const [last] = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data;
    assert.deepEqual(summary, {
      external_id: '',
      market: 'ar',
      source: 'feed',
      channel: 'feed',
      errors: [summary!.errors![0]],
      more_rejected: MAX_ROWS - REJECTED_EVENTS_PER_IMPORT,
      feed_id: feed.id,
      import_id: last.id,
    });
    assert.match(
      summary.errors[0]!,
      new RegExp(`49900 more vehicles of this feed file were rejected \\(50000 in all.*GET /v1/feeds/${feed.id}/imports/${last.id}`),
    );
    assert.equal(rejected.filter((e) => e.more_rejected === undefined).length, REJECTED_EVENTS_PER_IMPORT);

    assert.deepEqual([last.status, last.result, last.error_count], ['finished', 'processed', MAX_ROWS]);
    const imp = await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${last.id}`, headers: bearer(key) });
    assert.ok(imp.body.length < 200_000);
    assert.equal(imp.json().import.errors.length, REPORT_MAX_ERRORS);
    assert.equal(imp.json().import.errors_truncated, true);
    await health();
  });

  test('a parser killed mid-file: 422 unreadable_feed, sync.failed and a report; the next file is read', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = csv(ids('K', 40_000).map((id) => csvCar(id)));
    const push = pushCsv(t, feed.path, file);
    let pids: number[] = [];
    for (let i = 0; i < 400 && pids.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 5));
      pids = busyParserPids();
    }
    assert.equal(pids.length, 1, 'the file is being parsed');
    // meanwhile the import is reported as running
    const running = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data[0];
    assert.deepEqual([running.status, running.result, running.finished_at], ['running', 'running', null]);
    process.kill(pids[0]!, 'SIGKILL');
    const res = await push;
    assert.equal(res.statusCode, 422, res.body.slice(0, 300));
    assert.equal(res.json().error.code, 'unreadable_feed');
    assert.match(res.json().error.message, /the parser stopped before the end of the file/);
    await health();
    assert.equal((await vehiclesOf(t, slug)).length, 0);
    assert.deepEqual(
      (await eventsOf(t, slug, 'sync.failed')).map((e) => e.reason),
      ['unreadable_feed'],
    );
    const [report] = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data;
    assert.equal(report.id, running.id, 'the running report became the failed one');
    assert.deepEqual([report.status, report.result], ['finished', 'unreadable']);
    assert.match(report.message, /parser stopped/);
    const next = await pushCsv(t, feed.path, csv(ids('K', 2).map((id) => csvCar(id))));
    assert.equal(next.statusCode, 200, next.body);
    assert.equal(next.json().created, 2);
  });
});
