// Issue 28 (D34, P143): a dealership's figures per local day, kept beside the cars'.
//   listing_stats_dealer_daily  one row per dealership, local day and market: the sums of its
//                               cars' rows of that day, added to by the same upsert in the
//                               same transaction (stats/repository.ts addToDays). GET /stats
//                               reads its days from here (at most 366 rows) instead of summing
//                               a row per car and day.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('listing_stats_dealer_daily')
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('whatsapp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('listing_stats_dealer_daily_pk', ['dealer_id', 'day', 'market'])
    .execute();
  await sql`insert into listing_stats_dealer_daily (dealer_id, day, market, views, phone, whatsapp, inquiries)
    select dealer_id, day, market, sum(views), sum(phone), sum(whatsapp), sum(inquiries)
    from listing_stats_daily group by dealer_id, day, market`.execute(db);
}
