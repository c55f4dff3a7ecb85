// Serves stored photos at stable public URLs: /photos/{file_id}/{original|display}.{ext}.
// The content never changes under a URL (it is named by its hash), so it is cached for a year.
import fs from 'node:fs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { VARIANTS, type Variant } from '../vehicles/photo-url.js';
import { CONTENT_TYPES, FILE_ID_PATTERN, type PhotoStorage } from './storage.js';

const NAME = /^(original|display)\.(jpg|png|webp)$/;

export const photoRoutes: FastifyPluginAsyncTypebox<{ storage: PhotoStorage }> = async (app, { storage }) => {
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
      if (!FILE_ID_PATTERN.test(fileId) || !m || !(VARIANTS as readonly string[]).includes(m[1]!)) throw new ApiError('not_found', 'No such photo.');
      const file = storage.pathOf(fileId, m[1] as Variant, m[2]!);
      let stat: fs.Stats;
      try {
        stat = await fs.promises.stat(file);
      } catch {
        throw new ApiError('not_found', 'No such photo.');
      }
      const etag = `"${fileId.slice(0, 16)}-${m[1]}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .type(CONTENT_TYPES[m[2]!]!);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.header('content-length', stat.size);
      return reply.send(fs.createReadStream(file));
    },
  );
};
