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
});
