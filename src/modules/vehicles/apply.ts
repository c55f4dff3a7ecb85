// Writes validated cars: the one path for PUT, sync and feed rows. Runs inside the caller's
// write transaction, after the dealership's inventory lock.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, NewVehicle, VehicleRow } from '../../core/db/schema.js';
import { photoStateOf } from './photo-state.js';
import { trackPhotos } from './photo-track.js';
import { insertVehicles, touchVehicles, updateVehicle } from './repository.js';
import { minPhotosOf } from '../markets/markets.js';
import { saleStatus } from './status.js';
import { contactDetailsIn, type VehicleData } from './validation.js';

export interface ApplyItem {
  externalId: string;
  data: VehicleData;
}

export interface ApplyScope {
  dealerId: number;
  market: string;
  source: string;
  now: number;
}

/** What applying needs of an existing car (a narrower read than the whole row, for large stocks). */
export type ExistingCar = Pick<VehicleRow, 'id' | 'status' | 'photo_urls' | 'photos_pending' | 'shown_photos' | 'content_hash'>;

export interface ApplyOutcome {
  created: number;
  updated: number;
  /** Per item, in order: whether it was created. */
  results: ('created' | 'updated')[];
}

const LISTING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

function newListingId(): string {
  const bytes = crypto.randomBytes(10);
  let id = '';
  for (const b of bytes) id += LISTING_ALPHABET[b & 31]!;
  return id;
}

function contentHash(d: VehicleData, photos: string[], source: string): string {
  const parts = [
    d.brand,
    d.model,
    d.year,
    d.version,
    d.priceCents,
    d.currency,
    d.mileage,
    d.fuel,
    d.transmission,
    d.color,
    d.condition,
    d.city,
    d.description,
    photos,
    source,
  ];
  return crypto.createHash('sha1').update(JSON.stringify(parts)).digest('base64url');
}

function contentColumns(d: VehicleData) {
  return {
    brand: d.brand,
    model: d.model,
    year: d.year,
    version: d.version,
    price_cents: d.priceCents,
    currency: d.currency,
    mileage: d.mileage,
    fuel: d.fuel,
    transmission: d.transmission,
    color: d.color,
    condition: d.condition,
    city: d.city,
    description: d.description,
  };
}

/**
 * Applies each item against `existing` (the scope's cars with those stock IDs, read inside
 * this transaction). A car whose content, status and photos are unchanged keeps its
 * updated_at; only its "last sent" time moves (listing expiry). Photos of written cars are
 * tracked (rows + download jobs) in the same transaction.
 */
export async function applyVehicles(
  trx: Kysely<DB>,
  clock: Clock,
  scope: ApplyScope,
  items: ApplyItem[],
  existing: Map<string, ExistingCar>,
): Promise<ApplyOutcome> {
  const { now, source } = scope;
  const inserts: NewVehicle[] = [];
  const untouched: number[] = [];
  /** Cars whose photo list changed: their photos need tracking and their state settling. */
  const changedPhotos: number[] = [];
  const minPhotos = minPhotosOf(scope.market);
  const results: ('created' | 'updated')[] = [];
  for (const { externalId, data } of items) {
    const held = contactDetailsIn(data) !== null;
    const current = existing.get(externalId);
    if (!current) {
      const photos = data.photos ?? [];
      const photoUrls = JSON.stringify(photos);
      inserts.push({
        dealer_id: scope.dealerId,
        market: scope.market,
        external_id: externalId,
        listing_id: newListingId(),
        status: saleStatus(undefined, { held, pending: photos.length, ready: 0, minPhotos }),
        source,
        ...contentColumns(data),
        photo_urls: photoUrls,
        photos_pending: photos.length,
        // A new car's photos are all pending: its state is known without settling.
        photo_state: JSON.stringify(photoStateOf(photoUrls, new Map())),
        content_hash: contentHash(data, photos, source),
        last_sent_at: now,
        created_at: now,
        updated_at: now,
      });
      results.push('created');
      continue;
    }
    results.push('updated');
    const photosJson = data.photos ? JSON.stringify(data.photos) : current.photo_urls;
    const photos = data.photos ?? (JSON.parse(current.photo_urls) as string[]);
    const photosChanged = photosJson !== current.photo_urls;
    const photosPending = photosChanged ? photos.length : current.photos_pending;
    // With an unchanged list, the photos in are the shown set once nothing is pending.
    const ready = photosChanged ? 0 : (JSON.parse(current.shown_photos) as unknown[]).length;
    const status = saleStatus(current.status, { held, pending: photosPending, ready, minPhotos });
    const hash = contentHash(data, photos, source);
    if (hash === current.content_hash && status === current.status && photosPending === current.photos_pending) {
      untouched.push(current.id);
      continue;
    }
    if (photosChanged) changedPhotos.push(current.id);
    await updateVehicle(trx, current.id, {
      status,
      source,
      ...contentColumns(data),
      photo_urls: photosJson,
      photos_pending: photosPending,
      content_hash: hash,
      last_sent_at: now,
      updated_at: now,
    });
  }
  const created = await insertVehicles(trx, inserts);
  await touchVehicles(trx, untouched, now);
  // New photo URLs get their rows and download jobs; changed cars' states are settled.
  await trackPhotos(trx, clock, scope.dealerId, { created, changed: changedPhotos });
  return { created: inserts.length, updated: items.length - inserts.length, results };
}
