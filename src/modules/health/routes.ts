// Liveness and readiness for load balancers and orchestrators; no key, outside /v1.
// /ready runs every registered readiness check (P39) and names the one that failed.
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { checkReadiness } from '../../core/readiness.js';

const Status = Type.Object({ status: Type.String() });
const Ready = Type.Object({
  status: Type.String(),
  /** Each dependency: ok, unreachable or timeout. */
  checks: Type.Record(Type.String(), Type.String()),
});

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true, response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true, response: { 200: Ready, 503: Ready } } }, async (_req, reply) => {
    // Stopping (SIGTERM, P37): still serving, but a load balancer should send no more.
    if (app.drain.draining) return reply.code(503).send({ status: 'shutting down', checks: {} });
    const { ready, checks } = await checkReadiness(app.services.readiness);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
  });
};
