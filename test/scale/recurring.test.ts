// Recurring jobs run once per period however many processes there are (P36): three processes
// start on one store; the daily jobs and a feed's pull job exist once each (their jobKey), and
// the feed is read once per FEED_POLL_INTERVAL, not once per process: the test watches until the
// feed has been read READS times, then checks that no two reads came closer than the interval.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { STORE_NAME } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { scaleFixture, type ScaleFixture } from '../support/scale.js';
import { until } from '../support/until.js';

const INTERVAL_MS = 1000;
/** Reads watched: three gaps, each of which must be a whole interval. */
const READS = 4;

describe(`recurring jobs with several processes (${STORE_NAME})`, () => {
  let f: ScaleFixture;
  let feedServer: http.Server;
  const reads: number[] = [];
  before(async () => {
    f = await scaleFixture();
    // The feed answers 503: a failed read is retried after min(1 min, interval), so a read
    // happens once per interval either way.
    feedServer = http.createServer((_req, res) => {
      reads.push(Date.now());
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    await Promise.all(f.procs.map((p) => p.kill('SIGKILL')));
    feedServer.closeAllConnections();
    await new Promise((r) => feedServer.close(r));
    await f.dispose();
  });

  test('3 processes: one row per recurring job, and the feed read once per interval', async () => {
    const { slug } = await seedDealer({ store: f.ts.store, clock: systemClock });
    const port = (feedServer.address() as AddressInfo).port;
    await createFeed(f.ts.store, systemClock, 'http://localhost:3000', { dealer: slug, url: `http://127.0.0.1:${port}/feed.csv` });
    for (let i = 0; i < 3; i++) {
      await f.start({ env: { FEED_POLL_INTERVAL: `${INTERVAL_MS}ms`, JOB_POLL_INTERVAL: '100ms' } });
    }
    const procs = f.procs;
    await Promise.all(procs.map((p) => p.ready(120_000)));

    const keyed = await f.ts.store.db.selectFrom('jobs').select(['task', 'job_key']).where('job_key', 'is not', null).orderBy('task').execute();
    assert.deepEqual(
      keyed.map((j) => j.task),
      ['feeds.pull', 'leads.erase_expired', 'prices.rate_all', 'stats.weekly_summary', 'vehicles.expire'],
    );

    // Watch the reads while all three processes are up: once per process would put three reads
    // in each interval, and gaps of a fraction of it.
    const from = reads.length;
    const start = Date.now();
    await until(`${READS} reads of the feed (${reads.length - from} so far)`, 30_000, () => reads.length - from >= READS);
    const window = reads.slice(from);
    const elapsed = Date.now() - start;
    assert.deepEqual(
      procs.map((p) => p.child.exitCode),
      [null, null, null],
      'all three processes ran throughout',
    );
    assert.ok(window.length >= READS, `${window.length} reads in ${elapsed} ms`);
    assert.ok(window.length <= Math.ceil(elapsed / INTERVAL_MS) + 1, `${window.length} reads in ${elapsed} ms`);
    const gaps = window.slice(1).map((t, i) => t - window[i]!);
    assert.ok(
      gaps.every((g) => g >= INTERVAL_MS - 100),
      `reads closer than the interval: ${gaps.join(', ')} ms`,
    );
  });
});
