// buildApp(options) is the composition root: the store (migrated), the services built once, the
// background tasks, then the HTTP surface. server.ts starts it; each test builds its own.
import crypto from 'node:crypto';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { migrateToLatest } from './core/db/migrate.js';
import { limitConnectionsPerAddress, trustedProxies } from './core/http/connection-limit.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './core/http/error-handler.js';
import { installJsonBodyParser } from './core/http/json-body.js';
import { installRequestStart } from './core/http/request-start.js';
import { installShutdownDrain } from './core/http/shutdown-drain.js';
import { keyedScopeHook } from './core/http/keyed-scope.js';
import { installHttpMetrics, registerMetricsRoute } from './core/metrics/http.js';
import { registerOpenApi } from './core/http/openapi.js';
import { installDeprecationHeaders } from './core/http/deprecation.js';
import { installRequestLog, lazyChildLogger, RequestLogController } from './core/http/request-log.js';
import { schemaController } from './core/http/schema-compilers.js';
import { loggerOptions } from './core/logger.js';
import { API_VERSION } from './core/version.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { startImportSweeper } from './modules/feeds/interrupted.js';
import { FEED_MAX_BYTES } from './modules/feeds/limits.js';
import { feedPushRoutes } from './modules/feeds/push-routes.js';
import { feedReportRoutes } from './modules/feeds/report-routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { keyResolver } from './modules/keys/resolver.js';
import { leadRoutes } from './modules/leads/routes.js';
import { inboundMailRoutes } from './modules/leads/inbound-routes.js';
import { sandboxRoutes } from './modules/sandbox/routes.js';
import { listingRoutes } from './modules/listings/routes.js';
import type { OnContact } from './modules/listings/contact.js';
import { marketRoutes } from './modules/markets/routes.js';
import { meRoutes } from './modules/me/routes.js';
import { panelRoutes } from './modules/panel/routes.js';
import { photoRoutes } from './modules/photos/routes.js';
import { vehicleRoutes } from './modules/vehicles/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { SHARED_SCHEMAS, WEBHOOKS_DOCUMENT } from './schemas.js';
import { buildServices, closeServices, metricsServed, openServiceStore, type AppServices, type ServiceOptions } from './services.js';
import { defineTasks, scheduleRecurringTasks } from './tasks.js';

