// Issue 24 (P70): the panel's limits (sign-in, the current-password check, reset requests,
// invitations) kept in the store, so every process counts against one budget whatever the
// deployment. One row per accepted call: the limited key, when, and when the row stops
// mattering (the call's time plus its window), for the sweep.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('limit_hits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('limit_hits_key').on('limit_hits').columns(['key', 'at']).execute();
  await db.schema.createIndex('limit_hits_expiry').on('limit_hits').column('expires_at').execute();
}
