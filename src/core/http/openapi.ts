// The OpenAPI document (D4) is generated from the route schemas that validate requests, so
// the two cannot drift. Served at /v1/openapi.json; interactive docs at /v1/docs.
import http from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_STATUS } from '../errors.js';
import { boundedNumber } from './schema-compilers.js';

/** "400 `invalid_request` / `market_required`, 401 `unauthorized`, …": from the catalogue. */
function errorCodesLine(): string {
  const byStatus = new Map<number, string[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS)) byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\``]);
  return [...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, codes]) => `${status} ${codes.join(' / ')}`)
    .join(', ');
}

type Header = { $ref: string };
type Response = { description?: string; headers?: Record<string, Header>; content?: Record<string, { schema?: { $ref?: string } }> };
type Operation = {
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; required?: boolean; schema?: Record<string, unknown> & { default?: unknown } }[];
  responses?: Record<string, Response>;
};
type OpenApiDoc = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

/** Every response gets a description: the status's name and, for a named schema, its name. */
function describeResponses(doc: OpenApiDoc): void {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (response.description && response.description !== 'Default Response') continue;
        const ref = Object.values(response.content ?? {})[0]?.schema?.$ref;
        const name = ref?.split('/').pop();
        response.description = `${http.STATUS_CODES[Number(status)] ?? status}${name ? `: ${name}` : ''}`;
      }
    }
  }
}

/** The response headers the service sends (P90), declared once under components.headers. */
const HEADERS = {
  'X-Request-Id': {
    description: 'The request id (yours, if you sent a valid X-Request-Id): quote it when asking about a call.',
    schema: { type: 'string', maxLength: 64 },
  },
  'Content-Language': {
    description: 'D31: the language of the texts for a person (message, fields, review reasons…), chosen from Accept-Language.',
    schema: { type: 'string', enum: ['es', 'pt', 'en'] },
  },
  'RateLimit-Limit': { description: 'Calls allowed in the window (D23).', schema: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
  'RateLimit-Remaining': { description: 'Calls left in the window.', schema: { type: 'integer', minimum: 0, maximum: 1_000_000 } },
  'RateLimit-Reset': { description: 'Seconds until a call is allowed again.', schema: { type: 'integer', minimum: 0, maximum: 86_400 } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1, maximum: 86_400 } },
  ETag: {
    description: "The answer's tag: send it in If-None-Match on the next poll of the same read to get 304 when nothing changed (P93).",
    schema: { type: 'string', maxLength: 64 },
  },
  Location: { description: 'The address of what the call created, or where to go next.', schema: { type: 'string', format: 'uri-reference', maxLength: 2048 } },
} as const;

/** The operations whose 201 names the new resource's address in Location. */
const LOCATED = new Set(['putVehicle', 'createWebhook']);

/** The reads that answer an ETag, and 304 to If-None-Match (vehicles/routes.ts, P93). */
const CONDITIONAL = new Set(['listVehicles', 'getVehicle']);

const header = (name: keyof typeof HEADERS): Header => ({ $ref: `#/components/headers/${name}` });

/**
 * The headers of each response: X-Request-Id and Content-Language on every one; RateLimit-* on
 * those counted by a limit (a keyed call once its key is known; a feed push once its token is);
 * Retry-After on 429; Location on 201 and 3xx. No API route answers 503 (D22: an outage is
 * internal_error), so none is declared.
 */
function declareHeaders(doc: OpenApiDoc): void {
  doc.components = { ...doc.components, headers: HEADERS };
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      const keyless = Array.isArray(op.security) && op.security.length === 0;
      // A keyed call is counted once its key is known (everything but 401); a feed push once its
      // token is found and its body read (push-routes.ts).
      const counted = (code: number) => (keyless ? path.startsWith('/feeds/{token}') && [200, 409, 413, 422, 429].includes(code) : code !== 401);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        const code = Number(status);
        const h: Record<string, Header> = { 'X-Request-Id': header('X-Request-Id'), 'Content-Language': header('Content-Language') };
        if (counted(code)) {
          for (const n of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const) h[n] = header(n);
        }
        if (code === 429) h['Retry-After'] = header('Retry-After');
        if ((code === 201 && LOCATED.has(op.operationId ?? '')) || code === 303) h.Location = header('Location');
        if ((code === 200 || code === 304) && CONDITIONAL.has(op.operationId ?? '')) h.ETag = header('ETag');
        response.headers = h;
      }
    }
  }
}

/**
 * A query parameter with a default is not required (P90): the validator fills the default in
 * (useDefaults), so the code may read it as always given while clients may leave it out.
 */
function optionalDefaults(doc: OpenApiDoc): void {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) if (p.in === 'query' && p.schema?.default !== undefined) p.required = false;
    }
  }
}

/**
 * `x-max-length` and `x-pattern` (a bound the validator must not apply: a stock ID's is counted
 * after NFC; a listing code or feed token of another shape is a 404, as any unknown one, P187)
 * → `maxLength` and `pattern`, in the document only.
 */
