// Retiring a route (P183): it is marked in its schema — `deprecated: true` with
// `x-deprecated-since` and `x-sunset` (dates) — and from then on every answer of it carries
// `Deprecation` (RFC 9745: when it was deprecated), `Sunset` (RFC 8594: when it stops answering)
// and a `Link` to the API's documentation (`x-deprecation-link` may name a closer page), where the
// changelog says what replaces it. The OpenAPI document shows the
// same mark (generated clients strike the call through), so the route, its document and its
// answers cannot disagree. Install before the routes are registered.
import type { FastifyInstance, onSendHookHandler } from 'fastify';

interface DeprecatedSchema {
  deprecated?: boolean;
  'x-deprecated-since'?: string;
  'x-sunset'?: string;
  'x-deprecation-link'?: string;
}

/** The three headers of a route deprecated at `since`, answering until `sunset`. */
function deprecationHeaders(since: Date, sunset: Date, link: string): Record<string, string> {
  return {
    deprecation: `@${Math.floor(since.getTime() / 1000)}`,
    sunset: sunset.toUTCString(),
    link: `<${link}>; rel="deprecation"`,
  };
}

/** `docsUrl`: where a deprecated route's Link points unless it names its own page. */
export function installDeprecationHeaders(app: FastifyInstance, docsUrl: string): void {
  app.addHook('onRoute', (route) => {
    const schema: DeprecatedSchema | undefined = route.schema;
    if (!schema?.deprecated) return;
    const since = new Date(schema['x-deprecated-since'] ?? '');
    const sunset = new Date(schema['x-sunset'] ?? '');
    // A deprecation without its dates would tell integrators nothing to plan by.
    if (Number.isNaN(since.getTime()) || Number.isNaN(sunset.getTime()) || sunset <= since) {
      throw new Error(`${String(route.method)} ${route.url}: a deprecated route needs x-deprecated-since and a later x-sunset (dates)`);
    }
    const headers = deprecationHeaders(since, sunset, schema['x-deprecation-link'] ?? docsUrl);
    const onSend: onSendHookHandler = (_req, reply, payload, done) => {
      reply.headers(headers);
      done(null, payload);
    };
    const before = route.onSend;
    route.onSend = before === undefined ? [onSend] : [...(Array.isArray(before) ? before : [before]), onSend];
  });
}
