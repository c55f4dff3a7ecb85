// The panel's inventory and overview (D27) read a dealership's cars by status newest first,
// its failed photos and its latest feed imports: each is one index range instead of a scan of
// the dealership's (or every dealership's) rows.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('vehicles_dealer_status_updated').on('vehicles').columns(['dealer_id', 'status', 'updated_at', 'id']).execute();
  await db.schema.createIndex('photos_dealer_status').on('photos').columns(['dealer_id', 'status', 'updated_at']).execute();
  await db.schema.createIndex('feed_imports_dealer').on('feed_imports').columns(['dealer_id', 'id']).execute();
}
