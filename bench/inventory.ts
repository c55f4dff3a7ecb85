// Benchmarks of the vehicles API on the real server (SQLite): one car read and written under
// load, and whole-stock calls (sync of 500, reconcile of 20000) timed one call at a time,
// each beside the same database work done straight with Kysely in this process
// (baseline-db.ts), measured in the same run.
import { countRows, rawReconcile, rawRestore, rawUpsert, vehicleRow, type CarInput } from './baseline-db.js';
import {
  BenchError,
  MODELS,
  assertAll2xx,
  expectJson,
  httpGet,
  send,
  load,
  median,
  noise,
  withOtherCpu,
  type Answer,
  type Benchmark,
  type Figure,
} from './lib.js';
import { aCar } from '../test/support/cars.js';
import { photoUrls } from '../test/support/photos.js';

/** Cars per sync call (the API's maximum). */
const SYNC_SIZE = 500;
/** Counted rounds of the sync benchmark (one uncounted warm-up round comes first). */
const SYNC_ROUNDS = 5;
/** Reconcile: cars of the dealership, and how many of them the list leaves out. */
const STOCK = 20_000;
const MISSING = 1_000;
const RECONCILE_ROUNDS = 3;

// ---------------------------------------------------------------------------------------------
// Cars.

/** A valid car for market ar; `i` varies the model, price and mileage a little. */
function car(externalId: string, i: number): CarInput {
  const m = MODELS[i % MODELS.length]!;
  return {
    external_id: externalId,
    ...aCar({
      brand: m.brand,
      model: m.model,
      year: m.year,
      price: 5_500_000 + (i % 50) * 10_000,
      mileage: 98_000 + (i % 97) * 1_000,
      fuel: 'gasoline',
      photos: photoUrls(externalId),
    }),
  };
}

/** The PUT body of a car: the same fields, the stock ID being in the path. */
function putBody(c: CarInput): string {
  // JSON.stringify leaves out a key whose value is undefined; the others keep their order.
  return JSON.stringify({ ...c, external_id: undefined });
}

/** Times strictly increasing from one call to the next, so a row's updated_at tells which write it had. */
let lastNow = 0;
const tick = (): number => (lastNow = Math.max(Date.now(), lastNow + 1));

interface SyncAnswer {
  created?: number;
  updated?: number;
  sold?: number;
  errors?: unknown[];
}

const syncIs = (created: number, updated: number) => (b: SyncAnswer) =>
  b.created === created && b.updated === updated && b.sold === 0 && Array.isArray(b.errors) && b.errors.length === 0;

interface VehicleAnswer {
  result?: string;
  vehicle?: { external_id?: string; status?: string; price?: string; updated_at?: string | null };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}

const ms = (key: string, label: string, value: number, decimals = 1): Figure => ({ key, label, value, unit: 'ms', decimals });
const ratio = (key: string, label: string, value: number, max: number): Figure => ({
  key,
  label,
  value,
  unit: '×',
  decimals: 1,
  target: { op: '<=', value: max },
});

// ---------------------------------------------------------------------------------------------

