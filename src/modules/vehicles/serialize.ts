// A stored car as the API shows it (spec 2.2).
import type { VehicleRow } from '../../core/db/schema.js';
import { photoStatusOf, shownUrls } from './photos/state.js';
import { findMarket } from '../markets/markets.js';
import { reviewReasons } from './review.js';
import { VEHICLE_FIELDS, type VehicleField } from './fields.js';
import type { Vehicle } from './schemas.js';

/** Whole cents → "12500.00", without floating point. */
export function formatPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const listingUrl = (publicBaseUrl: string, listingId: string): string => `${publicBaseUrl}/listings/${listingId}`;

const fields = VEHICLE_FIELDS as readonly VehicleField[];

export function toVehicle(row: VehicleRow, publicBaseUrl: string): Vehicle {
  const out: Record<string, unknown> = {
    external_id: row.external_id,
    listing_id: row.listing_id,
    market: row.market,
    status: row.status,
    source: row.source,
    url: listingUrl(publicBaseUrl, row.listing_id),
  };
  // Each field from its column (fields.ts), "" or null when not given; the price as a decimal.
  const columns = row as unknown as Record<string, string | number | null>;
  for (const f of fields) out[f.name] = f.name === 'price' ? formatPrice(row.price_cents) : (columns[f.column] ?? f.absent);
  out.mileage_unit = findMarket(row.market)?.mileage_unit ?? 'km';
  out.photos = shownUrls(publicBaseUrl, row.shown_photos);
  out.photos_pending = row.photos_pending;
  out.photo_status = photoStatusOf(publicBaseUrl, row.photo_state);
  out.review_reasons = reviewReasons(row);
  out.updated_at = new Date(row.updated_at).toISOString();
  return out as Vehicle;
}

/** "2019 Toyota Corolla XEi": the label of a car in events and pages. */
export const vehicleLabel = (row: Pick<VehicleRow, 'year' | 'brand' | 'model' | 'version'>): string =>
  [row.year, row.brand, row.model, row.version].filter(Boolean).join(' ');
