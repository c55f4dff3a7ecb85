// scripts/balancer.mjs, the one-machine cluster's load balancer (P40): round robin, another
// upstream when one refuses the connection, never a second try once a request reached one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startScriptBalancer as startBalancer } from '../support/script-balancer.js';
import { freePort } from '../support/server-process.js';

interface Upstream {
  server: http.Server;
  addr: string;
  seen: { method: string; url: string; body: string; forwardedFor: string }[];
}

/** An upstream that answers its name, or (`drop`) closes the connection once it has the request. */
async function upstream(name: string, drop = false): Promise<Upstream> {
  const seen: Upstream['seen'] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, forwardedFor: String(req.headers['x-forwarded-for'] ?? '') });
      if (drop) req.socket.destroy();
      else res.end(name);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, addr: `127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function call(base: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}/v1/x?y=1`, init);
  return { status: res.status, text: await res.text() };
}

describe('scripts/balancer.mjs', () => {
  let a: Upstream;
  let dropper: Upstream;
  let deadAddr: string;
  before(async () => {
    a = await upstream('a');
    dropper = await upstream('dropper', true);
    deadAddr = `127.0.0.1:${await freePort()}`; // nothing listens there: connections are refused
  });
  after(() => {
    a.server.close();
    dropper.server.close();
  });

  it('sends a request refused by one upstream to the next, with its body, and marks the client in X-Forwarded-For', async () => {
    const lb = await startBalancer([deadAddr, a.addr]);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await call(lb.base, { method: 'POST', body: `body ${i}`, headers: { 'content-type': 'text/plain' } }));
      assert.deepEqual(
        answers.map((r) => `${r.status} ${r.text}`),
        ['200 a', '200 a', '200 a', '200 a'],
      );
      assert.deepEqual(
        a.seen.map((s) => `${s.method} ${s.url} ${s.body}`),
        ['POST /v1/x?y=1 body 0', 'POST /v1/x?y=1 body 1', 'POST /v1/x?y=1 body 2', 'POST /v1/x?y=1 body 3'],
      );
      assert.ok(a.seen.every((s) => s.forwardedFor === '127.0.0.1'));
    } finally {
      await lb.stop();
      a.seen.length = 0;
    }
  });

  it('never sends a request again once an upstream has received it: 502', async () => {
    // Round robin starts with the first upstream: the first request goes to the dropper.
    const lb = await startBalancer([dropper.addr, a.addr]);
    try {
      const r = await call(lb.base, { method: 'POST', body: 'once' });
      assert.equal(r.status, 502);
      assert.equal(dropper.seen.length, 1);
      assert.equal(a.seen.length, 0);
      assert.equal((await call(lb.base)).text, 'a'); // the next one goes on in turn
    } finally {
      await lb.stop();
    }
  });

  it('answers 502 when no upstream takes the connection', async () => {
    const lb = await startBalancer([deadAddr]);
    try {
      const r = await call(lb.base);
      assert.equal(r.status, 502);
      assert.match(r.text, /bad_gateway/);
    } finally {
      await lb.stop();
    }
  });
});