export interface AppOptions extends ServiceOptions {
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  /** Told of every route as it is registered (tests walk them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Told of each buyer sent to a dealership's phone or WhatsApp (D34, listings/contact.ts) instead of the statistics (P152). */
  onContact?: OnContact;
  /** URLs per sitemap file (P85): tests make it small to see the index; default 50 000. */
  sitemapPageSize?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** JSON bodies up to this size; larger ones answer 413 payload_too_large. */
export const BODY_LIMIT = 4 * 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const requestLog = new RequestLogController();
  const app = Fastify({
    logger: opts.logStream ? { ...loggerOptions(config.logLevel), stream: opts.logStream } : loggerOptions(config.logLevel),
    // One line per request, written by installRequestLog, instead of Fastify's two; each
    // request's child logger made only if used (P43).
    logController: requestLog,
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    schemaController: schemaController(),
    // Errors raised before routing (bad percent-encoding, over-long path segment, HTTP the
    // parser refuses, headers over node's limit) leave in the Error shape too (D22).
    frameworkErrors,
    clientErrorHandler,
    // A missing Host is refused by error-handler.ts, in the Error shape, not by node.
    // D38 (P67): the headers and the body must all arrive within REQUEST_TIMEOUT of the first
    // byte, else node reports a timeout and clientErrorHandler answers 408 in the Error shape;
    // checked every tenth of it (at most each second), so the answer comes within 10% late.
    http: {
      requireHostHeader: false,
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.requestTimeoutMs / 10)),
    },
    requestTimeout: config.requestTimeoutMs,
    // While closing, requests still arriving on open connections are served (Fastify's own 503
    // body would not be in the Error shape); new connections are refused by the closed listener.
    return503OnClosing: false,
    // Client addresses (limits, lockout, logs) from X-Forwarded-For only when sent by a trusted proxy.
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 960 }, // a stock ID in a path (D26): 80 characters × 4 UTF-8 bytes × 3 ("%XX")
  }).withTypeProvider<TypeBoxTypeProvider>();

  if (opts.onRoute) {
    const onRoute = opts.onRoute;
    app.addHook('onRoute', (route) => onRoute(route as RouteOptions));
  }
  const opened = openServiceStore(opts);
  try {
    await migrateToLatest(opened.store);
  } catch (err) {
    if (opened.ownsStore) await opened.store.close();
    throw err;
  }
  const services = buildServices(opts, opened, app.log);
  app.decorate('services', services);
  defineTasks(services);
  await scheduleRecurringTasks(services);
  // Imports a previous process left running (it died mid-import) are reported interrupted.
  const importSweeper = await startImportSweeper(services, app.log.child({ component: 'feeds' }));

  installErrorHandling(app);
  limitConnectionsPerAddress(app.server, {
    maxPerAddress: config.maxConnectionsPerAddress,
    trusted: trustedProxies(config.trustProxy),
    log: app.log,
  });
  installShutdownDrain(app);
  installJsonBodyParser(app);
  // A refused body is read on up to twice the largest accepted one (a feed file), for 30 s.
  installRequestStart(app, { maxBytes: 2 * Math.max(BODY_LIMIT, FEED_MAX_BYTES), maxMs: 30_000 });
  installRequestLog(app, requestLog);
  // Requests are counted only when someone can read the counts (P38).
  if (metricsServed(config)) installHttpMetrics(app, services.metrics);
  if (config.metricsToken !== undefined) registerMetricsRoute(app, services.metrics, config.metricsToken);
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  await registerOpenApi(app, config.publicBaseUrl, API_VERSION, WEBHOOKS_DOCUMENT);
  // A route marked deprecated in its schema answers Deprecation and Sunset (P183).
  installDeprecationHeaders(app, `${config.publicBaseUrl}/v1/docs`);

  // Without a key: health, photos, public listing pages, the feed push (its token is the secret).
  await app.register(healthRoutes);
  await app.register(photoRoutes, { storage: services.storage, publicBaseUrl: config.photoPublicBaseUrl });
  // Each contact redirect is counted by the statistics (D34, P152), unless a caller hooks its own.
  await app.register(listingRoutes, {
    deps: {
      ...services,
      inquiriesPerHour: config.inquiriesPerHour,
      ...(opts.onContact ? { onContact: opts.onContact } : {}),
      sitemapPageSize: opts.sitemapPageSize,
    },
  });
  // Buyers' answers by e-mail, from a mail provider's hook or the operator's relay (D40).
  await app.register(inboundMailRoutes, { deps: { ...services, inboundMailSecret: config.inboundMailSecret } });
  await app.register(feedPushRoutes, { prefix: '/v1', deps: services, limiter: services.limiter, perMinute: config.feedPushPerMinute });
  // The dealer panel: its own sessions, forms and pages (D27).
  await app.register(panelRoutes, { prefix: '/panel', deps: services });

  // Everything else under /v1 needs a key.
  const perMinute = config.rateLimitPerMinute;
  await app.register(
    async (keyed) => {
      keyed.addHook(
        'onRequest',
        keyedScopeHook({
          resolveKey: keyResolver(services.store.db, services.clock, app.log, services.keyRevocations),
          limiter: services.limiter,
          perMinute,
          clock: services.clock,
        }),
      );
      await keyed.register(meRoutes, { perMinute, publicBaseUrl: config.publicBaseUrl });
      await keyed.register(marketRoutes);
      await keyed.register(catalogRoutes, { catalog: services.catalog });
      await keyed.register(vehicleRoutes, { deps: services });
      await keyed.register(webhookRoutes, { deps: services });
      await keyed.register(leadRoutes, { deps: services });
      await keyed.register(feedReportRoutes, { store: services.store });
      await keyed.register(statsRoutes, { deps: services });
      await keyed.register(sandboxRoutes, { deps: services });
    },
    { prefix: '/v1' },
  );

  services.stats.start();
  app.addHook('onClose', async () => {
    importSweeper.stop();
    // The views and contacts counted since the last flush are written before the store closes (P95).
    await services.stats.stop().catch((err: unknown) => app.log.error({ err }, 'stats flush at shutdown failed'));
    await services.jobs.stop();
    services.mailer.close();
    await closeServices(services);
    if (services.ownsStore) await services.store.close();
  });

  return app;
}
