// Which status a car reaches when the dealer sends it (spec §3, D5, D10).
import type { VehicleStatus } from '../../core/db/schema.js';

export function statusAfterWrite(current: VehicleStatus | undefined, heldForContactDetails: boolean, photosPending: number): VehicleStatus {
  if (heldForContactDetails) return 'in_review';
  // An active car whose photos change stays active, showing its old photos meanwhile (D10).
  if (current === 'active') return 'active';
  // New, back for sale (sold/withdrawn/expired), importing, or fixed after review.
  return photosPending > 0 ? 'importing_photos' : 'active';
}
