// The hot queries stay flat as the store grows (issue 17: a million cars): each is served by an
// index, checked on the plan each store makes for it. A test store is tiny, so PostgreSQL is told
// to avoid sequential scans (`enable_seqscan = off`): what it then still scans has no usable index.
// A few thousand cars over several dealerships, analysed, give both planners real statistics.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../../src/core/db/schema.js';
import { lockSkipLocked, textList } from '../../src/core/db/dialect.js';
import { FOR_SALE_STATUSES } from '../../src/modules/vehicles/schemas.js';
import { systemClock } from '../../src/core/clock.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { inventoryPageQuery } from '../../src/modules/vehicles/repository.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { storefrontQuery } from '../../src/modules/listings/repository.js';

describe(`query plans of the hot queries (${STORE_NAME})`, () => {
  let ts: TestStore;
  let db: Kysely<DB>;
  before(async () => {
    ts = await openTestStore();
    db = ts.store.db;
    const now = Date.now();
    for (let d = 0; d < 4; d++) {
      const dealer = await createDealer(db, systemClock, { slug: `plans-${d}`, name: `Plans ${d}`, markets: ['ar', 'uy'], city: 'Rosario' });
      for (let part = 0; part < 10; part++) {
        await db
          .insertInto('vehicles')
          .values(
            Array.from({ length: 100 }, (_, i) => {
              const n = part * 100 + i;
              return {
                dealer_id: dealer.id,
                market: n % 3 === 0 ? 'uy' : 'ar',
                external_id: `STOCK-${n}`,
                listing_id: `L-${d}-${n}`,
                status: n % 5 === 0 ? 'sold' : 'active',
                source: n % 2 === 0 ? 'api' : 'feed',
                brand: 'Toyota',
                // 25 families: a family is a small part of the market, as in a real one.
                model: `Corolla ${n % 25}`,
                year: 2020,
                price_cents: 1_000_000 + n,
                currency: 'ARS',
                mileage: n,
                condition: 'used',
                photo_urls: '[]',
                photos_pending: 0,
                content_hash: `h${n}`,
                last_sent_at: now - n * 1000,
                created_at: now,
                updated_at: now - n,
              };
            }),
          )
          .execute();
      }
    }
    await sql`analyze`.execute(db);
  });
  after(() => ts.dispose());

  async function plan(q: { compile(): CompiledQuery }): Promise<string> {
    const compiled = q.compile();
    return ts.store.db.transaction().execute(async (trx) => {
      if (ts.store.dialect === 'postgres') {
        await sql`set local enable_seqscan = off`.execute(trx);
        const rows = (await trx.executeQuery({ ...compiled, sql: `explain ${compiled.sql}` })).rows;
        return rows.map((r) => Object.values(r as Record<string, unknown>).join(' ')).join('\n');
      }
      const rows = (await trx.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}` })).rows as { detail: string }[];
      return rows.map((r) => r.detail).join('\n');
    });
  }

  /** No full scan of `table`, and (when given) the index that serves it is named. */
  function assertIndexed(text: string, table: string, index?: RegExp): void {
    if (ts.store.dialect === 'postgres') {
      assert.doesNotMatch(text, new RegExp(`Seq Scan on ${table}\\b`), text);
    } else {
      // SQLite: "SCAN t" alone reads the whole table; "SEARCH t USING …" or "SCAN t USING INDEX" do not.
      for (const line of text.split('\n')) assert.doesNotMatch(line, new RegExp(`^SCAN ${table}$`), text);
    }
    if (index) assert.match(text, index, text);
  }

  const stockIds = Array.from({ length: 200 }, (_, i) => `STOCK-${i}`);

  test('a car by stock ID (GET/PUT/DELETE /v1/vehicles/{id}): the (dealer, market, stock ID) unique index', async () => {
    const text = await plan(db.selectFrom('vehicles').selectAll().where('dealer_id', '=', 1).where('market', '=', 'ar').where('external_id', '=', 'A-1'));
    assertIndexed(text, 'vehicles', STORE_NAME === 'postgres' ? /vehicles_dealer_market_external/ : /USING INDEX sqlite_autoindex_vehicles/);
  });

  test("a sync's and a feed's existing cars (200 stock IDs at a time): the same unique index", async () => {
    const text = await plan(
      db
        .selectFrom('vehicles')
        .select(['id', 'external_id', 'status', 'content_hash'])
        .where('dealer_id', '=', 1)
        .where('market', '=', 'ar')
        .where('external_id', 'in', stockIds),
    );
    // PostgreSQL may rather read the dealership's cars in that market (vehicles_scope_status) than
    // probe 200 times: bounded by the dealership's stock, not the store's, so flat either way.
    assertIndexed(
      text,
      'vehicles',
      STORE_NAME === 'postgres' ? /(vehicles_dealer_market_external|vehicles_scope_status)[^]*dealer_id = / : /USING INDEX sqlite_autoindex_vehicles/,
    );
  });

  test("a reconcile's missing cars (for sale in one source, not listed): vehicles_scope_status, the list bound once", async () => {
    const text = await plan(
      db
        .selectFrom('vehicles')
        .select(['id', 'external_id'])
        .where('dealer_id', '=', 1)
        .where('market', '=', 'ar')
        .where('source', '=', 'api')
        .where('status', 'in', [...FOR_SALE_STATUSES])
        .where('external_id', 'not in', textList(db, stockIds)),
    );
    assertIndexed(text, 'vehicles', /vehicles_scope_status/);
  });

  test("reconcile's listed IDs that are cars (any status or source): the unique index, probed per listed ID", async () => {
    const text = await plan(
      db
        .selectFrom('vehicles')
        .select(sql<number>`count(*)`.as('n'))
        .where('dealer_id', '=', 1)
        .where('market', '=', 'ar')
        .where('external_id', 'in', textList(db, stockIds)),
    );
    assertIndexed(
      text,
      'vehicles',
      STORE_NAME === 'postgres' ? /(vehicles_dealer_market_external|vehicles_scope_status)/ : /USING (COVERING )?INDEX sqlite_autoindex_vehicles/,
    );
  });

  test("the list's total (count of a dealership's cars in its markets): an index, not the table", async () => {
    const text = await plan(
      db
        .selectFrom('vehicles')
        .select(sql<number>`count(*)`.as('n'))
        .where('dealer_id', '=', 1)
        .where('market', 'in', ['ar', 'uy']),
    );
    assertIndexed(text, 'vehicles', /vehicles_/);
  });

  test('the daily expiry (cars for sale not sent again): vehicles_status_sent', async () => {
    const text = await plan(
      db
        .updateTable('vehicles')
        .set({ status: 'expired', updated_at: 1 })
        .where('status', 'in', [...FOR_SALE_STATUSES])
        .where('last_sent_at', '<', 1000),
    );
    assertIndexed(text, 'vehicles', /vehicles_status_sent/);
  });

  test("a car's photos (photo tracking, settling): the (vehicle, source URL) unique index", async () => {
    const text = await plan(db.selectFrom('photos').selectAll().where('vehicle_id', 'in', [1, 2, 3]));
    assertIndexed(text, 'photos', STORE_NAME === 'postgres' ? /photos_vehicle_source/ : /USING INDEX sqlite_autoindex_photos/);
  });

  test('claiming due jobs: jobs_due / jobs_lease', async () => {
    const q = lockSkipLocked(
      ts.store.dialect,
      db
        .selectFrom('jobs')
        .select('id')
        .where('task', 'in', ['photos.download', 'webhooks.deliver'])
        .where((eb) =>
          eb.or([eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', 1000)]), eb.and([eb('status', '=', 'running'), eb('locked_until', '<', 1000)])]),
        )
        .orderBy('run_at')
        .orderBy('id')
        .limit(8),
    );
    assertIndexed(await plan(q), 'jobs', /jobs_due|jobs_lease/);
  });

  test('a serialized claim, pending half, and the next job of a key (P49): jobs_due read in order, no sort', async () => {
    const pending = lockSkipLocked(
      ts.store.dialect,
      db
        .selectFrom('jobs')
        .select(['id', 'task', 'concurrency_key', 'run_at'])
        .where('task', 'in', ['photos.download', 'webhooks.deliver'])
        .where('status', '=', 'pending')
        .where('run_at', '<=', 1000)
        .orderBy('run_at')
        .orderBy('id')
        .limit(8),
    );
    const nextOfKey = lockSkipLocked(
      ts.store.dialect,
      db
        .selectFrom('jobs')
        .select('id')
        .where('status', '=', 'pending')
        .where('run_at', '<=', 1000)
        .where('task', '=', 'webhooks.deliver')
        .where('concurrency_key', '=', 'webhook:1')
        .orderBy('run_at')
        .orderBy('id')
        .limit(1),
    );
    for (const q of [pending, nextOfKey]) {
      const text = await plan(q);
      assertIndexed(text, 'jobs', /jobs_due/);
      if (STORE_NAME === 'sqlite') assert.doesNotMatch(text, /TEMP B-TREE/, text);
    }
  });

  test("a dealership's events (the event list, a car's history): events_dealer_created", async () => {
    const text = await plan(db.selectFrom('events').selectAll().where('dealer_id', '=', 1).orderBy('created_at', 'desc').limit(50));
    assertIndexed(text, 'events', /events_dealer_created/);
  });

  // Issue 42 §2: the queries of this wave (D40, D43, D44) at a market's size.

  test('a reply by e-mail finds its conversation by the token of its address (D40): the token is the key', async () => {
    const text = await plan(
      db
        .selectFrom('lead_reply_tokens')
        .innerJoin('leads', 'leads.id', 'lead_reply_tokens.lead_id')
        .select(['leads.id', 'leads.dealer_id'])
        .where('lead_reply_tokens.token', '=', 'abc'),
    );
    assertIndexed(text, 'lead_reply_tokens');
    assertIndexed(text, 'leads');
  });

  test("a photo's near-duplicate candidates (D43): each of its hash bands looked up, never the photos scanned", async () => {
    const bands = Array.from({ length: 8 }, (_, band) => ({ band, value: 1000 + band }));
    const text = await plan(
      db
        .selectFrom('photo_hash_bands as b')
        .innerJoin('photos as p', 'p.id', 'b.photo_id')
        .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
        .innerJoin('dealers as d', 'd.id', 'p.dealer_id')
        .where((eb) => eb.or(bands.map((x) => eb.and([eb('b.band', '=', x.band), eb('b.value', '=', x.value)]))))
        .where('p.status', '=', 'ready')
        .where('p.vehicle_id', '<>', 1)
        .where('p.phash', 'is not', null)
        .select(['p.id', 'p.phash', 'p.vehicle_id', 'p.dealer_id', 'v.status as vehicle_status', 'd.sandbox_of'])
        .distinct(),
    );
    for (const table of ['photo_hash_bands', 'photos', 'vehicles']) assertIndexed(text, table);
  });

  test("a family's cars for sale, rated together (D44): the partial index vehicles_comparables", async () => {
    const text = await plan(
      db
        .selectFrom('vehicles')
        .select(['id', 'year', 'mileage', 'price_cents', 'version', 'price_expected_cents', 'price_comparables'])
        .where('status', '=', 'active')
        .where('market', '=', 'ar')
        .where('brand', '=', 'Toyota')
        .where('model', '=', 'Corolla 3')
        .where('condition', '=', 'used')
        .where('currency', '=', 'ARS')
        .where('dealer_id', 'not in', db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null))
        .orderBy('id'),
    );
    assertIndexed(text, 'vehicles', /vehicles_comparables/);
  });

  test("a family's sales of the last months (D44's days to sell): vehicle_sales_family", async () => {
    const text = await plan(
      db
        .selectFrom('vehicle_sales')
        .select(['price_cents', 'expected_cents', 'listed_at', 'sold_at'])
        .where('market', '=', 'ar')
        .where('brand', '=', 'Toyota')
        .where('model', '=', 'Corolla')
        .where('condition', '=', 'used')
        .where('currency', '=', 'ARS')
        .where('year', '>=', 2018)
        .where('year', '<=', 2022)
        .where('sold_at', '>=', 1000)
        .where('expected_cents', 'is not', null)
        .limit(5000),
    );
    assertIndexed(text, 'vehicle_sales', /vehicle_sales_family/);
  });

  test("the panel's cars by quality, lowest first (D43, the cars to improve): a dealership's index, not the table", async () => {
    const text = await plan(inventoryPageQuery(db, { dealerId: 1, sort: 'quality' }, undefined, 50));
    assertIndexed(text, 'vehicles', /vehicles_/);
  });

  test('a storefront page by price, both ways, with the rating filter (P242, P243): vehicles_dealer_status_price, read in order unfiltered', async () => {
    const dealer = await db.selectFrom('dealers').select('id').where('slug', '=', 'plans-1').executeTakeFirstOrThrow();
    for (const sort of ['price_asc', 'price_desc'] as const) {
      for (const extra of [{}, { rating: 'good' as const, before: { key: 1_000_500, id: 900 } }]) {
        const text = await plan(storefrontQuery(db, dealer.id, { sort, ...extra }, 25));
        assertIndexed(text, 'vehicles', /vehicles_dealer_status_price/);
        // Filtered, PostgreSQL may rather sort the few rows it expects: still one dealership's range.
        if (STORE_NAME === 'sqlite') assert.doesNotMatch(text, /TEMP B-TREE/, text);
        else if (!('rating' in extra)) assert.doesNotMatch(text, /Sort/, text);
      }
    }
  });
});
