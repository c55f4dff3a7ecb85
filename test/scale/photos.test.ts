// Photos across processes (P33): with PHOTO_STORAGE on one S3 bucket, a photo downloaded by the
// process that runs jobs is served by another that runs none, byte for byte. Each process has
// its own DATA_DIR, as separate hosts would: nothing goes through a shared disk.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { systemClock } from '../../src/core/clock.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { startTestS3, type TestS3 } from '../support/s3.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { until } from '../support/until.js';

interface ActiveCar {
  photos: string[];
  photo_status: { original_url: string }[];
}

describe(`photos served by every process from one bucket (${STORE_NAME})`, () => {
  let ts: TestStore;
  let s3: TestS3;
  const host = new PhotoHost();
  const dirs: string[] = [];
  const procs: ServerProcess[] = [];

  before(async () => {
    await host.start();
    ts = await openTestStore();
    s3 = await startTestS3();
  });
  after(async () => {
    for (const p of procs) await p.kill();
    await s3.dispose();
    await ts.dispose();
    await host.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  const server = async (jobConcurrency: number): Promise<ServerProcess & { dataDir: string }> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-scale-photos-'));
    dirs.push(dataDir);
    const p = await startServerProcess({
      env: {
        DATABASE_URL: ts.url,
        DATA_DIR: dataDir,
        SECRET_KEY: secretKey,
        OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true',
        JOB_CONCURRENCY: String(jobConcurrency),
        JOB_POLL_INTERVAL: '200ms',
        // The test polls the car every 25 ms until the worker is done; a slow run would otherwise
        // meet the default 120 requests a minute and read a 429 as the car.
        RATE_LIMIT_PER_MINUTE: '100000',
        ...s3.env('scale'),
      },
    });
    procs.push(p);
    return Object.assign(p, { dataDir });
  };
  const secretKey = crypto.randomBytes(32).toString('hex');

  test('a photo downloaded by the worker process is served, byte-identical, by the API-only process', async () => {
    const [worker, api] = await Promise.all([server(2), server(0)]);
    // Generous waits: CI runs this beside browsers on two cores, and the image process runs at a
    // lower priority (P46); what is asserted is where the bytes come from, not how fast.
    await Promise.all([worker.ready(120_000), api.ready(120_000)]);
    const { key } = await seedDealer({ store: ts.store, clock: systemClock });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

    // Sent to the API process, which runs no jobs: the worker downloads the photos.
    const put = await fetch(`${api.base}/v1/vehicles/SCALE-1`, { method: 'PUT', headers, body: JSON.stringify(aCar({ photos: host.urls('scale', 3) })) });
    assert.equal(put.status, 201, await put.clone().text());
    let last = '';
    const car = await until('the car active', 180_000, async () => {
      const res = await fetch(`${api.base}/v1/vehicles/SCALE-1`, { headers });
      last = await res.clone().text();
      assert.equal(res.status, 200, last);
      const body = (await res.json()) as { vehicle: ActiveCar & { status: string } };
      return body.vehicle.status === 'active' ? body.vehicle : undefined;
    }).catch((e: unknown) => {
      throw new Error(`${(e as Error).message}; the car last read: ${last.slice(0, 2000)}\nthe worker's output: ${worker.output().slice(-3000)}`);
    });

    const urls = [...car.photos, ...car.photo_status.map((p) => p.original_url)].map((u) => new URL(u).pathname);
    assert.equal(urls.length, 6, JSON.stringify(car));
    for (const url of urls) {
      const [fromApi, fromWorker] = await Promise.all([fetch(api.base + url), fetch(worker.base + url)]);
      assert.equal(fromApi.status, 200, `${url} from the API-only process: ${await fromApi.clone().text()}`);
      assert.equal(fromWorker.status, 200);
      const [a, w] = [Buffer.from(await fromApi.arrayBuffer()), Buffer.from(await fromWorker.arrayBuffer())];
      assert.deepEqual([...a.subarray(0, 3)], [0xff, 0xd8, 0xff], 'a JPEG');
      assert.ok(a.equals(w), `${url}: the same bytes from both processes`);
      const id = /^\/photos\/([0-9a-f]{64})\/(display|original)\.jpg$/.exec(url)!;
      assert.ok(a.equals((await s3.object(`scale/${id[1]!.slice(0, 2)}/${id[1]}-${id[2]}.jpg`)).body), 'and the object in the bucket');
      assert.equal(fromApi.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    }
    for (const p of [worker, api]) assert.equal(fs.existsSync(path.join(p.dataDir, 'photos')), false, 'nothing on either local disk');
  });
});
