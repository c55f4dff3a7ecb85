// Marking cars sold, from any channel (sold endpoint, sync, reconcile, feeds): one
// vehicle.sold event per car that was not sold already (D6), in the same transaction.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import { recordEvents } from '../events/record.js';
import { carsSold } from '../pricing/service.js';
import { insertActivity, setStatus, type SoldCandidate } from './repository.js';
import { activityOf, type ActivityBy } from './apply.js';
import { listingUrl, vehicleLabel } from './serialize.js';

export async function markSold(
  trx: Kysely<DB>,
  clock: Clock,
  publicBaseUrl: string,
  dealerId: number,
  rows: readonly SoldCandidate[],
  by?: ActivityBy,
): Promise<number> {
  const toMark = rows.filter((r) => r.status !== 'sold');
  if (toMark.length === 0) return 0;
  // Kept before the status changes: the sale's days on market need active_since (D44, P230).
  await carsSold(
    trx,
    clock,
    toMark.map((r) => r.id),
  );
  const now = clock.now();
  await setStatus(
    trx,
    toMark.map((r) => r.id),
    'sold',
    now,
  );
  // The car's activity says who (P211); the event says it to the dealership's systems.
  await insertActivity(
    trx,
    toMark.map((r) => activityOf(dealerId, by, { vehicle_id: r.id, kind: 'sold', now })),
  );
  await recordEvents(
    trx,
    clock,
    dealerId,
    toMark.map((r) => ({ type: 'vehicle.sold' as const, data: soldEventData(publicBaseUrl, r) })),
  );
  return toMark.length;
}

/** What a vehicle.sold event says of its car. */
export function soldEventData(
  publicBaseUrl: string,
  r: Pick<VehicleRow, 'external_id' | 'listing_id' | 'market' | 'source' | 'year' | 'brand' | 'model' | 'version'>,
) {
  return {
    external_id: r.external_id,
    listing_id: r.listing_id,
    market: r.market,
    source: r.source,
    vehicle: vehicleLabel(r),
    url: listingUrl(publicBaseUrl, r.listing_id),
  };
}

/** The mass-sold guard (D12): marking more than this share of the source's cars AND at least this many is refused. */
const MASS_SOLD = { share: 0.4, min: 5 } as const;
/** The guard as the messages that cite it give it (the catalogue's `share` and `min`). */
export const MASS_SOLD_RULE = { share: MASS_SOLD.share * 100, min: MASS_SOLD.min } as const;

export function guardRefuses(wouldMark: number, forSale: number, allowMassSold: boolean): boolean {
  return !allowMassSold && wouldMark >= MASS_SOLD.min && wouldMark > MASS_SOLD.share * forSale;
}