function statedBounds(node: unknown): void {
  if (Array.isArray(node)) for (const n of node) statedBounds(n);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o['x-max-length'] !== undefined) {
      o.maxLength = o['x-max-length'];
      delete o['x-max-length'];
    }
    if (o['x-pattern'] !== undefined) {
      o.pattern = o['x-pattern'];
      delete o['x-pattern'];
    }
    for (const v of Object.values(o)) statedBounds(v);
  }
}

/** A query or path number states the bounds its validator applies (schema-compilers.ts), so a client's check is the server's. */
function parameterBounds(doc: OpenApiDoc): void {
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) {
        if ((p.in === 'query' || p.in === 'path') && p.schema) p.schema = boundedNumber(p.schema);
      }
    }
  }
}

/**
 * A request body's defaults, said in words (P90). openapi-typescript makes a property with a
 * `default` required in a named schema (it spares only inline request bodies), so a client could
 * not leave out `dry_run`; the service applies the default itself either way.
 */
function requestDefaultsInWords(doc: OpenApiDoc): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, unknown>;
  const named = new Set<string>();
  for (const ops of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(ops) as { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } }[]) {
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        const ref = media.schema?.$ref;
        if (ref?.startsWith('#/components/schemas/')) named.add(ref.slice('#/components/schemas/'.length));
      }
    }
  }
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o.properties && typeof o.properties === 'object') {
        for (const p of Object.values(o.properties as Record<string, Record<string, unknown>>)) {
          if (p.default === undefined) continue;
          const said = `Default: ${JSON.stringify(p.default)}.`;
          p.description = typeof p.description === 'string' ? `${p.description} ${said}` : said;
          delete p.default;
        }
      }
      for (const v of Object.values(o)) walk(v);
    }
  };
  for (const name of named) walk(schemas[name]);
}

/** Every integer states its format (int64: ids and counts fit in JS's safe integers, well inside it). */
function integerFormats(node: unknown): void {
  if (Array.isArray(node)) for (const n of node) integerFormats(n);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    const integer = o.type === 'integer' || (Array.isArray(o.type) && o.type.includes('integer'));
    if (integer && o.format === undefined) o.format = 'int64';
    for (const v of Object.values(o)) integerFormats(v);
  }
}

function finish<T>(doc: T): T {
  // The served document is built once per app; a copy keeps the route schemas untouched.
  const out = structuredClone(doc) as OpenApiDoc;
  describeResponses(out);
  optionalDefaults(out);
  requestDefaultsInWords(out);
  declareHeaders(out);
  statedBounds(out);
  parameterBounds(out);
  integerFormats(out);
  return out as T;
}

/**
 * `webhooks`: the document's 3.1 section describing what the service POSTs to integrators (each
 * event's body and headers), given by the composition root, since core knows no module.
 */
export async function registerOpenApi(app: FastifyInstance, publicBaseUrl: string, version: string, webhooks: Record<string, unknown> = {}): Promise<void> {
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
        // The dealer panel is where a dealership's account, keys and sandbox live: the marketplace's one channel with dealers (P188).
        contact: { name: "Dealer Inventory: the marketplace's dealer panel", url: `${publicBaseUrl}/panel` },
        license: { name: "Proprietary: the marketplace's terms of use", identifier: 'LicenseRef-Proprietary' },
      },
      // x-internal and the environment words: who and what the server is for (OWASP API9, .spectral.yaml).
      servers: [
        {
          url: `${publicBaseUrl}/v1`,
          description: 'This service: the production, staging or local instance serving this document',
          // An OpenAPI extension, which @fastify/swagger copies (its types omit extensions).
          ...({ 'x-internal': false } as object),
        },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer dik_…' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: dik_…' },
        },
      },
      security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
      // Swagger's types want its own path-item type; the section is built as plain data.
      ...({ webhooks } as object),
      tags: [
        { name: 'Account', description: 'The key and its dealership.' },
        { name: 'Reference data', description: 'Markets and the brand/model catalog.' },
        { name: 'Vehicles', description: "Cars by the dealer's stock ID: create/update, withdraw, sold, sync and reconcile." },
        {
          name: 'Feeds',
          description: "Whole inventory files pushed to a private token address (no key) or read from the dealer's URL, and the report of each import.",
        },
        { name: 'Statistics', description: 'Views, contacts, inquiries and leads per local day, days on market, price history and market position (D34).' },
        { name: 'Webhooks', description: 'Events sent to your https URL, signed with HMAC-SHA256, and the log of each delivery.' },
        { name: 'Leads', description: "Buyers' messages about the dealership's cars, and the inquiry endpoint that receives them." },
        {
          name: 'Sandbox',
          description:
            "D35: sandbox keys (`dik_test_…`) work on the dealership's sandbox — its own cars, leads, webhooks, feeds and limits, never public. These calls exist only there.",
        },
      ],
    },
    transformObject: (doc) => finish('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // Paths are written relative to {base_url}, which already ends in /v1 (D2).
    // Every operation is under that one server (P91: the buyer inquiry too, at its /v1 address).
    transform: ({ schema, url }) => {
      if (!url.startsWith('/v1/') || url === '/v1/openapi.json') return { schema: { ...schema, hide: true }, url };
      return { schema, url: url.slice('/v1'.length) };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', uiConfig: { url: '/v1/openapi.json' } });
  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
