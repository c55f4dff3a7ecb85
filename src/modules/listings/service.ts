// The public page of a car, by listing code (D6, D19). Rendered pages are kept per listing
// and served again while the car's revision (bumped by every write that changes what is
// shown) and what the page shows of its dealership (name, city, profile: P112) are unchanged: a page view costs one small
// indexed read. What each status shows, and with which HTTP status and caching:
//   active                        200, the car and the contact form; cached 60 s by clients
//   sold / withdrawn / expired    200, one "no longer available" page for all three, with the
//                                 dealership's other cars for sale (P87; not kept) and similar
//                                 cars of any dealership (P115); indexed but in no sitemap (P116)
//   importing_photos / in_review  404, "not yet available" (nothing of the car: it is not
//                                 public yet, and in_review may hide contact details); noindex
//   unknown listing               404 page in the visitor's language, with cars for sale now (P199); noindex
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import type { Clock } from '../../core/clock.js';
import { pickLang, type Lang } from '../../core/i18n/index.js';
import { languageOf, MARKET_CODES } from '../markets/markets.js';
import { GONE_STATUSES } from '../vehicles/schemas.js';
import { compress, type Encoding } from './encoding.js';
import { gonePage, listingPage, notFoundPage, notYetPage, type PriceDrop } from './page.js';
import { DROP_SHOWN_MS, recentDrop } from '../pricing/service.js';
import { findListing, findListingRef, newestCars, similarCars, storefrontCars, type ListingRef, type ListingRow } from './repository.js';
import { withSandboxBanner } from './sandbox-preview.js';
import { BoundedMap } from '../../core/util/bounded-map.js';
import type { ViewedCar } from '../stats/counting.js';

/** Listing codes are 10 Crockford base-32 characters; anything else is not looked up. */
export const LISTING_ID = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** The shape as the OpenAPI document states it (P187): any other code is a 404, as an unknown one, so the validator does not apply it. */
export const LISTING_ID_DOC = { 'x-max-length': 10, 'x-pattern': LISTING_ID.source } as const;

export interface Page {
  status: number;
  body: Buffer;
  etag: string;
  cacheControl: string;
  noindex: boolean;
  /** Compressed copies, made on first demand. */
  encoded: Partial<Record<Encoding, { body: Buffer; etag: string }>>;
  /** The car a 200 page shows: what its views count against (D34). */
  car?: ViewedCar;
}

function page(status: number, text: string, cacheControl: string, noindex: boolean): Page {
  const body = Buffer.from(text, 'utf8');
  const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return { status, body, etag, cacheControl, noindex, encoded: {} };
}

/** The page's bytes in `encoding` (each encoding is its own representation, with its own ETag). */
export function encodedPage(p: Page, encoding: Encoding): { body: Buffer; etag: string } {
  return (p.encoded[encoding] ??= { body: compress(p.body, encoding), etag: `${p.etag.slice(0, -1)}-${encoding}"` });
}

function renderListing(row: ListingRow, publicBaseUrl: string, drop?: PriceDrop): Page {
  const car: ViewedCar = { vehicleId: row.id, dealerId: row.dealer_id, market: row.market };
  if (row.status === 'active') return { ...page(200, listingPage(row, publicBaseUrl, undefined, drop), 'public, max-age=60', false), car };
  // It may go live within minutes: not kept by clients.
  return page(404, notYetPage(row), 'no-cache', true);
}

/** How many of the dealership's other cars a sold car's page shows (P87). */
const OTHER_CARS = 6;

/** How many similar cars of any dealership it shows besides (P115). */
const SIMILAR_CARS = 4;

/**
 * A sold, withdrawn or expired car's page, with the dealership's other cars for sale now (P87)
 * and similar cars for sale at any dealership (P115).
 */
export async function renderGone(db: Kysely<DB>, row: ListingRow, publicBaseUrl: string, notice?: string): Promise<string> {
  const others = await storefrontCars(db, row.dealer_id, { except: row.id }, OTHER_CARS);
  const similar = await similarCars(
    db,
    row,
    others.map((c) => c.id),
    SIMILAR_CARS,
  );
  return gonePage(row, publicBaseUrl, others, notice, similar);
}

/** Cars a not-found page offers instead (P199). */
const NOT_FOUND_CARS = 6;
/** How long a not-found page is kept: as long as clients may (max-age=60). */
const NOT_FOUND_MS = 60_000;

/**
 * Whose market a visitor is from, by Accept-Language (P199): the first tag of their language
 * that names a market's country (`es-AR` → ar, `en-GB` → uk) is the page's market, and its cars
 * the ones offered; without one, the first market of the language formats the page and the
 * cars of all its markets are offered. The language itself is pickLang's (fallback `es`, as the
 * public home page's, P180).
 */
