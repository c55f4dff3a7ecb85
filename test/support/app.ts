// Test apps and stores: each test builds its own app on its own fresh database, on SQLite by
// default or on PostgreSQL when TEST_DATABASE_URL=postgres://… (one schema per store).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.js';
import { ManualClock, type Clock } from '../../src/core/clock.js';
import { loadConfig, type Config } from '../../src/core/config.js';
import { openStore, type Store } from '../../src/core/db/store.js';
import { migrateToLatest, migrateUpTo } from '../../src/core/db/migrate.js';
import { TEST_REDIS_URL } from './redis.js';

export const PG_URL = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;
export const STORE_NAME = PG_URL ? 'postgres' : 'sqlite';

export interface TestStore {
  store: Store;
  /** A DATABASE_URL another process (CLI, server) can open to reach the same data. */
  url: string;
  dispose(): Promise<void>;
}

/**
 * Test processes create and drop schemas side by side on one server. A first migration looks at
 * every schema's tables (Kysely's Migrator), which fails if another schema is dropped meanwhile:
 * both take this server-wide lock.
 */
async function underSchemaLock<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7399)');
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs migrations on a test store (a later migrateToLatest of an `upTo` store too) under the server-wide lock. */
export async function migrateTestStore(store: Store, upTo?: Parameters<typeof migrateUpTo>[1]): Promise<void> {
  const run = () => (upTo === undefined ? migrateToLatest(store) : migrateUpTo(store, upTo));
  if (PG_URL) await underSchemaLock(run);
  else await run();
}

/** A fresh store, migrated to the latest (or only `upTo` a migration, to test the next one on rows made before it). */
export async function openTestStore(o: { upTo?: Parameters<typeof migrateUpTo>[1] } = {}): Promise<TestStore> {
  if (PG_URL) {
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const store = openStore({ url: PG_URL, schema });
    await migrateTestStore(store, o.upTo);
    const sep = PG_URL.includes('?') ? '&' : '?';
    return {
      store,
      url: `${PG_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      async dispose() {
        await store.close();
        await underSchemaLock((client) => client.query(`drop schema if exists ${schema} cascade`));
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-test-'));
  const file = path.join(dir, 'test.db');
  const store = openStore({ url: `sqlite:${file}` });
  await migrateTestStore(store, o.upTo);
  return {
    store,
    url: `sqlite:${file}`,
    async dispose() {
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'info', DATA_DIR: path.join(os.tmpdir(), 'di-test-data'), JOB_CONCURRENCY: '2', ...env });
}

/** Collects log lines as text, so tests can search them for secrets. */
export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/** What GET /ready of a test app reports when all is well: the store, and Redis on CI's Redis leg. */
export const READY_CHECKS: Record<string, string> = TEST_REDIS_URL ? { store: 'ok', redis: 'ok' } : { store: 'ok' };

export interface TestApp {
  app: FastifyInstance;
  store: Store;
  clock: Clock;
  logs: LogCapture;
  /** A DATABASE_URL for other processes. */
  url: string;
  close(): Promise<void>;
}

export async function makeApp(
  options: { env?: Record<string, string>; clock?: Clock; setup?: (app: FastifyInstance) => void } & Partial<AppOptions> = {},
): Promise<TestApp> {
  const ts = await openTestStore();
  const logs = new LogCapture();
  const clock = options.clock ?? new ManualClock(Date.now());
  // CI's Redis leg (TEST_REDIS_URL): every test app keeps its limits in Redis, under a prefix of its own.
  const redisEnv: Record<string, string> =
    TEST_REDIS_URL && options.env?.REDIS_URL === undefined ? { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: `t${crypto.randomBytes(5).toString('hex')}:` } : {};
  const app = await buildApp({
    config: testConfig({ ...redisEnv, ...options.env }),
    store: ts.store,
    clock,
    logStream: logs,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    ...(options.outbound ? { outbound: options.outbound } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.onContact ? { onContact: options.onContact } : {}),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.sitemapPageSize ? { sitemapPageSize: options.sitemapPageSize } : {}),
  });
  options.setup?.(app);
  await app.ready();
  return {
    app,
    store: ts.store,
    clock,
    logs,
    url: ts.url,
    async close() {
      await app.close();
      await ts.dispose();
    },
  };
}

/** The clock of a test app as the ManualClock it is (makeApp's default); throws if it is another kind. */
export function manualClock(t: { clock: Clock }): ManualClock {
  if (!(t.clock instanceof ManualClock)) throw new Error('this test app does not run on a ManualClock');
  return t.clock;
}
