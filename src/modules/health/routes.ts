// Liveness and readiness for load balancers and orchestrators; no key, outside /v1.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';

const Status = Type.Object({ status: Type.String() });

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/health', { schema: { hide: true, response: { 200: Status } } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true, response: { 200: Status, 503: Status } } }, async (_req, reply) => {
    // Stopping (SIGTERM, P37): still serving, but a load balancer should send no more.
    if (app.drain.draining) return reply.code(503).send({ status: 'shutting down' });
    try {
      await sql`select 1`.execute(app.services.store.db);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'store unavailable' });
    }
  });
};
