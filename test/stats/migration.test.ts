// The listing-statistics migration (2026-11-27-003) on cars stored before it: each gets its
// current price as the first of its history (since it was created), and an active car a period
// for sale from its creation (P96); others none.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`listing statistics migration (${STORE_NAME})`, () => {
  let ts: TestStore;
  before(async () => {
    ts = await openTestStore({ upTo: '2026-11-26-010-limit-hits' });
  });
  after(() => ts.dispose());

  test('existing cars get their first price and, when active, their days on market', async () => {
    const db = ts.store.db;
    const dealer = await createDealer(db, systemClock, { slug: 'stats-migration', name: 'M', markets: ['ar'], city: 'Salta' });
    const car = (n: number, status: 'active' | 'sold') => ({
      dealer_id: dealer.id,
      market: 'ar',
      external_id: `M-${n}`,
      listing_id: `LM${n}`,
      status,
      source: 'api',
      brand: 'Toyota',
      model: 'Etios',
      year: 2018,
      price_cents: 900_000_00 + n,
      currency: 'ARS',
      mileage: 1,
      condition: 'used',
      photo_urls: '[]',
      photos_pending: 0,
      content_hash: `h${n}`,
      last_sent_at: 5,
      created_at: 1000 + n,
      updated_at: 2000,
    });
    await db
      .insertInto('vehicles')
      .values([car(1, 'active'), car(2, 'sold')])
      .execute();
    await migrateToLatest(ts.store);
    const rows = await db.selectFrom('vehicles').select(['external_id', 'active_since']).orderBy('external_id').execute();
    assert.deepEqual(rows, [
      { external_id: 'M-1', active_since: 1001 },
      { external_id: 'M-2', active_since: null },
    ]);
    const prices = await db
      .selectFrom('vehicle_prices')
      .innerJoin('vehicles', 'vehicles.id', 'vehicle_prices.vehicle_id')
      .select(['vehicles.external_id', 'vehicle_prices.price_cents', 'vehicle_prices.since'])
      .orderBy('vehicles.external_id')
      .execute();
    assert.deepEqual(prices, [
      { external_id: 'M-1', price_cents: 900_000_01, since: 1001 },
      { external_id: 'M-2', price_cents: 900_000_02, since: 1002 },
    ]);
  });

  test("2026-11-28-005: the dealerships' days are summed from the cars' rows stored before it (P143)", async () => {
    const store = await openTestStore({ upTo: '2026-11-28-004-stats-covering' });
    try {
      const db = store.store.db;
      const dealer = await createDealer(db, systemClock, { slug: 'stats-dealer-days', name: 'D', markets: ['ar', 'uy'], city: 'Salta' });
      const row = (vehicle_id: number, day: string, market: string, views: number, inquiries = 0) => ({
        vehicle_id,
        day,
        dealer_id: dealer.id,
        market,
        views,
        inquiries,
      });
      await db
        .insertInto('listing_stats_daily')
        .values([row(1, '2026-11-01', 'ar', 3, 1), row(2, '2026-11-01', 'ar', 4), row(3, '2026-11-01', 'uy', 5), row(1, '2026-11-02', 'ar', 1)])
        .execute();
      await migrateToLatest(store.store);
      const days = await db
        .selectFrom('listing_stats_dealer_daily')
        .select(['day', 'market', 'views', 'inquiries'])
        .where('dealer_id', '=', dealer.id)
        .orderBy('day')
        .orderBy('market')
        .execute();
      assert.deepEqual(
        days.map((d) => ({ ...d, views: Number(d.views), inquiries: Number(d.inquiries) })),
        [
          { day: '2026-11-01', market: 'ar', views: 7, inquiries: 1 },
          { day: '2026-11-01', market: 'uy', views: 5, inquiries: 0 },
          { day: '2026-11-02', market: 'ar', views: 1, inquiries: 0 },
        ],
      );
    } finally {
      await store.dispose();
    }
  });
});
