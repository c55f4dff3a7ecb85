// Shapes of spec 2.12/2.13 and of the delivery log, defined once for validation, types and OpenAPI.
import { nullable } from '../../core/http/schemas.js';
import { Type, type Static } from 'typebox';
import { SERVICE_VALIDATED } from '../../core/http/schema-compilers.js';
import { EVENT_TYPES } from '../events/events.js';

/** The test delivery's own type: not an event anyone subscribes to (POST /webhooks/{id}/test). */
export const TEST_EVENT = 'webhook.test';

const EventName = Type.Unsafe<(typeof EVENT_TYPES)[number]>({ type: 'string', enum: [...EVENT_TYPES] });

const webhookProperties = {
  id: Type.Integer(),
  url: Type.String({ description: 'The receiver (https).' }),
  events: Type.Array(EventName, { description: 'The events this webhook receives.' }),
  active: Type.Boolean({ description: 'False after 20 failed deliveries in a row; a successful test turns it on again.' }),
  created_at: Type.String({ format: 'date-time' }),
};

const WebhookSchema = Type.Object(webhookProperties, { $id: 'Webhook', title: 'Webhook', description: 'A webhook as read: never with its secret.' });

// The creation's answer is the only one with the secret, and it always has it (P184): its own
// schema, so a typed client reads `secret` as a string, not as optional.
const WebhookCreatedSchema = Type.Object(
  {
    ...webhookProperties,
    secret: Type.String({
      description: 'The HMAC-SHA256 key of X-Service-Signature, used exactly as written here. Store it: this answer is the only one that shows it.',
    }),
  },
  { $id: 'WebhookCreated', title: 'WebhookCreated', description: 'The webhook just created, with its secret.' },
);
export type WebhookCreated = Static<typeof WebhookCreatedSchema>;
export type Webhook = Static<typeof WebhookSchema>;

export const WebhookInputSchema = Type.Object(
  {
    url: Type.String({ format: 'uri', maxLength: 2048, description: 'https URL of the receiver on a public address (port 443 or 80).' }),
    events: Type.Optional(
      Type.Unsafe<(typeof EVENT_TYPES)[number][] | null>({
        type: ['array', 'null'],
        items: EventName,
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        description: 'Default (left out or null): all four events.',
      }),
    ),
  },
  { $id: 'WebhookInput', title: 'WebhookInput', ...SERVICE_VALIDATED },
);

const WebhookListSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('Webhook')),
    events: Type.Array(EventName, { description: 'The events that can be subscribed to (pass them to WebhookInput.events as they are).' }),
  },
  { $id: 'WebhookList', title: 'WebhookList' },
);

const AttemptSchema = Type.Object(
  {
    attempted_at: Type.String({ format: 'date-time' }),
    duration_ms: Type.Integer({ description: 'From the start of the request to the end of the answer (or the failure).' }),
    status_code: nullable('integer', { description: "The receiver's HTTP status; null when none came (timeout, connection failure)." }),
    error: nullable('string', { description: 'Why the attempt failed, when it did.' }),
  },
  { $id: 'DeliveryAttempt', title: 'DeliveryAttempt' },
);

const DeliverySchema = Type.Object(
  {
    id: Type.Integer(),
    event_id: Type.String({ description: "The event id: the body's `id` and X-Service-Delivery, the same on every attempt and replay." }),
    // A closed set: the events, and the test delivery's own type.
    event_type: Type.Unsafe<string>({ type: 'string', enum: [...EVENT_TYPES, TEST_EVENT] }),
    status: Type.Unsafe<'pending' | 'succeeded' | 'failed' | 'cancelled'>({
      type: 'string',
      enum: ['pending', 'succeeded', 'failed', 'cancelled'],
      description:
        'pending: waiting for its next attempt; failed: given up (a status that is not retried, or its last retry failed); cancelled: the webhook was deleted or turned off first.',
    }),
    created_at: Type.String({ format: 'date-time' }),
    next_attempt_at: nullable('string', { format: 'date-time', description: 'When a pending delivery is tried next.' }),
    replay_of: nullable('integer', { description: 'The delivery this one replays, when made by the retry endpoint.' }),
    attempts: Type.Array(Type.Ref('DeliveryAttempt'), { description: 'Every attempt, oldest first.' }),
  },
  { $id: 'Delivery', title: 'Delivery' },
);
export type Delivery = Static<typeof DeliverySchema>;

const DeliveryListSchema = Type.Object(
  {
    data: Type.Array(Type.Ref('Delivery')),
    page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
  },
  { $id: 'DeliveryList', title: 'DeliveryList' },
);

const TestResultSchema = Type.Object(
  {
    delivered: Type.Boolean({ description: 'The receiver answered 2xx within the timeout.' }),
    webhook: Type.Ref('Webhook'),
    delivery: Type.Ref('Delivery'),
  },
  { $id: 'WebhookTestResult', title: 'WebhookTestResult' },
);

export const WebhookIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }) });
export const DeliveryIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
  delivery_id: Type.Integer({ minimum: 1, maximum: 9_007_199_254_740_991 }),
});
export const DeliveryListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

export const WEBHOOK_SCHEMAS = [
  WebhookSchema,
  WebhookCreatedSchema,
  WebhookInputSchema,
  WebhookListSchema,
  AttemptSchema,
  DeliverySchema,
  DeliveryListSchema,
  TestResultSchema,
];
