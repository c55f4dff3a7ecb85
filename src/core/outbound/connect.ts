// Step 3 of every hop: the socket is opened to exactly one checked address (never to a name,
// so no second DNS lookup can happen), TLS verifies the URL's host name, and the connected
// socket's remote address is checked again. Kept-alive pools reuse such connections.
import net from 'node:net';
import tls from 'node:tls';
import type { Dispatcher, buildConnector } from 'undici';
import { canonicalAddress, ipLiteral } from './address.js';
import { OutboundError } from './errors.js';
import { abortedError, errorCode, startFlight, timeoutError, withoutAddresses, type Flight } from './flight.js';
import { describeHost, effectivePort } from './policy.js';
import { refusal } from './resolve.js';

// undici is loaded on the first outbound request: a process that never goes out does not pay for it.
let undiciModule: Promise<typeof import('undici')> | undefined;
export const loadUndici = () => (undiciModule ??= import('undici'));

/** Kept-alive pools at most; the least recently used one is closed beyond it. */
const MAX_POOLS = 64;
const POOL_CONNECTIONS = 8;
const POOL_IDLE_MS = 4000;

/** What the connector needs of its client: the address rule and extra CA certificates (tests). */
export interface ConnectOptions {
  isAllowed: (address: string) => boolean;
  ca?: string | Buffer | (string | Buffer)[];
}

/**
 * The undici `connect` function of one hop. Opens the socket to a checked address
 * (the next one if a connect fails), never to a name; re-checks the socket's remote address.
 */
export function connector(options: ConnectOptions, url: URL, addresses: string[], f: Flight, onConnected: (address: string) => void): buildConnector.connector {
  const { isAllowed } = options;
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

/** Kept-alive pools per (origin, checked addresses), least recently used closed beyond MAX_POOLS. */
export class ConnectionPools {
  private readonly pools = new Map<string, Dispatcher>();

  constructor(private readonly options: ConnectOptions) {}

  /**
   * A kept-alive pool for (origin, checked addresses). Its connections are opened by the same
   * connector as single requests, each with its own connect deadline (no request's flight).
   */
  async get(url: URL, addresses: string[], timeoutMs: number): Promise<Dispatcher> {
    const key = `${url.origin}|${addresses.join(',')}`;
    const found = this.pools.get(key);
    if (found) {
      this.pools.delete(key);
      this.pools.set(key, found);
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
        connector(this.options, url, addresses, f, () => {})(opts, (...args: Parameters<typeof callback>) => {
          end();
          callback(...args);
        });
      },
    });
    this.pools.set(key, pool);
    if (this.pools.size > MAX_POOLS) {
      const [oldestKey, oldest] = this.pools.entries().next().value as [string, Dispatcher];
      this.pools.delete(oldestKey);
      oldest.close().catch(() => {});
    }
    return pool;
  }
}
