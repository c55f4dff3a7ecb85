// A dealership's storefront (D36, P86): its cars for sale, newest first or by price (P242), in
// pages of PAGE_SIZE by a keyset cursor (`before=<key>-<id>` of the last car shown, the key its
// created_at or its price: a page costs one index range however deep), with filters by make,
// price, year and price rating (P243) sent by a plain GET form. A filter that cannot be read is
// left out and said so on the page (400): never a 5xx, never a guess.
import type { Kysely } from 'kysely';
import type { DB, DealerRow } from '../../core/db/schema.js';
import { findMarket, localeTagOf } from '../markets/markets.js';
import type { PriceLabel } from '../pricing/model.js';
import { storefrontBrands, storefrontCars, type StorefrontCar, type StorefrontQuery, type StorefrontSort } from './repository.js';

export const STOREFRONT_PAGE_SIZE = 24;
const YEAR = /^(19|20)\d\d$|^2100$/;
/** The market's number separators (its locale's), made once per market. */
const separators = new Map<string, { group: string; decimal: string }>();
function separatorsOf(market: string): { group: string; decimal: string } {
  let s = separators.get(market);
  if (!s) {
    const parts = new Intl.NumberFormat(localeTagOf(market)).formatToParts(12345.6);
    s = { group: parts.find((p) => p.type === 'group')?.value ?? ',', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.' };
    separators.set(market, s);
  }
  return s;
}

/**
 * A price as people of the market write it (issue 40): "20.000.000", "$ 20.000.000", "R$ 89.900",
 * "89.900,50" in Argentina or Brazil; "25,000" or "$25,000.50" in the US. The currency's sign or
 * code and spaces are dropped; the group separator is read only between groups of three digits
 * and the decimal one only before one or two digits, so "15.00" in Argentina is not guessed at
 * (undefined: the page says so). Whole cents, up to 12 digits of units.
 */
export function readPrice(text: string, market: string): number | undefined {
  const { group, decimal } = separatorsOf(market);
  // The sign or code of a currency, and every kind of space (Intl writes a no-break space).
  const v = text.replace(/^[A-Za-z]{0,3}\s*[$\u20ac£]?|[\s\u00a0\u202f]/g, '').replace(/^[A-Za-z]{1,3}/, '');
  const g = group === '.' ? '\\.' : group === ',' ? ',' : '[\\s\\u00a0\\u202f]';
  const d = decimal === ',' ? ',' : '\\.';
  const m = new RegExp(`^(\\d{1,12}|\\d{1,3}(?:${g}\\d{3}){1,3})(?:${d}(\\d{1,2}))?$`).exec(v);
  if (!m) return undefined;
  const units = m[1]!.replace(/\D/g, '');
  if (units.length > 12) return undefined;
  return Number(units) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
const CURSOR = /^(\d{1,15})-(\d{1,15})$/;

/** The filters as the buyer typed them (shown back in the form). */
/** What can be wrong in a storefront's filters (the page says each: public.badFilter.*). */
export type FilterProblem = 'price' | 'year' | 'priceRange' | 'yearRange' | 'brand' | 'page' | 'pageSorted' | 'sort' | 'rating';

/** The orders a buyer can pick (P242); the newest first is the default, named by no `sort`. */
export const STOREFRONT_SORTS: readonly StorefrontSort[] = ['newest', 'price_asc', 'price_desc'];
/** The rating filter's choices (P243): this label or a better one. High and overpriced are no buyer's wish. */
export const RATING_FILTERS: readonly PriceLabel[] = ['great', 'good', 'fair'];

export interface FilterForm {
  brand: string;
  price_min: string;
  price_max: string;
  year_min: string;
  year_max: string;
  rating: string;
  sort: string;
}

export interface Storefront {
  dealer: DealerRow;
  market: string;
  currency: string;
  brands: string[];
  form: FilterForm;
  problems: FilterProblem[];
  cars: StorefrontCar[];
  /** The query string of the next page, when there is one. */
  next?: string | undefined;
  /** Whether this is a later page (a link back to the first is shown). */
  paged: boolean;
}

const one = (v: unknown): string =>
  typeof v === 'string' ? v.trim().slice(0, 200) : Array.isArray(v) && typeof v[0] === 'string' ? v[0].trim().slice(0, 200) : '';

/** Reads the filters; what cannot be read is left out and named in `problems`. */
function readFilters(
  raw: Record<string, unknown>,
  brands: readonly string[],
  market: string,
): { query: StorefrontQuery; form: FilterForm; problems: FilterProblem[] } {
  const form: FilterForm = {
    brand: one(raw.brand),
    price_min: one(raw.price_min),
    price_max: one(raw.price_max),
    year_min: one(raw.year_min),
    year_max: one(raw.year_max),
    rating: one(raw.rating),
    sort: one(raw.sort),
  };
  const problems = new Set<FilterProblem>();
  const query: StorefrontQuery = {};
  if (form.brand) {
    const brand = brands.find((b) => b.toLowerCase() === form.brand.toLowerCase());
    if (brand) query.brand = brand;
    else problems.add('brand');
  }
  const price = (v: string) => {
    if (!v) return undefined;
    // Read as the market writes numbers: "15.000.000" is 15 million in Argentina, 15 in the US.
    const cents = readPrice(v, market);
    if (cents === undefined) return void problems.add('price');
    return cents;
  };
  const year = (v: string) => {
    if (!v) return undefined;
    if (!YEAR.test(v)) return void problems.add('year');
    return Number(v);
  };
  query.priceMinCents = price(form.price_min);
  query.priceMaxCents = price(form.price_max);
  query.yearMin = year(form.year_min);
  query.yearMax = year(form.year_max);
  if (query.priceMinCents !== undefined && query.priceMaxCents !== undefined && query.priceMinCents > query.priceMaxCents) {
    problems.add('priceRange');
    query.priceMinCents = query.priceMaxCents = undefined;
  }
  if (query.yearMin !== undefined && query.yearMax !== undefined && query.yearMin > query.yearMax) {
    problems.add('yearRange');
    query.yearMin = query.yearMax = undefined;
  }
  if (form.rating) {
    const rating = RATING_FILTERS.find((r) => r === form.rating);
    if (rating) query.rating = rating;
    else problems.add('rating');
  }
  if (form.sort) {
    const sort = STOREFRONT_SORTS.find((r) => r === form.sort);
    if (sort) query.sort = sort;
    else problems.add('sort');
  }
  const before = one(raw.before);
  if (before) {
    const m = CURSOR.exec(before);
    if (m) query.before = { key: Number(m[1]), id: Number(m[2]) };
    else problems.add(query.sort && query.sort !== 'newest' ? 'pageSorted' : 'page');
  }
  return { query, form, problems: [...problems] };
}

/** The query string of a storefront page with these filters (empty ones left out). */
export function storefrontQuery(form: FilterForm, before?: string): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form) as [string, string][]) if (v) p.set(k, v);
  if (before) p.set('before', before);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export async function loadStorefront(db: Kysely<DB>, dealer: DealerRow, raw: Record<string, unknown>): Promise<Storefront> {
  const market = (JSON.parse(dealer.markets) as string[])[0] ?? '';
  const brands = await storefrontBrands(db, dealer.id);
  const { query, form, problems } = readFilters(raw, brands, market);
  const rows = await storefrontCars(db, dealer.id, query, STOREFRONT_PAGE_SIZE + 1);
  const cars = rows.slice(0, STOREFRONT_PAGE_SIZE);
  const last = cars[cars.length - 1];
  // The next page's cursor is in the page's order (P242); what could not be read is not carried on.
  const key = last && (query.sort ?? 'newest') !== 'newest' ? last.price_cents : last?.created_at;
  const kept: FilterForm = { ...form, rating: query.rating ?? '', sort: query.sort ?? '' };
  const next = rows.length > STOREFRONT_PAGE_SIZE && last ? storefrontQuery(kept, `${key}-${last.id}`) : undefined;
  return { dealer, market, currency: findMarket(market)?.default_currency ?? '', brands, form, problems, cars, next, paged: query.before !== undefined };
}
