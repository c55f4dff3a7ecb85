// HTTP of listing statistics (D34): GET /v1/vehicles/{external_id}/stats and GET /v1/stats,
// scoped to the key's dealership (another's car is 404 like any unknown stock ID).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { ExternalIdParams } from '../vehicles/schemas.js';
import { stockIdFromPath } from '../vehicles/stock-id.js';
import { PricePreviewQuery, StatsQuery } from './schemas.js';
import { dealerStats, pricePreview, vehicleStats, type StatsDeps } from './service.js';

const TAGS = ['Statistics'];
const RANGE =
  "Days are the dealership's local days (its time zone, D32). Default range: the last 30 days (today included); at most 366 days; " +
  '`from` after `to`, a malformed or impossible date, or a longer range answers 400 invalid_request. ' +
  'Views and contacts are written every few seconds: figures may lag by up to 60 s.';

export const statsRoutes: FastifyPluginAsyncTypebox<{ deps: StatsDeps }> = async (app, { deps }) => {
  app.get(
    '/vehicles/:external_id/stats',
    {
      schema: {
        operationId: 'getVehicleStats',
        tags: TAGS,
        summary: "One car's views, contacts, inquiries and leads per day, days on market, price history and market position",
        description: RANGE,
        params: ExternalIdParams,
        querystring: StatsQuery,
        response: { 200: Type.Ref('VehicleStats'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => vehicleStats(deps, req.auth.dealer, stockIdFromPath(req.params.external_id), req.query),
  );

  app.get(
    '/vehicles/:external_id/price-preview',
    {
      schema: {
        operationId: 'previewVehiclePrice',
        tags: TAGS,
        summary: 'The price rating, market position and expected days to sell of a car at a price, without changing it',
        description:
          "D44: the car's price rating (against its expected price, P228–P229), market position (D34) and expected days to sell (P231) at `price`; " +
          'nothing is stored or changed. A missing, malformed or non-positive `price` answers 400 invalid_request; an unknown stock ID 404.',
        params: ExternalIdParams,
        querystring: PricePreviewQuery,
        response: { 200: Type.Ref('PricePreview'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => pricePreview(deps, req.auth.dealer, stockIdFromPath(req.params.external_id), req.query),
  );

  app.get(
    '/stats',
    {
      schema: {
        operationId: 'getDealerStats',
        tags: TAGS,
        summary: "The dealership's views, contacts, inquiries and leads per day, and its cars with any, most viewed first",
        description: RANGE,
        querystring: StatsQuery,
        response: { 200: Type.Ref('DealerStats'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => dealerStats(deps, req.auth.dealer, req.query),
  );
};
