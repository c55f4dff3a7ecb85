// The service's one outbound HTTP client (photos, feeds, webhooks). Every request goes through
// the same checks, on every hop:
//   1. the URL rule (policy.ts): http/https, no credentials, port 80/443 (any port with
//      allowPrivateNetworks);
//   2. one resolution of the hostname (IP literals skip it) and the address rule on EVERY
//      address it answers (address.ts): one refused address refuses the hop, before connecting;
//   3. a connection to exactly one of the checked addresses: a fresh undici Client per hop whose
//      `connect` function opens the socket to the checked IP itself (net/tls.connect with
//      host = that IP, so no second DNS lookup can happen), with TLS `servername` (SNI and
//      certificate check) set to the URL's hostname; the Host header comes from the URL. The
//      socket's remoteAddress is re-checked once connected;
//   4. redirects followed by hand (policy.ts `redirectStep`), each target checked from step 1.
// One deadline covers DNS, connects, every hop and the whole body; the body is streamed and
// stopped as soon as it passes maxBytes. Sockets never outlive a hop: each hop's Client is
// destroyed when the hop ends, whatever happens.
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import type { Dispatcher, buildConnector } from 'undici';
import { canonicalAddress, ipLiteral, isPublicAddress, judgeAddress } from './address.js';
import { OutboundError } from './errors.js';
import {
  DEFAULT_ALLOWED_PORTS,
  checkUrl,
  describeHost,
  effectivePort,
  redirectStep,
  type OutboundMethod,
  type RequestState,
  type UrlPolicy,
} from './policy.js';

export interface OutboundOptions {
  /** config.outboundAllowPrivateNetworks: lifts the address rule and the port rule (only those). */
  allowPrivateNetworks: boolean;
  /** Default: dns.promises.lookup(host, { all: true }). Called once per hop for non-IP hosts. */
  resolve?: (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;
  /** Default [80, 443]; with allowPrivateNetworks any port is allowed. */
  allowedPorts?: number[];
  /** Default 'DealerInventory/1.0 (+outbound)'. A User-Agent header in the request wins. */
  userAgent?: string;
  /**
   * The address rule itself: may the client connect to this IP address? Default: every address
   * when allowPrivateNetworks is true, else `isPublicAddress`. A test hook (e.g. allow one
   * loopback server while every other private address stays refused); production code should
   * not set it.
   */
  isAllowed?: (address: string) => boolean;
  /**
   * Trusted CA certificate(s), PEM, for https. Default: Node's bundled roots. When given it
   * replaces them (tests with a self-signed server; a private PKI).
   */
  ca?: string | Buffer | Array<string | Buffer>;
}

interface OutboundRequest {
  method?: OutboundMethod;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Default 3; 0 = redirects are not followed (a 3xx is returned as the response). */
  maxRedirects?: number;
  /** Total: DNS + connect + all hops + whole body. */
  timeoutMs: number;
  /** Response body cap; streamed, aborted as soon as it is passed (too_large). */
  maxBytes: number;
  /**
   * Reuse connections: kept per origin AND per set of checked addresses, so a connection is
   * only ever reused for a request whose fresh resolution gave the very addresses it was opened
   * to (every address rule still runs on every request). For repeated calls to one receiver
   * (webhooks); photos and feeds use one connection per request.
   */
  keepAlive?: boolean;
  /**
   * Keep the first maxBytes of a larger body instead of failing with too_large (webhooks only
   * need the status; a receiver's long answer is not an error).
   */
  truncateBody?: boolean;
  /** Aborting it rejects with a network_error whose `cause` is the signal's reason. */
  signal?: AbortSignal;
}

interface OutboundResponse {
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The final URL (after redirects). */
  url: string;
  redirects: number;
  /** The IP address the final response came from. */
  remoteAddress: string;
}

export interface Outbound {
  fetch(url: string, req: OutboundRequest): Promise<OutboundResponse>;
  /**
   * Applies the URL and address rules to `url` without connecting (one DNS resolution), so a
   * URL that could never be reached is refused when it is given (e.g. a webhook's).
   */
  check(url: string, options?: { timeoutMs?: number }): Promise<void>;
}

// undici is loaded on the first outbound request: a process that never goes out does not pay for it.
let undiciModule: Promise<typeof import('undici')> | undefined;
const loadUndici = () => (undiciModule ??= import('undici'));

const DEFAULT_USER_AGENT = 'DealerInventory/1.0 (+outbound)';
const DEFAULT_MAX_REDIRECTS = 3;

/** Request headers the client sets itself (or that would confuse framing); callers' are dropped. */
const CONTROLLED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

async function defaultResolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const answers = await dns.promises.lookup(hostname, { all: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Per-request state shared by the hops: the deadline, the abort signal and why it fired. */
interface Flight {
  signal: AbortSignal;
  timeoutMs: number;
  timedOut: () => boolean;
  callerAborted: () => boolean;
  callerReason: () => unknown;
}

/** One deadline (and the caller's signal, if any) for a request; `end()` clears them. */
function startFlight(timeoutMs: number, external?: AbortSignal): { f: Flight; end: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('outbound deadline passed'));
  }, timeoutMs);
  const onExternalAbort = () => controller.abort(external?.reason);
  if (external?.aborted) controller.abort(external.reason);
  else external?.addEventListener('abort', onExternalAbort, { once: true });
  const f: Flight = {
    signal: controller.signal,
    timeoutMs,
    timedOut: () => timedOut,
    callerAborted: () => !timedOut && external?.aborted === true,
    callerReason: (): unknown => external?.reason,
  };
  return {
    f,
    end: () => {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    },
  };
}

