// Near-duplicate photos (D43 photo_duplicate, photo_elsewhere; P222): when a photo is in, its
// hash is looked up in the band index (multi-index hashing, photos/checks.ts) and compared whole
// with each candidate. Same dealership, another car for sale: both photos are flagged duplicate
// (the dealer fixes either). Another dealership: only the later photo is flagged elsewhere — the
// earlier one is the original as far as the marketplace can tell. A sandbox twin (D35) and its
// live dealership are one dealer here: the sandbox copies the live cars' photos on purpose.
import type { Kysely } from 'kysely';
import type { DB } from '../../../core/db/schema.js';
import { CHECK, DUPLICATE_THRESHOLD, hammingDistance, hashBands, MIN_BANDS_FOR_LOOKUP } from '../../photos/checks.js';
import { FOR_SALE_STATUSES } from '../schemas.js';
import { hashCandidates, saveHashBands, type HashCandidate } from './repository.js';

const forSale = (status: string) => (FOR_SALE_STATUSES as readonly string[]).includes(status);

export interface DuplicateFinding {
  /** Flags for the photo looked up. */
  flags: number;
  /** Earlier photos of the dealership's other cars for sale that are the same photo: flagged duplicate too. */
  duplicates: { photoId: number; vehicleId: number }[];
}

/** Indexes photo `photoId`'s hash and finds its near-duplicates among the photos already in. */
export async function findNearDuplicates(
  trx: Kysely<DB>,
  photo: { id: number; dealer_id: number; vehicle_id: number },
  phash: string,
  dealer: { sandbox_of: number | null },
): Promise<DuplicateFinding> {
  const bands = hashBands(phash);
  const found: DuplicateFinding = { flags: 0, duplicates: [] };
  // A photo nearly without edges (flagged blurry already) is like every other plain photo.
  if (bands.length < MIN_BANDS_FOR_LOOKUP) return found;
  const candidates = await hashCandidates(trx, bands, photo.vehicle_id);
  await saveHashBands(trx, photo.id, bands);
  const related = (c: HashCandidate) =>
    c.dealer_id === dealer.sandbox_of || c.sandbox_of === photo.dealer_id || (c.sandbox_of !== null && c.sandbox_of === dealer.sandbox_of);
  for (const c of candidates) {
    if (hammingDistance(phash, c.phash) > DUPLICATE_THRESHOLD) continue;
    if (c.dealer_id === photo.dealer_id) {
      if (!forSale(c.vehicle_status)) continue;
      found.flags |= CHECK.duplicate;
      found.duplicates.push({ photoId: c.id, vehicleId: c.vehicle_id });
    } else if (!related(c)) found.flags |= CHECK.elsewhere;
  }
  return found;
}
