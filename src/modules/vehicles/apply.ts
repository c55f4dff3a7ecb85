// Writes validated cars: the one path for PUT, sync and feed rows. Runs inside the caller's
// write transaction, after the dealership's inventory lock.
import { msg, type Msg } from '../../core/i18n/index.js';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { ActivityChannel, DB, NewVehicle, VehicleRow, VehicleStatus } from '../../core/db/schema.js';
import { carsRewritten, salesUndone } from '../pricing/service.js';
import { pendingPhotoState } from './photos/state.js';
import { trackPhotos } from './photos/track.js';
import {
  appendFirstPrices,
  appendPrices,
  forSaleWithVins,
  insertActivity,
  type NewActivity,
  insertVehicles,
  touchVehicles,
  updateVehiclesContent,
  type PriceChange,
  type VehicleContent,
} from './repository.js';
import { minPhotosOf } from '../markets/markets.js';
import { saleStatus } from './status.js';
import { contentHash } from './content-hash.js';
import { contentColumns, type VehicleData } from './fields.js';
import { contactDetailsIn } from './validation.js';
import { pendingPhotoChecks, qualityScore } from './quality.js';

export interface ApplyItem {
  externalId: string;
  data: VehicleData;
  /**
   * contentHash(data, data.photos, source), when already known (a car sent unchanged with its
   * photos, vehicles/unchanged.ts): not computed twice (P57).
   */
  hash?: string;
}

export interface ApplyScope {
  dealerId: number;
  market: string;
  source: string;
  now: number;
  /** Who writes (the car's activity, P211); a program with a key when absent. */
  by?: ActivityBy;
}

/** Who changed a car (P211): the channel, and the panel user with their name (kept if they are removed). */
export interface ActivityBy {
  channel: ActivityChannel;
  userId?: number | null;
  name?: string | null;
}

/** A car's activity entry by `by`. */
export function activityOf(
  dealerId: number,
  by: ActivityBy | undefined,
  e: { vehicle_id: number; kind: NewActivity['kind']; detail?: object; now: number },
): NewActivity {
  return {
    dealer_id: dealerId,
    vehicle_id: e.vehicle_id,
    kind: e.kind,
    detail: e.detail ? JSON.stringify(e.detail) : null,
    channel: by?.channel ?? 'api',
    user_id: by?.userId ?? null,
    author_name: by?.name ?? null,
    created_at: e.now,
  };
}

const GONE: readonly VehicleStatus[] = ['sold', 'withdrawn', 'expired'];

/** What applying needs of an existing car (a narrower read than the whole row, for large stocks). */
export type ExistingCar = Pick<
  VehicleRow,
  'id' | 'status' | 'photo_urls' | 'photos_pending' | 'shown_photos' | 'content_hash' | 'price_cents' | 'currency' | 'active_since' | 'photo_checks'
>;

export interface ApplyOutcome {
  created: number;
  updated: number;
  /** Per item, in order: whether it was created. */
  results: ('created' | 'updated')[];
  /** Items applied but worth a look (P27), by their position in `items`. */
  warnings: ApplyWarning[];
}

export interface ApplyWarning {
  /** Position of the item in the applied list. */
  position: number;
  external_id: string;
  code: 'duplicate_vin';
  message: Msg;
}

/** Other cars named in a duplicate-VIN sentence; the rest are counted. */
const DUPLICATES_NAMED = 3;

/** Per VIN, the stock IDs of the cars for sale that have it. */
type CarsByVin = Map<string, string[]>;

function addCar(byVin: CarsByVin, vin: string, externalId: string): void {
  const list = byVin.get(vin);
  if (list) list.push(externalId);
  else byVin.set(vin, [externalId]);
}

const vinsOf = (items: ApplyItem[]): string[] => [...new Set(items.flatMap((i) => (i.data.vin ? [i.data.vin] : [])))];

/** The warning of each item whose VIN another car of `byVin` has. */
function vinWarnings(items: ApplyItem[], byVin: CarsByVin): ApplyWarning[] {
  const warnings: ApplyWarning[] = [];
  items.forEach((item, position) => {
    const others = (byVin.get(item.data.vin ?? '') ?? []).filter((id) => id !== item.externalId);
    if (others.length === 0) return;
    const named = others.slice(0, DUPLICATES_NAMED).map((id) => JSON.stringify(id));
    const more = Math.max(0, others.length - DUPLICATES_NAMED);
    warnings.push({
      position,
      external_id: item.externalId,
      code: 'duplicate_vin',
      message: msg('duplicate_vin', { vin: item.data.vin ?? '', count: others.length, named: named.join(', '), more }),
    });
  });
  return warnings;
}

