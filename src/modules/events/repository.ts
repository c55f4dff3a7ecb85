// All SQL of an event and what recording it writes (record.ts): the events table, and the
// deliveries an event makes for the dealership's subscribed webhooks (D20's outbox; sending them
// is webhooks/'s). Plain functions over `db` or a transaction.
import type { Kysely } from 'kysely';
import type { DB, DeliveryStatus } from '../../core/db/schema.js';
import { chunks } from '../../core/util/chunks.js';

export async function insertEvents(db: Kysely<DB>, events: { id: string; dealer_id: number; type: string; data: string; created_at: number }[]): Promise<void> {
  for (const part of chunks(events)) await db.insertInto('events').values(part).execute();
}

/** Active webhooks of a dealership, with their subscriptions (filtered by the caller). */
export function activeWebhooks(db: Kysely<DB>, dealerId: number): Promise<{ id: number; events: string }[]> {
  return db.selectFrom('webhooks').select(['id', 'events']).where('dealer_id', '=', dealerId).where('active', '=', 1).where('deleted_at', 'is', null).execute();
}

export interface NewDelivery {
  webhook_id: number;
  dealer_id: number;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  next_attempt_at: number | null;
  replay_of: number | null;
  created_at: number;
}

/** Inserts deliveries in batches; returns their ids in order. */
export async function insertDeliveries(db: Kysely<DB>, rows: NewDelivery[]): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows)) {
    const out = await db.insertInto('webhook_deliveries').values(part).returning('id').execute();
    for (const r of out) ids.push(Number(r.id));
  }
  return ids;
}
