// Listing statistics (D34): a car's and a dealership's figures over a range of local days, days
// on market, price history and market position. Days are the dealership's local days (D32).
import { findDealerById } from '../dealers/repository.js';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { ApiError, inputError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import type { Dealer } from '../dealers/service.js';
import { findVehicle } from '../vehicles/repository.js';
import { resolveMarket } from '../vehicles/scope.js';
import { formatPrice } from '../vehicles/serialize.js';
import {
  addToDays,
  comparablePrices,
  dealerDays,
  dealerZone,
  dealerVehicles,
  leadsByVehicle,
  priceHistory,
  vehicleDays,
  type DayFigures,
} from './repository.js';
import type { DayStats, DealerStats, MarketPosition, PricePreview, StatsQueryInput, Totals, VehicleStats } from './schemas.js';
import { addDays, daysBetween, localDate, localDayStart } from './time-zone.js';
import { responseStats } from './response.js';
import { dealerTimeZone } from '../markets/markets.js';
import { daysToSell, priceRatingOf } from '../pricing/service.js';
import type { PriceRating } from '../pricing/schemas.js';

export interface StatsDeps {
  store: Store;
  clock: Clock;
}

/** D34: the default range is the last 30 local days, the longest 366. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
/** D34: fewer comparables than this give no market position. */
const MIN_COMPARABLES = 5;
/** D34: the most cars GET /stats lists. */
const MAX_VEHICLES = 100;

/** The dealership's time zone: its first market's default (D32) until the stored one lands. */
const zoneOfDealer = (dealer: Pick<Dealer, 'markets'> & { timeZone?: string }): string => dealerTimeZone(dealer.timeZone, dealer.markets);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The days a range may name (P156): none before the epoch, and none so late that the day after
 * it (where the range ends) has no YYYY-MM-DD: 9999-12-31's would be year 10000, which
 * Date.parse does not read (a 500 before).
 */
const FIRST_DAY = '1970-01-01';
const LAST_DAY = '9999-12-30';

function parseDate(name: 'from' | 'to', value: string): string {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (!DATE.test(value) || Number.isNaN(ms) || value < FIRST_DAY || value > LAST_DAY || new Date(ms).toISOString().slice(0, 10) !== value)
    throw inputError({ text: msg('stats_date_invalid', { name, value, min: FIRST_DAY, max: LAST_DAY }), field: name, rule: 'format' });
  return value;
}

/** The range asked for, in local dates of `zone`: defaults, order and length checked (400 otherwise). */
function resolveRange(q: Pick<StatsQueryInput, 'from' | 'to'>, zone: string, now: number): { from: string; to: string } {
  const to = q.to !== undefined ? parseDate('to', q.to) : localDate(now, zone);
  const from = q.from !== undefined ? parseDate('from', q.from) : addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw inputError({ text: msg('stats_range_order', { fromName: 'from', from, toName: 'to', to }), field: ['from', 'to'], rule: 'range_order' });
  const days = daysBetween(from, to) + 1;
  if (days > MAX_DAYS)
    throw inputError({ text: msg('stats_range_too_long', { days, max: MAX_DAYS }), field: ['from', 'to'], rule: 'range_length', limit: MAX_DAYS });
  return { from, to };
}

const zero = (): Omit<DayStats, 'date'> => ({ views: 0, inquiries: 0, phone: 0, whatsapp: 0 });

/** Every day of the range, oldest first, zeros included. */
function everyDay(from: string, to: string, rows: DayFigures[]): DayStats[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: DayStats[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    out.push({ date: d, ...(r ? { views: r.views, inquiries: r.inquiries, phone: r.phone, whatsapp: r.whatsapp } : zero()) });
  }
  return out;
}

function totalsOf(days: DayStats[], leads: number): Totals {
  const t = { views: 0, inquiries: 0, phone: 0, whatsapp: 0, leads };
  for (const d of days) {
    t.views += d.views;
    t.inquiries += d.inquiries;
    t.phone += d.phone;
    t.whatsapp += d.whatsapp;
  }
  return t;
}

/** Whole local days since the car first went active in its current period for sale (D34); null before. */
function daysOnMarket(activeSince: number | null, now: number, zone: string): number | null {
  if (activeSince === null) return null;
  return Math.max(0, daysBetween(localDate(activeSince, zone), localDate(now, zone)));
}

/**
 * D34 market position from the comparables' prices: the median (the mean of the two middle
 * prices for an even count, rounded down to the cent), the share of comparables priced below
 * the car (rounded down), and the label (below < 0.95 × median < fair < 1.05 × median < above).
 */
export function positionOf(price: number, currency: string, prices: number[]): MarketPosition | null {
  if (prices.length < MIN_COMPARABLES) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  const n = sorted.length;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : Math.floor((sorted[n / 2 - 1]! + sorted[n / 2]!) / 2);
  const below = sorted.filter((p) => p < price).length;
  // Compared in whole cents times 100: no float decides a label.
  const label = price * 100 < median * 95 ? 'below' : price * 100 > median * 105 ? 'above' : 'fair';
  return {
    comparables: n,
    median_price: formatPrice(median),
    percentile: Math.floor((below * 100) / n),
    label,
    currency,
    price_band: { min: formatPrice(sorted[0]!), max: formatPrice(sorted[n - 1]!) },
  };
}

/** The prices of the car's comparables (D34, P97). */
async function marketPosition(db: Kysely<DB>, car: VehicleRow): Promise<{ prices: number[] }> {
  // A sandbox car (D35) is priced against the live cars, not being one of them.
  const sandbox = (await findDealerById(db, car.dealer_id))?.sandbox_of != null;
  return { prices: await comparablePrices(db, car, sandbox) };
}

const positionAt = (price: number, currency: string, prices: number[]): MarketPosition | null => positionOf(price, currency, prices);

/** GET /vehicles/{external_id}/stats (D34). */
export async function vehicleStats(deps: StatsDeps, dealer: Dealer, externalId: string, q: StatsQueryInput): Promise<VehicleStats> {
  const db = deps.store.db;
  const market = resolveMarket(dealer.markets, q.market).code;
  const zone = zoneOfDealer(dealer);
  const now = deps.clock.now();
  const { from, to } = resolveRange(q, zone, now);
  const car = await findVehicle(db, dealer.id, market, externalId);
  if (!car) throw new ApiError('not_found', msg('vehicle_not_found', { id: externalId }));
  const start = localDayStart(from, zone);
  const end = localDayStart(addDays(to, 1), zone);
  const [rows, leads, prices, position] = await Promise.all([
    vehicleDays(db, car.id, from, to),
    leadsByVehicle(db, { vehicleId: car.id }, start, end),
    priceHistory(db, car.id),
    marketPosition(db, car),
  ]);
  const days = everyDay(from, to, rows);
  return {
    external_id: car.external_id,
    listing_id: car.listing_id,
    from,
    to,
    totals: totalsOf(days, leads.get(car.id) ?? 0),
    days,
    days_on_market: daysOnMarket(car.active_since, now, zone),
    price_history: prices.map((p) => ({ price: formatPrice(p.price_cents), currency: p.currency, since: new Date(p.since).toISOString() })),
    market_position: positionAt(car.price_cents, car.currency, position.prices),
  };
}

/** GET /stats (D34): the dealership's figures (one market's, when asked) and its cars with any. */
export async function dealerStats(deps: StatsDeps, dealer: Dealer, q: StatsQueryInput): Promise<DealerStats> {
  const db = deps.store.db;
  const market = q.market === undefined || q.market === '' ? undefined : resolveMarket(dealer.markets, q.market).code;
  const zone = zoneOfDealer(dealer);
  const { from, to } = resolveRange(q, zone, deps.clock.now());
  const start = localDayStart(from, zone);
  const end = localDayStart(addDays(to, 1), zone);
  const [rows, cars, leads, response] = await Promise.all([
    dealerDays(db, dealer.id, market, from, to),
    dealerVehicles(db, dealer.id, market, from, to, MAX_VEHICLES),
    leadsByVehicle(db, { dealerId: dealer.id, market }, start, end),
    responseStats(db, { dealerId: dealer.id, market, markets: dealer.markets, start, end }),
  ]);
  const days = everyDay(from, to, rows);
  let allLeads = 0;
  for (const n of leads.values()) allLeads += n;
  return {
    from,
    to,
    totals: totalsOf(days, allLeads),
    days,
    vehicles: cars.map((c) => ({
      external_id: c.external_id,
      listing_id: c.listing_id,
      views: c.views,
      inquiries: c.inquiries,
      phone: c.phone,
      whatsapp: c.whatsapp,
      leads: leads.get(c.vehicle_id) ?? 0,
    })),
    response,
  };
}

/**
 * A buyer's inquiry about a car, counted on the local day it arrived (D34 `inquiries`). Called in
 * the inquiry's own transaction (leads/service.ts), so the count commits with the message.
 */
export async function countInquiry(trx: Kysely<DB>, car: Pick<VehicleRow, 'id' | 'dealer_id' | 'market'>, now: number): Promise<void> {
  const day = localDate(now, await dealerZone(trx, car.dealer_id));
  await addToDays(trx, [{ vehicle_id: car.id, day, dealer_id: car.dealer_id, market: car.market, views: 0, phone: 0, whatsapp: 0, inquiries: 1 }]);
}

/** D44: a price as written in the preview's query: digits, at most two decimals, above 0 (whole cents, no float). */
const PRICE = /^\d{1,13}(\.\d{1,2})?$/;

function parsePrice(value: string | undefined): number {
  if (value === undefined || value.trim() === '') throw inputError({ text: msg('price_preview_missing'), field: 'price', rule: 'required' });
  const v = value.trim();
  if (!PRICE.test(v)) throw inputError({ text: msg('price_preview_price', { value: v.slice(0, 40) }), field: 'price', rule: 'format' });
  const [whole, frac = ''] = v.split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (cents <= 0) throw inputError({ text: msg('price_preview_price', { value: v }), field: 'price', rule: 'minimum' });
  return cents;
}

/**
 * GET /vehicles/{external_id}/price-preview (D44): the car at another price, changing nothing. The
 * rating and expected days use the car's stored expected price (its own price never enters it,
 * P228), the market position the same comparables as D34's.
 */
export async function pricePreview(deps: StatsDeps, dealer: Dealer, externalId: string, q: { price?: string; market?: string }): Promise<PricePreview> {
  const db = deps.store.db;
  const market = resolveMarket(dealer.markets, q.market).code;
  const price = parsePrice(q.price);
  const car = await findVehicle(db, dealer.id, market, externalId);
  if (!car) throw new ApiError('not_found', msg('vehicle_not_found', { id: externalId }));
  const at = await previewAt(db, deps.clock.now(), car, price);
  return {
    price: formatPrice(price),
    currency: car.currency,
    price_rating: at.rating,
    market_position: at.position,
    expected_days_to_sell: at.days,
  };
}

/** A car at a price it does not have (D44): what the API's preview and the panel's (P244) show. */
export interface PreviewAt {
  rating: PriceRating | null;
  position: MarketPosition | null;
  days: number | null;
}

/** The car (as stored) at `price` in whole cents: reads only, so nothing about the car changes. */
export async function previewAt(db: Kysely<DB>, now: number, car: VehicleRow, price: number): Promise<PreviewAt> {
  const rating = priceRatingOf(car, price);
  const [position, days] = await Promise.all([
    marketPosition(db, car),
    rating === null ? null : daysToSell(db, now, car, car.year, price, Number(car.price_expected_cents)),
  ]);
  // The position of the price tried, against the comparables read for the car.
  return { rating, position: positionAt(price, car.currency, position.prices), days };
}
