// Benchmarks of the dealer panel (D27) on a real server of its own (SQLite, no job worker):
//
//   panel   a dealership with 20 000 cars and 5 000 leads (written straight into the store in
//           batches; a third of the leads unread and waiting, P100) and a signed-in owner;
//           GET /panel/inventory (first page), a search (q=Corolla&status=active), a search that
//           matches nothing (every car of the dealership read), the overview, the inbox (first
//           page, and a search by buyer name), each page with the navigation's unread count, and
//           GET /health beside them as the baseline: p95 of one request at a time on a
//           kept-alive loopback connection (no queueing: the server's own time plus the
//           loopback). Then the password KDF's CPU time per sign-in (process.cpuUsage around
//           verifyPassword: scrypt runs on libuv's pool, whose CPU the process counts), median of 10.
//
//   BENCH_PANEL_REQUESTS=200   timed requests per address (after 20 uncounted)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../src/core/clock.js';
import { openStore, type Store } from '../src/core/db/store.js';
import { writeTransaction } from '../src/core/db/transaction.js';
import type { DB, NewVehicle, VehicleStatus } from '../src/core/db/schema.js';
import type { Insertable } from 'kysely';
import { hashPassword, verifyPassword } from '../src/modules/users/password.js';
import { inviteUserToDealer, useLink } from '../src/modules/users/service.js';
import { insertVehicles } from '../src/modules/vehicles/repository.js';
import { vehicleRow } from './baseline-db.js';
import { BenchError, MODELS, createDealer, median, noise, startOwnServer, withOtherCpu, type Benchmark, type Figure } from './lib.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const STOCK = Number(process.env.BENCH_PANEL_CARS ?? 20_000);
const LEADS = Number(process.env.BENCH_PANEL_LEADS ?? 5_000);
const LEAD_BATCH = 500;
/** Rows a write transaction while seeding. */
const SEED_BATCH = 2_000;
const WARMUP = 20;
const KDF_ROUNDS = 10;
const PASSWORD = 'correct horse battery staple';

/** 7 in 10 cars published, the rest spread over the other statuses. */
const STATUS_CYCLE: VehicleStatus[] = ['active', 'active', 'active', 'active', 'active', 'active', 'active', 'in_review', 'sold', 'importing_photos'];

function requestsPerAddress(): number {
  const raw = process.env.BENCH_PANEL_REQUESTS;
  const n = raw ? Number(raw) : 200;
  if (!Number.isInteger(n) || n < 20) throw new BenchError(`BENCH_PANEL_REQUESTS must be a whole number ≥ 20 (got "${raw}")`);
  return n;
}

/** The 95th percentile (nearest rank) of a non-empty list. */
function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)]!;
}

/** The dealership's 20 000 cars, written in a few transactions, newest update first by stock number. */
async function seedCars(store: Store, dealerId: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < STOCK; start += SEED_BATCH) {
    const rows: NewVehicle[] = [];
    for (let i = start; i < Math.min(STOCK, start + SEED_BATCH); i++) {
      const m = MODELS[i % MODELS.length]!;
      const id = `PNL-${i}`;
      const photos = [1, 2, 3].map((n) => `https://img.example.com/${id}/${n}.jpg`);
      const row = vehicleRow(
        { external_id: id, ...m, price: 5_500_000 + (i % 50) * 10_000, mileage: 98_000 + (i % 97) * 1_000, fuel: 'gasoline', photos },
        dealerId,
        now - i * 1000,
      );
      const photoState = photos.map((source_url) => ({ source_url, status: 'pending', reason: null, file_id: null, ext: null }));
      rows.push({ ...row, status: STATUS_CYCLE[i % STATUS_CYCLE.length]!, photo_state: JSON.stringify(photoState) });
    }
    await writeTransaction(store, (trx) => insertVehicles(trx, rows).then(() => undefined));
  }
  // Published cars show a photo in the list (a made-up file: the list only writes its address).
  await store.db
    .updateTable('vehicles')
    .set({ shown_photos: JSON.stringify([{ file_id: 'a'.repeat(64), ext: 'jpg' }]) })
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'active')
    .execute();
}

