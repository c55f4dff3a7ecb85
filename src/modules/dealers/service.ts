// Dealerships: created by the operator (D3). Slug, name, markets and city are checked here.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import { isUniqueViolation } from '../../core/db/dialect.js';
import type { DB, DealerRow } from '../../core/db/schema.js';
import { ApiError, inputError } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { forbiddenControl } from '../../core/text.js';
import { isMarketCode, MARKET_CODES } from '../markets/markets.js';
import { findDealerBySlug, insertDealer, listDealers } from './repository.js';

export interface Dealer {
  id: number;
  slug: string;
  name: string;
  city: string | null;
  markets: string[];
}

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function toDealer(row: DealerRow): Dealer {
  return { id: row.id, slug: row.slug, name: row.name, city: row.city, markets: JSON.parse(row.markets) as string[] };
}

const invalid = (m: Msg) => new ApiError('invalid_request', m);

export async function createDealer(
  db: Kysely<DB>,
  clock: Clock,
  input: { slug: string; name: string; markets: string[]; city?: string | null },
): Promise<Dealer> {
  const slug = input.slug.trim();
  const name = input.name.trim();
  const city = input.city?.trim() || null;
  const markets = [...new Set(input.markets.map((m) => m.trim().toLowerCase()).filter(Boolean))];
  if (!SLUG_PATTERN.test(slug) || slug.length > 64) {
    throw invalid(msg('dealer_slug_invalid', { slug: input.slug }));
  }
  if (name.length === 0 || name.length > 160) throw invalid(msg('dealer_name_length', { max: 160 }));
  if (city !== null && city.length > 120) throw invalid(msg('dealer_city_too_long', { max: 120 }));
  // Shown on every page, listing and mail of the dealership: no control or bidirectional characters (core/text.ts, P158).
  for (const [field, value] of [
    ['name', name],
    ['city', city ?? ''],
  ] as const) {
    const found = forbiddenControl(value);
    if (found) throw inputError({ text: msg('field_control', { field, char: found }), field, rule: 'control_character' });
  }
  if (markets.length === 0) throw invalid(msg('dealer_markets_empty', { markets: MARKET_CODES.join(', ') }));
  const unknown = markets.filter((m) => !isMarketCode(m));
  if (unknown.length) throw invalid(msg('dealer_market_unknown', { unknown: unknown.join(', '), markets: MARKET_CODES.join(', ') }));
  try {
    return toDealer(await insertDealer(db, { slug, name, city, markets, now: clock.now() }));
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(msg('dealer_slug_taken', { slug }));
    throw err;
  }
}

export async function getDealerBySlug(db: Kysely<DB>, slug: string): Promise<Dealer> {
  const row = await findDealerBySlug(db, slug);
  if (!row) throw new ApiError('not_found', msg('dealer_not_found', { slug }));
  return toDealer(row);
}

export async function allDealers(db: Kysely<DB>): Promise<Dealer[]> {
  return (await listDealers(db)).map(toDealer);
}
