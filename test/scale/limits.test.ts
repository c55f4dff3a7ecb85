// Every limit is one budget across processes when REDIS_URL is set (P30): three real server
// processes on one store and one Redis, calls spread over them round-robin, and exactly the
// limit accepted in total. Each check uses its own client address (X-Forwarded-For from a
// trusted loopback proxy), so one check's lockout never touches another.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { startTestRedis, type TestRedis } from '../support/redis.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

const PER_MINUTE = 10;
const INQUIRIES = 5;
const PUSHES = 4;

describe(`limits shared by three processes over Redis (${STORE_NAME})`, () => {
  let ts: TestStore;
  let redis: TestRedis;
  let servers: ServerProcess[] = [];
  let seq = 0;
  /** A client address no other check uses. */
  const address = () => `198.51.100.${++seq}`;

  before(async () => {
    ts = await openTestStore();
    redis = await startTestRedis();
    const env = {
      DATABASE_URL: ts.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix(),
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      INQUIRIES_PER_HOUR: String(INQUIRIES),
      FEED_PUSH_PER_MINUTE: String(PUSHES),
      TRUST_PROXY: 'loopback',
      SECRET_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: path.join(os.tmpdir(), `di-limits-${process.pid}`),
      JOB_CONCURRENCY: '0',
      LOG_LEVEL: 'warn',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServerProcess({ env })));
    await Promise.all(servers.map((s) => s.ready()));
  });
  after(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await redis.stop();
    await ts.dispose();
  });

  /** `n` calls, one after another, round-robin over the processes. */
  async function spread(n: number, call: (base: string, i: number) => Promise<Response>): Promise<Response[]> {
    const out: Response[] = [];
    for (let i = 0; i < n; i++) out.push(await call(servers[i % servers.length]!.base, i));
    return out;
  }

  test('per key: 30 calls over 3 processes → exactly 10 accepted, the rest 429 with exact headers', async () => {
    const { key } = await seedDealer({ store: ts.store, clock: systemClock });
    const ip = address();
    const res = await spread(30, (base) => fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip } }));
    const accepted = res.filter((r) => r.status === 200);
    assert.equal(accepted.length, PER_MINUTE, servers.map((s) => s.output()).join('\n'));
    assert.deepEqual(
      res.slice(0, PER_MINUTE).map((r) => [r.status, r.headers.get('ratelimit-limit'), r.headers.get('ratelimit-remaining')]),
      Array.from({ length: PER_MINUTE }, (_, i) => [200, String(PER_MINUTE), String(PER_MINUTE - 1 - i)]),
      'the first ten, whichever process answered, counted down one budget',
    );
    for (const r of res.slice(PER_MINUTE)) {
      assert.equal(r.status, 429);
      assert.equal(r.headers.get('ratelimit-remaining'), '0');
      const retry = Number(r.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `retry-after ${retry}`);
      assert.equal(r.headers.get('ratelimit-reset'), String(retry));
    }
  });

  test('inquiries per address: spread over the processes, INQUIRIES_PER_HOUR in total', async () => {
    const ip = address();
    const res = await spread(INQUIRIES * 3, (base) =>
      fetch(`${base}/listings/no-such-listing/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: 'name=A&email=a%40example.com&message=Hello',
        redirect: 'manual',
      }),
    );
    const statuses = res.map((r) => r.status);
    assert.equal(statuses.filter((s) => s !== 429).length, INQUIRIES, statuses.join(','));
    assert.ok(
      statuses.slice(INQUIRIES).every((s) => s === 429),
      statuses.join(','),
    );
    const retry = Number(res.at(-1)!.headers.get('retry-after'));
    assert.ok(retry > 3500 && retry <= 3600, `retry-after ${retry}`);
    // Another address has its own budget.
    const other = await fetch(`${servers[0]!.base}/listings/no-such-listing/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address() },
      body: 'name=A',
      redirect: 'manual',
    });
    assert.notEqual(other.status, 429);
  });

  test('feed pushes per token: spread over the processes, FEED_PUSH_PER_MINUTE in total', async () => {
    const { slug } = await seedDealer({ store: ts.store, clock: systemClock });
    const { token } = await createFeed(ts.store, systemClock, 'http://localhost', { dealer: slug });
    const res = await spread(PUSHES * 3, (base) =>
      fetch(`${base}/v1/feeds/${token}/?dry_run=true`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'stock_id\n' }),
    );
    const statuses = res.map((r) => r.status);
    assert.equal(statuses.filter((s) => s !== 429).length, PUSHES, statuses.join(','));
    assert.ok(
      statuses.slice(PUSHES).every((s) => s === 429),
      statuses.join(','),
    );
    assert.equal(res.at(-1)!.headers.get('ratelimit-limit'), String(PUSHES));
    assert.ok(Number(res.at(-1)!.headers.get('retry-after')) >= 1);
  });

  test('invalid-key lockout: 30 failures spread over the processes → the next call is 429 on every process', async () => {
    const { key } = await seedDealer({ store: ts.store, clock: systemClock });
    const ip = address();
    const bad = `dik_${'x'.repeat(40)}`;
    const failures = await spread(30, (base) => fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${bad}`, 'x-forwarded-for': ip } }));
    assert.deepEqual(
      failures.map((r) => r.status),
      Array.from({ length: 30 }, () => 401),
    );
    for (const s of servers) {
      const r = await fetch(`${s.base}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': ip } });
      assert.equal(r.status, 429, 'even with a good key');
      assert.ok(Number(r.headers.get('retry-after')) >= 1);
    }
    const elsewhere = await fetch(`${servers[1]!.base}/v1/me`, { headers: { authorization: `Bearer ${key}`, 'x-forwarded-for': address() } });
    assert.equal(elsewhere.status, 200, 'another address is not affected');
  });
});
