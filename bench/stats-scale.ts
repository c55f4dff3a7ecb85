// stats at scale (issue 28's bar, P121): GET /v1/vehicles/{id}/stats over 90 days and GET
// /v1/stats, each p95 on a store of 1 000 000 cars and ~10 000 000 daily view rows and on one of
// 20 000 cars, their ratio, and a car's market position p95 at 1 000 000 cars.
//
// SQLite only: both stores are generated in bulk with SQL (recursive CTEs, in primary-key order)
// after the project's migrations; the 1M file is built once into bench/.data/ and reused. The
// calls are the endpoints' service functions (stats/service.ts) called in this process, the two
// stores taking turns call by call; the HTTP layer around them is the same at any size and is
// measured by `stats` on a small store. The measured dealership (id 1) has 1 000 cars, each with
// a row for each of the last 90 local days; every other car has 10 days of rows. Cars are 20
// brands × 10 models × 15 years × 2 conditions: ~1 700 comparables a car at 1M.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { systemClock } from '../src/core/clock.js';
import { openStore, type Store } from '../src/core/db/store.js';
import { comparablePrices } from '../src/modules/stats/repository.js';
import { dealerStats, positionOf, vehicleStats } from '../src/modules/stats/service.js';
import { addDays, localDate } from '../src/modules/stats/time-zone.js';
import { migratedFile } from './baseline-db.js';
import type { Benchmark, Figure } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.join(ROOT, 'bench/.data');
const ZONE = 'America/Argentina/Buenos_Aires';
const MEASURED_CARS = 1_000;
const MEASURED_DAYS = 90;
const OTHER_DAYS = 10;
const CALLS = 200;
/** GET /stats reads a dealership's whole range: fewer calls keep the run within minutes. */
const DEALER_CALLS = 40;
const POSITION_CALLS = 500;

/** Builds (or reuses) a store of `total` cars; resolves with its file and the seconds the build took (0 reused). */
async function dataset(dir: string, total: number, today: string): Promise<{ file: string; buildS: number; viewRows: number }> {
  // The day is in the name: the rows are of the 90 days before it.
  const file = path.join(dir, `stats-${total}-${today}-v2.db`);
  if (fs.existsSync(file)) {
    const raw = new Database(file, { readonly: true });
    const n = (raw.prepare('select count(*) as n from listing_stats_daily').get() as { n: number }).n;
    raw.close();
    return { file, buildS: 0, viewRows: n };
  }
  const t0 = performance.now();
  const tmp = `${file}.building`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
  await migratedFile(tmp);
  const raw = new Database(tmp);
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -500000');
  raw.pragma('temp_store = MEMORY');
  const now = Date.now();
  raw.exec('begin');
  raw.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
    insert into dealers (slug, name, city, markets, created_at) select 'd-' || i, 'Dealer ' || i, null, '["ar"]', ${now} from n`);
  raw.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${total})
    insert into vehicles (dealer_id, market, external_id, listing_id, status, source, brand, model, year, price_cents, currency, mileage,
      condition, photo_urls, photos_pending, content_hash, last_sent_at, created_at, updated_at, active_since)
    select case when i <= ${MEASURED_CARS} then 1 else 2 + (i % 499) end, 'ar', 'S-' || i, printf('L%09d', i), 'active', 'api',
      'Brand' || (i % 20), 'Model' || ((i / 20) % 10), 2010 + ((i / 200) % 15), 100000000 + ((i * 7919) % 50000000) * 100, 'ARS', 1000,
      case when (i / 3000) % 2 = 0 then 'used' else 'new' end, '[]', 0, 'h' || i, ${now}, ${now}, ${now}, ${now - 40 * 86_400_000} from n`);
  raw.exec(`with recursive d(k) as (select 0 union all select k + 1 from d where k < ${MEASURED_DAYS - 1})
    insert into listing_stats_daily (vehicle_id, day, dealer_id, market, views, phone, whatsapp, inquiries)
    select v.id, date('${today}', '-' || k || ' days'), v.dealer_id, 'ar', (v.id * 31 + k * 17) % 40, (v.id + k) % 7 = 0, (v.id + k) % 11 = 0, (v.id + k) % 13 = 0
    from vehicles v join d where v.dealer_id = 1 order by v.id, k`);
  raw.exec(`with recursive d(k) as (select 0 union all select k + 1 from d where k < ${OTHER_DAYS - 1})
    insert into listing_stats_daily (vehicle_id, day, dealer_id, market, views, phone, whatsapp, inquiries)
    select v.id, date('${today}', '-' || k || ' days'), v.dealer_id, 'ar', (v.id * 31 + k * 17) % 40, 0, 0, 0
    from vehicles v join d where v.dealer_id <> 1 order by v.id, k`);
  // The dealerships' days (P143), as the flush keeps them beside the cars' rows.
  raw.exec(`insert into listing_stats_dealer_daily (dealer_id, day, market, views, phone, whatsapp, inquiries)
    select dealer_id, day, market, sum(views), sum(phone), sum(whatsapp), sum(inquiries) from listing_stats_daily group by dealer_id, day, market`);
  raw.exec('commit');
  raw.exec('analyze');
  const viewRows = (raw.prepare('select count(*) as n from listing_stats_daily').get() as { n: number }).n;
  raw.close();
  fs.renameSync(tmp, file);
  return { file, buildS: (performance.now() - t0) / 1000, viewRows };
}

