// Rules of Web Push (issue 37 §5, P215–P217): a user turns notifications on per browser (the
// browser's subscription kept for that user and dealership, at most DEVICES_MAX each) and off;
// each buyer message queues one push.send job per subscription of the lead's dealership, in the
// transaction that stores the message, so a message and its notices commit (or not) together.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { Store } from '../../core/db/store.js';
import { enqueue } from '../../core/jobs/queue.js';
import * as repo from './repository.js';
import { DEVICES_MAX, ENDPOINT_MAX, type SubscriptionInput } from './schemas.js';

/** A notification not delivered within this many tries is given up (a push service down for hours). */
const PUSH_MAX_ATTEMPTS = 6;

const B64URL = /^[A-Za-z0-9_-]+$/;
const bytesOf = (s: string): number => (B64URL.test(s) ? Buffer.from(s, 'base64url').length : -1);

/**
 * The subscription a browser handed over, checked; undefined when it is not one. The endpoint
 * must be an https URL without credentials (the rest of the outbound rules — public address,
 * port — apply when a notification is sent, as for every outbound request); the keys must be a
 * P-256 point (65 bytes, uncompressed) and a 16-byte secret (RFC 8291).
 */
export function readSubscription(f: Record<string, string | undefined>): SubscriptionInput | undefined {
  const endpoint = (f.endpoint ?? '').trim();
  const p256dh = (f.p256dh ?? '').trim().replace(/=+$/, '');
  const auth = (f.auth ?? '').trim().replace(/=+$/, '');
  if (endpoint.length === 0 || endpoint.length > ENDPOINT_MAX) return undefined;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hash !== '') return undefined;
  if (bytesOf(p256dh) !== 65 || Buffer.from(p256dh, 'base64url')[0] !== 4 || bytesOf(auth) !== 16) return undefined;
  return { endpoint: url.toString(), p256dh, auth };
}

/** Turns notifications on in one browser for a user; their oldest browsers beyond DEVICES_MAX give way. */
export async function subscribe(deps: { store: Store; clock: Clock }, user: { id: number; dealerId: number }, s: SubscriptionInput): Promise<void> {
  await writeTransaction(deps.store, async (trx) => {
    await repo.saveSubscription(trx, user.dealerId, user.id, s, deps.clock.now());
    await repo.deleteSubscriptions(trx, await repo.oldSubscriptionIds(trx, user.id, DEVICES_MAX));
  });
}

/** Turns them off in one browser (the user's own subscription only). */
export async function unsubscribe(db: Kysely<DB>, userId: number, endpoint: string): Promise<void> {
  await repo.deleteUserSubscription(db, userId, endpoint.trim());
}

export const devicesOf = (db: Kysely<DB>, userId: number): Promise<number> => repo.countUserSubscriptions(db, userId);

/**
 * A buyer's new message reached lead `leadId` of dealership `dealerId`: queues a notification
 * to each browser of the dealership's users who turned them on. Call it inside the transaction
 * that stores the message (inquiries: leads/service.ts receiveInquiry; replies by e-mail the
 * same way) and after the lead's `last_message` holds the message's masked preview: the job
 * reads the lead when it runs, as every job reads the current state.
 */
export async function notifyBuyerMessage(trx: Kysely<DB>, clock: Clock, lead: { dealerId: number; leadId: number }): Promise<void> {
  for (const id of await repo.dealerSubscriptionIds(trx, lead.dealerId)) {
    await enqueue(trx, clock, 'push.send', { subscription_id: id, lead_id: lead.leadId }, { maxAttempts: PUSH_MAX_ATTEMPTS });
  }
}
