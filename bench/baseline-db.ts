// The baseline of the inventory benchmarks (P41): the same writes the service makes, done the
// fastest raw way — prepared better-sqlite3 statements, one transaction, in this process — on a
// SQLite file made with the project's own openStore + migrateToLatest (same schema, indexes and
// pragmas as the server). No HTTP, no JSON parsing, no validation, no per-car reads beyond what
// a conditional write needs. The rows are built outside the timed part: it times the database.
//
// What each baseline writes (the service's writes for the same call, read from
// vehicles/sync.ts, apply.ts, photos/track.ts, sold.ts and events/record.ts):
//   rawCreate     a sync of new cars: per car its vehicles row, one photos row per photo URL
//                 (pending) and one photos.download job per photo row.
//   rawUnchanged  a sync of the same cars unchanged: per car `last_sent_at` only (the expiry
//                 clock), by stock ID, guarded by the stored content hash (the check the
//                 service makes, in the write itself).
//   rawChanged    a sync of cars with a new price: per car its content columns, hash,
//                 last_sent_at, updated_at and revision + 1 (photos unchanged: no photo rows).
//   rawReconcile  a reconcile: a temp table of the listed stock IDs, one UPDATE … NOT IN of the
//                 source's cars for sale (status sold, updated_at, revision + 1) RETURNING what
//                 the events need, and one vehicle.sold event per car. The bench dealerships
//                 have no webhook, so the service writes no delivery either.
import crypto from 'node:crypto';
import Database from 'better-sqlite3';
import { openStore } from '../src/core/db/store.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import type { NewVehicle, VehicleStatus } from '../src/core/db/schema.js';
import { photoStateOf } from '../src/modules/vehicles/photos/state.js';
import { VEHICLE_INSERT_COLUMNS } from '../src/modules/vehicles/repository.js';
import { pendingPhotoChecks, qualityScore } from '../src/modules/vehicles/quality.js';
import { soldEventData } from '../src/modules/vehicles/sold.js';
import { BenchError } from './errors.js';

/** A car as sent to the API (VehicleInput plus its stock ID). */
export interface CarInput {
  external_id: string;
  brand: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  fuel: string;
  photos: string[];
}

export interface BaselineDb {
  raw: Database.Database;
  /** Adds a dealership row (the vehicles' foreign key) and returns its id. */
  addDealer(slug: string): number;
  close(): Promise<void>;
}

/** Makes the file with the project's migrations, then opens it raw with the store's pragmas. */
export async function migratedFile(file: string): Promise<void> {
  const store = openStore({ url: `sqlite:${file}` });
  try {
    await migrateToLatest(store);
  } finally {
    await store.close();
  }
}