/**
 * Duplicate VINs (P27): each applied car with a VIN that another car of the
 * dealership for sale in the market also has. Allowed (dealers re-list a car under a new stock
 * ID) but reported, since two listings of one car are most often a mistake. Read after writing,
 * in the same transaction, so cars of one call see each other.
 */
export async function duplicateVins(trx: Kysely<DB>, scope: Pick<ApplyScope, 'dealerId' | 'market'>, items: ApplyItem[]): Promise<ApplyWarning[]> {
  const vins = vinsOf(items);
  if (vins.length === 0) return [];
  const byVin: CarsByVin = new Map();
  for (const r of await forSaleWithVins(trx, scope.dealerId, scope.market, vins)) addCar(byVin, r.vin, r.external_id);
  return vinWarnings(items, byVin);
}

/**
 * The warnings duplicateVins would give once `items` are applied, read without writing (a dry
 * run, P62): the stored cars for sale with these VINs, each item of the call taking its
 * stored car's place (applied, it is for sale with the VIN it is sent with).
 */
export async function plannedDuplicateVins(db: Kysely<DB>, scope: Pick<ApplyScope, 'dealerId' | 'market'>, items: ApplyItem[]): Promise<ApplyWarning[]> {
  const vins = vinsOf(items);
  if (vins.length === 0) return [];
  const inCall = new Set(items.map((i) => i.externalId));
  const byVin: CarsByVin = new Map();
  for (const r of await forSaleWithVins(db, scope.dealerId, scope.market, vins)) if (!inCall.has(r.external_id)) addCar(byVin, r.vin, r.external_id);
  for (const i of items) if (i.data.vin) addCar(byVin, i.data.vin, i.externalId);
  return vinWarnings(items, byVin);
}

const LISTING_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U

/** Random bytes drawn 4 KB at a time: one system call per ~400 new cars, not one per car (a feed creates thousands). */
const randomPool = { bytes: Buffer.alloc(4096), used: 4096 };

function newListingId(): string {
  if (randomPool.used + 10 > randomPool.bytes.length) {
    crypto.randomFillSync(randomPool.bytes);
    randomPool.used = 0;
  }
  let id = '';
  for (let i = randomPool.used; i < randomPool.used + 10; i++) id += LISTING_ALPHABET[randomPool.bytes[i]! & 31]!;
  randomPool.used += 10;
  return id;
}

/** The status of a car whose photo list is unchanged: its photos pending and shown are as stored (D10). */
export function keptStatus(current: Pick<ExistingCar, 'status' | 'photos_pending' | 'shown_photos'>, held: boolean, minPhotos: number): VehicleStatus {
  const ready = (JSON.parse(current.shown_photos) as unknown[]).length;
  return saleStatus(current.status, { held, pending: current.photos_pending, ready, minPhotos });
}

/**
 * Applies each item against `existing` (the scope's cars with those stock IDs, read inside
 * this transaction). A car whose content, status and photos are unchanged keeps its
 * updated_at; only its "last sent" time moves (listing expiry). Photos of written cars are
 * tracked (rows + download jobs) in the same transaction.
 */
