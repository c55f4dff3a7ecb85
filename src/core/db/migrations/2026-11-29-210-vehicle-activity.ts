// Issue 37 §6 (P211): a car's recent activity — created, price, photos, other edits, sold, back
// for sale, withdrawn — each with the channel and, from the panel, the user who made it. The
// webhook events (D20, D21) are no such log: only vehicle.sold concerned a car's own changes.
// Read newest first per car (vehicle_activity_car).
import type { Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('vehicle_activity'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint')
    .addColumn('author_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vehicle_activity_car').on('vehicle_activity').columns(['vehicle_id', 'created_at', 'id']).execute();
}
