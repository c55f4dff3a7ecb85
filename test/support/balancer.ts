// A tiny load balancer for rolling-restart tests, behaving as nginx or HAProxy do by default:
// round robin over the upstreams, keep-alive connections to them, and a request retried on the
// next upstream when its connection is refused (a stopped process), or when a reused keep-alive
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
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

export async function startBalancer(upstreamPorts: number[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const retried = { refused: 0, staleConnection: 0 };
  let next = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (tries: number): void => {
        const port = upstreamPorts[next++ % upstreamPorts.length]!;
        const headers = { ...req.headers, host: `127.0.0.1:${port}` };
        delete headers.connection;
        const up = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers, agent }, (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        up.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return res.destroy();
          const refused = err.code === 'ECONNREFUSED';
          const stale = up.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
          if ((refused || stale) && tries < 20) {
            retried[refused ? 'refused' : 'staleConnection']++;
            setTimeout(() => attempt(tries + 1), refused ? 50 : 0);
            return;
          }
          res.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream ${port}: ${err.code ?? err.message}`);
        });
        up.end(body);
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
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
      agent.destroy();
    },
  };
}
