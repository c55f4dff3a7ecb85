// The outbound HTTP client (src/core/outbound/). Network rule of these tests: only loopback is
// ever connected to. A guard on net.Socket.prototype.connect records every connection attempt
// the process makes and fails any to a non-loopback address without connecting, so a refusal
// that came too late shows up as an attempt (and never reaches the network).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { isPublicAddress } from '../../src/core/outbound/address.js';
import { OutboundError, type OutboundErrorCode } from '../../src/core/outbound/errors.js';
import { createOutbound, type OutboundOptions } from '../../src/core/outbound/fetcher.js';
import { redirectStep } from '../../src/core/outbound/policy.js';

// ---------------------------------------------------------------------------------------------
// Connection guard

interface Attempt {
  host: string;
  port: number;
}
const attempts: Attempt[] = [];
// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be put back, and called with .apply(this) on a socket
const originalConnect = net.Socket.prototype.connect;

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function installGuard(): void {
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const opts = (Array.isArray(first) ? first[0] : typeof first === 'object' && first !== null ? first : { port: first, host: args[1] }) as {
      host?: string;
      port?: number | string;
      path?: string;
    };
    if (opts.path === undefined) {
      const host = opts.host ?? 'localhost';
      attempts.push({ host, port: Number(opts.port) });
      if (!isLoopbackHost(host)) {
        const err = new Error(`test guard: refused a connection to ${host}:${opts.port}`);
        process.nextTick(() => this.destroy(err));
        return this;
      }
    }
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  };
}

function removeGuard(): void {
  net.Socket.prototype.connect = originalConnect;
}

// ---------------------------------------------------------------------------------------------
// Loopback servers

interface Counted {
  connections: number;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  open: Set<net.Socket>;
  reset(): void;
}

function counted(server: net.Server): Counted {
  const c: Counted = {
    connections: 0,
    requests: [],
    open: new Set(),
    reset() {
      c.connections = 0;
      c.requests = [];
    },
  };
  server.on('connection', (s: net.Socket) => {
    c.connections += 1;
    c.open.add(s);
    s.on('close', () => c.open.delete(s));
  });
  return c;
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

async function closeServer(server: net.Server, c: Counted): Promise<void> {
  for (const s of c.open) s.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

async function waitFor(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const MB = 1024 * 1024;
/** How each /big and /announced response ended on the server side. */
const streamEnds: string[] = [];
const slowTimers = new Set<NodeJS.Timeout>();

function handler(getPort: () => number) {
  return (req: http.IncomingMessage, res: http.ServerResponse, c: Counted) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      c.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const u = new URL(req.url ?? '/', 'http://x');
      const p = u.pathname;
      if (p === '/ok') {
        res.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] });
        res.end('hello');
      } else if (p === '/echo') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
      } else if (p.startsWith('/chain/')) {
        const n = Number(p.slice('/chain/'.length));
        if (n > 0) {
          res.writeHead(302, { location: `/chain/${n - 1}` });
          res.end('moved');
        } else res.end('end of chain');
      } else if (p === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
      } else if (p === '/redirect') {
        const status = Number(u.searchParams.get('status') ?? 302);
        const to = (u.searchParams.get('to') ?? '/ok').replace('PORT', String(getPort()));
        res.writeHead(status, { location: to });
        res.end('redirecting');
      } else if (p === '/big') {
        // 20 MB in 64 KB chunks, honouring backpressure; records whether it all went out.
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.on('close', () => streamEnds.push(res.writableFinished ? 'finished' : `closed after ${sent} bytes`));
        const pump = () => {
          while (sent < 20 * MB && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
      } else if (p === '/announced') {
        res.writeHead(200, { 'content-length': String(20 * MB) });
        res.write('a little');
        res.on('close', () => streamEnds.push(res.writableFinished ? 'finished' : 'announced closed'));
      } else if (p === '/exact') {
        res.end(Buffer.alloc(1000, 'y'));
      } else if (p === '/slow') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const t = setInterval(() => res.write('.'), 100);
        slowTimers.add(t);
        res.on('close', () => {
          clearInterval(t);
          slowTimers.delete(t);
          streamEnds.push('slow closed');
        });
      } else if (p === '/reset') {
        res.writeHead(200, { 'content-length': '100' });
        res.write('partial', () => req.socket.destroy());
      } else if (p === '/garbage') {
        req.socket.end('NOT HTTP AT ALL\r\n\r\n');
      } else if (p === '/head-big') {
        res.writeHead(200, { 'content-length': String(20 * MB) });
        res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(0));
      } else {
        res.writeHead(404);
        res.end('not found');
      }
    });
  };
}

let server: http.Server;
let srv: Counted;
let PORT = 0;
/** A port with nothing listening (a server was bound and closed). */
let DEAD_PORT = 0;

// https: a self-signed certificate for photos.test and 127.0.0.1, made with openssl at test time.
let tlsServer: https.Server | undefined;
let tlsSrv: Counted | undefined;
let TLS_PORT = 0;
let CERT = '';
let tlsSkip: string | false = false;
let tmpDir = '';

