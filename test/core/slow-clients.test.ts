// D38 (P67): slow clients on a listening server. A request whose headers and body have not all
// arrived within REQUEST_TIMEOUT of its first byte is answered 408 request_timeout in the Error
// shape and closed, whatever the route (a panel form, a feed push read by the app); a request
// that did arrive in time is not cut however long its work takes. One address holds at most
// MAX_CONNECTIONS_PER_ADDRESS connections (not counted from a TRUST_PROXY address).
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import { addressKey } from '../../src/core/http/connection-limit.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { csvCar, feedFor, ids, vehiclesOf } from '../feeds/support.js';

const TIMEOUT_MS = 1500;
/** Cars in the ~10 MB file (with a 1 990-character description each). */
const ROWS = 4_500;
/** Node checks every tenth of the timeout (app.ts); the rest is this machine's slack. */
const MARGIN_MS = 1200;

interface Seen {
  /** Everything the server sent. */
  text: string;
  /** From the first byte sent to the close of the connection. */
  ms: number;
  /** Whether the server closed it (false: still open when the test gave up). */
  closed: boolean;
}

/** Opens a connection, lets `drive` write on it, and records what comes back until it closes. */
function exchange(port: number, drive: (socket: net.Socket) => void, giveUpMs = TIMEOUT_MS * 4): Promise<Seen> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let start = 0;
    const timers: NodeJS.Timeout[] = [];
    const done = (closed: boolean) => {
      for (const t of timers) clearTimeout(t);
      socket.destroy();
      resolve({ text, ms: performance.now() - start, closed });
    };
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('error', () => {});
    socket.on('close', () => done(true));
    socket.on('connect', () => {
      start = performance.now();
      drive(socket);
    });
    timers.push(setTimeout(() => done(false), giveUpMs));
  });
}

