// The service's Prometheus metrics (P38): one registry per app (never prom-client's global one:
// tests build many apps in one process), with the counters modules bump and the gauges read
// from the store when scraped. Served by core/metrics/http.ts and server.ts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Store } from '../db/store.js';
import { jobCounts } from '../jobs/stats.js';
import { HttpStats } from './http-stats.js';

export type WebhookOutcome = 'succeeded' | 'retry' | 'gave_up';
export type PhotoOutcome = 'ready' | 'failed' | 'retry';
export type FeedImportOutcome = 'processed' | 'refused' | 'unreadable' | 'unreachable' | 'interrupted';

export interface MetricsOptions {
  store: Store;
  clock: Clock;
  /** Node's own metrics (CPU, memory, event loop lag, GC): only when the metrics are served. */
  processMetrics: boolean;
}

/** Seconds, from 50 ms to a day: a webhook's event-to-delivery time spans its whole retry schedule. */
const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 21600, 86400];

export class Metrics {
  readonly registry = new Registry();
  private readonly http = new HttpStats();
  private readonly webhookDeliveries: Counter<'outcome'>;
  private readonly webhookLatency: Histogram;
  private readonly photoDownloads: Counter<'outcome'>;
  private readonly feedImports: Counter<'outcome' | 'trigger'>;

  constructor(opts: MetricsOptions) {
    const registers = [this.registry];
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.webhookDeliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: succeeded, retry (failed, tried again later), gave_up (failed for good).',
      labelNames: ['outcome'],
      registers,
    });
    this.webhookLatency = new Histogram({
      name: 'webhook_delivery_latency_seconds',
      help: "Time from an event to its webhook delivery's success, retries included.",
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.photoDownloads = new Counter({
      name: 'photo_downloads_total',
      help: 'Photo download attempts by outcome: ready, failed (for good), retry (tried again later).',
      labelNames: ['outcome'],
      registers,
    });
    this.feedImports = new Counter({
      name: 'feed_imports_total',
      help: 'Feed imports finished, by outcome (processed, refused, unreadable, unreachable, interrupted) and trigger (push, pull).',
      labelNames: ['outcome', 'trigger'],
      registers,
    });
    trackJobs(this.registry, opts.store, opts.clock);
    trackPool(this.registry, opts.store);
  }

  /** One answered request; `route` is the route's pattern (never the raw URL: bounded labels). */
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.record(method, route, status, seconds);
  }

  /** One webhook delivery attempt; on success, the time since its event (ms). */
  webhookDelivery(outcome: WebhookOutcome, sinceEventMs?: number): void {
    this.webhookDeliveries.inc({ outcome });
    if (sinceEventMs !== undefined) this.webhookLatency.observe(Math.max(0, sinceEventMs) / 1000);
  }

  photoDownload(outcome: PhotoOutcome): void {
    this.photoDownloads.inc({ outcome });
  }

  feedImport(outcome: FeedImportOutcome, trigger: string): void {
    this.feedImports.inc({ outcome, trigger });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition text (gauges read from the store now). */
  async text(): Promise<string> {
    return `${this.http.text()}\n${await this.registry.metrics()}`;
  }
}

/**
 * Jobs by task and state, and the oldest due job's age, from one grouped query per scrape. The
 * two gauges' collect() run side by side: they share the query in flight.
 */
function trackJobs(registry: Registry, store: Store, clock: Clock): void {
  let reading: Promise<void> | undefined;
  const read = () =>
    (reading ??= (async () => {
      try {
        const now = clock.now();
        const rows = await jobCounts(store.db, now);
        jobs.reset();
        oldest.reset();
        for (const r of rows) {
          jobs.inc({ task: r.task, state: r.state }, r.count);
          if (r.state === 'waiting') oldest.set({ task: r.task }, Math.max(0, (now - r.oldestRunAt) / 1000));
        }
      } catch {
        // Store unreachable: no job figures rather than stale ones (/ready says why).
        jobs.reset();
        oldest.reset();
      } finally {
        reading = undefined;
      }
    })());
  const jobs = new Gauge({
    name: 'jobs',
    help: 'Background jobs by task and state: waiting (due, not yet claimed), scheduled (not due yet), running, failed (gave up, kept).',
    labelNames: ['task', 'state'],
    registers: [registry],
    collect: read,
  });
  const oldest = new Gauge({
    name: 'jobs_oldest_waiting_age_seconds',
    help: 'Age of the oldest due job not yet claimed, by task (absent when none waits).',
    labelNames: ['task'],
    registers: [registry],
    collect: read,
  });
}

/** PostgreSQL's connection pool; SQLite has one connection and no pool (nothing reported). */
function trackPool(registry: Registry, store: Store): void {
  if (!store.poolUsage) return;
  const usage = store.poolUsage.bind(store);
  new Gauge({
    name: 'store_pool_connections',
    help: 'PostgreSQL pool connections: total (open), idle, max (the pool size).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const u = usage();
      this.set({ state: 'total' }, u.total);
      this.set({ state: 'idle' }, u.idle);
      this.set({ state: 'max' }, u.max);
    },
  });
  new Gauge({
    name: 'store_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL pool connection.',
    registers: [registry],
    collect() {
      this.set(usage().waiting);
    },
  });
}
