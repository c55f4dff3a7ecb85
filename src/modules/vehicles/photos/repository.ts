// All SQL of the photos table.
import type { Kysely } from 'kysely';
import { compiledInsert } from '../../../core/db/compiled.js';
import type { DB, PhotoRow, PhotoStatus } from '../../../core/db/schema.js';
import { chunks } from '../../../core/util/chunks.js';

export function photosOfVehicles(db: Kysely<DB>, vehicleIds: number[]): Promise<PhotoRow[]> {
  if (vehicleIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('photos').selectAll().where('vehicle_id', 'in', vehicleIds).execute();
}

export function findPhoto(db: Kysely<DB>, id: number): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

const insertPhotoRows = compiledInsert<{ id: number }>(
  'photos',
  ['dealer_id', 'vehicle_id', 'source_url', 'status', 'reason', 'created_at', 'updated_at'],
  ['id'],
);

export async function insertPendingPhotos(
  db: Kysely<DB>,
  rows: { dealer_id: number; vehicle_id: number; source_url: string }[],
  now: number,
): Promise<{ id: number }[]> {
  const out: { id: number }[] = [];
  for (const part of chunks(rows)) {
    const values: unknown[] = [];
    for (const r of part) values.push(r.dealer_id, r.vehicle_id, r.source_url, 'pending', null, now, now);
    out.push(...(await insertPhotoRows.flat(db, part.length, values)));
  }
  return out;
}

/** Failed photos listed again get another chance. */
export async function resetPhotos(db: Kysely<DB>, ids: number[], now: number): Promise<void> {
  for (const part of chunks(ids)) {
    await db.updateTable('photos').set({ status: 'pending', reason: null, updated_at: now }).where('id', 'in', part).execute();
  }
}

/** A pending photo waiting for another try keeps its last failure in `reason`. */
export async function setRetryReason(db: Kysely<DB>, id: number, reason: string, now: number): Promise<void> {
  await db.updateTable('photos').set({ reason, updated_at: now }).where('id', '=', id).where('status', '=', 'pending').execute();
}

export async function setPhotoOutcome(
  db: Kysely<DB>,
  id: number,
  outcome: { status: PhotoStatus; reason: string | null; file_id?: string; format?: string; width?: number; height?: number; variant_widths?: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('photos')
    .set({ ...outcome, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A panel upload (P104): kept once per dealership and file (the same picture uploaded twice is one row). */
export async function saveUpload(
  db: Kysely<DB>,
  row: { dealer_id: number; file_id: string; format: string; width: number; height: number; variant_widths: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('photo_uploads')
    .values(row)
    .onConflict((oc) => oc.columns(['dealer_id', 'file_id']).doNothing())
    .execute();
}

export function findUpload(db: Kysely<DB>, dealerId: number, fileId: string) {
  return db.selectFrom('photo_uploads').selectAll().where('dealer_id', '=', dealerId).where('file_id', '=', fileId).executeTakeFirst();
}