/** Writes `head`, then one byte of body every `everyMs` for as long as the socket is open. */
const trickle = (head: string, everyMs: number) => (socket: net.Socket) => {
  socket.write(head);
  const timer = setInterval(() => {
    if (socket.writable) socket.write('a');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
};

function assertTimedOut(seen: Seen): void {
  assert.equal(seen.closed, true, `the connection is closed (${JSON.stringify(seen)})`);
  assert.match(seen.text, /^HTTP\/1\.1 408 /, seen.text);
  assert.match(seen.text, /content-type: application\/json/i);
  const body = JSON.parse(seen.text.slice(seen.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
  assert.deepEqual(Object.keys(body), ['error']);
  assert.equal(body.error.code, 'request_timeout');
  assert.match(body.error.message, /within 1\.5 s/);
  assert.ok(seen.ms >= TIMEOUT_MS - 50, `not before the timeout (${seen.ms.toFixed(0)} ms)`);
  assert.ok(seen.ms < TIMEOUT_MS + MARGIN_MS, `closed ${seen.ms.toFixed(0)} ms after the first byte`);
}

describe(`slow requests: REQUEST_TIMEOUT (${STORE_NAME})`, () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await makeApp({ env: { REQUEST_TIMEOUT: `${TIMEOUT_MS}ms`, FEED_PUSH_PER_MINUTE: '1000', JOB_CONCURRENCY: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(() => t.close());

  test('headers, then a body trickled to a panel form: 408 request_timeout in the Error shape, then closed', async () => {
    const head = 'POST /panel/forgot-password HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n';
    assertTimedOut(await exchange(port, trickle(head, 200)));
    assert.equal(t.logs.text.includes('"level":50'), false, 'no error logged');
  });

  test('a feed push whose body the app is reading (a live token) is cut the same way, and nothing is imported', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const head = `POST ${feed.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nContent-Length: 60000\r\n\r\nexternal_id,brand\r\n`;
    assertTimedOut(await exchange(port, trickle(head, 200)));
    assert.equal((await vehiclesOf(t, slug)).length, 0);
    assert.equal(t.logs.text.includes('"level":50'), false, 'no error logged');
  });

  test('headers never finished (a header line now and then), or nothing sent at all: 408, then closed', async () => {
    const slowHeaders = (socket: net.Socket) => {
      socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n');
      const timer = setInterval(() => {
        if (socket.writable) socket.write('X-Slow: 1\r\n');
      }, 200);
      socket.once('close', () => clearInterval(timer));
    };
    const [headers, silent] = await Promise.all([exchange(port, slowHeaders), exchange(port, () => {})]);
    assertTimedOut(headers);
    assertTimedOut(silent);
  });

  test('a body refused early (unknown token) and still trickling: its 404 first, then closed at the timeout without a second answer', async () => {
    const head = 'POST /v1/feeds/nope/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/csv\r\nContent-Length: 60000\r\n\r\n';
    const seen = await exchange(port, trickle(head, 200));
    assert.equal(seen.closed, true);
    assert.match(seen.text, /^HTTP\/1\.1 404 /);
    assert.equal(seen.text.match(/HTTP\/1\.1 /g)?.length, 1, seen.text);
    assert.ok(seen.ms < TIMEOUT_MS + MARGIN_MS, `${seen.ms.toFixed(0)} ms`);
  });

  test('a 10 MB feed push that arrives within the timeout is not cut, though its import takes longer', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const description = 'Único dueño y service oficial. '.repeat(66).slice(0, 1990);
    const rows = ids('BIG', ROWS).map((id) => {
      const c = csvCar(id);
      return [id, c.brand, c.model, c.year, c.price, c.mileage, c.photos, description].join(',');
    });
    const file = Buffer.from(['external_id,brand,model,year,price,mileage,photos,description', ...rows].join('\n') + '\n');
    assert.ok(file.length > 9.5 * 1024 * 1024 && file.length <= 10 * 1024 * 1024, `${file.length} bytes`);
    const started = performance.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: feed.path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'text/csv', 'content-length': String(file.length) },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      // In ten slices over about 0.9 s: a steady upload, all of it within the 1.5 s.
      const slice = Math.ceil(file.length / 10);
      let at = 0;
      const next = () => {
        req.write(file.subarray(at, at + slice));
        at += slice;
        if (at < file.length) setTimeout(next, 100);
        else req.end();
      };
      next();
    });
    const ms = performance.now() - started;
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    assert.equal((JSON.parse(answer.body) as { created: number }).created, ROWS, answer.body.slice(0, 400));
    // The answer came after the timeout had passed since the first byte: only the arrival counts.
    assert.ok(ms > TIMEOUT_MS, `answered ${ms.toFixed(0)} ms after the first byte`);
  });

  test('REQUEST_TIMEOUT: default 60s, from 1s to 1h', () => {
    assert.equal(loadConfig({}).requestTimeoutMs, 60_000);
    assert.equal(loadConfig({ REQUEST_TIMEOUT: '1500ms' }).requestTimeoutMs, 1500);
    assert.equal(loadConfig({ REQUEST_TIMEOUT: '2m' }).requestTimeoutMs, 120_000);
    for (const bad of ['0', '500ms', '2h', 'soon', '-5s']) {
      assert.throws(
        () => loadConfig({ REQUEST_TIMEOUT: bad }),
        (e: unknown) => e instanceof ConfigError && e.variable === 'REQUEST_TIMEOUT',
        bad,
      );
    }
  });
});

describe(`connections per address: MAX_CONNECTIONS_PER_ADDRESS (${STORE_NAME})`, () => {
  /** A connection that asked GET /health and got its 200: held open (keep-alive). */
  async function held(port: number): Promise<net.Socket> {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      socket.on('data', (d: string) => {
        text += d;
        if (/^HTTP\/1\.1 200 [\s\S]*\r\n\r\n[\s\S]*\}/.test(text)) resolve();
      });
      socket.on('close', () => reject(new Error(`closed: ${text}`)));
      socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    socket.removeAllListeners('close');
    return socket;
  }

  /** A new connection's first answer to GET /health (and whether the server closed it). */
  const probe = (port: number) => exchange(port, (socket) => socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 5_000);

  async function withApp(env: Record<string, string>, fn: (port: number, t: TestApp) => Promise<void>): Promise<void> {
    const t = await makeApp({ env });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      await fn((t.app.server.address() as net.AddressInfo).port, t);
    } finally {
      await t.close();
    }
  }

  test('connection N+1 from one address is refused with 429 in the Error shape and closed; after one closes, accepted again', async () => {
    await withApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' }, async (port, t) => {
      const open = [await held(port), await held(port), await held(port)];
      const refused = await probe(port);
      assert.equal(refused.closed, true);
      assert.match(refused.text, /^HTTP\/1\.1 429 /, refused.text);
      assert.match(refused.text, /retry-after: 1/i);
      const body = JSON.parse(refused.text.slice(refused.text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'rate_limited');
      assert.match(body.error.message, /at most 3/);
      assert.ok(refused.ms < 1500, `refused at once (${refused.ms.toFixed(0)} ms)`);
      assert.match(t.logs.text, /too many open from one address/);

      open.pop()!.destroy();
      let again = await probe(port);
      for (let i = 0; i < 20 && !/^HTTP\/1\.1 200 /.test(again.text); i++) {
        await new Promise((r) => setTimeout(r, 50));
        again = await probe(port);
      }
      assert.match(again.text, /^HTTP\/1\.1 200 /, again.text);
      for (const s of open) s.destroy();
    });
  });

  test('from a TRUST_PROXY address connections are not counted; from any other, they are', async () => {
    await withApp({ MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '127.0.0.1' }, async (port) => {
      const open = [await held(port), await held(port), await held(port), await held(port)];
      assert.match((await probe(port)).text, /^HTTP\/1\.1 200 /);
      for (const s of open) s.destroy();
    });
    await withApp({ MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: '10.0.0.0/8' }, async (port) => {
      const open = [await held(port), await held(port)];
      assert.match((await probe(port)).text, /^HTTP\/1\.1 429 /);
      for (const s of open) s.destroy();
    });
    await withApp({ MAX_CONNECTIONS_PER_ADDRESS: '2', TRUST_PROXY: 'loopback' }, async (port) => {
      const open = [await held(port), await held(port), await held(port)];
      assert.match((await probe(port)).text, /^HTTP\/1\.1 200 /);
      for (const s of open) s.destroy();
    });
  });

  test('0 turns the limit off', async () => {
    await withApp({ MAX_CONNECTIONS_PER_ADDRESS: '0' }, async (port) => {
      const open = await Promise.all(Array.from({ length: 8 }, () => held(port)));
      assert.match((await probe(port)).text, /^HTTP\/1\.1 200 /);
      for (const s of open) s.destroy();
    });
  });

  test('MAX_CONNECTIONS_PER_ADDRESS: default 64, validated; IPv6 counted per /64, IPv4-mapped as IPv4', () => {
    assert.equal(loadConfig({}).maxConnectionsPerAddress, 64);
    assert.equal(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: '0' }).maxConnectionsPerAddress, 0);
    for (const bad of ['-1', 'many', '1.5', '100001']) {
      assert.throws(
        () => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: bad }),
        (e: unknown) => e instanceof ConfigError && e.variable === 'MAX_CONNECTIONS_PER_ADDRESS',
        bad,
      );
    }
    assert.equal(addressKey('203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(addressKey('2001:db8:1:2:aaaa::1'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'), '2001:db8:1:2::/64');
    assert.equal(addressKey('2001:0db8::1'), '2001:db8:0:0::/64');
    assert.equal(addressKey('::1'), '0:0:0:0::/64');
    assert.equal(addressKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  });
});
