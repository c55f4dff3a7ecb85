// Issue 40 (D44, P228–P231): the price rating.
//   vehicles.price_expected_cents  the car's expected price (P228), written by the family's rating
//   vehicles.price_comparables     job; null while the car has none (under 10 comparables, not
//                                  rated yet, or changed since). The label is not stored: it is
//                                  the current price against the expected one, so it follows a
//                                  price edit at once.
//   vehicle_sales                  one row per sale of a car that was for sale (P230): what it
//                                  was, its last asking price, the expected price it had then and
//                                  its days on market — the marketplace's own history for
//                                  expected_days_to_sell. Sold cars' rows were never kept before,
//                                  so the history starts here.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('vehicles').addColumn('price_expected_cents', 'bigint').execute();
  await db.schema.alterTable('vehicles').addColumn('price_comparables', 'integer').execute();
  await db.schema
    .createTable('vehicle_sales')
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull())
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('condition', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('mileage', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('expected_cents', 'bigint')
    .addColumn('listed_at', 'bigint', (c) => c.notNull())
    .addColumn('sold_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vehicle_sales_family')
    .on('vehicle_sales')
    .columns(['market', 'brand', 'model', 'condition', 'currency', 'year', 'sold_at'])
    .execute();
  await db.schema.createIndex('vehicle_sales_vehicle').on('vehicle_sales').column('vehicle_id').execute();
}
