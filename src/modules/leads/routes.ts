// GET /v1/leads (spec 2.11, D18) and PATCH /v1/leads/{id} (D29): keyed, the caller's dealership only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireBody } from '../../core/http/json-body.js';
import { bodyRef, errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { LeadIdParams, LeadsQuery, LeadStageInputSchema } from './schemas.js';
import { changeStage, leadsOf, type LeadDeps } from './service.js';

export const leadRoutes: FastifyPluginAsyncTypebox<{ deps: LeadDeps }> = async (app, { deps }) => {
  app.get(
    '/leads',
    {
      schema: {
        operationId: 'listLeads',
        tags: ['Leads'],
        summary: "Buyers who wrote about the dealership's cars, newest first, 100 a page",
        description:
          "A lead is one buyer's conversation about one car: the first message creates it (and the lead.created event), later messages of the same buyer " +
          '(same e-mail or phone) about the same car add to it (messages, last_message). Buyer contact details are never included; `url` opens the ' +
          'conversation in the dealer panel. With `since`, only leads created after that time (exclusive); with `stage`, only leads in that stage. ' +
          'At most 100 a page (D45): while more follow, `next_cursor` is set; give it as `cursor` with the same since and stage to read the next page, ' +
          'until `next_cursor` is null. A malformed cursor, or one made for other filters, is 400 invalid_request. To follow new leads, poll with ' +
          '`since` = the newest created_at you saw (or subscribe to lead.created).',
        querystring: LeadsQuery,
        response: { 200: Type.Ref('LeadList'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => leadsOf(deps, req.auth.dealer.id, req.query),
  );

  app.patch(
    '/leads/:id',
    {
      schema: {
        operationId: 'updateLead',
        tags: ['Leads'],
        summary: "Set a lead's stage (for CRM integrations)",
        description:
          'Moves the lead to `stage` (`new`, `contacted`, `won` or `lost`), as the dealer panel does; the change shows in the conversation as made ' +
          "through the API, and `updated_at` moves. The same stage again changes nothing. Another dealership's lead is 404; an unknown stage 400. " +
          'No webhook event is sent for a stage change.',
        params: LeadIdParams,
        body: bodyRef(LeadStageInputSchema),
        response: { 200: Type.Ref('LeadResult'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => changeStage(deps, req.auth.dealer.id, req.params.id, requireBody(req.body).stage, null),
  );
};