function makeCertificate(dir: string): { key: string; cert: string } | undefined {
  try {
    const keyPath = path.join(dir, 'key.pem');
    const certPath = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyPath,
        '-out',
        certPath,
        '-days',
        '2',
        '-subj',
        '/CN=photos.test',
        '-addext',
        'subjectAltName=DNS:photos.test,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(keyPath, 'utf8'), cert: fs.readFileSync(certPath, 'utf8') };
  } catch {
    return undefined;
  }
}

before(async () => {
  installGuard();
  const h = handler(() => PORT);
  server = http.createServer((req, res) => h(req, res, srv));
  srv = counted(server);
  PORT = await listen(server);

  const probe = net.createServer();
  DEAD_PORT = await listen(probe);
  await new Promise<void>((r) => probe.close(() => r()));

  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbound-test-'));
  const pair = makeCertificate(tmpDir);
  if (!pair) {
    tlsSkip = 'openssl is not available to make a test certificate';
    return;
  }
  CERT = pair.cert;
  const th = handler(() => PORT);
  tlsServer = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => th(req, res, tlsSrv!));
  tlsSrv = counted(tlsServer);
  TLS_PORT = await listen(tlsServer);
});

after(async () => {
  removeGuard();
  for (const t of slowTimers) clearInterval(t);
  await closeServer(server, srv);
  if (tlsServer && tlsSrv) await closeServer(tlsServer, tlsSrv);
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

beforeEach(() => {
  srv.reset();
  tlsSrv?.reset();
});

// ---------------------------------------------------------------------------------------------
// Helpers

type Answer = { address: string; family: 4 | 6 };

function fam(address: string): 4 | 6 {
  return net.isIP(address) === 6 ? 6 : 4;
}

/** A resolver from a fixed table; counts its calls per host name. */
function stubResolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve = async (hostname: string): Promise<Answer[]> => {
    calls.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: fam(address) }));
  };
  return { resolve, calls };
}

// Long enough for a loaded machine: the timeout tests pass their own short bounds.
const REQ = { timeoutMs: 15_000, maxBytes: 1 * MB };

async function expectCode(p: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof OutboundError, `expected an OutboundError, got ${String(err)}`);
    assert.equal(err.code, code, `expected ${code}, got ${err.code}: ${err.message}`);
    return err;
  }
  assert.fail(`expected ${code}, but the request succeeded`);
}

/** Refused with `code`, with no connection attempt at all and nothing reaching the server. */
async function expectRefusedBeforeConnect(p: Promise<unknown>, code: OutboundErrorCode): Promise<OutboundError> {
  const before = attempts.length;
  srv.reset();
  const err = await expectCode(p, code);
  assert.deepEqual(attempts.slice(before), [], 'no connection may be attempted');
  assert.equal(srv.connections, 0, 'the loopback server must see no connection');
  return err;
}

// ---------------------------------------------------------------------------------------------

describe('isPublicAddress', () => {
  const PUBLIC = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '11.0.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '192.167.255.255',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2a00:1450:4001:80b::200e',
    '[2606:4700:4700::1111]',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '64:ff9b::8.8.8.8',
  ];
  const REFUSED = [
    // loopback
    '127.0.0.1',
    '127.1.2.3',
    '127.255.255.254',
    '::1',
    '0:0:0:0:0:0:0:1',
    '[::1]',
    // private
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.168.255.255',
    'fc00::1',
    'fd12:3456:789a::1',
    // link-local (cloud metadata)
    '169.254.169.254',
    '169.254.0.1',
    'fe80::1',
    'febf:ffff::1',
    'fe80::1%eth0',
    // carrier-grade NAT
    '100.64.0.1',
    '100.127.255.255',
    // multicast
    '224.0.0.1',
    '239.255.255.250',
    'ff02::1',
    'ff0e::1',
    // unspecified, broadcast
    '0.0.0.0',
    '0.1.2.3',
    '::',
    '255.255.255.255',
    // reserved and documentation
    '192.0.0.1',
    '192.0.2.1',
    '192.88.99.1',
    '198.18.0.1',
    '198.19.255.255',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '254.1.2.3',
    '2001:db8::1',
    '2001:db8:ffff::1',
    '3fff::1',
    '100::1',
    'fec0::1',
    '2001:2::1',
    '2001:10::1',
    // IPv4-mapped: judged by the IPv4 inside
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:7F00:0001',
    '0:0:0:0:0:ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '::ffff:0.0.0.0',
    '::ffff:192.168.1.1',
    // NAT64 well-known prefix: judged by the IPv4 inside
    '64:ff9b::7f00:1',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::a00:1',
    // refused outright whatever they embed: IPv4-compatible, local-use NAT64, 6to4, Teredo
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::808:808',
    '64:ff9b:1::808:808',
    '2002:7f00:1::1',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001::1',
    // not (canonical) addresses
    'not-an-ip',
    '',
    'localhost',
    '0177.0.0.1',
    '2130706433',
    '0x7f000001',
    '127.1',
    '1.2.3',
    '1.2.3.4.5',
    '::ffff:127.0.0.1.1',
    '12345::1',
  ];
  for (const ip of PUBLIC) {
    it(`${ip} is public`, () => assert.equal(isPublicAddress(ip), true));
  }
  for (const ip of REFUSED) {
    it(`${ip || '(empty)'} is refused`, () => assert.equal(isPublicAddress(ip), false));
  }
});