/** 5 000 leads on the published cars (two on each of the first 2 500), each with its buyer and one message; every third unread and waiting. */
async function seedLeads(store: Store, dealerId: number): Promise<void> {
  const now = Date.now();
  const cars = await store.db
    .selectFrom('vehicles')
    .select(['id', 'external_id', 'listing_id'])
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(LEADS / 2)
    .execute();
  for (let start = 0; start < LEADS; start += LEAD_BATCH) {
    await writeTransaction(store, async (trx) => {
      const rows: Insertable<DB['leads']>[] = [];
      for (let i = start; i < Math.min(LEADS, start + LEAD_BATCH); i++) {
        const car = cars[i % cars.length]!;
        const at = now - (LEADS - i) * 60_000;
        const waiting = i % 3 === 0;
        rows.push({
          dealer_id: dealerId,
          vehicle_id: car.id,
          external_id: car.external_id,
          listing_id: car.listing_id,
          stage: waiting ? ('new' as const) : ('contacted' as const),
          messages: 1,
          last_message: `Hola, ¿sigue disponible? Consulta ${i}`,
          created_at: at,
          updated_at: at,
          unread: waiting ? 1 : 0,
          last_activity_at: at,
          waiting_since: waiting ? at : null,
        });
      }
      const made = await trx.insertInto('leads').values(rows).returning(['id', 'created_at']).execute();
      await trx
        .insertInto('lead_contacts')
        .values(
          made.map((m, k) => ({
            lead_id: m.id,
            vehicle_id: rows[k]!.vehicle_id,
            name: `Comprador ${start + k}`,
            email: `buyer${start + k}@example.com`,
            phone: null,
            email_key: `buyer${start + k}@example.com`,
            phone_key: null,
          })),
        )
        .execute();
      await trx
        .insertInto('lead_messages')
        .values(made.map((m, k) => ({ lead_id: m.id, body: rows[k]!.last_message ?? '', created_at: m.created_at, author: 'buyer' as const })))
        .execute();
    });
  }
}

/** Times `n` GETs of `url` one after the other (after WARMUP uncounted), checking each answer. */
async function timeGets(url: string, cookie: string | undefined, n: number, check: (status: number, body: string) => boolean): Promise<number[]> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const out: number[] = [];
  for (let i = 0; i < WARMUP + n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (!check(res.status, body)) throw new BenchError(`GET ${url}: unexpected answer ${res.status}: ${body.slice(0, 400)}`);
    if (i >= WARMUP) out.push(ms);
  }
  return out;
}

const leadRowsOf = (body: string) => (body.match(/<li[^>]* data-lead="\d+">/g) ?? []).length;
const rowsOf = (body: string) => (body.match(/<a class="row-link" href="\/panel\/inventory\/\d+">/g) ?? []).length;

/** CPU time of the process (all its threads, libuv's pool included) while `fn` runs, in ms. */
async function cpuMs(fn: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const d = process.cpuUsage(before);
  return (d.user + d.system) / 1000;
}

