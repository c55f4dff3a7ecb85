// The address rule of outbound requests: which IP addresses the service may connect to when
// OUTBOUND_ALLOW_PRIVATE_NETWORKS is false. Pure functions, no network.
//
// IPv4: every special-purpose range below is refused; everything else is public.
// IPv6: an allowlist. Only global unicast (2000::/3) is public, minus the special ranges below.
// Addresses that embed an IPv4 address:
//   - IPv4-mapped ::ffff:a.b.c.d (any spelling, e.g. ::ffff:7f00:1) and the NAT64 well-known
//     prefix 64:ff9b::/96 are judged by the IPv4 address they carry (both have real uses:
//     dual-stack sockets and DNS64 on IPv6-only networks), so ::ffff:127.0.0.1 and
//     64:ff9b::a00:1 are refused and ::ffff:8.8.8.8 is allowed.
//   - IPv4-compatible ::a.b.c.d (deprecated), local-use NAT64 64:ff9b:1::/48, 6to4 2002::/16
//     and Teredo 2001::/32 are refused outright, whatever they embed.
// Anything that is not a valid IP address (or carries a zone id such as fe80::1%eth0) is refused.
import net from 'node:net';

interface Range {
  base: bigint;
  bits: number;
  label: string;
}

/** One special-purpose range; `cidr` is `address/prefix`. */
function range(cidr: string, label: string, family: 4 | 6): Range {
  const [addr, prefix] = cidr.split('/') as [string, string];
  const value = family === 4 ? ipv4ToBigInt(addr) : ipv6ToBigInt(addr);
  if (value === undefined) throw new Error(`bad range ${cidr}`);
  return { base: value, bits: Number(prefix), label };
}

function inRange(value: bigint, r: Range, width: number): boolean {
  const shift = BigInt(width - r.bits);
  return value >> shift === r.base >> shift;
}

const IPV4_REFUSED: Range[] = [
  range('0.0.0.0/8', 'an unspecified ("this network") address', 4),
  range('10.0.0.0/8', 'a private-network address', 4),
  range('100.64.0.0/10', 'a carrier-grade NAT address', 4),
  range('127.0.0.0/8', 'a loopback address', 4),
  range('169.254.0.0/16', 'a link-local address', 4),
  range('172.16.0.0/12', 'a private-network address', 4),
  range('192.0.0.0/24', 'a reserved (IETF protocol assignment) address', 4),
  range('192.0.2.0/24', 'a documentation address', 4),
  range('192.88.99.0/24', 'a reserved (6to4 relay) address', 4),
  range('192.168.0.0/16', 'a private-network address', 4),
  range('198.18.0.0/15', 'a reserved (benchmarking) address', 4),
  range('198.51.100.0/24', 'a documentation address', 4),
  range('203.0.113.0/24', 'a documentation address', 4),
  range('224.0.0.0/4', 'a multicast address', 4),
  range('255.255.255.255/32', 'the broadcast address', 4),
  range('240.0.0.0/4', 'a reserved address', 4),
];

/** Checked before the global-unicast allowlist, so their labels are the precise ones. */
const IPV6_REFUSED: Range[] = [
  range('::/128', 'the unspecified address', 6),
  range('::1/128', 'a loopback address', 6),
  range('::/96', 'an IPv4-compatible address (deprecated)', 6),
  range('64:ff9b:1::/48', 'a local-use NAT64 address', 6),
  range('fc00::/7', 'a private-network (unique local) address', 6),
  range('fe80::/10', 'a link-local address', 6),
  range('fec0::/10', 'a site-local address (deprecated)', 6),
  range('ff00::/8', 'a multicast address', 6),
  range('100::/64', 'a discard-only address', 6),
  range('2001:db8::/32', 'a documentation address', 6),
  range('3fff::/20', 'a documentation address', 6),
  range('2001::/32', 'a Teredo tunnel address', 6),
  range('2001:2::/48', 'a reserved (benchmarking) address', 6),
  range('2001:10::/28', 'a reserved (ORCHID) address', 6),
  range('2001:20::/28', 'a reserved (ORCHIDv2) address', 6),
  range('2002::/16', 'a 6to4 tunnel address', 6),
];