describe('URL rule (no network)', () => {
  const never = stubResolver({});
  const client = createOutbound({ allowPrivateNetworks: false, resolve: never.resolve });

  it('refuses other schemes', async () => {
    for (const url of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/plain,hi',
      'gopher://example.com/',
      'ws://example.com/',
    ]) {
      await expectRefusedBeforeConnect(client.fetch(url, REQ), 'scheme_not_allowed');
    }
  });

  it('refuses credentials in the URL and never echoes them or the query', async () => {
    const err = await expectRefusedBeforeConnect(client.fetch('https://user:hunter2@example.com/feed.xml?token=SECRET123', REQ), 'credentials_in_url');
    assert.match(err.message, /example\.com/);
    assert.doesNotMatch(err.message, /hunter2|SECRET123|user:/);
    await expectRefusedBeforeConnect(client.fetch('https://user@example.com/', REQ), 'credentials_in_url');
  });

  it('refuses ports other than 80 and 443', async () => {
    for (const url of ['http://example.com:8080/', 'https://example.com:8443/', 'http://example.com:22/', 'http://example.com:0/']) {
      await expectRefusedBeforeConnect(client.fetch(url, REQ), 'port_not_allowed');
    }
  });

  it('refuses invalid URLs', async () => {
    for (const url of ['not a url', '/relative/path', 'http://', 'http://[::1/', 'http://exa mple.com/']) {
      await expectRefusedBeforeConnect(client.fetch(url, REQ), 'invalid_url');
    }
  });

  it('made no DNS lookups for any of these', () => {
    assert.deepEqual(never.calls, []);
  });

  it('messages name the host, never the query string', async () => {
    const r = stubResolver({ 'feeds.example': ['10.1.2.3'] });
    const c = createOutbound({ allowPrivateNetworks: false, resolve: r.resolve });
    const err = await expectRefusedBeforeConnect(c.fetch('https://feeds.example/export?key=TOPSECRET', REQ), 'address_not_allowed');
    assert.match(err.message, /feeds\.example.*address is not allowed/);
    // Nor what the name resolves to: that tells about the service's own network.
    assert.doesNotMatch(err.message, /10\.1\.2\.3|private/);
    assert.doesNotMatch(err.message, /TOPSECRET|export/);
    assert.equal(err.host, 'feeds.example');
  });
});

