// Stored photo files under DATA_DIR/photos, named by the content hash of the downloaded
// bytes: the same picture used by several cars is kept once, and its URLs never change.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Variant } from '../vehicles/photo-url.js';

export const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const FILE_ID_PATTERN = /^[0-9a-f]{64}$/;

export const fileIdOf = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

export class PhotoStorage {
  constructor(private readonly root: string) {}

  pathOf(fileId: string, variant: Variant, ext: string): string {
    if (!FILE_ID_PATTERN.test(fileId)) throw new Error('bad file id');
    return path.join(this.root, 'photos', fileId.slice(0, 2), `${fileId}-${variant}.${ext}`);
  }

  /** Writes atomically (temporary file, then rename): a reader never sees half a file. */
  async write(fileId: string, variant: Variant, ext: string, data: Buffer): Promise<void> {
    const target = this.pathOf(fileId, variant, ext);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, data);
    await fs.promises.rename(tmp, target);
  }

  async exists(fileId: string, ext: string): Promise<boolean> {
    try {
      await fs.promises.access(this.pathOf(fileId, 'display', ext));
      await fs.promises.access(this.pathOf(fileId, 'original', ext));
      return true;
    } catch {
      return false;
    }
  }
}
