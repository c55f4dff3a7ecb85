import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AuthContext } from '../../core/http/auth.js';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { minPhotosOf } from '../markets/markets.js';
import { SYNC_MAX } from '../vehicles/sync.js';
import { API_VERSION } from '../../core/version.js';
import { logoUrl } from '../photos/url.js';

export const meRoutes: FastifyPluginAsyncTypebox<{ perMinute: number; publicBaseUrl: string }> = async (app, { perMinute, publicBaseUrl }) => {
  const bodies = new WeakMap<AuthContext, string>();
  app.get(
    '/me',
    {
      schema: {
        operationId: 'getMe',
        tags: ['Account'],
        summary: 'Verify a key: its dealership, its limits and the API version',
        description:
          "200 for any valid key, the quick way to check one: the key's dealership (name, slug, markets, time zone, logo), the key's prefix and name, " +
          '`livemode` (false for a sandbox `dik_test_` key, D35), the limits that apply to it (`per_minute`, `sync_max`, `min_photos`) and `api_version`. ' +
          'A missing, invalid or revoked key answers 401 `unauthorized`.',
        response: { 200: Type.Ref('Account'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    (req, reply) => {
      // Serialized once per resolved key (the resolver hands out the same AuthContext until it
      // looks the key up again) with this route's schema, then sent as it is, synchronously (P53).
      let body = bodies.get(req.auth);
      if (body === undefined) {
        body = reply.serialize(account(req.auth, perMinute, publicBaseUrl)) as string;
        bodies.set(req.auth, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};

function account({ dealer, keyPrefix, keyName, livemode }: AuthContext, perMinute: number, publicBaseUrl: string) {
  return {
    livemode,
    dealer: {
      name: dealer.name,
      slug: dealer.slug,
      markets: dealer.markets,
      time_zone: dealer.timeZone,
      logo_url: dealer.logoFileId ? logoUrl(publicBaseUrl, dealer.logoFileId) : null,
    },
    key: { prefix: keyPrefix, name: keyName },
    limits: { per_minute: perMinute, sync_max: SYNC_MAX, min_photos: Math.max(...dealer.markets.map(minPhotosOf)) },
    api_version: API_VERSION,
  };
}
