// Advisory locks: on PostgreSQL one transaction-scoped lock per kind and key (and one held by a
// session across transactions: holdDealerFeedImport); SQLite has one writer at a time (BEGIN
// IMMEDIATE) and one server process, so these are no-ops there.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { DialectName, Store } from './store.js';

/** PostgreSQL advisory-lock classes (the first key): one per kind of lock, never shared. */
export const LOCK_CLASS = {
  inventory: 7301,
  webhooks: 7302,
  vehicleLeads: 7303,
  feedImport: 7304,
  jobClaims: 7305,
  migrations: 7306,
  dealerUsers: 7307,
  limitKey: 7308,
} as const;

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

/**
 * Serialises job claims that count running jobs per concurrency key (P37) until the
 * transaction ends, so two workers cannot both take a key's last free place.
 */
export async function lockJobClaims(trx: Kysely<DB>, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.jobClaims)}, hashtext(current_schema()))`.execute(trx);
}

/**
 * Serialises changes to one dealership's users' roles and membership until the transaction ends,
 * so two owners demoting or removing each other at once cannot both see "another owner is left"
 * (P71). SQLite already has a single writer.
 */
export async function lockDealerUsers(trx: Kysely<DB>, dialect: DialectName, dealerId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.dealerUsers)}, ${dealerId}::int)`.execute(trx);
}

/**
 * Serialises the calls of one limit kept in the store (P70) until the transaction ends, so two
 * processes cannot both take a key's last free place. SQLite already has a single writer.
 */
export async function lockLimitKey(trx: Kysely<DB>, dialect: DialectName, key: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(LOCK_CLASS.limitKey)}, hashtext(current_schema() || ${key}))`.execute(trx);
}

/**
 * Runs `task` holding one dealership's feed-import lock across processes (feeds/import-lock.ts
 * adds the in-process queue): on PostgreSQL a session advisory lock held on one dedicated
 * connection for the whole import, released by pg_advisory_unlock, or by the server if the
 * connection dies with the process. SQLite: one server process (the CLI does not import), so no lock.
 */
export async function holdDealerFeedImport<T>(store: Store, dealerId: number, task: () => Promise<T>): Promise<T> {
  if (store.dialect !== 'postgres') return task();
  return store.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_CLASS.feedImport}, ${dealerId}::int)`.execute(conn);
    try {
      return await task();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_CLASS.feedImport}, ${dealerId}::int)`.execute(conn).catch(() => {});
    }
  });
}
