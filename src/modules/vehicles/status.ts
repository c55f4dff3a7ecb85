// Which status a car for sale has (D5, D10), from what is known of it.
import type { VehicleStatus } from '../../core/db/schema.js';

export interface StatusFacts {
  /** Its description or version carries contact details (D5). */
  held: boolean;
  /** Photos of its current list still downloading. */
  pending: number;
  /** Photos of its current list that are in. */
  ready: number;
  /** The market's minimum. */
  minPhotos: number;
}

/**
 * The status of a car that is (or comes back) for sale. `current` is its status before, if any.
 */
export function saleStatus(current: VehicleStatus | undefined, f: StatusFacts): VehicleStatus {
  if (f.held) return 'in_review';
  if (f.pending > 0) {
    // An active car whose photos change stays active, showing its old photos meanwhile (D10).
    return current === 'active' ? 'active' : 'importing_photos';
  }
  return f.ready >= f.minPhotos ? 'active' : 'in_review';
}
