// All SQL of the price rating (D44): a family's cars for sale, the stored expected prices, the
// sales history and the families to rate. Plain functions taking db or trx.
import { sql, type Kysely } from 'kysely';
import { updateRowsById } from '../../core/db/dialect.js';
import type { DB } from '../../core/db/schema.js';
import { chunks } from '../../core/util/chunks.js';

/** A model family (P228): the cars that may be each other's comparables, whatever their year. */
export interface Family {
  market: string;
  brand: string;
  model: string;
  condition: string;
  currency: string;
}

const sandboxDealers = (db: Kysely<DB>) => db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null);

export interface RatedCar {
  id: number;
  year: number;
  mileage: number;
  price_cents: number;
  version: string | null;
  price_expected_cents: number | null;
  price_comparables: number | null;
}

/**
 * The family's cars for sale (active) of live dealerships, by id: its range of the partial index
 * vehicles_comparables. Sandbox cars (D35) are neither rated nor anyone's comparables.
 */
export async function familyCars(db: Kysely<DB>, f: Family): Promise<RatedCar[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'year', 'mileage', 'price_cents', 'version', 'price_expected_cents', 'price_comparables'])
    .where('status', '=', 'active')
    .where('market', '=', f.market)
    .where('brand', '=', f.brand)
    .where('model', '=', f.model)
    .where('condition', '=', f.condition)
    .where('currency', '=', f.currency)
    .where('dealer_id', 'not in', sandboxDealers(db))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    year: Number(r.year),
    mileage: Number(r.mileage),
    price_cents: Number(r.price_cents),
    version: r.version,
    price_expected_cents: r.price_expected_cents === null ? null : Number(r.price_expected_cents),
    price_comparables: r.price_comparables === null ? null : Number(r.price_comparables),
  }));
}

export interface RatingWrite {
  id: number;
  expected_cents: number | null;
  comparables: number | null;
}

const RATING_COLUMNS = [
  ['price_expected_cents', 'bigint'],
  ['price_comparables', 'integer'],
] as const;

/**
 * Stores new ratings, each with the car's revision bumped (cached answers follow, P44): one
 * statement per 1 000 cars on PostgreSQL (updateRowsById). A car changed after the job read it
 * may get a rating of its old figures for as long as the job queued by that change takes; its
 * own price never enters its expected price (leave-one-out), so a repricing is rated right.
 */
export async function writeRatings(db: Kysely<DB>, writes: readonly RatingWrite[]): Promise<void> {
  for (const part of chunks(writes as RatingWrite[], 1000)) {
    await updateRowsById(
      db,
      'vehicles',
      RATING_COLUMNS,
      'revision = revision + 1',
      part.map((w) => ({ id: w.id, values: [w.expected_cents, w.comparables] })),
    );
  }
}

/** Clears the ratings of cars being rewritten (P228): none is shown until the family's job has rated the new figures. */
export async function clearRatings(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids as number[])) {
    if (part.length === 0) continue;
    await db
      .updateTable('vehicles')
      .set({ price_expected_cents: null, price_comparables: null })
      .where('id', 'in', part)
      .where('price_expected_cents', 'is not', null)
      .execute();
  }
}

/** The families of these cars (any status), each once. */
export async function familiesOf(db: Kysely<DB>, ids: readonly number[]): Promise<Family[]> {
  const out: Family[] = [];
  for (const part of chunks(ids as number[])) {
    if (part.length === 0) continue;
    out.push(...(await db.selectFrom('vehicles').select(['market', 'brand', 'model', 'condition', 'currency']).distinct().where('id', 'in', part).execute()));
  }
  return out;
}

/** Every family with a car for sale (the daily pass): read from vehicles_comparables' prefix. */
export async function allFamilies(db: Kysely<DB>): Promise<Family[]> {
  return db
    .selectFrom('vehicles')
    .select(['market', 'brand', 'model', 'condition', 'currency'])
    .distinct()
    .where('status', '=', 'active')
    .orderBy('market')
    .orderBy('brand')
    .orderBy('model')
    .orderBy('condition')
    .orderBy('currency')
    .execute();
}

/**
 * Records the sales of these cars that were for sale (active, with a start of their period) at
 * their last asking price and the expected price they had (P230). Called before their status
 * changes, in the sale's transaction: active_since is cleared by it.
 */
export async function recordSales(db: Kysely<DB>, ids: readonly number[], now: number): Promise<void> {
  for (const part of chunks(ids as number[])) {
    if (part.length === 0) continue;
    await db
      .insertInto('vehicle_sales')
      .columns([
        'vehicle_id',
        'dealer_id',
        'market',
        'brand',
        'model',
        'condition',
        'currency',
        'year',
        'mileage',
        'price_cents',
        'expected_cents',
        'listed_at',
        'sold_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('vehicles')
          .select([
            'id',
            'dealer_id',
            'market',
            'brand',
            'model',
            'condition',
            'currency',
            'year',
            'mileage',
            'price_cents',
            'price_expected_cents',
            'active_since',
            sql<number>`${now}`.as('sold_at'),
          ])
          .where('id', 'in', part)
          .where('status', '=', 'active')
          .where('active_since', 'is not', null)
          .where('dealer_id', 'not in', sandboxDealers(db)),
      )
      .execute();
  }
}

/** A sale undone: the car is for sale again, so its sale did not happen (P230). */
export async function forgetSales(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids as number[])) if (part.length) await db.deleteFrom('vehicle_sales').where('vehicle_id', 'in', part).execute();
}

/**
 * The family's sales with an expected price since `since`, of cars with year within `span` of
 * `year`: each as its price ÷ expected price and its whole days on market.
 */
export async function soldComparables(db: Kysely<DB>, f: Family, year: number, span: number, since: number): Promise<{ ratio: number; days: number }[]> {
  const rows = await db
    .selectFrom('vehicle_sales')
    .select(['price_cents', 'expected_cents', 'listed_at', 'sold_at'])
    .where('market', '=', f.market)
    .where('brand', '=', f.brand)
    .where('model', '=', f.model)
    .where('condition', '=', f.condition)
    .where('currency', '=', f.currency)
    .where('year', '>=', year - span)
    .where('year', '<=', year + span)
    .where('sold_at', '>=', since)
    .where('expected_cents', 'is not', null)
    .limit(5000)
    .execute();
  return rows.map((r) => ({
    ratio: Number(r.price_cents) / Number(r.expected_cents),
    days: Math.max(0, Math.floor((Number(r.sold_at) - Number(r.listed_at)) / 86_400_000)),
  }));
}

/** A car's last two prices, newest first (the price drop of D44 compares them). */
export async function lastTwoPrices(db: Kysely<DB>, vehicleId: number): Promise<{ price_cents: number; currency: string; since: number }[]> {
  const rows = await db
    .selectFrom('vehicle_prices')
    .select(['price_cents', 'currency', 'since'])
    .where('vehicle_id', '=', vehicleId)
    .orderBy('since', 'desc')
    .limit(2)
    .execute();
  return rows.map((r) => ({ price_cents: Number(r.price_cents), currency: r.currency, since: Number(r.since) }));
}
