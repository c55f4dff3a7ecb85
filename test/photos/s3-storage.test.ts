// Photos in object storage (P33, P34): with PHOTO_STORAGE=s3://…, downloaded photos land in the
// bucket under the prefix and are streamed back with the same headers as from the local
// directory; PHOTO_PUBLIC_BASE_URL redirects instead; an unreachable store answers 500 in the
// Error shape with Retry-After (P54) and the download job retries. Against s3rver, started here on a free port.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { makeApp, READY_CHECKS, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { startTestS3, type TestS3 } from '../support/s3.js';

const PREFIX = 'some-prefix';
const PHOTO_PATH = /^\/photos\/([0-9a-f]{64})\/(display|original)\.jpg$/;

interface Published {
  t: TestApp;
  key: string;
  /** The car's display photo paths, /photos/<id>/display.jpg. */
  paths: string[];
}

async function publish(t: TestApp, host: PhotoHost, id: string): Promise<string[]> {
  const { key } = await seedDealer(t);
  const put = await t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: aCar({ photos: host.urls(id, 3) }) });
  assert.ok(put.statusCode === 201, put.body);
  await t.app.services.jobs.runDue();
  const v = (await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) })).json().vehicle;
  assert.equal(v.status, 'active', JSON.stringify(v.photo_status));
  return (v.photos as string[]).map((u) => new URL(u).pathname);
}

// The same contract from both stores: the local directory (default) and the bucket.
for (const kind of ['local', 's3'] as const) {
  describe(`photos served from the ${kind} store (${STORE_NAME})`, () => {
    let s3: TestS3 | undefined;
    const host = new PhotoHost();
    let t: TestApp;
    let paths: string[];

    before(async () => {
      await host.start();
      if (kind === 's3') s3 = await startTestS3();
      t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', ...(s3 ? s3.env(PREFIX) : { PHOTO_STORAGE: 'local' }) } });
      paths = await publish(t, host, `CAR-${kind}`);
    });
    after(async () => {
      await t.close();
      await s3?.dispose();
      await host.stop();
    });

    test('a photo is streamed with its type, length, immutable caching, ETag and nosniff; If-None-Match answers 304', async () => {
      const res = await t.app.inject({ url: paths[0]! });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'image/jpeg');
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      assert.equal(Number(res.headers['content-length']), res.rawPayload.length);
      assert.deepEqual([...res.rawPayload.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
      const etag = res.headers.etag as string;
      assert.match(etag, /^"[0-9a-f]{16}-display"$/);
      const again = await t.app.inject({ url: paths[0]!, headers: { 'if-none-match': etag } });
      assert.equal(again.statusCode, 304);
      assert.equal(again.rawPayload.length, 0);
      assert.equal(again.headers.etag, etag);
      const other = await t.app.inject({ url: paths[0]!, headers: { 'if-none-match': '"0000000000000000-display"' } });
      assert.equal(other.statusCode, 200, 'another ETag gets the photo');
    });

    test('a photo that is not stored answers 404 in the Error shape', async () => {
      const res = await t.app.inject({ url: `/photos/${'ab'.repeat(32)}/display.jpg` });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().error.code, 'not_found');
      assert.equal((await t.app.inject({ url: paths[0]!.replace('display.jpg', 'display.png') })).statusCode, 404, 'another format of a stored photo');
    });

    test('the store answers its readiness probe', async () => {
      await t.app.services.storage.check();
    });
  });
}

