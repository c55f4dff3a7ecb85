// The events of spec §6 and D21, recorded in the transaction of the change that caused them.
// Each event is a row of the events table plus one delivery (and its job) per subscribed
// active webhook, all in that same transaction (webhooks/fanout.ts).
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import type { LeadCreatedData } from '../leads/schemas.js';
import { fanOutEvents } from '../webhooks/fanout.js';
import { insertEvents } from './repository.js';

export const EVENT_TYPES = ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface VehicleSoldData {
  external_id: string;
  listing_id: string;
  market: string;
  source: string;
  /** A label a person reads, e.g. "2019 Toyota Corolla XEi". */
  vehicle: string;
  url: string;
}

export interface VehicleRejectedData {
  external_id: string;
  market: string;
  source: string;
  channel: 'api' | 'sync' | 'feed' | 'photos';
  errors: string[];
  /**
   * Only on the one event that stands for the rest of a feed import's rejected vehicles (beyond
   * the first REJECTED_EVENTS_PER_IMPORT, docs/webhooks.md): how many it stands for, and the
   * import whose report lists them.
   */
  more_rejected?: number;
  feed_id?: number;
  import_id?: number;
}

export interface SyncFailedData {
  market: string;
  source: string;
  reason: 'unreadable_feed' | 'feed_unreachable' | 'too_many_missing' | 'import_interrupted';
  message: string;
}

export type NewEvent =
  | { type: 'vehicle.sold'; data: VehicleSoldData }
  | { type: 'vehicle.rejected'; data: VehicleRejectedData }
  | { type: 'sync.failed'; data: SyncFailedData }
  | { type: 'lead.created'; data: LeadCreatedData };

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
