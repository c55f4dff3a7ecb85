// The baseline of the inventory benchmarks: the same rows written straight with Kysely over
// better-sqlite3, in this process, into a fresh SQLite file opened and migrated with the
// project's own openStore + migrateToLatest (same schema, indexes and pragmas as the server).
// It is what a sync or a reconcile costs in the database alone: no HTTP, no JSON, no
// validation, no per-car reads, no events.
import crypto from 'node:crypto';
import { openStore, type Store } from '../src/core/db/store.js';
import { writeTransaction } from '../src/core/db/transaction.js';
import { migrateToLatest } from '../src/core/db/migrate.js';
import type { NewVehicle, VehicleStatus } from '../src/core/db/schema.js';
import { BenchError } from './lib.js';

/** SQLITE_MAX_VARIABLE_NUMBER of the SQLite in better-sqlite3 (3.32+ default). */
const SQLITE_MAX_VARIABLES = 32_766;

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
  store: Store;
  /** Adds a dealership row (the vehicles' foreign key) and returns its id. */
  addDealer(slug: string): Promise<number>;
  close(): Promise<void>;
}

export async function openBaselineDb(file: string): Promise<BaselineDb> {
  const store = openStore({ url: `sqlite:${file}` });
  try {
    await migrateToLatest(store);
  } catch (err) {
    await store.close();
    throw err;
  }
  return {
    store,
    async addDealer(slug) {
      const row = await store.db
        .insertInto('dealers')
        .values({ slug, name: `Baseline ${slug}`, city: null, markets: '["ar"]', created_at: Date.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    close: () => store.close(),
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
 * photo pending). Built outside the timed part: the baseline times the database only.
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
    content_hash: crypto
      .createHash('sha1')
      .update(JSON.stringify([content, photoUrls]))
      .digest('base64url'),
    last_sent_at: now,
    created_at: now,
    updated_at: now,
  };
}

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * One transaction: INSERT … ON CONFLICT (dealer_id, market, external_id) DO UPDATE of the
 * content columns, in as few statements as SQLite's variable limit allows (25 columns a row:
 * up to 1310 rows a statement, so 500 rows are one statement).
 */
export async function rawUpsert(store: Store, rows: NewVehicle[]): Promise<void> {
  if (rows.length === 0) throw new BenchError('rawUpsert of no rows');
  const perStatement = Math.floor(SQLITE_MAX_VARIABLES / Object.keys(rows[0]!).length);
  await writeTransaction(store, async (trx) => {
    for (const part of chunks(rows, perStatement)) {
      await trx
        .insertInto('vehicles')
        .values(part)
        .onConflict((oc) =>
          oc.columns(['dealer_id', 'market', 'external_id']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            source: eb.ref('excluded.source'),
            brand: eb.ref('excluded.brand'),
            model: eb.ref('excluded.model'),
            year: eb.ref('excluded.year'),
            version: eb.ref('excluded.version'),
            price_cents: eb.ref('excluded.price_cents'),
            currency: eb.ref('excluded.currency'),
            mileage: eb.ref('excluded.mileage'),
            fuel: eb.ref('excluded.fuel'),
            transmission: eb.ref('excluded.transmission'),
            color: eb.ref('excluded.color'),
            condition: eb.ref('excluded.condition'),
            city: eb.ref('excluded.city'),
            description: eb.ref('excluded.description'),
            photo_urls: eb.ref('excluded.photo_urls'),
            photos_pending: eb.ref('excluded.photos_pending'),
            content_hash: eb.ref('excluded.content_hash'),
            last_sent_at: eb.ref('excluded.last_sent_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  });
}

const FOR_SALE = ['active', 'importing_photos', 'in_review'] as const;

/**
 * Reconcile done by hand, in one transaction: a temp table of the listed stock IDs, one
 * UPDATE … NOT IN (SELECT id FROM temp_ids) of the dealership's api cars for sale in ar, drop
 * the temp table. Resolves with the number of cars it marked sold.
 */
export async function rawReconcile(store: Store, dealerId: number, listedIds: string[], now: number): Promise<number> {
  return writeTransaction(store, async (trx) => {
    const t = trx.withTables<{ temp_ids: { id: string } }>();
    await t.schema
      .createTable('temp_ids')
      .temporary()
      .addColumn('id', 'text', (c) => c.notNull())
      .execute();
    for (const part of chunks(listedIds, SQLITE_MAX_VARIABLES))
      await t
        .insertInto('temp_ids')
        .values(part.map((id) => ({ id })))
        .execute();
    const res = await t
      .updateTable('vehicles')
      .set({ status: 'sold', updated_at: now })
      .where('dealer_id', '=', dealerId)
      .where('market', '=', 'ar')
      .where('source', '=', 'api')
      .where('status', 'in', [...FOR_SALE])
      .where('external_id', 'not in', (eb) => eb.selectFrom('temp_ids').select('temp_ids.id'))
      .executeTakeFirst();
    await t.schema.dropTable('temp_ids').execute();
    return Number(res.numUpdatedRows);
  });
}

/** Puts cars marked sold by rawReconcile back for sale (not timed). */
export async function rawRestore(store: Store, dealerId: number, externalIds: string[]): Promise<number> {
  let changed = 0;
  await writeTransaction(store, async (trx) => {
    for (const part of chunks(externalIds, SQLITE_MAX_VARIABLES - 10)) {
      const res = await trx
        .updateTable('vehicles')
        .set({ status: 'importing_photos' })
        .where('dealer_id', '=', dealerId)
        .where('market', '=', 'ar')
        .where('external_id', 'in', part)
        .executeTakeFirst();
      changed += Number(res.numUpdatedRows);
    }
  });
  return changed;
}

/** Counts a dealership's cars, optionally only those of one status or last updated at `updatedAt` (checks, not timed). */
export async function countRows(store: Store, dealerId: number, where: { status?: VehicleStatus; updatedAt?: number } = {}): Promise<number> {
  let q = store.db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId);
  if (where.status !== undefined) q = q.where('status', '=', where.status);
  if (where.updatedAt !== undefined) q = q.where('updated_at', '=', where.updatedAt);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
