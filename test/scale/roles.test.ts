// Process roles (P36): an API-only process (JOB_CONCURRENCY=0) never claims a job; a worker-only
// process (src/worker.ts) has no listener and runs the jobs the API recorded; SIGTERM lets the
// worker finish the job in flight, then it exits 0.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STORE_NAME } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { scaleFixture, type ScaleFixture } from '../support/scale.js';
import { sleep, until } from '../support/until.js';

describe(`process roles (${STORE_NAME})`, () => {
  let f: ScaleFixture;
  before(async () => {
    f = await scaleFixture();
  });
  after(() => f.dispose());

  const deliveries = () => f.ts.store.db.selectFrom('webhook_deliveries').select(['id', 'status']).orderBy('id').execute();
  const deliverJobs = () => f.ts.store.db.selectFrom('jobs').selectAll().where('task', '=', 'webhooks.deliver').execute();

  test('API only records jobs and claims none; a worker without a listener runs them and finishes its job on SIGTERM', async () => {
    const headers = await f.dealer();
    const api = await f.start({ env: { JOB_CONCURRENCY: '0', JOB_POLL_INTERVAL: '100ms' } });
    await api.ready(120_000);
    const hook = await fetch(`${api.base}/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `https://127.0.0.1:${f.rx.port}/slow/3000`, events: ['vehicle.sold'] }),
    });
    assert.equal(hook.status, 201, await hook.clone().text());
    const sell = async (id: string) => {
      assert.equal((await fetch(`${api.base}/v1/vehicles/${id}`, { method: 'PUT', headers, body: JSON.stringify(aCar()) })).status, 201);
      assert.equal((await fetch(`${api.base}/v1/vehicles/${id}/sold`, { method: 'POST', headers: { authorization: headers.authorization! } })).status, 200);
    };
    await sell('R-1');

    // The API process leaves the job alone. Its job loop never starts (JOB_CONCURRENCY=0); one
    // that did would claim at once, nudged by the commit (P49), or at its next 100 ms poll. There
    // is no signal of a loop that does not run, so this waits five polls' worth of time.
    await sleep(500);
    const waiting = await deliverJobs();
    assert.equal(waiting.length, 1);
    assert.deepEqual([waiting[0]!.status, waiting[0]!.locked_by, waiting[0]!.attempts], ['pending', null, 0]);
    assert.equal(f.rx.received.length, 0);

    const worker = await f.start({ entry: 'worker', env: { JOB_POLL_INTERVAL: '100ms', LOG_LEVEL: 'info' } });
    await until('the first delivery made by the worker', 120_000, async () => (await deliveries()).every((d) => d.status === 'succeeded') || undefined);
    assert.match(worker.output(), /dealer inventory worker ready/);
    // It listens nowhere (PORT is in its environment like any process's).
    await assert.rejects(fetch(`${worker.base}/health`));

    // A second delivery, in flight at the worker when it is told to stop: it finishes it first.
    await sell('R-2');
    await until('the second delivery in flight', 30_000, () => f.rx.received.length >= 2 || undefined);
    const stopping = Date.now();
    worker.child.kill('SIGTERM');
    const exit = await worker.exited;
    assert.deepEqual(exit, { code: 0, signal: null }, worker.output());
    assert.deepEqual(
      (await deliveries()).map((d) => d.status),
      ['succeeded', 'succeeded'],
      'the delivery in flight was recorded before the worker exited',
    );
    assert.equal(f.rx.received.length, 2, 'each delivery sent once');
    assert.ok(Date.now() - stopping < 30_000);
    assert.deepEqual(await deliverJobs(), []);
  });
});