const IPV4_MAPPED = range('::ffff:0:0/96', 'an IPv4-mapped address', 6);
const NAT64_WELL_KNOWN = range('64:ff9b::/96', 'a NAT64 address', 6);
const GLOBAL_UNICAST = range('2000::/3', 'a global unicast address', 6);

function ipv4ToBigInt(ip: string): bigint | undefined {
  if (!net.isIPv4(ip)) return undefined;
  let value = 0n;
  for (const part of ip.split('.')) value = (value << 8n) | BigInt(Number(part));
  return value;
}

function ipv6ToBigInt(ip: string): bigint | undefined {
  if (!net.isIPv6(ip) || ip.includes('%')) return undefined;
  let text = ip.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4, ::1.2.3.4) becomes two hex groups.
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = ipv4ToBigInt(tail);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let value = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return undefined;
    value = (value << 16n) | BigInt(parseInt(g, 16));
  }
  return value;
}

function bigIntToIPv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((s) => Number((value >> s) & 0xffn)).join('.');
}

/** Strips the brackets of a URL-style IPv6 literal (`[::1]` → `::1`). */
function unbracket(ip: string): string {
  const t = ip.trim();
  return t.startsWith('[') && t.endsWith(']') ? t.slice(1, -1) : t;
}

export interface AddressVerdict {
  public: boolean;
  /** Why it is refused, as a phrase for messages ("a loopback address"); undefined when public. */
  reason?: string;
}

/** Judges one IP address against the address rule (see the top of this file). */
export function judgeAddress(input: string): AddressVerdict {
  const ip = unbracket(input);
  if (ip.includes('%')) return { public: false, reason: 'a scoped (zone id) address' };
  const family = net.isIP(ip);
  if (family === 4) {
    const v = ipv4ToBigInt(ip)!;
    const hit = IPV4_REFUSED.find((r) => inRange(v, r, 32));
    return hit ? { public: false, reason: hit.label } : { public: true };
  }
  if (family === 6) {
    const v = ipv6ToBigInt(ip);
    if (v === undefined) return { public: false, reason: 'not a valid IP address' };
    if (inRange(v, IPV4_MAPPED, 128) || inRange(v, NAT64_WELL_KNOWN, 128)) {
      const embedded = bigIntToIPv4(v & 0xffffffffn);
      const inner = judgeAddress(embedded);
      return inner.public ? inner : { public: false, reason: `${inner.reason} (${embedded}) inside an IPv6 address` };
    }
    const hit = IPV6_REFUSED.find((r) => inRange(v, r, 128));
    if (hit) return { public: false, reason: hit.label };
    if (!inRange(v, GLOBAL_UNICAST, 128)) return { public: false, reason: 'a reserved IPv6 address' };
    return { public: true };
  }
  return { public: false, reason: 'not a valid IP address' };
}

/** True when `ip` is a public (globally routable, unicast) address the service may connect to. */
export function isPublicAddress(ip: string): boolean {
  return judgeAddress(ip).public;
}

/** If `hostname` (as in `URL.hostname`) is an IP literal, the bare address; otherwise undefined. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = unbracket(hostname);
  return net.isIP(bare) !== 0 ? bare : undefined;
}

/** A canonical form for comparing two spellings of one address (IPv6 groups expanded). */
export function canonicalAddress(ip: string): string | undefined {
  const bare = unbracket(ip);
  const family = net.isIP(bare);
  if (family === 4) return bare;
  if (family === 6) {
    const v = ipv6ToBigInt(bare);
    return v === undefined ? undefined : v.toString(16).padStart(32, '0');
  }
  return undefined;
}
