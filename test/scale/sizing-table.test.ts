// scripts/sizing-table.mjs (P250): the region's sizing is computed from a saved replay, never
// typed: the basis is the highest step every class passed, and cores follow from its CPU.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const step = (fraction: number, api: number, over?: string) => ({
  fraction,
  seconds: 20,
  classes: {},
  cpu: { api, worker: 30, postgres: 24, redis: 1.2, generator: 10 },
  photosQueued: 0,
  eventsLagP99Ms: 50,
  ...(over ? { over } : {}),
});

function table(steps: ReturnType<typeof step>[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-sizing-'));
  try {
    const file = path.join(dir, 'run.json');
    const run = {
      at: '2026-11-29T07:00:00.000Z',
      cpus: 2,
      apis: 3,
      dealers: 20,
      cars: 800,
      region: { dealers: 50_000, cars: 3_000_000, perSecond: { car_page: 1750 } },
      steps,
      saturated: 'car_page p99 900 ms',
      storage: { db_bytes_per_car: 20_000, photos_downloaded: 70, s3_objects_per_photo: 7, s3_bytes_per_photo: 900_000 },
    };
    fs.writeFileSync(file, JSON.stringify(run));
    return execFileSync(process.execPath, ['scripts/sizing-table.mjs', file, '--print'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('the basis is the highest step every class passed, and the region needs its CPU ÷ its fraction at 60 %', () => {
  const out = table([step(0.004, 30), step(0.008, 60), step(0.016, 190, 'car_page p99 900 ms')]);
  assert.match(out, /the step at 1\/125 of the region/);
  // API: 60 % of a core at 1/125 → 75 cores at the region's peak → 125 at 60 %.
  const region = out.split('\n').find((l) => l.startsWith('| the region'))!;
  const cells = region.split('|').map((c) => c.trim());
  assert.equal(cells[2], '125');
  // Worker 30 % → 37.5 cores → 63; PostgreSQL 24 % → 30 → 50 cores; 3 M cars × 20 kB × 1.5 = 90 GB.
  assert.equal(cells[3], '63');
  assert.equal(cells[4], '50 cores, 90 GB');
  // S3: 3 M photos × 7 objects, × 0.9 MB.
  assert.equal(cells[6], '21.0 M PUTs, 2,700 GB');
  // A hundredth keeps the floors: 2 API processes at least.
  const hundredth = out.split('\n').find((l) => l.startsWith('| a hundredth'))!;
  assert.equal(hundredth.split('|').map((c) => c.trim())[2], '2');
});

test('when no step passed, the first is the basis and the table says it is a lower bound', () => {
  const out = table([step(0.004, 30, 'feed_push p99 6000 ms')]);
  assert.match(out, /no step passed: the first step is used, so the table is a lower bound/);
});
