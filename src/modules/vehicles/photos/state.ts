// The photos of a car as the API and the public page show them.
import type { PhotoRow } from '../../../core/db/schema.js';
import { msg, storedMsg, storedText, storeText, type Lang } from '../../../core/i18n/index.js';
import { IMAGE_LIMITS } from '../../photos/image.js';
import { EXTENSIONS, photoUrl, type ImageFormat } from '../../photos/url.js';

/** An entry of vehicles.shown_photos. */
export interface ShownPhoto {
  file_id: string;
  ext: string;
  /** Since P88: the narrower widths stored (w480, w960, each also in WebP unless ext is webp). */
  w?: number[];
  /** The display copy's size in pixels (the page's width and height attributes). */
  dw?: number;
  dh?: number;
}

export interface PhotoStatusEntry {
  source_url: string;
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  url: string | null;
  original_url: string | null;
}

export const shownUrls = (publicBaseUrl: string, shownJson: string): string[] =>
  (JSON.parse(shownJson) as ShownPhoto[]).map((p) => photoUrl(publicBaseUrl, p.file_id, 'display', p.ext));

export function toShown(row: PhotoRow): ShownPhoto {
  const shown: ShownPhoto = { file_id: row.file_id!, ext: EXTENSIONS[row.format as ImageFormat] };
  if (row.variant_widths !== null) shown.w = JSON.parse(row.variant_widths) as number[];
  if (row.width && row.height) {
    shown.dw = Math.min(row.width, IMAGE_LIMITS.displayWidth);
    shown.dh = Math.round((row.height * shown.dw) / row.width);
  }
  return shown;
}

/** The photos a page shows, as stored (shownUrls gives their display URLs). */
export const shownPhotos = (shownJson: string): ShownPhoto[] => JSON.parse(shownJson) as ShownPhoto[];

/** An entry of vehicles.photo_state. */
export interface PhotoStateEntry {
  source_url: string;
  status: 'pending' | 'ready' | 'failed';
  reason: string | null;
  file_id: string | null;
  ext: string | null;
}

/** Prefix of the reason of a pending photo whose last try failed and that waits for another (a reason stored before D31). */
const RETRYING = 'retrying: ';

/** A pending photo's last failure, said as "retrying: <reason>" (as a code since D31, P75). */
function retrying(stored: string): string {
  const m = storedMsg(stored);
  return m ? storeText(msg('photo_retrying', { reason: m })) : RETRYING + stored;
}

/**
 * Each photo of the dealer's current list, in the dealer's order, with its outcome. A pending
 * photo whose last try failed shows that failure as "retrying: <reason>".
 */
export function photoStateOf(photoUrlsJson: string, rows: Map<string, PhotoRow>): PhotoStateEntry[] {
  return (JSON.parse(photoUrlsJson) as string[]).map((source) => {
    const r = rows.get(source);
    const ready = r?.status === 'ready' && r.file_id;
    const status = r?.status ?? 'pending';
    return {
      source_url: source,
      status,
      reason: r?.reason ? (status === 'pending' ? retrying(r.reason) : r.reason) : null,
      file_id: ready ? r.file_id : null,
      ext: ready ? EXTENSIONS[r.format as ImageFormat] : null,
    };
  });
}

/**
 * JSON.stringify(photoStateOf(JSON.stringify(photos), new Map())), the state of a new car (every
 * photo pending), written as text: a feed creates tens of thousands of cars at once (P57).
 */
export function pendingPhotoState(photos: readonly string[]): string {
  let out = '[';
  for (let i = 0; i < photos.length; i++) {
    out += `${i === 0 ? '' : ','}{"source_url":${JSON.stringify(photos[i])},"status":"pending","reason":null,"file_id":null,"ext":null}`;
  }
  return `${out}]`;
}

/** The API's `photo_status`; a failure's reason in `lang` (D31). */
export function photoStatusOf(publicBaseUrl: string, photoStateJson: string, lang: Lang = 'en'): PhotoStatusEntry[] {
  return (JSON.parse(photoStateJson) as PhotoStateEntry[]).map((p) => ({
    source_url: p.source_url,
    status: p.status,
    reason: storedText(lang, p.reason),
    url: p.file_id ? photoUrl(publicBaseUrl, p.file_id, 'display', p.ext!) : null,
    original_url: p.file_id ? photoUrl(publicBaseUrl, p.file_id, 'original', p.ext!) : null,
  }));
}
