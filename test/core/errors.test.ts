// Every error of every route, the framework's own included, has the Error shape (D22).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BODY_LIMIT } from '../../src/app.js';
import { makeApp, READY_CHECKS, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';

function assertErrorShape(body: unknown, code: string): void {
  const b = body as { error?: { code: string; message: string; fields?: string[] } };
  assert.equal(typeof b.error?.message, 'string');
  assert.ok(b.error!.message.length > 0);
  assert.equal(b.error!.code, code);
  assert.deepEqual(Object.keys(b), ['error']);
}

describe(`error shapes (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;

  before(async () => {
    t = await makeApp({
      // Routes only these tests have: a JSON body route and one that fails unexpectedly.
      setup(app) {
        app.post('/v1/test-echo', { schema: { body: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } } } }, async (req) => req.body);
        app.get('/v1/test-crash', async () => {
          throw new Error('boom: secret internals');
        });
      },
    });
    ({ key } = await seedDealer(t));
  });
  after(() => t.close());

  test('unknown route: 404 not_found (any method)', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/v1/no-such-thing' });
      assert.equal(res.statusCode, 404);
      assertErrorShape(res.json(), 'not_found');
    }
    // `/` is the public site's home page since P85 (links to the panel and the API docs).
    const root = await t.app.inject({ url: '/' });
    assert.equal(root.statusCode, 200);
    assert.match(String(root.headers['content-type']), /^text\/html/);
    const nothing = await t.app.inject({ url: '/no-such-page' });
    assert.equal(nothing.statusCode, 404);
    assertErrorShape(nothing.json(), 'not_found');
  });

  test('malformed JSON: 400 invalid_request', async () => {
    for (const payload of ['{bad', '{"a":1', "{'a':1}", '{"a":1}}']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { 'content-type': 'application/json' }, payload });
      assert.equal(res.statusCode, 400, payload);
      assertErrorShape(res.json(), 'invalid_request');
    }
  });

  test('a body that is not an object: 400 invalid_request', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null', 'true']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { 'content-type': 'application/json' }, payload });
      assert.equal(res.statusCode, 400, payload);
      assertErrorShape(res.json(), 'invalid_request');
    }
  });

  test('a body failing the route schema: 400 invalid_request; a good one passes', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/test-echo', payload: { a: 'x' } });
    assert.equal(bad.statusCode, 400);
    assertErrorShape(bad.json(), 'invalid_request');
    const none = await t.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { 'content-type': 'application/json' }, payload: '' });
    assert.equal(none.statusCode, 400);
    assertErrorShape(none.json(), 'invalid_request');
    const good = await t.app.inject({ method: 'POST', url: '/v1/test-echo', payload: { a: 1 } });
    assert.equal(good.statusCode, 200);
  });

  test('wrong content type: 400 invalid_request', async () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { 'content-type': ct }, payload: 'a=1' });
      assert.equal(res.statusCode, 400, ct);
      assertErrorShape(res.json(), 'invalid_request');
    }
  });

  test('body too large: 413 payload_too_large', async () => {
    const payload = JSON.stringify({ a: 1, pad: 'x'.repeat(BODY_LIMIT) });
    const res = await t.app.inject({ method: 'POST', url: '/v1/test-echo', headers: { 'content-type': 'application/json' }, payload });
    assert.equal(res.statusCode, 413);
    assertErrorShape(res.json(), 'payload_too_large');
  });

  test('an unexpected failure: 500 internal_error without internals, logged with its request id', async () => {
    const res = await t.app.inject({ url: '/v1/test-crash', headers: { 'x-request-id': 'crash-1' } });
    assert.equal(res.statusCode, 500);
    assertErrorShape(res.json(), 'internal_error');
    assert.ok(!res.body.includes('boom'));
    const line = t.logs.lines.map((l) => JSON.parse(l)).find((l) => l.request_id === 'crash-1' && l.level === 50);
    assert.ok(line, 'error logged with request id');
  });

  test('keyed routes check the key before anything else; bad path parameters are 400', async () => {
    const noKey = await t.app.inject({ url: '/v1/markets/ar' });
    assert.equal(noKey.statusCode, 401);
    assertErrorShape(noKey.json(), 'unauthorized');
    const longCode = await t.app.inject({ url: `/v1/markets/${'x'.repeat(20)}`, headers: bearer(key) });
    assert.equal(longCode.statusCode, 400);
    assertErrorShape(longCode.json(), 'invalid_request');
  });

  test('health and readiness answer without a key', async () => {
    assert.deepEqual((await t.app.inject({ url: '/health' })).json(), { status: 'ok' });
    assert.deepEqual((await t.app.inject({ url: '/ready' })).json(), { status: 'ready', checks: READY_CHECKS });
  });
});
