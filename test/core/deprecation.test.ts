// Issue 38 §1 (P183): a route marked deprecated in its schema answers Deprecation (RFC 9745),
// Sunset (RFC 8594) and a Link to the docs on every answer, its errors included; other routes
// answer none of them; a deprecation without its dates is refused when the route is registered.
// The client hears of it through onDeprecation (and warns once per route by default).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import { createClient, type DeprecationInfo } from '../../packages/client/src/index.js';
import { installDeprecationHeaders } from '../../src/core/http/deprecation.js';

const DOCS = 'https://api.example.com/v1/docs';

function appWith(schema: Record<string, unknown>) {
  const app = Fastify();
  installDeprecationHeaders(app, DOCS);
  app.get('/v1/me', { schema }, async (req, reply) =>
    req.headers['x-fail'] ? reply.code(404).send({ error: { code: 'not_found', message: 'no' } }) : { ok: true },
  );
  app.get('/v1/markets/:code', async () => ({ code: 'ar' }));
  return app;
}

describe('deprecated routes (P183)', () => {
  test('answer Deprecation, Sunset and Link; the others do not', async () => {
    const app = appWith({ deprecated: true, 'x-deprecated-since': '2026-12-01T00:00:00Z', 'x-sunset': '2027-06-01T00:00:00Z' });
    for (const headers of [{}, { 'x-fail': '1' }]) {
      const res = await app.inject({ url: '/v1/me', headers });
      assert.equal(res.headers.deprecation, `@${Date.UTC(2026, 11, 1) / 1000}`);
      assert.equal(res.headers.sunset, 'Tue, 01 Jun 2027 00:00:00 GMT');
      assert.equal(res.headers.link, `<${DOCS}>; rel="deprecation"`);
    }
    const other = await app.inject({ url: '/v1/markets/ar' });
    assert.equal(other.headers.deprecation, undefined);
    assert.equal(other.headers.sunset, undefined);
    await app.close();
  });

  test('a route names its own page with x-deprecation-link', async () => {
    const app = appWith({
      deprecated: true,
      'x-deprecated-since': '2026-12-01',
      'x-sunset': '2027-06-01',
      'x-deprecation-link': 'https://x.example/changelog#me',
    });
    assert.equal((await app.inject({ url: '/v1/me' })).headers.link, '<https://x.example/changelog#me>; rel="deprecation"');
    await app.close();
  });

  test('a deprecation without dates, or with a sunset before it, is refused at registration', () => {
    for (const schema of [{ deprecated: true }, { deprecated: true, 'x-deprecated-since': '2027-01-01', 'x-sunset': '2026-01-01' }])
      assert.throws(() => appWith(schema), /GET \/v1\/me: a deprecated route needs x-deprecated-since and a later x-sunset/);
  });

  test('the client tells onDeprecation (once per route, by default a warning)', async () => {
    const app = appWith({ deprecated: true, 'x-deprecated-since': '2026-12-01', 'x-sunset': '2027-06-01' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const heard: DeprecationInfo[] = [];
      const client = createClient({ baseUrl: `${address}/v1`, apiKey: 'dik_x', onDeprecation: (info) => heard.push(info) });
      await client.raw.GET('/me');
      await client.raw.GET('/markets/{code}', { params: { path: { code: 'ar' } } });
      assert.equal(heard.length, 1);
      assert.equal(heard[0]!.method, 'GET');
      assert.equal(heard[0]!.url, `${address}/v1/me`);
      assert.equal(heard[0]!.sunset, 'Tue, 01 Jun 2027 00:00:00 GMT');

      const warned: string[] = [];
      const warn = console.warn;
      console.warn = (text: string) => warned.push(text);
      try {
        const quiet = createClient({ baseUrl: `${address}/v1`, apiKey: 'dik_x' });
        await quiet.raw.GET('/me');
        await quiet.raw.GET('/me');
      } finally {
        console.warn = warn;
      }
      assert.equal(warned.length, 1);
      assert.match(warned[0]!, /GET \/v1\/me is deprecated .*Tue, 01 Jun 2027/);
    } finally {
      await app.close();
    }
  });
});
