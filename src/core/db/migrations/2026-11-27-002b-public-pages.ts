// The buyers' pages (D36, P85, P86): the sitemap walks the cars for sale by id (a keyset cursor
// over one index range, never a scan of every car), and a storefront reads one dealership's cars
// for sale newest first, one index range per page.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('vehicles_status_id').on('vehicles').columns(['status', 'id']).execute();
  await db.schema.createIndex('vehicles_dealer_status_created').on('vehicles').columns(['dealer_id', 'status', 'created_at', 'id']).execute();
}
