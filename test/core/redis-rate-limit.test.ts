// Limits over Redis (P30, P31): the same decisions as the in-process store, atomic under
// concurrent calls from several clients, the invalid-key lockout shared between apps, and an
// outage that leaves the API answering (limits per process meanwhile, with a warning).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/core/clock.js';
import { FAILED_AUTH_LIMIT } from '../../src/core/http/failed-auth.js';
import { assertDecidesAsMemory } from '../support/rate-limit-conformance.js';
import { RedisRateLimitStore } from '../../src/core/redis/rate-limit-store.js';
import { LogCapture, makeApp, openTestStore, PG_URL, STORE_NAME, testConfig, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';

const silent = { warn() {} };

describe('Redis limiter store', () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  const client = () => {
    const c = new Redis(redis.url, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
    clients.push(c);
    return c;
  };
  before(async () => {
    redis = await startTestRedis();
  });
  after(async () => {
    for (const c of clients) c.disconnect();
    await redis.stop();
  });

  test('gives the memory store’s decisions and headers for the same calls', async () => {
    const shared = new RedisRateLimitStore(client(), { prefix: redis.prefix(), log: silent });
    await assertDecidesAsMemory(shared);
    assert.equal(shared.fallbacks, 0);
  });

  test('is atomic: 50 concurrent calls from 5 clients with a limit of 10 → exactly 10 accepted', async () => {
    const prefix = redis.prefix();
    const stores = Array.from({ length: 5 }, () => new RedisRateLimitStore(client(), { prefix, log: silent }));
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 50 }, (_, i) => stores[i % 5]!.hit('key:1', now, 10, 60_000)));
    assert.equal(decisions.filter((d) => d.allowed).length, 10);
    assert.deepEqual(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((x, y) => x - y),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    for (const d of decisions.filter((x) => !x.allowed)) assert.deepEqual(d, { allowed: false, limit: 10, remaining: 0, resetMs: 60_000 });
    for (const s of stores) assert.equal(s.fallbacks, 0);
  });

  test('keys expire with their window (no leftovers in Redis)', async () => {
    const c = client();
    const prefix = redis.prefix();
    const shared = new RedisRateLimitStore(c, { prefix, log: silent });
    await shared.hit('short', Date.now(), 5, 200);
    assert.equal(await c.exists(`${prefix}rl:short`), 1);
    const ttl = await c.pttl(`${prefix}rl:short`);
    assert.ok(ttl > 0 && ttl <= 200, `ttl ${ttl}`);
  });
});

describe(`limits over Redis in the app (${STORE_NAME})`, () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: { app: FastifyInstance };
  let clock: ManualClock;
  before(async () => {
    redis = await startTestRedis();
    clock = new ManualClock(Date.UTC(2026, 10, 24, 12, 0, 0));
    const env = { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix(), RATE_LIMIT_PER_MINUTE: '5' };
    // Two apps (two "processes") on one store and one Redis, as a deployment has them.
    a = await makeApp({ clock, env });
    b = { app: await buildApp({ config: testConfig(env), store: a.store, clock, logStream: new LogCapture() }) };
  });
  after(async () => {
    await b.app.close();
    await a.close();
    await redis.stop();
  });

  test('one budget per key across apps, with exact headers', async () => {
    const { key } = await seedDealer(a);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? b : a).app.inject({ url: '/v1/me', headers: bearer(key) });
      assert.equal(res.statusCode, 200);
      remaining.push(String(res.headers['ratelimit-remaining']));
      assert.equal(res.headers['ratelimit-reset'], '60');
    }
    assert.deepEqual(remaining, ['4', '3', '2', '1', '0']);
    const refused = await a.app.inject({ url: '/v1/me', headers: bearer(key) });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.headers['retry-after'], '60');
    assert.equal(refused.headers['ratelimit-remaining'], '0');
    clock.advance(60_001);
    assert.equal((await b.app.inject({ url: '/v1/me', headers: bearer(key) })).statusCode, 200);
  });

  test('the invalid-key lockout is shared: failures on one app lock the address out on the other', async () => {
    const kb = await seedDealer(a);
    const from = (t: { app: FastifyInstance }, ip: string, k: string) => t.app.inject({ url: '/v1/me', headers: bearer(k), remoteAddress: ip });
    const bad = `dik_${'x'.repeat(40)}`;
    for (let i = 0; i < FAILED_AUTH_LIMIT; i++) assert.equal((await from(i % 2 ? a : b, '198.51.100.9', bad)).statusCode, 401);
    const locked = await from(b, '198.51.100.9', kb.key);
    assert.equal(locked.statusCode, 429, 'even a good key, on the other app');
    assert.equal(locked.headers['retry-after'], '60');
    assert.equal((await from(a, '198.51.100.9', bad)).statusCode, 429);
    assert.equal((await from(b, '198.51.100.10', kb.key)).statusCode, 200, 'another address is not affected');
    clock.advance(60_001);
    assert.equal((await from(b, '198.51.100.9', kb.key)).statusCode, 200, 'free again after the window');
  });
});

describe('Redis outage (P31)', () => {
  test('calls still answer, counted per process, with a warning; no wait beyond the command timeout', async () => {
    const redis = await startTestRedis({ own: true });
    const t = await makeApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix(), RATE_LIMIT_PER_MINUTE: '3', LOG_LEVEL: 'warn' } });
    try {
      const { key } = await seedDealer(t);
      assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(key) })).headers['ratelimit-remaining'], '2');
      await redis.kill();
      const started = Date.now();
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await t.app.inject({ url: '/v1/me', headers: bearer(key) }));
      assert.ok(Date.now() - started < 4 * 1000, 'no call waited for Redis beyond the command timeout');
      // Per process from now on: this process's own log starts empty.
      assert.deepEqual(
        answers.map((r) => [r.statusCode, r.headers['ratelimit-remaining']]),
        [
          [200, '2'],
          [200, '1'],
          [200, '0'],
          [429, '0'],
        ],
      );
      const warnings = t.logs.lines.filter((l) => l.includes('Redis did not answer'));
      assert.equal(warnings.length, 1, 'warned once, not per call');
      const limiter = t.app.services.limiter;
      assert.ok(limiter instanceof RedisRateLimitStore);
      assert.equal(limiter.fallbacks, 4);
      // The other limits keep answering too (an unknown key: 401, not 5xx).
      assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(`dik_${'y'.repeat(40)}`) })).statusCode, 401);
    } finally {
      await t.close();
      await redis.stop();
    }
  });
});

describe(`start-up warning (${STORE_NAME})`, () => {
  test('a server on PostgreSQL without REDIS_URL says its limits are per process; with it, or on SQLite, it does not', async () => {
    const ts = await openTestStore();
    const redis = await startTestRedis();
    try {
      for (const env of [{}, { REDIS_URL: redis.url }] as Record<string, string>[]) {
        const logs = new LogCapture();
        const app = await buildApp({ config: testConfig({ DATABASE_URL: ts.url, LOG_LEVEL: 'warn', ...env }), logStream: logs });
        await app.close();
        const warned = logs.text.includes('counted per process');
        assert.equal(warned, Boolean(PG_URL) && !('REDIS_URL' in env), JSON.stringify(env));
      }
    } finally {
      await redis.stop();
      await ts.dispose();
    }
  });
});
