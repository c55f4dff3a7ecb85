// The price rating (D44, P228–P231): computed in the background per model family and stored on
// the cars, never per request. A write that may change a family's ratings (a car created,
// edited, sold, withdrawn, gone live) queues that family's job in its own transaction; the job
// rates the whole family (model.ts) and stores what changed. A daily pass queues every family
// (expiries, and a year turning). The label is made when a car is shown, from its current price
// and its stored expected price.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { enqueue } from '../../core/jobs/queue.js';
import { releaseJobKey } from '../../core/jobs/repository.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import { expectedDays, expectedPrices, labelOf, YEAR_SPAN, type Method } from './model.js';
import type { PriceRating } from './schemas.js';
import {
  allFamilies,
  clearRatings,
  familiesOf,
  familyCars,
  forgetSales,
  lastTwoPrices,
  recordSales,
  soldComparables,
  writeRatings,
  type Family,
  type RatingWrite,
} from './repository.js';

export type { Family } from './repository.js';

/** A family's job waits this long after the write that queued it: a burst of writes is rated once. */
export const RATING_DELAY_MS = 1_000;
const DAY_MS = 86_400_000;
/** Sales older than this are not the market any more (expected_days_to_sell). */
const SALES_WINDOW_MS = 365 * DAY_MS;

/** Whole cents → "12500.00" (D9). vehicles/serialize.ts has the same: this module may not import it (vehicles imports this one). */
const decimal = (cents: number): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

type RatedRow = Pick<VehicleRow, 'status' | 'price_cents' | 'currency' | 'price_expected_cents' | 'price_comparables'>;

/**
 * The car's price_rating at `price` (its own by default): null unless it is for sale (`active`)
 * with a stored expected price — sandbox cars never get one (D44).
 */
export function priceRatingOf(row: RatedRow, price: number = row.price_cents): PriceRating | null {
  if (row.status !== 'active' || row.price_expected_cents === null || row.price_comparables === null) return null;
  const expected = Number(row.price_expected_cents);
  return { label: labelOf(price, expected), expected_price: decimal(expected), comparables: Number(row.price_comparables), currency: row.currency };
}

/**
 * A gap shown in whole currency units of three significant figures ($ 1.234.567 → $ 1.230.000):
 * the estimate is not that precise. The car page (listings) and the panel's preview (P244) alike.
 */
export function roundGap(cents: number): number {
  const units = Math.round(cents / 100);
  if (units < 1000) return units * 100;
  const step = 10 ** (Math.floor(Math.log10(units)) - 2);
  return Math.round(units / step) * step * 100;
}

/** A family's name in job keys (JSON: no separator can be mistaken, and no NUL, which PostgreSQL's text refuses). */
const familyKey = (f: Family): string => JSON.stringify([f.market, f.currency, f.condition, f.brand, f.model]);

/** Queues the families' jobs (one live job per family: queuing a queued one does nothing). */
async function queueRatings(db: Kysely<DB>, clock: Clock, families: readonly Family[]): Promise<void> {
  const seen = new Set<string>();
  const runAt = clock.now() + RATING_DELAY_MS;
  for (const f of families) {
    const key = familyKey(f);
    if (seen.has(key)) continue;
    seen.add(key);
    const payload = { market: f.market, brand: f.brand, model: f.model, condition: f.condition, currency: f.currency };
    await enqueue(db, clock, 'prices.rate', payload, { jobKey: `prices.rate:${key}`, concurrencyKey: `prices:${key}`, runAt, maxAttempts: 5 });
  }
}

/**
 * Called by the write paths of cars (vehicles/apply.ts) before they rewrite `rewritten`: their
 * ratings are cleared (shown again once rated anew, as a marketplace hides its label while it
 * revalues) and their families — before and after the change — are queued with `families`.
 */
export async function carsRewritten(db: Kysely<DB>, clock: Clock, rewritten: readonly number[], families: readonly Family[]): Promise<void> {
  const before = rewritten.length ? await familiesOf(db, rewritten) : [];
  await clearRatings(db, rewritten);
  await queueRatings(db, clock, [...before, ...families]);
}

