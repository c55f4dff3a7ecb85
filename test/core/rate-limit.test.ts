// Rate limit (D23): a sliding 60-second window per key, with RateLimit-* and Retry-After.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { FAILED_AUTH_LIMIT } from '../../src/core/http/failed-auth.js';
import { MemoryRateLimitStore } from '../../src/core/http/rate-limit.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';

describe('sliding-window limiter', () => {
  test('never lets more than the limit through in any 60-second window, even around a minute edge', () => {
    const store = new MemoryRateLimitStore();
    const limit = 120;
    const accepted: number[] = [];
    // Bursts at 59.9 s and 60.1 s: a fixed clock-minute counter would accept 240 here.
    for (const at of [59_900, 60_100, 61_000, 90_000, 119_899, 119_901, 150_000]) {
      for (let i = 0; i < 150; i++) if (store.hit('k', at, limit, 60_000).allowed) accepted.push(at);
    }
    for (const start of accepted) {
      const inWindow = accepted.filter((x) => x >= start && x < start + 60_000).length;
      assert.ok(inWindow <= limit, `${inWindow} calls in the window starting at ${start}`);
    }
    assert.equal(accepted.filter((x) => x <= 60_100).length, 120);
    assert.equal(accepted.filter((x) => x === 119_901).length, 120, 'the window slid past the first burst');
  });

  test('remaining and reset follow the window; keys are independent', () => {
    const store = new MemoryRateLimitStore();
    const a = store.hit('a', 1000, 3, 60_000);
    assert.deepEqual(a, { allowed: true, limit: 3, remaining: 2, resetMs: 60_000 });
    store.hit('a', 11_000, 3, 60_000);
    assert.equal(store.hit('a', 21_000, 3, 60_000).remaining, 0);
    const refused = store.hit('a', 30_000, 3, 60_000);
    assert.equal(refused.allowed, false);
    assert.equal(refused.resetMs, 31_000, 'free again when the call at 1 s leaves the window');
    assert.equal(store.hit('b', 30_000, 3, 60_000).allowed, true);
    assert.equal(store.hit('a', 61_001, 3, 60_000).allowed, true);
  });
});

describe(`rate limit over HTTP (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  before(async () => {
    clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
    t = await makeApp({ clock, env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  after(() => t.close());

  test('the 6th call in a minute gets 429 with Retry-After; headers on every keyed answer', async () => {
    const { key } = await seedDealer(t);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ url: '/v1/me', headers: bearer(key) });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['ratelimit-limit'], '5');
      assert.equal(res.headers['ratelimit-remaining'], String(4 - i));
      assert.equal(res.headers['ratelimit-reset'], String(60 - i), 'seconds until the oldest call leaves the window');
      clock.advance(1000);
    }
    const limited = await t.app.inject({ url: '/v1/me', headers: bearer(key) });
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error.code, 'rate_limited');
    assert.equal(limited.headers['retry-after'], '55');
    assert.equal(limited.headers['ratelimit-remaining'], '0');
    // Errors of keyed routes carry the headers too.
    clock.advance(55_000);
    const notFound = await t.app.inject({ url: '/v1/markets/zz', headers: bearer(key) });
    assert.equal(notFound.statusCode, 404);
    assert.equal(notFound.headers['ratelimit-limit'], '5');
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(key) })).statusCode, 429, 'the call at +1 s is still in the window');
    clock.advance(1000);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(key) })).statusCode, 200);
  });

  test('an address that keeps sending bad keys is turned away for a while, others are not', async () => {
    const { key } = await seedDealer(t);
    const from = (remoteAddress: string, k: string) => t.app.inject({ url: '/v1/me', headers: bearer(k), remoteAddress });
    for (let i = 0; i < FAILED_AUTH_LIMIT; i++) assert.equal((await from('198.51.100.7', `dik_${'x'.repeat(40)}`)).statusCode, 401);
    const blocked = await from('198.51.100.7', `dik_${'x'.repeat(40)}`);
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().error.code, 'rate_limited');
    assert.ok(Number(blocked.headers['retry-after']) >= 1);
    assert.equal((await from('198.51.100.7', key)).statusCode, 429, 'even a good key, while it lasts');
    assert.equal((await from('198.51.100.8', key)).statusCode, 200, 'another address is not affected');
    clock.advance(61_000);
    assert.equal((await from('198.51.100.7', key)).statusCode, 200, 'free again after the window');
  });

  test('the limit is per key', async () => {
    const a = await seedDealer(t);
    const b = await seedDealer(t);
    for (let i = 0; i < 5; i++) await t.app.inject({ url: '/v1/me', headers: bearer(a.key) });
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(a.key) })).statusCode, 429);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(b.key) })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(b.key) })).json().limits.per_minute, 5);
  });
});
