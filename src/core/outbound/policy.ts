// The URL rule and the redirect rule of outbound requests. Pure functions, no network.
import { OutboundError } from './errors.js';

export type OutboundMethod = 'GET' | 'POST' | 'HEAD';

export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443];
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface UrlPolicy {
  allowPrivateNetworks: boolean;
  /** Ports allowed when private networks are not; ignored when they are (any port then). */
  allowedPorts: readonly number[];
}

/** The port a URL connects to (its explicit port, else the scheme's default). */
export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** `host[:port]` for messages: never the path, query or credentials. */
export function describeHost(url: URL): string {
  return url.host || '(no host)';
}

/**
 * Parses and checks a URL against the URL rule: http/https only, no credentials, allowed port.
 * `from` is the URL that redirected here, if any (for messages). The address rule is separate
 * (it needs DNS). IPv4 literals in any spelling (decimal, hex, octal, short) come out of
 * `new URL()` as dotted quads, so the address rule sees the address they mean.
 */
export function checkUrl(input: string | URL, policy: UrlPolicy, from?: URL): URL {
  let url: URL;
  try {
    url = from ? new URL(input, from) : new URL(input);
  } catch (cause) {
    throw from
      ? new OutboundError('invalid_url', `The redirect from ${describeHost(from)} points to an invalid URL.`, { host: describeHost(from), cause })
      : new OutboundError('invalid_url', 'The outbound URL is not a valid absolute URL.', { cause });
  }
  const via = from ? ` (redirected from ${describeHost(from)})` : '';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    const where = url.host ? ` for ${url.host}` : '';
    throw new OutboundError('scheme_not_allowed', `The URL${where}${via} uses the "${url.protocol}" scheme; only http and https are allowed.`, {
      host: url.host || undefined,
    });
  }
  const host = describeHost(url);
  if (url.hostname === '') throw new OutboundError('invalid_url', `The URL${via} has no host.`);
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError('credentials_in_url', `The URL for ${host}${via} contains a user name or password; credentials are not allowed in URLs.`, { host });
  }
  const port = effectivePort(url);
  if (!policy.allowPrivateNetworks && !policy.allowedPorts.includes(port)) {
    throw new OutboundError(
      'port_not_allowed',
      `Port ${port} of ${url.hostname}${via} is not allowed; only port${policy.allowedPorts.length === 1 ? '' : 's'} ${policy.allowedPorts.join(', ')} may be used.`,
      { host },
    );
  }
  return url;
}

export interface RequestState {
  method: OutboundMethod;
  headers: Record<string, string>;
  body: string | Buffer | undefined;
}

export interface RedirectStep extends RequestState {
  /** The target, resolved against the current URL; not yet checked against the URL rule. */
  location: string;
}

/** Headers that describe a request body: dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location'];
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

function without(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!names.includes(k.toLowerCase())) out[k] = v;
  return out;
}

/**
 * The redirect rule: what a redirect response turns the request into, or undefined when the
 * response is not a redirect to follow (not 301/302/303/307/308, or no Location).
 * - https → http is refused (`redirect_downgrade`).
 * - 303 (except for HEAD), and 301/302 on POST, become a GET without body.
 * - 307/308 keep method and body, but a POST body is never re-sent to another origin
 *   (`redirect_not_allowed`).
 * - Authorization, Proxy-Authorization and Cookie are dropped when the origin changes.
 * The caller still checks the target against the URL rule and the address rule, and counts hops.
 */
export function redirectStep(current: URL, status: number, location: string | undefined, req: RequestState): RedirectStep | undefined {
  if (!REDIRECT_STATUSES.has(status) || location === undefined || location.trim() === '') return undefined;
  let target: URL;
  try {
    target = new URL(location, current);
  } catch (cause) {
    throw new OutboundError('redirect_not_allowed', `The ${status} redirect from ${describeHost(current)} has a Location that is not a valid URL.`, {
      host: describeHost(current),
      cause,
    });
  }
  if (current.protocol === 'https:' && target.protocol === 'http:') {
    throw new OutboundError(
      'redirect_downgrade',
      `The redirect from https://${describeHost(current)} to http://${describeHost(target)} was refused: redirects may not downgrade https to http.`,
      { host: describeHost(current) },
    );
  }
  let { method, headers, body } = req;
  if ((status === 303 && method !== 'HEAD') || ((status === 301 || status === 302) && method === 'POST')) {
    method = 'GET';
    body = undefined;
    headers = without(headers, BODY_HEADERS);
  }
  const crossOrigin = target.origin !== current.origin;
  if (crossOrigin && body !== undefined && body.length > 0) {
    throw new OutboundError(
      'redirect_not_allowed',
      `The ${status} redirect from ${describeHost(current)} to ${describeHost(target)} was refused: a request body is not re-sent to another origin.`,
      { host: describeHost(current) },
    );
  }
  if (crossOrigin) headers = without(headers, CREDENTIAL_HEADERS);
  return { location: target.href, method, headers, body };
}
