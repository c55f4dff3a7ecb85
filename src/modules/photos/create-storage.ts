// The photo store PHOTO_STORAGE names (P33): DATA_DIR/photos by default, or an S3-protocol bucket.
import type { PhotoStorageConfig } from '../../core/config.js';
import { LocalPhotoStorage } from './local-storage.js';
import { S3PhotoStorage } from './s3-storage.js';
import type { PhotoStorage } from './storage.js';

export function createPhotoStorage(config: PhotoStorageConfig, dataDir: string): PhotoStorage {
  return config.kind === 's3' ? new S3PhotoStorage(config) : new LocalPhotoStorage(dataDir);
}
