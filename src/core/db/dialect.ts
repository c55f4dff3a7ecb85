// Every difference between the embedded SQLite store and PostgreSQL lives in this file.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Pool } from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from './schema.js';
import { BoundedMap } from '../util/bounded-map.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
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
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  return storeOf(new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(raw) }) }), 'sqlite');
}

function storeOf(db: Kysely<DB>, dialect: DialectName): Store {
  let closed = false;
  return {
    db,
    dialect,
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

function openPostgres({ url, schema }: StoreOptions): Store {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
  // The driver is loaded on first use: the embedded store never pays for it.
  let pool: Promise<Pool> | undefined;
  const getPool = () =>
    (pool ??= import('pg').then(async ({ default: pg }) => {
      // bigint columns hold epoch milliseconds and ids: well within 2^53.
      pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
      const p = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
      // An idle client's error (server restart) must not crash the process; the next query reconnects.
      p.on('error', () => {});
      if (schema) await p.query(`create schema if not exists ${schema}`);
      return p;
    }));
  return storeOf(new Kysely<DB>({ dialect: new PostgresDialect({ pool: getPool }) }), 'postgres');
}

/** An auto-incrementing integer primary key. */
export function addIdColumn<T extends string>(dialect: DialectName, table: CreateTableBuilder<T>) {
  return dialect === 'sqlite'
    ? table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'bigserial', (c: ColumnDefinitionBuilder) => c.primaryKey());
}

/**
 * Row locking for job claims: PostgreSQL skips rows another worker holds; SQLite has one
 * writer at a time, so its claim statement is atomic already.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query of any table
export function lockSkipLocked<QB extends SelectQueryBuilder<any, any, any>>(dialect: DialectName, qb: QB): QB {
  return dialect === 'postgres' ? (qb.forUpdate().skipLocked() as QB) : qb;
}

/** Whether an error is a unique-constraint violation, in either store. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `fn` in a write transaction. SQLite: BEGIN IMMEDIATE takes the write lock up front
 * (waiting on busy_timeout), so a transaction that reads then writes never fails half-way on
 * a lock upgrade while another process (the CLI) writes. PostgreSQL: an ordinary transaction.
 */
const commitCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once the transaction `db` belongs to has committed (at once when `db` is not a
 * writeTransaction's). Used to wake job workers only when the jobs they look for are visible.
 */
export function afterCommit(db: Kysely<DB>, fn: () => void): void {
  const list = commitCallbacks.get(db);
  if (list) list.push(fn);
  else fn();
}

function runAfterCommit(trx: Kysely<DB>): void {
  for (const fn of commitCallbacks.get(trx) ?? []) {
    try {
      fn();
    } catch {
      // a wake-up call failing must not turn a committed change into an error
    }
  }
}

export async function writeTransaction<T>(store: Store, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    let trxRef: Kysely<DB> | undefined;
    const result = await store.db.transaction().execute((trx) => {
      trxRef = trx;
      commitCallbacks.set(trx, []);
      return fn(trx);
    });
    if (trxRef) runAfterCommit(trxRef);
    return result;
  }
  return store.db.connection().execute(async (conn) => {
    commitCallbacks.set(conn, []);
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      runAfterCommit(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    } finally {
      commitCallbacks.delete(conn);
    }
  });
}

/** PostgreSQL advisory-lock classes (the first key): one per kind of lock, never shared. */
export const LOCK_CLASS = { inventory: 7301, webhooks: 7302, vehicleLeads: 7303, feedImport: 7304 } as const;

/** Serializes changes to one dealership's webhooks (the 20-per-dealership count) on PostgreSQL. */
export async function lockDealerWebhooks(trx: Kysely<DB>, dialect: DialectName, dealerId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.webhooks)}, ${dealerId}::int)`.execute(trx);
}

/**
 * Serialises writers of one dealership's inventory until the transaction ends, so two syncs
 * of the same stock cannot both insert a car. SQLite already has a single writer.
 */
export async function lockDealerInventory(trx: Kysely<DB>, dialect: DialectName, dealerId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.inventory)}, ${dealerId}::int)`.execute(trx);
}

/**
 * Serialises inquiries about one car until the transaction ends, so that two first messages
 * of one buyer arriving at once make one lead. SQLite already has a single writer.
 */
export async function lockVehicleLeads(trx: Kysely<DB>, dialect: DialectName, vehicleId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.vehicleLeads)}, ${vehicleId}::int)`.execute(trx);
}
