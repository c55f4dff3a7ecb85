// TRUST_PROXY: behind a proxy the client is who X-Forwarded-For says, but only when a trusted
// proxy says it; by default the header is ignored (a client could name anyone). Observed
// through the invalid-key lockout, which counts per client address.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import { FAILED_AUTH_LIMIT } from '../../src/core/http/failed-auth.js';
import { makeApp, STORE_NAME } from '../support/app.js';

async function lockedOut(env: Record<string, string>, peer: string): Promise<{ sameHeader: number; otherHeader: number }> {
  const t = await makeApp({ env });
  try {
    const call = (forwarded: string) =>
      t.app.inject({ url: '/v1/me', remoteAddress: peer, headers: { authorization: 'Bearer dik_nope', 'x-forwarded-for': forwarded } });
    for (let i = 0; i < FAILED_AUTH_LIMIT; i++) await call('203.0.113.7');
    return { sameHeader: (await call('203.0.113.7')).statusCode, otherHeader: (await call('198.51.100.2')).statusCode };
  } finally {
    await t.close();
  }
}

describe(`TRUST_PROXY (${STORE_NAME})`, () => {
  test('off by default: X-Forwarded-For is ignored, the peer is the client', async () => {
    assert.deepEqual(await lockedOut({}, '127.0.0.1'), { sameHeader: 429, otherHeader: 429 });
  });

  test('from a trusted proxy, each forwarded client has its own budget', async () => {
    assert.deepEqual(await lockedOut({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }, '127.0.0.1'), { sameHeader: 429, otherHeader: 401 });
  });

  test('from a peer that is not a trusted proxy, the header is ignored', async () => {
    assert.deepEqual(await lockedOut({ TRUST_PROXY: '10.0.0.0/8' }, '192.0.2.50'), { sameHeader: 429, otherHeader: 429 });
  });

  test('a bad value is named at start', () => {
    for (const bad of ['yes please', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2', '2']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        (e: unknown) => e instanceof ConfigError && e.variable === 'TRUST_PROXY',
        bad,
      );
    }
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy, ['loopback', '10.0.0.0/8']);
    assert.equal(loadConfig({}).trustProxy, false);
  });
});
