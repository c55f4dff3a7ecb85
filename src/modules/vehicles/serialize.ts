// A stored car as the API shows it (spec 2.2).
import type { VehicleRow } from '../../core/db/schema.js';
import { photoStatusOf, shownUrls } from './photos/state.js';
import { findMarket } from '../markets/markets.js';
import { reviewReasons } from './review.js';
import type { Vehicle } from './schemas.js';

/** Whole cents → "12500.00", without floating point. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const listingUrl = (publicBaseUrl: string, listingId: string): string => `${publicBaseUrl}/listings/${listingId}`;

export function toVehicle(row: VehicleRow, publicBaseUrl: string): Vehicle {
  return {
    external_id: row.external_id,
    listing_id: row.listing_id,
    market: row.market,
    status: row.status,
    source: row.source,
    url: listingUrl(publicBaseUrl, row.listing_id),
    brand: row.brand,
    model: row.model,
    year: row.year,
    version: row.version ?? '',
    price: formatPrice(row.price_cents),
    currency: row.currency,
    mileage: row.mileage,
    mileage_unit: findMarket(row.market)?.mileage_unit ?? 'km',
    fuel: row.fuel ?? '',
    transmission: row.transmission ?? '',
    color: row.color ?? '',
    condition: row.condition,
    city: row.city,
    description: row.description ?? '',
    photos: shownUrls(publicBaseUrl, row.shown_photos),
    photos_pending: row.photos_pending,
    photo_status: photoStatusOf(publicBaseUrl, row.photo_state),
    review_reasons: reviewReasons(row),
    updated_at: new Date(row.updated_at).toISOString(),
    vin: row.vin,
    body_style: row.body_style as Vehicle['body_style'],
    drivetrain: row.drivetrain as Vehicle['drivetrain'],
    doors: row.doors,
    engine: row.engine,
    interior_color: row.interior_color,
  };
}

/** "2019 Toyota Corolla XEi": the label of a car in events and pages. */
export const vehicleLabel = (row: Pick<VehicleRow, 'year' | 'brand' | 'model' | 'version'>): string =>
  [row.year, row.brand, row.model, row.version].filter(Boolean).join(' ');
