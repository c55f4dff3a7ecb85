// All SQL of webhooks, their deliveries and the attempt log. Plain functions over `db` or a
// transaction; every read of a dealer's data takes the dealer id.
import { sql, type Kysely } from 'kysely';
import type { AttemptRow, DB, DeliveryRow, DeliveryStatus, WebhookRow } from '../../core/db/schema.js';
import { compiledQuery } from '../../core/db/compiled.js';
import type { EventToSend } from './send.js';

export function countLiveWebhooks(db: Kysely<DB>, dealerId: number): Promise<number> {
  return db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

export function insertWebhook(db: Kysely<DB>, w: { dealerId: number; url: string; events: string[]; secretSealed: string; now: number }): Promise<WebhookRow> {
  return db
    .insertInto('webhooks')
    .values({
      dealer_id: w.dealerId,
      url: w.url,
      events: JSON.stringify(w.events),
      secret_sealed: w.secretSealed,
      active: 1,
      created_at: w.now,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listWebhooks(db: Kysely<DB>, dealerId: number): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().where('dealer_id', '=', dealerId).where('deleted_at', 'is', null).orderBy('id').execute();
}

export function findWebhook(db: Kysely<DB>, dealerId: number, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).where('dealer_id', '=', dealerId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function deleteWebhook(db: Kysely<DB>, dealerId: number, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('webhooks')
    .set({ deleted_at: now, active: 0 })
    .where('id', '=', id)
    .where('dealer_id', '=', dealerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export interface DeliveryToSend {
  delivery: DeliveryRow;
  webhook: WebhookRow;
  event: EventToSend;
}

// One statement per delivery attempt (P49), compiled once: the delivery with its webhook and event.
const deliveryToSend = compiledQuery<
  DeliveryRow & {
    w_dealer_id: number;
    w_url: string;
    w_events: string;
    w_secret_sealed: string;
    w_active: number;
    w_failures_in_a_row: number;
    w_created_at: number;
    w_deleted_at: number | null;
    e_type: string;
    e_data: string;
    e_created_at: number;
    dl_sandbox_of: number | null;
  },
  [number]
>((db) =>
  db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('dealers as dl', 'dl.id', 'w.dealer_id')
    .selectAll('d')
    .select([
      'w.dealer_id as w_dealer_id',
      'w.url as w_url',
      'w.events as w_events',
      'w.secret_sealed as w_secret_sealed',
      'w.active as w_active',
      'w.failures_in_a_row as w_failures_in_a_row',
      'w.created_at as w_created_at',
      'w.deleted_at as w_deleted_at',
      'e.type as e_type',
      'e.data as e_data',
      'e.created_at as e_created_at',
      'dl.sandbox_of as dl_sandbox_of',
    ])
    .where('d.id', '=', 0),
);

export async function loadDeliveryToSend(db: Kysely<DB>, deliveryId: number): Promise<DeliveryToSend | undefined> {
  const [r] = await deliveryToSend(db, deliveryId);
  if (!r) return undefined;
  const {
    w_dealer_id,
    w_url,
    w_events,
    w_secret_sealed,
    w_active,
    w_failures_in_a_row,
    w_created_at,
    w_deleted_at,
    e_type,
    e_data,
    e_created_at,
    dl_sandbox_of,
    ...delivery
  } = r;
  return {
    delivery,
    webhook: {
      id: delivery.webhook_id,
      dealer_id: w_dealer_id,
      url: w_url,
      events: w_events,
      secret_sealed: w_secret_sealed,
      active: w_active,
      failures_in_a_row: w_failures_in_a_row,
      created_at: w_created_at,
      deleted_at: w_deleted_at,
    },
    // A sandbox twin's webhook (D35): its events are not live.
    event: { id: delivery.event_id, type: e_type, data: e_data, created_at: e_created_at, livemode: dl_sandbox_of === null },
  };
}

export async function insertAttempt(
  db: Kysely<DB>,
  a: { deliveryId: number; attemptedAt: number; durationMs: number; statusCode: number | null; error: string | null },
): Promise<void> {
  await db
    .insertInto('webhook_attempts')
    .values({ delivery_id: a.deliveryId, attempted_at: a.attemptedAt, duration_ms: a.durationMs, status_code: a.statusCode, error: a.error })
    .execute();
}

export async function updateDelivery(
  db: Kysely<DB>,
  id: number,
  patch: { status: DeliveryStatus; attempts?: number; next_attempt_at: number | null; completed_at: number | null },
): Promise<void> {
  await db.updateTable('webhook_deliveries').set(patch).where('id', '=', id).execute();
}

/** A delivered event: the run of failures ends. */
export async function recordWebhookSuccess(db: Kysely<DB>, webhookId: number): Promise<void> {
  await db.updateTable('webhooks').set({ failures_in_a_row: 0 }).where('id', '=', webhookId).where('failures_in_a_row', '!=', 0).execute();
}

/** A failed delivery; the webhook is turned off when the run reaches `limit`. Returns whether it was. */
export async function recordWebhookFailure(db: Kysely<DB>, webhookId: number, limit: number): Promise<boolean> {
  const row = await db
    .updateTable('webhooks')
    .set((eb) => ({
      failures_in_a_row: eb('failures_in_a_row', '+', 1),
      active: sql<number>`case when failures_in_a_row + 1 >= ${limit} then 0 else active end`,
    }))
    .where('id', '=', webhookId)
    .returning(['active', 'failures_in_a_row'])
    .executeTakeFirst();
  return row !== undefined && Number(row.active) === 0 && Number(row.failures_in_a_row) === limit;
}

export async function reactivateWebhook(db: Kysely<DB>, webhookId: number): Promise<void> {
  await db.updateTable('webhooks').set({ active: 1, failures_in_a_row: 0 }).where('id', '=', webhookId).where('deleted_at', 'is', null).execute();
}

export async function listDeliveries(
  db: Kysely<DB>,
  webhookId: number,
  page: number,
  perPage: number,
): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[]; total: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('webhook_id', '=', webhookId)
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const { n } = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('webhook_id', '=', webhookId)
    .executeTakeFirstOrThrow();
  const attempts =
    rows.length === 0
      ? []
      : await attemptsOf(
          db,
          rows.map((r) => r.id),
        );
  return { rows, attempts, total: Number(n) };
}

export function attemptsOf(db: Kysely<DB>, deliveryIds: number[]): Promise<AttemptRow[]> {
  return db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', deliveryIds).orderBy('id').execute();
}

export function findDelivery(db: Kysely<DB>, webhookId: number, deliveryId: number): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).where('webhook_id', '=', webhookId).executeTakeFirst();
}

/** Webhooks of the dealership that are off (turned off after failing, D20), not deleted. */
export function countInactiveWebhooks(db: Kysely<DB>, dealerId: number): Promise<number> {
  return db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId)
    .where('deleted_at', 'is', null)
    .where('active', '=', 0)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}
