// The dealer panel (D27) and the service's mail (D28): a dealership's users, their sign-in
// sessions and one-time links (invitation, password reset), the outbox of mail, and when each
// API key was last used. Only hashes of session cookies and link tokens are stored.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('users'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    // Lower-cased; one person signs in to one dealership (D27), so an address is unique.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // es, pt or en; null follows the dealership's first market.
    .addColumn('lang', 'text')
    // Null until the invitation is accepted.
    .addColumn('password_hash', 'text')
    .addColumn('notify_leads', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_sign_in_at', 'bigint')
    .execute();
  await db.schema.createIndex('users_dealer').on('users').column('dealer_id').execute();

  await addIdColumn(dialect, db.schema.createTable('user_sessions'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_sessions_user').on('user_sessions').column('user_id').execute();

  await addIdColumn(dialect, db.schema.createTable('user_tokens'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('user_tokens_user').on('user_tokens').column('user_id').execute();

  await addIdColumn(dialect, db.schema.createTable('mails'))
    .addColumn('dealer_id', 'bigint')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    // Erased once sent: a body may hold a one-time link or a buyer's words.
    .addColumn('text_body', 'text')
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema.createIndex('mails_status').on('mails').columns(['status', 'id']).execute();

  await db.schema.alterTable('api_keys').addColumn('last_used_at', 'bigint').execute();
}
