// The one onRequest hook every request runs, before routing's own hooks (P53): the request id
// echoed as X-Request-Id, `Connection: close` while the process drains (P37), the Host check
// of HTTP/1.1, the language of the answer (D31), and the drain of a body left unread by an early answer (drain.ts, P59). One
// synchronous hook rather than four (one of them async, one on every answer's onSend): each hook
// is a step of Fastify's hook chain, and an async one a promise, on every request.
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { msg, pickLang, type Lang } from '../i18n/index.js';
import { bodyDrain, type DrainLimits } from './drain.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's texts for a person (D31): Accept-Language's, else English. */
    lang: Lang;
  }
}

export function installRequestStart(app: FastifyInstance, bodyLimits: DrainLimits): void {
  const drain = app.drain;
  const drainBody = bodyDrain(bodyLimits);
  app.decorateRequest('lang', 'en');
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // D31: the API answers in the language asked for and says which (pages say their own).
    req.lang = pickLang(req.headers['accept-language'], 'en');
    if (req.url.startsWith('/v1/')) reply.header('content-language', req.lang);
    drainBody(req.raw, reply.raw);
    if (drain.draining) reply.header('connection', 'close');
    // HTTP/1.1 requires Host; node would answer its absence with an empty 400 of its own
    // (so `requireHostHeader` is off in app.ts and the check is made here, in the Error shape).
    if (req.headers.host === undefined && req.raw.httpVersion === '1.1') {
      done(new ApiError('invalid_request', msg('host_required')));
    } else done();
  });
}
