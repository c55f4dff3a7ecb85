// The photos.download job: fetch one photo through the safe outbound client, check and store
// it, then settle its car, in one transaction. Network errors, timeouts and 5xx/429 answers
// are retried with backoff, the last failure kept on the photo meanwhile ("retrying: …");
// anything else (404, not an image, too large, a refused address, a host name that does not
// exist) fails the photo at once with a readable reason.
import { msg, render, storeText, type Msg } from '../../../core/i18n/index.js';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../core/clock.js';
import { lockDealerInventory } from '../../../core/db/locks.js';
import { type Store } from '../../../core/db/store.js';
import { writeTransaction } from '../../../core/db/transaction.js';
import type { DB } from '../../../core/db/schema.js';
import { RetryJobError, type JobWorker } from '../../../core/jobs/worker.js';
import { KeyedLimit } from '../../../core/keyed-limit.js';
import type { Metrics } from '../../../core/metrics/metrics.js';
import { OutboundError } from '../../../core/outbound/errors.js';
import type { Outbound } from '../../../core/outbound/fetcher.js';
import { addPhotoChecks, findPhoto, findUpload, photosOfVehicles, sandboxOf, setPhotoOutcome, setRetryReason, type PhotoOutcome } from './repository.js';
import { findNearDuplicates } from './duplicates.js';
import { CHECK } from '../../photos/checks.js';
import { uploadFileId } from './upload-ref.js';
import { settleVehicles } from './settle.js';
import { findVehiclesByIds } from '../repository.js';
import { IMAGE_LIMITS, ImageRejected } from '../../photos/image.js';
import type { ImageWork, WorkedImage } from '../../photos/image-work.js';
import { LocalPhotoStorage } from '../../photos/local-storage.js';
import { StorageUnavailable, type PhotoStorage } from '../../photos/storage.js';
import { EXTENSIONS } from '../../photos/url.js';

export interface PhotoDeps {
  store: Store;
  clock: Clock;
  outbound: Outbound;
  storage: PhotoStorage;
  timeoutMs: number;
  metrics: Metrics;
  /** The process's image work, a few photos at a time (P46). */
  images: ImageWork;
}

/** Delays before the 2nd, 3rd… tries of a photo whose server failed. */
const DOWNLOAD_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000];
/** Downloads at once from one host, per process: a dealer's server is not flooded. */
const PER_HOST = 4;

class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`the server answered HTTP ${status}`);
  }
}

