// `npm run bench -- quality` (D43, issue 39): the cost of the photo checks and of the
// near-duplicate lookup.
//   1. quality_photo_*: processImage (every copy the pipeline makes) with and without the checks'
//      grey copy and pass, alternately on the same generated 1600×1200 studio photos, one at a
//      time (sharp.concurrency(1), as in the image process). Target: with ≤ 1.2× without.
//   2. quality_lookup_*: the lookup findNearDuplicates runs (photos/repository.ts hashCandidates:
//      one probe per band of photo_hash_bands, joined to photos, vehicles and dealers) on an
//      SQLite store of BENCH_QUALITY_CARS cars (default 1 000 000) × 10 photos, rows generated
//      in SQL directly. Background photos have random hashes (uniform bands: the index's best
//      case; real photos cluster somewhat, see docs/quality.md); half the lookups are of a
//      planted copy of a stored photo (a hit), half of a new photo (a miss). Target: p95 ≤ 5 ms.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../src/core/db/store.js';
import { processImage } from '../src/modules/photos/image.js';
import { hammingDistance, hashBands } from '../src/modules/photos/checks.js';
import { hashCandidates } from '../src/modules/vehicles/photos/repository.js';
import { studioPhoto } from '../test/support/studio-photos.js';
import { migratedFile } from './baseline-db.js';
import { median, type Benchmark, type Figure } from './lib.js';

const PHOTOS_PER_CAR = 10;

async function photoChecks(quick: boolean): Promise<Figure[]> {
  const photos: Buffer[] = [];
  for (let i = 0; i < (quick ? 4 : 12); i++) photos.push(await studioPhoto(i));
  const rounds = quick ? 2 : 4;
  const without: number[] = [];
  const withChecks: number[] = [];
  await processImage(photos[0]!); // sharp loaded, caches warm
  for (let r = 0; r < rounds; r++) {
    // Alternate the order each round: a busy neighbour weighs on both alike.
    for (const checks of r % 2 ? [true, false] : [false, true]) {
      const t0 = performance.now();
      for (const p of photos) await processImage(p, checks);
      (checks ? withChecks : without).push((performance.now() - t0) / photos.length);
    }
  }
  const a = median(withChecks);
  const b = median(without);
  return [
    {
      key: 'quality_photo_checks_ms',
      label: 'a 1600×1200 photo: every copy + the checks (median ms a photo)',
      value: a,
      unit: 'ms',
      decimals: 1,
      baseline: 'quality_photo_sharp_ms',
    },
    { key: 'quality_photo_sharp_ms', label: 'the same copies by sharp alone, without the checks', value: b, unit: 'ms', decimals: 1 },
    { key: 'quality_photo_ratio', label: 'with checks ÷ sharp alone', value: a / b, unit: '×', decimals: 3, target: { op: '<=', value: 1.2 } },
  ];
}

/**
 * A store of `cars` cars × 10 photos with hashes and bands, made in SQL (no service code per row):
 * each photo's eight 32-bit bands are drawn first, its hash is their hex (as hashBands reads it
 * back), and each band's rows go in in key order (appends to the index, not 80 M random inserts).
 */
