// Public reads of a car by its listing code. The listing code is the public address of a car
// (D19), so these are the only vehicle reads without a dealership: they serve the public page
// and the buyer form, and read nothing a page does not show.
import { compiledQuery } from '../../core/db/compiled.js';
import { sql, type Kysely } from 'kysely';
import { labelBound, type PriceLabel } from '../pricing/model.js';
import type { DB, DealerRow, VehicleRow } from '../../core/db/schema.js';

export interface ListingRow extends VehicleRow {
  dealer_slug: string;
  dealer_name: string;
  dealer_city: string | null;
  /** The dealership's public profile (D32), shown on its card (P112). */
  dealer_phone: string | null;
  dealer_whatsapp: string | null;
  dealer_address: string | null;
  dealer_website: string | null;
  dealer_opening_hours: string | null;
  /** The logo (P132): its file in the photo store and its size; null when none. */
  dealer_logo_file_id: string | null;
  dealer_logo_width: number | null;
  dealer_logo_height: number | null;
  /** D35: the live dealership's id when the car is its sandbox's (never public); else null. */
  dealer_sandbox_of: number | null;
}

/** The dealership's columns a car page shows: all of them are in the rendered page's key (P112), and whether it is a sandbox (D35). */
const DEALER_COLUMNS = [
  'dealers.slug as dealer_slug',
  'dealers.name as dealer_name',
  'dealers.city as dealer_city',
  'dealers.phone as dealer_phone',
  'dealers.whatsapp as dealer_whatsapp',
  'dealers.address as dealer_address',
  'dealers.website as dealer_website',
  'dealers.opening_hours as dealer_opening_hours',
  'dealers.logo_file_id as dealer_logo_file_id',
  'dealers.logo_width as dealer_logo_width',
  'dealers.logo_height as dealer_logo_height',
  'dealers.sandbox_of as dealer_sandbox_of',
] as const;

/**
 * What tells whether a rendered page is still right: the car's revision and everything of its
 * dealership the page shows (a profile edit shows at once, P112).
 */
export type ListingRef = Pick<
  ListingRow,
  | 'id'
  | 'revision'
  | 'dealer_slug'
  | 'dealer_name'
  | 'dealer_city'
  | 'dealer_phone'
  | 'dealer_whatsapp'
  | 'dealer_address'
  | 'dealer_website'
  | 'dealer_opening_hours'
  | 'dealer_logo_file_id'
  | 'dealer_sandbox_of'
>;

export const findListingRef = compiledQuery<ListingRef, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .select(['vehicles.id', 'vehicles.revision', ...DEALER_COLUMNS])
    .where('vehicles.listing_id', '=', ''),
);

export const findListing = compiledQuery<ListingRow, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .selectAll('vehicles')
    .select([...DEALER_COLUMNS])
    .where('vehicles.listing_id', '=', ''),
);

/** What the contact redirects (contact.ts, D34, P84) read of a car and its dealership. */
type ContactRow = Pick<VehicleRow, 'id' | 'dealer_id' | 'listing_id' | 'status' | 'market' | 'year' | 'brand' | 'model' | 'version'> &
  Pick<DealerRow, 'phone' | 'whatsapp'>;

export const findContact = compiledQuery<ContactRow, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .select([
      'vehicles.id',
      'vehicles.dealer_id',
      'vehicles.listing_id',
      'vehicles.status',
      'vehicles.market',
      'vehicles.year',
      'vehicles.brand',
      'vehicles.model',
      'vehicles.version',
      'dealers.phone',
      'dealers.whatsapp',
    ])
    .where('vehicles.listing_id', '=', '')
    // A sandbox car (D35) has no public contact links.
    .where('dealers.sandbox_of', 'is', null),
);

// The buyers' site (D36, P85, P86). Only cars for sale (status active) are listed anywhere, and
// never a sandbox twin's (D35, P123): `sandboxDealerIds` leaves out the cars of the (few) twins, read once
// per statement, so the id order and its index stay as they were.

/** The condition every public list of cars adds: not a sandbox twin's car (D35). */
const sandboxDealerIds = (db: Kysely<DB>) => db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null);

