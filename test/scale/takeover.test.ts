// A crashed process's work resumes in seconds (P35): a process killed with SIGKILL while it
// delivers a vehicle.sold leaves the job running under a 15 s lease it no longer renews; a
// restarted process takes it over once the lease ends and delivers it within 30 s of the kill,
// with the default JOB_LEASE.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STORE_NAME } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { scaleFixture, type ScaleFixture } from '../support/scale.js';
import { startServerProcess } from '../support/server-process.js';
import { until } from '../support/until.js';

describe(`a killed process's jobs are taken over (${STORE_NAME})`, () => {
  let f: ScaleFixture;
  before(async () => {
    f = await scaleFixture();
  });
  after(() => f.dispose());

  test('SIGKILL mid-delivery: a restarted process delivers the vehicle.sold within 30 s', async (t) => {
    const headers = await f.dealer();
    const first = await startServerProcess({ env: f.env() });
    let killedAt: number;
    try {
      await first.ready(120_000);
      // The receiver holds each request 3 s: the process is killed while it waits.
      const hook = await fetch(`${first.base}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `https://127.0.0.1:${f.rx.port}/slow/3000`, events: ['vehicle.sold'] }),
      });
      assert.equal(hook.status, 201, await hook.clone().text());
      const put = await fetch(`${first.base}/v1/vehicles/T-1`, { method: 'PUT', headers, body: JSON.stringify(aCar()) });
      assert.equal(put.status, 201, await put.clone().text());
      const sold = await fetch(`${first.base}/v1/vehicles/T-1/sold`, { method: 'POST', headers: { authorization: headers.authorization! } });
      assert.equal(sold.status, 200, await sold.clone().text());
      await until('the delivery in flight', 15_000, () => f.rx.received.length >= 1 || undefined);
      const job = await f.ts.store.db.selectFrom('jobs').selectAll().where('task', '=', 'webhooks.deliver').executeTakeFirstOrThrow();
      assert.equal(job.status, 'running');
      assert.match(job.locked_by ?? '', new RegExp(`:${first.child.pid}:`));
      await first.kill('SIGKILL');
      killedAt = Date.now();
    } finally {
      await first.kill('SIGKILL');
    }
    const pending = await f.ts.store.db.selectFrom('webhook_deliveries').select('status').execute();
    assert.deepEqual(
      pending.map((d) => d.status),
      ['pending'],
    );

    const second = await startServerProcess({ env: f.env() });
    try {
      await until('the delivery recorded as delivered', 60_000, async () => {
        const rows = await f.ts.store.db.selectFrom('webhook_deliveries').select('status').execute();
        return rows.every((d) => d.status === 'succeeded') || undefined;
      });
      const elapsed = Date.now() - killedAt;
      t.diagnostic(`delivered ${elapsed} ms after the kill`);
      assert.ok(elapsed < 30_000, `delivered ${elapsed} ms after the kill`);
      const ids = f.rx.received.map((r) => String(r.headers['x-service-delivery']));
      assert.equal(ids.length, 2, 'the killed attempt, then the one that succeeded');
      assert.equal(new Set(ids).size, 1, 'both attempts carry the same event id');
    } finally {
      await second.kill();
    }
  });
});
