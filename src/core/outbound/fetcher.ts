// The service's one outbound HTTP client (photos, feeds, webhooks). Every request goes through
// the same checks, on every hop:
//   1. the URL rule (policy.ts): http/https, no credentials, port 80/443 (any port with
//      allowPrivateNetworks);
//   2. one resolution of the hostname (IP literals skip it) and the address rule on EVERY
//      address it answers (resolve.ts, address.ts): one refused address refuses the hop, before connecting;
//   3. a connection to exactly one of the checked addresses (connect.ts): a fresh undici Client per hop whose
//      `connect` function opens the socket to the checked IP itself (net/tls.connect with
//      host = that IP, so no second DNS lookup can happen), with TLS `servername` (SNI and
//      certificate check) set to the URL's hostname; the Host header comes from the URL. The
//      socket's remoteAddress is re-checked once connected;
//   4. redirects followed by hand (policy.ts `redirectStep`), each target checked from step 1.
// One deadline (flight.ts) covers DNS, connects, every hop and the whole body; the body is streamed and
// stopped as soon as it passes maxBytes. Sockets never outlive a hop: each hop's Client is
// destroyed when the hop ends, whatever happens.
import type { Dispatcher } from 'undici';
import { isPublicAddress } from './address.js';
import { ConnectionPools, connector, loadUndici, type ConnectOptions } from './connect.js';
import { OutboundError } from './errors.js';
import { startFlight, wrapError, type Flight } from './flight.js';
import { DEFAULT_ALLOWED_PORTS, checkUrl, describeHost, redirectStep, type OutboundMethod, type RequestState, type UrlPolicy } from './policy.js';
import { checkedAddresses, defaultResolve, type AddressGuard } from './resolve.js';

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
   * (webhooks, a dealer's photos: P58); feeds use one connection per request.
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

  const guard: AddressGuard = { isAllowed, resolve };
  const connectOptions: ConnectOptions = { isAllowed, ...(options.ca !== undefined ? { ca: options.ca } : {}) };
  const pools = new ConnectionPools(connectOptions);

  /** One request/response exchange to one checked URL. The caller must destroy a non-pooled `client`. */
  async function hop(url: URL, req: RequestState, f: Flight, keepAlive: boolean): Promise<Hop> {
    const addresses = await checkedAddresses(guard, url, f);
    let remoteAddress = keepAlive ? addresses[0]! : '';
    const { Client } = await loadUndici();
    const client: Dispatcher = keepAlive
      ? await pools.get(url, addresses, f.timeoutMs)
      : new Client(url.origin, {
          connect: connector(connectOptions, url, addresses, f, (a) => (remoteAddress = a)),
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
      await checkedAddresses(guard, url, f);
    } catch (err) {
      throw wrapError(err, url, f);
    } finally {
      end();
    }
  }

  return { fetch, check };
}
