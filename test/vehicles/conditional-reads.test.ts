// Polling reads (issue 29 §5, P93): GET /v1/vehicles and GET /v1/vehicles/{external_id} carry an
// ETag; the same read with it in If-None-Match answers 304 without a body until the answer changes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';

describe(`ETag and If-None-Match on the vehicle reads (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let other: string;
  before(async () => {
    t = await makeApp();
    ({ key } = await seedDealer(t));
    ({ key: other } = await seedDealer(t));
    for (const id of ['E-1', 'E-2']) {
      const put = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: aCar() });
      assert.equal(put.statusCode, 201, put.body);
    }
  });
  after(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}, k = key) => t.app.inject({ url, headers: { ...bearer(k), ...headers } });

  for (const url of ['/v1/vehicles?updated_since=2000-01-01T00:00:00Z', '/v1/vehicles/E-1']) {
    test(`${url.split('?')[0]}: 304 while unchanged, 200 with a new ETag once the car changes`, async () => {
      const first = await get(url);
      assert.equal(first.statusCode, 200);
      const etag = first.headers.etag as string;
      assert.match(etag, /^"[\w-]+"$/);
      assert.equal((await get(url)).headers.etag, etag, 'the same answer, the same tag');

      const unchanged = await get(url, { 'if-none-match': etag });
      assert.equal(unchanged.statusCode, 304);
      assert.equal(unchanged.body, '');
      assert.equal(unchanged.headers['content-type'], undefined, 'a 304 has no body to type');
      assert.equal(unchanged.headers.etag, etag);
      assert.ok(unchanged.headers['x-request-id'] && unchanged.headers['ratelimit-remaining'], 'the usual headers stay');
      for (const variant of [`W/${etag}`, `"other", ${etag}`, '*']) assert.equal((await get(url, { 'if-none-match': variant })).statusCode, 304, variant);
      assert.equal((await get(url, { 'if-none-match': '"stale"' })).statusCode, 200);

      // Another dealership's key never gets this dealership's tag confirmed (its answer differs: 404 or its own list).
      assert.notEqual((await get(url, { 'if-none-match': etag }, other)).statusCode, 304);

      const put = await t.app.inject({
        method: 'PUT',
        url: '/v1/vehicles/E-1',
        headers: bearer(key),
        payload: aCar({ mileage: 46_000 + Math.floor(Math.random() * 1000) }),
      });
      assert.equal(put.statusCode, 200, put.body);
      const changed = await get(url, { 'if-none-match': etag });
      assert.equal(changed.statusCode, 200);
      assert.notEqual(changed.headers.etag, etag);
      const body = JSON.parse(changed.body) as { vehicle?: { mileage: number }; data?: { external_id: string; mileage: number }[] };
      const shown = body.vehicle ?? body.data!.find((v) => v.external_id === 'E-1')!;
      assert.equal(shown.mileage, (JSON.parse(put.body) as { vehicle: { mileage: number } }).vehicle.mileage);
    });
  }

  test('errors carry no ETag and are never 304', async () => {
    const missing = await get('/v1/vehicles/NOPE', { 'if-none-match': '*' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
  });
});
