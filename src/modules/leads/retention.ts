// Retention of buyers' details (D29): a daily job erases the name, e-mail and phone (and their
// match keys) of leads whose conversation has had no activity for LEAD_RETENTION_DAYS. The
// conversation stays, anonymized: the buyer's messages are masked as the API's last_message is
// (preview.ts), and the page shows "Buyer (details erased)". Sent replies' outbox rows lose the
// address too. A later message from the same buyer then starts a new lead (nothing to match).
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { enqueue } from '../../core/jobs/queue.js';
import type { JobWorker } from '../../core/jobs/worker.js';
import { messagePreview } from './preview.js';
import * as repo from './repository.js';

const DAY_MS = 86_400_000;
/** Leads erased per transaction: a large backlog does not hold the write lock for long. */
const BATCH = 100;

/** Erases the buyers' details of leads idle since before now − retentionDays; resolves with how many. */
async function eraseExpiredLeads(store: Store, clock: Clock, retentionDays: number): Promise<number> {
  const cutoff = clock.now() - retentionDays * DAY_MS;
  let total = 0;
  for (;;) {
    const n = await writeTransaction(store, async (trx) => {
      const expired = await repo.expiredContacts(trx, cutoff, BATCH);
      const now = clock.now();
      for (const c of expired) {
        for (const m of await repo.buyerMessages(trx, c.lead_id)) {
          const masked = messagePreview(m.body, [c], c.market);
          if (masked !== m.body) await repo.rewriteMessage(trx, m.id, masked);
        }
        if (c.email) await repo.eraseReplyAddresses(trx, c.dealer_id, c.email);
        await repo.eraseContact(trx, c.lead_id, now);
      }
      return expired.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

export function defineLeadRetention(worker: JobWorker, store: Store, clock: Clock, retentionDays: number): void {
  worker.define('leads.erase_expired', {
    repeatEveryMs: DAY_MS,
    handler: async (_payload, { log }) => {
      const erased = await eraseExpiredLeads(store, clock, retentionDays);
      if (erased > 0) log.info({ erased, retention_days: retentionDays }, 'lead contact details erased');
    },
  });
}

/** Makes sure the daily job exists (one for the whole store). */
export async function scheduleLeadRetention(db: Kysely<DB>, clock: Clock): Promise<void> {
  await enqueue(db, clock, 'leads.erase_expired', {}, { jobKey: 'leads.erase_expired', maxAttempts: 5 });
}
