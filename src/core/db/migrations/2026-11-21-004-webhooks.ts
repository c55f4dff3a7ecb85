// Webhooks (spec 2.12, D20): subscriptions, one delivery per subscribed webhook and event, and
// the log of every attempt.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('webhooks'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    // The signing secret, encrypted with the server key (AES-256-GCM); never a hash: it signs.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('failures_in_a_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhooks_dealer').on('webhooks').columns(['dealer_id', 'deleted_at']).execute();

  await addIdColumn(dialect, db.schema.createTable('webhook_deliveries'))
    .addColumn('webhook_id', 'bigint', (c) => c.notNull().references('webhooks.id'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('replay_of', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('webhook_deliveries_webhook').on('webhook_deliveries').columns(['webhook_id', 'id']).execute();

  await addIdColumn(dialect, db.schema.createTable('webhook_attempts'))
    .addColumn('delivery_id', 'bigint', (c) => c.notNull().references('webhook_deliveries.id'))
    .addColumn('attempted_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
}
