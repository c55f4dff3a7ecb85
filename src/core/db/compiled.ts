// Hot lookups skip Kysely's builder: the query is compiled once per dialect and run with new
// parameters (on SQLite the prepared statement is reused as well, see dialect.ts).
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * `build` makes the query with placeholder values; the returned function runs it with
 * `params` in the same order as the placeholders appear in `build`.
 */
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
