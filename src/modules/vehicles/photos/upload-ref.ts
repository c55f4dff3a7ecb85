// A photo uploaded in the panel (D33, P104) is listed among a car's photos as `upload:<file id>`
// (the SHA-256 its stored files are named by). The API's validation takes http(s) URLs only, so
// no call can name an upload; the panel's does (validation.ts `uploads`).
import { FILE_ID_PATTERN } from '../../photos/storage.js';

const UPLOAD_PREFIX = 'upload:';

export const uploadRef = (fileId: string): string => `${UPLOAD_PREFIX}${fileId}`;

export const isUploadRef = (s: string): boolean => s.startsWith(UPLOAD_PREFIX) && FILE_ID_PATTERN.test(s.slice(UPLOAD_PREFIX.length));

/** The file id of an upload reference, or undefined for any other photo. */
export const uploadFileId = (s: string): string | undefined => (isUploadRef(s) ? s.slice(UPLOAD_PREFIX.length) : undefined);
