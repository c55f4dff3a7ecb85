// Inventory feeds: what the last read of a feed URL answered (conditional requests, content
// hash), and the report of every import (push or pull) for the dealer.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const [name, type] of [
    ['etag', 'text'],
    ['last_modified', 'text'],
    ['content_hash', 'text'],
    ['last_polled_at', 'bigint'],
  ] as const) {
    await db.schema.alterTable('feeds').addColumn(name, type).execute();
  }
  await addIdColumn(dialect, db.schema.createTable('feed_imports'))
    .addColumn('feed_id', 'bigint', (c) => c.notNull().references('feeds.id'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('created', 'integer', (c) => c.notNull())
    .addColumn('updated', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull())
    .addColumn('sold_skipped', 'text')
    .addColumn('message', 'text')
    .addColumn('error_count', 'integer', (c) => c.notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feed_imports_feed').on('feed_imports').columns(['feed_id', 'id']).execute();
}