export const INVENTORY_BENCHMARKS: Benchmark[] = [
  {
    name: 'get_vehicle',
    description: 'real server, GET /v1/vehicles/{id} of an existing car with the key',
    needs: ['bare'],
    async run(ctx) {
      const s = await ctx.real();
      const id = 'BENCH-GET-1';
      const url = `${s.baseUrl}/v1/vehicles/${id}`;
      const put = await send('PUT', url, s.key, putBody(car(id, 0)));
      expectJson<VehicleAnswer>('PUT of the car to read', put, 201, (b) => b.result === 'created' && b.vehicle?.external_id === id);
      const headers = { authorization: `Bearer ${s.key}` };
      const probe = await httpGet(url, headers);
      expectJson<VehicleAnswer>(`GET /v1/vehicles/${id}`, { ...probe, text: probe.body, ms: 0 }, 200, (b) => b.vehicle?.external_id === id);
      const r = await load(url, headers, ctx.loadOptions, s.child.pid);
      assertAll2xx(`GET /v1/vehicles/${id}`, r);
      return [
        { key: 'get_vehicle_rps', label: 'GET /v1/vehicles/{id} throughput', value: r.reqPerSec, unit: 'req/s', decimals: 0 },
        { key: 'get_vehicle_p99_ms', label: 'GET /v1/vehicles/{id} p99 latency', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        {
          key: 'get_vehicle_ratio_pct',
          label: 'GET /v1/vehicles/{id} ÷ bare',
          value: (100 * r.reqPerSec) / ctx.figure('bare_rps'),
          unit: '%',
          decimals: 1,
          target: { op: '>=', value: 40 },
        },
        ...noise('get_vehicle', r),
      ];
    },
  },
  {
    name: 'put_update',
    description: 'real server, PUT /v1/vehicles/{id} of an existing car, the same JSON body every time (sent again unchanged)',
    async run(ctx) {
      const s = await ctx.real();
      const id = 'BENCH-PUT-1';
      const url = `${s.baseUrl}/v1/vehicles/${id}`;
      const body = putBody(car(id, 1));
      const created = expectJson<VehicleAnswer>('first PUT (creates the car)', await send('PUT', url, s.key, body), 201, (b) => b.result === 'created');
      // The body the load sends: an update that changes nothing (updated_at stays).
      const again = (what: string, a: Answer) =>
        expectJson<VehicleAnswer>(
          what,
          a,
          200,
          (b) => b.result === 'updated' && b.vehicle?.external_id === id && b.vehicle.updated_at === created.vehicle?.updated_at,
        );
      again('PUT of the same body (probe)', await send('PUT', url, s.key, body));
      const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
      const r = await load(url, headers, ctx.loadOptions, s.child.pid, { method: 'PUT', body });
      assertAll2xx(`PUT /v1/vehicles/${id}`, r);
      const codes = Object.keys(r.statusCodes);
      if (codes.length !== 1 || codes[0] !== '200')
        throw new BenchError(`PUT /v1/vehicles/${id}: expected only 200 under load, got ${JSON.stringify(r.statusCodes)}`);
      again('PUT of the same body after the load', await send('PUT', url, s.key, body));
      return [
        { key: 'put_update_rps', label: 'PUT /v1/vehicles/{id} throughput (sent again unchanged)', value: r.reqPerSec, unit: 'req/s', decimals: 0 },
        { key: 'put_update_p99_ms', label: 'PUT /v1/vehicles/{id} p99 latency (unchanged)', value: r.latencyP99Ms, unit: 'ms', decimals: 1 },
        ...noise('put_update', r),
      ];
    },
  },
  {
    name: 'sync',
    description: `POST /v1/vehicles/sync of ${SYNC_SIZE} cars (new / changed price / unchanged), median of ${SYNC_ROUNDS} rounds, vs a raw Kysely upsert`,
    async run(ctx) {
      const s = await ctx.real();
      const key = await ctx.dealer('bench-sync');
      const base = await ctx.baseline();
      const rawDealer = await base.addDealer('bench-sync');
      const url = `${s.baseUrl}/v1/vehicles/sync`;
      const t = { created: [] as number[], createdRaw: [] as number[], updated: [] as number[], updatedRaw: [] as number[], unchanged: [] as number[] };

      const { otherCpuPct } = await withOtherCpu([process.pid, s.child.pid], async () => {
        // Round 0 warms up (JIT, connection) and is not counted.
        for (let round = 0; round <= SYNC_ROUNDS; round++) {
          const cars = Array.from({ length: SYNC_SIZE }, (_, i) => car(`SYNC-${round}-${i}`, i));
          const changed = cars.map((c) => ({ ...c, price: c.price + 100_000 }));
          const newBody = JSON.stringify({ vehicles: cars });
          const changedBody = JSON.stringify({ vehicles: changed });
          const what = (kind: string) => `sync of ${SYNC_SIZE} ${kind} (round ${round})`;

          const created = await send('POST', url, key, newBody);
          expectJson(what('new cars'), created, 200, syncIs(SYNC_SIZE, 0));
          const createdAt = tick();
          const newRows = cars.map((c) => vehicleRow(c, rawDealer, createdAt));
          const createdRaw = await timed(() => rawUpsert(base.store, newRows));

          const updated = await send('POST', url, key, changedBody);
          expectJson(what('cars with a new price'), updated, 200, syncIs(0, SYNC_SIZE));
          const updatedAt = tick();
          const changedRows = changed.map((c) => vehicleRow(c, rawDealer, updatedAt));
          const updatedRaw = await timed(() => rawUpsert(base.store, changedRows));

          const last = round === SYNC_ROUNDS;
          const sample = changed[SYNC_SIZE - 1]!;
          const sampleUrl = `${s.baseUrl}/v1/vehicles/${sample.external_id}`;
          const before = last
            ? expectJson<VehicleAnswer>('GET of a synced car', await send('GET', sampleUrl, key), 200, (b) => b.vehicle?.price === sample.price.toFixed(2))
            : undefined;

          const unchanged = await send('POST', url, key, changedBody);
          expectJson(what('unchanged cars'), unchanged, 200, syncIs(0, SYNC_SIZE));
          if (before) {
            // Sent again unchanged: the car keeps its updated_at.
            expectJson<VehicleAnswer>(
              'GET of a car synced again unchanged',
              await send('GET', sampleUrl, key),
              200,
              (b) => b.vehicle?.updated_at === before.vehicle?.updated_at,
            );
          }

          // The baseline did write what it was meant to (not timed).
          const rows = await countRows(base.store, rawDealer);
          const rewritten = await countRows(base.store, rawDealer, { updatedAt });
          if (rows !== SYNC_SIZE * (round + 1) || rewritten !== SYNC_SIZE) {
            throw new BenchError(
              `raw upsert (round ${round}): ${rows} rows (expected ${SYNC_SIZE * (round + 1)}), ${rewritten} updated by the second upsert (expected ${SYNC_SIZE})`,
            );
          }
          if (round === 0) continue;
          t.created.push(created.ms);
          t.createdRaw.push(createdRaw.ms);
          t.updated.push(updated.ms);
          t.updatedRaw.push(updatedRaw.ms);
          t.unchanged.push(unchanged.ms);
        }
      });

      const m = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, median(v)])) as Record<keyof typeof t, number>;
      return [
        ms('sync_new_ms', `sync of ${SYNC_SIZE} new cars (median of ${SYNC_ROUNDS})`, m.created),
        ms('sync_new_raw_ms', `raw Kysely upsert of ${SYNC_SIZE} new rows, 1 transaction`, m.createdRaw),
        ratio('sync_new_ratio', 'sync new ÷ raw', m.created / m.createdRaw, 10),
        ms('sync_update_ms', `sync of ${SYNC_SIZE} cars with a new price`, m.updated),
        ms('sync_update_raw_ms', `raw Kysely upsert of ${SYNC_SIZE} changed rows`, m.updatedRaw),
        ratio('sync_update_ratio', 'sync update ÷ raw', m.updated / m.updatedRaw, 10),
        ms('sync_unchanged_ms', `sync of the same ${SYNC_SIZE} cars again, unchanged`, m.unchanged),
        ...noise('sync', { otherCpuPct }),
      ];
    },
  },
  {
    name: 'reconcile',
    description: `POST /v1/vehicles/reconcile of ${STOCK - MISSING} of ${STOCK} stock IDs (${MISSING} sold), median of ${RECONCILE_ROUNDS}, vs temp table + UPDATE … NOT IN`,
    async run(ctx) {
      const s = await ctx.real();
      const key = await ctx.dealer('bench-rec');
      const base = await ctx.baseline();
      const rawDealer = await base.addDealer('bench-rec');
      const syncUrl = `${s.baseUrl}/v1/vehicles/sync`;
      const reconcileUrl = `${s.baseUrl}/v1/vehicles/reconcile`;
      const cars = Array.from({ length: STOCK }, (_, i) => car(`REC-${i}`, i));
      const listed = cars.slice(0, STOCK - MISSING).map((c) => c.external_id);
      const missing = cars.slice(STOCK - MISSING);
      const syncAll = async (list: CarInput[], created: number, what: string) => {
        for (let i = 0; i < list.length; i += SYNC_SIZE) {
          const part = list.slice(i, i + SYNC_SIZE);
          const a = await send('POST', syncUrl, key, JSON.stringify({ vehicles: part }));
          expectJson(`${what} (cars ${i}–${i + part.length - 1})`, a, 200, syncIs(created ? part.length : 0, created ? 0 : part.length));
        }
      };

      // Set-up, not counted: the stock, with 40 syncs of 500 new cars.
      const setup = await timed(() => syncAll(cars, 1, `set-up sync of ${SYNC_SIZE} new cars`));
      await rawUpsert(
        base.store,
        cars.map((c) => vehicleRow(c, rawDealer, tick())),
      );
      if ((await countRows(base.store, rawDealer)) !== STOCK) throw new BenchError(`baseline set-up: not ${STOCK} rows`);

      const body = JSON.stringify({ external_ids: listed });
      const times: number[] = [];
      const rawTimes: number[] = [];
      const { otherCpuPct } = await withOtherCpu([process.pid, s.child.pid], async () => {
        for (let round = 0; round < RECONCILE_ROUNDS; round++) {
          const a = await send('POST', reconcileUrl, key, body);
          expectJson<{ result?: string; sold?: number; kept?: number; unknown?: number }>(
            `reconcile (round ${round})`,
            a,
            200,
            (b) => b.result === 'reconciled' && b.sold === MISSING && b.kept === STOCK - MISSING && b.unknown === 0,
          );
          times.push(a.ms);
          const raw = await timed(() => rawReconcile(base.store, rawDealer, listed, tick()));
          if (raw.value !== MISSING) throw new BenchError(`raw reconcile (round ${round}) marked ${raw.value} rows sold, not ${MISSING}`);
          rawTimes.push(raw.ms);
          if (round < RECONCILE_ROUNDS - 1) {
            // Back for sale, not timed: the missing cars synced again (2 calls), their rows reset.
            await syncAll(missing, 0, 'sync putting the sold cars back for sale');
            const restored = await rawRestore(
              base.store,
              rawDealer,
              missing.map((c) => c.external_id),
            );
            if (restored !== MISSING) throw new BenchError(`raw restore put ${restored} rows back, not ${MISSING}`);
          }
        }
      });
      // The right cars were marked sold.
      const statusOf = async (id: string) =>
        expectJson<VehicleAnswer>(`GET /v1/vehicles/${id}`, await send('GET', `${s.baseUrl}/v1/vehicles/${id}`, key), 200, (b) => b.vehicle?.external_id === id)
          .vehicle?.status;
      const soldStatus = await statusOf(missing[0]!.external_id);
      const keptStatus = await statusOf(listed[0]!);
      if (soldStatus !== 'sold' || keptStatus === 'sold') throw new BenchError(`after reconcile: a missing car is ${soldStatus}, a listed one ${keptStatus}`);
      if ((await countRows(base.store, rawDealer, { status: 'sold' })) !== MISSING) throw new BenchError(`raw reconcile: not ${MISSING} rows sold at the end`);

      const real = median(times);
      const raw = median(rawTimes);
      return [
        {
          key: 'reconcile_setup_s',
          label: `reconcile set-up: ${STOCK / SYNC_SIZE} syncs of ${SYNC_SIZE} new cars (not counted)`,
          value: setup.ms / 1000,
          unit: 's',
          decimals: 1,
        },
        ms('reconcile_ms', `reconcile, ${STOCK - MISSING} IDs listed of ${STOCK} (median of ${RECONCILE_ROUNDS})`, real),
        ms('reconcile_raw_ms', 'raw: temp table + UPDATE … NOT IN, 1 transaction', raw),
        ratio('reconcile_ratio', 'reconcile ÷ raw', real / raw, 3),
        ...noise('reconcile', { otherCpuPct }),
      ];
    },
  },
];
