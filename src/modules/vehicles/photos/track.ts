// Photo rows and download jobs for cars just written (created, or their photo list changed):
// a URL already known for the car is not downloaded again (D10); a failed one listed again
// gets another try. Runs in the transaction of the write.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../core/clock.js';
import type { DB, VehicleRow } from '../../../core/db/schema.js';
import { insertJobs } from '../../../core/jobs/repository.js';
import { findVehiclesByIds } from '../repository.js';
import { insertPendingPhotos, photosOfVehicles, resetPhotos } from './repository.js';
import { settleVehicles } from './settle.js';
import { chunks } from '../../../core/util/chunks.js';

const DOWNLOAD_MAX_ATTEMPTS = 5;

/**
 * `created`: new cars (no photo rows yet; their state, all pending, was written with them).
 * `changed`: existing cars whose photo list changed (their state is settled here).
 */
export async function trackPhotos(
  trx: Kysely<DB>,
  clock: Clock,
  dealerId: number,
  cars: { created: Pick<VehicleRow, 'id' | 'dealer_id' | 'photo_urls'>[]; changed: number[] },
): Promise<void> {
  if (cars.created.length === 0 && cars.changed.length === 0) return;
  const now = clock.now();
  const changedRows = await findVehiclesByIds(trx, dealerId, cars.changed);
  const vehicles = [...cars.created, ...changedRows];
  const known = new Map<string, { id: number; status: string }>();
  for (const part of chunks(cars.changed)) {
    for (const p of await photosOfVehicles(trx, part)) known.set(`${p.vehicle_id} ${p.source_url}`, p);
  }
  const fresh: { dealer_id: number; vehicle_id: number; source_url: string }[] = [];
  const retry: number[] = [];
  for (const v of vehicles) {
    for (const url of new Set(JSON.parse(v.photo_urls) as string[])) {
      // `known` holds changed cars' photos only: a new car's (most of a feed's) are all fresh.
      const p = known.size > 0 ? known.get(`${v.id} ${url}`) : undefined;
      if (!p) fresh.push({ dealer_id: v.dealer_id, vehicle_id: v.id, source_url: url });
      else if (p.status === 'failed') retry.push(p.id);
    }
  }
  const inserted = await insertPendingPhotos(trx, fresh, now);
  await resetPhotos(trx, retry, now);
  const jobIds = [...inserted.map((r) => r.id), ...retry];
  await insertJobs(
    trx,
    jobIds.map((id) => ({ task: 'photos.download', payload: { photo_id: id }, runAt: now, maxAttempts: DOWNLOAD_MAX_ATTEMPTS })),
    now,
  );

  // Settle each changed car's state on its photo rows as they now are.
  if (cars.changed.length === 0) return;
  const photos: Awaited<ReturnType<typeof photosOfVehicles>> = [];
  for (const part of chunks(cars.changed)) photos.push(...(await photosOfVehicles(trx, part)));
  await settleVehicles(trx, clock, changedRows, photos);
}