describe(`photos in an S3 bucket (${STORE_NAME})`, () => {
  let s3: TestS3;
  const host = new PhotoHost();
  let clock: ManualClock;
  let pub: Published;

  before(async () => {
    await host.start();
    s3 = await startTestS3();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    const t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', ...s3.env(PREFIX) } });
    pub = { t, key: (await seedDealer(t)).key, paths: await publish(t, host, 'S3-1') };
  });
  after(async () => {
    await pub.t.close();
    await s3.dispose();
    await host.stop();
  });

  test('both variants land in the bucket under the prefix, typed and cacheable; GET streams the same bytes', async () => {
    const ids = pub.paths.map((p) => PHOTO_PATH.exec(p)![1]!);
    // 320 px photos: no narrower copy, the display copy's WebP beside it (P88).
    const expected = ids
      .flatMap((id) => [
        `${PREFIX}/${id.slice(0, 2)}/${id}-display.jpg`,
        `${PREFIX}/${id.slice(0, 2)}/${id}-display.webp`,
        `${PREFIX}/${id.slice(0, 2)}/${id}-original.jpg`,
      ])
      .sort();
    assert.deepEqual(await s3.keys(), expected, 'every object under the prefix, and nothing else');
    const key = `${PREFIX}/${ids[0]!.slice(0, 2)}/${ids[0]}-display.jpg`;
    const stored = await s3.object(key);
    assert.equal(stored.contentType, 'image/jpeg');
    assert.equal(stored.cacheControl, 'public, max-age=31536000, immutable');
    const res = await pub.t.app.inject({ url: pub.paths[0]! });
    assert.equal(res.statusCode, 200);
    assert.ok(res.rawPayload.equals(stored.body), 'byte-identical to the object');
    const original = await pub.t.app.inject({ url: pub.paths[0]!.replace('display', 'original') });
    assert.ok(original.rawPayload.equals((await s3.object(key.replace('display', 'original'))).body));
  });

  test('with PHOTO_PUBLIC_BASE_URL a photo URL redirects to the object under the public base', async () => {
    const t = await makeApp({ env: { ...s3.env(PREFIX), PHOTO_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' } });
    try {
      const id = PHOTO_PATH.exec(pub.paths[1]!)![1]!;
      const res = await t.app.inject({ url: pub.paths[1]! });
      assert.equal(res.statusCode, 302);
      assert.equal(res.headers.location, `https://cdn.example.com/media/${PREFIX}/${id.slice(0, 2)}/${id}-display.jpg`);
      assert.equal(res.headers['cache-control'], 'public, max-age=86400');
      const bad = await t.app.inject({ url: `/photos/${id}/thumb.jpg` });
      assert.equal(bad.statusCode, 404, 'a malformed path is still refused, not redirected');
      assert.equal(bad.json().error.code, 'not_found');
      // The pages showing those photos let the browser follow the redirect: a policy checks the
      // image's final address (the panel's and the buyers' pages alike).
      for (const url of ['/panel/sign-in', '/listings/no-such-listing']) {
        const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
        assert.match(csp, /img-src 'self'[^;]* https:\/\/cdn\.example\.com(;|$| )/, `${url}: ${csp}`);
      }
    } finally {
      await t.close();
    }
  });

  test('with the store down: 500 internal_error with Retry-After, no crash; the download job retries and succeeds once it is back', async () => {
    const { t, key } = pub;
    await s3.stop();
    try {
      const res = await t.app.inject({ url: pub.paths[2]! });
      assert.equal(res.statusCode, 500);
      assert.deepEqual(res.json(), { error: { code: 'internal_error', message: 'The photo storage is not answering; try again shortly.' } });
      assert.equal(res.headers['retry-after'], '5');
      const cached = await t.app.inject({ url: pub.paths[2]!, headers: { 'if-none-match': `"${PHOTO_PATH.exec(pub.paths[2]!)![1]!.slice(0, 16)}-display"` } });
      assert.equal(cached.statusCode, 304, 'a revalidation needs no store');
      await assert.rejects(t.app.services.storage.check(), 'the readiness probe fails');
      const ready = await t.app.inject({ url: '/ready' });
      assert.equal(ready.statusCode, 503, 'GET /ready takes the process out of the balancer');
      assert.deepEqual(ready.json(), { status: 'unavailable', checks: { ...READY_CHECKS, storage: 'unreachable' } });

      const put = await t.app.inject({ method: 'PUT', url: '/v1/vehicles/S3-2', headers: bearer(key), payload: aCar({ photos: host.urls('S3-2', 3) }) });
      assert.equal(put.statusCode, 201);
      await t.app.services.jobs.runDue();
      const waiting = (await t.app.inject({ url: '/v1/vehicles/S3-2', headers: bearer(key) })).json().vehicle;
      assert.equal(waiting.status, 'importing_photos');
      for (const p of waiting.photo_status) {
        assert.equal(p.status, 'pending', 'not failed: retried');
        assert.equal(p.reason, 'retrying: our photo storage did not answer (not a problem with the photo)');
      }
      assert.match(t.logs.text, /job failed; will retry/);
      assert.equal((await t.app.inject({ url: '/health' })).statusCode, 200, 'the server is fine');
    } finally {
      await s3.start();
    }
    clock.advance(5_000);
    await t.app.services.jobs.runDue();
    const done = (await t.app.inject({ url: '/v1/vehicles/S3-2', headers: bearer(key) })).json().vehicle;
    assert.equal(done.status, 'active');
    assert.equal((await t.app.inject({ url: new URL(done.photos[0]).pathname })).statusCode, 200);
    assert.equal((await t.app.inject({ url: pub.paths[2]! })).statusCode, 200, 'served again');
    await t.app.services.storage.check();
    assert.deepEqual((await t.app.inject({ url: '/ready' })).json(), { status: 'ready', checks: { ...READY_CHECKS, storage: 'ok' } });
  });
});

describe('the S3 SDK is loaded only for an S3 store (P34)', () => {
  test('no module of src/ imports @aws-sdk at load time: only `import type` and the dynamic import() of s3-storage.ts', () => {
    const files = fs.readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    // Static imports and re-exports, over several lines too; `import type` is erased.
    const statement = /^\s*(?:import|export)(?!\s+type\b)[^;]*?['"]@aws-sdk\/[^'"]*['"]/gm;
    const loading = files.flatMap((f) => [...fs.readFileSync(path.join('src', f), 'utf8').matchAll(statement)].map((m) => `${f}: ${m[0].trim()}`));
    assert.deepEqual(loading, []);
    const s3 = fs.readFileSync('src/modules/photos/s3-storage.ts', 'utf8');
    assert.match(s3, /await import\('@aws-sdk\/client-s3'\)|= import\('@aws-sdk\/client-s3'\)/);
  });
});

describe(`a store that accepts connections and never answers (${STORE_NAME})`, () => {
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  let t: TestApp;

  before(async () => {
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    t = await makeApp({
      env: { PHOTO_STORAGE: 's3://photos', S3_ENDPOINT: `http://127.0.0.1:${port}`, AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' },
    });
  });
  after(async () => {
    await t.close();
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => silent.close(() => r()));
  });

  test('a photo answers 500 after the client timeouts, not never; the readiness probe fails too', async () => {
    const started = Date.now();
    const [res, probe] = await Promise.all([
      t.app.inject({ url: `/photos/${'cd'.repeat(32)}/display.jpg` }),
      t.app.services.storage.check().then(
        () => 'answered',
        (err: unknown) => (err as Error).name,
      ),
    ]);
    assert.equal(res.statusCode, 500);
    assert.equal(res.json().error.code, 'internal_error');
    assert.equal(res.headers['retry-after'], '5');
    assert.equal(probe, 'StorageUnavailable');
    // 3 s to the answer's headers, twice (one SDK retry): well under a load balancer's patience.
    assert.ok(Date.now() - started < 20_000, `answered in ${Date.now() - started} ms`);
    assert.ok(sockets.size >= 1, 'the requests reached the silent server');
  });
});
