// The first-response migration (2026-11-29-208, D42, P209) on leads stored before it: a lead
// answered by e-mail gets the time of its first reply; one with only notes, or none, stays
// unanswered (null).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`first-response migration (${STORE_NAME})`, () => {
  let ts: TestStore;
  before(async () => {
    ts = await openTestStore({ upTo: '2026-11-29-160-invites-elsewhere' });
  });
  after(() => ts.dispose());

  test('answered leads get their first reply’s time; notes are no answer', async () => {
    const db = ts.store.db;
    const dealer = await createDealer(db, systemClock, { slug: 'first-response-migration', name: 'M', markets: ['ar'], city: 'Salta' });
    const car = await db
      .insertInto('vehicles')
      .values({
        dealer_id: dealer.id,
        market: 'ar',
        external_id: 'FR-1',
        listing_id: 'LFR1',
        status: 'active',
        source: 'api',
        brand: 'Toyota',
        model: 'Etios',
        year: 2018,
        price_cents: 900_000_00,
        currency: 'ARS',
        mileage: 1,
        condition: 'used',
        photo_urls: '[]',
        photos_pending: 0,
        content_hash: 'h',
        last_sent_at: 5,
        created_at: 1000,
        updated_at: 2000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lead = async (n: number, entries: [string, number][]) => {
      const row = await db
        .insertInto('leads')
        .values({
          dealer_id: dealer.id,
          vehicle_id: car.id,
          external_id: 'FR-1',
          listing_id: 'LFR1',
          stage: 'new',
          messages: 1,
          last_message: 'Hola',
          created_at: 1000 + n,
          updated_at: 1000 + n,
          last_activity_at: 1000 + n,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [author, at] of entries)
        await db
          .insertInto('lead_messages')
          .values({ lead_id: row.id, body: 'x', created_at: at, author: author as never })
          .execute();
      return row.id;
    };
    const answered = await lead(1, [
      ['buyer', 1001],
      ['note', 2000],
      ['dealer', 5000],
      ['dealer', 9000],
    ]);
    const noted = await lead(2, [
      ['buyer', 1002],
      ['note', 3000],
    ]);
    const waiting = await lead(3, [['buyer', 1003]]);
    await migrateToLatest(ts.store);
    const rows = await db.selectFrom('leads').select(['id', 'first_response_at']).orderBy('id').execute();
    assert.deepEqual(rows, [
      { id: answered, first_response_at: 5000 },
      { id: noted, first_response_at: null },
      { id: waiting, first_response_at: null },
    ]);
  });
});