function visitorMarkets(header: string | undefined): { lang: Lang; market: string; markets: string[] } {
  const lang = pickLang(header, 'es');
  const markets = MARKET_CODES.filter((m) => languageOf(m) === lang);
  for (const part of (header ?? '').split(',', 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p))) continue;
    const m = /^([a-z]{2})-([a-z]{2})$/.exec(tag.trim());
    const market = m?.[2] === 'gb' ? 'uk' : m?.[2];
    if (m && m[1] === lang && market && markets.includes(market)) return { lang, market, markets: [market] };
  }
  return { lang, market: markets[0] ?? 'us', markets };
}

interface Entry {
  key: string;
  page: Page;
  /** When the page's price drop (D44) stops being shown: the page is made again then. */
  until: number;
}

/** The rendered page's key: the car's revision and every dealership field the page shows (P112). */
const refKey = (r: ListingRef): string =>
  JSON.stringify([
    r.revision,
    r.dealer_slug,
    r.dealer_name,
    r.dealer_city,
    r.dealer_phone,
    r.dealer_whatsapp,
    r.dealer_address,
    r.dealer_website,
    r.dealer_opening_hours,
    r.dealer_logo_file_id,
  ]);

export class ListingPages {
  private readonly entries: BoundedMap<string, Entry>;
  /** Not-found pages by market and kind, each kept NOT_FOUND_MS: a 404 costs no read most of the time. */
  private readonly notFoundPages = new Map<string, { page: Page; until: number }>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly publicBaseUrl: string,
    private readonly clock: Clock,
    /** ~10 KB a page: 1000 pages are about 10 MB. */
    max = 1000,
  ) {
    this.entries = new BoundedMap(max);
  }

  /** The 404 page of an unknown car or dealership, for a visitor whose browser sends `acceptLanguage` (P199). */
  async notFound(acceptLanguage: string | undefined, kind: 'listing' | 'dealer' = 'listing'): Promise<Page> {
    const v = visitorMarkets(acceptLanguage);
    // At most (markets + languages) × 2 keys: the map stays small without a bound.
    const key = `${kind} ${v.market} ${v.markets.join(',')}`;
    const now = this.clock.now();
    const kept = this.notFoundPages.get(key);
    if (kept && kept.until > now) return kept.page;
    const cars = await newestCars(this.db, v.markets, NOT_FOUND_CARS);
    const made = page(404, notFoundPage(v.market, kind, cars, this.publicBaseUrl), 'public, max-age=60', true);
    this.notFoundPages.set(key, { page: made, until: now + NOT_FOUND_MS });
    return made;
  }

  /**
   * `viewer`: the live dealership of the signed-in user the request comes from, asked only for a
   * sandbox car (D35, P124): its page answers 404 to anyone else, and is never kept or counted.
   * Undefined when there is no car to show: the caller answers `notFound` (P199).
   */
  async get(listingId: string, viewer?: () => Promise<number | undefined>): Promise<Page | undefined> {
    if (!LISTING_ID.test(listingId)) return undefined;
    const ref = (await findListingRef(this.db, listingId))[0];
    if (!ref) return undefined;
    if (ref.dealer_sandbox_of !== null) return this.sandboxPage(listingId, ref.dealer_sandbox_of, viewer);
    const hit = this.entries.get(listingId);
    const now = this.clock.now();
    if (hit && hit.key === refKey(ref) && now < hit.until) return hit.page;
    const row = (await findListing(this.db, listingId))[0];
    if (!row) return undefined;
    // Not kept here: the other cars it lists change without this car's revision.
    if (GONE_STATUSES.includes(row.status)) {
      const car: ViewedCar = { vehicleId: row.id, dealerId: row.dealer_id, market: row.market };
      return { ...page(200, await renderGone(this.db, row, this.publicBaseUrl), 'public, max-age=300', false), car };
    }
    const drop = row.status === 'active' ? await recentDrop(this.db, row.id, now) : undefined;
    const made = renderListing(row, this.publicBaseUrl, drop);
    // A new revision that shows the same bytes (a family's re-rating that moves no word of the
    // page, P251) keeps the page already made, and so its compressed copies.
    const rendered = hit && hit.page.etag === made.etag && hit.page.status === made.status ? hit.page : made;
    this.entries.set(listingId, { key: refKey(row), page: rendered, until: drop ? drop.at + DROP_SHOWN_MS : Number.POSITIVE_INFINITY });
    return rendered;
  }

  private async sandboxPage(listingId: string, liveId: number, viewer?: () => Promise<number | undefined>): Promise<Page | undefined> {
    if (!viewer || (await viewer()) !== liveId) return undefined;
    const row = (await findListing(this.db, listingId))[0];
    if (!row) return undefined;
    const text = GONE_STATUSES.includes(row.status)
      ? await renderGone(this.db, row, this.publicBaseUrl)
      : row.status === 'active'
        ? listingPage(row, this.publicBaseUrl, undefined, await recentDrop(this.db, row.id, this.clock.now()))
        : notYetPage(row);
    return page(200, withSandboxBanner(text, row.market), 'private, no-store', true);
  }
}
