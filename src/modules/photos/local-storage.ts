// Photos in a directory: DATA_DIR/photos/<ff>/<fileId>-<variant>.<ext> (the default store, P33).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Variant } from './url.js';
import { CONTENT_TYPES, photoKey, type PhotoStorage, type StoredPhoto } from './storage.js';

export class LocalPhotoStorage implements PhotoStorage {
  private readonly root: string;

  /** DATA_DIR: the image process writes photos here itself (P58). */
  constructor(readonly dataDir: string) {
    this.root = path.join(dataDir, 'photos');
  }

  pathOf(fileId: string, variant: Variant, ext: string): string {
    return path.join(this.root, ...photoKey(fileId, variant, ext).split('/'));
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

  async open(fileId: string, variant: Variant, ext: string): Promise<StoredPhoto | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(fileId, variant, ext), 'r');
    } catch {
      return undefined;
    }
    // Size and stream from one open file: a rename over it meanwhile cannot mix two files.
    let size: number;
    try {
      ({ size } = await handle.stat());
    } catch (err) {
      await handle.close();
      throw err;
    }
    return { stream: handle.createReadStream(), size, contentType: CONTENT_TYPES[ext]! };
  }

  publicKey(fileId: string, variant: Variant, ext: string): string {
    return photoKey(fileId, variant, ext);
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
    await fs.promises.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {}
}
