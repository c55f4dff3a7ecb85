// Request validation. Query strings and path parameters are text, so their validator coerces
// ("2" → 2). Bodies are JSON, so theirs does not: a string where a number belongs is an error.
// A body schema marked `x-validated-by: service` is documented in OpenAPI but checked by its
// service instead, which reports every broken rule at once (422 invalid_vehicle, D9).
// A number in a query string or path is written in plain decimal digits and is at most
// Number.MAX_SAFE_INTEGER unless its schema says less: `1e3`, `0x10`, ` 7` and
// 99999999999999999999 are 400 invalid_request, never a number the store cannot take. A query
// value holding a control character is 400 invalid_request too (the rule of core/text.ts).
import { Ajv, type AnySchema } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { forbiddenControl } from '../text.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin) as unknown as (ajv: Ajv) => void;

export const SERVICE_VALIDATED = { 'x-validated-by': 'service' } as const;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/**
 * Compiles on first use: a route's validators cost memory only once the route is called, which
 * keeps the start-up footprint flat as routes are added. Fastify reads `.errors` after a failed
 * check, so the wrapper passes it through.
 */
function lazy<F extends (data: unknown) => unknown>(make: () => F & { errors?: unknown }): F {
  let fn: (F & { errors?: unknown }) | undefined;
  const wrapper = ((data: unknown) => (fn ??= make())(data)) as F;
  Object.defineProperty(wrapper, 'errors', { get: () => fn?.errors ?? null });
  return wrapper;
}

type Check = ((data: unknown) => unknown) & { errors?: unknown };

const DECIMAL: Record<string, RegExp> = { integer: /^[+-]?\d+$/, number: /^[+-]?(\d+(\.\d*)?|\.\d+)$/ };

/** The numeric properties of a query/path schema, each with the decimal syntax it must have. */
function numericProperties(schema: Record<string, unknown>): { name: string; syntax: RegExp }[] {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const out: { name: string; syntax: RegExp }[] = [];
  for (const [name, p] of Object.entries(props)) {
    const syntax = typeof p.type === 'string' ? DECIMAL[p.type] : undefined;
    if (syntax) out.push({ name, syntax });
  }
  return out;
}

/**
 * A query or path number's schema with the bounds its validator applies: what a JS number holds
 * exactly, unless it says less. The OpenAPI document states the same (openapi.ts, P187).
 */
export function boundedNumber(p: Record<string, unknown>): Record<string, unknown> {
  const numeric = typeof p.type === 'string' && p.type in DECIMAL;
  if (!numeric || (p.maximum !== undefined && p.minimum !== undefined)) return p;
  return { ...p, maximum: p.maximum ?? Number.MAX_SAFE_INTEGER, minimum: p.minimum ?? -Number.MAX_SAFE_INTEGER };
}

/** The same schema with every numeric property bounded by what a JS number holds exactly. */
function boundedNumbers(schema: Record<string, unknown>): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  let changed = false;
  const bounded: Record<string, Record<string, unknown>> = {};
  for (const [name, p] of Object.entries(props)) {
    bounded[name] = boundedNumber(p);
    changed ||= bounded[name] !== p;
  }
  if (!changed) return schema;
  // A changed copy must not pass for the registered schema of the same $id.
  const { $id: _id, ...rest } = schema;
  return { ...rest, properties: bounded };
}

type Problem = { instancePath: string; schemaPath: string; keyword: string; params: object; message: string };

/** The first problem of a query/path value's raw text, before ajv coerces it ("0x10" → 16). */
function rawTextProblem(data: unknown, numeric: { name: string; syntax: RegExp }[], query: Set<string> | undefined): Problem | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const values = data as Record<string, unknown>;
  // Keywords of our own (schema-problem.ts words them): `decimal` and `control_character`.
  const problem = (name: string, keyword: string, params: object, message: string): Problem => ({
    instancePath: `/${name}`,
    schemaPath: '#/properties',
    keyword,
    params,
    message,
  });
  for (const { name, syntax } of numeric) {
    const texts = Array.isArray(values[name]) ? (values[name] as unknown[]) : [values[name]];
    if (texts.some((t) => typeof t === 'string' && !syntax.test(t))) return problem(name, 'decimal', {}, 'must be a number written in decimal digits');
  }
  for (const name of query ?? []) {
    const raw = values[name];
    for (const t of Array.isArray(raw) ? raw : [raw]) {
      const found = typeof t === 'string' ? forbiddenControl(t) : undefined;
      if (found) return problem(name, 'control_character', { char: found }, `must not contain control characters (it holds ${found})`);
    }
  }
  return undefined;
}

