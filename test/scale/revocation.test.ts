// Revocation is immediate everywhere (P32): two server processes on one store, each with the key
// in its cache; a revocation by the CLI, by the panel of one process or by the service stops the
// key at the very next request on BOTH. Same for a removed panel user's session.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { revokeDealerKey } from '../../src/modules/keys/service.js';
import { listUsers, removeUser } from '../../src/modules/users/service.js';
import { openTestStore, PG_URL, STORE_NAME, type TestStore } from '../support/app.js';
import { entry } from '../support/entry.js';
import { seedPanelUser } from '../support/panel.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { sleep } from '../support/until.js';

const me = (base: string, key: string) => fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);

/** Runs the CLI on the test store; resolves with its exit code. */
function cli(url: string, args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(...entry('cli', ...args), {
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(os.tmpdir(), 'di-test-data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

/**
 * A NOTIFY reaches the listening processes within milliseconds of the commit, not before the
 * committing client hears back (P32); on a loaded machine give it a moment, still well inside
 * the key cache's second, so only the announcement can turn the next call into a 401.
 */
const deliveryTime = () => sleep(PG_URL ? 100 : 0);

/** Signs in over HTTP; returns the Cookie header of the session (and the CSRF cookie). */
async function signIn(base: string, email: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const page = await fetch(`${base}/panel/sign-in`);
  keep(page);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const res = await fetch(`${base}/panel/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
  });
  assert.equal(res.status, 303, 'signed in');
  keep(res);
  return { cookie: cookie(), csrf };
}

/** 200 when the session is signed in; 303 (to the sign-in page) when not. */
const panelStatus = (base: string, cookie: string) => fetch(`${base}/panel`, { headers: { cookie }, redirect: 'manual' }).then((r) => r.status);

describe(`revocation across processes (${STORE_NAME})`, () => {
  let ts: TestStore;
  let a: ServerProcess;
  let b: ServerProcess;
  const clock = new ManualClock(Date.now());

  before(async () => {
    ts = await openTestStore();
    const env = {
      DATABASE_URL: ts.url,
      SECRET_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: path.join(os.tmpdir(), `di-revocation-${process.pid}`),
      JOB_CONCURRENCY: '0',
      LOG_LEVEL: 'warn',
    };
    [a, b] = await Promise.all([startServerProcess({ env }), startServerProcess({ env })]);
    await Promise.all([a.ready(), b.ready()]);
  });
  after(async () => {
    await Promise.all([a.kill(), b.kill()]);
    await ts.dispose();
  });

  /** A key that works on both processes and sits in both caches. */
  async function warmKey(): Promise<{ key: string; slug: string; prefix: string; email: string; password: string; dealerId: number }> {
    const user = await seedPanelUser({ store: ts.store, clock });
    const { prefix } = await ts.store.db.selectFrom('api_keys').select('prefix').where('dealer_id', '=', user.dealerId).executeTakeFirstOrThrow();
    for (const p of [a, b, a, b]) assert.equal(await me(p.base, user.key), 200);
    return { ...user, prefix };
  }

  test('revoked by the service (another process): the next request on each process is 401', async () => {
    const k = await warmKey();
    const d = await getDealerBySlug(ts.store.db, k.slug);
    const row = await ts.store.db.selectFrom('api_keys').select('id').where('dealer_id', '=', d.id).executeTakeFirstOrThrow();
    // Within the cache's second of the warm-up: only the announcement can make these 401.
    await revokeDealerKey(ts.store.db, clock, d.id, row.id);
    await deliveryTime();
    assert.deepEqual([await me(a.base, k.key), await me(b.base, k.key)], [401, 401]);
  });

  test('revoked by the CLI: the next request on each process is 401', async () => {
    const k = await warmKey();
    const run = await cli(ts.url, ['keys', 'revoke', '--dealer', k.slug, '--prefix', k.prefix]);
    assert.equal(run.code, 0, run.out);
    assert.deepEqual([await me(a.base, k.key), await me(b.base, k.key)], [401, 401]);
  });

  test('revoked in the panel of one process: the next request on the other is 401', async () => {
    const k = await warmKey();
    const { cookie } = await signIn(a.base, k.email, k.password);
    const row = await ts.store.db.selectFrom('api_keys').select('id').where('dealer_id', '=', k.dealerId).executeTakeFirstOrThrow();
    const page = await fetch(`${a.base}/panel/keys`, { headers: { cookie } });
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!;
    for (const p of [a, b]) assert.equal(await me(p.base, k.key), 200);
    const res = await fetch(`${a.base}/panel/keys/${row.id}/revoke`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf }).toString(),
    });
    assert.equal(res.status, 303);
    await deliveryTime();
    assert.deepEqual([await me(b.base, k.key), await me(a.base, k.key)], [401, 401]);
  });

  test('a removed panel user: their session stops on the other process at the next request', async () => {
    const owner = await seedPanelUser({ store: ts.store, clock });
    const staff = await seedPanelUser({ store: ts.store, clock }, { slug: owner.slug, role: 'staff' });
    const { cookie } = await signIn(a.base, staff.email, staff.password);
    assert.deepEqual([await panelStatus(a.base, cookie), await panelStatus(b.base, cookie)], [200, 200]);
    const user = (await listUsers(ts.store.db, owner.dealerId)).find((u) => u.email === staff.email)!;
    await removeUser(ts.store, owner.dealerId, user.id);
    assert.deepEqual([await panelStatus(b.base, cookie), await panelStatus(a.base, cookie)], [303, 303]);
  });
});
