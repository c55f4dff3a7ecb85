// Differences of SQL and DDL between the stores (see store.ts for the others' homes).
import {
  CompiledQuery,
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
} from 'kysely';
import type { DB } from './schema.js';
import type { DialectName } from './store.js';

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

// Landed migrations import the dialect's name from here; they are never edited.
export type { DialectName } from './store.js';

/** Which store a Kysely instance (or transaction) talks to, told by its adapter. */
function dialectOf(db: { getExecutor(): { adapter: object } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A column rewritten by updateRowsById, with its PostgreSQL type (the array it travels in). */
export type BulkColumn = readonly [name: string, pgType: 'text' | 'integer' | 'bigint'];

/**
 * Rewrites rows by id, each with its own values, in one transaction's worth of statements:
 * PostgreSQL gets ONE statement whatever the row count (each column travels as an array and is
 * unnested beside the ids: no round trip per row); SQLite runs one prepared UPDATE per row (an
 * embedded store has no round trips to save, and its statement is cached). `also` is SQL
 * appended to the SET list, the same for every row (e.g. `revision = revision + 1`).
 */
export async function updateRowsById(
  db: Kysely<DB>,
  table: keyof DB,
  columns: readonly BulkColumn[],
  also: string,
  rows: readonly { id: number; values: readonly unknown[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  const q = (name: string) => `"${name}"`;
  if (dialectOf(db) === 'postgres') {
    const sets = columns.map(([c]) => `${q(c)} = d.${q(c)}`).join(', ');
    const arrays = [`$1::bigint[]`, ...columns.map(([, type], i) => `$${i + 2}::${type}[]`)].join(', ');
    const names = ['id', ...columns.map(([c]) => c)].map(q).join(', ');
    const text = `update ${q(table)} set ${sets}${also ? `, ${also}` : ''} from unnest(${arrays}) as d(${names}) where ${q(table)}."id" = d."id"`;
    const params: unknown[] = [rows.map((r) => r.id), ...columns.map((_, i) => rows.map((r) => r.values[i] ?? null))];
    await db.executeQuery(CompiledQuery.raw(text, params));
    return;
  }
  const text = `update ${q(table)} set ${columns.map(([c]) => `${q(c)} = ?`).join(', ')}${also ? `, ${also}` : ''} where "id" = ?`;
  for (const r of rows) await db.executeQuery(CompiledQuery.raw(text, [...r.values.map((v) => v ?? null), r.id]));
}

/**
 * A list of texts as a one-column subquery, bound as ONE parameter whatever its length (a
 * reconcile lists up to tens of thousands of stock IDs): `where(col, 'not in', textList(db, ids))`.
 * SQLite reads a JSON array (json_each), PostgreSQL unnests a text[]; either way the store
 * builds its own set of the values once, and the statement text never changes.
 */
export function textList(db: Kysely<DB>, values: readonly string[]): RawBuilder<string> {
  return dialectOf(db) === 'postgres' ? sql<string>`(select unnest(${values}::text[]))` : sql<string>`(select value from json_each(${JSON.stringify(values)}))`;
}
