// The production password parameters are pinned here (D27, OWASP's scrypt N=2^15, r=8, p=3), and
// the test command's lower cost (P147) can never reach a process that serves: the entry points
// refuse to start with it. Storeless: it opens no store.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { PRODUCTION_PARAMS, hashPassword, verifyPassword } from '../../src/modules/users/password.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRELOAD = path.join(ROOT, 'test/support/test-password-cost.mjs');

test('production hashes passwords with scrypt N=2^15, r=8, p=3', () => {
  assert.deepEqual({ ...PRODUCTION_PARAMS }, { N: 32768, r: 8, p: 3 });
  // Without the test preload, a hash is made with exactly those parameters.
  const code = `import('./src/modules/users/password.ts').then(async (m) => process.stdout.write(await m.hashPassword('correct horse battery staple')))`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', code], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
});

test('a hash made at the test cost is verified by its own parameters', async () => {
  const hash = await hashPassword('correct horse battery staple');
  assert.ok(await verifyPassword('correct horse battery staple', hash));
  assert.equal(await verifyPassword('wrong horse battery staple', hash), false);
});

for (const entry of ['server', 'worker', 'cli']) {
  test(`dist/${entry}.js refuses to start with the test cost preloaded`, () => {
    const run = spawnSync(process.execPath, ['--import', PRELOAD, path.join(ROOT, 'dist', `${entry}.js`), ...(entry === 'cli' ? ['dealers', 'list'] : [])], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'sqlite::memory:', PORT: '0', NODE_OPTIONS: '' },
      timeout: 30_000,
    });
    assert.equal(run.status, 1, `${run.stdout}\n${run.stderr}`);
    assert.match(run.stderr, /password hashing cost was lowered/);
  });
}
