// One set of calls every shared limit store must decide as the memory store does (P30, P70):
// bursts around the window's edge, ties, two keys, and a guard that fills then frees.
import assert from 'node:assert/strict';
import { MemoryRateLimitStore, rateLimitHeaders, type RateLimitGuard, type RateLimitStore } from '../../src/core/http/rate-limit.js';

/** Asserts that `shared` gives the memory store's decisions and headers, its keys under `prefix`. */
export async function assertDecidesAsMemory(shared: RateLimitStore, prefix = ''): Promise<void> {
  const memory = new MemoryRateLimitStore();
  const [a, b, g] = [`${prefix}a`, `${prefix}b`, `${prefix}g`];
  const guard: RateLimitGuard = { key: g, limit: 2, windowMs: 10_000 };
  const calls: [string, number, number, number, RateLimitGuard?][] = [];
  for (const at of [1000, 1000, 1500, 30_000, 59_999, 60_000, 61_000, 61_001, 61_500, 90_000, 121_000, 121_000, 200_000]) {
    calls.push([a, at, 3, 60_000], [b, at, 1, 60_000], [g, at, 2, 10_000], [a, at, 3, 60_000, guard]);
  }
  for (const [key, now, limit, windowMs, gd] of calls) {
    const want = memory.hit(key, now, limit, windowMs, gd);
    const got = await shared.hit(key, now, limit, windowMs, gd);
    assert.deepEqual(got, want, `${key} at ${now}${gd ? ' (guarded)' : ''}`);
    assert.deepEqual(rateLimitHeaders(got), rateLimitHeaders(want));
  }
}
