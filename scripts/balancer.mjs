// A tiny round-robin HTTP load balancer for trying the scale-out topology on one machine
// (scripts/cluster.sh): one address in front of several API processes. Not a production
// proxy (no TLS, no health checks beyond connection failures); docs/deploy.md shows nginx.
//
// Retry rule (P40): a request goes to the next upstream in turn. If that upstream cannot be
// connected to (refused, unreachable, connect timeout), the request is sent to the next one,
// each upstream tried at most once, and the failing one is skipped for a few seconds. A request
// is never retried once its first byte reached an upstream: a POST may then already have run
// there, and sending it again could apply it twice. Nothing answers → 502.
//
// Every request gets X-Forwarded-For (the client's address appended), X-Forwarded-Proto and
// X-Forwarded-Host; the API processes trust them with TRUST_PROXY=loopback.
//
// Usage: UPSTREAMS=127.0.0.1:3001,127.0.0.1:3002 [BALANCER_PORT=3000] [BALANCER_HOST=127.0.0.1] node scripts/balancer.mjs
// Prints one line `balancer ready http://127.0.0.1:3000 → …` once it listens.
import http from 'node:http';

const port = Number(process.env.BALANCER_PORT ?? 3000);
const host = process.env.BALANCER_HOST ?? '127.0.0.1';
/** How long an upstream that refused a connection is skipped. */
const DOWN_MS = Number(process.env.BALANCER_DOWN_MS ?? 2000);
const CONNECT_TIMEOUT_MS = 2000;

const upstreams = (process.env.UPSTREAMS ?? '')
  .split(',')
  .map((u) => u.trim())
  .filter(Boolean)
  .map((u) => {
    const url = new URL(u.includes('://') ? u : `http://${u}`);
    return { host: url.hostname, port: Number(url.port || 80), name: url.host, downUntil: 0 };
  });
if (upstreams.length === 0) {
  process.stderr.write('UPSTREAMS must list at least one host:port\n');
  process.exit(2);
}

// Kept-alive connections to the upstreams: no TCP handshake per request.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

/** Upstreams in the order this request tries them: round-robin start, those marked down last. */
function order() {
  const start = next++ % upstreams.length;
  const ring = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]);
  const now = Date.now();
  return [...ring.filter((u) => u.downUntil <= now), ...ring.filter((u) => u.downUntil > now)];
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

function forwardHeaders(req) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for'] ? `${req.headers['x-forwarded-for']}, ${client}` : client;
  headers['x-forwarded-proto'] = 'http';
  headers['x-forwarded-host'] = req.headers.host ?? '';
  // A body without content-length is chunked: Node sets transfer-encoding itself.
  return headers;
}

/** True for errors that happen before a connection exists: the upstream never saw the request. */
const beforeConnect = (err) => ['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET_BEFORE_CONNECT', 'ETIMEDOUT_CONNECT'].includes(err.code);

function tryUpstream(req, res, candidates, headers) {
  const up = candidates.shift();
  if (!up) {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'bad_gateway', message: 'no upstream answered' } }));
    return;
  }
  let sent = false; // a byte of the request went to this upstream: no retry from here on
  const proxyReq = http.request({ host: up.host, port: up.port, method: req.method, path: req.url, headers, agent });
  proxyReq.on('socket', (socket) => {
    const send = () => {
      sent = true;
      req.pipe(proxyReq);
    };
    if (!socket.connecting) return send(); // a kept-alive connection, already open
    const timer = setTimeout(() => {
      const err = new Error(`connect to ${up.name} timed out`);
      err.code = 'ETIMEDOUT_CONNECT';
      proxyReq.destroy(err);
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      send();
    });
    socket.once('close', () => clearTimeout(timer));
  });
  proxyReq.on('response', (upRes) => {
    const out = {};
    for (const [name, value] of Object.entries(upRes.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
    res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, out);
    upRes.pipe(res);
    upRes.on('error', () => res.destroy());
  });
  proxyReq.on('error', (err) => {
    if (!sent && beforeConnect(err)) {
      up.downUntil = Date.now() + DOWN_MS;
      tryUpstream(req, res, candidates, headers);
      return;
    }
    // The request reached this upstream (or failed in an unknown state): no second try.
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'bad_gateway', message: `upstream ${up.name} failed: ${err.code ?? err.message}` } }));
    } else {
      res.destroy();
    }
  });
  // The client went away: drop the upstream request too.
  res.on('close', () => {
    if (!res.writableFinished) proxyReq.destroy();
  });
}

const server = http.createServer((req, res) => tryUpstream(req, res, order(), forwardHeaders(req)));
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  process.stdout.write(`balancer ready http://${host}:${port} → ${upstreams.map((u) => u.name).join(', ')}\n`);
});

const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
