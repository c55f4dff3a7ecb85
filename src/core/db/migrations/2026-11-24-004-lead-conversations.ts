// Lead conversations (D29): a lead's messages are now the buyer's and the dealership's (replies,
// notes, stage changes), each with who on the staff wrote it (name kept if the user is removed);
// a lead is unread until someone opens it, and the inbox lists by last activity. Contact
// details erased after LEAD_RETENTION_DAYS keep the time they were erased.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // buyer | dealer (a reply e-mailed to the buyer) | note (kept only) | stage (a stage change)
  await db.schema
    .alterTable('lead_messages')
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('buyer'))
    .execute();
  await db.schema
    .alterTable('lead_messages')
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('lead_messages').addColumn('author_name', 'text').execute();
  // The new stage of a `stage` entry.
  await db.schema.alterTable('lead_messages').addColumn('stage', 'text').execute();

  await db.schema
    .alterTable('leads')
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('leads')
    .addColumn('last_activity_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  // Leads so far were never seen by anyone: no panel showed them.
  await sql`update leads set unread = 1, last_activity_at = updated_at`.execute(db);
  await db.schema.createIndex('leads_dealer_activity').on('leads').columns(['dealer_id', 'last_activity_at', 'id']).execute();

  await db.schema.alterTable('lead_contacts').addColumn('erased_at', 'bigint').execute();
}
