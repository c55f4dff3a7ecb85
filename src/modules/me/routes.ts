import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { minPhotosOf } from '../markets/markets.js';
import { SYNC_MAX } from '../vehicles/sync.js';
import { API_VERSION } from '../../core/version.js';

export const meRoutes: FastifyPluginAsyncTypebox<{ perMinute: number }> = async (app, { perMinute }) => {
  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['Account'],
        summary: 'Verify a key: its dealership, its limits and the API version',
        response: { 200: Type.Ref('Account'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => {
      const { dealer, keyPrefix, keyName } = req.auth;
      const minPhotos = Math.max(...dealer.markets.map(minPhotosOf));
      return {
        dealer: { name: dealer.name, slug: dealer.slug, markets: dealer.markets },
        key: { prefix: keyPrefix, name: keyName },
        limits: { per_minute: perMinute, sync_max: SYNC_MAX, min_photos: minPhotos },
        api_version: API_VERSION,
      };
    },
  );
};
