// Test apps and stores: each test builds its own app on its own fresh database, on SQLite by
// default or on PostgreSQL when TEST_DATABASE_URL=postgres://… (one database per store, copied
// from a migrated template).
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type AppOptions } from '../../src/app.js';
import { ManualClock, type Clock } from '../../src/core/clock.js';
import { loadConfig, type Config } from '../../src/core/config.js';
import { openStore, type Store } from '../../src/core/db/store.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
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
 * What a migrated store holds depends only on the code under src/core/db/ (the migrations and the
 * DDL they call): its hash names the template every fresh test store is copied from (issue 34: a
 * copy takes milliseconds where migrating took 150 ms on SQLite and more on PostgreSQL).
 */
const TEMPLATE_KEY = (() => {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) hash.update(e.name).update(fs.readFileSync(p));
    }
  };
  walk(fileURLToPath(new URL('../../src/core/db/', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
})();

/** One PostgreSQL connection to the server's `postgres` database, for CREATE/DROP DATABASE. */
async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** PG_URL with another database name. */
function pgUrlOf(database: string): string {
  const u = new URL(PG_URL!);
  u.pathname = `/${database}`;
  return u.toString();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The migrated template database of this code (created once per server, by whichever test
 * process comes first). It is built under another name and renamed when whole, so a process
 * that sees the name never copies a half-migrated template; the advisory lock keeps two
 * processes from building it at once.
 */
let pgTemplate: Promise<string> | undefined;
function postgresTemplate(): Promise<string> {
  const name = `di_tpl_${TEMPLATE_KEY}`;
  const exists = (c: pg.Client) => c.query('select 1 from pg_database where datname = $1', [name]).then((r) => r.rowCount === 1);
  return (pgTemplate ??= withAdmin(async (admin) => {
    if (await exists(admin)) return name;
    await admin.query('select pg_advisory_lock(7399)');
    if (await exists(admin)) return name;
    const building = `${name}_${crypto.randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${quoteIdent(building)}`);
    const store = openStore({ url: pgUrlOf(building) });
    try {
      await migrateToLatest(store);
    } finally {
      await store.close();
    }
    await admin.query(`alter database ${quoteIdent(building)} rename to ${quoteIdent(name)}`);
    return name;
  }));
}

/** The migrated SQLite file of this code, in the temporary directory (written whole, then renamed into place). */
let sqliteTemplate: Promise<string> | undefined;
function sqliteTemplateFile(): Promise<string> {
  const file = path.join(os.tmpdir(), 'di-test-templates', `sqlite-${TEMPLATE_KEY}.db`);
  return (sqliteTemplate ??= (async () => {
    if (fs.existsSync(file)) return file;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const building = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    const store = openStore({ url: `sqlite:${building}` });
    try {
      await migrateToLatest(store);
      // Everything into the main file, so the one file is the whole database.
      await sql`pragma wal_checkpoint(truncate)`.execute(store.db);
    } finally {
      await store.close();
    }
    fs.renameSync(building, file);
    for (const side of ['-wal', '-shm']) fs.rmSync(`${building}${side}`, { force: true });
    return file;
  })());
}

/** A new empty database (PostgreSQL) or file name (SQLite), nothing migrated: its URL and how to remove it. */
export async function emptyTestStore(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (PG_URL) {
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    await withAdmin((c) => c.query(`create database ${quoteIdent(name)}`));
    return { url: pgUrlOf(name), dispose: () => dropDatabase(name) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-test-'));
  return { url: `sqlite:${path.join(dir, 'test.db')}`, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Drops a test database when nothing else uses it. A test may still hold connections of its own
 * to it when its store is disposed (stores it opened on the URL, workers stopping in a later
 * `after` hook): that drop waits for the process's end, where nothing is connected any more, so
 * no connection of a test's is ever cut in the middle of its work.
 */
async function dropDatabase(name: string): Promise<void> {
  try {
    await withAdmin((c) => c.query(`drop database if exists ${quoteIdent(name)}`));
  } catch (e) {
    if ((e as { code?: string }).code !== '55006') throw e; // object_in_use: another session is connected
    dropAtExit.add(name);
    if (dropAtExit.size === 1) process.once('beforeExit', () => void dropLeftovers());
  }
}

const dropAtExit = new Set<string>();
async function dropLeftovers(): Promise<void> {
  const names = [...dropAtExit];
  dropAtExit.clear();
  await withAdmin(async (c) => {
    for (const name of names) await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
}

/** Runs the migrations on a test store (e.g. migrateToLatest on a store opened `upTo` an earlier one). */
export async function migrateTestStore(store: Store, upTo?: Parameters<typeof migrateUpTo>[1]): Promise<void> {
  await (upTo === undefined ? migrateToLatest(store) : migrateUpTo(store, upTo));
}

/**
 * A fresh store of its own, migrated to the latest: a copy of the template (a database of its
 * own on PostgreSQL, a file on SQLite). `upTo` a migration: an empty one migrated that far, to
 * test the next migration on rows made before it.
 */
export async function openTestStore(o: { upTo?: Parameters<typeof migrateUpTo>[1] } = {}): Promise<TestStore> {
  if (PG_URL) {
    const name = `t_${crypto.randomBytes(6).toString('hex')}`;
    if (o.upTo === undefined) {
      const template = await postgresTemplate();
      await withAdmin((c) => c.query(`create database ${quoteIdent(name)} template ${quoteIdent(template)}`));
    } else {
      await withAdmin((c) => c.query(`create database ${quoteIdent(name)}`));
    }
    const url = pgUrlOf(name);
    const store = openStore({ url });
    if (o.upTo !== undefined) await migrateUpTo(store, o.upTo);
    return {
      store,
      url,
      async dispose() {
        await store.close();
        await dropDatabase(name);
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-test-'));
  const file = path.join(dir, 'test.db');
  if (o.upTo === undefined) fs.copyFileSync(await sqliteTemplateFile(), file);
  const store = openStore({ url: `sqlite:${file}` });
  if (o.upTo !== undefined) await migrateUpTo(store, o.upTo);
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

/**
 * How a test app resolves host names unless the test gives an outbound client of its own: as a
 * machine without a network would, at once. localhost is read from /etc/hosts as usual; every
 * other name is not found (ENOTFOUND, as for a name that does not exist). Issue 34: the machine's
 * resolver sometimes answered a name (img.example.com, the photo URLs of aCar()) after 5 s, and
 * a panel test waited 70 s on it; a test's outcome never depends on the network's DNS.
 */
async function offlineResolve(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  if (hostname === 'localhost')
    return (await dns.promises.lookup(hostname, { all: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname });
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
  const config = testConfig({ ...redisEnv, ...options.env });
  const app = await buildApp({
    config,
    store: ts.store,
    clock,
    logStream: logs,
    ...(options.rateLimitStore ? { rateLimitStore: options.rateLimitStore } : {}),
    outbound: options.outbound ?? createOutbound({ allowPrivateNetworks: config.outboundAllowPrivateNetworks, resolve: offlineResolve }),
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
