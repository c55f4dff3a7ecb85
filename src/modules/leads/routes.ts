// GET /v1/leads (spec 2.11, D18): keyed, the caller's dealership only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { LeadsQuery } from './schemas.js';
import { leadsOf, type LeadDeps } from './service.js';

export const leadRoutes: FastifyPluginAsyncTypebox<{ deps: LeadDeps }> = async (app, { deps }) => {
  app.get(
    '/leads',
    {
      schema: {
        operationId: 'listLeads',
        tags: ['Leads'],
        summary: "Buyers who wrote about the dealership's cars, newest first (at most 100)",
        description:
          "A lead is one buyer's conversation about one car: the first message creates it (and the lead.created event), later messages of the same buyer " +
          '(same e-mail or phone) about the same car add to it (messages, last_message). Buyer contact details are never included; `url` opens the ' +
          'conversation in the dealer panel. With `since`, only leads created after that time (exclusive). At most 100 are returned, the newest: poll ' +
          'with the newest created_at you saw, often enough to get fewer than 100 (or subscribe to lead.created).',
        querystring: LeadsQuery,
        response: { 200: Type.Ref('LeadList'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => leadsOf(deps, req.auth.dealer.id, req.query.since),
  );
};