/** A car as the sitemap names it. */
export interface SitemapCar {
  id: number;
  listing_id: string;
  updated_at: number;
}

/** Cars for sale with id > afterId, by id: one page of the sitemap (a keyset cursor). */
export function sitemapCars(db: Kysely<DB>, afterId: number, limit: number): Promise<SitemapCar[]> {
  return db
    .selectFrom('vehicles')
    .select(['id', 'listing_id', 'updated_at'])
    .where('status', '=', 'active')
    .where('dealer_id', 'not in', sandboxDealerIds(db))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Dealerships with id > afterId, by id. */
export function sitemapDealers(db: Kysely<DB>, afterId: number, limit: number): Promise<{ id: number; slug: string }[]> {
  return db.selectFrom('dealers').select(['id', 'slug']).where('id', '>', afterId).where('sandbox_of', 'is', null).orderBy('id').limit(limit).execute();
}

/**
 * The id of the `n`-th row after afterId (1-based), or undefined when there are fewer: where a
 * sitemap file of n rows ends, read from the index without holding the rows.
 */
export async function nthIdAfter(db: Kysely<DB>, table: 'vehicles' | 'dealers', afterId: number, n: number): Promise<number | undefined> {
  let q = db.selectFrom(table).select('id').where('id', '>', afterId);
  if (table === 'vehicles') q = q.where('status', '=', 'active').where('dealer_id', 'not in', sandboxDealerIds(db));
  else q = q.where('sandbox_of', 'is', null);
  const row = await q
    .orderBy('id')
    .limit(1)
    .offset(n - 1)
    .executeTakeFirst();
  return row?.id;
}

export async function countSitemapRows(db: Kysely<DB>): Promise<number> {
  const cars = await db
    .selectFrom('vehicles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'active')
    .where('dealer_id', 'not in', sandboxDealerIds(db))
    .executeTakeFirstOrThrow();
  const dealers = await db
    .selectFrom('dealers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sandbox_of', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(cars.n) + Number(dealers.n);
}

/** What a storefront lists of each car. */
export type StorefrontCar = Pick<
  VehicleRow,
  | 'id'
  | 'listing_id'
  | 'market'
  | 'brand'
  | 'model'
  | 'year'
  | 'version'
  | 'price_cents'
  | 'currency'
  | 'mileage'
  | 'fuel'
  | 'transmission'
  | 'city'
  | 'shown_photos'
  | 'created_at'
  | 'price_expected_cents'
>;

/** A storefront's orders (P242): the newest first (the default), the lowest price or the highest first. */
export type StorefrontSort = 'newest' | 'price_asc' | 'price_desc';

export interface StorefrontQuery {
  brand?: string | undefined;
  priceMinCents?: number | undefined;
  priceMaxCents?: number | undefined;
  yearMin?: number | undefined;
  yearMax?: number | undefined;
  /** Only cars rated this or better (D44, P243); cars without a rating are left out then. */
  rating?: PriceLabel | undefined;
  sort?: StorefrontSort | undefined;
  /** Keyset cursor: cars after this one in the page's order (`key`: its created_at, or its price when sorted by price). */
  before?: { key: number; id: number } | undefined;
  /** Leave this car out (the sold car whose page lists the others). */
  except?: number | undefined;
}

const CARD_COLUMNS = [
  'id',
  'listing_id',
  'market',
  'brand',
  'model',
  'year',
  'version',
  'price_cents',
  'currency',
  'mileage',
  'fuel',
  'transmission',
  'city',
  'shown_photos',
  'created_at',
  // The card's price label (D44): the label is the price against it (P243).
  'price_expected_cents',
] as const;

/**
 * A dealership's cars for sale, filtered, in the page's order (newest first, or by price: P242),
 * at most `limit`. Each order is one range of its index, read in order from the cursor on
 * (vehicles_dealer_status_created, vehicles_dealer_status_price, both ways); the other filters,
 * the rating's among them, are checked on the rows read, which stay within one dealership's stock.
 */
export function storefrontCars(db: Kysely<DB>, dealerId: number, q: StorefrontQuery, limit: number): Promise<StorefrontCar[]> {
  return storefrontQuery(db, dealerId, q, limit).execute();
}

/** storefrontCars' statement, unrun (its plan is checked: test/service/query-plans.test.ts). */
export function storefrontQuery(db: Kysely<DB>, dealerId: number, q: StorefrontQuery, limit: number) {
  let s = db.selectFrom('vehicles').select(CARD_COLUMNS).where('dealer_id', '=', dealerId).where('status', '=', 'active');
  if (q.brand !== undefined) s = s.where('brand', '=', q.brand);
  if (q.priceMinCents !== undefined) s = s.where('price_cents', '>=', q.priceMinCents);
  if (q.priceMaxCents !== undefined) s = s.where('price_cents', '<=', q.priceMaxCents);
  if (q.yearMin !== undefined) s = s.where('year', '>=', q.yearMin);
  if (q.yearMax !== undefined) s = s.where('year', '<=', q.yearMax);
  if (q.except !== undefined) s = s.where('id', '<>', q.except);
  const bound = q.rating === undefined ? undefined : labelBound(q.rating);
  if (q.rating !== undefined) s = s.where('price_expected_cents', 'is not', null);
  // labelOf's own comparison, in integers (P243): price × 100 against expected × the label's bound.
  if (bound) s = s.where(sql<boolean>`price_cents * 100 ${sql.raw(bound.inclusive ? '<=' : '<')} price_expected_cents * ${sql.lit(bound.hundredths)}`);
  const sort = q.sort ?? 'newest';
  const key = sort === 'newest' ? 'created_at' : 'price_cents';
  const dir = sort === 'price_asc' ? 'asc' : 'desc';
  const b = q.before;
  if (b) {
    const past = dir === 'asc' ? '>' : '<';
    s = s.where((eb) => eb.or([eb(key, past, b.key), eb.and([eb(key, '=', b.key), eb('id', past, b.id)])]));
  }
  return s.orderBy(key, dir).orderBy('id', dir).limit(limit);
}

/** The brands a dealership has for sale (the storefront's brand filter). */
export async function storefrontBrands(db: Kysely<DB>, dealerId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('vehicles')
    .select('brand')
    .distinct()
    .where('dealer_id', '=', dealerId)
    .where('status', '=', 'active')
    .orderBy('brand')
    .execute();
  return rows.map((r) => r.brand);
}

/**
 * The newest cars for sale in `markets`, at any dealership but a sandbox twin (D35): the way
 * forward of a page that was not found (P199). Read backwards along vehicles_status_id.
 */
export function newestCars(db: Kysely<DB>, markets: readonly string[], limit: number): Promise<StorefrontCar[]> {
  return db
    .selectFrom('vehicles')
    .select(CARD_COLUMNS)
    .where('status', '=', 'active')
    .where('market', 'in', markets)
    .where('dealer_id', 'not in', sandboxDealerIds(db))
    .orderBy('status', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Cars for sale like a sold one (P115): same market, brand and model, at any dealership, at most
 * `limit`, leaving out `except` (the dealership's cars its page lists already) and sandbox cars (D35). Read from the
 * partial index vehicles_comparables (status active; market, brand, model, condition, currency,
 * year, price) in its own order, backwards: the newest years first, one short index range and no
 * sort, however many such cars there are.
 */
export function similarCars(
  db: Kysely<DB>,
  car: Pick<VehicleRow, 'id' | 'market' | 'brand' | 'model'>,
  except: readonly number[],
  limit: number,
): Promise<StorefrontCar[]> {
  return db
    .selectFrom('vehicles')
    .select(CARD_COLUMNS)
    .where('status', '=', 'active')
    .where('market', '=', car.market)
    .where('brand', '=', car.brand)
    .where('model', '=', car.model)
    .where('dealer_id', 'not in', sandboxDealerIds(db))
    .orderBy('condition', 'desc')
    .orderBy('currency', 'desc')
    .orderBy('year', 'desc')
    .orderBy('price_cents', 'desc')
    .limit(limit + except.length + 1)
    .execute()
    .then((rows) => rows.filter((r) => r.id !== car.id && !except.includes(r.id)).slice(0, limit));
}
