// All SQL of the photos table.
import { sql, type Kysely } from 'kysely';
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

/** What became of one photo: its status, and when it is in, its file and D43's checks (photos/checks.ts). */
export interface PhotoOutcome {
  status: PhotoStatus;
  reason: string | null;
  file_id?: string;
  format?: string;
  width?: number;
  height?: number;
  variant_widths?: string;
  checks?: number | null;
  sharpness?: number | null;
  brightness?: number | null;
  phash?: string | null;
}

export async function setPhotoOutcome(db: Kysely<DB>, id: number, outcome: PhotoOutcome, now: number): Promise<void> {
  await db
    .updateTable('photos')
    .set({ ...outcome, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A panel upload (P104): kept once per dealership and file (the same picture uploaded twice is one row). */
export async function saveUpload(
  db: Kysely<DB>,
  row: {
    dealer_id: number;
    file_id: string;
    format: string;
    width: number;
    height: number;
    variant_widths: string;
    created_at: number;
    checks: number;
    sharpness: number;
    brightness: number;
    phash: string;
  },
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

/** P222: a photo's hash bands (photos/checks.ts hashBands), the near-duplicate index. */
export async function saveHashBands(db: Kysely<DB>, photoId: number, bands: readonly { band: number; value: number }[]): Promise<void> {
  if (bands.length === 0) return;
  await db
    .insertInto('photo_hash_bands')
    .values(bands.map((b) => ({ band: b.band, value: b.value, photo_id: photoId })))
    .onConflict((oc) => oc.columns(['band', 'value', 'photo_id']).doNothing())
    .execute();
}

/** A photo sharing a hash band with the one looked up: its full hash, its car and dealership. */
export interface HashCandidate {
  id: number;
  phash: string;
  vehicle_id: number;
  dealer_id: number;
  vehicle_status: string;
  sandbox_of: number | null;
}

/**
 * The ready photos of other cars that share at least one band with `bands`: one index probe per
 * band (photo_hash_bands' primary key), each hit joined to its photo, car and dealership by
 * primary key. The caller compares the full hashes.
 */
export function hashCandidates(db: Kysely<DB>, bands: readonly { band: number; value: number }[], vehicleId: number): Promise<HashCandidate[]> {
  if (bands.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('photo_hash_bands as b')
    .innerJoin('photos as p', 'p.id', 'b.photo_id')
    .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
    .innerJoin('dealers as d', 'd.id', 'p.dealer_id')
    .where((eb) => eb.or(bands.map((x) => eb.and([eb('b.band', '=', x.band), eb('b.value', '=', x.value)]))))
    .where('p.status', '=', 'ready')
    .where('p.vehicle_id', '<>', vehicleId)
    .where('p.phash', 'is not', null)
    .select(['p.id', 'p.phash', 'p.vehicle_id', 'p.dealer_id', 'v.status as vehicle_status', 'd.sandbox_of'])
    .distinct()
    .execute() as Promise<HashCandidate[]>;
}

/** Adds check flags to photos (the earlier photo of a duplicate pair, P222). */
export async function addPhotoChecks(db: Kysely<DB>, ids: readonly number[], bits: number, now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('photos')
    .set({ checks: sql<number>`coalesce(checks, 0) | ${bits}`, updated_at: now })
    .where('id', 'in', [...ids])
    .execute();
}

/** A dealership's live twin (D35): null for a live dealership. */
export async function sandboxOf(db: Kysely<DB>, dealerId: number): Promise<number | null> {
  const row = await db.selectFrom('dealers').select('sandbox_of').where('id', '=', dealerId).executeTakeFirst();
  return row?.sandbox_of ?? null;
}
