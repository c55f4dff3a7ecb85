// pino options shared by the server and the workers: secrets never reach a log line.
import type { LoggerOptions } from 'pino';

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

/** Masks API keys, feed tokens and the panel's personal query values wherever a URL carries them. */
export function redactUrl(url: string): string {
  if (!MAY_NEED_REDACTION.test(url)) return url;
  const q = url.indexOf('?');
  const hash = url.indexOf('#', q < 0 ? 0 : q);
  let path = q < 0 ? (hash < 0 ? url : url.slice(0, hash)) : url.slice(0, q);
  path = path
    .replace(/dik_[A-Za-z0-9_-]+/g, 'dik_[redacted]')
    .replace(/(\/feeds\/)[^/?#]+/gi, '$1[redacted]')
    // The panel's one-time links.
    .replace(/^(\/panel\/(?:invitation|reset)\/)[^/?#]+/, '$1[redacted]');
  if (q < 0) return path;
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const panel = /^\/panel\b/.test(path);
  // Each parameter judged by its name as decoded (`%71=` is `q=`, P72), its value by what it holds.
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    if (eq < 0) return part;
    const name = parameterName(part.slice(0, eq));
    const value = part.slice(eq + 1);
    if (SECRET_PARAMETERS.has(name) || (panel && PANEL_PARAMETERS.has(name))) return `${part.slice(0, eq)}=[redacted]`;
    return /dik_|%64ik_/i.test(value) ? `${part.slice(0, eq)}=dik_[redacted]` : part;
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
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        ip: req.ip,
      }),
    },
  };
}