export const PANEL_BENCHMARKS: Benchmark[] = [
  {
    name: 'panel',
    description: `panel pages of a dealership with ${STOCK} cars and ${LEADS} leads (p95 of one request at a time, beside GET /health), and the sign-in KDF's CPU time`,
    async run(ctx) {
      const n = requestsPerAddress();
      const s = await startOwnServer(ctx, ROOT, 'panel', { JOB_CONCURRENCY: '0' });
      await createDealer(s.cli, s.env, 'bench-panel');

      // Set-up in this process, on the server's SQLite file (WAL: safe beside it).
      const store = openStore({ url: s.env.DATABASE_URL! });
      let session: string;
      const seedStarted = performance.now();
      try {
        const dealer = await store.db.selectFrom('dealers').select('id').where('slug', '=', 'bench-panel').executeTakeFirstOrThrow();
        await seedCars(store, dealer.id);
        await seedLeads(store, dealer.id);
        const { inviteUrl } = await inviteUserToDealer(store, systemClock, s.baseUrl, 'bench-panel', {
          email: 'owner@bench.example',
          name: 'Owner',
          role: 'owner',
        });
        const token = await useLink(store, systemClock, 'invite', inviteUrl.slice(inviteUrl.lastIndexOf('/') + 1), PASSWORD);
        if (!token) throw new BenchError('the invitation link did not sign the owner in');
        session = token;
      } finally {
        await store.close();
      }
      const seedS = (performance.now() - seedStarted) / 1000;
      const cookie = `di_session=${session}`;

      const page = (min: number) => (status: number, body: string) => status === 200 && rowsOf(body) >= min;
      const { result, otherCpuPct } = await withOtherCpu([process.pid, s.child.pid], async () => ({
        health: await timeGets(`${s.baseUrl}/health`, undefined, n, (status) => status === 200),
        first: await timeGets(`${s.baseUrl}/panel/inventory`, cookie, n, page(50)),
        search: await timeGets(`${s.baseUrl}/panel/inventory?q=Corolla&status=active`, cookie, n, page(50)),
        nothing: await timeGets(`${s.baseUrl}/panel/inventory?q=no-such-car`, cookie, n, page(0)),
        overview: await timeGets(
          `${s.baseUrl}/panel`,
          cookie,
          n,
          (status, body) => status === 200 && body.includes(`${STOCK}`) && body.includes('Comprador 0'),
        ),
        inbox: await timeGets(
          `${s.baseUrl}/panel/leads`,
          cookie,
          n,
          (status, body) => status === 200 && leadRowsOf(body) === 50 && body.includes('class="count"'),
        ),
        inboxSearch: await timeGets(`${s.baseUrl}/panel/leads?q=comprador%20499`, cookie, n, (status, body) => status === 200 && leadRowsOf(body) >= 1),
      }));

      // The KDF: one hash made, then verified as each sign-in does.
      const stored = await hashPassword(PASSWORD);
      const kdf: number[] = [];
      for (let i = 0; i < KDF_ROUNDS; i++) {
        kdf.push(
          await cpuMs(async () => {
            if (!(await verifyPassword(PASSWORD, stored))) throw new BenchError('verifyPassword refused the right password');
          }),
        );
      }

      const health = p95(result.health);
      const ms = (key: string, label: string, value: number, max?: number): Figure => ({
        key,
        label,
        value,
        unit: 'ms',
        decimals: 1,
        ...(max !== undefined ? { target: { op: '<=' as const, value: max } } : {}),
      });
      const first = p95(result.first);
      const search = p95(result.search);
      return [
        { key: 'panel_seed_s', label: `panel set-up: ${STOCK} cars written in batches, owner signed in (not counted)`, value: seedS, unit: 's', decimals: 1 },
        ms('panel_health_p95_ms', `GET /health p95 (baseline, ${n} one at a time)`, health),
        ms('panel_inventory_p95_ms', `GET /panel/inventory first page of ${STOCK} cars, p95`, first, 50),
        { key: 'panel_inventory_ratio', label: 'inventory first page ÷ /health (p95)', value: first / health, unit: '×', decimals: 1 },
        ms('panel_search_p95_ms', 'GET /panel/inventory?q=Corolla&status=active, p95', search, 50),
        { key: 'panel_search_ratio', label: 'search ÷ /health (p95)', value: search / health, unit: '×', decimals: 1 },
        ms('panel_search_none_p95_ms', 'GET /panel/inventory?q=<no match> (reads every car), p95', p95(result.nothing)),
        ms('panel_overview_p95_ms', `GET /panel (overview: ${LEADS} leads, a third waiting), p95`, p95(result.overview), 50),
        { key: 'panel_overview_ratio', label: 'overview ÷ /health (p95)', value: p95(result.overview) / health, unit: '×', decimals: 1 },
        ms('panel_inbox_p95_ms', `GET /panel/leads (inbox first page of ${LEADS} leads), p95`, p95(result.inbox), 50),
        { key: 'panel_inbox_ratio', label: 'inbox ÷ /health (p95)', value: p95(result.inbox) / health, unit: '×', decimals: 1 },
        ms('panel_inbox_search_p95_ms', 'GET /panel/leads?q=<buyer name> (inbox search), p95', p95(result.inboxSearch), 50),
        ms('panel_kdf_cpu_ms', `sign-in KDF (scrypt) CPU time per sign-in, median of ${KDF_ROUNDS}`, median(kdf), 250),
        ...noise('panel', { otherCpuPct }),
      ];
    },
  },
];
