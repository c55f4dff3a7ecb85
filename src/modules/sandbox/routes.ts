// POST /v1/sandbox/leads (D35): only a sandbox key; a buyer's inquiry on a sandbox car, on demand.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireBody } from '../../core/http/json-body.js';
import { bodyRef, errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import type { LeadDeps } from '../leads/service.js';
import { SandboxLeadInputSchema } from './schemas.js';
import { sandboxInquiry } from './service.js';

export const sandboxRoutes: FastifyPluginAsyncTypebox<{ deps: LeadDeps }> = async (app, { deps }) => {
  app.post(
    '/sandbox/leads',
    {
      schema: {
        operationId: 'createSandboxLead',
        tags: ['Sandbox'],
        summary: "Make a buyer's inquiry happen on a sandbox car (sandbox keys only)",
        description:
          "Acts as a buyer writing on the car's page (D35): a new lead with this message, the `lead.created` event to the sandbox's webhooks " +
          '(with `"livemode": false`), and the inquiry counted in the car\'s statistics. Each call is a new buyer, so each makes a new lead. The car must be ' +
          'active, as for a real buyer: 404 `not_found` for an unknown car or one not public yet (importing_photos, in_review), 400 for a car no longer for sale. ' +
          'A live key gets 403 `sandbox_only`.',
        body: bodyRef(SandboxLeadInputSchema),
        response: { 201: Type.Ref('LeadResult'), ...errorResponses(...KEYED_ERRORS, 403, 404) },
      },
    },
    async (req, reply) => {
      // Checked against SandboxLeadInput by then; requireBody refuses a body that is not an object.
      const body = requireBody(req.body) as { external_id: string; message?: string; market?: string };
      return reply.code(201).send(await sandboxInquiry(deps, req.auth, body));
    },
  );
};
