// The list's cheap 304 (P142): GET /v1/vehicles' ETag comes from the scope's change marker, so a
// poll with it answers 304 without reading the page, and the tag moves with every change that
// changes the page — an update, sold, withdrawn, photos ready, a new car, a car leaving a filter,
// a sandbox emptied (rows deleted) — also when the clock has not moved (same millisecond: the
// test's clock never advances by itself) and for the sandbox's key apart from the live one's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CompiledQuery } from 'kysely';
import { createKey } from '../../src/modules/keys/service.js';
import { resetSandbox } from '../../src/modules/sandbox/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';

describe(`the vehicle list's ETag is a change marker (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let slug: string;
  const host = new PhotoHost();
  const queries: string[] = [];

  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
    ({ key, slug } = await seedDealer(t));
    // Every statement the store runs, to see what a 304 reads.
    const executor = t.store.db.getExecutor();
    const run = executor.executeQuery.bind(executor);
    executor.executeQuery = ((q: CompiledQuery, ...rest: unknown[]) => {
      queries.push(q.sql);
      return (run as (...a: unknown[]) => unknown)(q, ...rest);
    }) as typeof executor.executeQuery;
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const get = (url: string, headers: Record<string, string> = {}, k = key) => t.app.inject({ url, headers: { ...bearer(k), ...headers } });
  const put = async (id: string, over: Record<string, unknown> = {}, k = key) => {
    const res = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(k), payload: aCar({ photos: host.urls(id, 3), ...over }) });
    assert.ok(res.statusCode === 200 || res.statusCode === 201, res.body);
  };

  /** The tag now, then a change, then the same poll: 200, a new tag, and the change shown. */
  async function movesWith(
    url: string,
    change: () => Promise<unknown>,
    shown: (body: { data: { external_id: string; status: string }[]; total: number }) => void,
    k = key,
  ) {
    const first = await get(url, {}, k);
    assert.equal(first.statusCode, 200, first.body);
    const etag = first.headers.etag as string;
    assert.equal((await get(url, { 'if-none-match': etag }, k)).statusCode, 304, 'unchanged: 304');
    await change();
    const next = await get(url, { 'if-none-match': etag }, k);
    assert.equal(next.statusCode, 200, 'changed: 200');
    assert.notEqual(next.headers.etag, etag);
    shown(next.json());
    assert.equal((await get(url, { 'if-none-match': next.headers.etag as string }, k)).statusCode, 304, 'and unchanged again');
  }

  test('a 304 reads no car row: only the marker (counts and sums), not the page', async () => {
    await put('M-1');
    await t.app.services.jobs.runDue();
    const etag = (await get('/v1/vehicles')).headers.etag as string;
    queries.length = 0;
    const res = await get('/v1/vehicles', { 'if-none-match': etag });
    assert.equal(res.statusCode, 304);
    const onVehicles = queries.filter((q) => /from "vehicles"/i.test(q));
    assert.ok(onVehicles.length > 0 && onVehicles.length <= 2, onVehicles.join('\n'));
    for (const q of onVehicles) assert.match(q, /^select count\(\*\)/i, `an aggregate, not the page: ${q}`);
  });

  test('every change that changes the page moves the tag, in the same millisecond', async () => {
    await put('M-2');
    await t.app.services.jobs.runDue();
    const all = '/v1/vehicles';
    const status = (b: { data: { external_id: string; status: string }[] }, id: string) => b.data.find((v) => v.external_id === id)?.status;
    await movesWith(
      all,
      () => put('M-2', { mileage: 51_234 }),
      (b) => assert.ok(b.data.some((v) => v.external_id === 'M-2')),
    );
    await movesWith(
      all,
      () => t.app.inject({ method: 'POST', url: '/v1/vehicles/M-2/sold', headers: bearer(key) }),
      (b) => assert.equal(status(b, 'M-2'), 'sold'),
    );
    await movesWith(
      all,
      () => t.app.inject({ method: 'DELETE', url: '/v1/vehicles/M-1', headers: bearer(key) }),
      (b) => assert.equal(status(b, 'M-1'), 'withdrawn'),
    );
    await movesWith(
      all,
      () => put('M-3'),
      (b) => assert.equal(status(b, 'M-3'), 'importing_photos'),
    );
    await movesWith(
      all,
      () => t.app.services.jobs.runDue(),
      (b) => assert.equal(status(b, 'M-3'), 'active', 'photos ready'),
    );
    // A filter's scope: the car leaving it moves the tag too.
    await movesWith(
      '/v1/vehicles?status=active',
      () => t.app.inject({ method: 'POST', url: '/v1/vehicles/M-3/sold', headers: bearer(key) }),
      (b) => assert.ok(!b.data.some((v) => v.external_id === 'M-3')),
    );
  });

  test('the query string and the language are in the tag', async () => {
    const a = (await get('/v1/vehicles')).headers.etag;
    assert.notEqual((await get('/v1/vehicles?per_page=1')).headers.etag, a);
    assert.notEqual(
      (await get('/v1/vehicles', { 'accept-language': 'es' })).headers.etag,
      (await get('/v1/vehicles', { 'accept-language': 'pt' })).headers.etag,
    );
  });

  test("the sandbox's list has its own tag, and emptying the sandbox (rows deleted) moves it", async () => {
    const sandbox = (await createKey(t.store.db, t.clock, { dealer: slug, name: 'sandbox', sandbox: true })).key;
    await put('S-1', {}, sandbox);
    const live = (await get('/v1/vehicles')).headers.etag as string;
    assert.notEqual((await get('/v1/vehicles', { 'if-none-match': live }, sandbox)).statusCode, 304, "the live tag is not the sandbox's");
    await movesWith(
      '/v1/vehicles',
      () => resetSandbox(t.store, { dealer: slug }),
      (b) => assert.equal(b.total, 0),
      sandbox,
    );
    // Emptied, then a car of the same stock ID again in the same millisecond: a new tag.
    await movesWith(
      '/v1/vehicles',
      () => put('S-1', {}, sandbox),
      (b) => assert.equal(b.total, 1),
      sandbox,
    );
    assert.equal((await get('/v1/vehicles', { 'if-none-match': live })).statusCode, 304, 'the live list did not change');
  });
});
