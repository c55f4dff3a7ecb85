// Where stored photos live (P33): the photo download job writes them, GET /photos/… reads them,
// through this interface. Files are named by the content hash of the downloaded bytes: the same
// picture used by several cars is kept once, and its URLs never change. Two stores: a directory
// (DATA_DIR/photos, the default) and an S3-protocol bucket, shared by every process.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Variant } from './url.js';

export const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const FILE_ID_PATTERN = /^[0-9a-f]{64}$/;
/** Stored photos never change under their name (P33). */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const fileIdOf = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');
/**
 * A logo's file id (P132): the hash of its WebP with a prefix of its own, so it never names the
 * same files as a car photo of the same bytes (whose display.webp is another picture).
 */
export const logoFileIdOf = (webp: Buffer): string => crypto.createHash('sha256').update('dealer-logo\0').update(webp).digest('hex');

/** A photo's name inside a store: `<ff>/<fileId>-<variant>.<ext>` (the first two hex digits fan the files out). */
export function photoKey(fileId: string, variant: Variant, ext: string): string {
  if (!FILE_ID_PATTERN.test(fileId) || !(ext in CONTENT_TYPES)) throw new Error('bad photo name');
  return `${fileId.slice(0, 2)}/${fileId}-${variant}.${ext}`;
}

export interface StoredPhoto {
  stream: Readable;
  size: number;
  contentType: string;
}

/** The store did not answer (unreachable, timed out, refused): a retry later may succeed. */
export class StorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}

export interface PhotoStorage {
  /** Stores one variant; a reader never sees half a photo. Throws StorageUnavailable when the store does not answer. */
  write(fileId: string, variant: Variant, ext: string, data: Buffer): Promise<void>;
  /** Whether both variants are stored. */
  exists(fileId: string, ext: string): Promise<boolean>;
  /** The photo's bytes as a stream, or undefined when it is not stored. Throws StorageUnavailable. */
  open(fileId: string, variant: Variant, ext: string): Promise<StoredPhoto | undefined>;
  /** The key appended to PHOTO_PUBLIC_BASE_URL: the photo's name relative to the store's published root. */
  publicKey(fileId: string, variant: Variant, ext: string): string;
  /** Readiness probe (for /ready): resolves when the store answers, throws otherwise. Cheap: one request at most. */
  check(): Promise<void>;
  close(): Promise<void>;
}
