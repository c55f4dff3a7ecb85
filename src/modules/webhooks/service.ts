// Rules of webhooks (spec 2.12/2.13, D20): create (https, public address, ≤ 20), list, read,
// delete, send a test, read the delivery log and replay a delivery.
import crypto from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { lockDealerWebhooks } from '../../core/db/locks.js';
import { type Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { AttemptRow, DeliveryRow, WebhookRow } from '../../core/db/schema.js';
import { ApiError, type InputProblem } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { OutboundError } from '../../core/outbound/errors.js';
import type { Outbound } from '../../core/outbound/fetcher.js';
import type { SecretBox } from '../../core/secret-box.js';
import { findDealerById } from '../dealers/repository.js';
import { EVENT_TYPES } from '../events/events.js';
import { queueDeliveries } from '../events/record.js';
import { insertDeliveries, insertEvents } from '../events/repository.js';
import {
  attemptsOf,
  countLiveWebhooks,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertAttempt,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  reactivateWebhook,
  recordWebhookSuccess,
  updateDelivery,
} from './repository.js';
import { TEST_EVENT, type Delivery, type Webhook, type WebhookCreated } from './schemas.js';
import { sendDelivery, type SendConfig } from './send.js';
import { newSecret } from './signature.js';

export const MAX_WEBHOOKS = 20;
/** A receiver's address is at most this long (WebhookInput's maxLength). */
const URL_MAX = 2048;

export interface WebhookDeps {
  store: Store;
  clock: Clock;
  outbound: Outbound;
  box: SecretBox;
  send: SendConfig;
  allowHttp: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();
const notFound = () => new ApiError('not_found', msg('webhook_not_found'));

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: Number(row.id),
    url: row.url,
    events: JSON.parse(row.events) as Webhook['events'],
    active: Number(row.active) === 1,
    created_at: iso(Number(row.created_at)),
  };
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): Delivery {
  return {
    id: Number(row.id),
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    created_at: iso(Number(row.created_at)),
    next_attempt_at: row.status === 'pending' && row.next_attempt_at !== null ? iso(Number(row.next_attempt_at)) : null,
    replay_of: row.replay_of === null ? null : Number(row.replay_of),
    attempts: attempts.map((a) => ({
      attempted_at: iso(Number(a.attempted_at)),
      duration_ms: Number(a.duration_ms),
      status_code: a.status_code === null ? null : Number(a.status_code),
      error: a.error,
    })),
  };
}

/**
 * Why a webhook request was refused, for pages that explain it in their own words; the API
 * answers with the same ApiError's code and message in the reader's language.
 */
export type WebhookRefusalReason =
  | 'url_missing'
  | 'url_invalid'
  | 'url_not_https'
  | 'url_credentials'
  | 'url_fragment'
  | 'url_too_long'
  | 'events_invalid'
  | 'address_refused'
  | 'too_many'
  | 'webhook_off'
  | 'delivery_pending';

export class WebhookRefusal extends ApiError {
  constructor(
    code: 'invalid_request' | 'too_many_webhooks',
    message: Msg,
    readonly reasons: WebhookRefusalReason[],
    /** The outbound rule that refused the address (address_refused). */
    readonly outboundCode?: string,
    problems?: readonly InputProblem[],
  ) {
    super(code, message, problems);
  }
}

