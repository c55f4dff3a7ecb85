// A stored car as the API shows it (spec 2.2).
import type { VehicleRow } from '../../core/db/schema.js';
import { photoStatusOf, shownUrls } from './photos/state.js';
import { findMarket } from '../markets/markets.js';
import { reviewReasons } from './review.js';
import type { Lang } from '../../core/i18n/index.js';
import { VEHICLE_FIELDS, type VehicleField } from './fields.js';
import type { Vehicle } from './schemas.js';
import { qualityIn, qualityOf } from './quality.js';
import { priceRatingOf } from '../pricing/service.js';

/** Whole cents → "12500.00", without floating point. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const listingUrl = (publicBaseUrl: string, listingId: string): string => `${publicBaseUrl}/listings/${listingId}`;

const fields = VEHICLE_FIELDS as readonly VehicleField[];

type Make = (
  row: VehicleRow,
  url: string,
  price: string,
  mileageUnit: string,
  photos: unknown,
  photoStatus: unknown,
  reviewReasons: unknown,
  updatedAt: string,
  quality: unknown,
  priceRating: unknown,
) => Vehicle;

/**
 * The answer's object, made by one object literal compiled once from the field table (fields.ts):
 * each field from its column, "" or null when not given, the price as a decimal. A literal keeps
 * one shape for every car; the same object built key by key in a loop made a list of 20 cars
 * take twice as long to answer.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- code made here from the field table, never from input
const make = new Function(
  'row',
  'url',
  'price',
  'mileageUnit',
  'photos',
  'photoStatus',
  'reviewReasons',
  'updatedAt',
  'quality',
  'priceRating',
  `return { external_id: row.external_id, listing_id: row.listing_id, market: row.market, status: row.status, source: row.source, url, ${fields
    .map((f) => `${JSON.stringify(f.name)}: ${f.name === 'price' ? 'price' : `row[${JSON.stringify(f.column)}] ?? ${JSON.stringify(f.absent)}`}`)
    .join(
      ', ',
    )}, mileage_unit: mileageUnit, photos, photos_pending: row.photos_pending, photo_status: photoStatus, review_reasons: reviewReasons, updated_at: updatedAt, quality, price_rating: priceRating };`,
) as Make;

/** A car as the API shows it; `review_reasons` in `lang` (D31). */
export function toVehicle(row: VehicleRow, publicBaseUrl: string, lang: Lang = 'en'): Vehicle {
  return make(
    row,
    listingUrl(publicBaseUrl, row.listing_id),
    formatPrice(row.price_cents),
    findMarket(row.market)?.mileage_unit ?? 'km',
    shownUrls(publicBaseUrl, row.shown_photos),
    photoStatusOf(publicBaseUrl, row.photo_state, lang),
    reviewReasons(row, lang),
    new Date(row.updated_at).toISOString(),
    // D43: derived from the row as the stored score was (quality.ts).
    qualityIn(lang, qualityOf(row)),
    priceRatingOf(row),
  );
}

/** "2019 Toyota Corolla XEi": the label of a car in events and pages. */
export const vehicleLabel = (row: Pick<VehicleRow, 'year' | 'brand' | 'model' | 'version'>): string =>
  [row.year, row.brand, row.model, row.version].filter(Boolean).join(' ');
