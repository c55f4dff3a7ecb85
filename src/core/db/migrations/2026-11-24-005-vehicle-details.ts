// Issue 15: what buyers search by (VIN, body style, drivetrain, doors, engine, interior color),
// all optional, so existing cars simply have none. (dealer_id, vin) serves GET /vehicles?vin=
// and the duplicate-VIN check of every write. Feed imports keep their warnings beside errors.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('vehicles').addColumn('vin', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('body_style', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('drivetrain', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('doors', 'integer').execute();
  await db.schema.alterTable('vehicles').addColumn('engine', 'text').execute();
  await db.schema.alterTable('vehicles').addColumn('interior_color', 'text').execute();
  await db.schema.createIndex('vehicles_dealer_vin').on('vehicles').columns(['dealer_id', 'vin']).execute();
  await db.schema.alterTable('feed_imports').addColumn('warning_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('feed_imports').addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}
