// Differences of SQL and DDL between the stores (see store.ts for the others' homes).
import type { ColumnDefinitionBuilder, CreateTableBuilder, SelectQueryBuilder } from 'kysely';
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
