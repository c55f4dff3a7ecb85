// Issue 28 (D34, P143): a dealership's statistics read from one index alone.
//   listing_stats_dealer_cover  (dealer_id, day, market, vehicle_id, the four figures): GET /stats
//                               sums a dealership's range by day and by car from the index
//                               without visiting the table (P99 read each row from it: 331 ms for
//                               30 000 rows). It replaces listing_stats_dealer_day, its prefix.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createIndex('listing_stats_dealer_cover')
    .on('listing_stats_daily')
    .columns(['dealer_id', 'day', 'market', 'vehicle_id', 'views', 'phone', 'whatsapp', 'inquiries'])
    .execute();
  await db.schema.dropIndex('listing_stats_dealer_day').execute();
}
