// Issue 37 §5 (P215–P217): the browsers (a salesperson's phone, a laptop) a panel user turned
// Web Push notices on in. One row per push endpoint (the browser's address at its push
// service, unique: a browser signed in again by another user moves to that user), the
// browser's keys (RFC 8291: `p256dh`, `auth`, base64url) and its user and dealership.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('push_subscriptions'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('push_subscriptions_dealer').on('push_subscriptions').columns(['dealer_id', 'user_id']).execute();
}
