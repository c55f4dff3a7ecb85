// One webhook's deliveries in flight are one budget across processes (P37): three processes,
// WEBHOOK_MAX_IN_FLIGHT=2, a slow receiver, 12 deliveries: never more than 2 requests at once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { STORE_NAME } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { scaleFixture, type ScaleFixture } from '../support/scale.js';
import { until } from '../support/until.js';

describe(`deliveries in flight per webhook, across processes (${STORE_NAME})`, () => {
  let f: ScaleFixture;
  before(async () => {
    f = await scaleFixture();
  });
  after(() => f.dispose());

  test('3 processes, WEBHOOK_MAX_IN_FLIGHT=2: the receiver never has more than 2 requests at once', async () => {
    const headers = await f.dealer();
    for (let i = 0; i < 3; i++) await f.start({ env: { WEBHOOK_MAX_IN_FLIGHT: '2', JOB_POLL_INTERVAL: '200ms' } });
    const procs = f.procs;
    await Promise.all(procs.map((p) => p.ready(120_000)));
    const [a] = procs;
    const hook = await fetch(`${a!.base}/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: `https://127.0.0.1:${f.rx.port}/slow/1500`, events: ['vehicle.sold'] }),
    });
    assert.equal(hook.status, 201, await hook.clone().text());
    // 12 cars, each sold through one of the processes in turn: 12 deliveries to one webhook.
    for (let i = 0; i < 12; i++) {
      const p = procs[i % 3]!;
      const put = await fetch(`${p.base}/v1/vehicles/F-${i}`, { method: 'PUT', headers, body: JSON.stringify(aCar()) });
      assert.equal(put.status, 201, await put.clone().text());
      const sold = await fetch(`${p.base}/v1/vehicles/F-${i}/sold`, { method: 'POST', headers: { authorization: headers.authorization! } });
      assert.equal(sold.status, 200);
    }
    await until('12 deliveries recorded as delivered', 90_000, async () => {
      const rows = await f.ts.store.db.selectFrom('webhook_deliveries').select('status').execute();
      return (rows.length === 12 && rows.every((d) => d.status === 'succeeded')) || undefined;
    });
    assert.equal(f.rx.received.length, 12);
    assert.equal(f.rx.maxInFlight, 2);
  });
});
