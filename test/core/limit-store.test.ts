// Limits kept in the store (P70): the memory store's decisions for the same calls, one budget for
// every instance on the store (processes), exact under concurrent calls, and rows swept once
// their window has passed.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { StoreRateLimitStore } from '../../src/core/db/limit-store.js';
import { assertDecidesAsMemory } from '../support/rate-limit-conformance.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`limiter kept in the store (${STORE_NAME})`, () => {
  let ts: TestStore;
  before(async () => {
    ts = await openTestStore();
  });
  after(() => ts.dispose());

  test('gives the memory store’s decisions and headers for the same calls', async () => {
    await assertDecidesAsMemory(new StoreRateLimitStore(ts.store), 'same:');
  });

  test('one budget for every instance on the store: 30 concurrent calls from 3 with a limit of 10 → exactly 10 accepted', async () => {
    const stores = Array.from({ length: 3 }, () => new StoreRateLimitStore(ts.store));
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 3]!.hit('race:1', now, 10, 60_000)));
    assert.deepEqual(
      decisions
        .filter((d) => d.allowed)
        .map((d) => d.remaining)
        .sort((x, y) => x - y),
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    );
    for (const d of decisions.filter((x) => !x.allowed)) assert.deepEqual(d, { allowed: false, limit: 10, remaining: 0, resetMs: 60_000 });
  });

  test('rows whose window has passed are deleted: by the next call of their key, and by a periodic sweep', async () => {
    const rows = (key?: string) => {
      let q = ts.store.db.selectFrom('limit_hits').select((eb) => eb.fn.countAll<number>().as('n'));
      if (key) q = q.where('key', '=', key);
      return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
    };
    const limiter = new StoreRateLimitStore(ts.store);
    const t0 = 10_000_000;
    for (let i = 0; i < 3; i++) await limiter.hit('sweep:own', t0 + i, 5, 1000);
    await limiter.hit('sweep:left', t0, 5, 1000);
    assert.equal(await rows('sweep:own'), 3);
    await limiter.hit('sweep:own', t0 + 5000, 5, 1000);
    assert.equal(await rows('sweep:own'), 1, 'the key’s own passed calls went with its next call');
    // A key never called again goes with the sweep (every 256th call of an instance).
    for (let i = 0; i < 256; i++) await limiter.hit(`sweep:other:${i % 4}`, t0 + 10_000, 1000, 1000);
    assert.equal(await rows('sweep:left'), 0);
  });
});
