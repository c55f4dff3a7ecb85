// Opening a store: the embedded SQLite file (WAL, a statement cache) or a PostgreSQL pool.
// Every difference between the two stores lives in core/db/: here (opening), dialect.ts (SQL and
// DDL), transaction.ts (write transactions) and locks.ts (advisory locks).
import { createRequire } from 'node:module';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Client, Pool } from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DB } from './schema.js';
import { ensurePrivateDir, ensurePrivateSqliteFiles } from '../private-files.js';
import { BoundedMap } from '../util/bounded-map.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Whether other server processes may work on this store at the same time (PostgreSQL, P36).
   * The embedded SQLite file is one server process's (the CLI beside it imports no feed and
   * serves no request), so what that process finds running at its start is a dead one's. Asked
   * instead of the dialect by code outside core/db/ (limits, the feed import sweeper).
   */
  shared: boolean;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
  /**
   * SQLite: the connection's PRAGMA data_version, which changes when another connection (the
   * CLI, another process) committed a write since; this connection's own writes leave it (P32).
   */
  dataVersion?(): number;
  /** PostgreSQL: a new connection of its own (outside the pool), e.g. to LISTEN; the caller ends it. */
  openClient?(): Promise<Client>;
  /** PostgreSQL only: the connection pool's use now, for the metrics (P38); SQLite has no pool. */
  poolUsage?(): PoolUsage;
}

export interface PoolUsage {
  /** Connections open (idle or lent). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface StoreOptions {
  url: string;
  /** PostgreSQL only: work inside this schema (created if missing); tests use one per app. */
  schema?: string;
}

export function openStore(options: StoreOptions): Store {
  return options.url.startsWith('sqlite:') ? openSqlite(options.url.slice('sqlite:'.length)) : openPostgres(options);
}

function openSqlite(file: string): Store {
  if (file !== ':memory:') {
    ensurePrivateDir(path.dirname(path.resolve(file)));
    ensurePrivateSqliteFiles(file);
  }
  const raw = openSqliteDatabase(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) });
  sqliteConnections.set(db, raw);
  // Read on every keyed request (the key cache's revocation check, P32): prepared once.
  const dataVersion = raw.prepare('PRAGMA data_version').pluck();
  return {
    ...storeOf(db, 'sqlite'),
    dataVersion: () => dataVersion.get() as number,
  };
}

/** The SQLite connection under each SQLite store's Kysely (not its transactions, not its withPlugin copies). */
const sqliteConnections = new WeakMap<Kysely<DB>, SQLite.Database>();

/**
 * `db`'s SQLite connection when a read may run on it synchronously, right now: `db` is a SQLite
 * store's own Kysely and no transaction is open on the connection. Kysely's driver runs one
 * query at a time, and a write transaction (transaction.ts) keeps the connection across awaits;
 * outside one, a synchronous read sees exactly what Kysely's next query would (committed rows).
 */
export function idleSqliteConnection(db: Kysely<DB>): SQLite.Database | undefined {
  const raw = sqliteConnections.get(db);
  return raw && !raw.inTransaction && raw.open ? raw : undefined;
}

/**
 * The one place that picks the SQLite driver (nothing else imports better-sqlite3). Why two:
 * better-sqlite3 12 aborts the process on Node 24 (its node::ObjectWrap statements, finalized by
 * GC, hit `Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook), and the Node-API
 * build that fixes it, better-sqlite3 13, needs Node 22 (it crashes on Node 20). So Node >= 22
 * loads 13 (package.json's optional alias better-sqlite3-napi; npm skips it on Node 20 by its
 * engines) and Node 20 loads 12. Same API; the types are 12's (@types/better-sqlite3).
 */
function openSqliteDatabase(file: string): SQLite.Database {
  const Driver = (sqliteDriver ??= loadSqliteDriver());
  return new Driver(file);
}

let sqliteDriver: typeof SQLite | undefined;

function loadSqliteDriver(): typeof SQLite {
  const load = createRequire(import.meta.url);
  const major = Number(process.versions.node.split('.')[0]);
  return (major >= 22 ? load('better-sqlite3-napi') : load('better-sqlite3')) as typeof SQLite;
}

function storeOf(db: Kysely<DB>, dialect: DialectName): Store {
  let closed = false;
  return {
    db,
    dialect,
    shared: dialect === 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so hot paths
 * (key lookup, job claim) reuse theirs. Safe because Kysely's SQLite driver runs one query
 * at a time on its single connection.
 */
function withStatementCache(raw: SQLite.Database, max = 500) {
  const cache = new BoundedMap<string, SQLite.Statement>(max);
  return {
    close: () => raw.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) return stmt;
      stmt = raw.prepare(sql);
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Connections per process to PostgreSQL. */
const POOL_MAX = 10;

function openPostgres({ url, schema }: StoreOptions): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  // The driver is loaded on first use: the embedded store never pays for it.
  let pool: Promise<Pool> | undefined;
  let opened: Pool | undefined;
  const getPool = () =>
    (pool ??= import('pg').then(async ({ default: pg }) => {
      // bigint columns hold epoch milliseconds and ids: well within 2^53.
      pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
      const p = new pg.Pool({ connectionString: url, max: POOL_MAX, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      // An idle client's error (server restart) must not crash the process; the next query reconnects.
      p.on('error', () => {});
      if (schema) await p.query(`create schema if not exists ${schema}`);
      opened = p;
      return p;
    }));
  return {
    ...storeOf(new Kysely<DB>({ dialect: new PostgresDialect({ pool: getPool }) }), 'postgres'),
    poolUsage: () =>
      opened
        ? { total: opened.totalCount, idle: opened.idleCount, waiting: opened.waitingCount, max: POOL_MAX }
        : { total: 0, idle: 0, waiting: 0, max: POOL_MAX },
    async openClient() {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      await client.connect();
      return client;
    },
  };
}
