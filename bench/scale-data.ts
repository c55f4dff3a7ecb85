// scale_data (P42): the same calls timed one at a time on a store of 20 000 cars and on one of
// 1 000 000 (500 dealerships), each served by a real server, the two taking turns call by call
// (the same machine conditions for both), each 1M time beside its 20k time.
//
// Both stores are built the same way: the project's migrations (openStore + migrateToLatest),
// then raw prepared inserts in large transactions — per car its vehicles row (as a sync makes
// it: importing_photos, photos pending) and its 3 photos rows. No jobs: the queue of a store at
// rest is empty. The measured dealership `bench` (id 1) has 20 000 cars in both; in the 1M store
// 499 other dealerships share the other 980 000, so the ratio shows what the other rows cost.
// The 1M file is built once into bench/.data/ (gitignored) and reused; every run copies it, so
// the writes measured (sync, reconcile) never change it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { VEHICLE_INSERT_COLUMNS } from '../src/modules/vehicles/repository.js';
import { pendingPhotoChecks, qualityScore } from '../src/modules/vehicles/quality.js';
import { migratedFile, openRaw, rawRestore, vehicleRow, vehicleValues } from './baseline-db.js';
import { car } from './inventory.js';
import {
  BenchError,
  MODELS,
  expectJson,
  median,
  runCommand,
  send,
  startOwnServer,
  stopChild,
  type BenchContext,
  type Benchmark,
  type Figure,
  type OwnServer,
} from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.join(ROOT, 'bench/.data');
/** The name says its shape: a change of the builder must change the name (a stale file is never reused). */
const MILLION_FILE = path.join(DATA_DIR, 'cars-1000000-v2.db');

const BENCH_CARS = 20_000;
const MILLION = { total: 1_000_000, dealers: 500 };
const SYNC_SIZE = 500;
const MISSING = 1_000;
const PER_PAGE = 20;
/** "A page 1 000 pages deep": page 1000 of 20 cars, the last of the dealership's 20 000. */
const DEEP_PAGE = 1_000;
/** Rows a transaction while building. */
const BUILD_BATCH = 50_000;

// ---------------------------------------------------------------------------------------------
// Building.

/** Writes a store of `total` cars over `dealers` dealerships (the first, `bench`, with 20 000) to `file`; resolves with seconds taken. */
async function buildDataset(file: string, total: number, dealers: number): Promise<number> {
  checkRow();
  const t0 = performance.now();
  const tmp = `${file}.building`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
  await migratedFile(tmp);
  // Building only: the journal in memory, no syncs, a large cache (SQLite refuses journal_mode
  // OFF here; from WAL it must first go back to DELETE). The server opens it with its own pragmas.
  const raw = new Database(tmp);
  try {
    raw.pragma('journal_mode = DELETE');
    raw.pragma('journal_mode = MEMORY');
    raw.pragma('synchronous = OFF');
    raw.pragma('cache_size = -512000');
    const now = Date.now();
    const insertDealer = raw.prepare('insert into dealers (id, slug, name, city, markets, created_at) values (?, ?, ?, null, ?, ?)');
    const insertVehicle = raw.prepare(
      `insert into vehicles (${VEHICLE_INSERT_COLUMNS.join(', ')}) values (${VEHICLE_INSERT_COLUMNS.map(() => '?').join(', ')})`,
    );
    const insertPhoto = raw.prepare(
      "insert into photos (dealer_id, vehicle_id, source_url, status, reason, created_at, updated_at) values (?, ?, ?, 'pending', null, ?, ?)",
    );
    // Cars of each dealership: `bench` 20 000, the others share the rest as evenly as can be.
    const counts = [Math.min(BENCH_CARS, total)];
    const rest = total - counts[0]!;
    for (let d = 1; d < dealers; d++) counts.push(Math.floor(rest / (dealers - 1)) + (d - 1 < rest % (dealers - 1) ? 1 : 0));
    raw.transaction(() => {
      counts.forEach((_, d) => insertDealer.run(d + 1, d === 0 ? 'bench' : `scale-${d + 1}`, `Scale ${d + 1}`, '["ar"]', now));
    })();
    const jobs: { dealer: number; i: number }[] = [];
    const flush = raw.transaction((part: { dealer: number; i: number }[]) => {
      for (const { dealer, i } of part) {
        // One second apart, newest first: the list's order (updated_at desc, id desc) is the
        // stock IDs' order, CAR-0 first.
        const at = now - i * 1000;
        const row = datasetRow(dealer, i, at, nextListing++);
        const id = insertVehicle.run(row.values).lastInsertRowid;
        for (const url of row.photos) insertPhoto.run(dealer, id, url, at, at);
      }
    });
    let nextListing = 0;
    for (const [d, n] of counts.entries()) {
      for (let i = 0; i < n; i++) {
        jobs.push({ dealer: d + 1, i });
        if (jobs.length === BUILD_BATCH) flush(jobs.splice(0));
      }
    }
    if (jobs.length) flush(jobs.splice(0));
    raw.pragma('journal_mode = WAL');
  } finally {
    raw.close();
  }
  fs.renameSync(tmp, file);
  return (performance.now() - t0) / 1000;
}

