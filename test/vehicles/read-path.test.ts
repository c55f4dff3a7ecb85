// The cached GET of a car (P44): on SQLite the revision lookup runs synchronously on the
// store's connection only while no transaction is open on it, so a GET never answers from a
// write that is not committed (or is rolled back); the answer follows every committed change.
// An answer given again without any read (P53) follows them too: this connection's own writes at
// once, another connection's (another process) from the next turn of the event loop.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { openStore } from '../../src/core/db/store.js';
import { writeTransaction } from '../../src/core/db/transaction.js';
import { findVehicleRevision } from '../../src/modules/vehicles/repository.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';

describe(`vehicle GET read path (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let dealerId: number;
  before(async () => {
    t = await makeApp();
    const seeded = await seedDealer(t);
    key = seeded.key;
    dealerId = (await t.store.db.selectFrom('dealers').select('id').where('slug', '=', seeded.slug).executeTakeFirstOrThrow()).id;
  });
  after(() => t.close());

  const get = async (id: string) => {
    const res = await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json<{ vehicle: { price: string } }>().vehicle;
  };
  const setPrice = (db: typeof t.store.db, id: string, cents: number) =>
    db
      .updateTable('vehicles')
      .set({ price_cents: cents, revision: sql`revision + 1` })
      .where('dealer_id', '=', dealerId)
      .where('external_id', '=', id)
      .execute();

  test('the lookup answers at once on an idle SQLite store, and waits its turn inside a transaction', async () => {
    assert.equal((await t.app.inject({ method: 'PUT', url: '/v1/vehicles/RP-1', headers: bearer(key), payload: aCar({ price: 100 }) })).statusCode, 201);
    const idle = findVehicleRevision(t.store.db, dealerId, 'ar', 'RP-1');
    assert.equal(idle instanceof Promise, t.store.dialect === 'postgres', 'a value on SQLite, a promise on PostgreSQL');
    const before = await idle;
    assert.ok(before);

    let during: ReturnType<typeof findVehicleRevision> | undefined;
    await assert.rejects(
      writeTransaction(t.store, async (trx) => {
        await setPrice(trx, 'RP-1', 99_00);
        // Not awaited here: on SQLite it waits for the connection this transaction holds.
        during = findVehicleRevision(t.store.db, dealerId, 'ar', 'RP-1');
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.ok(during instanceof Promise, 'not answered from inside the open transaction');
    assert.deepEqual(await during, before, 'the committed revision, not the rolled-back one');
  });

  test('a GET made while a change is being written answers what is committed, before and after', async () => {
    assert.equal((await get('RP-1')).price, '100.00');
    // A change that is rolled back leaves the cached answer as it was.
    let duringRollback: Promise<{ price: string }> | undefined;
    await assert.rejects(
      writeTransaction(t.store, async (trx) => {
        await setPrice(trx, 'RP-1', 77_00);
        duringRollback = get('RP-1');
        await new Promise((r) => setTimeout(r, 20));
        throw new Error('roll back');
      }),
    );
    assert.equal((await duringRollback!).price, '100.00');
    assert.equal((await get('RP-1')).price, '100.00');

    // A committed one is shown by the next GET, whichever connection wrote it.
    let duringCommit: Promise<{ price: string }> | undefined;
    await writeTransaction(t.store, async (trx) => {
      await setPrice(trx, 'RP-1', 88_00);
      duringCommit = get('RP-1');
      await new Promise((r) => setTimeout(r, 20));
    });
    assert.match((await duringCommit!).price, t.store.dialect === 'sqlite' ? /^88\.00$/ : /^(100|88)\.00$/);
    assert.equal((await get('RP-1')).price, '88.00');
    await setPrice(t.store.db, 'RP-1', 66_00);
    assert.equal((await get('RP-1')).price, '66.00');
  });

  test('an answer given again follows a change by another connection (another process) and a new car', async () => {
    assert.equal((await t.app.inject({ method: 'PUT', url: '/v1/vehicles/RP-2', headers: bearer(key), payload: aCar({ price: 100 }) })).statusCode, 201);
    assert.equal((await get('RP-2')).price, '100.00');
    assert.equal((await get('RP-2')).price, '100.00');
    const other = openStore({ url: t.url });
    try {
      await setPrice(other.db, 'RP-2', 55_00);
    } finally {
      await other.close();
    }
    // A request after another process's commit comes in a later turn of the event loop.
    await new Promise((r) => setImmediate(r));
    assert.equal((await get('RP-2')).price, '55.00');
    // This connection's own write: at once.
    await setPrice(t.store.db, 'RP-2', 44_00);
    assert.equal((await get('RP-2')).price, '44.00');
    const missing = await t.app.inject({ url: '/v1/vehicles/RP-3', headers: bearer(key) });
    assert.equal(missing.statusCode, 404);
    assert.equal((await t.app.inject({ method: 'PUT', url: '/v1/vehicles/RP-3', headers: bearer(key), payload: aCar({ price: 100 }) })).statusCode, 201);
    assert.equal((await get('RP-3')).price, '100.00');
  });
});
