// The dealership's statistics as the panel's statistics page and the weekly mail show them
// (D34, P117, P119): figures per local day, and the cars to act on. The same rollups and
// comparables as the API (service.ts), read per dealership and bounded per list.
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import {
  carsOnMarket,
  comparablePrices,
  countForSale,
  dealerDays,
  leadTimes,
  qualityBandFigures,
  unansweredByCar,
  viewedWithoutContacts,
  type PanelCar,
} from './repository.js';
import type { MarketPosition } from './schemas.js';
import { positionOf } from './service.js';
import { addDays, daysBetween, localDate, localDayStart } from './time-zone.js';
import { responseStats, type ResponseStats } from './response.js';

/** One local day's figures on the page (leads are the leads created that day). */
export interface StatsDay {
  date: string;
  views: number;
  phone: number;
  whatsapp: number;
  inquiries: number;
  leads: number;
}

export interface StatsTotals {
  views: number;
  phone: number;
  whatsapp: number;
  inquiries: number;
  leads: number;
}

export interface PricedCar {
  car: PanelCar;
  position: MarketPosition;
  /** Whole percent the price is over (+) or under (−) the comparables' median. */
  diffPercent: number;
}

export interface PanelStats {
  from: string;
  to: string;
  days: StatsDay[];
  totals: StatsTotals;
  forSale: number;
  viewedNoContacts: (PanelCar & { views: number })[];
  unanswered: (PanelCar & { leads: number; oldest: number })[];
  onMarket: (PanelCar & { days: number })[];
  /** Cars priced above the market (label `above`), most over first. */
  aboveMarket: PricedCar[];
  /** Whether the price check stopped at PRICED_CARS cars. */
  pricedPartly: boolean;
  /** Reply speed of the range's leads, beside the market's (D42). */
  response: ResponseStats;
}

/** Rows of each list. */
const LIST_ROWS = 10;
/** The longest-on-market list. */
const ON_MARKET_ROWS = 20;
/**
 * Cars whose market position the page computes (one index read each, P97): a dealership with
 * more cars for sale sees the longest-listed ones checked, and the page says so.
 */
export const PRICED_CARS = 300;

/** The whole percent `price` is above (+) or below (−) `median`. */
function percentFrom(priceCents: number, medianCents: number): number {
  return medianCents === 0 ? 0 : Math.round(((priceCents - medianCents) * 100) / medianCents);
}

const cents = (decimal: string): number => Math.round(Number(decimal) * 100);

/** The market position of one car, or null (too few comparables, or not for sale). */
export async function carPosition(db: Kysely<DB>, car: PanelCar): Promise<PricedCar | null> {
  const position = positionOf(car.price_cents, car.currency, await comparablePrices(db, car));
  return position ? { car, position, diffPercent: percentFrom(car.price_cents, cents(position.median_price)) } : null;
}

/** Whole local days a car has been for sale (D34), or null. */
export function daysOnMarketOf(activeSince: number | null, now: number, zone: string): number | null {
  return activeSince === null ? null : Math.max(0, daysBetween(localDate(activeSince, zone), localDate(now, zone)));
}

/** The dealership's figures for the `length` local days ending on `to` (today when absent). */
export async function panelStats(
  db: Kysely<DB>,
  o: { dealerId: number; markets: string[]; zone: string; now: number; length: number; to?: string },
): Promise<PanelStats> {
  const to = o.to ?? localDate(o.now, o.zone);
  const from = addDays(to, -(o.length - 1));
  const start = localDayStart(from, o.zone);
  const end = localDayStart(addDays(to, 1), o.zone);
  const [rows, times, quiet, unanswered, onMarket, forSale, response] = await Promise.all([
    dealerDays(db, o.dealerId, undefined, from, to),
    leadTimes(db, o.dealerId, start, end),
    viewedWithoutContacts(db, o.dealerId, from, to, LIST_ROWS),
    unansweredByCar(db, o.dealerId, start, LIST_ROWS),
    carsOnMarket(db, o.dealerId, PRICED_CARS),
    countForSale(db, o.dealerId),
    responseStats(db, { dealerId: o.dealerId, market: undefined, markets: o.markets, start, end }),
  ]);
  const leadsOn = new Map<string, number>();
  for (const t of times) {
    const d = localDate(t, o.zone);
    leadsOn.set(d, (leadsOn.get(d) ?? 0) + 1);
  }
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days: StatsDay[] = [];
  const totals: StatsTotals = { views: 0, phone: 0, whatsapp: 0, inquiries: 0, leads: 0 };
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    const day = { date: d, views: r?.views ?? 0, phone: r?.phone ?? 0, whatsapp: r?.whatsapp ?? 0, inquiries: r?.inquiries ?? 0, leads: leadsOn.get(d) ?? 0 };
    days.push(day);
    totals.views += day.views;
    totals.phone += day.phone;
    totals.whatsapp += day.whatsapp;
    totals.inquiries += day.inquiries;
    totals.leads += day.leads;
  }
  // One comparables read per car, a few at a time (a pool's worth on PostgreSQL).
  const priced: PricedCar[] = [];
  for (let i = 0; i < onMarket.length; i += 8) {
    const part = await Promise.all(onMarket.slice(i, i + 8).map((c) => carPosition(db, c)));
    for (const p of part) if (p && p.position.label === 'above') priced.push(p);
  }
  priced.sort((a, b) => b.diffPercent - a.diffPercent || a.car.id - b.car.id);
  return {
    from,
    to,
    days,
    totals,
    forSale,
    viewedNoContacts: quiet,
    unanswered,
    onMarket: onMarket.slice(0, ON_MARKET_ROWS).map((c) => ({ ...c, days: daysOnMarketOf(c.active_since, o.now, o.zone) ?? 0 })),
    aboveMarket: priced.slice(0, LIST_ROWS),
    pricedPartly: forSale > onMarket.length,
    response,
  };
}

