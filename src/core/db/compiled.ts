// Hot lookups skip Kysely's builder: the query is compiled once per dialect and run with new
// parameters (on SQLite the prepared statement is reused as well, see dialect.ts).
import type SQLite from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.js';
import { idleSqliteConnection } from './store.js';

/**
 * `build` makes the query with placeholder values; the returned function runs it with
 * `params` in the same order as the placeholders appear in `build`.
 */
// P types the call's parameters for the caller (their order is the placeholders').
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function compiledQuery<R, P extends unknown[]>(build: (db: Kysely<DB>) => Compilable<R>): (db: Kysely<DB>, ...params: P) => Promise<R[]> {
  // A database and its transactions share their dialect adapter: one compilation serves both.
  const cache = new WeakMap<object, CompiledQuery<R>>();
  return async (db, ...params) => {
    const adapter = db.getExecutor().adapter;
    let compiled = cache.get(adapter);
    if (!compiled) {
      compiled = build(db).compile();
      if (compiled.parameters.length !== params.length) throw new Error('compiledQuery: parameter count differs from the built query');
      cache.set(adapter, compiled);
    }
    const result = await db.executeQuery<R>({ ...compiled, parameters: params });
    return result.rows;
  };
}

/**
 * compiledQuery for the hottest reads (a cached GET): on a SQLite store with no transaction open
 * on its connection, the prepared statement runs synchronously and the rows come back as a value,
 * with no promise, mutex or driver round trip (P44); elsewhere (PostgreSQL, a transaction, a
 * SQLite connection busy in one) it is compiledQuery.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
export function compiledLookup<R, P extends unknown[]>(build: (db: Kysely<DB>) => Compilable<R>): (db: Kysely<DB>, ...params: P) => R[] | Promise<R[]> {
  const viaKysely = compiledQuery<R, P>(build);
  const statements = new WeakMap<SQLite.Database, SQLite.Statement>();
  return (db, ...params) => {
    const raw = idleSqliteConnection(db);
    if (!raw) return viaKysely(db, ...params);
    let stmt = statements.get(raw);
    if (!stmt) {
      const compiled = build(db).compile();
      if (compiled.parameters.length !== params.length) throw new Error('compiledLookup: parameter count differs from the built query');
      stmt = raw.prepare(compiled.sql);
      statements.set(raw, stmt);
    }
    return stmt.all(...params) as R[];
  };
}

/** A compiled multi-row INSERT: run it with row objects, or with values already flat. */
export interface CompiledInsert<R> {
  (db: Kysely<DB>, rows: readonly Record<string, unknown>[]): Promise<R[]>;
  /** `values` holds `rowCount` rows of the columns' values, row after row (no object per row). */
  flat(db: Kysely<DB>, rowCount: number, values: unknown[]): Promise<R[]>;
}

/**
 * A multi-row INSERT compiled once per dialect and row count, then run with the rows' values
 * flattened in `columns` order (a missing value is NULL). Bulk writes (a feed import writes a
 * car, three photo rows and three jobs per row) then build no query tree per statement: less
 * CPU and far less garbage than Kysely's builder for thousands of values.
 */
export function compiledInsert<R = unknown>(table: keyof DB, columns: readonly string[], returning: readonly string[] = []): CompiledInsert<R> {
  const cache = new WeakMap<object, Map<number, CompiledQuery<R>>>();
  const compiledFor = (db: Kysely<DB>, rowCount: number): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let bySize = cache.get(adapter);
    if (!bySize) cache.set(adapter, (bySize = new Map<number, CompiledQuery<R>>()));
    let compiled = bySize.get(rowCount);
    if (!compiled) {
      const blank = Object.fromEntries(columns.map((c) => [c, null]));
      // The table and columns are runtime values: the builder is used untyped, once per size.
      /* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access */
      let q: any = (db as Kysely<any>).insertInto(table).values(Array.from({ length: rowCount }, () => ({ ...blank })));
      if (returning.length) q = q.returning(returning);
      compiled = q.compile() as CompiledQuery<R>;
      /* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access */
      if (compiled.parameters.length !== rowCount * columns.length) throw new Error('compiledInsert: parameter count differs from the built query');
      bySize.set(rowCount, compiled);
    }
    return compiled;
  };
  const flat = async (db: Kysely<DB>, rowCount: number, values: unknown[]): Promise<R[]> => {
    if (rowCount === 0) return [];
    if (values.length !== rowCount * columns.length) throw new Error('compiledInsert: wrong number of values');
    return (await db.executeQuery<R>({ ...compiledFor(db, rowCount), parameters: values })).rows;
  };
  const run = async (db: Kysely<DB>, rows: readonly Record<string, unknown>[]): Promise<R[]> => {
    const values: unknown[] = new Array(rows.length * columns.length);
    let i = 0;
    for (const row of rows) for (const c of columns) values[i++] = row[c] ?? null;
    return flat(db, rows.length, values);
  };
  return Object.assign(run, { flat });
}
