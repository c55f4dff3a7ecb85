// Records events (D20, D21) and turns them into deliveries: one per active webhook of the
// dealership subscribed to the event, each with its job, all written in the transaction of the
// change that caused them (D20: an event is never lost, and never delivered to a webhook
// created after it). Here, not in webhooks/, so that the modules that cause events (vehicles,
// feeds, leads) depend on events/ only; webhooks/ manages the subscriptions and sends what this
// queued (deliver.ts).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import { insertJobs } from '../../core/jobs/repository.js';
import type { NewEvent } from './events.js';
import { activeWebhooks, insertDeliveries, insertEvents, type NewDelivery } from './repository.js';

/** Attempts are counted on the delivery (D20 schedule); the job itself may be deferred many times. */
export const DELIVER_JOB_MAX_ATTEMPTS = 1000;
/** Deliveries to one webhook share a concurrency key (WEBHOOK_MAX_IN_FLIGHT at once per worker). */
export const deliveryKey = (webhookId: number): string => `webhook:${webhookId}`;

export async function queueDeliveries(trx: Kysely<DB>, rows: NewDelivery[], now: number): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await insertDeliveries(trx, rows);
  await insertJobs(
    trx,
    ids.map((id, i) => ({
      task: 'webhooks.deliver',
      payload: { delivery_id: id },
      runAt: now,
      maxAttempts: DELIVER_JOB_MAX_ATTEMPTS,
      concurrencyKey: deliveryKey(rows[i]!.webhook_id),
    })),
    now,
  );
  return ids;
}

async function fanOutEvents(trx: Kysely<DB>, dealerId: number, events: { id: string; type: string }[], now: number): Promise<number> {
  const hooks = (await activeWebhooks(trx, dealerId)).map((w) => ({ id: Number(w.id), events: new Set(JSON.parse(w.events) as string[]) }));
  if (hooks.length === 0) return 0;
  const rows: NewDelivery[] = [];
  for (const e of events) {
    for (const w of hooks) {
      if (!w.events.has(e.type)) continue;
      rows.push({
        webhook_id: w.id,
        dealer_id: dealerId,
        event_id: e.id,
        event_type: e.type,
        status: 'pending',
        next_attempt_at: now,
        replay_of: null,
        created_at: now,
      });
    }
  }
  return (await queueDeliveries(trx, rows, now)).length;
}

/** Records events for one dealership; call inside the change's transaction. */
export async function recordEvents(trx: Kysely<DB>, clock: Clock, dealerId: number, events: NewEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const now = clock.now();
  const rows = events.map((e) => ({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    dealer_id: dealerId,
    type: e.type,
    data: JSON.stringify(e.data),
    created_at: now,
  }));
  await insertEvents(trx, rows);
  await fanOutEvents(trx, dealerId, rows, now);
  return rows.map((r) => r.id);
}