/**
 * The row vehicleRow (baseline-db.ts) makes for car(`CAR-<i>`) of inventory.ts, built without
 * its per-row objects (a million of them cost a minute on a busy machine), with listing IDs in
 * increasing order (`n` in base32, 16 characters: random ones make the unique index's inserts
 * land all over it). The content hash is computed as vehicleRow does, so syncing a car
 * unchanged leaves it untouched.
 */
function datasetRow(dealer: number, i: number, at: number, n: number): { values: unknown[]; photos: string[] } {
  const m = MODELS[i % MODELS.length]!;
  const externalId = `CAR-${i}`;
  const dir = `https://img.example.com/${externalId}`;
  const photos = [`${dir}/1.jpg`, `${dir}/2.jpg`, `${dir}/3.jpg`];
  const priceCents = (5_500_000 + (i % 50) * 10_000) * 100;
  const mileage = 98_000 + (i % 97) * 1_000;
  const photoUrls = JSON.stringify(photos);
  const content = [
    `{"brand":${JSON.stringify(m.brand)},"model":${JSON.stringify(m.model)},"year":${m.year},"version":null,"price_cents":${priceCents},`,
    `"currency":"ARS","mileage":${mileage},"fuel":"gasoline","transmission":null,"color":null,"condition":"used","city":null,`,
    '"description":null,"vin":null,"body_style":null,"drivetrain":null,"doors":null,"engine":null,"interior_color":null}',
  ].join('');
  const hash = crypto
    .createHash('sha1')
    .update(`[${content},${JSON.stringify(photoUrls)}]`)
    .digest('base64url');
  const state = `[${photos.map((u) => `{"source_url":${JSON.stringify(u)},"status":"pending","reason":null,"file_id":null,"ext":null}`).join(',')}]`;
  const listing = `L${n
    .toString(32)
    .toUpperCase()
    .replace(/[ILOU]/g, (c) => LISTING_SWAP[c]!)
    .padStart(15, '0')}`;
  // In VEHICLE_INSERT_COLUMNS order (checked once against vehicleRow by the 20k build, see checkRow).
  const values = [dealer, 'ar', externalId, listing, 'importing_photos', 'api', m.brand, m.model, m.year, null, priceCents, 'ARS', mileage, 'gasoline'];
  values.push(null, null, 'used', null, null, photoUrls, 3, state, hash, at, at, at, null, null, null, null, null, null, DATASET_SCORE, DATASET_CHECKS);
  return { values, photos };
}

/** Every dataset car has 3 pending photos, a fuel and nothing else optional: one score (D43). */
const DATASET_CHECKS = pendingPhotoChecks(3);
const DATASET_SCORE = qualityScore({ fuel: 'gasoline', transmission: null, version: null, color: null, description: null, photo_checks: DATASET_CHECKS });

/** The fast row equals vehicleRow's (listing ID aside): a drift between the two fails the build. */
function checkRow(): void {
  const fast = datasetRow(1, 7, 1000, 0).values;
  const slow = vehicleValues(vehicleRow(car('CAR-7', 7), 1, 1000));
  fast[3] = slow[3];
  if (JSON.stringify(fast) !== JSON.stringify(slow))
    throw new BenchError(`scale_data: datasetRow drifted from vehicleRow:\n${JSON.stringify(fast)}\n${JSON.stringify(slow)}`);
}
const LISTING_SWAP: Record<string, string> = { I: 'W', L: 'X', O: 'Y', U: 'Z' };

// ---------------------------------------------------------------------------------------------
// Measuring.

interface ListAnswer {
  data?: { external_id?: string }[];
  next_cursor?: string | null;
}

type Times = Record<'get' | 'first_page' | 'deep_page' | 'sync' | 'reconcile', number>;

