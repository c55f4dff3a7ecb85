// A car sent again exactly as it is stored is not validated again (P55): its fields, taken as
// sent, hash to the stored content_hash. Every value the service stores is one that validation
// returns unchanged (trimmed text, catalog names, vocabulary codes, normalized URLs and VINs,
// whole cents), so a car whose values as sent hash to the stored content is a car that passed
// validation with these very values; any other car (a changed field, a value written another way
// — "volkswagen", " Gol ", a price as a string) misses the hash and is validated in full.
// A sync of 500 unchanged cars then costs a hash per car instead of validating each.
import type { ExistingCar } from './apply.js';
import { contentHash } from './content-hash.js';
import type { ValidationContext, VehicleData } from './validation.js';

/** Absent, undefined and null are "not given", as validation reads them. */
const given = (raw: Record<string, unknown>, field: string): boolean => Object.hasOwn(raw, field) && raw[field] !== undefined && raw[field] !== null;

/** A value not of the stored kind: the car is validated in full. */
const MISS = Symbol('not as stored');
type Read<T> = T | typeof MISS;

function text(raw: Record<string, unknown>, field: string, fallback: string | null = null): Read<string | null> {
  if (!given(raw, field)) return fallback;
  const v = raw[field];
  return typeof v === 'string' ? v : MISS;
}

function whole(raw: Record<string, unknown>, field: string): Read<number> {
  const v = raw[field];
  return typeof v === 'number' && Number.isInteger(v) ? v : MISS;
}

/** The car's values exactly as sent, in the stored shape (defaults applied as validation does), or MISS. */
function asSent(raw: Record<string, unknown>, ctx: Pick<ValidationContext, 'market' | 'defaultCity'>): Read<VehicleData> {
  const price = raw.price;
  if (typeof price !== 'number' || !Number.isFinite(price)) return MISS;
  const priceCents = Math.round(price * 100);
  // Whole cents only (validation refuses more decimals): 12345.67 → 1234567 → 12345.67.
  if (priceCents / 100 !== price) return MISS;
  let photos: string[] | undefined;
  if (given(raw, 'photos')) {
    if (!Array.isArray(raw.photos) || !raw.photos.every((p) => typeof p === 'string')) return MISS;
    photos = raw.photos;
  }
  const doors = given(raw, 'doors') ? whole(raw, 'doors') : null;
  const data = {
    brand: text(raw, 'brand', ''),
    model: text(raw, 'model', ''),
    year: whole(raw, 'year'),
    version: text(raw, 'version'),
    priceCents,
    currency: text(raw, 'currency', ctx.market.default_currency),
    mileage: whole(raw, 'mileage'),
    fuel: text(raw, 'fuel'),
    transmission: text(raw, 'transmission'),
    color: text(raw, 'color'),
    condition: text(raw, 'condition', 'used'),
    city: text(raw, 'city', ctx.defaultCity),
    description: text(raw, 'description'),
    photos,
    vin: text(raw, 'vin'),
    bodyStyle: text(raw, 'body_style'),
    drivetrain: text(raw, 'drivetrain'),
    doors,
    engine: text(raw, 'engine'),
    interiorColor: text(raw, 'interior_color'),
  };
  // A missing brand or model reads as '' and cannot match stored content (never empty).
  for (const v of Object.values(data)) if (v === MISS) return MISS;
  return data as VehicleData;
}

/** The car as stored when `raw` sends it unchanged, else undefined (validate it). */
export function unchangedCar(
  raw: Record<string, unknown>,
  ctx: Pick<ValidationContext, 'market' | 'defaultCity'>,
  stored: Pick<ExistingCar, 'content_hash' | 'photo_urls'>,
  source: string,
): VehicleData | undefined {
  const data = asSent(raw, ctx);
  if (data === MISS) return undefined;
  const photos = data.photos ?? (JSON.parse(stored.photo_urls) as string[]);
  return contentHash(data, photos, source) === stored.content_hash ? data : undefined;
}

/**
 * A car's values as sent and their content hash, before anything is read (P57): what a car
 * stored with exactly these values has as its content_hash. Undefined when the car cannot be
 * one stored as sent (a value of another kind) or when its hash depends on the store (no
 * photo list sent: the stored one counts).
 */
export function sentContent(
  raw: Record<string, unknown>,
  ctx: Pick<ValidationContext, 'market' | 'defaultCity'>,
  source: string,
): { data: VehicleData; hash: string } | undefined {
  const data = asSent(raw, ctx);
  if (data === MISS || !data.photos) return undefined;
  return { data, hash: contentHash(data, data.photos, source) };
}
