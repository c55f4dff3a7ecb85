// The price rating's cost (D44, issue 40, P228):
//   price_rating_read: GET /v1/vehicles/{id} on the real server of a rated car against the same
//     car unrated (price_rating null: what the read cost before the rating), taking turns in the
//     same run; the ratio's target is ≥ 90 %. The read takes the stored expected price off the
//     car's row: no comparables are read per request.
//   price_rating_scale: a whole market of 1 000 000 cars for sale (SQLite, built once into
//     bench/.data/ with SQL) rated family by family as the daily pass's jobs do (rateFamily, in
//     this process), first pass (every car written) and a second pass (nothing changed): total
//     seconds against the budget of P228 (the whole market within 15 minutes of one worker, 1 %
//     of the day), and the slowest family's job. --quick: 100 000 cars.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { openStore } from '../src/core/db/store.js';
import { allFamilies } from '../src/modules/pricing/repository.js';
import { rateFamily } from '../src/modules/pricing/service.js';
import { migratedFile } from './baseline-db.js';
import { BenchError, expectJson, load, median, send, type Benchmark, type Figure, type LoadResult } from './lib.js';
import { photoUrls } from '../test/support/photos.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_DIR = path.join(ROOT, 'bench/.data');
const TURNS = 4;
/** P228's budget of the daily pass over a market, one worker. */
const BUDGET_S = 15 * 60;