/** A real server on a copy of one store, with a key of its dealership `bench`. */
interface Served {
  name: string;
  db: string;
  dir: string;
  server: OwnServer;
  key: string;
}

async function serve(ctx: BenchContext, file: string, name: string): Promise<Served> {
  const dir = path.join(ctx.tmpDir, name);
  fs.mkdirSync(dir, { recursive: true });
  const db = path.join(dir, `${name}.db`);
  fs.copyFileSync(file, db);
  // Info logs to a file: the default configuration (P41); no job worker (API only, as run.ts).
  // A store of 1.5 GB read cold on a busy machine: a longer wait for the first answer.
  const server = await startOwnServer(ctx, ROOT, name, { JOB_CONCURRENCY: '0' }, 120_000);
  const out = await runCommand(process.execPath, [server.cli, 'keys', 'create', '--dealer', 'bench', '--json'], server.env);
  return { name, db, dir, server, key: (JSON.parse(out.trim()) as { key: string }).key };
}

/**
 * Times the calls on every store's server, the stores taking turns call by call (and the first
 * turn alternating), so a burst of load from other processes on this shared machine falls on
 * both alike: the ratio compares like with like. Medians of each store's times.
 */
async function measure(ctx: BenchContext, stores: Served[]): Promise<Times[]> {
  const quick = ctx.quick;
  const times = stores.map(() => ({
    get: [] as number[],
    first_page: [] as number[],
    deep_page: [] as number[],
    sync: [] as number[],
    reconcile: [] as number[],
  }));
  const turns = async (op: keyof Times, n: number, warm: number, call: (s: Served, i: number) => Promise<number>) => {
    for (let i = 0; i < warm + n; i++) {
      const order = i % 2 ? [...stores.keys()].reverse() : [...stores.keys()];
      for (const k of order) {
        const ms = await call(stores[k]!, i);
        if (i >= warm) times[k]![op].push(ms);
      }
    }
  };
  const get = async (s: Served, url: string, what: string, check: (b: ListAnswer & { vehicle?: { external_id?: string } }) => boolean) => {
    const a = await send('GET', `${s.server.baseUrl}${url}`, s.key);
    return { ms: a.ms, body: expectJson(`${s.name}: ${what}`, a, 200, check) };
  };

  // A car of `bench` picked by a fixed pseudo-random walk: the same cars in both stores.
  const pick = (i: number) => (i * 7919 + 13) % BENCH_CARS;
  await turns('get', quick ? 50 : 300, 20, async (s, i) => {
    const id = `CAR-${pick(i)}`;
    return (await get(s, `/v1/vehicles/${id}`, `GET /v1/vehicles/${id}`, (b) => b.vehicle?.external_id === id)).ms;
  });
  const firstUrl = `/v1/vehicles?per_page=${PER_PAGE}`;
  await turns('first_page', quick ? 30 : 100, 10, async (s) => (await get(s, firstUrl, 'first page', (b) => b.data?.[0]?.external_id === 'CAR-0')).ms);

  // The cursor of page 1000, by walking: 199 pages of 100, then 4 of 20 (a cursor is a position).
  const before = (DEEP_PAGE - 1) * PER_PAGE;
  const deepUrls = new Map<Served, string>();
  for (const s of stores) {
    let cursor: string | null | undefined;
    const walk = async (perPage: number, pages: number) => {
      for (let p = 0; p < pages; p++) {
        const url = `/v1/vehicles?per_page=${perPage}${cursor ? `&cursor=${cursor}` : ''}`;
        cursor = (await get(s, url, 'a page of the walk', (b) => typeof b.next_cursor === 'string')).body.next_cursor;
      }
    };
    await walk(100, Math.floor(before / 100));
    await walk(PER_PAGE, (before % 100) / PER_PAGE);
    deepUrls.set(s, `/v1/vehicles?per_page=${PER_PAGE}&cursor=${cursor}`);
  }
  const deepFirst = `CAR-${before}`;
  await turns(
    'deep_page',
    quick ? 30 : 100,
    10,
    async (s) => (await get(s, deepUrls.get(s)!, `page ${DEEP_PAGE}`, (b) => b.data?.[0]?.external_id === deepFirst)).ms,
  );

  // Reconcile first (the stock is then exactly the 20 000): 19 000 listed, 1 000 marked sold,
  // put back for sale between rounds straight in the file (not timed; WAL, busy_timeout).
  const listed = Array.from({ length: BENCH_CARS - MISSING }, (_, i) => `CAR-${i}`);
  const missing = Array.from({ length: MISSING }, (_, i) => `CAR-${BENCH_CARS - MISSING + i}`);
  const body = JSON.stringify({ external_ids: listed });
  await turns('reconcile', quick ? 1 : 3, 0, async (s, round) => {
    if (round > 0) {
      const raw = openRaw(s.db);
      try {
        if (rawRestore(raw, 1, missing) !== MISSING) throw new BenchError(`${s.name}: could not put the sold cars back`);
      } finally {
        raw.close();
      }
    }
    const a = await send('POST', `${s.server.baseUrl}/v1/vehicles/reconcile`, s.key, body);
    expectJson<{ sold?: number }>(`${s.name}: reconcile`, a, 200, (b) => b.sold === MISSING);
    return a.ms;
  });

  await turns('sync', quick ? 1 : 3, 1, async (s, round) => {
    const cars = Array.from({ length: SYNC_SIZE }, (_, i) => car(`NEW-${round}-${i}`, i));
    const a = await send('POST', `${s.server.baseUrl}/v1/vehicles/sync`, s.key, JSON.stringify({ vehicles: cars }));
    expectJson<{ created?: number }>(`${s.name}: sync of ${SYNC_SIZE} new cars`, a, 200, (b) => b.created === SYNC_SIZE);
    return a.ms;
  });
  return times.map((t) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)])) as Times);
}

