// A request that broke its route's schema (D9, D25: 400 invalid_request), said from the catalogue
// of words (P175): which parameter, field or header, the rule and its bound, in the reader's
// language; `problems` says the same to a program. The validators stop at the first problem
// (schema-compilers.ts), so an answer names one.
import { ApiError, type ProblemRule } from '../errors.js';
import { msg, type Msg } from '../i18n/index.js';

/** What Fastify keeps of a validator's error (ajv's, or schema-compilers.ts's own keywords). */
export interface SchemaProblem {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

type Where = 'querystring' | 'params' | 'body' | 'headers';
const WHERES: readonly string[] = ['querystring', 'params', 'body', 'headers'];

/** A JSON pointer as an integrator names the input: `/photos/0/url` → `photos[0].url`. */
function nameOf(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(seg) ? `[${seg}]` : out ? `.${seg}` : seg;
  }
  return out;
}

const joinName = (base: string, child: unknown): string => (base ? `${base}.${String(child)}` : String(child));
const numberOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

const BOUNDS: Record<string, { code: 'schema_minimum' | 'schema_maximum' | 'schema_exclusive_minimum' | 'schema_exclusive_maximum'; rule: ProblemRule }> = {
  minimum: { code: 'schema_minimum', rule: 'minimum' },
  maximum: { code: 'schema_maximum', rule: 'maximum' },
  exclusiveMinimum: { code: 'schema_exclusive_minimum', rule: 'exclusive_minimum' },
  exclusiveMaximum: { code: 'schema_exclusive_maximum', rule: 'exclusive_maximum' },
};
const SIZES: Record<string, { code: 'schema_min_length' | 'schema_max_length' | 'schema_min_items' | 'schema_max_items'; rule: ProblemRule }> = {
  minLength: { code: 'schema_min_length', rule: 'min_length' },
  maxLength: { code: 'schema_max_length', rule: 'max_length' },
  minItems: { code: 'schema_min_items', rule: 'min_items' },
  maxItems: { code: 'schema_max_items', rule: 'max_items' },
};

/** The 400 of a request its route's schema refused; `context` is Fastify's validationContext. */
export function schemaError(validation: readonly SchemaProblem[], context: string | undefined): ApiError {
  const where = (context && WHERES.includes(context) ? context : 'querystring') as Where;
  const first = validation[0];
  if (!first) return new ApiError('invalid_request', msg('invalid_request_plain'));
  const p = first.params;
  const at = nameOf(first.instancePath);
  const one = (text: Msg, name: string, rule: ProblemRule, limit?: number) =>
    new ApiError('invalid_request', text, [{ text, field: name, rule, ...(limit !== undefined ? { limit } : {}) }]);

  if (first.keyword === 'required') {
    const name = joinName(at, p.missingProperty);
    return one(msg('schema_required', { where, name }), name, 'required');
  }
  if (first.keyword === 'additionalProperties') {
    const name = joinName(at, p.additionalProperty);
    return one(msg('schema_unknown_field', { where, name }), name, 'unknown_field');
  }
  // The whole body or query string (a body that is not an object is json-body.ts's already).
  if (at === '') return new ApiError('invalid_request', where === 'body' ? msg('body_not_object') : msg('invalid_request_plain'));

  const name = at;
  const bound = BOUNDS[first.keyword];
  const limit = numberOf(p.limit);
  if (bound && limit !== undefined) return one(msg(bound.code, { where, name, limit }), name, bound.rule, limit);
  const size = SIZES[first.keyword];
  if (size && limit !== undefined) return one(msg(size.code, { where, name, limit }), name, size.rule, limit);
  // A union of literals (TypeBox) fails each `const` branch, then `anyOf`: one of those values.
  const here = validation.filter((e) => e.instancePath === first.instancePath);
  const consts = here.filter((e) => e.keyword === 'const').map((e) => e.params.allowedValue);
  const allowed =
    first.keyword === 'enum' && Array.isArray(p.allowedValues)
      ? p.allowedValues
      : consts.length > 0 && here.some((e) => e.keyword === 'anyOf')
        ? consts
        : undefined;
  if (allowed) return one(msg('schema_enum', { where, name, allowed: allowed.map(String).join(', ') }), name, 'enum');
  switch (first.keyword) {
    case 'type':
      return one(msg('schema_type', { where, name, type: textOf(p.type) }), name, 'type');
    case 'decimal':
      return one(msg('schema_decimal', { where, name }), name, 'type');
    case 'control_character':
      return one(msg('schema_control', { where, name, char: textOf(p.char) }), name, 'control_character');
    case 'format':
      // An ICU select key is a word: date-time is said date_time.
      return one(msg('schema_format', { where, name, format: textOf(p.format).replace(/[^A-Za-z0-9_]/g, '_') }), name, 'format');
    case 'pattern':
      return one(msg('schema_pattern', { where, name }), name, 'pattern');
    default:
      return one(msg('schema_invalid', { where, name }), name, 'invalid');
  }
}
