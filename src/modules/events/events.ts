// The events of D20 and D21: their types and the data each carries. They are recorded,
// with their deliveries, by recordEvents (record.ts) in the change's transaction.

export const EVENT_TYPES = ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed'] as const;

interface VehicleSoldData {
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
  // The Lead shape belongs to leads/ (which records this event): events only carry it.
  | { type: 'lead.created'; data: { lead: object } };