const LABELS: Record<keyof Times, string> = {
  get: 'GET /v1/vehicles/{id} (median, one at a time)',
  first_page: `GET /v1/vehicles?per_page=${PER_PAGE}, first page`,
  deep_page: `GET /v1/vehicles page ${DEEP_PAGE} (via the cursor)`,
  sync: `sync of ${SYNC_SIZE} new cars`,
  reconcile: `reconcile ${BENCH_CARS - MISSING} of ${BENCH_CARS} (${MISSING} sold)`,
};

export const SCALE_DATA_BENCHMARKS: Benchmark[] = [
  {
    name: 'scale_data',
    description: `20 000 cars vs 1 000 000 (500 dealerships, built once into bench/.data/; --quick: only if already built)`,
    async run(ctx) {
      const figures: Figure[] = [];
      const small = path.join(ctx.tmpDir, 'cars-20000.db');
      const smallBuild = await buildDataset(small, BENCH_CARS, 1);
      figures.push({ key: 'scale_build_20k_s', label: 'build of the 20 000-car store', value: smallBuild, unit: 's', decimals: 1 });
      let million = fs.existsSync(MILLION_FILE);
      if (!million && !ctx.quick) {
        fs.mkdirSync(DATA_DIR, { recursive: true });
        const s = await buildDataset(MILLION_FILE, MILLION.total, MILLION.dealers);
        figures.push({ key: 'scale_build_1m_s', label: 'build of the 1 000 000-car store (once, bench/.data/)', value: s, unit: 's', decimals: 1 });
        million = true;
      }
      const stores = [await serve(ctx, small, 'scale-20k')];
      if (million) stores.push(await serve(ctx, MILLION_FILE, 'scale-1m'));
      let at20k: Times;
      let at1m: Times | undefined;
      try {
        [at20k, at1m] = (await measure(ctx, stores)) as [Times, Times | undefined];
      } finally {
        for (const s of stores) {
          await stopChild(s.server.child);
          fs.rmSync(s.dir, { recursive: true, force: true });
        }
        fs.rmSync(small, { force: true });
      }
      for (const k of Object.keys(LABELS) as (keyof Times)[]) {
        figures.push({ key: `scale_${k}_20k_ms`, label: `${LABELS[k]}, 20 000 cars`, value: at20k[k], unit: 'ms', decimals: 1 });
        if (!at1m) continue;
        figures.push(
          { key: `scale_${k}_1m_ms`, label: `${LABELS[k]}, 1 000 000 cars`, value: at1m[k], unit: 'ms', decimals: 1, baseline: `scale_${k}_20k_ms` },
          {
            key: `scale_${k}_ratio`,
            label: `${LABELS[k]}: 1M ÷ 20k`,
            value: at1m[k] / at20k[k],
            unit: '×',
            decimals: 2,
            target: { op: '<=', value: 1.5 },
          },
        );
      }
      if (!at1m) console.log(`\n    (no ${path.relative(ROOT, MILLION_FILE)}: 1M figures skipped in --quick; npm run bench -- scale_data builds it)`);
      return figures;
    },
  },
];