function buildLookupStore(file: string, cars: number): void {
  const raw = new Database(file);
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -1000000');
  raw.pragma('temp_store = MEMORY');
  const dealers = 1000;
  const now = Date.now();
  const bands = Array.from({ length: 8 }, (_, k) => k);
  raw.exec(`
    insert into dealers (id, slug, name, city, markets, created_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${dealers}) select i, 'q' || i, 'Q ' || i, null, '["ar"]', ${now} from n;
    insert into vehicles (id, dealer_id, market, external_id, listing_id, status, source, brand, model, year, price_cents, currency, mileage, condition, photo_urls, photos_pending, content_hash, last_sent_at, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${cars})
      select i, 1 + i % ${dealers}, 'ar', 'C' || i, 'L' || i, 'active', 'api', 'Toyota', 'Etios', 2018, 1, 'ARS', 1, 'used', '[]', 0, 'h', ${now}, ${now}, ${now} from n;
    create temp table h (id integer primary key, ${bands.map((k) => `b${k} integer`).join(', ')});
    insert into h
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${cars * PHOTOS_PER_CAR})
      select i, ${bands.map(() => 'random() & 4294967295').join(', ')} from n;
    insert into photos (id, dealer_id, vehicle_id, source_url, status, reason, created_at, updated_at, phash)
      select id, 1 + ((id - 1) / ${PHOTOS_PER_CAR}) % ${dealers}, 1 + (id - 1) / ${PHOTOS_PER_CAR}, 'u' || id, 'ready', null, ${now}, ${now},
        printf('${bands.map(() => '%08x').join('')}', ${bands.map((k) => `b${k}`).join(', ')}) from h;
  `);
  // hashBands: a band is its 8 hex digits read as a signed 32-bit integer; a zero band has no row.
  for (const k of bands) {
    raw.exec(`insert into photo_hash_bands (band, value, photo_id)
      select ${k}, case when b${k} >= 2147483648 then b${k} - 4294967296 else b${k} end as v, id from h where b${k} <> 0 order by v, id`);
  }
  raw.exec('drop table h');
  raw.close();
}

async function duplicateLookup(ctx: { tmpDir: string; quick: boolean }): Promise<Figure[]> {
  const cars = Number(process.env.BENCH_QUALITY_CARS ?? (ctx.quick ? 20_000 : 1_000_000));
  const file = path.join(ctx.tmpDir, `quality-${cars}.db`);
  await migratedFile(file);
  const t0 = performance.now();
  buildLookupStore(file, cars);
  const buildS = (performance.now() - t0) / 1000;
  const store = openStore({ url: `sqlite:${file}` });
  try {
    const raw = new Database(file, { readonly: true });
    const total = cars * PHOTOS_PER_CAR;
    const lookups = ctx.quick ? 200 : 2000;
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < lookups; i++) {
      let hash: string;
      if (i % 2 === 0) {
        // A copy of a stored photo: its hash with 3 bits flipped (within the threshold).
        const id = 1 + Math.floor(Math.random() * total);
        const stored = (raw.prepare('select phash from photos where id = ?').get(id) as { phash: string }).phash;
        const digits = stored.split('');
        for (const at of [3, 70 / 4, 200 / 4].map(Math.floor)) digits[at] = (parseInt(digits[at]!, 16) ^ 1).toString(16);
        hash = digits.join('');
      } else hash = Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
      const t = performance.now();
      const found = (await hashCandidates(store.db, hashBands(hash), -1)).filter((c) => hammingDistance(hash, c.phash) <= 4);
      times.push(performance.now() - t);
      if (found.length > 0) hits++;
    }
    raw.close();
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)]!;
    return [
      { key: 'quality_lookup_build_s', label: `build: ${cars} cars × ${PHOTOS_PER_CAR} photos, ${8 * total} band rows`, value: buildS, unit: 's', decimals: 0 },
      {
        key: 'quality_lookup_p50_ms',
        label: `duplicate lookup at ${cars} cars (p50 of ${lookups})`,
        value: times[Math.floor(times.length / 2)]!,
        unit: 'ms',
        decimals: 2,
      },
      { key: 'quality_lookup_p95_ms', label: `duplicate lookup at ${cars} cars (p95)`, value: p95, unit: 'ms', decimals: 2, target: { op: '<=', value: 5 } },
      { key: 'quality_lookup_hits', label: 'lookups of a planted copy that found it (should be half)', value: hits / lookups, unit: 'share', decimals: 2 },
    ];
  } finally {
    await store.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  }
}

export const QUALITY_BENCHMARKS: Benchmark[] = [
  {
    name: 'quality',
    description: 'listing quality (D43): photo checks vs sharp alone; the near-duplicate lookup at 1 M cars × 10 photos',
    async run(ctx) {
      return [...(await photoChecks(ctx.quick)), ...(await duplicateLookup(ctx))];
    },
  },
];
