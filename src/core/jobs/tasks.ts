// The catalogue of background tasks: each task's name and the payload its jobs carry. `enqueue`,
// `insertJobs` and `JobWorker.define` take only these names, each with its own payload type, so a
// job cannot be written for a task that does not read it that way (as graphile-worker's TaskList).
// Payloads are plain JSON (ids), never whole rows: a job reads the current state when it runs.
// Names are stored in the jobs table: never rename one that has landed.
// Tests add tasks of their own by augmenting this interface (`declare module …`).

export interface TaskPayloads {
  /** Download, check and store one photo of a car (modules/vehicles/photos/download.ts). */
  'photos.download': { photo_id: number };
  /** One attempt to deliver one webhook delivery (modules/webhooks/deliver.ts). */
  'webhooks.deliver': { delivery_id: number };
  /** Read one dealership's feed URL; recurring, one live job per feed (modules/feeds/pull.ts). */
  'feeds.pull': { feed_id: number };
  /** Expire cars not sent again for LISTING_TTL_DAYS; recurring, daily (modules/vehicles/expiry.ts). */
  'vehicles.expire': Record<string, never>;
  /** Send one message of the outbox (core/mail/send-task.ts). */
  'mail.send': { mail_id: number };
  /** Erase buyers' contact details of leads idle for LEAD_RETENTION_DAYS; recurring, daily (modules/leads/retention.ts). */
  'leads.erase_expired': Record<string, never>;
  /** Queue the weekly statistics summaries that are due; recurring, hourly (modules/stats/weekly-mail.ts). */
  'stats.weekly_summary': Record<string, never>;
  /** One Web Push notification of a buyer's message to one browser (modules/push/send.ts, P216). */
  'push.send': { subscription_id: number; lead_id: number };
  /** Rate one model family's cars for sale (D44); one live job per family (modules/pricing/service.ts). */
  'prices.rate': { market: string; brand: string; model: string; condition: string; currency: string };
  /** Queue every family's rating; recurring, daily (modules/pricing/service.ts). */
  'prices.rate_all': Record<string, never>;
}

export type TaskName = keyof TaskPayloads;

/**
 * The quick lane (D45): short, latency-bound tasks a person or a receiver waits on. The worker
 * claims them in a loop and with places of their own, so they never queue behind the bulk lane's
 * backlog (thousands of photo downloads, feed imports). Every other task is bulk.
 */
export const QUICK_TASKS: readonly TaskName[] = ['webhooks.deliver', 'mail.send', 'push.send'];
