// Serves stored photos at stable public URLs: /photos/{file_id}/{original|display|w480|w960}.{ext} (P88),
// and dealerships' logos at /photos/{file_id}/logo.webp (P132).
// The content never changes under a URL (it is named by its hash), so it is cached for a year.
// From whichever store PHOTO_STORAGE names, streamed through the process, or redirected to
// PHOTO_PUBLIC_BASE_URL when a CDN or public bucket serves the store (P33).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { VARIANTS, type Variant } from './url.js';
import { FILE_ID_PATTERN, PHOTO_CACHE_CONTROL, StorageUnavailable, type PhotoStorage } from './storage.js';

const NAME = /^(original|display|w480|w960|logo)\.(jpg|png|webp)$/;
/** How long a browser or CDN keeps the redirect: PHOTO_PUBLIC_BASE_URL may move, the photo does not (P33). */
const REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

export interface PhotoRouteOptions {
  storage: PhotoStorage;
  /** PHOTO_PUBLIC_BASE_URL, without a trailing slash. */
  publicBaseUrl?: string | undefined;
}

export const photoRoutes: FastifyPluginAsyncTypebox<PhotoRouteOptions> = async (app, { storage, publicBaseUrl }) => {
  app.get(
    '/photos/:file_id/:name',
    {
      schema: {
        hide: true,
        params: Type.Object({ file_id: Type.String({ maxLength: 64 }), name: Type.String({ maxLength: 20 }) }),
      },
    },
    async (req, reply) => {
      const { file_id: fileId, name } = req.params;
      const m = NAME.exec(name);
      if (!FILE_ID_PATTERN.test(fileId) || !m || !(VARIANTS as readonly string[]).includes(m[1]!)) throw new ApiError('not_found', msg('photo_not_found'));
      const variant = m[1] as Variant;
      const ext = m[2]!;
      if (publicBaseUrl) {
        // Not looked up first: the CDN answers for a photo that is not there.
        return reply.header('cache-control', REDIRECT_CACHE_CONTROL).redirect(`${publicBaseUrl}/${storage.publicKey(fileId, variant, ext)}`, 302);
      }
      const etag = `"${fileId.slice(0, 16)}-${variant}"`;
      // The ETag is the URL's own hash, and what a URL names never changes: a client's copy is
      // confirmed without asking the store (one round trip to S3 saved per revalidation).
      if (req.headers['if-none-match'] === etag) {
        return reply.code(304).header('cache-control', PHOTO_CACHE_CONTROL).header('etag', etag).send();
      }
      let photo;
      try {
        photo = await storage.open(fileId, variant, ext);
      } catch (err) {
        if (!(err instanceof StorageUnavailable)) throw err;
        req.log.warn({ err }, 'photo storage unavailable');
        // D22 has no 503: an outage is internal_error, and Retry-After says it is worth retrying (P54).
        throw new ApiError('internal_error', msg('photo_storage_down'), undefined, { 'retry-after': '5' });
      }
      if (!photo) throw new ApiError('not_found', msg('photo_not_found'));
      return reply
        .header('cache-control', PHOTO_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', photo.size)
        .type(photo.contentType)
        .send(photo.stream);
    },
  );
};
