// The legs of the test suite (test/legs.mjs, P148) stay honest: every name on a list is a test
// file, no file is both storeless and run on one store, a new file lands on both stores by
// default, and Node 24 runs the store leg and, on SQLite, at least the driver, the server's start
// and the bundle. (That a
// storeless file opens no store is checked as it runs, by test/support/storeless-guard.mjs.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
// @ts-expect-error: a plain ES module of the test command's, with no types of its own
import { ALONE, LEGS, NODE24_SQLITE_DIRS, NODE24_SQLITE_FILES, NODE24_STORELESS, ONE_STORE, STORELESS, allTestFiles } from '../legs.mjs';

const all = allTestFiles() as string[];
const lists = { STORELESS, ONE_STORE, ALONE, NODE24_STORELESS, NODE24_SQLITE_FILES } as Record<string, string[]>;

test('every file a leg names is a test file, named once', () => {
  for (const [name, list] of Object.entries(lists)) {
    for (const f of list) assert.ok(all.includes(f), `${name} names ${f}, which is not a test file`);
    assert.equal(new Set(list).size, list.length, `${name} names a file twice`);
  }
});

test('npm test runs every file; the store leg every file but the storeless and one-store ones', () => {
  assert.deepEqual(LEGS.all(all), all);
  const store = LEGS.store(all) as string[];
  for (const f of all) assert.equal(store.includes(f), !STORELESS.includes(f) && !ONE_STORE.includes(f), f);
  assert.deepEqual(
    STORELESS.filter((f: string) => ONE_STORE.includes(f)),
    [],
  );
  for (const f of ALONE) assert.ok(ONE_STORE.includes(f) || STORELESS.includes(f), `${f} runs alone, so once`);
});

test('a file added later runs on both stores by default, and on Node 24 with the store leg', () => {
  const added = 'test/newfeature/something.test.ts';
  assert.ok(LEGS.all([...all, added]).includes(added));
  assert.ok(LEGS.store([...all, added]).includes(added));
  // CI runs the store leg on Node 24 (P260).
  const ci = fs.readFileSync('.ci/run', 'utf8');
  assert.match(ci, /pg_tests\(\) \{[^\n]*with_node24 node scripts\/test\.mjs --leg store/);
  assert.match(ci, /node24_tests\(\) \{[^\n]*with_node24 node scripts\/test\.mjs --leg node24/);
});

test("Node 24's SQLite pass runs the driver's subjects' store files and the runtime-sensitive storeless ones", () => {
  const node24 = LEGS.node24(all) as string[];
  for (const f of all) {
    const subject = NODE24_SQLITE_DIRS.some((d: string) => f.startsWith(d)) || NODE24_SQLITE_FILES.includes(f);
    const expected = (!STORELESS.includes(f) && !ONE_STORE.includes(f) && subject) || NODE24_STORELESS.includes(f);
    assert.equal(node24.includes(f), expected, f);
  }
  for (const f of [
    'test/core/bundle.test.ts',
    'test/service/server.test.ts',
    'test/service/cli.test.ts',
    'test/scale/migrate.test.ts',
    'test/core/jobs.test.ts',
    'test/service/migrations.test.ts',
    'test/vehicles/sync.test.ts',
  ])
    assert.ok(node24.includes(f), f);
  for (const f of NODE24_STORELESS) assert.ok(STORELESS.includes(f), `${f} is storeless`);
  for (const f of NODE24_SQLITE_FILES) assert.ok(!STORELESS.includes(f) && !ONE_STORE.includes(f), `${f} opens a store`);
});

test("npm test is the legs' runner", () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  assert.equal(pkg.scripts.test, 'node scripts/test.mjs');
});