describe('address rule: refused before any connection (allowPrivateNetworks=false)', () => {
  it('new URL() turns every IPv4 spelling into the address it means', () => {
    for (const form of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.1', '0177.1', '127.0.1', '127.0.0.1.']) {
      assert.equal(new URL(`http://${form}:8080/`).hostname, '127.0.0.1', form);
    }
    assert.equal(new URL('http://[::ffff:127.0.0.1]/').hostname, '[::ffff:7f00:1]');
    assert.equal(new URL('http://0/').hostname, '0.0.0.0');
  });

  const forms = (port: number) => [
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://127.1:${port}/`,
    `http://0x7f.1:${port}/`,
    `http://127.0.0.1.:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[64:ff9b::7f00:1]:${port}/`,
    `http://169.254.169.254:${port}/latest/meta-data/`,
    `http://[::ffff:a9fe:a9fe]:${port}/`,
    `http://10.0.0.1:${port}/`,
    `http://172.16.0.1:${port}/`,
    `http://192.168.1.1:${port}/`,
    `http://100.64.0.1:${port}/`,
    `http://224.0.0.1:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://255.255.255.255:${port}/`,
    `http://192.0.2.10:${port}/`,
    `http://[fe80::1]:${port}/`,
    `http://[fd00::1]:${port}/`,
    `http://[2001:db8::1]:${port}/`,
  ];

  it('refuses every loopback/private/reserved literal form, with the port allowed (the loopback server sees nothing)', async () => {
    // allowedPorts includes the loopback server's port: only the address rule stands between
    // these URLs and a connection.
    const r = stubResolver({});
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], resolve: r.resolve });
    for (const url of forms(PORT)) {
      if (url.includes('localhost')) continue;
      const err = await expectRefusedBeforeConnect(client.fetch(url, REQ), 'address_not_allowed');
      assert.match(err.message, /refused/);
    }
    assert.deepEqual(r.calls, [], 'IP literals are not resolved');
  });

  it('refuses localhost with the system resolver', async () => {
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT] });
    await expectRefusedBeforeConnect(client.fetch(`http://localhost:${PORT}/ok`, REQ), 'address_not_allowed');
  });

  it('refuses the same forms on the default ports (no server needed: nothing is attempted)', async () => {
    const client = createOutbound({ allowPrivateNetworks: false, resolve: stubResolver({}).resolve });
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/',
      'http://[::1]/',
      'https://[::ffff:169.254.169.254]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
    ]) {
      await expectRefusedBeforeConnect(client.fetch(url, REQ), 'address_not_allowed');
    }
  });

  it('refuses a host name that resolves to a private address, resolving it once', async () => {
    const r = stubResolver({ 'internal.test': ['10.0.0.5'], 'meta.test': ['169.254.169.254'], 'v6.test': ['fd00::5'], 'loop.test': ['127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], resolve: r.resolve });
    for (const host of ['internal.test', 'meta.test', 'v6.test', 'loop.test']) {
      await expectRefusedBeforeConnect(client.fetch(`http://${host}:${PORT}/ok`, REQ), 'address_not_allowed');
    }
    assert.deepEqual(r.calls, ['internal.test', 'meta.test', 'v6.test', 'loop.test']);
  });

  it('refuses a host name that resolves to one public and one private address', async () => {
    // The public address comes first: a client that checked only the first answer would try to
    // connect to it (and the guard would record the attempt).
    const r = stubResolver({ 'mixed.test': ['93.184.216.34', '127.0.0.1'], 'mixed6.test': ['2606:4700:4700::1111', '::ffff:127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], resolve: r.resolve });
    const err = await expectRefusedBeforeConnect(client.fetch(`http://mixed.test:${PORT}/ok`, REQ), 'address_not_allowed');
    assert.match(err.message, /mixed\.test.*address is not allowed/);
    assert.doesNotMatch(err.message, /127\.0\.0\.1|loopback/);
    await expectRefusedBeforeConnect(client.fetch(`http://mixed6.test:${PORT}/ok`, REQ), 'address_not_allowed');
    assert.deepEqual(r.calls, ['mixed.test', 'mixed6.test']);
  });

  it('turns resolver failures into dns_failed (no connection)', async () => {
    const client = createOutbound({
      allowPrivateNetworks: false,
      resolve: async (h) => {
        if (h === 'empty.test') return [];
        if (h === 'garbage.test') return [{ address: 'not-an-ip', family: 4 }];
        throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
      },
    });
    const e1 = await expectRefusedBeforeConnect(client.fetch('https://nowhere.test/x?k=SECRET', REQ), 'dns_failed');
    assert.match(e1.message, /nowhere\.test.*ENOTFOUND/);
    assert.doesNotMatch(e1.message, /SECRET/);
    await expectRefusedBeforeConnect(client.fetch('https://empty.test/', REQ), 'dns_failed');
    await expectRefusedBeforeConnect(client.fetch('https://garbage.test/', REQ), 'dns_failed');
  });

  it('dials exactly the checked answer, never the name', async () => {
    // isAllowed admits 127.0.0.3 as if it were public; nothing listens there, so the attempt is
    // recorded and refused by the kernel (loopback only: no public address is ever dialled).
    const r = stubResolver({ 'public.test': ['127.0.0.3'] });
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], isAllowed: (a) => a === '127.0.0.3', resolve: r.resolve });
    const before = attempts.length;
    const err = await expectCode(client.fetch(`http://public.test:${PORT}/`, REQ), 'connect_failed');
    assert.match(err.message, /public\.test/);
    assert.doesNotMatch(err.message, /127\.0\.0\.3/, 'the message names the host, not the address it resolved to');
    assert.deepEqual(attempts.slice(before), [{ host: '127.0.0.3', port: PORT }]);
    assert.deepEqual(r.calls, ['public.test']);
  });
});

describe('against the loopback server (allowPrivateNetworks=true)', () => {
  const base = () => `http://127.0.0.1:${PORT}`;
  const open = createOutbound({ allowPrivateNetworks: true });

  it('answers a 200 with its body, headers, final URL and remote address; closes the socket', async () => {
    const res = await open.fetch(`${base()}/ok?x=1`, REQ);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'hello');
    assert.equal(res.headers['content-type'], 'text/plain');
    assert.equal(res.headers['x-multi'], 'a, b');
    assert.equal(res.url, `${base()}/ok?x=1`);
    assert.equal(res.redirects, 0);
    assert.equal(res.remoteAddress, '127.0.0.1');
    assert.equal(srv.connections, 1);
    assert.equal(srv.requests[0]!.headers['user-agent'], 'DealerInventory/1.0 (+outbound)');
    await waitFor(() => srv.open.size === 0);
  });

  it('any port is allowed, but scheme and credential rules still apply', async () => {
    await expectRefusedBeforeConnect(open.fetch(`ftp://127.0.0.1:${PORT}/`, REQ), 'scheme_not_allowed');
    await expectRefusedBeforeConnect(open.fetch(`http://u:p@127.0.0.1:${PORT}/ok`, REQ), 'credentials_in_url');
  });

  it('connects to the address the resolver answered, resolving once, with Host set to the name', async () => {
    const r = stubResolver({ 'photos.test': ['127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: true, resolve: r.resolve, userAgent: 'Test/1' });
    const before = attempts.length;
    const res = await client.fetch(`http://photos.test:${PORT}/echo`, { ...REQ, headers: { 'X-Custom': 'yes', Host: 'evil.test' } });
    const echoed = JSON.parse(res.body.toString()) as { headers: Record<string, string> };
    assert.equal(echoed.headers['host'], `photos.test:${PORT}`);
    assert.equal(echoed.headers['x-custom'], 'yes');
    assert.equal(echoed.headers['user-agent'], 'Test/1');
    assert.deepEqual(r.calls, ['photos.test']);
    assert.deepEqual(attempts.slice(before), [{ host: '127.0.0.1', port: PORT }]);
    assert.equal(res.remoteAddress, '127.0.0.1');
  });

  it('tries the next checked address when a connect fails (still no second lookup)', async () => {
    const r = stubResolver({ 'two.test': ['127.0.0.2', '127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: true, resolve: r.resolve });
    const before = attempts.length;
    // 127.0.0.2 has nothing on PORT (the server listens on 127.0.0.1 only).
    const res = await client.fetch(`http://two.test:${PORT}/ok`, REQ);
    assert.equal(res.status, 200);
    assert.equal(res.remoteAddress, '127.0.0.1');
    assert.deepEqual(
      attempts.slice(before).map((a) => a.host),
      ['127.0.0.2', '127.0.0.1'],
    );
    assert.deepEqual(r.calls, ['two.test']);
  });

  it('follows a chain of 3 redirects, resolving once per hop', async () => {
    const r = stubResolver({ 'photos.test': ['127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: true, resolve: r.resolve });
    const res = await client.fetch(`http://photos.test:${PORT}/chain/3`, REQ);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'end of chain');
    assert.equal(res.redirects, 3);
    assert.equal(res.url, `http://photos.test:${PORT}/chain/0`);
    assert.deepEqual(r.calls, ['photos.test', 'photos.test', 'photos.test', 'photos.test']);
    assert.deepEqual(
      srv.requests.map((q) => q.url),
      ['/chain/3', '/chain/2', '/chain/1', '/chain/0'],
    );
    await waitFor(() => srv.open.size === 0);
  });

  it('refuses a 4th redirect (too_many_redirects) without requesting its target', async () => {
    const err = await expectCode(open.fetch(`${base()}/chain/4`, REQ), 'too_many_redirects');
    assert.match(err.message, /127\.0\.0\.1/);
    assert.deepEqual(
      srv.requests.map((q) => q.url),
      ['/chain/4', '/chain/3', '/chain/2', '/chain/1'],
    );
    await waitFor(() => srv.open.size === 0);
  });

  it('honours a larger maxRedirects', async () => {
    const res = await open.fetch(`${base()}/chain/5`, { ...REQ, maxRedirects: 5 });
    assert.equal(res.redirects, 5);
  });

  it('stops a redirect loop', async () => {
    await expectCode(open.fetch(`${base()}/loop`, REQ), 'too_many_redirects');
    assert.equal(srv.requests.length, 4);
  });

  it('maxRedirects 0 returns the 302 as it is', async () => {
    const res = await open.fetch(`${base()}/redirect?status=302&to=/ok`, { ...REQ, maxRedirects: 0 });
    assert.equal(res.status, 302);
    assert.equal(res.headers['location'], '/ok');
    assert.equal(res.body.toString(), 'redirecting');
    assert.equal(res.redirects, 0);
    assert.equal(srv.requests.length, 1);
  });

  it('a 3xx without Location is returned as the response', async () => {
    const res = await open.fetch(`${base()}/redirect?status=304&to=`, REQ);
    assert.equal(res.status, 304);
  });

  it('303 turns a POST into a GET without body; 307 keeps POST and body', async () => {
    const post = { ...REQ, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{"a":1}' };
    const r303 = JSON.parse((await open.fetch(`${base()}/redirect?status=303&to=/echo`, post)).body.toString());
    assert.equal(r303.method, 'GET');
    assert.equal(r303.body, '');
    assert.equal(r303.headers['content-type'], undefined);
    const r302 = JSON.parse((await open.fetch(`${base()}/redirect?status=302&to=/echo`, post)).body.toString());
    assert.equal(r302.method, 'GET');
    const r307 = JSON.parse((await open.fetch(`${base()}/redirect?status=307&to=/echo`, post)).body.toString());
    assert.equal(r307.method, 'POST');
    assert.equal(r307.body, '{"a":1}');
    assert.equal(r307.headers['content-type'], 'application/json');
    const r308 = JSON.parse((await open.fetch(`${base()}/redirect?status=308&to=/echo`, post)).body.toString());
    assert.equal(r308.method, 'POST');
  });

  it('never re-sends a POST body to another origin (307 → redirect_not_allowed)', async () => {
    const r = stubResolver({ 'other.test': ['127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: true, resolve: r.resolve });
    const to = encodeURIComponent(`http://other.test:${PORT}/echo`);
    await expectCode(client.fetch(`${base()}/redirect?status=307&to=${to}`, { ...REQ, method: 'POST', body: 'secret payload' }), 'redirect_not_allowed');
    assert.equal(srv.requests.length, 1);
    assert.deepEqual(r.calls, []);
  });

  it('drops Authorization and Cookie on a redirect to another origin, keeps them on the same origin', async () => {
    const r = stubResolver({ 'other.test': ['127.0.0.1'] });
    const client = createOutbound({ allowPrivateNetworks: true, resolve: r.resolve });
    const headers = { authorization: 'Bearer abc', cookie: 'c=1' };
    const same = JSON.parse((await client.fetch(`${base()}/redirect?to=/echo`, { ...REQ, headers })).body.toString());
    assert.equal(same.headers['authorization'], 'Bearer abc');
    const to = encodeURIComponent(`http://other.test:${PORT}/echo`);
    const cross = JSON.parse((await client.fetch(`${base()}/redirect?to=${to}`, { ...REQ, headers })).body.toString());
    assert.equal(cross.headers['authorization'], undefined);
    assert.equal(cross.headers['cookie'], undefined);
    assert.equal(cross.headers['host'], `other.test:${PORT}`);
  });

  it('re-checks the scheme and credentials of each redirect target', async () => {
    await expectCode(open.fetch(`${base()}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, REQ), 'scheme_not_allowed');
    await expectCode(open.fetch(`${base()}/redirect?to=${encodeURIComponent('ftp://127.0.0.1/x')}`, REQ), 'scheme_not_allowed');
    await expectCode(open.fetch(`${base()}/redirect?to=${encodeURIComponent('http://a:b@127.0.0.1:PORT/ok')}`, REQ), 'credentials_in_url');
    await expectCode(open.fetch(`${base()}/redirect?to=${encodeURIComponent('http://[::1')}`, REQ), 'redirect_not_allowed');
  });

  it('refuses a body over maxBytes while streaming (too_large) and closes the socket early', async () => {
    streamEnds.length = 0;
    const err = await expectCode(open.fetch(`${base()}/big`, { timeoutMs: 10_000, maxBytes: 15 * MB }), 'too_large');
    assert.match(err.message, /127\.0\.0\.1/);
    await waitFor(() => streamEnds.length === 1, 5000);
    assert.match(streamEnds[0]!, /^closed after \d+ bytes$/);
    const sent = Number(/(\d+)/.exec(streamEnds[0]!)![1]);
    assert.ok(sent < 20 * MB, `server sent ${sent} bytes`);
    await waitFor(() => srv.open.size === 0);
  });

  it('accepts a body of exactly maxBytes', async () => {
    const res = await open.fetch(`${base()}/exact`, { ...REQ, maxBytes: 1000 });
    assert.equal(res.body.length, 1000);
    await expectCode(open.fetch(`${base()}/exact`, { ...REQ, maxBytes: 999 }), 'too_large');
  });

  it('refuses an announced Content-Length over the cap before reading', async () => {
    streamEnds.length = 0;
    const started = Date.now();
    await expectCode(open.fetch(`${base()}/announced`, { timeoutMs: 5000, maxBytes: 15 * MB }), 'too_large');
    assert.ok(Date.now() - started < 2000);
    await waitFor(() => streamEnds.includes('announced closed'));
    await waitFor(() => srv.open.size === 0);
  });

  it('a HEAD is not refused for the Content-Length it announces', async () => {
    const res = await open.fetch(`${base()}/head-big`, { ...REQ, method: 'HEAD', maxBytes: 10 });
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 0);
  });

  it('times out an endless slow stream at the total deadline and closes it', async () => {
    streamEnds.length = 0;
    const started = Date.now();
    const err = await expectCode(open.fetch(`${base()}/slow`, { timeoutMs: 500, maxBytes: MB }), 'timeout');
    const elapsed = Date.now() - started;
    assert.ok(elapsed >= 450 && elapsed < 1200, `took ${elapsed} ms`);
    assert.match(err.message, /500 ms/);
    await waitFor(() => streamEnds.includes('slow closed'));
    await waitFor(() => srv.open.size === 0);
  });

  it('the deadline covers DNS too', async () => {
    const client = createOutbound({ allowPrivateNetworks: true, resolve: () => new Promise(() => {}) });
    const started = Date.now();
    await expectRefusedBeforeConnect(client.fetch(`http://hang.test:${PORT}/ok`, { timeoutMs: 300, maxBytes: 10 }), 'timeout');
    assert.ok(Date.now() - started < 800);
  });

  it('the deadline covers all hops together', async () => {
    // Each hop is quick, but the slow stream at the end of the chain must fit in the same budget.
    const started = Date.now();
    await expectCode(open.fetch(`${base()}/redirect?to=/slow`, { timeoutMs: 400, maxBytes: MB }), 'timeout');
    assert.ok(Date.now() - started < 900);
  });

  it('an external AbortSignal aborts the request (network_error, the reason as cause)', async () => {
    streamEnds.length = 0;
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('shutting down')), 150);
    const err = await expectCode(open.fetch(`${base()}/slow`, { timeoutMs: 5000, maxBytes: MB, signal: ac.signal }), 'network_error');
    assert.match(err.message, /aborted/);
    assert.equal((err.cause as Error).message, 'shutting down');
    await waitFor(() => streamEnds.includes('slow closed'));
    const pre = new AbortController();
    pre.abort();
    await expectRefusedBeforeConnect(open.fetch(`${base()}/ok`, { ...REQ, signal: pre.signal }), 'network_error');
  });

  it('reports a connection closed mid-body or a non-HTTP answer as network_error', async () => {
    const e1 = await expectCode(open.fetch(`${base()}/reset`, REQ), 'network_error');
    assert.match(e1.message, /127\.0\.0\.1.*(closed unexpectedly|ended before)/);
    const e2 = await expectCode(open.fetch(`${base()}/garbage`, REQ), 'network_error');
    assert.match(e2.message, /127\.0\.0\.1/);
    await waitFor(() => srv.open.size === 0);
  });

  it('reports a refused connection as connect_failed', async () => {
    const err = await expectCode(open.fetch(`http://127.0.0.1:${DEAD_PORT}/ok?token=S3CRET`, REQ), 'connect_failed');
    assert.match(err.message, /127\.0\.0\.1/);
    assert.match(err.message, /ECONNREFUSED/);
    assert.doesNotMatch(err.message, /S3CRET/);
  });
});

describe('redirects to refused addresses (allowPrivateNetworks=false, isAllowed hook admits the loopback server only)', () => {
  // The first hop must reach the loopback server; every other private address stays refused.
  const onlyServer = (a: string) => a === '127.0.0.1' || isPublicAddress(a);
  const base = () => `http://127.0.0.1:${PORT}`;

  it('refuses a redirect to http://169.254.169.254/ without connecting to it', async () => {
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT, 80], isAllowed: onlyServer, resolve: stubResolver({}).resolve });
    const before = attempts.length;
    const err = await expectCode(
      client.fetch(`${base()}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, REQ),
      'address_not_allowed',
    );
    assert.match(err.message, /169\.254\.169\.254/);
    assert.deepEqual(
      attempts.slice(before).map((a) => a.host),
      ['127.0.0.1'],
    );
    assert.equal(srv.requests.length, 1);
  });

  it('refuses a redirect to a name that resolves to a private address (resolved once)', async () => {
    const r = stubResolver({ 'metadata.test': ['169.254.169.254'] });
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], isAllowed: onlyServer, resolve: r.resolve });
    const before = attempts.length;
    await expectCode(client.fetch(`${base()}/redirect?to=${encodeURIComponent('http://metadata.test:PORT/')}`, REQ), 'address_not_allowed');
    assert.deepEqual(r.calls, ['metadata.test']);
    assert.deepEqual(
      attempts.slice(before).map((a) => a.host),
      ['127.0.0.1'],
    );
  });

  it('refuses redirects to IPv4 spellings and mapped forms of other private addresses', async () => {
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], isAllowed: onlyServer });
    for (const to of ['http://0xa9fea9fe:PORT/', 'http://[::ffff:10.0.0.1]:PORT/', 'http://127.0.0.2:PORT/', 'http://[::1]:PORT/']) {
      const before = attempts.length;
      await expectCode(client.fetch(`${base()}/redirect?to=${encodeURIComponent(to)}`, REQ), 'address_not_allowed');
      assert.deepEqual(
        attempts.slice(before).map((a) => a.host),
        ['127.0.0.1'],
      );
    }
  });

  it('refuses a redirect to a port that is not allowed', async () => {
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], isAllowed: onlyServer });
    await expectCode(client.fetch(`${base()}/redirect?to=${encodeURIComponent('http://127.0.0.1:8080/')}`, REQ), 'port_not_allowed');
    assert.equal(srv.requests.length, 1);
  });

  it('re-checks the socket remote address after connecting', async () => {
    // Allowed when checked before connecting, refused when the socket's address is re-checked.
    let calls = 0;
    const client = createOutbound({ allowPrivateNetworks: false, allowedPorts: [PORT], isAllowed: () => ++calls === 1 });
    await expectCode(client.fetch(`${base()}/ok`, REQ), 'address_not_allowed');
    assert.equal(calls, 2);
    await waitFor(() => srv.open.size === 0);
    assert.equal(srv.requests.length, 0, 'no request is sent on a refused socket');
  });
});

describe('https (self-signed loopback server)', () => {
  const opts = (extra: Partial<OutboundOptions> = {}): OutboundOptions => ({
    allowPrivateNetworks: true,
    ca: CERT,
    resolve: stubResolver({ 'photos.test': ['127.0.0.1'], 'wrong.test': ['127.0.0.1'] }).resolve,
    ...extra,
  });

  it('fetches over TLS, verifying the certificate against the host name while dialling the checked IP', async (t) => {
    if (tlsSkip) {
      t.skip(tlsSkip);
      return;
    }
    const before = attempts.length;
    const res = await createOutbound(opts()).fetch(`https://photos.test:${TLS_PORT}/echo`, REQ);
    assert.deepEqual(attempts.slice(before), [{ host: '127.0.0.1', port: TLS_PORT }], 'the guard sees TLS connects too');
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(res.body.toString()).headers.host, `photos.test:${TLS_PORT}`);
    assert.equal(res.remoteAddress, '127.0.0.1');
    const byIp = await createOutbound(opts()).fetch(`https://127.0.0.1:${TLS_PORT}/ok`, REQ);
    assert.equal(byIp.body.toString(), 'hello');
  });

  it('fails the handshake when the certificate does not name the host (connect_failed)', async (t) => {
    if (tlsSkip) {
      t.skip(tlsSkip);
      return;
    }
    const err = await expectCode(createOutbound(opts()).fetch(`https://wrong.test:${TLS_PORT}/ok`, REQ), 'connect_failed');
    assert.match(err.message, /TLS/);
    const untrusted = await expectCode(createOutbound(opts({ ca: undefined })).fetch(`https://photos.test:${TLS_PORT}/ok`, REQ), 'connect_failed');
    assert.match(untrusted.message, /photos\.test/);
  });

  it('refuses an https → http redirect (redirect_downgrade), even with private networks allowed', async (t) => {
    if (tlsSkip) {
      t.skip(tlsSkip);
      return;
    }
    const to = encodeURIComponent('http://127.0.0.1:PORT/ok');
    const err = await expectCode(createOutbound(opts()).fetch(`https://photos.test:${TLS_PORT}/redirect?to=${to}`, REQ), 'redirect_downgrade');
    assert.match(err.message, /photos\.test/);
    assert.equal(tlsSrv!.requests.length, 1);
    assert.equal(srv.connections, 0, 'the http server is never contacted');
  });

  it('follows https → https redirects', async (t) => {
    if (tlsSkip) {
      t.skip(tlsSkip);
      return;
    }
    const res = await createOutbound(opts()).fetch(`https://photos.test:${TLS_PORT}/chain/2`, REQ);
    assert.equal(res.redirects, 2);
    assert.equal(res.body.toString(), 'end of chain');
  });
});

describe('redirectStep (the redirect rule as a function)', () => {
  const get = { method: 'GET' as const, headers: { accept: '*/*' }, body: undefined };
  const post = { method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: 'x' }, body: '{}' };
  const https = new URL('https://a.example/feed');

  it('ignores non-redirect statuses and redirects without Location', () => {
    assert.equal(redirectStep(https, 200, '/x', get), undefined);
    assert.equal(redirectStep(https, 304, '/x', get), undefined);
    assert.equal(redirectStep(https, 300, '/x', get), undefined);
    assert.equal(redirectStep(https, 302, undefined, get), undefined);
    assert.equal(redirectStep(https, 302, ' ', get), undefined);
  });

  it('refuses https → http', () => {
    for (const status of [301, 302, 303, 307, 308]) {
      assert.throws(
        () => redirectStep(https, status, 'http://a.example/feed', get),
        (e: unknown) => e instanceof OutboundError && e.code === 'redirect_downgrade',
      );
    }
    assert.throws(
      () => redirectStep(https, 302, 'http:/x', get),
      (e: unknown) => e instanceof OutboundError && e.code === 'redirect_downgrade',
    );
  });

  it('allows http → https and https → https, resolving relative locations', () => {
    assert.equal(redirectStep(new URL('http://a.example/x'), 301, 'https://a.example/y', get)?.location, 'https://a.example/y');
    assert.equal(redirectStep(https, 302, '../other?q=1', get)?.location, 'https://a.example/other?q=1');
    assert.equal(redirectStep(https, 302, '//b.example/x', get)?.location, 'https://b.example/x');
  });

  it('turns 303 (not HEAD) and 301/302 POST into GET without body or body headers', () => {
    for (const status of [301, 302, 303]) {
      const s = redirectStep(https, status, '/next', post)!;
      assert.equal(s.method, 'GET');
      assert.equal(s.body, undefined);
      assert.equal(s.headers['content-type'], undefined);
      assert.equal(s.headers['authorization'], 'x', 'same origin keeps credentials');
    }
    assert.equal(redirectStep(https, 303, '/next', { ...get, method: 'HEAD' })!.method, 'HEAD');
    assert.equal(redirectStep(https, 301, '/next', get)!.method, 'GET');
  });

  it('keeps method and body on 307/308 to the same origin, refuses them to another', () => {
    const s = redirectStep(https, 307, '/next', post)!;
    assert.equal(s.method, 'POST');
    assert.equal(s.body, '{}');
    assert.throws(
      () => redirectStep(https, 308, 'https://b.example/', post),
      (e: unknown) => e instanceof OutboundError && e.code === 'redirect_not_allowed',
    );
  });

  it('drops credentials headers across origins', () => {
    const s = redirectStep(https, 302, 'https://b.example/', {
      ...get,
      headers: { Authorization: 'x', Cookie: 'y', 'Proxy-Authorization': 'z', accept: 'a' },
    })!;
    assert.deepEqual(s.headers, { accept: 'a' });
  });
});
