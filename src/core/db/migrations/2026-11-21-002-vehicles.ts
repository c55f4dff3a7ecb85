// Vehicles (a dealership's cars by market and stock ID) and the events outbox.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('vehicles'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('version', 'text')
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('mileage', 'integer', (c) => c.notNull())
    .addColumn('fuel', 'text')
    .addColumn('transmission', 'text')
    .addColumn('color', 'text')
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('description', 'text')
    .addColumn('photo_urls', 'text', (c) => c.notNull())
    .addColumn('photos_pending', 'integer', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull())
    // Bumped by every write that changes what the API shows of the car (response caching).
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('vehicles_dealer_market_external', ['dealer_id', 'market', 'external_id'])
    .execute();
  await db.schema.createIndex('vehicles_dealer_updated').on('vehicles').columns(['dealer_id', 'updated_at', 'id']).execute();
  await db.schema.createIndex('vehicles_scope_status').on('vehicles').columns(['dealer_id', 'market', 'source', 'status']).execute();
  await db.schema.createIndex('vehicles_status_sent').on('vehicles').columns(['status', 'last_sent_at']).execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_dealer_created').on('events').columns(['dealer_id', 'created_at']).execute();
}
