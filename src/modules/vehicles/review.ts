// Why a car is held in_review (D5, D10), in sentences a salesperson can act on. Derived from the
// car's row alone (its text and its photo_state), so a list of cars or a cached read needs no
// other query, and the reasons can never disagree with the state they explain.
import type { VehicleRow } from '../../core/db/schema.js';
import { minPhotosOf } from '../markets/markets.js';
import type { PhotoStateEntry } from './photo-state.js';
import { findContactDetail } from './validation.js';

/** The found contact detail is echoed (it is the dealer's own text) but kept short. */
const EXCERPT_MAX = 40;

const excerpt = (text: string): string => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/** A failure reason as a clause: "The host … could not be resolved." → "the host … could not be resolved". */
function clause(reason: string): string {
  const r = reason.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(r) ? r[0]!.toLowerCase() + r.slice(1) : r;
}

/**
 * When a car's photos are settled (none pending) with fewer than the market's minimum in: one
 * sentence per failed photo and one for the count. Empty otherwise. Also the `errors` of the
 * `vehicle.rejected` event (channel photos), so that both say the same.
 */
export function photoShortfall(state: PhotoStateEntry[], minPhotos: number): string[] {
  if (state.some((p) => p.status === 'pending')) return [];
  const ready = state.filter((p) => p.status === 'ready').length;
  if (ready >= minPhotos) return [];
  const out = state.flatMap((p, i) =>
    p.status === 'failed' ? [`Photo ${i + 1} (${p.source_url}) could not be used: ${p.reason ? clause(p.reason) : 'it could not be downloaded'}.`] : [],
  );
  out.push(`Only ${ready} of the ${minPhotos} photos needed could be used; send the car again with other photos.`);
  return out;
}

/** `review_reasons` of a Vehicle: empty unless the car is in_review. */
export function reviewReasons(row: Pick<VehicleRow, 'status' | 'market' | 'version' | 'description' | 'photo_state'>): string[] {
  if (row.status !== 'in_review') return [];
  const out: string[] = [];
  const found = findContactDetail(row);
  if (found) {
    out.push(
      `The ${found.field} contains ${found.kind} ("${excerpt(found.text)}"); buyers must write through the marketplace, so send the car again without it.`,
    );
  }
  out.push(...photoShortfall(JSON.parse(row.photo_state) as PhotoStateEntry[], minPhotosOf(row.market)));
  // Not reachable through the service (only these two hold a car), but never an empty answer.
  if (out.length === 0) out.push('The car is held for review by the marketplace.');
  return out;
}