/** A car's status changed (gone live, withdrawn): its family is rated again. */
export const carsMoved = async (db: Kysely<DB>, clock: Clock, ids: readonly number[]): Promise<void> => queueRatings(db, clock, await familiesOf(db, ids));

/** Cars are being marked sold (called before their status changes): their sales are kept (P230) and their families rated again. */
export async function carsSold(db: Kysely<DB>, clock: Clock, ids: readonly number[]): Promise<void> {
  await recordSales(db, ids, clock.now());
  await carsMoved(db, clock, ids);
}

/** Sold cars are back for sale: the sale did not hold (P230). */
export const salesUndone = (db: Kysely<DB>, ids: readonly number[]): Promise<void> => forgetSales(db, ids);

/** Rates one family and stores what changed; returns its size, the cars rewritten and the method. */
export async function rateFamily(db: Kysely<DB>, family: Family): Promise<{ cars: number; written: number; method: Method }> {
  const cars = await familyCars(db, family);
  if (cars.length === 0) return { cars: 0, written: 0, method: 'none' };
  const { expected, method } = expectedPrices(cars);
  const writes: RatingWrite[] = [];
  for (let i = 0; i < cars.length; i++) {
    const car = cars[i]!;
    const e = expected[i]!;
    const comparables = e.expected_cents === null ? null : e.comparables;
    if (car.price_expected_cents === e.expected_cents && car.price_comparables === comparables) continue;
    writes.push({ id: car.id, expected_cents: e.expected_cents, comparables });
  }
  await writeRatings(db, writes);
  return { cars: cars.length, written: writes.length, method };
}

/**
 * expected_days_to_sell (D44, P231) of a car of `family` and `year` priced at `price` against
 * `expected`: from the marketplace's sales of the last year; null under MIN_SOLD of them.
 */
export async function daysToSell(db: Kysely<DB>, now: number, family: Family, year: number, price: number, expected: number): Promise<number | null> {
  return expectedDays(price, expected, await soldComparables(db, family, year, YEAR_SPAN, now - SALES_WINDOW_MS));
}

export function definePricing(worker: JobWorker, deps: { store: Store; clock: Clock }): void {
  worker.define('prices.rate', {
    // One job of a family at a time, over every process (P37): two would write the same rows.
    maxPerKey: 1,
    handler: async (family, { job, log }) => {
      // The key is let go first: a write committed from now on queues the family again, and one
      // committed before is in what this job reads. No change is left unrated.
      await releaseJobKey(deps.store.db, job.id);
      const started = Date.now();
      const out = await rateFamily(deps.store.db, family);
      log.debug({ ...out, ms: Date.now() - started }, 'family rated');
    },
  });
  worker.define('prices.rate_all', {
    repeatEveryMs: DAY_MS,
    handler: async () => {
      const families = await allFamilies(deps.store.db);
      await queueRatings(deps.store.db, deps.clock, families);
    },
  });
}

/** Makes sure the daily pass exists (one for the whole store). */
export async function schedulePricing(db: Kysely<DB>, clock: Clock): Promise<void> {
  await enqueue(db, clock, 'prices.rate_all', {}, { jobKey: 'prices.rate_all', maxAttempts: 5 });
}

/** D44: a price drop is shown for this long after it. */
export const DROP_SHOWN_MS = 30 * DAY_MS;

/** The car's last price change when it was a drop in the last 30 days (same currency): by how much and when. */
export async function recentDrop(db: Kysely<DB>, vehicleId: number, now: number): Promise<{ amount_cents: number; at: number } | undefined> {
  const [last, before] = await lastTwoPrices(db, vehicleId);
  if (!last || !before || last.currency !== before.currency || last.price_cents >= before.price_cents || last.since < now - DROP_SHOWN_MS) return undefined;
  return { amount_cents: before.price_cents - last.price_cents, at: last.since };
}
