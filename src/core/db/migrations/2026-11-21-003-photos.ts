// Photos: one row per car and source URL (downloaded once per car), and the set of photos
// the public sees, kept on the car so that a new set replaces the old one at once.
import { sql, type Kysely } from 'kysely';
import { addIdColumn, type DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await addIdColumn(dialect, db.schema.createTable('photos'))
    .addColumn('dealer_id', 'bigint', (c) => c.notNull().references('dealers.id'))
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull().references('vehicles.id'))
    .addColumn('source_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('file_id', 'text')
    .addColumn('format', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('photos_vehicle_source', ['vehicle_id', 'source_url'])
    .execute();
  await db.schema
    .alterTable('vehicles')
    .addColumn('shown_photos', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
  // Each photo of the car's current list with its outcome, kept on the car so that reading a
  // car needs no second query.
  await db.schema
    .alterTable('vehicles')
    .addColumn('photo_state', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
}
