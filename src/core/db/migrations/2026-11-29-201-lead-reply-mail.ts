// D40, P201–P203: each lead's reply address `reply+<token>@<domain>` (the token made when the
// first mail to its buyer is queued, kept so every later mail carries the same address), and the
// Message-IDs (as SHA-256) of the replies already added, so one delivered twice is added once.
// Both go with their lead (a sandbox reset deletes its leads).
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('lead_reply_tokens')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'bigint', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lead_inbound_mails')
    .addColumn('lead_id', 'bigint', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('message_key', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lead_inbound_mails_pk', ['lead_id', 'message_key'])
    .execute();
}
