import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { findMarket } from './markets.js';
import { MarketParams } from './schemas.js';

export const marketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/markets/:code',
    {
      schema: {
        operationId: 'getMarket',
        tags: ['Reference data'],
        summary: 'A market and its vocabulary',
        description:
          "Currencies, mileage unit, fuels, transmissions, conditions and photo limits of a market. Answers any known market, not only the dealership's.",
        params: MarketParams,
        response: { 200: Type.Ref('Market'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => {
      const market = findMarket(req.params.code);
      if (!market) throw new ApiError('not_found', msg('market_not_found', { code: req.params.code }));
      return market;
    },
  );
};