/** An outbound error's own sentence as a clause: "The request to x failed." → "the request to x failed". */
const clause = (sentence: string): string => {
  const s = sentence.trim().replace(/\.$/, '');
  return /^[A-Z][a-z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
};

export function definePhotoDownloads(worker: JobWorker, deps: PhotoDeps): void {
  const perHost = new KeyedLimit(PER_HOST);
  worker.define('photos.download', {
    backoff: (attempt) => DOWNLOAD_BACKOFF_MS[attempt - 1] ?? DOWNLOAD_BACKOFF_MS.at(-1)!,
    handler: async ({ photo_id }, ctx) => {
      const { attempt, job, signal } = ctx;
      const complete = (trx: Kysely<DB>) => ctx.complete(trx);
      const photo = await findPhoto(deps.store.db, photo_id);
      if (!photo || photo.status !== 'pending') return;
      // Dropped from the car's list meanwhile: not downloaded. Marked failed, so that listing
      // it again gives it a new try (track.ts resets failed photos).
      const [car] = await findVehiclesByIds(deps.store.db, photo.dealer_id, [photo.vehicle_id]);
      if (!car || !(JSON.parse(car.photo_urls) as string[]).includes(photo.source_url)) {
        await recordOutcome(deps, photo.id, photo.dealer_id, photo.vehicle_id, { status: 'failed', reason: storeText(msg('photo_removed')) }, complete);
        return;
      }
      // A panel upload (P104) was checked and stored when it arrived: nothing to fetch.
      const uploaded = uploadFileId(photo.source_url);
      if (uploaded !== undefined) {
        const up = await findUpload(deps.store.db, photo.dealer_id, uploaded);
        const outcome: PhotoOutcome = up
          ? {
              status: 'ready',
              reason: null,
              file_id: up.file_id,
              format: up.format,
              width: up.width,
              height: up.height,
              variant_widths: up.variant_widths,
              checks: up.checks,
              sharpness: up.sharpness,
              brightness: up.brightness,
              phash: up.phash,
            }
          : { status: 'failed', reason: storeText(msg('photo_removed')) };
        await recordOutcome(deps, photo.id, photo.dealer_id, photo.vehicle_id, outcome, complete);
        deps.metrics.photoDownload(outcome.status === 'ready' ? 'ready' : 'failed');
        return;
      }
      let outcome: PhotoOutcome;
      try {
        const host = new URL(photo.source_url).host;
        outcome = await perHost.run(host, () => download(deps, photo.source_url, signal));
      } catch (err) {
        const { retry, reason, detail } = classify(err, photo.source_url);
        if (retry && attempt < job.max_attempts) {
          // Shown as "retrying: <reason>" until the next try settles it (not when this worker
          // itself stopped the try: shutting down, or its lease lost).
          if (!signal.aborted) await recordRetry(deps, photo.id, photo.dealer_id, photo.vehicle_id, storeText(reason));
          deps.metrics.photoDownload('retry');
          throw new RetryJobError(detail ?? render('en', reason), DOWNLOAD_BACKOFF_MS[attempt - 1] ?? DOWNLOAD_BACKOFF_MS.at(-1)!);
        }
        outcome = { status: 'failed', reason: storeText(retry ? msg('photo_gave_up', { reason, tries: attempt }) : reason) };
      }
      await recordOutcome(deps, photo.id, photo.dealer_id, photo.vehicle_id, outcome, complete);
      deps.metrics.photoDownload(outcome.status === 'ready' ? 'ready' : 'failed');
    },
  });
}

async function download(deps: PhotoDeps, url: string, signal: AbortSignal): Promise<PhotoOutcome> {
  const res = await deps.outbound.fetch(url, {
    method: 'GET',
    headers: { accept: 'image/jpeg, image/png, image/webp;q=0.9, */*;q=0.1' },
    maxRedirects: 3,
    timeoutMs: deps.timeoutMs,
    maxBytes: IMAGE_LIMITS.maxBytes,
    // A dealer's photos come from one host, many in a row: its connections are reused, each
    // request's addresses still checked afresh (P48's pools, P58).
    keepAlive: true,
    signal,
  });
  if (res.status !== 200) throw new HttpStatusError(res.status);
  const image = await storeImage(deps, res.body);
  return {
    status: 'ready',
    reason: null,
    file_id: image.fileId,
    format: image.format,
    width: image.width,
    height: image.height,
    variant_widths: JSON.stringify(image.widths),
    checks: image.checks.flags,
    sharpness: image.checks.sharpness,
    brightness: image.checks.brightness,
    phash: image.checks.hash,
  };
}

/**
 * Checks a photo's bytes and stores its copies (image.ts: orientation applied, metadata removed,
 * the display and narrower copies): a downloaded photo's and a panel upload's one pipeline.
 * Throws ImageRejected for bytes that are no photo within the limits.
 */
export async function storeImage(deps: Pick<PhotoDeps, 'storage' | 'images'>, bytes: Buffer): Promise<WorkedImage> {
  const { storage } = deps;
  // The local store is written by the image process (P58); a bucket from here.
  if (storage instanceof LocalPhotoStorage) return deps.images.processInto(bytes, storage.dataDir);
  const copies = await deps.images.process(bytes);
  const ext = EXTENSIONS[copies.format];
  await storage.write(copies.fileId, 'original', ext, copies.original);
  for (const c of copies.extra) await storage.write(copies.fileId, c.variant, c.ext, c.data);
  await storage.write(copies.fileId, 'display', ext, copies.display);
  return copies;
}

/** The `code` of a Node system error (dns, net), read from the error itself, not its text. */
const systemCode = (err: unknown): unknown => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** `reason` is shown to the dealer (a code, D31); `detail`, when given, is the job log's instead (our own internals). */
function classify(err: unknown, sourceUrl: string): { retry: boolean; reason: Msg; detail?: string } {
  if (err instanceof HttpStatusError) {
    return { retry: err.status >= 500 || err.status === 429 || err.status === 408, reason: msg('photo_http_status', { status: err.status }) };
  }
  if (err instanceof OutboundError) {
    // A name that does not exist (ENOTFOUND: NXDOMAIN, or no address) will not exist in a few
    // minutes either: failed at once. A resolver that did not answer (EAI_AGAIN…) is retried.
    if (err.code === 'dns_failed' && systemCode(err.cause) === 'ENOTFOUND') {
      return { retry: false, reason: msg('photo_host_unknown', { host: new URL(sourceUrl).hostname }) };
    }
    const reason =
      err.code === 'too_large'
        ? msg('photo_file_too_large', { max: IMAGE_LIMITS.maxBytes / 1024 / 1024 })
        : msg('photo_fetch_failed', { kind: err.code, detail: clause(err.message) });
    return { retry: err.transient, reason };
  }
  if (err instanceof ImageRejected) return { retry: false, reason: err.text };
  // Our own store did not answer (P33): the photo is fine, it is tried again later.
  if (err instanceof StorageUnavailable) return { retry: true, reason: msg('photo_download_store_down'), detail: err.message };
  if (err instanceof TypeError && /invalid url/i.test(err.message)) return { retry: false, reason: msg('photo_url_invalid') };
  // Unexpected (disk full, a bug): retried, and its text kept for the operator.
  return { retry: true, reason: msg('photo_unexpected', { detail: err instanceof Error ? err.message : String(err) }) };
}

/** Keeps a retryable failure on the still-pending photo (and its car's photo_state). */
async function recordRetry(deps: PhotoDeps, photoId: number, dealerId: number, vehicleId: number, reason: string): Promise<void> {
  const { store, clock } = deps;
  await writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, dealerId);
    const current = await findPhoto(trx, photoId);
    if (!current || current.status !== 'pending' || current.reason === reason) return;
    await setRetryReason(trx, photoId, reason, clock.now());
    const vehicles = await findVehiclesByIds(trx, dealerId, [vehicleId]);
    await settleVehicles(trx, clock, vehicles, await photosOfVehicles(trx, [vehicleId]));
  });
}

