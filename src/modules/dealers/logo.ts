// A dealership's logo (D32, P132): uploaded by an owner in the panel, checked and made by the
// photos' image pipeline in the image process (the same limits, orientation applied, metadata
// dropped; fit inside 256 px, WebP), written to the photo store as variant `logo` under a file
// id hashed from the WebP, so a new logo is a new URL and each URL is cached for a year.
// Removing it clears the columns; the file stays, as photos' files do (content-addressed, P33).
import type { Kysely } from 'kysely';
import type { DB, DealerRow } from '../../core/db/schema.js';
import type { ImageWork } from '../photos/image-work.js';
import type { PhotoStorage } from '../photos/storage.js';
import { logoUrl } from '../photos/url.js';
import { updateDealerLogo } from './repository.js';

export interface LogoDeps {
  storage: PhotoStorage;
  images: Pick<ImageWork, 'processLogo'>;
}

/** The logo as pages show it: its URL and its size (the img's width and height), or null. */
interface LogoView {
  url: string;
  width: number;
  height: number;
}

export function logoOf(row: Pick<DealerRow, 'logo_file_id' | 'logo_width' | 'logo_height'>, publicBaseUrl: string): LogoView | null {
  if (!row.logo_file_id || !row.logo_width || !row.logo_height) return null;
  return { url: logoUrl(publicBaseUrl, row.logo_file_id), width: row.logo_width, height: row.logo_height };
}

/** Makes, stores and sets the dealership's logo from uploaded bytes. Throws ImageRejected (not an image, too large…). */
export async function setDealerLogo(db: Kysely<DB>, deps: LogoDeps, dealerId: number, bytes: Buffer): Promise<DealerRow | undefined> {
  const logo = await deps.images.processLogo(bytes);
  // Stored before the row names it: a page never links a file that is not there.
  await deps.storage.write(logo.fileId, 'logo', 'webp', logo.data);
  return updateDealerLogo(db, dealerId, { logo_file_id: logo.fileId, logo_width: logo.width, logo_height: logo.height });
}

export function removeDealerLogo(db: Kysely<DB>, dealerId: number): Promise<DealerRow | undefined> {
  return updateDealerLogo(db, dealerId, { logo_file_id: null, logo_width: null, logo_height: null });
}