/** Checks the raw text of query/path values, then runs the schema's validator. */
function strictText(schema: Record<string, unknown>, inner: Check, isQuery: boolean): Check {
  const numeric = numericProperties(schema);
  // The parameters a route reads; others are ignored, whatever they hold.
  const query = isQuery ? new Set(Object.keys(schema.properties ?? {})) : undefined;
  if (numeric.length === 0 && !query?.size) return inner;
  let own: Problem[] | null = null;
  const check = ((data: unknown) => {
    const problem = rawTextProblem(data, numeric, query);
    own = problem ? [problem] : null;
    return problem ? false : inner(data);
  }) as Check;
  Object.defineProperty(check, 'errors', { get: () => own ?? inner.errors ?? null });
  return check;
}

function buildValidator(externalSchemas: Record<string, AnySchema>) {
  const text = makeAjv(true);
  const json = makeAjv(false);
  for (const s of Object.values(externalSchemas)) {
    text.addSchema(s);
    json.addSchema(s);
  }
  // A route schema that is also a shared one (same $id) is compiled once, as registered. These
  // ajv instances serve every plugin context with the same shared schemas (sameSchemasShareOne),
  // so another schema object claiming a known $id is compiled as itself, without the $id.
  const compile = (ajv: Ajv, schema: AnySchema & Record<string, unknown>) => {
    if (typeof schema.$id !== 'string') return ajv.compile(schema);
    const known = ajv.getSchema(schema.$id);
    if (!known) return ajv.compile(schema);
    if (known.schema === schema) return known;
    const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
    return ajv.compile(anonymous);
  };
  return ({ schema, httpPart }: { schema: AnySchema & Record<string, unknown>; httpPart?: string }) => {
    if (httpPart === 'body') {
      if (schema['x-validated-by'] === 'service') return () => true;
      return lazy(() => compile(json, schema));
    }
    const inner = lazy(() => compile(text, boundedNumbers(schema) as AnySchema & Record<string, unknown>));
    return strictText(schema, inner, httpPart === 'querystring');
  };
}

/**
 * Fastify's own response serializers, but one per distinct schema: every route declares the
 * same Error body for several statuses, and compiling it once instead of hundreds of times keeps
 * the process's start-up memory down. (A description does not change what is written.)
 */
function buildSerializer(externalSchemas: unknown, serializerOpts: unknown) {
  const compile = SerializerSelector()(externalSchemas, serializerOpts as never) as (ctx: { schema: Record<string, unknown> }) => (data: unknown) => string;
  const cache = new Map<string, (data: unknown) => string>();
  return (ctx: { schema: Record<string, unknown> }) => {
    const { description: _ignored, ...shape } = ctx.schema;
    const key = JSON.stringify(shape);
    let fn = cache.get(key);
    if (!fn) {
      fn = lazy(() => compile(ctx));
      cache.set(key, fn);
    }
    return fn;
  };
}

/**
 * Fastify asks for new compilers in every plugin context (each `register`), with the schemas
 * that context sees; here nearly all see just the shared ones. Building one pair of ajv
 * instances (every shared schema added to each) per context cost most of the start-up time and
 * tens of MB (P44): contexts with the same schemas share the compilers built for the first.
 */
function sameSchemasShareOne<O, R>(build: (schemas: Record<string, AnySchema>, options: O) => R): (schemas: Record<string, AnySchema>, options: O) => R {
  const built: { schemas: Record<string, AnySchema>; options: O; result: R }[] = [];
  const same = (a: Record<string, AnySchema>, b: Record<string, AnySchema>) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
  };
  return (schemas, options) => {
    const found = built.find((e) => e.options === options && same(e.schemas, schemas));
    if (found) return found.result;
    const result = build(schemas, options);
    built.push({ schemas, options, result });
    return result;
  };
}

/** Fastify's `schemaController` for one app (its compilers are shared by its plugin contexts only). */
export function schemaController(): FastifyServerOptions['schemaController'] {
  // Fastify's typings describe ajv's compile signature; the factory gets route context too.
  return {
    compilersFactory: { buildValidator: sameSchemasShareOne(buildValidator) as never, buildSerializer: sameSchemasShareOne(buildSerializer) as never },
  };
}