/** Records a photo's outcome and ends its job in the same transaction (P49's `complete`, P58). */
async function recordOutcome(
  deps: PhotoDeps,
  photoId: number,
  dealerId: number,
  vehicleId: number,
  outcome: PhotoOutcome,
  complete: (trx: Kysely<DB>) => Promise<void>,
): Promise<void> {
  const { store, clock } = deps;
  await writeTransaction(store, async (trx) => {
    await lockDealerInventory(trx, store.dialect, dealerId);
    await complete(trx);
    const current = await findPhoto(trx, photoId);
    if (!current || current.status !== 'pending') return;
    // D43, P222: the photo's near-duplicates, from the hash index, under the inventory lock (the
    // dealership's other cars flagged with it are settled here too).
    let also: number[] = [];
    if (outcome.status === 'ready' && outcome.phash) {
      const found = await findNearDuplicates(trx, current, outcome.phash, { sandbox_of: await sandboxOf(trx, dealerId) });
      outcome = { ...outcome, checks: (outcome.checks ?? 0) | found.flags };
      await addPhotoChecks(
        trx,
        found.duplicates.map((d) => d.photoId),
        CHECK.duplicate,
        clock.now(),
      );
      also = [...new Set(found.duplicates.map((d) => d.vehicleId))];
    }
    await setPhotoOutcome(trx, photoId, outcome, clock.now());
    const ids = [vehicleId, ...also.filter((id) => id !== vehicleId)];
    const vehicles = await findVehiclesByIds(trx, dealerId, ids);
    await settleVehicles(trx, clock, vehicles, await photosOfVehicles(trx, ids));
  });
}
