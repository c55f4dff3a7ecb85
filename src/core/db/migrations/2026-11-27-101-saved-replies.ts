// Issue 26 §1 (P100–P103): the panel answers buyers first.
//   leads.waiting_since  when the buyer's latest message still waits for an answer (a reply or a
//                        note clears it): the overview's "waiting for you" list, oldest wait visible.
//   leads_waiting        partial index of the waiting leads by dealership and time.
//   leads_unread         partial index of the unread leads by dealership: the navigation's count
//                        on every panel page reads the index only.
//   mails.from_name      the name a message is sent From (a reply: the dealership's), the address
//                        staying MAIL_FROM's.
//   saved_replies        a user's saved answers (at most 20, each ≤ 1000 characters; P102).
import { sql, type Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema.alterTable('leads').addColumn('waiting_since', 'bigint').execute();
  // A lead waits when its latest buyer message came after every reply and note.
  await sql`update leads set waiting_since = (
    select max(b.created_at) from lead_messages b where b.lead_id = leads.id and b.author = 'buyer'
      and not exists (select 1 from lead_messages a where a.lead_id = leads.id and a.author in ('dealer', 'note') and a.id > b.id))`.execute(db);
  await db.schema
    .createIndex('leads_waiting')
    .on('leads')
    .columns(['dealer_id', 'waiting_since'])
    .where(sql.ref('waiting_since'), 'is not', null)
    .execute();
  await db.schema.createIndex('leads_unread').on('leads').column('dealer_id').where(sql.ref('unread'), '=', sql.lit(1)).execute();

  await db.schema.alterTable('mails').addColumn('from_name', 'text').execute();

  await addIdColumn(dialect, db.schema.createTable('saved_replies'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_replies_user').on('saved_replies').columns(['user_id', 'id']).execute();
}
