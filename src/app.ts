// buildApp(config) assembles the whole service; server.ts starts it, tests build their own.
import crypto from 'node:crypto';
import type { DestinationStream } from 'pino';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { systemClock, type Clock } from './core/clock.js';
import type { Config } from './core/config.js';
import { openStore, type Store } from './core/db/dialect.js';
import { migrateToLatest } from './core/db/migrate.js';
import { ApiError } from './core/errors.js';
import { authenticate } from './core/http/auth.js';
import { FailedAuthGuard } from './core/http/failed-auth.js';
import { installErrorHandling } from './core/http/error-handler.js';
import { installJsonBodyParser } from './core/http/json-body.js';
import { schemaController } from './core/http/validation.js';
import { registerOpenApi } from './core/http/openapi.js';
import { MemoryRateLimitStore, rateLimitHeaders, type RateLimitStore } from './core/http/rate-limit.js';
import { ErrorSchema } from './core/http/schemas.js';
import { JobWorker } from './core/jobs/worker.js';
import { createOutbound, type Outbound } from './core/outbound/fetcher.js';
import { loggerOptions, redactUrl } from './core/logger.js';
import { buildCatalog } from './modules/catalog/catalog.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { BrandListSchema, ModelListSchema } from './modules/catalog/schemas.js';
import { keyResolver } from './modules/keys/resolver.js';
import { marketRoutes } from './modules/markets/routes.js';
import { MarketSchema } from './modules/markets/schemas.js';
import { API_VERSION, meRoutes } from './modules/me/routes.js';
import { AccountSchema } from './modules/me/schemas.js';
import { healthRoutes } from './modules/health/routes.js';
import { leadRoutes } from './modules/leads/routes.js';
import { LEAD_SCHEMAS } from './modules/leads/schemas.js';
import { listingRoutes } from './modules/listings/routes.js';
import { definePhotoDownloads } from './modules/photos/download.js';
import { photoRoutes } from './modules/photos/routes.js';
import { PhotoStorage } from './modules/photos/storage.js';
import { defineExpiry, scheduleExpiry } from './modules/vehicles/expiry.js';
import { ImportLock } from './modules/feeds/import-lock.js';
import { startImportSweeper } from './modules/feeds/interrupted.js';
import { definePulls } from './modules/feeds/pull.js';
import { ensurePulls } from './modules/feeds/pull-schedule.js';
import { feedPushRoutes } from './modules/feeds/push-routes.js';
import { feedReportRoutes } from './modules/feeds/report-routes.js';
import { FEED_SCHEMAS } from './modules/feeds/schemas.js';
import { vehicleRoutes } from './modules/vehicles/routes.js';
import { VEHICLE_SCHEMAS } from './modules/vehicles/schemas.js';
import { loadServerKey, secretBox } from './core/secret-box.js';
import { defineWebhookDeliveries } from './modules/webhooks/deliver.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { WEBHOOK_SCHEMAS } from './modules/webhooks/schemas.js';
import type { WebhookDeps } from './modules/webhooks/service.js';

export interface AppOptions {
  config: Config;
  /** A store opened by the caller (tests); otherwise one is opened from config.databaseUrl. */
  store?: Store;
  clock?: Clock;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: DestinationStream;
  rateLimitStore?: RateLimitStore;
  /** The outbound HTTP client (tests inject one with their own resolver). */
  outbound?: Outbound;
}

export interface AppServices {
  config: Config;
  store: Store;
  clock: Clock;
  jobs: JobWorker;
  /** The only way out to the network (photos, feeds, webhooks). */
  outbound: Outbound;
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
  const clock = opts.clock ?? systemClock;
  const ownsStore = !opts.store;
  const store = opts.store ?? openStore({ url: config.databaseUrl });

