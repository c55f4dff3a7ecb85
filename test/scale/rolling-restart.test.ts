// A rolling restart under load loses no request (P37): two server processes behind a load
// balancer, 20 clients writing and reading cars without pause; one process gets SIGTERM, a
// replacement starts in its place, then the other gets SIGTERM and is replaced. Every answer is
// a 2xx and every write is there. SHUTDOWN_DELAY lets each process drain: /ready says 503, so
// the balancer's health check takes it out of rotation, and answers close their keep-alive
// connections, before the listener closes.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { STORE_NAME } from '../support/app.js';
import { startBalancer } from '../support/balancer.js';
import { aCar } from '../support/cars.js';
import { scaleFixture, type ScaleFixture } from '../support/scale.js';
import { freePort } from '../support/server-process.js';
import { until } from '../support/until.js';

const CLIENTS = 20;

describe(`rolling restart (${STORE_NAME})`, () => {
  let f: ScaleFixture;
  before(async () => {
    f = await scaleFixture();
  });
  after(() => f.dispose());

  const server = async (port: number, extra: Record<string, string> = {}) => {
    const p = await f.start({ port, env: { SHUTDOWN_DELAY: '3s', RATE_LIMIT_PER_MINUTE: '1000000', ...extra } });
    await p.ready(120_000);
    return p;
  };

  test('SIGTERM drains: /ready 503, answers on a kept-alive connection say Connection: close, then exit 0', async () => {
    const p = await server(await freePort());
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port: p.port, path, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      assert.deepEqual(await get('/ready'), { status: 200, connection: 'keep-alive', reused: false });
      p.child.kill('SIGTERM');
      const draining = await until('/ready answering 503', 10_000, async () => {
        const r = await get('/ready');
        return r.status === 503 ? r : undefined;
      });
      assert.deepEqual(draining, { status: 503, connection: 'close', reused: true });
      // Still serving meanwhile, on new connections too.
      assert.deepEqual(await get('/health'), { status: 200, connection: 'close', reused: false });
      assert.deepEqual(await p.exited, { code: 0, signal: null });
      await assert.rejects(get('/health'), /ECONNREFUSED/);
    } finally {
      agent.destroy();
    }
  });

  test('two processes replaced one after the other under load: every request answered 2xx, every write kept', async (t) => {
    const headers = await f.dealer();
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await server(portA);
    const b = await server(portB);
    const lb = await startBalancer([portA, portB]);
    let stop = false;
    const failures: string[] = [];
    const last = new Map<string, number>();
    let answered = 0;
    const client = async (i: number) => {
      const id = `RR-${i}`;
      for (let n = 1; !stop; n++) {
        const price = 10_000 + n;
        try {
          const put = await fetch(`${lb.base}/v1/vehicles/${id}`, { method: 'PUT', headers, body: JSON.stringify(aCar({ price })) });
          const putText = await put.text();
          if (put.status !== 200 && put.status !== 201) failures.push(`PUT ${id}: ${put.status} ${putText.slice(0, 200)}`);
          else last.set(id, price);
          const got = await fetch(`${lb.base}/v1/vehicles/${id}`, { headers: { authorization: headers.authorization! } });
          const body = (await got.json()) as { vehicle?: { price?: string } };
          if (got.status !== 200) failures.push(`GET ${id}: ${got.status} ${JSON.stringify(body).slice(0, 200)}`);
          else if (put.ok && Number(body.vehicle?.price) !== price) failures.push(`GET ${id}: price ${body.vehicle?.price} after PUT ${price}`);
          answered += 2;
        } catch (err) {
          failures.push(`${id}: ${String(err)}`);
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
    /** Waits until the process on `port` has answered `n` more requests through the balancer. */
    const underLoad = async (port: number, n: number) => {
      const from = lb.answered[port]!;
      await until(`${n} answers from :${port} (${lb.answered[port]! - from} so far)`, 60_000, () => lb.answered[port]! - from >= n);
    };
    try {
      // Every client under way, both processes serving, before the first SIGTERM.
      await until(`a write by each of the ${CLIENTS} clients (${last.size} so far)`, 60_000, () => last.size === CLIENTS);
      await Promise.all([underLoad(portA, CLIENTS), underLoad(portB, CLIENTS)]);
      a.child.kill('SIGTERM');
      assert.deepEqual(await a.exited, { code: 0, signal: null }, a.output());
      await server(portA);
      // The replacement back in rotation, taking its share, before the other one stops.
      await underLoad(portA, CLIENTS);
      b.child.kill('SIGTERM');
      assert.deepEqual(await b.exited, { code: 0, signal: null }, b.output());
      await server(portB);
      await underLoad(portB, CLIENTS);
    } finally {
      stop = true;
      await Promise.all(clients);
      await lb.close();
    }
    t.diagnostic(`${answered} requests answered; retried elsewhere: ${JSON.stringify(lb.retried)}; taken out of rotation ${lb.markedDown} times`);
    assert.deepEqual(failures, []);
    assert.equal(last.size, CLIENTS);
    assert.ok(lb.markedDown >= 2, 'each draining process was taken out of rotation by its /ready');
    // Every acknowledged write is there: each car has the price its last PUT sent.
    const rows = await f.ts.store.db.selectFrom('vehicles').select(['external_id', 'price_cents']).where('external_id', 'like', 'RR-%').execute();
    assert.deepEqual(new Map(rows.map((r) => [r.external_id, Number(r.price_cents) / 100])), last);
  });
});
