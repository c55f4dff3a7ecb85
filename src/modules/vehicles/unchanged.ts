// A car sent again exactly as it is stored is not validated again (P55): its fields, taken as
// sent, hash to the stored content_hash. Every value the service stores is one that validation
// returns unchanged (trimmed text, catalog names, vocabulary codes, normalized URLs and VINs,
// whole cents), so a car whose values as sent hash to the stored content is a car that passed
// validation with these very values; any other car (a changed field, a value written another way
// — "volkswagen", " Gol ", a price as a string) misses the hash and is validated in full.
// A sync of 500 unchanged cars then costs a hash per car instead of validating each.
import { contentHash } from './content-hash.js';
import { VEHICLE_FIELDS, type VehicleData, type VehicleField } from './fields.js';
import type { ValidationContext } from './validation.js';

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

const fields = VEHICLE_FIELDS as readonly VehicleField[];

/** The car's values exactly as sent, in the stored shape (defaults applied as validation does: fields.ts), or MISS. */
function asSent(raw: Record<string, unknown>, ctx: Pick<ValidationContext, 'market' | 'defaultCity'>): Read<VehicleData> {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    let v: Read<string | number | null>;
    if (f.name === 'price') {
      const price = raw.price;
      if (typeof price !== 'number' || !Number.isFinite(price)) return MISS;
      v = Math.round(price * 100);
      // Whole cents only (validation refuses more decimals): 12345.67 → 1234567 → 12345.67.
      if (v / 100 !== price) return MISS;
    } else if (f.type === 'integer') v = f.required ? whole(raw, f.name) : given(raw, f.name) ? whole(raw, f.name) : null;
    // A missing brand or model reads as '' and cannot match stored content (never empty).
    else v = text(raw, f.name, f.fallback ? f.fallback(ctx) : f.required ? '' : null);
    if (v === MISS) return MISS;
    data[f.prop] = v;
  }
  if (given(raw, 'photos')) {
    if (!Array.isArray(raw.photos) || !raw.photos.every((p) => typeof p === 'string')) return MISS;
    data.photos = raw.photos;
  } else data.photos = undefined;
  return data as VehicleData;
}

/** The car as stored when `raw` sends it unchanged, else undefined (validate it). */
export function unchangedCar(
  raw: Record<string, unknown>,
  ctx: Pick<ValidationContext, 'market' | 'defaultCity'>,
  /** photo_urls: null when not read (the car was sent with its list: repository.ts, findStoredContent). */
  stored: { content_hash: string; photo_urls: string | null },
  source: string,
): VehicleData | undefined {
  const data = asSent(raw, ctx);
  if (data === MISS) return undefined;
  if (data.photos === undefined && stored.photo_urls === null) return undefined;
  const photos = data.photos ?? (JSON.parse(stored.photo_urls!) as string[]);
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