function timeoutError(url: URL, f: Flight): OutboundError {
  return new OutboundError('timeout', `The request to ${describeHost(url)} did not complete within ${f.timeoutMs} ms.`, {
    host: describeHost(url),
  });
}

function abortedError(url: URL, f: Flight): OutboundError {
  return new OutboundError('network_error', `The request to ${describeHost(url)} was aborted.`, {
    host: describeHost(url),
    cause: f.callerReason(),
  });
}

/** Waits for `promise` unless the flight is aborted first (a DNS lookup cannot be cancelled). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // The abort reason is passed on as it is, so a caller sees the reason it aborted with.
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed on as it came
        reject(e);
      },
    );
  });
}

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return (err as { code: string }).code;
  }
  return undefined;
}

/** `text` with every IP address (and its port) replaced: messages never show resolved addresses. */
function withoutAddresses(text: string): string {
  return text.replace(/\[?[0-9A-Fa-f:.]*[.:][0-9A-Fa-f:.%]*\]?(?::\d+)?/g, (token) => {
    const bare = token.replace(/^\[|\](?::\d+)?$/g, '').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
    return net.isIP(bare) !== 0 ? 'an address' : token;
  });
}

/** Maps any failure of a hop to an OutboundError (the deadline and the caller's abort first). */
function wrapError(err: unknown, url: URL, f: Flight): OutboundError {
  if (f.timedOut()) return timeoutError(url, f);
  if (f.callerAborted()) return abortedError(url, f);
  if (err instanceof OutboundError) return err;
  const code = errorCode(err);
  const host = describeHost(url);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return timeoutError(url, f);
  }
  let detail: string;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') detail = 'the connection closed unexpectedly';
  else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') detail = 'the body ended before its announced length';
  else if (code?.startsWith('HPE_')) detail = 'the answer was not valid HTTP';
  else if (code === 'UND_ERR_HEADERS_OVERFLOW') detail = 'the response headers were too large';
  else detail = withoutAddresses(err instanceof Error ? err.message : String(err));
  return new OutboundError('network_error', `The request to ${host} failed: ${detail}${code ? ` (${code})` : ''}.`, { host, cause: err });
}

interface Hop {
  url: URL;
  status: number;
  headers: Record<string, string>;
  body: Dispatcher.ResponseData['body'];
  client: Dispatcher;
  /** A kept-alive pool's: not destroyed after the hop. */
  pooled: boolean;
  remoteAddress: string;
}

