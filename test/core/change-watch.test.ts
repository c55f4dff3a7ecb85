// Announced changes (P32): the watch's version moves when another connection announces a change
// (PostgreSQL: NOTIFY; SQLite: data_version), and is unknown while PostgreSQL's listening
// connection is down, so the key cache serves nothing then.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { ManualClock } from '../../src/core/clock.js';
import { announceChange, watchChanges } from '../../src/core/db/change-watch.js';
import { openStore } from '../../src/core/db/store.js';
import { keyResolver } from '../../src/modules/keys/resolver.js';
import { openTestStore, PG_URL, STORE_NAME } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { until } from '../support/until.js';

const silent = { warn() {} };

describe(`change watch (${STORE_NAME})`, () => {
  test('moves when another connection announces a change, and when this process does', async () => {
    const ts = await openTestStore();
    const other = openStore({ url: ts.url });
    const channel = `di_t${crypto.randomBytes(4).toString('hex')}`;
    const watch = watchChanges(ts.store, channel, silent);
    try {
      const v1 = await until('the watch to know its version', 10_000, () => watch.version());
      assert.equal(watch.version(), v1, 'steady while nothing changes');
      // SQLite's data_version moves when another connection commits a write.
      await announceChange(other.db, channel, (db) =>
        db
          .insertInto('dealers')
          .values({ slug: `w-${channel}`, name: 'W', city: null, markets: '["ar"]', created_at: 0 })
          .execute(),
      );
      const v2 = await until('the other connection’s change to be seen', 10_000, () => (watch.version() !== v1 ? watch.version() : undefined));
      await announceChange(ts.store.db, channel, async () => {});
      assert.notEqual(watch.version(), v2, "this process's own announcement moves it at once");
    } finally {
      await watch.close();
      await other.close();
      await ts.dispose();
    }
  });

  // PostgreSQL's own mechanism (a LISTEN connection); SQLite's (data_version) is the test above.
  if (PG_URL)
    test('PostgreSQL: while the listening connection is down, nothing is served from the key cache', async () => {
      const ts = await openTestStore();
      const channel = `di_t${crypto.randomBytes(4).toString('hex')}`;
      const watch = watchChanges(ts.store, channel, silent);
      const clock = new ManualClock(Date.now());
      let lookups = 0;
      // Counted on results: the key lookup is compiled once (core/db/compiled.ts), not rebuilt.
      const counted = ts.store.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: (args) => {
          if (args.result.rows.some((r) => 'key_hash' in r)) lookups++;
          return Promise.resolve(args.result);
        },
      });
      const resolve = keyResolver(counted, clock, silent, watch);
      try {
        const { key } = await seedDealer({ store: ts.store, clock });
        const before = await until('listening', 10_000, () => watch.version());
        assert.ok(await resolve(key));
        assert.ok(await resolve(key));
        assert.equal(lookups, 1, 'cached while listening');
        // The listener's last statement is its LISTEN (the heartbeat comes 5 s later).
        const killer = openStore({ url: PG_URL! });
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = ${`listen ${channel}`}`.execute(killer.db);
        await killer.close();
        await until('the loss to be noticed', 10_000, () => watch.version() === undefined);
        assert.ok(await resolve(key));
        assert.ok(await resolve(key));
        assert.equal(lookups, 3, 'every call looked up while not listening');
        const after = await until('listening again', 10_000, () => watch.version());
        assert.notEqual(after, before, 'what was cached before the loss is not trusted');
      } finally {
        await watch.close();
        await ts.dispose();
      }
    });
});
