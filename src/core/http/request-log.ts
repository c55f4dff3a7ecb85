// One log line per request, at its end, with what an operator needs: method, redacted URL,
// status and time, bound to the request id. Every answer carries the id as X-Request-Id.
import type { FastifyInstance } from 'fastify';
import { redactUrl } from '../logger.js';

export function installRequestLog(app: FastifyInstance, logLevel: string): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // No hook at all when request lines would not be written (LOG_LEVEL above info).
  if (!['info', 'debug', 'trace'].includes(logLevel)) return;
  app.addHook('onResponse', async (req, reply) => {
    req.log.info({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
}
