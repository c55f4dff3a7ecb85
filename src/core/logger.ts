// pino options shared by the server and the workers: secrets never reach a log line.
import type { LoggerOptions } from 'pino';

/** Whatever redactUrl could change; most URLs have none of it and are returned as they are. */
const MAY_NEED_REDACTION = /dik_|\/feeds\/|[?&](?:api_?key|key|token|access_token)=|^\/panel\b/i;

/** Masks API keys and feed tokens wherever they could ride in a URL. */
export function redactUrl(url: string): string {
  if (!MAY_NEED_REDACTION.test(url)) return url;
  return (
    url
      .replace(/dik_[A-Za-z0-9_-]+/g, 'dik_[redacted]')
      .replace(/(\/feeds\/)[^/?#]+/gi, '$1[redacted]')
      .replace(/([?&](?:api_?key|key|token|access_token)=)[^&#]*/gi, '$1[redacted]')
      // The panel's one-time links, and its searches and return addresses (a buyer's name may be in them).
      .replace(/^(\/panel\/(?:invitation|reset)\/)[^/?#]+/, '$1[redacted]')
      .replace(/^(\/panel\b[^?#]*\?)(.*)$/, (_all, path: string, query: string) => path + query.replace(/(^|&)((?:q|next)=)[^&#]*/g, '$1$2[redacted]'))
  );
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
