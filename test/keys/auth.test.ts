// Keys (spec §5, D24) and GET /v1/me (spec 2.8), on the store TEST_DATABASE_URL names.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KEY_CACHE_TTL_MS } from '../../src/modules/keys/resolver.js';
import { revokeKey } from '../../src/modules/keys/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';

describe(`keys and /v1/me (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let slug: string;
  let prefix: string;

  before(async () => {
    t = await makeApp();
    ({ key, slug, prefix } = await seedDealer(t, { markets: ['ar', 'uy'], name: 'Autos del Sur' }));
  });
  after(() => t.close());

  const UNAUTHORIZED = {
    error: { code: 'unauthorized', message: 'A valid API key is required in the Authorization: Bearer or X-API-Key header.' },
  };

  test('a key has the fixed prefix, 32+ random characters, and only its hash is stored', async () => {
    assert.match(key, /^dik_[A-Za-z0-9_-]{32,}$/);
    assert.equal(prefix, key.slice(0, 12));
    const rows = await t.store.db.selectFrom('api_keys').selectAll().execute();
    const text = JSON.stringify(rows);
    assert.ok(!text.includes(key), 'the whole key is not stored');
    assert.ok(rows.some((r) => /^[0-9a-f]{64}$/.test(r.key_hash)));
  });

  test('GET /v1/me answers exactly spec 2.8 (and dealer.time_zone, D32; dealer.logo_url, P132) with a Bearer key', async () => {
    const res = await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      livemode: true,
      dealer: { name: 'Autos del Sur', slug, markets: ['ar', 'uy'], time_zone: 'America/Argentina/Buenos_Aires', logo_url: null },
      key: { prefix, name: 'test' },
      limits: { per_minute: 120, sync_max: 500, min_photos: 3 },
      api_version: '1.0.0',
    });
  });

  test('X-API-Key works too, and both headers with the same key are fine', async () => {
    assert.equal((await t.app.inject({ url: '/v1/me', headers: { 'x-api-key': key } })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: { ...bearer(key), 'x-api-key': key } })).statusCode, 200);
  });

  test('missing, malformed, unknown and wrong-scheme keys all get the same 401', async () => {
    const cases = [
      {},
      bearer(''),
      bearer('nope'),
      bearer(`dik_${'A'.repeat(40)}`),
      bearer(key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A')),
      { authorization: `Basic ${Buffer.from(`x:${key}`).toString('base64')}` },
      { authorization: key },
      { 'x-api-key': 'dik_short' },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ url: '/v1/me', headers });
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.deepEqual(res.json(), UNAUTHORIZED);
      assert.equal(res.headers['ratelimit-limit'], undefined, 'unauthenticated calls are not counted against a key');
    }
  });

  test('a revoked key gets the same 401, other keys keep working', async () => {
    const other = await seedDealer(t);
    const { createKey } = await import('../../src/modules/keys/service.js');
    const second = await createKey(t.store.db, t.clock, { dealer: other.slug, name: 'second' });
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(other.key) })).statusCode, 200);
    await revokeKey(t.store.db, t.clock, { dealer: other.slug, prefix: other.prefix });
    manualClock(t).advance(KEY_CACHE_TTL_MS + 1);
    const res = await t.app.inject({ url: '/v1/me', headers: bearer(other.key) });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), UNAUTHORIZED);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(second.key) })).statusCode, 200);
  });

  test('a key in the query string is refused, even with a valid header', async () => {
    for (const url of [`/v1/me?api_key=${key}`, `/v1/me?key=${key}`, `/v1/me?x=${key}`, '/v1/me?access_token=abc']) {
      const res = await t.app.inject({ url, headers: bearer(key) });
      assert.equal(res.statusCode, 400, url);
      assert.equal(res.json().error.code, 'invalid_request');
    }
  });

  test('two headers with different keys are refused', async () => {
    const other = await seedDealer(t);
    const res = await t.app.inject({ url: '/v1/me', headers: { ...bearer(key), 'x-api-key': other.key } });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, 'invalid_request');
  });

  test('each key sees its own dealership', async () => {
    const other = await seedDealer(t, { markets: ['br'], name: 'Carros SP' });
    const res = await t.app.inject({ url: '/v1/me', headers: bearer(other.key) });
    assert.equal(res.json().dealer.slug, other.slug);
    assert.deepEqual(res.json().dealer.markets, ['br']);
  });

  test('keys never appear in the logs, and every request line has a request id', async () => {
    await t.app.inject({ url: `/v1/me?api_key=${key}` });
    await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    await t.app.inject({ url: '/v1/me', headers: { 'x-api-key': key } });
    await t.app.inject({ url: `/v1/nope/${key}`, headers: bearer(key) });
    assert.ok(t.logs.lines.length > 0);
    assert.ok(!t.logs.text.includes(key.slice(4)), 'no key in any log line');
    const requestLines = t.logs.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    assert.ok(requestLines.length >= 4);
    for (const l of requestLines) assert.ok(l.request_id, 'request line has a request id');
  });

  test('a valid X-Request-Id is echoed; an invalid one is replaced', async () => {
    const ok = await t.app.inject({ url: '/v1/me', headers: { ...bearer(key), 'x-request-id': 'abc-123' } });
    assert.equal(ok.headers['x-request-id'], 'abc-123');
    const bad = await t.app.inject({ url: '/v1/me', headers: { ...bearer(key), 'x-request-id': 'no spaces <allowed>' } });
    assert.match(String(bad.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});
