// N processes starting at once on a new store run its migrations once (P36): four processes
// migrate one fresh SQLite file or PostgreSQL database together; all succeed, and every migration
// is recorded once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/core/db/store.js';
import { emptyTestStore, STORE_NAME } from '../support/app.js';

interface Run {
  code: number | null;
  out: string;
}

function migrator(url: string): { loaded: Promise<void>; go(): void; done: Promise<Run> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/migrate-once.ts'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const loaded = new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('loaded') && resolve()));
  return {
    loaded,
    go: () => child.stdin.end('go\n'),
    done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))),
  };
}

test(`[${STORE_NAME}] four processes migrating one new store at once: all succeed, each migration recorded once`, async () => {
  const empty = await emptyTestStore();
  try {
    const runs = Array.from({ length: 4 }, () => migrator(empty.url));
    // Each child loads its modules first; then all are told to go at the same moment.
    await Promise.race([Promise.all(runs.map((r) => r.loaded)), Promise.all(runs.map((r) => r.done))]);
    for (const r of runs) r.go();
    const results = await Promise.all(runs.map((r) => r.done));
    for (const r of results) assert.equal(r.code, 0, r.out);
    for (const r of results) assert.deepEqual(r.out.trim().split('\n'), ['loaded', 'migrated']);

    const store = openStore({ url: empty.url });
    try {
      const { rows } = await sql<{ name: string; n: number }>`select name, count(*) as n from kysely_migration group by name`.execute(store.db);
      assert.ok(rows.length >= 13, `${rows.length} migrations recorded`);
      assert.deepEqual(
        rows.filter((r) => Number(r.n) !== 1),
        [],
      );
      // The schema is whole: the last migrations' tables are there.
      await sql`select count(*) from jobs`.execute(store.db);
      await sql`select count(*) from vehicles`.execute(store.db);
    } finally {
      await store.close();
    }
  } finally {
    await empty.dispose();
  }
});