const p95 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export const STATS_SCALE_BENCHMARKS: Benchmark[] = [
  {
    name: 'stats_scale',
    description: 'listing statistics at 1 000 000 cars and ~10 000 000 view rows (SQLite): the two endpoints p95 and their 1M ÷ 20k ratio, market position p95',
    async run(ctx) {
      const dir = process.env.BENCH_STATS_DATA_DIR ?? DATA_DIR;
      fs.mkdirSync(dir, { recursive: true });
      const size = Number(process.env.BENCH_STATS_CARS ?? 1_000_000);
      const today = localDate(Date.now(), ZONE);
      const big = await dataset(dir, size, today);
      const small = await dataset(ctx.tmpDir, 20_000, today);
      const stores: Store[] = [openStore({ url: `sqlite:${big.file}` }), openStore({ url: `sqlite:${small.file}` })];
      try {
        const dealer = { id: 1, slug: 'd-1', name: 'Dealer 1', city: null, markets: ['ar'], timeZone: ZONE };
        const from = addDays(today, -(MEASURED_DAYS - 1));
        const times = { car: [[], []] as number[][], dealer: [[], []] as number[][] };
        // Warm both stores' caches, then take turns call by call.
        for (let w = 0; w < 20; w++) for (const s of stores) await vehicleStats({ store: s, clock: systemClock }, dealer, `S-${1 + w}`, { from, to: today });
        for (let c = 0; c < CALLS; c++) {
          const id = `S-${1 + ((c * 37) % MEASURED_CARS)}`;
          for (const [k, s] of stores.entries()) {
            const deps = { store: s, clock: systemClock };
            times.car[k]!.push(await timed(() => vehicleStats(deps, dealer, id, { from, to: today })));
            if (c < DEALER_CALLS) times.dealer[k]!.push(await timed(() => dealerStats(deps, dealer, {})));
          }
        }
        // Market position of cars anywhere in the big store.
        const position: number[] = [];
        const db = stores[0]!.db;
        for (let c = 0; c < POSITION_CALLS; c++) {
          const id = 1 + ((c * 104_729) % size);
          const car = await db.selectFrom('vehicles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          position.push(await timed(async () => positionOf(car.price_cents, car.currency, await comparablePrices(db, car))));
        }
        const sample = await db.selectFrom('vehicles').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
        const comparables = (await comparablePrices(db, sample)).length;
        const label = size === 1_000_000 ? '1M' : `${size / 1000}k`;
        const figures: Figure[] = [
          { key: 'stats_scale_cars', label: 'cars in the large store', value: size, unit: 'cars', decimals: 0 },
          { key: 'stats_scale_view_rows', label: 'daily view rows in the large store', value: big.viewRows, unit: 'rows', decimals: 0 },
          { key: 'stats_scale_build_s', label: 'building the large store (0: reused)', value: big.buildS, unit: 's', decimals: 1 },
          {
            key: 'stats_scale_vehicle_p95_ms',
            label: `vehicle stats (90 days) p95 at ${label}`,
            value: p95(times.car[0]!),
            unit: 'ms',
            decimals: 2,
            target: { op: '<=', value: 20 },
          },
          { key: 'stats_scale_vehicle_20k_p95_ms', label: 'vehicle stats (90 days) p95 at 20k', value: p95(times.car[1]!), unit: 'ms', decimals: 2 },
          {
            key: 'stats_scale_vehicle_ratio',
            label: `vehicle stats p95 ${label} ÷ 20k`,
            value: p95(times.car[0]!) / p95(times.car[1]!),
            unit: '×',
            decimals: 2,
            target: { op: '<=', value: 1.5 },
          },
          {
            key: 'stats_scale_dealer_p95_ms',
            label: `dealer stats (30 days) p95 at ${label}`,
            value: p95(times.dealer[0]!),
            unit: 'ms',
            decimals: 2,
            target: { op: '<=', value: 20 },
          },
          { key: 'stats_scale_dealer_20k_p95_ms', label: 'dealer stats (30 days) p95 at 20k', value: p95(times.dealer[1]!), unit: 'ms', decimals: 2 },
          {
            key: 'stats_scale_dealer_ratio',
            label: `dealer stats p95 ${label} ÷ 20k`,
            value: p95(times.dealer[0]!) / p95(times.dealer[1]!),
            unit: '×',
            decimals: 2,
            target: { op: '<=', value: 1.5 },
          },
          {
            key: 'stats_scale_position_p95_ms',
            label: `market position p95 at ${label}`,
            value: p95(position),
            unit: 'ms',
            decimals: 2,
            target: { op: '<=', value: 5 },
          },
          { key: 'stats_scale_comparables', label: 'comparables of a car (sample)', value: comparables, unit: 'cars', decimals: 0 },
        ];
        return figures;
      } finally {
        for (const s of stores) await s.close();
      }
    },
  },
];
