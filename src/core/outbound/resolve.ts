// Step 2 of every hop: resolve the host name once and check EVERY address it answers
// (address.ts) before any connection is made; an IP literal skips the resolution.
import dns from 'node:dns';
import net from 'node:net';
import { ipLiteral, judgeAddress } from './address.js';
import { OutboundError } from './errors.js';
import { errorCode, raceAbort, type Flight } from './flight.js';
import { describeHost } from './policy.js';

type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export async function defaultResolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const answers = await dns.promises.lookup(hostname, { all: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The address rule of one client: which addresses it may reach, and how it resolves names. */
export interface AddressGuard {
  isAllowed: (address: string) => boolean;
  resolve: Resolver;
}

// The message says the address is not allowed without naming it: a name's answers (and so
// the service's own network) are nobody's business. The detail stays in `cause`, for logs.
export function refusal(url: URL, address: string): OutboundError {
  const host = describeHost(url);
  const reason = judgeAddress(address).reason ?? 'an address that is not allowed';
  return new OutboundError(
    'address_not_allowed',
    `The request to ${host} was refused: its address is not allowed; outbound requests may only reach public addresses.`,
    { host, cause: new Error(`${url.hostname} → ${address}: ${reason}`) },
  );
}

/** Step 2: the addresses this hop may connect to, all checked; at most one resolution. */
export async function checkedAddresses(guard: AddressGuard, url: URL, f: Flight): Promise<string[]> {
  const { isAllowed, resolve } = guard;
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
