// The OpenAPI document (D4) is generated from the route schemas that validate requests, so
// the two cannot drift. Served at /v1/openapi.json; interactive docs at /v1/docs.
import http from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '../errors.js';

/** "400 `invalid_request` / `market_required`, 401 `unauthorized`, …": from the catalogue. */
function errorCodesLine(): string {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS)) byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\``]);
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `${status} ${codes.join(' / ')}`)
    .join(', ');
}

type OpenApiDoc = {
  paths?: Record<string, Record<string, { responses?: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }> }>>;
};

/** Every response gets a description: the status's name and, for a named schema, its name. */
function describeResponses<T>(doc: T): T {
  for (const ops of Object.values((doc as OpenApiDoc).paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (response.description && response.description !== 'Default Response') continue;
        const ref = Object.values(response.content ?? {})[0]?.schema?.$ref;
        const name = ref?.split('/').pop();
        response.description = `${http.STATUS_CODES[Number(status)] ?? status}${name ? `: ${name}` : ''}`;
      }
    }
  }
  return doc;
}

export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dealer Inventory API',
        version,
        summary: "Publish a dealership's stock on the car marketplace under its own stock IDs.",
        description: [
          'Beta. Free; no paid tier.',
          '',
          'Authenticate with an API key in `Authorization: Bearer <key>` or `X-API-Key: <key>`; never in the URL (a key in the query string is refused with 400).',
          'Missing, invalid and revoked keys all answer 401 `unauthorized`.',
          '',
          `Every error has the shape \`{ "error": { "code", "message", "fields"? } }\`. Codes: ${errorCodesLine()}.`,
          'A body that is not JSON, not an object, or sent with another Content-Type than application/json answers 400 `invalid_request`.',
          '',
          'Rate limit: RATE_LIMIT_PER_MINUTE calls (default 120) per key in any sliding 60-second window. Every keyed response carries',
          '`RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds); a 429 also carries `Retry-After` (seconds).',
          'Every response carries `X-Request-Id` (yours, if you sent a valid one).',
        ].join('\n'),
        license: { name: "Proprietary: the marketplace's terms of use", identifier: 'LicenseRef-Proprietary' },
      },
      servers: [{ url: `${publicBaseUrl}/v1`, description: 'This service' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer dik_…' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: dik_…' },
        },
      },
      security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
      tags: [
        { name: 'Account', description: 'The key and its dealership.' },
        { name: 'Reference data', description: 'Markets and the brand/model catalog.' },
        { name: 'Vehicles', description: "Cars by the dealer's stock ID: create/update, withdraw, sold, sync and reconcile." },
        {
          name: 'Feeds',
          description: "Whole inventory files pushed to a private token address (no key) or read from the dealer's URL, and the report of each import.",
        },
        { name: 'Statistics', description: 'Views, contacts, inquiries and leads per local day, days on market, price history and market position (D34).' },
      ],
    },
    transformObject: (doc) => describeResponses('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // Paths are written relative to {base_url}, which already ends in /v1 (D2).
    // A public route outside /v1 (the buyer inquiry) names its own `servers` and keeps its path.
    transform: ({ schema, url }) => {
      if ((schema as { servers?: unknown } | undefined)?.servers && !(schema as { hide?: boolean }).hide) return { schema, url };
      if (!url.startsWith('/v1/') || url === '/v1/openapi.json') return { schema: { ...schema, hide: true }, url };
      return { schema, url: url.slice('/v1'.length) };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', uiConfig: { url: '/v1/openapi.json' } });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
