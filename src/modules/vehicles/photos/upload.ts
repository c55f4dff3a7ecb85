// Photos uploaded in the panel (D33, P104): checked and stored as they arrive, through the same
// image pipeline as a downloaded photo (storeImage: EXIF orientation applied, metadata removed,
// the same size and pixel limits), then named in the car's photo list as `upload:<file id>`. The
// photo job marks such an entry ready from its photo_uploads row: nothing is ever fetched.
import type { Clock } from '../../../core/clock.js';
import type { Store } from '../../../core/db/store.js';
import { storeImage, type PhotoDeps } from './download.js';
import { saveUpload } from './repository.js';
import { uploadRef } from './upload-ref.js';

export type UploadDeps = Pick<PhotoDeps, 'storage' | 'images'> & { store: Store; clock: Clock };

/** Stores one uploaded photo and returns its entry for the car's photo list. Throws ImageRejected (not a photo, too large). */
export async function storeUpload(deps: UploadDeps, dealerId: number, bytes: Buffer): Promise<string> {
  const image = await storeImage(deps, bytes);
  await saveUpload(deps.store.db, {
    dealer_id: dealerId,
    file_id: image.fileId,
    format: image.format,
    width: image.width,
    height: image.height,
    variant_widths: JSON.stringify(image.widths),
    created_at: deps.clock.now(),
    checks: image.checks.flags,
    sharpness: image.checks.sharpness,
    brightness: image.checks.brightness,
    phash: image.checks.hash,
  });
  return uploadRef(image.fileId);
}
