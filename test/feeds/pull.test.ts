// Reading a feed URL (D17) with a local HTTP server and the manual clock: conditional requests
// (ETag / Last-Modified sent back), content hash (unchanged files not processed again),
// failures → sync.failed (feed_unreachable) and backoff, revoked feeds not read; files served
// gzip- or zip-compressed (as feed providers serve them) read within the 10 MB cap, a bomb refused;
// feed URLs other than http(s) refused with the schemes that are read.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { storedText } from '../../src/core/i18n/index.js';
import { ensurePulls } from '../../src/modules/feeds/pull-schedule.js';
import { FeedInputError, revokeFeed } from '../../src/modules/feeds/service.js';
import { FEED_MAX_BYTES } from '../../src/modules/feeds/limits.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { makeZip } from '../fixtures/feeds/zip.js';
import { csv, csvCar, eventsOf, feedFor, ids, vehiclesOf } from './support.js';

const platformFile = (name: string) => readFileSync(new URL(`../fixtures/feeds/platforms/${name}`, import.meta.url));

const HOUR = 3_600_000;
const MB = 1024 * 1024;

interface Served {
  status: number;
  body: string | Buffer;
  headers?: Record<string, string>;
}

describe(`feed pull (${STORE_NAME})`, () => {
  let t: TestApp;
  let server: http.Server;
  let base: string;
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const answers = new Map<string, (req: http.IncomingMessage) => Served>();

  before(async () => {
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', FEED_POLL_INTERVAL: '4h' } });
    server = http.createServer((req, res) => {
      seen.push({ path: req.url ?? '', headers: req.headers });
      const a = answers.get(req.url ?? '')?.(req) ?? { status: 404, body: 'no' };
      res.writeHead(a.status, { 'content-type': 'text/csv', ...a.headers });
      res.end(a.status === 304 ? undefined : a.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await t.close();
    server.close();
  });

  const clock = () => manualClock(t);
  // Photo downloads of the made-up photo URLs are not this file's concern: dropped before each run.
  const runJobs = async () => {
    await t.store.db.deleteFrom('jobs').where('task', '=', 'photos.download').execute();
    return t.app.services.jobs.runDue();
  };
  const requestsTo = (path: string) => seen.filter((s) => s.path === path);
  // A report's message is stored as a code (D31): read here in English, as the API's default answers it.
  const importsOf = async (feedId: number) =>
    (await t.store.db.selectFrom('feed_imports').selectAll().where('feed_id', '=', feedId).orderBy('id').execute()).map((r) => ({
      ...r,
      message: storedText('en', r.message),
    }));
  const pullJob = (feedId: number) => t.store.db.selectFrom('jobs').selectAll().where('job_key', '=', `feeds.pull:${feedId}`).executeTakeFirst();

  test('200 then 304: validators sent back; unchanged content not processed again; changed content is', async () => {
    const { slug } = await seedDealer(t);
    let file = csv(ids('P', 3).map((id) => csvCar(id)));
    const etag = () => `"v${file.length}"`;
    answers.set('/a/stock.csv', (req) => {
      if (req.headers['if-none-match'] === etag()) return { status: 304, body: '' };
      return { status: 200, body: file, headers: { etag: etag(), 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' } };
    });
    const feed = await feedFor(t, slug, { url: `${base}/a/stock.csv` });
    await runJobs();
    assert.equal(requestsTo('/a/stock.csv').length, 1, 'read at once when created');
    assert.equal((await vehiclesOf(t, slug)).length, 3);
    let imports = await importsOf(feed.id);
    assert.deepEqual(
      imports.map((i) => [i.trigger, i.result, i.created]),
      [['pull', 'processed', 3]],
    );
    const job = await pullJob(feed.id);
    assert.equal(job?.run_at, clock().now() + 4 * HOUR, 'next read after FEED_POLL_INTERVAL');

    // Not due yet: nothing read.
    clock().advance(HOUR);
    await runJobs();
    assert.equal(requestsTo('/a/stock.csv').length, 1);

    clock().advance(3 * HOUR);
    await runJobs();
    const second = requestsTo('/a/stock.csv')[1]!;
    assert.equal(second.headers['if-none-match'], etag());
    assert.equal(second.headers['if-modified-since'], 'Wed, 21 Oct 2026 07:28:00 GMT');
    assert.equal((await importsOf(feed.id)).length, 1, '304: not processed again');

    // A server that ignores validators: the content hash says the file is unchanged.
    answers.set('/a/stock.csv', () => ({ status: 200, body: file }));
    clock().advance(4 * HOUR);
    await runJobs();
    assert.equal(requestsTo('/a/stock.csv').length, 3);
    assert.equal((await importsOf(feed.id)).length, 1, 'same bytes: not processed again');

    // Changed: processed like a push (a missing car of the source marked sold).
    file = csv(ids('P', 2).map((id) => csvCar(id, { price: 6_000_000 })));
    clock().advance(4 * HOUR);
    await runJobs();
    imports = await importsOf(feed.id);
    assert.deepEqual(
      imports.map((i) => [i.result, i.created, i.updated, i.sold]),
      [
        ['processed', 3, 0, 0],
        ['processed', 0, 2, 1],
      ],
    );
    const cars = await vehiclesOf(t, slug);
    // Which status a car for sale has depends on its made-up photo hosts (not this file's concern).
    assert.deepEqual(
      cars.map((c) => [c.external_id, c.status === 'sold' ? 'sold' : 'for sale', c.price_cents]),
      [
        ['P-1', 'for sale', 600_000_000],
        ['P-2', 'for sale', 600_000_000],
        ['P-3', 'sold', 550_000_000],
      ],
    );
  });

  test('HTTP 500 and unreachable: sync.failed (feed_unreachable) once per streak, a report, backoff; then recovery', async () => {
    const { slug } = await seedDealer(t);
    let status = 500;
    answers.set('/b/feed.csv', () => ({ status, body: status === 200 ? csv([csvCar('B-1')]) : 'oops' }));
    const feed = await feedFor(t, slug, { url: `${base}/b/feed.csv` });
    await runJobs();
    let failed = await eventsOf(t, slug, 'sync.failed');
    assert.deepEqual(
      failed.map((e) => [e.reason, e.source, e.market]),
      [['feed_unreachable', 'feed', 'ar']],
    );
    assert.match(failed[0]!.message!, /HTTP 500/);
    assert.deepEqual(
      (await importsOf(feed.id)).map((i) => i.result),
      ['unreachable'],
    );
    // The report keeps a code (D31): each reader gets it in their language.
    const stored = (await t.store.db.selectFrom('feed_imports').select('message').where('feed_id', '=', feed.id).executeTakeFirstOrThrow()).message;
    assert.equal(storedText('en', stored), 'The feed URL answered HTTP 500 instead of 200.');
    assert.equal(storedText('es', stored), 'La URL del feed respondió HTTP 500 en lugar de 200.');
    const job = await pullJob(feed.id);
    assert.equal(job?.run_at, clock().now() + 60_000, 'first retry after a minute');
    assert.match(job.last_error ?? '', /HTTP 500/);

    clock().advance(60_000);
    await runJobs();
    assert.equal(requestsTo('/b/feed.csv').length, 2);
    failed = await eventsOf(t, slug, 'sync.failed');
    assert.equal(failed.length, 1, 'one sync.failed per streak of failures');
    assert.equal((await pullJob(feed.id))?.run_at, clock().now() + 5 * 60_000, 'backoff grows');

    status = 200;
    clock().advance(5 * 60_000);
    await runJobs();
    assert.deepEqual(
      (await importsOf(feed.id)).map((i) => i.result),
      ['unreachable', 'processed'],
    );
    assert.equal((await pullJob(feed.id))?.run_at, clock().now() + 4 * HOUR);

    // Unreachable host (a closed port).
    const dead = await seedDealer(t);
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    await feedFor(t, dead.slug, { url: `http://127.0.0.1:${port}/x.csv` });
    await runJobs();
    const deadFailed = await eventsOf(t, dead.slug, 'sync.failed');
    assert.equal(deadFailed[0]?.reason, 'feed_unreachable');
    assert.ok(!deadFailed[0].message!.includes('/x.csv'), 'messages name the host, not the path');
    const deadReport = await t.store.db.selectFrom('feed_imports').select('message').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    assert.match(storedText('en', deadReport.message) ?? '', /^The feed URL could not be read: Could not connect to 127\.0\.0\.1:\d+/);
    assert.equal(storedText('pt', deadReport.message), 'Não foi possível ler a URL do feed: não foi possível conectar ao servidor.');
  });

  test('an unreadable file: sync.failed (unreadable_feed) once; not processed again until it changes', async () => {
    const { slug } = await seedDealer(t);
    answers.set('/c/feed.json', () => ({ status: 200, body: '{"broken": ', headers: { 'content-type': 'application/json' } }));
    const feed = await feedFor(t, slug, { url: `${base}/c/feed.json` });
    await runJobs();
    clock().advance(4 * HOUR);
    await runJobs();
    assert.equal(requestsTo('/c/feed.json').length, 2);
    assert.deepEqual(
      (await eventsOf(t, slug, 'sync.failed')).map((e) => e.reason),
      ['unreadable_feed'],
    );
    assert.deepEqual(
      (await importsOf(feed.id)).map((i) => i.result),
      ['unreadable'],
    );
  });

  test('at start every live feed with a URL has its pull job (jobs are rows: they survive restarts)', async () => {
    const { slug } = await seedDealer(t);
    answers.set('/e/feed.csv', () => ({ status: 304, body: '' }));
    const live = await feedFor(t, slug, { url: `${base}/e/feed.csv` });
    const gone = await feedFor(t, slug, { url: `${base}/e/other.csv` });
    const pushOnly = await feedFor(t, slug);
    await revokeFeed(t.store, t.clock, { dealer: slug, id: String(gone.id) });
    const before = await pullJob(live.id);
    await ensurePulls(t.store.db, t.clock);
    assert.equal((await pullJob(live.id))?.id, before?.id, 'an existing job is kept as it is');
    await t.store.db.deleteFrom('jobs').where('job_key', '=', `feeds.pull:${live.id}`).execute();
    await ensurePulls(t.store.db, t.clock);
    assert.ok(await pullJob(live.id), 'a missing job is made again');
    assert.equal(await pullJob(gone.id), undefined);
    assert.equal(await pullJob(pushOnly.id), undefined);
  });

  test('a revoked feed is not read any more', async () => {
    const { slug } = await seedDealer(t);
    answers.set('/d/feed.csv', () => ({ status: 200, body: csv([csvCar('D-1')]) }));
    const feed = await feedFor(t, slug, { url: `${base}/d/feed.csv` });
    await revokeFeed(t.store, t.clock, { dealer: slug, id: String(feed.id) });
    clock().advance(5 * HOUR);
    await runJobs();
    assert.equal(requestsTo('/d/feed.csv').length, 0);
    assert.equal(await pullJob(feed.id), undefined);
  });

  test('a gzip-compressed feed (stock.xml.gz) and a zip holding one feed file are read', async () => {
    const gz = await seedDealer(t);
    answers.set('/g/stock.xml.gz', () => ({
      status: 200,
      body: zlib.gzipSync(platformFile('google-vehicle-ads.xml')),
      headers: { 'content-type': 'application/gzip' },
    }));
    await feedFor(t, gz.slug, { url: `${base}/g/stock.xml.gz` });
    const zipped = await seedDealer(t);
    answers.set('/g/meta.zip', () => ({
      status: 200,
      body: makeZip([{ name: 'export/meta-automotive.csv', data: platformFile('meta-automotive.csv') }]),
      headers: { 'content-type': 'application/zip' },
    }));
    await feedFor(t, zipped.slug, { url: `${base}/g/meta.zip` });
    await runJobs();
    assert.deepEqual(
      (await vehiclesOf(t, gz.slug)).map((v) => [v.external_id, v.price_cents, v.currency, v.mileage, v.condition, JSON.parse(v.photo_urls).length]),
      [
        ['G-100', 1_850_000_000, 'ARS', 45_000, 'used', 3],
        ['G-101', 3_200_000, 'USD', 48_280, 'used', 4],
        ['G-102', 4_500_000_000, 'ARS', 0, 'new', 3],
      ],
    );
    assert.deepEqual(
      (await vehiclesOf(t, zipped.slug)).map((v) => [v.external_id, v.mileage, v.condition]),
      [
        ['M-200', 45_000, 'used'],
        ['M-201', 48_280, 'used'],
        ['M-202', 0, 'new'],
        ['M-203', 98_000, 'used'],
      ],
    );
  });

  test('a gzip bomb (over 10 MB once inflated) or a zip of several files: unreadable, nothing applied, no car sold', async () => {
    const { slug } = await seedDealer(t);
    let body: Buffer = zlib.gzipSync(Buffer.from(csv(ids('Z', 3).map((id) => csvCar(id)))));
    answers.set('/h/stock.csv.gz', () => ({ status: 200, body, headers: { 'content-type': 'application/gzip' } }));
    const feed = await feedFor(t, slug, { url: `${base}/h/stock.csv.gz` });
    await runJobs();
    assert.equal((await vehiclesOf(t, slug)).length, 3);

    // A CSV of 11 MB of blank lines after the header compresses to ~11 KB.
    const header = Buffer.from('external_id,brand,model,year,price,mileage,photos\n');
    body = zlib.gzipSync(Buffer.concat([header, Buffer.alloc(FEED_MAX_BYTES + MB, 0x0a)]));
    assert.ok(body.length < 100_000);
    clock().advance(4 * HOUR);
    await runJobs();
    let imports = await importsOf(feed.id);
    assert.equal(imports.at(-1)?.result, 'unreadable');
    assert.match(imports.at(-1)?.message ?? '', /inflates to more than 10 MB/);

    body = makeZip([
      { name: 'a.csv', data: Buffer.from(csv([csvCar('Z-1')])) },
      { name: 'b.csv', data: Buffer.from(csv([csvCar('Z-2')])) },
    ]);
    clock().advance(4 * HOUR);
    await runJobs();
    imports = await importsOf(feed.id);
    assert.match(imports.at(-1)?.message ?? '', /The zip file holds 2 files; a feed zip must hold exactly one/);

    // A zip bomb, honest or with a directory that lies about the size: never inflated past it.
    const blank = Buffer.concat([header, Buffer.alloc(FEED_MAX_BYTES + MB, 0x0a)]);
    for (const [entry, why] of [
      [{ name: 'stock.csv', data: blank }, /The zip file is refused: "stock.csv" (would take 11 MB|is compressed \d+ times)/],
      [{ name: 'stock.csv', data: blank, claimSize: 1000 }, /The zip file is refused: "stock.csv" inflates to more than its directory declares/],
    ] as const) {
      body = makeZip([entry]);
      clock().advance(4 * HOUR);
      await runJobs();
      assert.match((await importsOf(feed.id)).at(-1)?.message ?? '', why);
    }
    assert.deepEqual(
      (await vehiclesOf(t, slug)).map((v) => v.status === 'sold'),
      [false, false, false],
      'no car marked sold from a file that could not be read',
    );
    assert.deepEqual(
      (await eventsOf(t, slug, 'sync.failed')).map((e) => e.reason),
      ['unreadable_feed', 'unreadable_feed', 'unreadable_feed', 'unreadable_feed'],
    );
  });

  test('an ftp:// (or sftp, file) feed URL is refused with the schemes that are read', async () => {
    const { slug } = await seedDealer(t);
    for (const url of ['ftp://ftp.example.com/stock.csv', 'sftp://files.example.com/stock.csv', 'file:///srv/stock.csv']) {
      await assert.rejects(feedFor(t, slug, { url }), (err: unknown) => {
        assert.ok(err instanceof FeedInputError);
        assert.equal(err.problem, 'scheme');
        assert.match(err.message, /must start with http:\/\/ or https:\/\/ \(this one is (ftp|sftp|file)\); ftp, sftp and file addresses are not read/);
        return true;
      });
    }
  });
});