export async function applyVehicles(
  trx: Kysely<DB>,
  clock: Clock,
  scope: ApplyScope,
  items: ApplyItem[],
  existing: Map<string, ExistingCar>,
): Promise<ApplyOutcome> {
  const { now, source } = scope;
  const inserts: NewVehicle[] = [];
  const untouched: number[] = [];
  /** Cars whose photo list changed: their photos need tracking and their state settling. */
  const changedPhotos: number[] = [];
  /** Changed cars' new content, written together after the loop. */
  const rewrites: { id: number; content: VehicleContent }[] = [];
  const minPhotos = minPhotosOf(scope.market);
  const results: ('created' | 'updated')[] = [];
  /** Changed prices (D34 price history), appended with the change. */
  const prices: PriceChange[] = [];
  /** What changed on each car, with who changed it (P211). */
  const activity: NewActivity[] = [];
  const log = (vehicle_id: number, kind: NewActivity['kind'], detail?: object) =>
    activity.push(activityOf(scope.dealerId, scope.by, { vehicle_id, kind, detail, now }));
  /** Sold cars sent again (P230). */
  const unsold: number[] = [];
  for (const { externalId, data, hash: knownHash } of items) {
    const held = contactDetailsIn(data) !== null;
    const current = existing.get(externalId);
    if (!current) {
      const photos = data.photos ?? [];
      const photoUrls = JSON.stringify(photos);
      const status = saleStatus(undefined, { held, pending: photos.length, ready: 0, minPhotos });
      const content = contentColumns(data);
      // D43: scored as it is written; its photos, all pending, are judged as they come in (settle.ts).
      const photoChecks = pendingPhotoChecks(photos.length);
      inserts.push({
        dealer_id: scope.dealerId,
        market: scope.market,
        external_id: externalId,
        listing_id: newListingId(),
        status,
        source,
        ...content,
        photo_urls: photoUrls,
        photos_pending: photos.length,
        // A new car's photos are all pending: its state is known without settling.
        photo_state: pendingPhotoState(photos),
        content_hash: knownHash ?? contentHash(data, photos, source),
        last_sent_at: now,
        created_at: now,
        updated_at: now,
        active_since: status === 'active' ? now : null,
        quality_score: qualityScore({ ...content, photo_checks: photoChecks }),
        photo_checks: photoChecks,
      });
      results.push('created');
      continue;
    }
    results.push('updated');
    const photosJson = data.photos ? JSON.stringify(data.photos) : current.photo_urls;
    const photos = data.photos ?? (JSON.parse(current.photo_urls) as string[]);
    const photosChanged = photosJson !== current.photo_urls;
    const photosPending = photosChanged ? photos.length : current.photos_pending;
    const status = photosChanged ? saleStatus(current.status, { held, pending: photosPending, ready: 0, minPhotos }) : keptStatus(current, held, minPhotos);
    const hash = knownHash ?? contentHash(data, photos, source);
    if (hash === current.content_hash && status === current.status && photosPending === current.photos_pending) {
      untouched.push(current.id);
      continue;
    }
    if (photosChanged) changedPhotos.push(current.id);
    if (current.status === 'sold') unsold.push(current.id);
    const content = contentColumns(data);
    // D43: a new photo list is judged anew as its photos settle (trackPhotos, in this transaction).
    const photoChecks = photosChanged ? pendingPhotoChecks(photos.length) : current.photo_checks;
    const priceChanged = content.price_cents !== current.price_cents || content.currency !== current.currency;
    if (priceChanged) prices.push({ vehicle_id: current.id, price_cents: content.price_cents, currency: content.currency, since: now });
    if (GONE.includes(current.status) && !GONE.includes(status)) log(current.id, 'for_sale_again');
    if (priceChanged) log(current.id, 'price', { from: current.price_cents, to: content.price_cents, currency: content.currency });
    if (photosChanged) log(current.id, 'photos', { from: (JSON.parse(current.photo_urls) as unknown[]).length, to: photos.length });
    // Other fields: the hash with the old price and photos put back still differs (a sync's source counts too).
    if (
      hash !== current.content_hash &&
      (!(priceChanged || photosChanged) ||
        contentHash({ ...data, priceCents: current.price_cents, currency: current.currency }, JSON.parse(current.photo_urls) as string[], source) !==
          current.content_hash)
    )
      log(current.id, 'edited');
    rewrites.push({
      id: current.id,
      content: {
        status,
        source,
        ...content,
        photo_urls: photosJson,
        photos_pending: photosPending,
        content_hash: hash,
        last_sent_at: now,
        updated_at: now,
        // Days on market count from the first `active` of this period for sale (D34, P96).
        active_since: status === 'active' ? (current.active_since ?? now) : current.active_since,
        quality_score: qualityScore({ ...content, photo_checks: photoChecks }),
        photo_checks: photoChecks,
      },
    });
  }
  // D44 (P228, P230): the rewritten cars' ratings are cleared and their families, before and
  // after, rated again; a sold car sent again was not sold after all.
  const family = (c: Pick<NewVehicle, 'brand' | 'model' | 'condition' | 'currency'>) => ({
    market: scope.market,
    brand: c.brand,
    model: c.model,
    condition: c.condition,
    currency: c.currency,
  });
  await carsRewritten(
    trx,
    clock,
    rewrites.map((r) => r.id),
    [...rewrites.map((r) => family(r.content)), ...inserts.filter((c) => c.status === 'active').map(family)],
  );
  await salesUndone(trx, unsold);
  await updateVehiclesContent(trx, rewrites);
  const created = await insertVehicles(trx, inserts);
  await appendPrices(trx, prices);
  await appendFirstPrices(
    trx,
    created.map((c) => c.id),
  );
  await touchVehicles(trx, untouched, now);
  await insertActivity(trx, [...created.map((c) => activityOf(scope.dealerId, scope.by, { vehicle_id: c.id, kind: 'created', now })), ...activity]);
  // New photo URLs get their rows and download jobs; changed cars' states are settled.
  await trackPhotos(trx, clock, scope.dealerId, { created, changed: changedPhotos });
  const warnings = await duplicateVins(trx, scope, items);
  return { created: inserts.length, updated: items.length - inserts.length, results, warnings };
}
