// Every background task the service runs, defined on the process's worker, and the recurring
// ones scheduled (once per store: their jobs carry a jobKey). Names and payload types are in the
// catalogue, src/core/jobs/tasks.ts.
import { defineMailSending } from './core/mail/send-task.js';
import { definePulls } from './modules/feeds/pull.js';
import { defineLeadRetention, scheduleLeadRetention } from './modules/leads/retention.js';
import { ensurePulls } from './modules/feeds/pull-schedule.js';
import { definePhotoDownloads } from './modules/vehicles/photos/download.js';
import { defineExpiry, scheduleExpiry } from './modules/vehicles/expiry.js';
import { defineWebhookDeliveries } from './modules/webhooks/deliver.js';
import { defineWeeklySummary, scheduleWeeklySummary } from './modules/stats/weekly-mail.js';
import { definePushSending } from './modules/push/send.js';
import { definePricing, schedulePricing } from './modules/pricing/service.js';
import type { AppServices } from './services.js';

export function defineTasks(services: AppServices): void {
  const { jobs, config } = services;
  defineWebhookDeliveries(jobs, { ...services, scheduleMs: config.webhookRetryScheduleMs, maxInFlight: config.webhookMaxInFlight });
  defineExpiry(jobs, services.store, services.clock, config.listingTtlDays);
  definePhotoDownloads(jobs, { ...services, timeoutMs: config.photoTimeoutMs });
  definePulls(jobs, { ...services, intervalMs: config.feedPollIntervalMs });
  defineMailSending(jobs, services);
  defineLeadRetention(jobs, services.store, services.clock, config.leadRetentionDays);
  defineWeeklySummary(jobs, services);
  definePushSending(jobs, { ...services, timeoutMs: config.webhookTimeoutMs });
  definePricing(jobs, services);
}

export async function scheduleRecurringTasks({ store, clock }: AppServices): Promise<void> {
  await scheduleExpiry(store.db, clock);
  await ensurePulls(store.db, clock);
  await scheduleLeadRetention(store.db, clock);
  await scheduleWeeklySummary(store.db, clock);
  await schedulePricing(store.db, clock);
}
