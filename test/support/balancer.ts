// A tiny load balancer for rolling-restart tests, behaving as HAProxy (or nginx with health
// checks, or a Kubernetes service) does: round robin over the upstreams whose GET /ready answered
// 200 at the last health check (every 200 ms), keep-alive connections to them, and a request
// retried on the next upstream when its connection is refused (a stopped process), or when a reused keep-alive
// connection fails before any answer (the upstream closed it as the request left, so the request
// was never read: the race every HTTP/1.1 client of an idle connection has, node's documented
// `reusedSocket` retry). Any other failure is answered 502, and the test counts it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  port: number;
  base: string;
  /** Requests sent again elsewhere, by reason. */
  retried: { refused: number; staleConnection: number };
  /** Times an upstream was taken out of rotation by its health check. */
  markedDown: number;
  /** Answers passed on from each upstream, by port: which processes take the load right now. */
  answered: Record<number, number>;
  close(): Promise<void>;
}

const HEALTH_CHECK_MS = 200;

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const retried = { refused: 0, staleConnection: 0 };
  const answered: Record<number, number> = Object.fromEntries(upstreamPorts.map((p) => [p, 0]));
  let next = 0;
  const up = new Set(upstreamPorts);
  let markedDown = 0;
  const check = (port: number) =>
    new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/ready', agent: false, timeout: 1000 }, (res) => {
        res.resume();
        if (res.statusCode === 200) up.add(port);
        else if (up.delete(port)) markedDown++;
        resolve();
      });
      req.on('error', () => {
        if (up.delete(port)) markedDown++;
        resolve();
      });
      req.on('timeout', () => req.destroy());
    });
  const stopChecks = new AbortController();
  const checks = (async () => {
    while (!stopChecks.signal.aborted) {
      await Promise.all(upstreamPorts.map(check));
      await new Promise((r) => setTimeout(r, HEALTH_CHECK_MS));
    }
  })();
  // Round robin over the healthy upstreams (all of them when none is).
  const pick = (): number => {
    const pool = upstreamPorts.filter((p) => up.has(p));
    const from = pool.length > 0 ? pool : upstreamPorts;
    return from[next++ % from.length]!;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number): void => {
        const port = pick();
        const headers = { ...req.headers, host: `127.0.0.1:${port}` };
        delete headers.connection;
        const out = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (answer) => {
          const back: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) back[k] = v;
          answered[port] = (answered[port] ?? 0) + 1;
          res.writeHead(answer.statusCode ?? 502, back);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          const refused = err.code === 'ECONNREFUSED';
          const stale = out.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
          if ((refused || stale) && tries < 20) {
            retried[refused ? 'refused' : 'staleConnection']++;
            setTimeout(() => attempt(tries + 1), refused ? 50 : 0);
            return;
          }
          res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream ${port}: ${err.code ?? err.message}`);
        });
        out.end(body);
      };
      attempt(0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    retried,
    answered,
    get markedDown() {
      return markedDown;
    },
    async close() {
      stopChecks.abort();
      await checks;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
