// At least once across a real crash (D20): the server process is killed (SIGKILL) while
// deliveries are in flight; the next process delivers them again, with the same event ids.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { startServerProcess, freePort } from '../support/server-process.js';
import { until } from '../support/until.js';

describe(`webhooks: a killed server's deliveries (${STORE_NAME})`, () => {
  let rx: Receiver;
  let ts: TestStore;
  let dataDir: string;
  before(async () => {
    rx = await startReceiver();
    ts = await openTestStore();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-crash-'));
    fs.writeFileSync(path.join(dataDir, 'receiver.pem'), rx.cert);
  });
  after(async () => {
    await rx.close();
    await ts.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const server = (port: number) =>
    startServerProcess({
      port,
      env: {
        DATABASE_URL: ts.url,
        DATA_DIR: dataDir,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        NODE_EXTRA_CA_CERTS: path.join(dataDir, 'receiver.pem'),
        JOB_LEASE: '2s',
        JOB_POLL_INTERVAL: '200ms',
      },
    });

  test('SIGKILL mid-delivery: after restart every event arrives, same ids, and is recorded delivered', async () => {
    await createDealer(ts.store.db, systemClock, { slug: 'crash', name: 'Crash', markets: ['ar'], city: 'Rosario' });
    const { key } = await createKey(ts.store.db, systemClock, { dealer: 'crash', name: 'test' });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const port = await freePort();

    const first = await server(port);
    try {
      await first.ready();
      // The receiver holds each delivery 4 s: the server is killed while they are in flight.
      const hook = await fetch(`${first.base}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `https://127.0.0.1:${rx.port}/slow/4000`, events: ['vehicle.rejected'] }),
      });
      assert.equal(hook.status, 201, await hook.clone().text());
      for (let i = 0; i < 3; i++) {
        const put = await fetch(`${first.base}/v1/vehicles/K-${i}`, { method: 'PUT', headers, body: JSON.stringify({ brand: 'Toyota', price: 0 }) });
        assert.equal(put.status, 422);
      }
      await until('3 deliveries in flight', 10_000, () => rx.received.length >= 3 || undefined);
      await first.kill('SIGKILL');
    } finally {
      await first.kill('SIGKILL');
    }
    const eventIds = (await ts.store.db.selectFrom('events').select('id').where('type', '=', 'vehicle.rejected').execute()).map((e) => e.id).sort();
    assert.equal(eventIds.length, 3);
    const before = await ts.store.db.selectFrom('webhook_deliveries').select('status').execute();
    assert.deepEqual(
      before.map((d) => d.status),
      ['pending', 'pending', 'pending'],
      'nothing was recorded before the kill',
    );

    const second = await server(port);
    try {
      await until('every delivery recorded as delivered', 30_000, async () => {
        const rows = await ts.store.db.selectFrom('webhook_deliveries').select('status').execute();
        return rows.every((d) => d.status === 'succeeded') || undefined;
      });
      const got = rx.received.map((r) => String(r.headers['x-service-delivery']));
      assert.ok(got.length >= 6, `${got.length} requests`);
      assert.deepEqual([...new Set(got)].sort(), eventIds);
    } finally {
      await second.kill();
    }
  });
});
