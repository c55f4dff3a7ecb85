// Statistics stay flat as the store grows (issue 28: 1 000 000 cars, 10 000 000 view rows): the
// comparables' prices come from the partial index vehicles_comparables alone, and a car's or a
// dealership's days from the rollup's key and its covering (dealer, day, …) index. Checked on the plan each
// store makes (PostgreSQL told to avoid sequential scans, as test/service/query-plans does).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../src/core/db/schema.js';
import { comparablesQuery, dealerDaysQuery, dealerRange, gapCarsQuery, gapComparablesQuery, qualityBandQuery } from '../../src/modules/stats/repository.js';
import { systemClock } from '../../src/core/clock.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`query plans of statistics (${STORE_NAME})`, () => {
  let ts: TestStore;
  let db: Kysely<DB>;
  before(async () => {
    ts = await openTestStore();
    db = ts.store.db;
    const now = Date.now();
    const models = ['Corolla', 'Etios', 'Hilux', 'Yaris'];
    for (let d = 1; d <= 20; d++) await createDealer(db, systemClock, { slug: `stats-plans-${d}`, name: `Plans ${d}`, markets: ['ar'], city: 'Rosario' });
    const ids = (await db.selectFrom('dealers').select('id').orderBy('id').execute()).map((r) => r.id);
    for (let part = 0; part < 10; part++) {
      await db
        .insertInto('vehicles')
        .values(
          Array.from({ length: 200 }, (_, i) => {
            const n = part * 200 + i;
            return {
              dealer_id: ids[n % 20]!,
              market: 'ar',
              external_id: `S-${n}`,
              listing_id: `L-${n}`,
              status: n % 5 === 0 ? 'sold' : 'active',
              source: 'api',
              brand: 'Toyota',
              model: models[n % 4]!,
              year: 2010 + (n % 12),
              price_cents: 1_000_000 + n,
              currency: 'ARS',
              mileage: n,
              condition: 'used',
              photo_urls: '[]',
              photos_pending: 0,
              content_hash: `h${n}`,
              last_sent_at: now,
              created_at: now,
              updated_at: now,
            };
          }),
        )
        .execute();
      await db
        .insertInto('listing_stats_daily')
        .values(
          Array.from({ length: 200 }, (_, i) => ({
            vehicle_id: part * 200 + i + 1,
            day: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}`,
            dealer_id: ids[i % 20]!,
            market: 'ar',
            views: i,
          })),
        )
        .execute();
    }
    // Leads over a year, a few a car: the band query reads a dealership's range of them by date.
    const cars = await db.selectFrom('vehicles').select(['id', 'dealer_id', 'external_id', 'listing_id']).orderBy('id').execute();
    for (let part = 0; part < 10; part++) {
      await db
        .insertInto('leads')
        .values(
          cars.slice(part * 200, part * 200 + 200).map((c, i) => {
            const at = now - ((part * 200 + i) % 365) * 86_400_000;
            return {
              dealer_id: c.dealer_id,
              vehicle_id: c.id,
              external_id: c.external_id,
              listing_id: c.listing_id,
              stage: 'new',
              messages: 1,
              created_at: at,
              updated_at: at,
              last_activity_at: at,
            };
          }),
        )
        .execute();
    }
    await sql`analyze`.execute(db);
  });
  after(() => ts.dispose());

  async function plan(q: { compile(): CompiledQuery }): Promise<string> {
    const compiled = q.compile();
    return db.transaction().execute(async (trx) => {
      if (ts.store.dialect === 'postgres') {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = (await trx.executeQuery({ ...compiled, sql: `explain ${compiled.sql}` })).rows;
        return rows.map((r) => Object.values(r as Record<string, unknown>).join(' ')).join('\n');
      }
      const rows = (await trx.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}` })).rows as { detail: string }[];
      return rows.map((r) => r.detail).join('\n');
    });
  }

  test('market position: the comparables found by vehicles_comparables (index only on SQLite)', async () => {
    const text = await plan(comparablesQuery(db, { market: 'ar', brand: 'Toyota', model: 'Corolla', condition: 'used', currency: 'ARS', year: 2015 }));
    // PostgreSQL reads the index only once (auto)vacuum has marked the pages all-visible; a fresh
    // test table gets a bitmap scan of the same index: bounded by the comparables either way.
    if (STORE_NAME === 'postgres') assert.match(text, /(Index Only Scan using|Bitmap Index Scan on) vehicles_comparables/, text);
    else assert.match(text, /USING COVERING INDEX vehicles_comparables/, text);
  });

  test("a car's days: the rollup's key; a dealership's days: its own rollup; its cars: listing_stats_dealer_cover alone (P143)", async () => {
    const car = await plan(
      db.selectFrom('listing_stats_daily').selectAll().where('vehicle_id', '=', 5).where('day', '>=', '2026-11-01').where('day', '<=', '2026-11-30'),
    );
    assert.match(car, STORE_NAME === 'postgres' ? /listing_stats_daily_pk/ : /USING (INDEX|PRIMARY KEY) sqlite_autoindex_listing_stats_daily/, car);
    const sums = [
      sql<number>`sum(views)`.as('views'),
      sql<number>`sum(phone)`.as('phone'),
      sql<number>`sum(whatsapp)`.as('whatsapp'),
      sql<number>`sum(inquiries)`.as('inquiries'),
    ];
    for (const market of [undefined, 'ar']) {
      // GET /stats's days: the dealership's own rollup, by its key.
      const days = await plan(dealerDaysQuery(db, 3, market, '2026-11-01', '2026-11-30'));
      assert.match(
        days,
        STORE_NAME === 'postgres' ? /listing_stats_dealer_daily_pk/ : /USING (INDEX|PRIMARY KEY) sqlite_autoindex_listing_stats_dealer_daily/,
        days,
      );
      const range = () => dealerRange(db, 3, market, '2026-11-01', '2026-11-30');
      for (const q of [
        range()
          .select(['day', ...sums])
          .groupBy('day'),
        range()
          .select(['vehicle_id', ...sums])
          .groupBy('vehicle_id'),
      ]) {
        const text = await plan(q);
        // As for the comparables: PostgreSQL reads the index only once vacuum marked the pages visible.
        if (STORE_NAME === 'postgres') assert.match(text, /(Index Only Scan using|Bitmap Index Scan on) listing_stats_dealer_cover/, text);
        else assert.match(text, /USING COVERING INDEX listing_stats_dealer_cover/, text);
      }
    }
  });

  test("views and leads by quality band (P249): the dealership's cars, its rollup's covering index, its leads by date", async () => {
    const text = await plan(
      qualityBandQuery(db, { dealerId: 3, from: '2026-11-01', to: '2026-11-30', start: Date.now() - 30 * 86_400_000, end: Date.now(), lows: [0, 50, 70, 85] }),
    );
    if (STORE_NAME === 'postgres') {
      assert.doesNotMatch(text, /Seq Scan/, text);
      assert.match(text, /listing_stats_dealer_cover/, text);
      assert.match(text, /leads_dealer_created/, text);
    } else {
      // Every table reached by an index, none scanned whole.
      assert.doesNotMatch(text, /SCAN (v|vehicles|listing_stats_daily|leads)\b(?! USING)/, text);
      assert.match(text, /USING COVERING INDEX listing_stats_dealer_cover/, text);
      assert.match(text, /leads_dealer_created/, text);
    }
  });

  test("cars by distance from their expected price (P253): the dealership's cars for sale by (dealer_id, status); a car's comparables by vehicles_comparables", async () => {
    const list = await plan(gapCarsQuery(db, 3, 50));
    if (STORE_NAME === 'postgres') {
      assert.doesNotMatch(list, /Seq Scan/, list);
      // Any of the indexes that begin with dealer_id: the dealership's range, sorted in memory.
      assert.match(list, /(Index (Only )?Scan using|Bitmap Index Scan on) vehicles_dealer_\w+[\s\S]*Index Cond: \(dealer_id = /, list);
    } else {
      assert.doesNotMatch(list, /SCAN vehicles\b(?! USING)/, list);
      assert.match(list, /USING INDEX vehicles_dealer_status_\w+ \(dealer_id=\? AND status=\?\)/, list);
    }
    const comparables = await plan(
      gapComparablesQuery(
        db,
        { id: 7, market: 'ar', brand: 'Toyota', model: 'Corolla', condition: 'used', currency: 'ARS', year: 2015, mileage: 40_000 },
        2,
        30,
      ),
    );
    if (STORE_NAME === 'postgres') {
      assert.doesNotMatch(comparables, /Seq Scan on vehicles/, comparables);
      assert.match(comparables, /(Index Scan using|Bitmap Index Scan on) vehicles_comparables/, comparables);
    } else {
      assert.match(
        comparables,
        /USING INDEX vehicles_comparables \(market=\? AND brand=\? AND model=\? AND condition=\? AND currency=\? AND year>\? AND year<\?\)/,
        comparables,
      );
    }
  });
});
