// The service's files are readable by its own user only (P72): DATA_DIR and the SQLite database
// (with its -wal and -shm files) are created 0700/0600, and ones an earlier version left
// readable are tightened when the service opens them.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/core/db/store.js';
import { loadServerKey } from '../../src/core/secret-box.js';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('private files', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'di-private-'));
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  test('a new SQLite store: its directories 0700, the database and its WAL files 0600', async () => {
    const file = path.join(root, 'new', 'data', 'store.db');
    const store = openStore({ url: `sqlite:${file}` });
    try {
      await sql`create table t (x text)`.execute(store.db);
      await sql`insert into t values ('a buyer')`.execute(store.db);
      assert.equal(mode(path.join(root, 'new')), 0o700);
      assert.equal(mode(path.join(root, 'new', 'data')), 0o700);
      assert.equal(mode(file), 0o600);
      assert.ok(fs.existsSync(`${file}-wal`), 'the store runs in WAL mode');
      assert.equal(mode(`${file}-wal`), 0o600);
      assert.equal(mode(`${file}-shm`), 0o600);
    } finally {
      await store.close();
    }
  });

  test('a store an earlier version left readable (0644 in a 0755 directory) is tightened when opened', async () => {
    const dir = path.join(root, 'old');
    fs.mkdirSync(dir, { mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    const file = path.join(dir, 'store.db');
    const first = openStore({ url: `sqlite:${file}` });
    await sql`create table t (x text)`.execute(first.db);
    await first.close();
    fs.chmodSync(file, 0o644);
    const again = openStore({ url: `sqlite:${file}` });
    try {
      assert.equal(mode(dir), 0o700);
      assert.equal(mode(file), 0o600);
      assert.deepEqual(await sql<{ n: number }>`select count(*) as n from t`.execute(again.db).then((r) => r.rows[0]?.n), 0);
    } finally {
      await again.close();
    }
  });

  test('DATA_DIR is made 0700 with the server key 0600 in it, and an existing 0755 one tightened', () => {
    const dataDir = path.join(root, 'data-dir');
    loadServerKey(undefined, dataDir);
    assert.equal(mode(dataDir), 0o700);
    assert.equal(mode(path.join(dataDir, 'secret.key')), 0o600);
    fs.chmodSync(dataDir, 0o755);
    loadServerKey(undefined, dataDir);
    assert.equal(mode(dataDir), 0o700);
  });
});
