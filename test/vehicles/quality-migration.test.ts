// The listing-quality migration (2026-11-29-220) on cars stored before it: photo_checks from
// each car's photo_state (0 ready, null pending, -1 failed) and the score quality.ts gives them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { migrateToLatest } from '../../src/core/db/migrate.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { qualityScore } from '../../src/modules/vehicles/quality.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`listing quality migration (${STORE_NAME})`, () => {
  let ts: TestStore;
  before(async () => {
    ts = await openTestStore({ upTo: '2026-11-29-160-invites-elsewhere' });
  });
  after(() => ts.dispose());

  test('existing cars get their photo checks and their score', async () => {
    const db = ts.store.db;
    const dealer = await createDealer(db, systemClock, { slug: 'quality-migration', name: 'Q', markets: ['ar'], city: 'Salta' });
    const state = (statuses: string[]) =>
      JSON.stringify(statuses.map((status, i) => ({ source_url: `https://x.example/${i}.jpg`, status, reason: null, file_id: null, ext: null })));
    const car = (n: number, o: { photo_state: string; fuel: string | null; description: string | null }) => ({
      dealer_id: dealer.id,
      market: 'ar',
      external_id: `Q-${n}`,
      listing_id: `LQ${n}`,
      status: 'active',
      source: 'api',
      brand: 'Toyota',
      model: 'Etios',
      year: 2018,
      price_cents: 1,
      currency: 'ARS',
      mileage: 1,
      condition: 'used',
      photo_urls: '[]',
      photos_pending: 0,
      content_hash: `h${n}`,
      last_sent_at: 5,
      created_at: 1000,
      updated_at: 2000,
      version: null,
      transmission: 'manual',
      color: null,
      ...o,
    });
    await db
      .insertInto('vehicles')
      .values([
        car(1, { photo_state: state(['ready', 'ready', 'failed', 'pending']), fuel: 'gasoline', description: 'Buen estado' }),
        car(2, { photo_state: '[]', fuel: null, description: null }),
        car(3, { photo_state: state(Array(9).fill('ready') as string[]), fuel: 'diesel', description: 'z'.repeat(500) }),
      ] as never)
      .execute();
    await migrateToLatest(ts.store);
    const rows = (await db
      .selectFrom('vehicles')
      .select(['external_id', 'photo_checks', 'quality_score', 'fuel', 'transmission', 'version', 'color', 'description'])
      .orderBy('external_id')
      .execute()) as {
      external_id: string;
      photo_checks: string;
      quality_score: number;
      fuel: string | null;
      transmission: string | null;
      version: string | null;
      color: string | null;
      description: string | null;
    }[];
    assert.deepEqual(
      rows.map((r) => [r.external_id, JSON.parse(r.photo_checks)]),
      [
        ['Q-1', [0, 0, -1, null]],
        ['Q-2', []],
        ['Q-3', [0, 0, 0, 0, 0, 0, 0, 0, 0]],
      ],
    );
    for (const r of rows) assert.equal(r.quality_score, qualityScore(r), r.external_id);
  });
});
