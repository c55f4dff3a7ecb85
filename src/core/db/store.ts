// Opening a store: the embedded SQLite file (WAL, a statement cache) or a PostgreSQL pool.
// Every difference between the two stores lives in core/db/: here (opening), dialect.ts (SQL and
// DDL), transaction.ts (write transactions) and locks.ts (advisory locks).
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Pool } from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
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
