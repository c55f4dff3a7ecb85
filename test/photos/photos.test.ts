// Photo import (spec §3, D5, D10): downloads from a loopback server, checks, storage,
// serving, car states, retries, bad input, and a restart in the middle of an import.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { buildApp } from '../../src/app.js';
import { ManualClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, openTestStore, STORE_NAME, testConfig, LogCapture, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { hiddenIn, jpegWithHiddenWords } from '../support/hidden-jpeg.js';

// ---- a loopback image server ------------------------------------------------------------

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A tiny PNG whose header claims 30000 × 30000 pixels: a decompression bomb. */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

class ImageServer {
  readonly hits = new Map<string, number>();
  connections = 0;
  readonly routes = new Map<string, Handler>();
  private server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    const h = this.routes.get(path);
    if (h) h(req, res);
    else res.writeHead(404).end('not found');
  });
  base = '';
  async start(): Promise<void> {
    this.server.on('connection', (s) => {
      this.connections++;
      s.on('error', () => {});
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  serve(path: string, body: Buffer, type = 'image/jpeg'): string {
    this.routes.set(path, (_req, res) => res.writeHead(200, { 'content-type': type, 'content-length': body.length }).end(body));
    return this.base + path;
  }
  handle(path: string, h: Handler): string {
    this.routes.set(path, h);
    return this.base + path;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

const jpeg = (w: number, h: number, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-dealer-serial', Software: 'camera' } })
    .toBuffer();

// ---- tests ------------------------------------------------------------------------------

/** The car of these tests: a 2022 Fiat Cronos. */
const CRONOS = { brand: 'Fiat', model: 'Cronos', year: 2022, price: 9_000_000, mileage: 30000 };

describe(`photo import (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let key: string;
  let slug: string;
  const img = new ImageServer();
  const good: string[] = [];

  before(async () => {
    await img.start();
    for (let i = 0; i < 4; i++) good.push(img.serve(`/good-${i}.jpg`, await jpeg(1600 + i * 10, 1200, 50 * i)));
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    // 3 s, not 1: on a loaded machine (load ~25) a good photo's download once took over a second.
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', PHOTO_TIMEOUT: '3s' } });
    ({ key, slug } = await seedDealer(t));
  });
  after(async () => {
    await t.close();
    await img.stop();
  });

  const put = (id: string, body: unknown) => t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: body as object });
  const get = async (id: string) => (await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) })).json().vehicle;
  const run = () => t.app.services.jobs.runDue();
  const rejected = async () =>
    (await t.store.db.selectFrom('events').selectAll().where('type', '=', 'vehicle.rejected').execute()).map((e) => JSON.parse(e.data));

  test('a car goes active once its photos are in; photos are ours, in the dealer order, served and cached', async () => {
    const list = [good[2]!, good[0]!, good[1]!];
    const created = (await put('P-1', aCar({ ...CRONOS, photos: list }))).json().vehicle;
    assert.equal(created.status, 'importing_photos');
    assert.equal(created.photos_pending, 3);
    assert.deepEqual(created.photos, []);
    assert.deepEqual(
      created.photo_status.map((p: { status: string }) => p.status),
      ['pending', 'pending', 'pending'],
    );
    await run();
    const v = await get('P-1');
    assert.equal(v.status, 'active');
    assert.equal(v.photos_pending, 0);
    assert.equal(v.photos.length, 3);
    for (const u of v.photos) assert.match(u, /^https:\/\/cars\.example\.com\/photos\/[0-9a-f]{64}\/display\.jpg$/);
    assert.deepEqual(
      v.photo_status.map((p: { source_url: string }) => p.source_url),
      list,
      "dealer's order",
    );
    assert.deepEqual(
      v.photos,
      v.photo_status.map((p: { url: string }) => p.url),
    );

    const path = new URL(v.photos[0]).pathname;
    const res = await t.app.inject({ url: path });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/jpeg');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    assert.equal(meta.width, 1280, 'display copy is 1280 px wide');
    assert.equal(meta.exif, undefined, 'metadata stripped');
    const original = await t.app.inject({ url: new URL(v.photo_status[0].original_url).pathname });
    const om = await sharp(original.rawPayload).metadata();
    assert.equal(om.width, 1620, 'the original keeps its size');
    assert.equal(om.exif, undefined);
    assert.ok(!original.rawPayload.includes(Buffer.from('secret-dealer-serial')));
  });

  test('P159: an imported JPEG keeps no word hidden in its JFIF, JFXX, Adobe, other APPn, comment or DNL segments in the public original', async () => {
    const hidden = img.serve('/hidden.jpg', await jpegWithHiddenWords(640, 480));
    await put('P-HIDDEN', aCar({ ...CRONOS, photos: [hidden, good[0]!, good[1]!] }));
    await run();
    const v = await get('P-HIDDEN');
    assert.equal(v.status, 'active');
    const status = v.photo_status[0] as { source_url: string; url: string; original_url: string };
    assert.equal(status.source_url, hidden);
    for (const u of [status.original_url, status.url]) {
      const res = await t.app.inject({ url: new URL(u).pathname });
      assert.equal(res.statusCode, 200, u);
      assert.deepEqual(hiddenIn(res.rawPayload), [], u);
      assert.equal((await sharp(res.rawPayload).metadata()).width, 640);
    }
  });

  test('the same source URL is downloaded once per car; a changed set swaps whole while the car stays active', async () => {
    const before = img.hits.get('/good-3.jpg') ?? 0;
    await put('P-2', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!] }));
    await run();
    const first = await get('P-2');
    assert.equal(first.status, 'active');
    const hits0 = img.hits.get('/good-0.jpg');
    await put('P-2', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!], price: 8_900_000 }));
    assert.equal(await run(), 0, 'nothing to download again');
    const changed = (await put('P-2', aCar({ ...CRONOS, photos: [good[3]!, good[1]!, good[2]!] }))).json().vehicle;
    assert.equal(changed.status, 'active', 'stays active');
    assert.equal(changed.photos_pending, 1);
    assert.deepEqual(changed.photos, first.photos, 'shows its old photos meanwhile');
    await run();
    const after2 = await get('P-2');
    assert.equal(after2.status, 'active');
    assert.equal(after2.photos_pending, 0);
    assert.notDeepEqual(after2.photos, first.photos);
    assert.deepEqual(after2.photos.slice(1), first.photos.slice(1));
    assert.equal(img.hits.get('/good-0.jpg'), hits0, 'not downloaded again');
    assert.equal(img.hits.get('/good-3.jpg'), before + 1, 'only the new URL was downloaded');
  });

  test('bad photos fail with readable reasons; with too few left the car goes in_review with vehicle.rejected', async () => {
    const svg = img.serve('/x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml');
    const html = img.serve('/page.jpg', Buffer.from('<html><body>hello</body></html>'), 'image/jpeg');
    const full = await jpeg(800, 600);
    const truncated = img.serve('/cut.jpg', full.subarray(0, Math.floor(full.length / 2)));
    const bomb = img.serve('/bomb.png', bombPng(), 'image/png');
    const huge = img.serve('/huge.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024)]));
    const missing = `${img.base}/nope.jpg`;
    const slow = img.handle('/slow.jpg', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      const timer = setInterval(() => res.write(Buffer.from([0xff])), 100);
      res.on('close', () => clearInterval(timer));
    });
    const bad = [svg, html, truncated, bomb, huge, missing, slow];
    await put('P-3', aCar({ ...CRONOS, photos: [good[0]!, ...bad.slice(0, 2)] }));
    await put('P-4', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!, ...bad] }));
    for (let i = 0; i < 8; i++) {
      await run();
      clock.advance(15 * 60_000); // past every retry delay
    }
    const p4 = await get('P-4');
    assert.equal(p4.status, 'active', 'three good photos are enough');
    assert.equal(p4.photos.length, 3);
    const reasons = Object.fromEntries(p4.photo_status.map((p: { source_url: string; reason: string }) => [p.source_url, p.reason]));
    assert.match(reasons[svg], /not a JPEG, PNG or WebP/);
    assert.match(reasons[html], /not a JPEG, PNG or WebP/);
    assert.match(reasons[truncated], /truncated|cannot be (read|decoded)/);
    assert.match(reasons[bomb], /megapixels/);
    assert.match(reasons[huge], /larger than 15 MB/);
    assert.match(reasons[missing], /HTTP 404/);
    assert.match(reasons[slow], /did not complete within 3000 ms/);
    for (const u of bad) assert.equal(p4.photo_status.find((p: { source_url: string }) => p.source_url === u).status, 'failed');

    assert.deepEqual(p4.review_reasons, [], 'no reasons unless in_review');

    const p3 = await get('P-3');
    assert.equal(p3.status, 'in_review');
    assert.equal(p3.photos.length, 1);
    // Why, on the car itself (not only in an event a webhook may have missed).
    assert.deepEqual(p3.review_reasons, [
      `Photo 2 (${svg}) could not be used: not a JPEG, PNG or WebP image (judged by its content, whatever its Content-Type).`,
      `Photo 3 (${html}) could not be used: not a JPEG, PNG or WebP image (judged by its content, whatever its Content-Type).`,
      'Only 1 of the 3 photos needed could be used; send the car again with other photos.',
    ]);
    // The same reasons in the reader's language (D31): stored as codes, said in Spanish and Portuguese.
    const p4es = (await t.app.inject({ url: '/v1/vehicles/P-4', headers: { ...bearer(key), 'accept-language': 'es-AR' } })).json().vehicle;
    const es = Object.fromEntries(p4es.photo_status.map((p: { source_url: string; reason: string }) => [p.source_url, p.reason]));
    assert.equal(es[svg], 'no es una imagen JPEG, PNG ni WebP');
    assert.equal(es[missing], 'el servidor respondió HTTP 404');
    assert.equal(es[huge], 'el archivo pesa más de 15 MB');
    assert.match(es[slow], /^el servidor tardó demasiado en responder \(sin éxito después de \d+ intentos\)$/);
    const p3pt = (await t.app.inject({ url: '/v1/vehicles/P-3', headers: { ...bearer(key), 'accept-language': 'pt-BR' } })).json().vehicle;
    assert.equal(p3pt.review_reasons[0], `A foto 2 (${svg}) não pôde ser usada: não é uma imagem JPEG, PNG nem WebP.`);
    const stored = await t.store.db.selectFrom('photos').select('reason').where('source_url', '=', missing).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(stored.reason!), { code: 'photo_http_status', params: { status: 404 } }, 'kept as a code, not a sentence');
    const listed = (await t.app.inject({ url: '/v1/vehicles?status=in_review', headers: bearer(key) })).json().data;
    assert.deepEqual(listed.find((v: { external_id: string }) => v.external_id === 'P-3').review_reasons, p3.review_reasons, 'the list says the same');
    const ev = (await rejected()).find((e) => e.external_id === 'P-3');
    assert.equal(ev.channel, 'photos');
    assert.ok(ev.errors.some((e: string) => e.includes(svg) && /not a JPEG/.test(e)));
    assert.ok(ev.errors.some((e: string) => /only 1 of the 3 photos/i.test(e)));
    // Sending it again fixed re-checks it.
    await put('P-3', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!] }));
    await run();
    assert.equal((await get('P-3')).status, 'active');
    assert.deepEqual((await get('P-3')).review_reasons, []);
    assert.equal(await t.app.inject({ url: '/health' }).then((r) => r.statusCode), 200, 'the server is fine');
  });

  test('5xx answers are retried with backoff; a photo that never comes is given up', async () => {
    let calls = 0;
    const flaky = img.handle('/flaky.jpg', (_req, res) => {
      if (++calls <= 2) return res.writeHead(503).end('busy');
      void jpeg(640, 480).then((body) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body));
    });
    const down = img.handle('/down.jpg', (_req, res) => res.writeHead(500).end('down'));
    await put('P-5', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, flaky, down] }));
    await run();
    let v = await get('P-5');
    assert.equal(v.status, 'importing_photos');
    assert.equal(v.photos_pending, 2);
    const status = (v2: { photo_status: { source_url: string; status: string }[] }, u: string) => v2.photo_status.find((p) => p.source_url === u)!.status;
    assert.equal(status(v, flaky), 'pending');
    assert.equal(await run(), 0, 'a retry waits for its time');
    clock.advance(5_000);
    await run();
    clock.advance(30_000);
    await run();
    v = await get('P-5');
    assert.equal(status(v, flaky), 'ready');
    assert.equal(v.photos_pending, 1);
    for (let i = 0; i < 4; i++) {
      clock.advance(600_000);
      await run();
    }
    v = await get('P-5');
    assert.equal(status(v, down), 'failed');
    assert.match(v.photo_status.find((p: { source_url: string }) => p.source_url === down).reason, /HTTP 500 \(gave up after 5 tries\)/);
    assert.equal(v.status, 'active');
    assert.equal(v.photos_pending, 0);
  });

  test('a new car shows its photos as they arrive, in the dealer order; a photo waiting for a retry says why; cached GETs follow', async () => {
    let up = false;
    const later = img.handle('/later.jpg', (_req, res) => {
      if (!up) return res.writeHead(503).end('busy');
      void jpeg(640, 480, 90).then((body) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body));
    });
    const list = [good[1]!, later, good[0]!];
    await put('P-7', aCar({ ...CRONOS, photos: list }));
    const revision = async () =>
      (await t.store.db.selectFrom('vehicles').select('revision').where('external_id', '=', 'P-7').executeTakeFirstOrThrow()).revision;
    const first = await get('P-7'); // the answer is now cached for this revision
    assert.deepEqual([first.photos, first.photos_pending], [[], 3]);
    const r0 = await revision();
    await run();
    const v = await get('P-7');
    assert.ok((await revision()) > r0, 'arrivals bump the revision');
    assert.equal(v.status, 'importing_photos');
    assert.equal(v.photos_pending, 1);
    assert.equal((v.photos as string[]).length + (v.photos_pending as number), list.length, 'photos in + photos pending = the photo count');
    const urls = v.photo_status.map((p: { url: string | null }) => p.url);
    assert.deepEqual(v.photos, [urls[0], urls[2]], 'the ones in, in the dealer order');
    const waiting = v.photo_status[1];
    assert.equal(waiting.status, 'pending');
    assert.equal(waiting.reason, 'retrying: the server answered HTTP 503');
    assert.deepEqual(v.review_reasons, []);
    // The public sees nothing of a car not yet active.
    assert.equal((await t.app.inject({ url: new URL(v.url).pathname })).statusCode, 404);

    up = true;
    clock.advance(5_000);
    await run();
    const done = await get('P-7');
    assert.equal(done.status, 'active');
    assert.deepEqual([done.photos.length, done.photos_pending], [3, 0]);
    assert.deepEqual(
      done.photos,
      done.photo_status.map((p: { url: string }) => p.url),
    );
    assert.deepEqual(
      done.photo_status.map((p: { reason: string | null }) => p.reason),
      [null, null, null],
    );
  });

  test('an active car whose list changed keeps its whole old set while a new photo is retried', async () => {
    let up = false;
    const swap = img.handle('/swap.jpg', (_req, res) => {
      if (!up) return res.writeHead(502).end('bad gateway');
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      void jpeg(700, 500, 10).then((body) => res.end(body));
    });
    await put('P-8', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!] }));
    await run();
    const before = await get('P-8');
    assert.equal(before.status, 'active');
    await put('P-8', aCar({ ...CRONOS, photos: [good[0]!, swap, good[2]!] }));
    await run();
    const meanwhile = await get('P-8');
    assert.equal(meanwhile.status, 'active');
    assert.deepEqual(meanwhile.photos, before.photos, 'the old set, whole');
    assert.equal(meanwhile.photos_pending, 1);
    assert.equal(meanwhile.photo_status[1].reason, 'retrying: the server answered HTTP 502');
    up = true;
    clock.advance(5_000);
    await run();
    const after2 = await get('P-8');
    assert.equal(after2.photos_pending, 0);
    assert.deepEqual(
      after2.photos,
      after2.photo_status.map((p: { url: string }) => p.url),
      'the new set, whole',
    );
    assert.notDeepEqual(after2.photos, before.photos);
  });

  test('a photo dropped from the list before its turn is not downloaded, and comes back if listed again', async () => {
    const late = img.serve('/late.jpg', await jpeg(500, 400));
    await put('P-6', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, late] }));
    await put('P-6', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, good[2]!] }));
    await run();
    assert.equal(img.hits.get('/late.jpg') ?? 0, 0, 'never downloaded');
    const v = await get('P-6');
    assert.equal(v.status, 'active');
    await put('P-6', aCar({ ...CRONOS, photos: [good[0]!, good[1]!, late] }));
    await run();
    const again = await get('P-6');
    assert.equal(img.hits.get('/late.jpg'), 1);
    assert.deepEqual(
      again.photo_status.map((p: { status: string }) => p.status),
      ['ready', 'ready', 'ready'],
    );
  });

  test('unknown and malformed photo paths answer 404 in the Error shape', async () => {
    for (const url of [
      '/photos/abc/display.jpg',
      `/photos/${'a'.repeat(64)}/display.jpg`,
      `/photos/${'a'.repeat(64)}/..%2F..%2Fetc.jpg`,
      `/photos/${'a'.repeat(64)}/secret.txt`,
    ]) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().error.code, 'not_found');
    }
  });

  test('events stay with the dealership', async () => {
    const dealer = await t.store.db.selectFrom('dealers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const rows = await t.store.db.selectFrom('events').select('dealer_id').execute();
    assert.ok(rows.every((r) => r.dealer_id === dealer.id));
  });
});

describe(`photo import safety and restarts (${STORE_NAME})`, () => {
  const img = new ImageServer();
  let good: string[] = [];
  before(async () => {
    await img.start();
    good = [];
    for (let i = 0; i < 3; i++) good.push(img.serve(`/g-${i}.jpg`, await jpeg(400, 300, 30 * i)));
  });
  after(() => img.stop());

  test('with the address rule on, loopback photos are refused before any connection', async () => {
    const t = await makeApp();
    try {
      const { key } = await seedDealer(t);
      const before = img.connections;
      await t.app.inject({ method: 'PUT', url: '/v1/vehicles/SAFE-1', headers: bearer(key), payload: aCar({ ...CRONOS, photos: good }) });
      await t.app.services.jobs.runDue();
      const v = (await t.app.inject({ url: '/v1/vehicles/SAFE-1', headers: bearer(key) })).json().vehicle;
      assert.equal(img.connections, before, 'zero connections');
      assert.equal(v.status, 'in_review');
      for (const p of v.photo_status) {
        assert.equal(p.status, 'failed');
        assert.ok(p.reason.length > 0);
      }
    } finally {
      await t.close();
    }
  });

  test('a restart in the middle of an import resumes the pending photos', async () => {
    const ts = await openTestStore();
    const clock = new ManualClock(Date.now());
    const config = testConfig({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    const first = await buildApp({ config, store: ts.store, clock, logStream: new LogCapture() });
    await first.ready();
    const { key } = await seedDealer({ store: ts.store, clock });
    await first.inject({ method: 'PUT', url: '/v1/vehicles/R-1', headers: bearer(key), payload: aCar({ ...CRONOS, photos: good }) });
    await first.close(); // stopped before any photo ran
    const second = await buildApp({ config, store: ts.store, clock, logStream: new LogCapture() });
    try {
      await second.ready();
      assert.equal((await second.inject({ url: '/v1/vehicles/R-1', headers: bearer(key) })).json().vehicle.photos_pending, 3);
      await second.services.jobs.runDue();
      const v = (await second.inject({ url: '/v1/vehicles/R-1', headers: bearer(key) })).json().vehicle;
      assert.equal(v.status, 'active');
      assert.equal(v.photos.length, 3);
    } finally {
      await second.close();
      await ts.dispose();
    }
  });
});

describe(`photo hosts that do not resolve (${STORE_NAME})`, () => {
  const img = new ImageServer();
  let good: string[] = [];
  const lookups = new Map<string, number>();
  const dnsError = (code: string) => Object.assign(new Error(`getaddrinfo ${code}`), { code, syscall: 'getaddrinfo' });
  let t: TestApp;
  let clock: ManualClock;
  let key: string;
  before(async () => {
    await img.start();
    good = [];
    for (let i = 0; i < 3; i++) good.push(img.serve(`/d-${i}.jpg`, await jpeg(400, 300, 40 * i)));
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    // The image server is an IP literal (no lookup); the two names fail as a resolver would.
    const resolve = async (host: string): Promise<{ address: string; family: 4 | 6 }[]> => {
      lookups.set(host, (lookups.get(host) ?? 0) + 1);
      throw dnsError(host === 'no-such-host.example' ? 'ENOTFOUND' : 'EAI_AGAIN');
    };
    t = await makeApp({ clock, outbound: createOutbound({ allowPrivateNetworks: true, resolve }) });
    ({ key } = await seedDealer(t));
  });
  after(async () => {
    await t.close();
    await img.stop();
  });

  test('a name that does not exist fails the photo at once; a resolver that did not answer is retried', async () => {
    const gone = 'http://no-such-host.example/car.jpg';
    const busy = 'http://busy-resolver.example/car.jpg';
    const body = aCar({ ...CRONOS, photos: [...good, gone, busy] });
    await t.app.inject({ method: 'PUT', url: '/v1/vehicles/DNS-1', headers: bearer(key), payload: body });
    await t.app.services.jobs.runDue();
    const get = async () => (await t.app.inject({ url: '/v1/vehicles/DNS-1', headers: bearer(key) })).json().vehicle;
    let v = await get();
    const entry = (u: string) => v.photo_status.find((p: { source_url: string }) => p.source_url === u);
    assert.equal(entry(gone).status, 'failed');
    assert.equal(entry(gone).reason, 'the host name no-such-host.example does not exist');
    assert.equal(entry(busy).status, 'pending');
    assert.match(entry(busy).reason, /^retrying: /);
    assert.equal(v.status, 'importing_photos');
    assert.deepEqual([v.photos.length, v.photos_pending], [3, 1]);
    for (let i = 0; i < 5; i++) {
      clock.advance(15 * 60_000);
      await t.app.services.jobs.runDue();
    }
    v = await get();
    assert.equal(lookups.get('no-such-host.example'), 1, 'not retried');
    assert.equal(lookups.get('busy-resolver.example'), 5, 'retried on the schedule, then given up');
    assert.equal(entry(busy).status, 'failed');
    assert.match(entry(busy).reason, /gave up after 5 tries/);
    assert.equal(v.status, 'active');
  });
});
