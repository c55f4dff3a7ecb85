// The dealership's cars by distance from their expected price (D44, issue 40 §3, P253) and the
// comparables behind one car's rating, as the statistics page and its comparables page show them.
// Everything is read from what the rating job stored (pricing/): nothing is rated here.
import type { Kysely } from 'kysely';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import { labelOf, YEAR_SPAN, type PriceLabel } from '../pricing/model.js';
import { priceRatingOf } from '../pricing/service.js';
import { daysOnMarketOf } from './panel-stats.js';
import { gapCars, gapComparables, gapCounts, type GapCar, type GapComparable } from './repository.js';

/** Rows of the page's list (P253): the farthest from their expected price. */
export const GAP_ROWS = 50;
/** Comparables a car's page lists: the closest in year, then mileage. */
export const COMPARABLES_SHOWN = 30;

export interface GapRow {
  car: GapCar;
  /** price − expected, whole cents (negative: under the expected price). */
  gap_cents: number;
  /** gap ÷ expected. */
  gap_share: number;
  label: PriceLabel;
  /** Whole local days for sale, null before it first went active. */
  days: number | null;
}

export interface PriceGaps {
  rows: GapRow[];
  /** The dealership's cars for sale with a rating, and without one. */
  rated: number;
  unrated: number;
}

function rowOf(car: GapCar, now: number, zone: string): GapRow {
  const gap = car.price_cents - car.price_expected_cents;
  return {
    car,
    gap_cents: gap,
    gap_share: gap / car.price_expected_cents,
    label: labelOf(car.price_cents, car.price_expected_cents),
    days: daysOnMarketOf(car.active_since, now, zone),
  };
}

/** The dealership's rated cars for sale, farthest from their expected price first (two statements). */
export async function priceGaps(db: Kysely<DB>, o: { dealerId: number; now: number; zone: string }): Promise<PriceGaps> {
  const [cars, counts] = await Promise.all([gapCars(db, o.dealerId, GAP_ROWS), gapCounts(db, o.dealerId)]);
  return { rows: cars.map((c) => rowOf(c, o.now, o.zone)), ...counts };
}

export interface CarComparables {
  /** null: the car has no rating now (not for sale, too few comparables, or being rated again). */
  row: GapRow | null;
  total: number;
  cars: (GapComparable & { days: number | null })[];
}

/** One car of the dealership (already checked) and the comparables of its rating's window (two statements). */
export async function carComparables(db: Kysely<DB>, car: VehicleRow, now: number, zone: string): Promise<CarComparables> {
  const rating = priceRatingOf(car);
  if (!rating) return { row: null, total: 0, cars: [] };
  const found = await gapComparables(db, car, YEAR_SPAN, COMPARABLES_SHOWN);
  const gapCar: GapCar = {
    ...car,
    price_expected_cents: Number(car.price_expected_cents),
    price_comparables: Number(car.price_comparables),
  };
  return {
    row: rowOf(gapCar, now, zone),
    total: found.total,
    cars: found.cars.map((c) => ({ ...c, days: daysOnMarketOf(c.active_since, now, zone) })),
  };
}
