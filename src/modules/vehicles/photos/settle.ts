// A car's state once its photos move (D5, D10): photos_pending counts the photos of
// the dealer's list still downloading; `photos` (the shown set) lists the ones already in, in
// the dealer's order — except on an active car, which keeps its old set until the new list is
// settled and then swaps it whole (the public never sees a mix). When none is pending, a car
// for sale goes active with enough photos, in_review (with vehicle.rejected, channel "photos")
// without. Every change here bumps the car's revision (updateVehicle), so cached reads follow.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../core/clock.js';
import type { DB, PhotoRow, VehicleRow } from '../../../core/db/schema.js';
import type { NewEvent } from '../../events/events.js';
import { recordEvents } from '../../events/record.js';
import { carsMoved } from '../../pricing/service.js';
import { minPhotosOf } from '../../markets/markets.js';
import { photoStateOf, toShown } from './state.js';
import { updateVehicle } from '../repository.js';
import { photoShortfall } from '../review.js';
import { FOR_SALE_STATUSES } from '../schemas.js';
import { saleStatus } from '../status.js';
import { contactDetailsIn } from '../validation.js';
import { qualityScore, type PhotoCheckEntry } from '../quality.js';

const forSale = (status: string) => (FOR_SALE_STATUSES as readonly string[]).includes(status);

export async function settleVehicles(trx: Kysely<DB>, clock: Clock, vehicles: VehicleRow[], photos: PhotoRow[]): Promise<void> {
  const byVehicle = new Map<number, Map<string, PhotoRow>>();
  for (const p of photos) {
    let m = byVehicle.get(p.vehicle_id);
    if (!m) byVehicle.set(p.vehicle_id, (m = new Map<string, (typeof photos)[number]>()));
    m.set(p.source_url, p);
  }
  const now = clock.now();
  const events = new Map<number, NewEvent[]>();
  /** Cars going live or leaving `active`: their families are rated again (D44). */
  const moved: number[] = [];
  for (const v of vehicles) {
    const rows = byVehicle.get(v.id) ?? new Map<string, PhotoRow>();
    const state = photoStateOf(v.photo_urls, rows);
    const stateJson = JSON.stringify(state);
    const pending = state.filter((p) => p.status === 'pending').length;
    const ready = state.filter((p) => p.status === 'ready');
    const min = minPhotosOf(v.market);
    const status = forSale(v.status) ? saleStatus(v.status, { held: contactDetailsIn(v) !== null, pending, ready: ready.length, minPhotos: min }) : v.status;
    // An active car's shown set changes only when the whole new list is settled (D10); any
    // other car shows the photos already in.
    const shown = pending === 0 || status !== 'active' ? JSON.stringify(ready.map((p) => toShown(rows.get(p.source_url)!))) : v.shown_photos;

    const photosShort = pending === 0 && forSale(v.status) && ready.length < min && contactDetailsIn(v) === null;
    if (photosShort && (v.status !== 'in_review' || v.photos_pending > 0)) {
      const errors = photoShortfall(state, min);
      const list = events.get(v.dealer_id) ?? [];
      list.push({ type: 'vehicle.rejected', data: { external_id: v.external_id, market: v.market, source: v.source, channel: 'photos', errors } });
      events.set(v.dealer_id, list);
    }
    // D43: each listed photo's checks as they now are, and the score with them.
    const photoChecks = JSON.stringify(
      state.map((p): PhotoCheckEntry => (p.status === 'ready' ? (rows.get(p.source_url)!.checks ?? 0) : p.status === 'failed' ? -1 : null)),
    );
    const score = photoChecks === v.photo_checks && v.quality_score !== null ? v.quality_score : qualityScore({ ...v, photo_checks: photoChecks });
    if (
      status !== v.status ||
      shown !== v.shown_photos ||
      pending !== v.photos_pending ||
      stateJson !== v.photo_state ||
      photoChecks !== v.photo_checks ||
      score !== v.quality_score
    ) {
      // Going active for the first time in this period for sale starts days on market (D34, P96).
      const activeSince = status === 'active' && v.active_since === null ? { active_since: now } : {};
      await updateVehicle(trx, v.id, {
        status,
        shown_photos: shown,
        photos_pending: pending,
        photo_state: stateJson,
        photo_checks: photoChecks,
        quality_score: score,
        updated_at: now,
        ...activeSince,
      });
      if ((status === 'active') !== (v.status === 'active')) moved.push(v.id);
    }
  }
  for (const [dealerId, list] of events) await recordEvents(trx, clock, dealerId, list);
  if (moved.length) await carsMoved(trx, clock, moved);
}
