// The service's long-lived parts, built once per process (or per test app) and handed to the
// routes and tasks that need them. Each module's deps interface is a subset of AppServices, so a
// module takes `services` as it is: no ad hoc deps objects repeating store, clock and base URL.
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from './core/clock.js';
import type { Config } from './core/config.js';
import { watchChanges, type ChangeWatch } from './core/db/change-watch.js';
import { StoreRateLimitStore } from './core/db/limit-store.js';
import { openStore, type Store } from './core/db/store.js';
import { MemoryRateLimitStore, type RateLimitStore } from './core/http/rate-limit.js';
import { connectRedis, type RedisConnection } from './core/redis/client.js';
import { RedisRateLimitStore } from './core/redis/rate-limit-store.js';
import { StatsCounting } from './modules/stats/counting.js';
import { JobWorker } from './core/jobs/worker.js';
import { createMailTransport, type MailTransport } from './core/mail/transport.js';
import { Metrics } from './core/metrics/metrics.js';
import { createOutbound, type Outbound } from './core/outbound/fetcher.js';
import { storeReadiness, type ReadinessCheck } from './core/readiness.js';
import { loadServerKey, secretBox, type SecretBox } from './core/secret-box.js';
import { API_VERSION } from './core/version.js';
import { buildCatalog, type Catalog } from './modules/catalog/catalog.js';
import { ImportLock } from './modules/feeds/import-lock.js';
import { KEY_REVOCATIONS } from './modules/keys/repository.js';
import { createPhotoStorage } from './modules/photos/create-storage.js';
import type { PhotoStorage } from './modules/photos/storage.js';
import { ImageWork } from './modules/photos/image-work.js';
import type { SendConfig } from './modules/webhooks/send.js';
import { pushSettings, type PushSettings } from './modules/push/vapid.js';

export interface ServiceOptions {
  config: Config;
  /** A store opened by the caller (tests); otherwise one is opened from config.databaseUrl. */
  store?: Store;
  clock?: Clock;
  rateLimitStore?: RateLimitStore;
  /** How mail leaves (tests may inject one); default from SMTP_URL / DATA_DIR. */
  mailer?: MailTransport;
  /** The outbound HTTP client (tests inject one with their own resolver). */
  outbound?: Outbound;
}

export interface AppServices {
  config: Config;
  store: Store;
  /** Whether closing the app closes the store (it opened it). */
  ownsStore: boolean;
  clock: Clock;
  jobs: JobWorker;
  /** The only way out to the network (photos, feeds, webhooks). */
  outbound: Outbound;
  /** Where photos are kept (PHOTO_STORAGE, P33); `storage.check()` is its readiness probe. */
  storage: PhotoStorage;
  /** The process's image work (P46): photo downloads and panel uploads (P104) share it; its child process starts on first use. */
  images: ImageWork;
  /** Seals secrets the service must read back (webhook signing secrets). */
  box: SecretBox;
  catalog: Catalog;
  /** Per-key calls, invalid-key lockout, feed pushes per token, inquiries per address: in Redis when REDIS_URL is set (P30). */
  limiter: RateLimitStore;
  /**
   * The panel's limits that guard accounts (sign-in, the current-password check, reset requests,
   * invitations): kept in the store, so one budget for every process on any deployment (P70).
   */
  storeLimiter: RateLimitStore;
  /** The Redis connection when REDIS_URL is set; `ping()` is for a readiness check. Closed by closeServices. */
  redis: RedisConnection | undefined;
  /** Moves when an API key is revoked by any process (P32); the key resolver's cache follows it. */
  keyRevocations: ChangeWatch;
  /** One feed import at a time per dealership. */
  importLock: ImportLock;
  publicBaseUrl: string;
  /**
   * The origin photo URLs redirect to (PHOTO_PUBLIC_BASE_URL's: a CDN or a public bucket), or
   * undefined when the process serves them. Pages' Content-Security-Policy admits it for images:
   * the policy checks an image's final address after the redirect.
   */
  photoOrigin: string | undefined;
  /** How webhook deliveries are sent (timeout, User-Agent). */
  send: SendConfig;
  /** WEBHOOK_ALLOW_HTTP. */
  allowHttp: boolean;
  /** Where the outbox's messages leave: SMTP_URL, or .eml files in DATA_DIR/mail (D28). */
  mailer: MailTransport;
  /** Prometheus metrics of this process (P38): modules count their outcomes here. */
  metrics: Metrics;
  /** What GET /ready checks (P39): the store, then each configured dependency (Redis, storage). */
  readiness: ReadinessCheck[];
  /** Listing views and contacts counted in memory, flushed every STATS_FLUSH_INTERVAL (D34, P95); started and stopped by app.ts. */
  stats: StatsCounting;
  /** Web Push (P215): the VAPID keys (VAPID_* or derived from the server key) and subject. */
  push: PushSettings;
}