/** better-sqlite3 on `file` with the pragmas of src/core/db/store.ts. */
export function openRaw(file: string): Database.Database {
  const raw = new Database(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('busy_timeout = 5000');
  raw.pragma('foreign_keys = ON');
  return raw;
}

export async function openBaselineDb(file: string): Promise<BaselineDb> {
  await migratedFile(file);
  const raw = openRaw(file);
  const insertDealer = raw.prepare('insert into dealers (slug, name, city, markets, created_at) values (?, ?, null, ?, ?)');
  return {
    raw,
    addDealer: (slug) => Number(insertDealer.run(slug, `Baseline ${slug}`, '["ar"]', Date.now()).lastInsertRowid),
    close: () => Promise.resolve(void raw.close()),
  };
}

const LISTING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function listingId(): string {
  let id = '';
  for (const b of crypto.randomBytes(10)) id += LISTING_ALPHABET[b & 31]!;
  return id;
}

/**
 * The row the service stores for `car` in market ar when it is new (importing_photos, every
 * photo pending, their state written with it).
 */
export function vehicleRow(car: CarInput, dealerId: number, now: number): NewVehicle {
  const content = {
    brand: car.brand,
    model: car.model,
    year: car.year,
    version: null,
    price_cents: Math.round(car.price * 100),
    currency: 'ARS',
    mileage: car.mileage,
    fuel: car.fuel,
    transmission: null,
    color: null,
    condition: 'used',
    city: null,
    description: null,
    vin: null,
    body_style: null,
    drivetrain: null,
    doors: null,
    engine: null,
    interior_color: null,
  };
  const photoUrls = JSON.stringify(car.photos);
  return {
    dealer_id: dealerId,
    market: 'ar',
    external_id: car.external_id,
    listing_id: listingId(),
    status: 'importing_photos',
    source: 'api',
    ...content,
    photo_urls: photoUrls,
    photos_pending: car.photos.length,
    photo_state: JSON.stringify(photoStateOf(photoUrls, new Map())),
    content_hash: crypto
      .createHash('sha1')
      .update(JSON.stringify([content, photoUrls]))
      .digest('base64url'),
    last_sent_at: now,
    created_at: now,
    updated_at: now,
    quality_score: qualityScore({ ...content, photo_checks: pendingPhotoChecks(car.photos.length) }),
    photo_checks: pendingPhotoChecks(car.photos.length),
  };
}

/** A vehicles row's values in the order the service inserts them (VEHICLE_INSERT_COLUMNS; the rest take their defaults). */
export const vehicleValues = (row: NewVehicle): unknown[] => VEHICLE_INSERT_COLUMNS.map((c) => row[c] ?? null);

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();

function prepare(raw: Database.Database) {
  const changedColumns = ['status', 'source', 'brand', 'model', 'year', 'version', 'price_cents', 'currency', 'mileage', 'fuel', 'content_hash'];
  return {
    insertVehicle: raw.prepare(`insert into vehicles (${VEHICLE_INSERT_COLUMNS.join(', ')}) values (${VEHICLE_INSERT_COLUMNS.map(() => '?').join(', ')})`),
    insertPhoto: raw.prepare(
      "insert into photos (dealer_id, vehicle_id, source_url, status, reason, created_at, updated_at) values (?, ?, ?, 'pending', null, ?, ?)",
    ),
    insertJob: raw.prepare(
      'insert into jobs (task, payload, status, job_key, concurrency_key, run_at, attempts, max_attempts, created_at, updated_at) ' +
        "values ('photos.download', ?, 'pending', null, null, ?, 0, 5, ?, ?)",
    ),
    touch: raw.prepare('update vehicles set last_sent_at = ? where dealer_id = ? and market = ? and external_id = ? and content_hash = ?'),
    change: raw.prepare(
      `update vehicles set ${changedColumns.map((c) => `${c} = ?`).join(', ')}, last_sent_at = ?, updated_at = ?, revision = revision + 1 ` +
        'where dealer_id = ? and market = ? and external_id = ?',
    ),
    changedColumns,
    insertEvent: raw.prepare("insert into events (id, dealer_id, type, data, created_at) values (?, ?, 'vehicle.sold', ?, ?)"),
    restore: raw.prepare("update vehicles set status = 'importing_photos' where dealer_id = ? and market = 'ar' and external_id = ?"),
  };
}

const stmts = (raw: Database.Database) => {
  let s = statements.get(raw);
  if (!s) statements.set(raw, (s = prepare(raw)));
  return s;
};

/** A sync of new cars: each car's row, its photo rows and their download jobs (see the top). */
export function rawCreate(raw: Database.Database, rows: NewVehicle[], now: number): void {
  const s = stmts(raw);
  raw
    .transaction(() => {
      for (const row of rows) {
        const vehicleId = s.insertVehicle.run(vehicleValues(row)).lastInsertRowid;
        for (const url of JSON.parse(row.photo_urls) as string[]) {
          const photoId = s.insertPhoto.run(row.dealer_id, vehicleId, url, now, now).lastInsertRowid;
          s.insertJob.run(`{"photo_id":${photoId}}`, now, now, now);
        }
      }
    })
    .immediate();
}

/** A sync of the same cars unchanged: last_sent_at only, guarded by the content hash; returns rows touched. */
export function rawUnchanged(raw: Database.Database, rows: NewVehicle[], now: number): number {
  const s = stmts(raw);
  let n = 0;
  raw
    .transaction(() => {
      for (const r of rows) n += s.touch.run(now, r.dealer_id, r.market, r.external_id, r.content_hash).changes;
    })
    .immediate();
  return n;
}

/** A sync of the same cars with new content: the content columns, hash and times; returns rows changed. */
export function rawChanged(raw: Database.Database, rows: NewVehicle[], now: number): number {
  const s = stmts(raw);
  let n = 0;
  raw
    .transaction(() => {
      for (const r of rows) {
        const values = s.changedColumns.map((c) => r[c as keyof NewVehicle] ?? null);
        n += s.change.run(...values, now, now, r.dealer_id, r.market, r.external_id).changes;
      }
    })
    .immediate();
  return n;
}

const FOR_SALE = "('active', 'importing_photos', 'in_review')";

/** A reconcile (see the top); returns how many cars it marked sold. */
export function rawReconcile(raw: Database.Database, dealerId: number, listedIds: string[], now: number, publicBaseUrl: string): number {
  const s = stmts(raw);
  return raw
    .transaction(() => {
      raw.exec('create temp table temp_ids (id text primary key)');
      const insertId = raw.prepare('insert into temp_ids (id) values (?)');
      for (const id of listedIds) insertId.run(id);
      const sold = raw
        .prepare(
          `update vehicles set status = 'sold', updated_at = ?, revision = revision + 1 ` +
            `where dealer_id = ? and market = 'ar' and source = 'api' and status in ${FOR_SALE} ` +
            'and external_id not in (select id from temp_ids) ' +
            'returning external_id, listing_id, market, source, year, brand, model, version',
        )
        .all(now, dealerId) as {
        external_id: string;
        listing_id: string;
        market: string;
        source: string;
        year: number;
        brand: string;
        model: string;
        version: string | null;
      }[];
      for (const r of sold) {
        s.insertEvent.run(`evt_${crypto.randomUUID().replaceAll('-', '')}`, dealerId, JSON.stringify(soldEventData(publicBaseUrl, r)), now);
      }
      raw.exec('drop table temp_ids');
      return sold.length;
    })
    .immediate();
}

/** Puts cars marked sold by rawReconcile back for sale (not timed). */
export function rawRestore(raw: Database.Database, dealerId: number, externalIds: string[]): number {
  const s = stmts(raw);
  let n = 0;
  raw
    .transaction(() => {
      for (const id of externalIds) n += s.restore.run(dealerId, id).changes;
    })
    .immediate();
  return n;
}

/** Counts a dealership's rows (checks, not timed): cars, optionally of one status or last sent at `sentAt`, or its photos, jobs or events. */
export function countRows(
  raw: Database.Database,
  dealerId: number,
  where: { status?: VehicleStatus; sentAt?: number; updatedAt?: number; table?: 'photos' | 'events' } = {},
): number {
  if (where.table) return (raw.prepare(`select count(*) as n from ${where.table} where dealer_id = ?`).get(dealerId) as { n: number }).n;
  let q = 'select count(*) as n from vehicles where dealer_id = ?';
  const params: unknown[] = [dealerId];
  for (const [column, value] of [
    ['status', where.status],
    ['last_sent_at', where.sentAt],
    ['updated_at', where.updatedAt],
  ] as const) {
    if (value === undefined) continue;
    q += ` and ${column} = ?`;
    params.push(value);
  }
  const n = (raw.prepare(q).get(...params) as { n: number }).n;
  if (!Number.isInteger(n)) throw new BenchError(`count of ${q} is not a number`);
  return n;
}
