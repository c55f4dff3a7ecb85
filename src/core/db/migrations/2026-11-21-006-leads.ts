// Leads: a buyer's conversation about one car. The lead row holds only what the API shows;
// the buyer's contact details live in lead_contacts and the messages in lead_messages, read
// by the dealer panel only (D18), never by an API read.
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('leads'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull().references('vehicles.id'))
    // A car's stock ID and listing code never change: kept here so the list is one table.
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('last_message', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('leads_dealer_created').on('leads').columns(['dealer_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('leads_vehicle').on('leads').column('vehicle_id').execute();

  await db.schema
    .createTable('lead_contacts')
    .addColumn('lead_id', 'bigint', (c) => c.primaryKey().references('leads.id'))
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull().references('vehicles.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    // Matching keys: e-mail lower-cased, phone digits only.
    .addColumn('email_key', 'text')
    .addColumn('phone_key', 'text')
    .execute();
  await db.schema.createIndex('lead_contacts_email').on('lead_contacts').columns(['vehicle_id', 'email_key']).execute();
  await db.schema.createIndex('lead_contacts_phone').on('lead_contacts').columns(['vehicle_id', 'phone_key']).execute();

  await addIdColumn(dialect, db.schema.createTable('lead_messages'))
    .addColumn('lead_id', 'bigint', (c) => c.notNull().references('leads.id'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_messages_lead').on('lead_messages').columns(['lead_id', 'id']).execute();
}