/** Whether /metrics is served at all (P38): on METRICS_PORT, or on the main port with METRICS_TOKEN. */
export const metricsServed = (config: Config): boolean => config.metricsPort !== undefined || config.metricsToken !== undefined;

export function openServiceStore(opts: ServiceOptions): { store: Store; ownsStore: boolean } {
  return opts.store ? { store: opts.store, ownsStore: false } : { store: openStore({ url: opts.config.databaseUrl }), ownsStore: true };
}

/** Everything but the store, which is opened (and migrated) first. */
export function buildServices(opts: ServiceOptions, opened: { store: Store; ownsStore: boolean }, log: FastifyBaseLogger): AppServices {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const { store, ownsStore } = opened;
  const storage = createPhotoStorage(config.photoStorage, config.dataDir);
  const readiness = [storeReadiness(store)];
  // The bucket is another service that can be down; the local directory is this host's disk.
  if (config.photoStorage.kind === 's3') readiness.push({ name: 'storage', check: () => storage.check() });
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  if (redis) readiness.push({ name: 'redis', check: () => redis.ping() });
  const box = secretBox(loadServerKey(config.secretKey, config.dataDir));
  return {
    config,
    store,
    ownsStore,
    clock,
    jobs: new JobWorker({
      store,
      clock,
      log: log.child({ component: 'jobs' }),
      concurrency: config.jobConcurrency,
      quickConcurrency: config.jobQuickConcurrency,
      pollIntervalMs: config.jobPollIntervalMs,
      leaseMs: config.jobLeaseMs,
    }),
    outbound: opts.outbound ?? createOutbound({ allowPrivateNetworks: config.outboundAllowPrivateNetworks }),
    storage,
    images: new ImageWork(config.imageConcurrency, config.imageIdlePolicy),
    box,
    // Models still produced list next year's model year (sold from the autumn before).
    catalog: buildCatalog(new Date(clock.now()).getUTCFullYear() + 1),
    limiter: opts.rateLimitStore ?? limiterFor(config, store, ownsStore, redis, log),
    storeLimiter: new StoreRateLimitStore(store),
    redis,
    keyRevocations: watchChanges(store, KEY_REVOCATIONS, log.child({ component: 'keys' })),
    importLock: new ImportLock(store),
    publicBaseUrl: config.publicBaseUrl,
    photoOrigin: config.photoPublicBaseUrl === undefined ? undefined : new URL(config.photoPublicBaseUrl).origin,
    send: { timeoutMs: config.webhookTimeoutMs, userAgent: `DealerInventory-Webhooks/${API_VERSION} (+${config.publicBaseUrl})` },
    allowHttp: config.webhookAllowHttp,
    mailer: opts.mailer ?? createMailTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    metrics: new Metrics({ store, clock, processMetrics: metricsServed(config) }),
    readiness,
    stats: new StatsCounting({
      store,
      clock,
      log: log.child({ component: 'stats' }),
      flushMs: config.statsFlushMs,
      redis,
      redisPrefix: config.redisPrefix,
    }),
    push: pushSettings(config.vapid, config.vapidSubject, box),
  };
}

/**
 * Redis when configured (P30); otherwise this process's memory, which is the whole budget only
 * when one process serves the API: said at start when the store is shared by processes (PostgreSQL).
 */
function limiterFor(config: Config, store: Store, ownsStore: boolean, redis: RedisConnection | undefined, log: FastifyBaseLogger): RateLimitStore {
  if (redis)
    return new RedisRateLimitStore(redis.client, {
      prefix: config.redisPrefix,
      log: log.child({ component: 'limits' }),
      firstConnect: () => redis.firstConnect(),
    });
  if (ownsStore && store.shared) {
    log.warn('REDIS_URL is not set: rate limits and the invalid-key lockout are counted per process, so N processes allow N times each limit');
  }
  return new MemoryRateLimitStore();
}

/** Closes what buildServices opened besides the store and the job worker (app.ts onClose). */
export async function closeServices(services: AppServices): Promise<void> {
  await services.keyRevocations.close();
  await services.redis?.close();
  await services.storage.close();
  services.images.close();
}
