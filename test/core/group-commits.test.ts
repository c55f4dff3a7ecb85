// groupCommits (P49): writes queued together share one transaction; when that transaction fails,
// each is written again alone, so only the bad one fails and every caller gets its own result.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { groupCommits } from '../../src/core/db/transaction.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';

describe(`groupCommits (${STORE_NAME})`, () => {
  let ts: TestStore;
  before(async () => {
    ts = await openTestStore();
    await sql`create table grouped_writes (id integer primary key, v text not null unique)`.execute(ts.store.db);
  });
  after(() => ts.dispose());

  const rows = async () => (await sql<{ v: string }>`select v from grouped_writes order by id`.execute(ts.store.db)).rows.map((r) => r.v);

  test('writes of one turn commit together, each caller getting its own result', async () => {
    const record = groupCommits(ts.store);
    const insert = (id: number, v: string) => record(async (trx) => (await sql`insert into grouped_writes (id, v) values (${id}, ${v})`.execute(trx), id));
    assert.deepEqual(await Promise.all([insert(1, 'a'), insert(2, 'b'), insert(3, 'c')]), [1, 2, 3]);
    assert.deepEqual(await rows(), ['a', 'b', 'c']);
  });

  test('a failing write fails alone: the others of its batch are written one by one', async () => {
    const record = groupCommits(ts.store);
    const insert = (id: number, v: string) => record(async (trx) => (await sql`insert into grouped_writes (id, v) values (${id}, ${v})`.execute(trx), id));
    const outcomes = await Promise.allSettled([insert(4, 'd'), insert(5, 'd'), insert(6, 'f'), record(() => Promise.reject(new Error('refused')))]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'rejected', 'fulfilled', 'rejected'],
    );
    assert.deepEqual(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value : undefined)),
      [4, undefined, 6, undefined],
    );
    assert.equal((outcomes[3] as PromiseRejectedResult).reason.message, 'refused');
    assert.deepEqual(await rows(), ['a', 'b', 'c', 'd', 'f']);
    // the writer goes on after a failed batch
    assert.equal(await insert(7, 'g'), 7);
    assert.deepEqual(await rows(), ['a', 'b', 'c', 'd', 'f', 'g']);
  });
});
