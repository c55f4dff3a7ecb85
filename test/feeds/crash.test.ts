// An import killed by a crash (issue 11): the server process is SIGKILLed in the middle of a
// large feed import; the next process reports that import `interrupted` and records sync.failed
// for it, in one transaction. Cars applied before the kill stay; none is marked sold.
import { storedText } from '../../src/core/i18n/index.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { IMPORT_LIVENESS } from '../../src/modules/feeds/import.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { csv, csvCar, ids } from './support.js';
import { startServerProcess, freePort } from '../support/server-process.js';
import { until } from '../support/until.js';

describe(`feeds: an import killed with its server (${STORE_NAME})`, () => {
  let ts: TestStore;
  let dataDir: string;
  before(async () => {
    ts = await openTestStore();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-feed-crash-'));
  });
  after(async () => {
    await ts.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const server = (port: number) =>
    startServerProcess({
      port,
      env: { DATABASE_URL: ts.url, DATA_DIR: dataDir, JOB_CONCURRENCY: '0', FEED_PUSH_PER_MINUTE: '100' },
    });

  test('SIGKILL mid-import: after restart the report says interrupted and sync.failed is recorded; nothing sold', async () => {
    await createDealer(ts.store.db, systemClock, { slug: 'feed-crash', name: 'Feed crash', markets: ['ar'], city: 'Rosario' });
    const { token } = await createFeed(ts.store, systemClock, 'http://localhost:3000', { dealer: 'feed-crash' });
    const dealerId = (await ts.store.db.selectFrom('dealers').select('id').where('slug', '=', 'feed-crash').executeTakeFirstOrThrow()).id;
    const port = await freePort();
    const file = csv(ids('CR', 30_000).map((id) => csvCar(id)));

    const first = await server(port);
    try {
      await first.ready();
      const push = fetch(`${first.base}/v1/feeds/${token}/`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body: file }).then(
        (r) => r.status,
        () => 'no answer' as const,
      );
      // killed while cars are being applied: some are in, the import is running
      await until('cars being applied', 60_000, async () => {
        const n = await ts.store.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('dealer_id', '=', dealerId)
          .executeTakeFirstOrThrow();
        return Number(n.n) > 0 || undefined;
      });
      await first.kill('SIGKILL');
      assert.equal(await push, 'no answer');
    } finally {
      await first.kill('SIGKILL');
    }
    const left = await ts.store.db.selectFrom('feed_imports').selectAll().execute();
    assert.deepEqual(
      left.map((r) => r.result),
      ['running'],
      'the killed import was recorded as running',
    );
    const applied = (await ts.store.db.selectFrom('vehicles').select('status').where('dealer_id', '=', dealerId).execute()).length;
    assert.ok(applied > 0 && applied < 30_000, `${applied} cars applied before the kill`);

    const second = await server(port);
    try {
      // SQLite: reported at start, before the service answers. PostgreSQL (other servers may be
      // importing): once its heartbeat is IMPORT_LIVENESS.staleMs old.
      const wait = STORE_NAME === 'sqlite' ? 30_000 : IMPORT_LIVENESS.staleMs + 30_000;
      await second.ready();
      const report = await until('the interrupted report', wait, async () => {
        const r = await ts.store.db.selectFrom('feed_imports').selectAll().where('id', '=', left[0]!.id).executeTakeFirstOrThrow();
        return r.result === 'interrupted' ? r : undefined;
      });
      // Stored as a code of the catalogue (D31), read in each reader's language.
      const message = storedText('en', report.message) ?? '';
      assert.match(message, /was interrupted: the service stopped before it finished\. .*no car was marked sold/);
      assert.match(storedText('es', report.message) ?? '', /se interrumpió: el servicio se detuvo antes de terminarla\./);
      assert.equal(report.heartbeat_at, null);
      const failed = await ts.store.db.selectFrom('events').selectAll().where('dealer_id', '=', dealerId).where('type', '=', 'sync.failed').execute();
      assert.equal(failed.length, 1);
      assert.deepEqual(JSON.parse(failed[0]!.data), { market: 'ar', source: 'feed', reason: 'import_interrupted', message });
      const sold = await ts.store.db.selectFrom('vehicles').select('id').where('dealer_id', '=', dealerId).where('status', '=', 'sold').execute();
      assert.equal(sold.length, 0);

      // the report as the dealer sees it, and a new push goes through
      const again = await fetch(`${second.base}/v1/feeds/${token}/`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv(ids('CR', 30_000).map((id) => csvCar(id))),
      });
      assert.equal(again.status, 200, (await again.clone().text()).slice(0, 300));
      const answer = (await again.json()) as { created: number; updated: number };
      assert.equal(answer.created + answer.updated, 30_000);
      // a second start finds nothing more to report
      assert.equal((await ts.store.db.selectFrom('events').select('id').where('type', '=', 'sync.failed').execute()).length, 1);
    } finally {
      await second.kill();
    }
  });
});