/** A market of `total` cars: 25 brands × 12 models × 2 conditions, years 2008–2025, mileage and price by year. */
async function market(dir: string, total: number): Promise<{ file: string; buildS: number }> {
  const file = path.join(dir, `pricing-${total}-v1.db`);
  if (fs.existsSync(file)) return { file, buildS: 0 };
  const t0 = performance.now();
  const tmp = `${file}.building`;
  for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
  await migratedFile(tmp);
  const raw = new Database(tmp);
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -500000');
  const now = Date.now();
  raw.exec('begin');
  raw.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < 500)
    insert into dealers (slug, name, city, markets, created_at) select 'd-' || i, 'Dealer ' || i, null, '["ar"]', ${now} from n`);
  // Price: a base per model, 9 % less a year of age, less with mileage, ±15 % of noise.
  raw.exec(`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${total}),
    c(i, y, km) as (select i, 2008 + ((i * 7) % 18), 5000 + ((i * 7919) % 40) * 5000 * (1 + (2025 - (2008 + ((i * 7) % 18))) / 4) from n)
    insert into vehicles (dealer_id, market, external_id, listing_id, status, source, brand, model, year, version, price_cents, currency, mileage,
      condition, photo_urls, photos_pending, content_hash, last_sent_at, created_at, updated_at, active_since)
    select 1 + (i % 500), 'ar', 'P-' || i, printf('L%09d', i), 'active', 'api', 'Brand' || (i % 25), 'Model' || ((i / 25) % 12), y,
      case (i % 3) when 0 then 'Base' when 1 then 'Full' else null end,
      cast((1000000000 + ((i / 25) % 12) * 50000000) * power(0.91, 2025 - y) * power((1 + km) / 60001.0, -0.15) * (0.85 + ((i * 104729) % 300) / 1000.0) as integer),
      'ARS', km, case when (i / 300) % 5 = 0 then 'new' else 'used' end, '[]', 0, 'h' || i, ${now}, ${now}, ${now}, ${now} from c`);
  raw.exec('commit');
  raw.exec('analyze');
  raw.close();
  fs.renameSync(tmp, file);
  return { file, buildS: (performance.now() - t0) / 1000 };
}

export const PRICING_BENCHMARKS: Benchmark[] = [
  {
    name: 'price_rating_read',
    description: 'GET /v1/vehicles/{id} of a rated car against the same car unrated, real server, taking turns (target ≥ 90 %)',
    async run(ctx) {
      const s = await ctx.real();
      const key = await ctx.dealer('bench-rating');
      // 12 cars of a family; the server runs no jobs (JOB_CONCURRENCY=0), so they are made for sale and rated here, in its store.
      const cars = Array.from({ length: 12 }, (_, i) => ({
        external_id: `RATE-${i}`,
        brand: 'Toyota',
        model: 'Corolla',
        year: 2016 + (i % 3),
        mileage: 40_000 + i * 7_000,
        price: 15_000_000 + (i % 3) * 1_500_000 - i * 50_000,
        photos: photoUrls(`rate-${i}`),
      }));
      expectJson('sync of the family', await send('POST', `${s.baseUrl}/v1/vehicles/sync`, key, JSON.stringify({ vehicles: cars })), 200, () => true);
      const store = openStore({ url: `sqlite:${path.join(ctx.tmpDir, 'bench.db')}` });
      try {
        await store.db.updateTable('vehicles').set({ status: 'active' }).where('external_id', 'like', 'RATE-%').execute();
        const out = await rateFamily(store.db, { market: 'ar', brand: 'Toyota', model: 'Corolla', condition: 'used', currency: 'ARS' });
        if (out.written < 12) throw new BenchError(`the family was not rated (${JSON.stringify(out)})`);
        // The unrated twin: the same car, its rating taken off (as every car read before D44).
        await store.db.updateTable('vehicles').set({ price_expected_cents: null, price_comparables: null }).where('external_id', '=', 'RATE-11').execute();
      } finally {
        await store.close();
      }
      const headers = { authorization: `Bearer ${key}` };
      const runs = [
        { path: '/v1/vehicles/RATE-0', rated: true, got: [] as LoadResult[] },
        { path: '/v1/vehicles/RATE-11', rated: false, got: [] as LoadResult[] },
      ];
      for (const r of runs) {
        const probe = await send('GET', `${s.baseUrl}${r.path}`, key);
        expectJson(`GET ${r.path}`, probe, 200, (b) => ((b as { vehicle?: { price_rating: unknown } }).vehicle?.price_rating !== null) === r.rated);
      }
      const o = ctx.loadOptions;
      for (let turn = 0; turn < TURNS; turn++) {
        for (const r of turn % 2 ? [...runs].reverse() : runs) {
          r.got.push(
            await load(`${s.baseUrl}${r.path}`, headers, { ...o, durationS: o.durationS / TURNS, warmupS: turn === 0 ? o.warmupS : 0.5 }, s.child.pid),
          );
        }
      }
      const rated = median(runs[0]!.got.map((g) => g.reqPerSec));
      const unrated = median(runs[1]!.got.map((g) => g.reqPerSec));
      return [
        { key: 'price_rating_read_rps', label: 'GET /v1/vehicles/{id} of a rated car', value: rated, unit: 'req/s', decimals: 0 },
        { key: 'price_rating_unrated_rps', label: 'GET /v1/vehicles/{id} of the same car unrated', value: unrated, unit: 'req/s', decimals: 0 },
        {
          key: 'price_rating_read_ratio',
          label: 'rated ÷ unrated throughput of GET /v1/vehicles/{id}',
          value: (rated / unrated) * 100,
          unit: '%',
          decimals: 0,
          target: { op: '>=', value: 90 },
        },
      ] satisfies Figure[];
    },
  },
  {
    name: 'price_rating_scale',
    description: 'rating a market of 1 000 000 cars family by family (SQLite, in this process): first pass and an unchanged pass, against 15 min',
    async run(ctx) {
      const dir = process.env.BENCH_PRICING_DATA_DIR ?? DATA_DIR;
      fs.mkdirSync(dir, { recursive: true });
      const size = ctx.quick ? 100_000 : Number(process.env.BENCH_PRICING_CARS ?? 1_000_000);
      const built = await market(dir, size);
      // A copy per run: the first pass writes every car, and the next run must start unrated too.
      const file = path.join(ctx.tmpDir, `pricing-${size}.db`);
      fs.copyFileSync(built.file, file);
      const store = openStore({ url: `sqlite:${file}` });
      try {
        const families = await allFamilies(store.db);
        const pass = async () => {
          const t0 = performance.now();
          let slowest = 0;
          let written = 0;
          for (const f of families) {
            const f0 = performance.now();
            written += (await rateFamily(store.db, f)).written;
            slowest = Math.max(slowest, performance.now() - f0);
          }
          return { s: (performance.now() - t0) / 1000, slowest, written };
        };
        const first = await pass();
        const again = await pass();
        const rated = await store.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('price_expected_cents', 'is not', null)
          .executeTakeFirstOrThrow();
        return [
          { key: 'price_rating_scale_cars', label: 'cars for sale in the market', value: size, unit: 'cars', decimals: 0 },
          { key: 'price_rating_scale_families', label: 'model families', value: families.length, unit: 'families', decimals: 0 },
          { key: 'price_rating_scale_rated', label: 'cars with a rating after the pass', value: Number(rated.n), unit: 'cars', decimals: 0 },
          {
            key: 'price_rating_scale_first_s',
            label: 'first pass (every car written)',
            value: first.s,
            unit: 's',
            decimals: 1,
            target: { op: '<=', value: BUDGET_S },
          },
          {
            key: 'price_rating_scale_again_s',
            label: 'pass with nothing changed',
            value: again.s,
            unit: 's',
            decimals: 1,
            target: { op: '<=', value: BUDGET_S },
          },
          { key: 'price_rating_scale_budget_pct', label: 'first pass ÷ the 15-minute budget', value: (first.s / BUDGET_S) * 100, unit: '%', decimals: 1 },
          { key: 'price_rating_scale_slowest_ms', label: "slowest family's job", value: first.slowest, unit: 'ms', decimals: 0 },
          { key: 'price_rating_scale_build_s', label: 'market built (0: reused)', value: built.buildS, unit: 's', decimals: 0, noise: true },
        ] satisfies Figure[];
      } finally {
        await store.close();
      }
    },
  },
];
