// Request validation. Query strings and path parameters are text, so their validator coerces
// ("2" → 2). Bodies are JSON, so theirs does not: a string where a number belongs is an error.
// A body schema marked `x-validated-by: service` is documented in OpenAPI but checked by its
// service instead, which reports every broken rule at once (422 invalid_vehicle, D9).
import { Ajv, type AnySchema } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifyServerOptions } from 'fastify';

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

function buildValidator(externalSchemas: Record<string, AnySchema>) {
  const text = makeAjv(true);
  const json = makeAjv(false);
  for (const s of Object.values(externalSchemas ?? {})) {
    text.addSchema(s);
    json.addSchema(s);
  }
  // A route schema that is also a shared one (same $id) is compiled once, as registered.
  const compile = (ajv: Ajv, schema: AnySchema & Record<string, unknown>) =>
    (typeof schema.$id === 'string' && ajv.getSchema(schema.$id)) || ajv.compile(schema);
  return ({ schema, httpPart }: { schema: AnySchema & Record<string, unknown>; httpPart?: string }) => {
    if (httpPart === 'body') {
      if (schema['x-validated-by'] === 'service') return () => true;
      return compile(json, schema);
    }
    return compile(text, schema);
  };
}

// Fastify's typings describe ajv's compile signature; the factory gets route context too.
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: { buildValidator: buildValidator as never },
};
