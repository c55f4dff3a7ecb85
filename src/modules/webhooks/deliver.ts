// The webhooks.deliver job: one attempt of one delivery, then its outcome, the attempt log and
// the next step (a later job on the D20 schedule) written in one transaction — so a crash
// either repeats the attempt (at least once) or finds it recorded, never loses the delivery.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import { type Store } from '../../core/db/store.js';
import { groupCommits, writeTransaction } from '../../core/db/transaction.js';
import type { DB } from '../../core/db/schema.js';
import { enqueue } from '../../core/jobs/queue.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import type { Metrics } from '../../core/metrics/metrics.js';
import type { Outbound } from '../../core/outbound/fetcher.js';
import type { SecretBox } from '../../core/secret-box.js';
import { DELIVER_JOB_MAX_ATTEMPTS, deliveryKey } from '../events/record.js';
import { insertAttempt, loadDeliveryToSend, recordWebhookFailure, recordWebhookSuccess, updateDelivery } from './repository.js';
import { sendDelivery, type AttemptOutcome, type SendConfig } from './send.js';

/** D20: this many failed deliveries in a row turn a webhook off. */
const FAILURES_TO_DISABLE = 20;
/** A Retry-After longer than this is not waited for (the schedule's own delay applies). */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export interface DeliveryDeps {
  store: Store;
  clock: Clock;
  outbound: Outbound;
  box: SecretBox;
  send: SendConfig;
  /** WEBHOOK_RETRY_SCHEDULE: the delay before retry 1, 2, … */
  scheduleMs: number[];
  maxInFlight: number;
  metrics: Metrics;
  /** Jitter source (tests make it deterministic). */
  random?: () => number;
}

/** The delay before retry number `retry` (1-based), with up to 10% jitter; a longer Retry-After wins. */
function retryDelay(scheduleMs: number[], retry: number, outcome: AttemptOutcome, random: () => number): number | undefined {
  const base = scheduleMs[retry - 1];
  if (base === undefined) return undefined;
  const delay = Math.round(base * (1 + 0.1 * random()));
  const after = outcome.retryAfterMs;
  return after !== undefined && after > delay ? Math.min(after, MAX_RETRY_AFTER_MS) : delay;
}

const later = (trx: Kysely<DB>, clock: Clock, webhookId: number, deliveryId: number, runAt: number) =>
  enqueue(
    trx,
    clock,
    'webhooks.deliver',
    { delivery_id: deliveryId },
    { runAt, maxAttempts: DELIVER_JOB_MAX_ATTEMPTS, concurrencyKey: deliveryKey(webhookId) },
  );

export function defineWebhookDeliveries(jobs: JobWorker, deps: DeliveryDeps): void {
  const { store, clock } = deps;
  const random = deps.random ?? Math.random;
  const recordOutcome = groupCommits(store);

  jobs.define('webhooks.deliver', {
    // A slow receiver holds at most this many workers; its other deliveries wait in the table.
    maxPerKey: deps.maxInFlight,
    handler: async ({ delivery_id }, ctx) => {
      const found = await loadDeliveryToSend(store.db, delivery_id);
      if (!found || found.delivery.status !== 'pending') return;
      const { delivery, webhook, event } = found;
      const now = clock.now();
      if (webhook.deleted_at !== null || Number(webhook.active) === 0) {
        await updateDelivery(store.db, delivery.id, { status: 'cancelled', next_attempt_at: null, completed_at: now });
        return;
      }
      // A job that ran early (a lease taken over, a replayed job) waits for the delivery's time.
      if (delivery.next_attempt_at !== null && delivery.next_attempt_at > now) {
        await writeTransaction(store, (trx) => later(trx, clock, webhook.id, delivery.id, delivery.next_attempt_at!));
        return;
      }
      const outcome = await sendDelivery(
        deps.outbound,
        clock,
        deps.send,
        { url: webhook.url, secret: deps.box.open(webhook.secret_sealed) },
        event,
        ctx.signal,
      );
      const attempts = delivery.attempts + 1;
      const at = clock.now();
      const delay = outcome.ok || !outcome.retryable ? undefined : retryDelay(deps.scheduleMs, attempts, outcome, random);
      // The job ends in the transaction that records its outcome (P49), shared with the
      // outcomes of the deliveries that ended with it.
      const disabled = await recordOutcome(async (trx) => {
        await ctx.complete(trx);
        await insertAttempt(trx, {
          deliveryId: delivery.id,
          attemptedAt: at,
          durationMs: outcome.durationMs,
          statusCode: outcome.statusCode,
          error: outcome.error,
        });
        if (outcome.ok) {
          await updateDelivery(trx, delivery.id, { status: 'succeeded', attempts, next_attempt_at: null, completed_at: at });
          await recordWebhookSuccess(trx, webhook.id);
          return false;
        }
        if (delay !== undefined) {
          await updateDelivery(trx, delivery.id, { status: 'pending', attempts, next_attempt_at: at + delay, completed_at: null });
          await later(trx, clock, webhook.id, delivery.id, at + delay);
          return false;
        }
        await updateDelivery(trx, delivery.id, { status: 'failed', attempts, next_attempt_at: null, completed_at: at });
        return recordWebhookFailure(trx, webhook.id, FAILURES_TO_DISABLE);
      });
      deps.metrics.webhookDelivery(outcome.ok ? 'succeeded' : delay !== undefined ? 'retry' : 'gave_up', outcome.ok ? at - event.created_at : undefined);
      const log = {
        webhook_id: webhook.id,
        delivery_id: delivery.id,
        event_id: event.id,
        attempt: attempts,
        status_code: outcome.statusCode,
        ms: outcome.durationMs,
      };
      if (outcome.ok) ctx.log.debug(log, 'webhook delivered');
      else if (delay !== undefined) ctx.log.info({ ...log, error: outcome.error, retry_in_ms: delay }, 'webhook delivery failed; will retry');
      else ctx.log.warn({ ...log, error: outcome.error }, 'webhook delivery failed for good');
      if (disabled) ctx.log.warn({ webhook_id: webhook.id }, `webhook turned off after ${FAILURES_TO_DISABLE} failed deliveries in a row`);
    },
  });
}
