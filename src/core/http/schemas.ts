// Shapes shared by every route: the Error body (D22, spec 2.14) and the error responses a
// route declares, so each status in the OpenAPI document has its schema.
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { ERROR_STATUS, PROBLEM_RULES } from '../errors.js';

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      code: Type.String({
        enum: Object.keys(ERROR_STATUS),
        description: 'Stable machine-readable code (D22), e.g. invalid_request, unauthorized, not_found.',
      }),
      message: Type.String({ description: 'What went wrong, for a person, in the language of Content-Language (D31).' }),
      fields: Type.Optional(
        Type.Array(Type.String(), {
          description:
            'One sentence for a person per broken rule, in the language of Content-Language: on 422 invalid_vehicle every rule the car breaks (D9), ' +
            "on a 400 the request's own problems (a parameter against its schema, an inquiry, a webhook, a range of dates). Never a field name: see problems.",
        }),
      ),
      problems: Type.Optional(
        Type.Array(
          Type.Object({
            field: Type.String({
              description: 'The parameter, field or header at fault, as the request names it (per_page, url, photos[0]).',
              examples: ['per_page'],
            }),
            rule: Type.String({
              enum: [...PROBLEM_RULES],
              description:
                "The rule it broke: JSON Schema's keyword where one fits (required, type, format, enum, minimum, maximum, exclusive_minimum, exclusive_maximum, " +
                "min_length, max_length, min_items, max_items, pattern), else the service's own: control_character, unknown_field, scheme, credentials, fragment, " +
                'address (a webhook url), range_order, range_length (a range of dates), taken (already in use), invalid.',
              examples: ['maximum'],
            }),
            limit: Type.Optional(
              Type.Number({ description: "The rule's bound, for the rules that have one (minimum, max_length, range_length…).", examples: [100] }),
            ),
          }),
          {
            description:
              "For a program, on a 400 about the request's input: each parameter, field or header at fault, the rule it broke and the rule's bound (P175). " +
              'Never translated; fields says the same to a person.',
          },
        ),
      ),
    }),
  },
  {
    $id: 'Error',
    title: 'Error',
    description:
      "Every error, the framework's own included. On any route, the service may also answer 408 request_timeout (the request's headers and body did not all arrive within " +
      '60 s of its first byte, D38; the connection then closes), 414 uri_too_long (a path segment over its limit), 417 expectation_failed (an Expect other than 100-continue), ' +
      '431 headers_too_large (request line and headers over 16 KB) and, on a new connection, 429 rate_limited (one address holds too many connections at once), in this shape too.',
  },
);

const ErrorRef = Type.Ref('Error');

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request (invalid_request, market_required, invalid_market).',
  401: 'Missing, invalid or revoked API key (unauthorized).',
  403: 'Only a sandbox key may call this (sandbox_only, D35).',
  404: 'Not found (not_found).',
  408: 'The request did not all arrive within REQUEST_TIMEOUT, 60 s from its first byte (request_timeout, D38); the connection is closed.',
  409: 'Refused (too_many_missing, empty_list, too_many_webhooks).',
  413: 'Payload too large (payload_too_large).',
  422: 'Unprocessable (invalid_vehicle with fields, unreadable_feed).',
  429: 'Rate limit exceeded (rate_limited); see Retry-After.',
  500: 'Internal error (internal_error).',
};

/** Error responses for a route's schema: `errorResponses(400, 404)`; 500 is always added. */
export function errorResponses(...statuses: number[]) {
  const out: Record<number, unknown> = {};
  for (const s of [...statuses, 500]) out[s] = { ...ErrorRef, description: DESCRIPTIONS[s] ?? 'Error.' };
  return out;
}

/** The errors every keyed route can answer. */
export const KEYED_ERRORS = [400, 401, 429] as const;

/**
 * A route's body as a reference to its shared schema (registered once, in src/schemas.ts), so
 * OpenAPI names it under components instead of repeating it inline; typed as the schema. A schema
 * checked by its service (`x-validated-by: service`) keeps that mark on the reference.
 */
export function bodyRef<T extends TSchema>(schema: T): TUnsafe<Static<T>> {
  const id = (schema as { $id?: string }).$id;
  if (!id) throw new Error('bodyRef needs a schema with an $id');
  const serviceValidated = (schema as Record<string, unknown>)['x-validated-by'] === 'service';
  return Type.Unsafe<Static<T>>({ $ref: `${id}#`, ...(serviceValidated ? { 'x-validated-by': 'service' } : {}) });
}

/** A nullable scalar as one JSON Schema type list (serialised faster than an anyOf). */
export const nullable = <T = string | number>(type: 'string' | 'integer', options: Record<string, unknown> = {}) =>
  Type.Unsafe<T | null>({ type: [type, 'null'], ...options });

/** The longest date-time a query takes: RFC 3339 to the nanosecond with an offset, 2026-11-21T10:00:00.123456789-03:00 (P187). */
export const DATE_TIME_MAX_LENGTH = 35;
