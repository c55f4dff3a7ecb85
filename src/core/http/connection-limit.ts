// At most N open connections per client address (P67, D38): slow clients are cut at
// REQUEST_TIMEOUT, but one address could still open thousands of sockets at once and hold each
// for that long. Counted when node accepts the socket, before its HTTP parser is attached:
// - under the limit, the socket goes on to node's HTTP server as usual;
// - over it, the client is answered 429 `rate_limited` in the Error shape, the connection ended
//   and what the client sends read and dropped until it closes (or REFUSED_GRACE_MS), so that it
//   can read the answer (a socket closed on unread bytes is reset); no request on it is served;
// - past twice the limit (refused sockets still closing count too), destroyed at once, unanswered.
// IPv6 clients are counted per /64 (one site's prefix: one host can use any address in it).
// Connections from a TRUST_PROXY address are not counted at all: behind a proxy every
// connection comes from the proxy, which must bound its own clients (docs/deploy.md).
// The counts are a plain Map, an entry per address with open connections, deleted at zero: it
// can never hold more entries than open sockets (a BoundedMap would forget live counts).
import http from 'node:http';
import net, { type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../errors.js';
import { msg } from '../i18n/index.js';

/** How long a refused client may take to close after its 429 before the socket is destroyed. */
const REFUSED_GRACE_MS = 1_000;

/** proxy-addr's names (Fastify's TRUST_PROXY words) as ranges. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4-mapped IPv6 address (a dual-stack listener's view of an IPv4 client) as IPv4. */
function plainAddress(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

/** TRUST_PROXY (as validated by config.ts) as a BlockList of the proxies' addresses. */
export function trustedProxies(trustProxy: false | string[]): net.BlockList | undefined {
  if (trustProxy === false) return undefined;
  const list = new net.BlockList();
  for (const entry of trustProxy) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [address, bits, family] of named) list.addSubnet(address, bits, family);
      continue;
    }
    const [address = '', bits] = entry.split('/');
    const family = net.isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

/** The counting key: the IPv4 address, or the first 64 bits of an IPv6 one. */
export function addressKey(address: string): string {
  const plain = plainAddress(address);
  if (net.isIPv4(plain)) return plain;
  const bare = plain.split('%')[0]!.toLowerCase();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface ConnectionLimitOptions {
  /** Open connections per address; 0: no limit. */
  maxPerAddress: number;
  /** Peers whose connections are not counted (TRUST_PROXY). */
  trusted: net.BlockList | undefined;
  log: FastifyBaseLogger;
}

function refusal(max: number): Buffer {
  const e = new ApiError('rate_limited', msg('too_many_connections', { max }));
  const body = JSON.stringify(e.toBody());
  return Buffer.from(
    `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Puts the limit in front of `server`'s own 'connection' listeners (node's HTTP server's
 * connectionListener): they run for the connections within the limit only.
 */
export function limitConnectionsPerAddress(server: http.Server, options: ConnectionLimitOptions): void {
  const { maxPerAddress: max, trusted, log } = options;
  if (max === 0) return;
  const answer = refusal(max);
  const open = new Map<string, number>();
  const accept = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');

  const refuse = (socket: Socket) => {
    socket.on('error', () => {});
    socket.end(answer);
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), REFUSED_GRACE_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };

  server.on('connection', (socket: Socket) => {
    const remote = socket.remoteAddress;
    if (remote === undefined || trusted?.check(plainAddress(remote), net.isIPv4(plainAddress(remote)) ? 'ipv4' : 'ipv6')) {
      for (const listener of accept) listener.call(server, socket);
      return;
    }
    const key = addressKey(remote);
    const count = open.get(key) ?? 0;
    open.set(key, count + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    if (count < max) {
      for (const listener of accept) listener.call(server, socket);
    } else if (count < 2 * max) {
      // Once per burst: the first refusal after the address reached the limit.
      if (count === max) log.warn({ address: key, limit: max }, 'connections refused: too many open from one address');
      refuse(socket);
    } else {
      socket.on('error', () => {});
      socket.destroy();
    }
  });
}
