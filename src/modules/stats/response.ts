// Reply speed (D42): of the leads created in a range, how many were answered, the median time to
// the first response and the share answered within an hour, beside the market's median (every
// live dealership's answered leads about cars of the same markets, as one anonymous figure).
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { dealerResponseDelays, marketMedianDelay } from './repository.js';

/** D42: medians need at least this many answered leads. */
export const MIN_ANSWERED = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface ResponseStats {
  leads: number;
  answered: number;
  median_minutes: number | null;
  /** Of all the range's leads, the share answered within an hour (P209): an unanswered one was not. */
  within_1h_share: number;
  market_median_minutes: number | null;
}

/** Minutes to one decimal (P209): "under a minute" stays distinguishable from none. */
const minutes = (ms: number): number => Math.round((ms / MINUTE) * 10) / 10;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 === 1 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** The reply speed of a dealership's leads created in [start, end), one market's when given; `markets`: those the market median covers. */
export async function responseStats(
  db: Kysely<DB>,
  o: { dealerId: number; market: string | undefined; markets: string[]; start: number; end: number },
): Promise<ResponseStats> {
  const [{ leads, delays }, market] = await Promise.all([
    dealerResponseDelays(db, o.dealerId, o.market, o.start, o.end),
    marketMedianDelay(db, o.market !== undefined ? [o.market] : o.markets, o.start, o.end, MIN_ANSWERED),
  ]);
  const within = delays.filter((d) => d <= HOUR).length;
  return {
    leads,
    answered: delays.length,
    median_minutes: delays.length >= MIN_ANSWERED ? minutes(median(delays)) : null,
    within_1h_share: leads === 0 ? 0 : Math.round((within / leads) * 1000) / 1000,
    market_median_minutes: market === null ? null : minutes(market),
  };
}