/** Checks a WebhookInput body; answers 400 with every problem found. */
async function checkInput(deps: WebhookDeps, body: Record<string, unknown>): Promise<{ url: string; events: string[] }> {
  // Each problem is an entry of the 400's fields and problems (P175); the message names them all.
  const problems: InputProblem[] = [];
  const reasons: WebhookRefusalReason[] = [];
  let outboundCode: string | undefined;
  const problem = (reason: WebhookRefusalReason, text: Msg, field: 'url' | 'events', rule: InputProblem['rule'], limit?: number) => {
    reasons.push(reason);
    problems.push({ text, field, rule, ...(limit !== undefined ? { limit } : {}) });
  };
  let url = '';
  if (typeof body.url !== 'string' || body.url.trim() === '') problem('url_missing', msg('webhook_url_missing'), 'url', 'required');
  else {
    let parsed: URL | undefined;
    try {
      parsed = new URL(body.url.trim());
    } catch {
      problem('url_invalid', msg('webhook_url_invalid', { url: body.url.slice(0, 100) }), 'url', 'format');
    }
    if (parsed) {
      if (parsed.protocol !== 'https:' && !(deps.allowHttp && parsed.protocol === 'http:'))
        problem('url_not_https', msg('webhook_url_not_https'), 'url', 'scheme');
      else if (parsed.username || parsed.password) problem('url_credentials', msg('webhook_url_credentials'), 'url', 'credentials');
      else if (parsed.hash) problem('url_fragment', msg('webhook_url_fragment'), 'url', 'fragment');
      else if (parsed.href.length > URL_MAX) problem('url_too_long', msg('webhook_url_too_long', { max: URL_MAX }), 'url', 'max_length', URL_MAX);
      else url = parsed.href;
    }
  }
  let events: string[] = [...EVENT_TYPES];
  if (body.events !== undefined && body.events !== null) {
    if (!Array.isArray(body.events) || body.events.length === 0)
      problem(
        'events_invalid',
        msg('webhook_events_not_list', { events: EVENT_TYPES.join(', ') }),
        'events',
        Array.isArray(body.events) ? 'min_items' : 'type',
        Array.isArray(body.events) ? 1 : undefined,
      );
    else {
      const unknown = body.events.filter((e) => typeof e !== 'string' || !(EVENT_TYPES as readonly string[]).includes(e));
      if (unknown.length > 0)
        problem(
          'events_invalid',
          msg('webhook_events_unknown', { count: unknown.length, unknown: unknown.map((e) => JSON.stringify(e)).join(', '), events: EVENT_TYPES.join(', ') }),
          'events',
          'enum',
        );
      else events = EVENT_TYPES.filter((e) => (body.events as string[]).includes(e));
    }
  }
  if (problems.length === 0) {
    // The same address rule as every send: refused now rather than failing every delivery.
    try {
      await deps.outbound.check(url);
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      outboundCode = err.code;
      problem('address_refused', msg('webhook_url_refused', { kind: err.code, detail: err.message }), 'url', 'address');
    }
  }
  if (problems.length > 0)
    throw new WebhookRefusal('invalid_request', msg('webhook_invalid', { problems: problems.map((p) => p.text) }), reasons, outboundCode, problems);
  return { url, events };
}

export async function createWebhook(deps: WebhookDeps, dealerId: number, body: Record<string, unknown>): Promise<WebhookCreated> {
  const input = await checkInput(deps, body);
  const secret = newSecret();
  const row = await writeTransaction(deps.store, async (trx) => {
    await lockDealerWebhooks(trx, deps.store.dialect, dealerId);
    if ((await countLiveWebhooks(trx, dealerId)) >= MAX_WEBHOOKS) {
      throw new WebhookRefusal('too_many_webhooks', msg('webhooks_too_many', { max: MAX_WEBHOOKS }), ['too_many']);
    }
    return insertWebhook(trx, { dealerId, url: input.url, events: input.events, secretSealed: deps.box.seal(secret), now: deps.clock.now() });
  });
  return { ...toWebhook(row), secret };
}

export async function listDealerWebhooks(deps: WebhookDeps, dealerId: number): Promise<{ data: Webhook[]; events: string[] }> {
  const rows = await listWebhooks(deps.store.db, dealerId);
  return { data: rows.map((r) => toWebhook(r)), events: [...EVENT_TYPES] };
}

async function ownWebhook(deps: WebhookDeps, dealerId: number, id: number): Promise<WebhookRow> {
  const row = await findWebhook(deps.store.db, dealerId, id);
  if (!row) throw notFound();
  return row;
}

export async function getWebhook(deps: WebhookDeps, dealerId: number, id: number): Promise<Webhook> {
  return toWebhook(await ownWebhook(deps, dealerId, id));
}

/** Deletes a webhook; deliveries still pending are cancelled when their time comes. */
export async function removeWebhook(deps: WebhookDeps, dealerId: number, id: number): Promise<{ deleted: true; id: number }> {
  const done = await writeTransaction(deps.store, (trx) => deleteWebhook(trx, dealerId, id, deps.clock.now()));
  if (!done) throw notFound();
  return { deleted: true, id };
}

/**
 * Sends a `webhook.test` event now and answers with the outcome (one attempt, no retries). A
 * success turns an inactive webhook on again (D20).
 */
