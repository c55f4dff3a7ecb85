// What each delivery's body holds (D20, D21), as schemas: the OpenAPI document's `webhooks`
// section (3.1) names one per event, so a client generated from it reads `event.data` by
// `event.type` without a cast (P184). The bodies themselves are written by send.ts from the
// stored events; the type checks at the end keep these schemas and events/events.ts the same.
import { Type, type Static, type TSchema } from 'typebox';
import { EVENT_TYPES, type NewEvent } from '../events/events.js';
import { MARKET_CODES } from '../markets/markets.js';
import { SHOWN_SOURCES } from '../vehicles/sources.js';
import { TEST_EVENT } from './schemas.js';

const Market = Type.Unsafe<string>({ type: 'string', enum: [...MARKET_CODES], description: "The car's market (Market.code)." });
const Source = Type.Unsafe<string>({
  type: 'string',
  enum: [...SHOWN_SOURCES],
  description: "The car's source (spec 2.1; `panel`: made in the dealer panel).",
});

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The schema of an event's data, refused by the compiler unless its type is exactly what
 * events/events.ts says the event carries: the document cannot drift from what is sent.
 */
function dataOf<T extends NewEvent['type'], S extends TSchema>(
  _type: T,
  schema: S & (Same<Static<S>, Extract<NewEvent, { type: T }>['data']> extends true ? unknown : never),
): S {
  return schema;
}

const VehicleSoldData = dataOf(
  'vehicle.sold',
  Type.Object({
    external_id: Type.String({ description: 'The stock ID, as stored (D26).' }),
    listing_id: Type.String(),
    market: Market,
    source: Source,
    vehicle: Type.String({ description: 'A label for a person, e.g. "2019 Toyota Corolla XEi".' }),
    url: Type.String({ format: 'uri', description: "The listing's public page." }),
  }),
);

const VehicleRejectedData = dataOf(
  'vehicle.rejected',
  Type.Object({
    external_id: Type.String({
      description:
        'The stock ID as sent (normalized; one over 80 characters cut at 80 and followed by …); empty on the event that stands for the rest of a feed import.',
    }),
    market: Market,
    source: Source,
    channel: Type.Unsafe<'api' | 'sync' | 'feed' | 'photos'>({
      type: 'string',
      enum: ['api', 'sync', 'feed', 'photos'],
      description: 'photos: the photos could not be made; the same sentences stay in the car’s review_reasons.',
    }),
    errors: Type.Array(Type.String(), { description: 'One sentence per broken rule.' }),
    more_rejected: Type.Optional(
      Type.Integer({ description: "Only on the event that stands for a feed import's rejected rows beyond the first 100: how many it stands for." }),
    ),
    feed_id: Type.Optional(Type.Integer({ description: 'With more_rejected: the feed.' })),
    import_id: Type.Optional(
      Type.Integer({ description: 'With more_rejected: the import whose report lists the errors (GET /feeds/{feed_id}/imports/{import_id}).' }),
    ),
  }),
);

const SyncFailedData = dataOf(
  'sync.failed',
  Type.Object({
    market: Market,
    source: Source,
    reason: Type.Unsafe<'unreadable_feed' | 'feed_unreachable' | 'too_many_missing' | 'import_interrupted'>({
      type: 'string',
      enum: ['unreadable_feed', 'feed_unreachable', 'too_many_missing', 'import_interrupted'],
    }),
    message: Type.String({ description: 'What happened, for a person (English).' }),
  }),
);

const LeadCreatedData = Type.Object({
  lead: Type.Ref('Lead', { description: 'The same Lead as GET /leads: never the buyer’s name, e-mail or phone.' }),
});

const WebhookTestData = Type.Object({
  webhook_id: Type.Integer(),
  message: Type.String(),
});

interface EventDoc {
  type: (typeof EVENT_TYPES)[number] | typeof TEST_EVENT;
  name: string;
  summary: string;
  data: TSchema;
}

const EVENTS: EventDoc[] = [
  { type: 'lead.created', name: 'LeadCreatedEvent', summary: "A buyer's first message about a car made a lead", data: LeadCreatedData },
  { type: 'vehicle.sold', name: 'VehicleSoldEvent', summary: 'A car was marked sold (by a call, a reconcile, a feed or the panel)', data: VehicleSoldData },
  { type: 'vehicle.rejected', name: 'VehicleRejectedEvent', summary: 'A car was refused, or its photos could not be made', data: VehicleRejectedData },
  { type: 'sync.failed', name: 'SyncFailedEvent', summary: "A feed import or a reconcile of a source's stock did not happen", data: SyncFailedData },
  { type: TEST_EVENT, name: 'WebhookTestEvent', summary: 'The test delivery POST /webhooks/{id}/test sends', data: WebhookTestData },
];

const envelope = (e: EventDoc) =>
  Type.Object(
    {
      id: Type.String({ description: 'The event id (evt_…), also in X-Service-Delivery: the same on every attempt and replay; ignore one already handled.' }),
      type: Type.Literal(e.type),
      livemode: Type.Boolean({ description: 'false for the events of a sandbox (D35), true otherwise.' }),
      created_at: Type.String({ format: 'date-time', description: 'When the event happened.' }),
      data: e.data,
    },
    { $id: e.name, title: e.name, description: `${e.summary}.` },
  );

// No union schema of them all: nothing would $ref it; a client unites the `webhooks` bodies.
export const WEBHOOK_EVENT_SCHEMAS: TSchema[] = EVENTS.map(envelope);

const header = (name: string, description: string, schema: Record<string, unknown>) => ({ in: 'header', name, required: true, description, schema });

/**
 * The document's `webhooks` section: one POST per event, with the headers every delivery carries
 * and its body. The answers are the receiver's; any 2xx within WEBHOOK_TIMEOUT is a success.
 */
export const WEBHOOKS_DOCUMENT = Object.fromEntries(
  EVENTS.map((e) => [
    e.type,
    {
      post: {
        operationId: `${e.name.charAt(0).toLowerCase()}${e.name.slice(1)}`,
        tags: ['Webhooks'],
        summary: e.summary,
        description:
          'Sent to every active webhook subscribed to the event (docs/webhooks.md). Verify X-Service-Signature over the raw body before trusting it, ' +
          'answer 2xx within 10 s, and ignore an X-Service-Delivery already handled (delivery is at least once).',
        // The signature is the authentication: there is no key on a delivery.
        security: [],
        parameters: [
          header('X-Service-Event', 'The event type, as `type` in the body.', { type: 'string', enum: [e.type] }),
          header('X-Service-Delivery', 'The event id, as `id` in the body.', { type: 'string', maxLength: 64 }),
          header('X-Service-Signature', '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`, as Stripe signs (D20).', {
            type: 'string',
            maxLength: 256,
          }),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${e.name}` } } } },
        responses: {
          '2XX': { description: 'Any 2xx within 10 s: delivered.' },
          '4XX': { description: 'A 429 is retried (its Retry-After honoured); any other 4xx (and any 3xx) fails the delivery at once.' },
          '5XX': { description: 'Retried, as a timeout or no connection is, after 1 min, 5 min, 30 min, 2 h and 6 h (D20).' },
        },
      },
    },
  ]),
);
