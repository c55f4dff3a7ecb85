// Issue 40 (P242): the storefront sorted by price reads one dealership's cars for sale in price
// order, one index range per page (keyset cursor on price and id), both ways, as
// vehicles_dealer_status_created does for the newest first.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.createIndex('vehicles_dealer_status_price').on('vehicles').columns(['dealer_id', 'status', 'price_cents', 'id']).execute();
}
