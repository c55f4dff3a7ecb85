// pino options shared by the server and the workers: secrets never reach a log line.
import { stdSerializers, type LoggerOptions } from 'pino';

/** Whatever redactUrl could change; most URLs have none of it and are returned as they are. */
const MAY_NEED_REDACTION = /dik_|\/feeds\/|[?&](?:api_?key|key|token|access_token)=|^\/panel\b|%/i;

/** Query parameters whose values are secrets wherever they appear. */
const SECRET_PARAMETERS = new Set(['api_key', 'apikey', 'key', 'token', 'access_token']);
/** The panel's searches, return addresses and notices may carry a buyer's or a user's name or address. */
const PANEL_PARAMETERS = new Set(['q', 'next', 'who']);

/** A parameter's name as the server reads it (percent-decoded, `+` a space), lower case. */
function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** RFC 3986's unreserved characters: percent-encoded or not, the same URL (§6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/**
 * `text` with its percent-encoded unreserved characters decoded, as the router reads a path
 * (`/v1/%66eeds/…` is the feed push, `%64ik_…` a key); the rest (`%2F`, UTF-8) stays encoded.
 */
function unreservedDecoded(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9A-Fa-f]{2})/g, (escaped, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : escaped;
  });
}

/**
 * Masks the secrets a text may hold wherever it is: an API key (`dik_…`, any case) and a feed's
 * token (the segment after `/feeds/`, `/` written `%2F` too: such a path reaches no route, but
 * its line is written all the same). Percent-encoded unreserved characters are read first.
 */
export function redactText(text: string): string {
  return unreservedDecoded(text)
    .replace(/dik_[A-Za-z0-9_-]+/gi, 'dik_[redacted]')
    .replace(/((?:\/|%2F)feeds(?:\/|%2F))(?:(?!%2F)[^/?#\s])+/gi, '$1[redacted]');
}

/**
 * Masks API keys, feed tokens and the panel's personal query values wherever a URL carries them.
 * They are looked for in the path as the router reads it (P157): a path with nothing to mask
 * is logged as sent, one with a secret as read, the secret masked.
 */
export function redactUrl(url: string): string {
  if (!MAY_NEED_REDACTION.test(url)) return url;
  const q = url.indexOf('?');
  const hash = url.indexOf('#', q < 0 ? 0 : q);
  const sent = q < 0 ? (hash < 0 ? url : url.slice(0, hash)) : url.slice(0, q);
  const read = unreservedDecoded(sent);
  const masked = redactText(read)
    // The panel's one-time links.
    .replace(/^(\/panel\/(?:invitation|reset)\/)[^/?#]+/, '$1[redacted]');
  const path = masked === read ? sent : masked;
  if (q < 0) return path;
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const panel = /^\/panel\b/.test(read);
  // Each parameter judged by its name as decoded (`%71=` is `q=`, P72), its value by what it holds.
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    const name = parameterName(part.slice(0, eq));
    const value = part.slice(eq + 1);
    if (SECRET_PARAMETERS.has(name) || (panel && PANEL_PARAMETERS.has(name))) return `${part.slice(0, eq)}=[redacted]`;
    return /dik_/i.test(unreservedDecoded(value)) ? `${part.slice(0, eq)}=dik_[redacted]` : part;
  });
  return `${path}?${parts.join('&')}`;
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'headers.authorization', 'headers["x-api-key"]', 'key', 'token', 'secret'],
      censor: '[redacted]',
    },
    serializers: {
      // A failure's message and stack can quote what a request carried (a key in a URL that
      // failed to parse, a feed address): masked as request lines are.
      err: redactError,
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        ip: req.ip,
      }),
    },
  };
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/**
 * pino's own error serializer, with every string it keeps passed through redactText. `err` is
 * not always an Error (a caller may log its message as a string): whatever it is, this never
 * throws, for a serializer that throws turns a log line into a failed request.
 */
function redactError(err: unknown): unknown {
  if (typeof err === 'string') return redactText(err);
  if (!(err instanceof Error)) return err;
  const out = { ...(stdSerializers.err(err) as SerializedError & Record<string, unknown>) };
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = redactText(v);
  return out;
}
