// Which market and source a call works in (D8, spec 2.1).
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { findMarket, MARKET_CODE_MAX, type Market } from '../markets/markets.js';
import { isSource, SOURCES, type Source } from './sources.js';
import { characters, shown } from '../../core/text.js';

/**
 * Whether a market value as sent names the market `code`: any case, outer spaces ignored, and at
 * most MARKET_CODE_MAX characters as sent, as the document's maxLength counts them (P187).
 */
export const namesMarket = (value: unknown, code: string): boolean =>
  typeof value === 'string' && characters(value) <= MARKET_CODE_MAX && value.trim().toLowerCase() === code;

export function resolveMarket(dealerMarkets: string[], requested: unknown): Market {
  if (requested === undefined || requested === null || requested === '') {
    if (dealerMarkets.length === 1) return findMarket(dealerMarkets[0]!)!;
    throw new ApiError('market_required', msg('market_required', { markets: dealerMarkets.join(', ') }));
  }
  if (typeof requested !== 'string') throw new ApiError('invalid_market', msg('market_not_code'));
  const code = dealerMarkets.find((m) => namesMarket(requested, m));
  if (code === undefined) {
    throw new ApiError('invalid_market', msg('market_not_sold', { market: requested, markets: dealerMarkets.join(', ') }));
  }
  return findMarket(code)!;
}

/** The market named in the body and/or the query string; both must agree. */
export function pickMarket(bodyMarket: unknown, queryMarket: string | undefined): unknown {
  // Outer spaces and case are not a conflict: each names its market as resolveMarket reads it.
  if (
    bodyMarket !== undefined &&
    bodyMarket !== null &&
    queryMarket !== undefined &&
    shown(bodyMarket).trim().toLowerCase() !== queryMarket.trim().toLowerCase()
  ) {
    throw new ApiError('invalid_request', msg('market_conflict', { body: shown(bodyMarket), query: queryMarket }));
  }
  return bodyMarket ?? queryMarket;
}

export function resolveSource(requested: unknown): Source {
  if (requested === undefined || requested === null) return 'api';
  if (typeof requested !== 'string' || !isSource(requested)) {
    throw new ApiError('invalid_request', msg('source_invalid', { sources: SOURCES.join(', ') }));
  }
  return requested;
}
