// D42 (P209): a lead's first response — the first reply e-mailed from the panel, or the panel's
// WhatsApp or call link to the buyer opened by a signed-in user — kept on the lead, so reply
// speed is read without scanning conversations. Leads answered before this column existed get
// the time of their first reply e-mailed to the buyer (a link opened then was not recorded).
// leads_created: the market's median reads the leads of every dealership created in a range.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('leads').addColumn('first_response_at', 'bigint').execute();
  await sql`update leads set first_response_at = (select min(m.created_at) from lead_messages m where m.lead_id = leads.id and m.author = 'dealer')`.execute(db);
  await db.schema.createIndex('leads_created').on('leads').columns(['created_at']).execute();
}