/** The three cars to act on first (the weekly mail): unanswered, then over the market, then seen and never asked about. */
export function carsToActOn(r: PanelStats): { car: PanelCar; why: 'unanswered' | 'above' | 'quiet'; n: number }[] {
  const out: { car: PanelCar; why: 'unanswered' | 'above' | 'quiet'; n: number }[] = [];
  const seen = new Set<number>();
  const add = (car: PanelCar, why: 'unanswered' | 'above' | 'quiet', n: number) => {
    if (out.length < 3 && !seen.has(car.id)) {
      seen.add(car.id);
      out.push({ car, why, n });
    }
  };
  for (const c of r.unanswered) add(c, 'unanswered', c.leads);
  for (const p of r.aboveMarket) add(p.car, 'above', p.diffPercent);
  for (const c of r.viewedNoContacts) add(c, 'quiet', c.views);
  return out;
}

// ---- Views and leads by listing-quality band (D43, P249) ----

/** The bands' lower bounds: 0–49, 50–69, 70–84, 85–100 (docs/quality.md). */
const QUALITY_BAND_LOWS = [0, 50, 70, 85] as const;
/** Cars a band needs before the page compares it with another. */
export const MIN_BAND_CARS = 5;
/** Views per car this many times another band's (or fewer by as much) read as "more" (or "fewer"); in between, "about as many". */
const BAND_RATIO = 1.2;

export interface QualityBand {
  low: number;
  high: number;
  cars: number;
  views: number;
  leads: number;
}

/** What the page may say of the bands, and no more. */
export type BandFinding =
  | { kind: 'no_cars' }
  /** Fewer than two bands with MIN_BAND_CARS cars. */
  | { kind: 'too_few' }
  /** Enough cars, but the bands compared had no view in the period. */
  | { kind: 'no_views'; top: QualityBand; bottom: QualityBand }
  | { kind: 'more' | 'similar' | 'fewer'; top: QualityBand; bottom: QualityBand };

export interface QualityBands {
  bands: QualityBand[];
  finding: BandFinding;
}

/**
 * The comparison the data allows: the highest band against the lowest, among the bands with
 * MIN_BAND_CARS cars or more, by views per car (the figure with the most events; leads are
 * shown beside it). A comparison, never a cause: the sentence says so.
 */
export function bandFinding(bands: readonly QualityBand[]): BandFinding {
  if (bands.every((b) => b.cars === 0)) return { kind: 'no_cars' };
  const enough = bands.filter((b) => b.cars >= MIN_BAND_CARS);
  if (enough.length < 2) return { kind: 'too_few' };
  const bottom = enough[0]!;
  const top = enough[enough.length - 1]!;
  const hi = top.views / top.cars;
  const lo = bottom.views / bottom.cars;
  if (hi === 0 && lo === 0) return { kind: 'no_views', top, bottom };
  const kind = hi >= lo * BAND_RATIO ? 'more' : hi * BAND_RATIO <= lo ? 'fewer' : 'similar';
  return { kind, top, bottom };
}

/** The dealership's cars by quality band over the `length` local days ending today (the page's period). */
export async function qualityBands(db: Kysely<DB>, o: { dealerId: number; zone: string; now: number; length: number }): Promise<QualityBands> {
  const to = localDate(o.now, o.zone);
  const from = addDays(to, -(o.length - 1));
  const rows = await qualityBandFigures(db, {
    dealerId: o.dealerId,
    from,
    to,
    start: localDayStart(from, o.zone),
    end: localDayStart(addDays(to, 1), o.zone),
    lows: QUALITY_BAND_LOWS,
  });
  const bands = QUALITY_BAND_LOWS.map((low, i): QualityBand => {
    const r = rows.find((x) => x.band === i);
    return { low, high: (QUALITY_BAND_LOWS[i + 1] ?? 101) - 1, cars: r?.cars ?? 0, views: r?.views ?? 0, leads: r?.leads ?? 0 };
  });
  return { bands, finding: bandFinding(bands) };
}
