// HTTP of webhooks (D20) and of their delivery log: parsing and status codes only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireBody } from '../../core/http/json-body.js';
import { bodyRef, errorResponses, KEYED_ERRORS } from '../../core/http/schemas.js';
import { DeliveryIdParams, DeliveryListQuery, WebhookIdParams, WebhookInputSchema } from './schemas.js';
import { createWebhook, getWebhook, listDealerWebhooks, removeWebhook, retryDelivery, testWebhook, webhookDeliveries, type WebhookDeps } from './service.js';

const TAGS = ['Webhooks'];

export const webhookRoutes: FastifyPluginAsyncTypebox<{ deps: WebhookDeps & { publicBaseUrl: string } }> = async (app, { deps }) => {
  app.get(
    '/webhooks',
    {
      schema: {
        operationId: 'listWebhooks',
        tags: TAGS,
        summary: "The dealership's webhooks and the events that can be subscribed to",
        description:
          "`data`: every webhook of the key's dealership, as GET /webhooks/{id} shows it; deleted ones are gone. `events`: every event type a webhook can subscribe to.",
        response: { 200: Type.Ref('WebhookList'), ...errorResponses(...KEYED_ERRORS) },
      },
    },
    async (req) => listDealerWebhooks(deps, req.auth.dealer.id),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        operationId: 'createWebhook',
        tags: TAGS,
        summary: 'Subscribe an https URL to events (at most 20 webhooks)',
        description:
          "The answer carries `secret` (shown only here): the HMAC-SHA256 key of every delivery's X-Service-Signature. " +
          'url must be https on a public address (400 otherwise, also for unknown events); the 21st webhook answers 409 too_many_webhooks. ' +
          'Each delivery POSTs `{"id","type","livemode","created_at","data"}`: `livemode` is false for the events of a sandbox (a webhook made with a `dik_test_` key, D35) and true otherwise, inside the signed body.',
        body: bodyRef(WebhookInputSchema),
        response: { 201: Type.Ref('WebhookCreated'), ...errorResponses(...KEYED_ERRORS, 409) },
      },
    },
    async (req, reply) => {
      const webhook = await createWebhook(deps, req.auth.dealer.id, requireBody(req.body));
      // 201 names the webhook's address (P90).
      return reply.code(201).header('location', `${deps.publicBaseUrl}/v1/webhooks/${webhook.id}`).send(webhook);
    },
  );

  app.get(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhook',
        tags: TAGS,
        summary: 'One webhook (without its secret)',
        description:
          'Its URL, events and whether it is `active` (false after 20 failed deliveries in a row, D20; a successful POST /webhooks/{id}/test turns it on again). ' +
          "404 `not_found` for an unknown or deleted id, or another dealership's.",
        params: WebhookIdParams,
        response: { 200: Type.Ref('Webhook'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => getWebhook(deps, req.auth.dealer.id, req.params.id),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        operationId: 'deleteWebhook',
        tags: TAGS,
        summary: 'Delete a webhook; its pending deliveries are cancelled',
        description:
          'It receives nothing more: deliveries still pending are cancelled, not sent. From then on its id answers 404 `not_found`, a second DELETE included.',
        params: WebhookIdParams,
        response: {
          200: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }, { description: 'The webhook was deleted.' }),
          ...errorResponses(...KEYED_ERRORS, 404),
        },
      },
    },
    async (req) => removeWebhook(deps, req.auth.dealer.id, req.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        operationId: 'testWebhook',
        tags: TAGS,
        summary: 'Send a webhook.test event now and report the outcome',
        description:
          'One signed attempt, not retried, answered with its outcome (also kept in the delivery log). ' +
          'When it succeeds on a webhook that was turned off after 20 failed deliveries, the webhook is active again.',
        params: WebhookIdParams,
        response: { 200: Type.Ref('WebhookTestResult'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => testWebhook(deps, req.auth.dealer.id, req.params.id),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: TAGS,
        summary: 'The delivery log of a webhook, newest first',
        description: 'Each delivery of an event to this webhook with every attempt: time, status code or error, duration.',
        params: WebhookIdParams,
        querystring: DeliveryListQuery,
        response: { 200: Type.Ref('DeliveryList'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req) => webhookDeliveries(deps, req.auth.dealer.id, req.params.id, req.query),
  );

  app.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    {
      schema: {
        operationId: 'retryWebhookDelivery',
        tags: TAGS,
        summary: "Send a delivery's event again (a replay)",
        description:
          'Queues a new delivery of the same event (same event id and X-Service-Delivery, so a receiver that already has it ignores it) ' +
          'with a fresh retry schedule; answers 202 with it. Refused (400) while the delivery is still pending or the webhook is turned off.',
        params: DeliveryIdParams,
        response: { 202: Type.Ref('Delivery'), ...errorResponses(...KEYED_ERRORS, 404) },
      },
    },
    async (req, reply) => reply.code(202).send(await retryDelivery(deps, req.auth.dealer.id, req.params.id, req.params.delivery_id)),
  );
};