/** Kept-alive pools at most; the least recently used one is closed beyond it. */
const MAX_POOLS = 64;
const POOL_CONNECTIONS = 8;
const POOL_IDLE_MS = 4000;

/** Drops a response body without reading it (the error a destroyed body emits is expected). */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

function joinHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function createOutbound(options: OutboundOptions): Outbound {
  const allowPrivate = options.allowPrivateNetworks;
  const policy: UrlPolicy = {
    allowPrivateNetworks: allowPrivate,
    allowedPorts: options.allowedPorts ?? DEFAULT_ALLOWED_PORTS,
  };
  const resolve = options.resolve ?? defaultResolve;
  const isAllowed = options.isAllowed ?? (allowPrivate ? () => true : isPublicAddress);
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;

  // The message says the address is not allowed without naming it: a name's answers (and so
  // the service's own network) are nobody's business. The detail stays in `cause`, for logs.
  function refusal(url: URL, address: string): OutboundError {
    const host = describeHost(url);
    const reason = judgeAddress(address).reason ?? 'an address that is not allowed';
    return new OutboundError(
      'address_not_allowed',
      `The request to ${host} was refused: its address is not allowed; outbound requests may only reach public addresses.`,
      { host, cause: new Error(`${url.hostname} → ${address}: ${reason}`) },
    );
  }

  /** Step 2: the addresses this hop may connect to, all checked; at most one resolution. */
  async function checkedAddresses(url: URL, f: Flight): Promise<string[]> {
    const literal = ipLiteral(url.hostname);
    if (literal !== undefined) {
      if (!isAllowed(literal)) throw refusal(url, literal);
      return [literal];
    }
    const host = describeHost(url);
    let answers: { address: string; family: number }[];
    try {
      answers = await raceAbort(resolve(url.hostname), f.signal);
    } catch (err) {
      if (f.signal.aborted) throw err;
      const code = errorCode(err);
      throw new OutboundError('dns_failed', `The host name ${url.hostname} could not be resolved${code ? ` (${code})` : ''}.`, {
        host,
        cause: err,
      });
    }
    if (!Array.isArray(answers) || answers.length === 0) {
      throw new OutboundError('dns_failed', `The host name ${url.hostname} did not resolve to any address.`, { host });
    }
    const addresses: string[] = [];
    for (const a of answers) {
      // An injected resolver may answer anything: each answer is checked, never trusted.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      const address = typeof a?.address === 'string' ? a.address : '';
      if (net.isIP(address) === 0) {
        throw new OutboundError('dns_failed', `The host name ${url.hostname} resolved to something that is not an IP address.`, {
          host,
        });
      }
      if (!isAllowed(address)) throw refusal(url, address);
      if (!addresses.includes(address)) addresses.push(address);
    }
    return addresses;
  }

  /**
   * Step 3: the undici `connect` function of one hop. Opens the socket to a checked address
   * (the next one if a connect fails), never to a name; re-checks the socket's remote address.
   */
  function connector(url: URL, addresses: string[], f: Flight, onConnected: (address: string) => void): buildConnector.connector {
    const https = url.protocol === 'https:';
    const port = effectivePort(url);
    const hostname = ipLiteral(url.hostname) === undefined ? url.hostname : undefined;
    const servername = hostname?.replace(/\.$/, '');
    const host = describeHost(url);
    return (_opts, callback) => {
      let settled = false;
      let current: net.Socket | undefined;
      const finish = (err: Error | null, socket?: net.Socket) => {
        if (settled) return;
        settled = true;
        f.signal.removeEventListener('abort', onAbort);
        if (err) callback(err, null);
        else callback(null, socket!);
      };
      const onAbort = () => {
        current?.destroy();
        finish(f.timedOut() ? timeoutError(url, f) : abortedError(url, f));
      };
      if (f.signal.aborted) {
        onAbort();
        return;
      }
      f.signal.addEventListener('abort', onAbort, { once: true });

      const attempt = (index: number) => {
        const address = addresses[index]!;
        // `host` is an IP, so Node does no lookup; `lookup` answers the checked address anyway.
        const lookup = ((_name: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
          const family = net.isIP(address);
          if (opts.all) cb(null, [{ address, family }]);
          else cb(null, address, family);
        }) as unknown as net.LookupFunction;
        const socket: net.Socket = https
          ? tls.connect({
              host: address,
              port,
              lookup,
              servername,
              ALPNProtocols: ['http/1.1'],
              ...(options.ca !== undefined ? { ca: options.ca } : {}),
            })
          : net.connect({ host: address, port, lookup });
        current = socket;
        socket.setNoDelay(true);
        let tcpConnected = false;
        if (https) socket.once('connect', () => (tcpConnected = true));
        let failed = false;
        const onError = (err: Error) => {
          socket.destroy();
          if (failed || settled) return;
          failed = true;
          if (index + 1 < addresses.length && !f.signal.aborted) {
            attempt(index + 1);
            return;
          }
          const code = errorCode(err);
          // The host as given, not the address it resolved to (see refusal()).
          const why = code ?? withoutAddresses(err.message);
          const message = https && tcpConnected ? `The TLS handshake with ${host} failed: ${why}.` : `Could not connect to ${host}: ${why}.`;
          finish(
            new OutboundError('connect_failed', message, {
              host,
              cause: err,
            }),
          );
        };
        socket.on('error', onError);
        socket.once(https ? 'secureConnect' : 'connect', () => {
          const remote = socket.remoteAddress ?? '';
          if (settled) {
            socket.destroy();
            return;
          }
          if (!isAllowed(remote) || canonicalAddress(remote) !== canonicalAddress(address)) {
            socket.destroy();
            finish(refusal(url, remote || address));
            return;
          }
          socket.removeListener('error', onError);
          onConnected(remote);
          finish(null, socket);
        });
      };
      attempt(0);
    };
  }

  const pools = new Map<string, Dispatcher>();

  /**
   * A kept-alive pool for (origin, checked addresses). Its connections are opened by the same
   * connector as single requests, each with its own connect deadline (no request's flight).
   */
  async function pooledDispatcher(url: URL, addresses: string[], timeoutMs: number): Promise<Dispatcher> {
    const key = `${url.origin}|${addresses.join(',')}`;
    const found = pools.get(key);
    if (found) {
      pools.delete(key);
      pools.set(key, found);
      return found;
    }
    const { Pool } = await loadUndici();
    const pool = new Pool(url.origin, {
      connections: POOL_CONNECTIONS,
      pipelining: 1,
      keepAliveTimeout: POOL_IDLE_MS,
      keepAliveMaxTimeout: POOL_IDLE_MS,
      connect: (opts, callback) => {
        const { f, end } = startFlight(timeoutMs);
        connector(url, addresses, f, () => {})(opts, (...args: Parameters<typeof callback>) => {
          end();
          callback(...args);
        });
      },
    });
    pools.set(key, pool);
    if (pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = pools.entries().next().value as [string, Dispatcher];
      pools.delete(oldestKey);
      oldest.close().catch(() => {});
    }
    return pool;
  }

  /** One request/response exchange to one checked URL. The caller must destroy a non-pooled `client`. */
  async function hop(url: URL, req: RequestState, f: Flight, keepAlive: boolean): Promise<Hop> {
    const addresses = await checkedAddresses(url, f);
    let remoteAddress = keepAlive ? addresses[0]! : '';
    const { Client } = await loadUndici();
    const client: Dispatcher = keepAlive
      ? await pooledDispatcher(url, addresses, f.timeoutMs)
      : new Client(url.origin, {
          connect: connector(url, addresses, f, (a) => (remoteAddress = a)),
          pipelining: 1,
          headersTimeout: f.timeoutMs,
          bodyTimeout: f.timeoutMs,
          keepAliveTimeout: 1,
        });
    try {
      const headers: Record<string, string> = {};
      let hasUserAgent = false;
      for (const [k, v] of Object.entries(req.headers)) {
        const name = k.toLowerCase();
        if (CONTROLLED_HEADERS.has(name)) continue;
        if (name === 'user-agent') hasUserAgent = true;
        headers[name] = v;
      }
      if (!hasUserAgent) headers['user-agent'] = userAgent;
      const res = await client.request({
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        body: req.body ?? null,
        signal: f.signal,
        reset: !keepAlive,
        ...(keepAlive ? { headersTimeout: f.timeoutMs, bodyTimeout: f.timeoutMs } : {}),
      });
      return { url, status: res.statusCode, headers: joinHeaders(res.headers), body: res.body, client, pooled: keepAlive, remoteAddress };
    } catch (err) {
      if (!keepAlive) client.destroy().catch(() => {});
      throw err;
    }
  }

  async function readBody(h: Hop, method: OutboundMethod, maxBytes: number, truncate: boolean): Promise<Buffer> {
    const host = describeHost(h.url);
    const tooLarge = () => new OutboundError('too_large', `The response from ${host} is larger than the ${maxBytes}-byte limit.`, { host });
    if (method === 'HEAD') {
      discard(h.body);
      return Buffer.alloc(0);
    }
    const announced = h.headers['content-length'];
    if (!truncate && announced !== undefined && /^\d+$/.test(announced.trim()) && Number(announced.trim()) > maxBytes) {
      discard(h.body);
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of h.body as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) {
        discard(h.body);
        if (!truncate) throw tooLarge();
        chunks.push(chunk.subarray(0, chunk.length - (total - maxBytes)));
        return Buffer.concat(chunks, maxBytes);
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, total);
  }

  async function fetch(input: string, request: OutboundRequest): Promise<OutboundResponse> {
    const { timeoutMs, maxBytes } = request;
    if (!(typeof timeoutMs === 'number' && timeoutMs > 0 && Number.isFinite(timeoutMs))) {
      throw new RangeError('timeoutMs must be a positive number of milliseconds');
    }
    if (!(typeof maxBytes === 'number' && maxBytes >= 0)) throw new RangeError('maxBytes must be zero or more');
    const maxRedirects = Math.max(0, Math.floor(request.maxRedirects ?? DEFAULT_MAX_REDIRECTS));

    let url = checkUrl(input, policy);

    const { f, end } = startFlight(timeoutMs, request.signal);

    let state: RequestState = {
      method: request.method ?? 'GET',
      headers: { ...(request.headers ?? {}) },
      body: request.body,
    };
    let redirects = 0;
    try {
      for (;;) {
        if (f.signal.aborted) throw wrapError(f.signal.reason, url, f);
        let h: Hop;
        try {
          h = await hop(url, state, f, request.keepAlive === true);
        } catch (err) {
          throw wrapError(err, url, f);
        }
        try {
          const next = maxRedirects > 0 ? redirectStep(url, h.status, h.headers['location'], state) : undefined;
          if (next === undefined) {
            const body = await readBody(h, state.method, maxBytes, request.truncateBody === true);
            return { status: h.status, headers: h.headers, body, url: url.href, redirects, remoteAddress: h.remoteAddress };
          }
          discard(h.body);
          if (redirects >= maxRedirects) {
            throw new OutboundError(
              'too_many_redirects',
              `The request to ${describeHost(url)} was redirected more than ${maxRedirects} time${maxRedirects === 1 ? '' : 's'}.`,
              { host: describeHost(url) },
            );
          }
          const from = url;
          url = checkUrl(next.location, policy, from);
          state = { method: next.method, headers: next.headers, body: next.body };
          redirects += 1;
        } catch (err) {
          discard(h.body);
          throw wrapError(err, h.url, f);
        } finally {
          if (!h.pooled) await h.client.destroy().catch(() => {});
        }
      }
    } finally {
      end();
    }
  }

  async function check(input: string, options: { timeoutMs?: number } = {}): Promise<void> {
    const url = checkUrl(input, policy);
    const { f, end } = startFlight(options.timeoutMs ?? 5000);
    try {
      await checkedAddresses(url, f);
    } catch (err) {
      throw wrapError(err, url, f);
    } finally {
      end();
    }
  }

  return { fetch, check };
}