export async function testWebhook(deps: WebhookDeps, dealerId: number, id: number): Promise<{ delivered: boolean; webhook: Webhook; delivery: Delivery }> {
  const { store, clock } = deps;
  const webhook = await ownWebhook(deps, dealerId, id);
  const now = clock.now();
  const event = {
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    dealer_id: dealerId,
    type: TEST_EVENT,
    data: JSON.stringify({ webhook_id: Number(webhook.id), message: 'A test delivery from Dealer Inventory: your receiver works.' }),
    created_at: now,
  };
  const deliveryId = await writeTransaction(store, async (trx) => {
    await insertEvents(trx, [event]);
    const [idOf] = await insertDeliveries(trx, [
      {
        webhook_id: Number(webhook.id),
        dealer_id: dealerId,
        event_id: event.id,
        event_type: TEST_EVENT,
        status: 'pending',
        next_attempt_at: null,
        replay_of: null,
        created_at: now,
      },
    ]);
    return idOf!;
  });
  const livemode = (await findDealerById(store.db, dealerId))?.sandbox_of == null;
  const outcome = await sendDelivery(
    deps.outbound,
    clock,
    deps.send,
    { url: webhook.url, secret: deps.box.open(webhook.secret_sealed) },
    { ...event, livemode },
  );
  const at = clock.now();
  await writeTransaction(store, async (trx) => {
    await insertAttempt(trx, { deliveryId, attemptedAt: at, durationMs: outcome.durationMs, statusCode: outcome.statusCode, error: outcome.error });
    await updateDelivery(trx, deliveryId, { status: outcome.ok ? 'succeeded' : 'failed', attempts: 1, next_attempt_at: null, completed_at: at });
    if (outcome.ok) {
      if (Number(webhook.active) === 0) await reactivateWebhook(trx, Number(webhook.id));
      else await recordWebhookSuccess(trx, Number(webhook.id));
    }
  });
  const fresh = await ownWebhook(deps, dealerId, id);
  const delivery = await findDelivery(store.db, Number(webhook.id), deliveryId);
  return { delivered: outcome.ok, webhook: toWebhook(fresh), delivery: toDelivery(delivery!, await attemptsOf(store.db, [deliveryId])) };
}

export async function webhookDeliveries(
  deps: WebhookDeps,
  dealerId: number,
  id: number,
  query: { page: number; per_page: number },
): Promise<{ data: Delivery[]; page: number; per_page: number; total: number }> {
  const webhook = await ownWebhook(deps, dealerId, id);
  const { rows, attempts, total } = await listDeliveries(deps.store.db, Number(webhook.id), query.page, query.per_page);
  const byDelivery = new Map<number, AttemptRow[]>();
  for (const a of attempts) {
    const list = byDelivery.get(Number(a.delivery_id)) ?? [];
    list.push(a);
    byDelivery.set(Number(a.delivery_id), list);
  }
  return { data: rows.map((r) => toDelivery(r, byDelivery.get(Number(r.id)) ?? [])), page: query.page, per_page: query.per_page, total };
}

/** Replays a delivery's event as a new delivery (same event id, fresh retry schedule). */
export async function retryDelivery(deps: WebhookDeps, dealerId: number, id: number, deliveryId: number): Promise<Delivery> {
  const { store, clock } = deps;
  const webhook = await ownWebhook(deps, dealerId, id);
  const original = await findDelivery(store.db, Number(webhook.id), deliveryId);
  if (!original) throw new ApiError('not_found', msg('delivery_not_found'));
  if (Number(webhook.active) === 0) throw new WebhookRefusal('invalid_request', msg('webhook_off', { id }), ['webhook_off']);
  if (original.status === 'pending') throw new WebhookRefusal('invalid_request', msg('delivery_pending', { name: 'next_attempt_at' }), ['delivery_pending']);
  const now = clock.now();
  const [newId] = await writeTransaction(store, (trx) =>
    queueDeliveries(
      trx,
      [
        {
          webhook_id: Number(webhook.id),
          dealer_id: dealerId,
          event_id: original.event_id,
          event_type: original.event_type,
          status: 'pending',
          next_attempt_at: now,
          replay_of: Number(original.id),
          created_at: now,
        },
      ],
      now,
    ),
  );
  const row = await findDelivery(store.db, Number(webhook.id), newId!);
  return toDelivery(row!, []);
}

// The panel's reads: the API's views plus the run of failed deliveries, which the owner needs to
// see why a webhook is off (or about to be).

export type WebhookWithState = Webhook & { failures_in_a_row: number };

const withState = (row: WebhookRow): WebhookWithState => ({ ...toWebhook(row), failures_in_a_row: Number(row.failures_in_a_row) });

export async function webhooksWithState(deps: WebhookDeps, dealerId: number): Promise<WebhookWithState[]> {
  return (await listWebhooks(deps.store.db, dealerId)).map(withState);
}

export async function webhookWithState(deps: WebhookDeps, dealerId: number, id: number): Promise<WebhookWithState> {
  return withState(await ownWebhook(deps, dealerId, id));
}

/** One delivery of the dealership's webhook, with its attempts. */
export async function getDelivery(deps: WebhookDeps, dealerId: number, id: number, deliveryId: number): Promise<Delivery> {
  const webhook = await ownWebhook(deps, dealerId, id);
  const row = await findDelivery(deps.store.db, Number(webhook.id), deliveryId);
  if (!row) throw new ApiError('not_found', msg('delivery_not_found'));
  return toDelivery(row, await attemptsOf(deps.store.db, [Number(row.id)]));
}