  const app = Fastify({
    logger: opts.logStream ? { ...loggerOptions(config.logLevel), stream: opts.logStream } : loggerOptions(config.logLevel),
    // One line per request, written by our onResponse hook, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    schemaController,
    // While closing, requests still arriving on open connections are served (Fastify's own 503
    // body would not be in the Error shape); new connections are refused by the closed listener.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  try {
    await migrateToLatest(store);
  } catch (err) {
    if (ownsStore) await store.close();
    throw err;
  }

  const jobs = new JobWorker({
    store,
    clock,
    log: app.log.child({ component: 'jobs' }),
    concurrency: config.jobConcurrency,
    pollIntervalMs: config.jobPollIntervalMs,
    leaseMs: config.jobLeaseMs,
  });
  const outbound = opts.outbound ?? createOutbound({ allowPrivateNetworks: config.outboundAllowPrivateNetworks });
  const storage = new PhotoStorage(config.dataDir);
  app.decorate('services', { config, store, clock, jobs, outbound });
  const box = secretBox(loadServerKey(config.secretKey, config.dataDir));
  const webhookSend = { timeoutMs: config.webhookTimeoutMs, userAgent: `DealerInventory-Webhooks/${API_VERSION} (+${config.publicBaseUrl})` };
  defineWebhookDeliveries(jobs, {
    store,
    clock,
    outbound,
    box,
    send: webhookSend,
    scheduleMs: config.webhookRetryScheduleMs,
    maxInFlight: config.webhookMaxInFlight,
  });
  defineExpiry(jobs, store, clock, config.listingTtlDays);
  definePhotoDownloads(jobs, { store, clock, outbound, storage, timeoutMs: config.photoTimeoutMs });
  await scheduleExpiry(store.db, clock);

  installErrorHandling(app);
  installJsonBodyParser(app);

  // One line per request, at its end, with what an operator needs; URLs are redacted.
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // No hook at all when request lines would not be written (LOG_LEVEL above info).
  if (['info', 'debug', 'trace'].includes(config.logLevel)) {
    app.addHook('onResponse', async (req, reply) => {
      req.log.info(
        { method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    });
  }

  for (const schema of [ErrorSchema, MarketSchema, BrandListSchema, ModelListSchema, AccountSchema, ...VEHICLE_SCHEMAS, ...WEBHOOK_SCHEMAS, ...LEAD_SCHEMAS, ...FEED_SCHEMAS]) app.addSchema(schema);
  await registerOpenApi(app, config.publicBaseUrl, API_VERSION);
  await app.register(healthRoutes);
  await app.register(photoRoutes, { storage });

  const catalog = buildCatalog(new Date(clock.now()).getUTCFullYear() + 1);
  const limiter = opts.rateLimitStore ?? new MemoryRateLimitStore();
  const perMinute = config.rateLimitPerMinute;
  const resolveKey = keyResolver(store.db, clock);
  const vehicleDeps = { store, clock, catalog, publicBaseUrl: config.publicBaseUrl, jobsQueued: () => jobs.nudge() };
  const leadDeps = { store, clock, publicBaseUrl: config.publicBaseUrl };
  await app.register(listingRoutes, { deps: { ...leadDeps, limiter, inquiriesPerHour: config.inquiriesPerHour } });

  // Feeds: imports (one at a time per dealership), pulls of feed URLs, the push address.
  const feedDeps = { ...vehicleDeps, importLock: new ImportLock(store) };
  definePulls(jobs, { ...feedDeps, outbound, intervalMs: config.feedPollIntervalMs });
  await ensurePulls(store.db, clock);
  // Imports a previous process left running (it died mid-import): reported interrupted.
  const importSweeper = await startImportSweeper({ store, clock }, app.log.child({ component: 'feeds' }));
  await app.register(feedPushRoutes, { prefix: '/v1', deps: feedDeps, limiter, perMinute: config.feedPushPerMinute });

  // Everything under /v1 except the docs and the feed push needs a key.
  await app.register(
    async (keyed) => {
      // One hook, before any body is read: the caller's address, the key, then its rate limit.
      const auth = authenticate(resolveKey);
      const failedAuth = new FailedAuthGuard();
      keyed.addHook('onRequest', async (req, reply) => {
        const blocked = failedAuth.blockedFor(req.ip, clock.now());
        if (blocked > 0) {
          const wait = Math.max(1, Math.ceil(blocked / 1000));
          throw new ApiError('rate_limited', `Too many calls with an invalid key from this address; retry in ${wait} s.`, undefined, { 'retry-after': String(wait) });
        }
        try {
          await auth(req, reply);
        } catch (err) {
          if (err instanceof ApiError && err.code === 'unauthorized') failedAuth.recordFailure(req.ip, clock.now());
          throw err;
        }
        const d = await limiter.hit(`key:${req.auth.keyId}`, clock.now(), perMinute, 60_000);
        reply.headers(rateLimitHeaders(d));
        if (!d.allowed) {
          const wait = Math.max(1, Math.ceil(d.resetMs / 1000));
          throw new ApiError('rate_limited', `More than ${perMinute} calls in 60 seconds with this key; retry in ${wait} s.`);
        }
      });
      await keyed.register(meRoutes, { perMinute });
      await keyed.register(marketRoutes);
      await keyed.register(catalogRoutes, { catalog });
      await keyed.register(vehicleRoutes, { deps: vehicleDeps });
      const webhookDeps: WebhookDeps = { store, clock, outbound, box, send: webhookSend, allowHttp: config.webhookAllowHttp, jobsQueued: () => jobs.nudge() };
      await keyed.register(webhookRoutes, { deps: webhookDeps });
      await keyed.register(leadRoutes, { deps: leadDeps });
      await keyed.register(feedReportRoutes, { store });
    },
    { prefix: '/v1' },
  );

  app.addHook('onClose', async () => {
    importSweeper.stop();
    await jobs.stop();
    if (ownsStore) await store.close();
  });

  return app;
}
