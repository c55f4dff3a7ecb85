// Issue 28 (D34, P95–P99): listing statistics.
//   listing_stats_daily  one row per car and local day of its dealership (D32): the views,
//                        contacts by channel and inquiries of that day, added to by the stats
//                        flush (views, contacts) and by the inquiry's own transaction.
//   vehicle_prices       a car's price history: a row per price it has had, from when.
//   vehicles.active_since the first `active` of the car's current period for sale (days on
//                        market); null before it and once the car leaves sale.
//   vehicles_comparables a partial index of the cars for sale by what makes them comparable,
//                        ending in the price: market position reads prices from the index only.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('listing_stats_daily')
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_stats_daily_pk', ['vehicle_id', 'day'])
    .execute();
  await db.schema.createIndex('listing_stats_dealer_day').on('listing_stats_daily').columns(['dealer_id', 'day']).execute();

  await db.schema
    .createTable('vehicle_prices')
    .addColumn('vehicle_id', 'bigint', (c) => c.notNull())
    .addColumn('since', 'bigint', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vehicle_prices_vehicle').on('vehicle_prices').columns(['vehicle_id', 'since']).execute();
  // The cars already stored: their current price, since they were created (the history before is unknown).
  await sql`insert into vehicle_prices (vehicle_id, since, price_cents, currency) select id, created_at, price_cents, currency from vehicles`.execute(db);

  await db.schema.alterTable('vehicles').addColumn('active_since', 'bigint').execute();
  // Cars active now: their period for sale is taken to start when they were created (P96).
  await sql`update vehicles set active_since = created_at where status = 'active'`.execute(db);

  await db.schema
    .createIndex('vehicles_comparables')
    .on('vehicles')
    .columns(['market', 'brand', 'model', 'condition', 'currency', 'year', 'price_cents'])
    .where(sql.ref('status'), '=', sql.lit('active'))
    .execute();
}
