// JSON request bodies: must be an object (D9: a body that is not an object is 400). An empty
// body is treated as no body, so body-less POSTs sent with a JSON content type still work.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { msg } from '../i18n/index.js';

export function installJsonBodyParser(app: FastifyInstance): void {
  // `__proto__` and `constructor.prototype` keys are dropped, like any other unknown field.
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parse(req, text, (err: Error | null, value?: unknown) => {
      if (err) {
        done(err, undefined);
        return;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        done(new ApiError('invalid_request', msg('body_not_object')), undefined);
        return;
      }
      done(null, value);
    });
  });
}

/** The body of a route whose schema its service checks: it must be present (a JSON object). */
export function requireBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('invalid_request', msg('body_required'));
  }
  return body as Record<string, unknown>;
}
