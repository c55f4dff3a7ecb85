// Which market and source a call works in (D8, spec 2.1).
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { findMarket, type Market } from '../markets/markets.js';
import { isSource, SOURCES, type Source } from './sources.js';
import { shown } from '../../core/text.js';

export function resolveMarket(dealerMarkets: string[], requested: unknown): Market {
  if (requested === undefined || requested === null || requested === '') {
    if (dealerMarkets.length === 1) return findMarket(dealerMarkets[0]!)!;
    throw new ApiError('market_required', msg('market_required', { markets: dealerMarkets.join(', ') }));
  }
  if (typeof requested !== 'string') throw new ApiError('invalid_market', msg('market_not_code'));
  const code = requested.trim().toLowerCase();
  if (!dealerMarkets.includes(code)) {
    throw new ApiError('invalid_market', msg('market_not_sold', { market: requested, markets: dealerMarkets.join(', ') }));
  }
  return findMarket(code)!;
}

/** The market named in the body and/or the query string; both must agree. */
export function pickMarket(bodyMarket: unknown, queryMarket: string | undefined): unknown {
  if (bodyMarket !== undefined && bodyMarket !== null && queryMarket !== undefined && shown(bodyMarket).toLowerCase() !== queryMarket.toLowerCase()) {
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
