// The feed report (keyed): GET /v1/feeds (never a token), the imports of a feed newest first,
// one import with its errors and column matches; another dealership gets 404. And the
// operator's feeds list / revoke (D3 style).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { entry } from '../support/entry.js';
import { csv, csvCar, feedFor, ids, pushCsv } from './support.js';

describe(`feed report and operator commands (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  test("GET /v1/feeds: the dealership's feeds with their last import, never a token", async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await feedFor(t, slug, { url: 'https://dealer.example.com/stock.csv', source: 'tiendanube' });
    await pushCsv(t, feed.path, csv(ids('F', 2).map((id) => csvCar(id))));
    const res = await t.app.inject({ url: '/v1/feeds', headers: bearer(key) });
    assert.equal(res.statusCode, 200);
    assert.ok(!res.body.includes(feed.token), 'no token in the answer');
    const [a, b] = res.json().data;
    assert.deepEqual(
      { ...a, created_at: undefined, last_import: undefined },
      { id: feed.id, market: 'ar', source: 'feed', url: null, revoked: false, last_polled_at: null, created_at: undefined, last_import: undefined },
    );
    assert.equal(a.last_import.result, 'processed');
    assert.equal(a.last_import.trigger, 'push');
    assert.equal(a.last_import.created, 2);
    assert.equal(b.source, 'tiendanube');
    assert.equal(b.url, 'https://dealer.example.com/stock.csv');
    assert.equal(b.last_import, null);
    assert.ok(res.headers['ratelimit-limit'], 'keyed like every /v1 route');
    assert.equal((await t.app.inject({ url: '/v1/feeds' })).statusCode, 401);
  });

  test('imports newest first, paged; one import with errors (capped list, whole count) and column matches; other dealership 404', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const clock = manualClock(t);
    await pushCsv(t, feed.path, csv(ids('I', 3).map((id) => csvCar(id))));
    clock.advance(1000);
    await pushCsv(t, feed.path, csv([csvCar('I-1'), csvCar('I-2', { year: 1900 }), csvCar('I-3')]));
    clock.advance(1000);
    await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'text/csv' }, payload: '' });

    const list = await t.app.inject({ url: `/v1/feeds/${feed.id}/imports?per_page=2`, headers: bearer(key) });
    assert.equal(list.statusCode, 200);
    const body = list.json();
    assert.equal(body.total, 3);
    assert.equal(body.per_page, 2);
    assert.deepEqual(
      body.data.map((i: { result: string }) => i.result),
      ['unreadable', 'processed'],
    );
    assert.match(body.data[0].message, /could not be read/);
    assert.equal(body.data[1].error_count, 1);
    assert.equal(body.data[1].sold_skipped !== null, true);
    const page2 = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports?per_page=2&page=2`, headers: bearer(key) })).json();
    assert.deepEqual(
      page2.data.map((i: { created: number }) => i.created),
      [3],
    );

    const one = await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${body.data[1].id}`, headers: bearer(key) });
    assert.equal(one.statusCode, 200);
    const imp = one.json().import;
    assert.deepEqual(
      imp.errors.map((e: { index: number; external_id: string }) => [e.index, e.external_id]),
      [[3, 'I-2']],
    );
    assert.deepEqual(
      imp.columns.filter((c: { field: string | null }) => c.field !== null).map((c: { column: string; field: string }) => [c.column, c.field]),
      ['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos'].map((c) => [c, c]),
    );
    assert.equal(imp.format, 'csv');
    assert.equal(imp.trigger, 'push');

    const other = await seedDealer(t);
    for (const url of [`/v1/feeds/${feed.id}/imports`, `/v1/feeds/${feed.id}/imports/${body.data[1].id}`]) {
      const r = await t.app.inject({ url, headers: bearer(other.key) });
      assert.equal(r.statusCode, 404, url);
      assert.equal(r.json().error.code, 'not_found');
    }
    assert.deepEqual((await t.app.inject({ url: '/v1/feeds', headers: bearer(other.key) })).json(), { data: [] });
    assert.equal((await t.app.inject({ url: `/v1/feeds/${feed.id}/imports?per_page=101`, headers: bearer(key) })).statusCode, 400);
    assert.equal((await t.app.inject({ url: `/v1/feeds/abc/imports`, headers: bearer(key) })).statusCode, 400);
  });

  test('the answer and the report give the first 1000 row errors in full and the whole count', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const res = await pushCsv(t, feed.path, csv(ids('X', 1200).map((id) => csvCar(id, { year: 1900 }))));
    assert.equal(res.statusCode, 200);
    const answer = res.json();
    assert.equal(answer.errors.length, 1000, 'the answer lists the first 1000 errors');
    assert.deepEqual([answer.errors[0].index, answer.errors[999].index], [2, 1001]);
    assert.equal(answer.error_count, 1200);
    assert.equal(answer.errors_truncated, true);
    const [last] = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) })).json().data;
    assert.equal(last.error_count, 1200);
    assert.deepEqual([last.status, last.result], ['finished', 'processed']);
    const imp = (await t.app.inject({ url: `/v1/feeds/${feed.id}/imports/${last.id}`, headers: bearer(key) })).json().import;
    assert.equal(imp.errors.length, 1000);
    assert.equal(imp.errors_truncated, true);
    assert.equal(imp.errors[0].index, 2);
  });

  test('CLI: feeds list never prints a token; feeds revoke by id or token, then the push address is 404', async () => {
    const { slug } = await seedDealer(t);
    const a = await feedFor(t, slug);
    const b = await feedFor(t, slug, { url: 'https://dealer.example.com/feed.xml' });
    const cli = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(...entry('cli', ...args), { env: { ...process.env, DATABASE_URL: t.url } }, (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    const list = await cli('feeds', 'list', '--dealer', slug, '--json');
    assert.equal(list.code, 0, list.stderr);
    assert.ok(!list.stdout.includes(a.token) && !list.stdout.includes(b.token));
    assert.deepEqual(
      JSON.parse(list.stdout).feeds.map((f: { id: number; revoked: boolean }) => [f.id, f.revoked]),
      [
        [a.id, false],
        [b.id, false],
      ],
    );

    const byToken = await cli('feeds', 'revoke', '--dealer', slug, '--token', a.token, '--json');
    assert.equal(byToken.code, 0, byToken.stderr);
    assert.deepEqual(JSON.parse(byToken.stdout), { revoked: true, id: a.id });
    assert.equal((await pushCsv(t, a.path, csv([csvCar('C-1')]))).statusCode, 404);

    const pullJob = () => t.store.db.selectFrom('jobs').select('id').where('job_key', '=', `feeds.pull:${b.id}`).execute();
    assert.equal((await pullJob()).length, 1, 'a feed with a URL has its pull job');
    const byId = await cli('feeds', 'revoke', '--dealer', slug, '--id', String(b.id), '--json');
    assert.deepEqual(JSON.parse(byId.stdout), { revoked: true, id: b.id });
    assert.equal((await pullJob()).length, 0, 'a revoked feed is no longer read');

    const again = await cli('feeds', 'revoke', '--dealer', slug, '--id', String(b.id), '--json');
    assert.notEqual(again.code, 0);
    assert.match(again.stderr, /no live feed with id/);
    assert.equal(again.stdout, '');
    const other = await seedDealer(t);
    const foreign = await feedFor(t, other.slug);
    const cross = await cli('feeds', 'revoke', '--dealer', slug, '--token', foreign.token);
    assert.notEqual(cross.code, 0, "another dealership's feed cannot be revoked under this one");
    const neither = await cli('feeds', 'revoke', '--dealer', slug);
    assert.notEqual(neither.code, 0);
    assert.match(neither.stderr, /either --id/);
  });
});
