// A real HTTPS receiver for webhook tests and benchmarks: a self-signed certificate for
// hooks.test and 127.0.0.1 (made with openssl), behaviours chosen by path, every request kept.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  at: number;
}

export interface Receiver {
  port: number;
  cert: string;
  received: Received[];
  /** Requests being answered right now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  /** TLS connections accepted since the last reset. */
  connections: number;
  url(p: string): string;
  /** Forgets what was received and the high-water mark of requests at once. */
  reset(): void;
  close(): Promise<void>;
}

export function makeCertificate(names: string[] = ['hooks.test']): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hook-cert-'));
  try {
    const keyPath = path.join(dir, 'key.pem');
    const certPath = path.join(dir, 'cert.pem');
    const san = [...names.map((n) => `DNS:${n}`), 'IP:127.0.0.1'].join(',');
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
        `/CN=${names[0]}`,
        '-addext',
        `subjectAltName=${san}`,
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(keyPath, 'utf8'), cert: fs.readFileSync(certPath, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Paths: /ok → 200; /status/<n> → that status (a 429 with `Retry-After: <?after=s>`, a 3xx with
 * Location /ok); /slow/<ms> → 200 after ms; /hang → never answers; /close → drops the connection.
 */
export async function startReceiver(opts: { host?: string } = {}): Promise<Receiver> {
  const pair = makeCertificate();
  const received: Received[] = [];
  const sockets = new Set<import('node:stream').Duplex>();
  const r = { inFlight: 0, maxInFlight: 0, connections: 0 };
  const server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://hooks.test');
      received.push({ path: url.pathname, headers: req.headers, raw: Buffer.concat(chunks), at: Date.now() });
      r.inFlight++;
      r.maxInFlight = Math.max(r.maxInFlight, r.inFlight);
      // Out of flight once the answer is decided (before it is written: the sender cannot have
      // seen it earlier), or when the sender hung up first. Counting at 'close' instead would let
      // a starved event loop see the next request before the previous answer's 'close' event.
      let counted = true;
      const done = () => {
        if (counted) r.inFlight--;
        counted = false;
      };
      res.on('close', done);
      const parts = url.pathname.split('/').filter(Boolean);
      if (parts[0] === 'ok') return res.end('ok');
      if (parts[0] === 'status') {
        const status = Number(parts[1]);
        if (status === 429 && url.searchParams.has('after')) res.setHeader('retry-after', url.searchParams.get('after')!);
        if (status >= 300 && status < 400) res.setHeader('location', '/ok');
        res.statusCode = status;
        return res.end(`status ${status}`);
      }
      if (parts[0] === 'slow') {
        const timer = setTimeout(
          () => {
            done();
            res.end('late');
          },
          Number(parts[1] ?? 1000),
        );
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (parts[0] === 'hang') return;
      if (parts[0] === 'close') return req.socket.destroy();
      res.statusCode = 404;
      res.end();
    });
  });
  server.on('secureConnection', () => r.connections++);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, opts.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    cert: pair.cert,
    received,
    get inFlight() {
      return r.inFlight;
    },
    get maxInFlight() {
      return r.maxInFlight;
    },
    get connections() {
      return r.connections;
    },
    url: (p: string) => `https://hooks.test:${port}${p}`,
    reset() {
      received.length = 0;
      r.maxInFlight = r.inFlight;
      r.connections = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
