// The metrics on the API's own port (P38): every answered request counted by its route pattern,
// and GET /metrics itself when METRICS_TOKEN is set (without it the route does not exist: 404).
import type { FastifyInstance } from 'fastify';
import { bearerMatches, metricsUnauthorized } from './access.js';
import type { Metrics } from './metrics.js';

/** Requests no route matched (404s, bad URLs): one label, whatever the URL. */
const UNMATCHED = 'unmatched';

export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (req, reply, done) => {
    // reply.elapsedTime is Fastify's own hrtime measure (ms): nothing more to time here.
    metrics.httpRequest(req.method, req.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, token)) throw metricsUnauthorized();
    const text = await metrics.text();
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
