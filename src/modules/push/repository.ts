// All SQL of Web Push (P215–P217): the browsers users turned notifications on in, and what one
// notification needs (the subscription, its user still at the dealership, the lead and its car).
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import type { SubscriptionInput } from './schemas.js';

/**
 * Keeps a browser's subscription for a user: a new endpoint is added; a known one (the same
 * browser turning it on again, or signed in since by another user) is given to this user.
 */
export async function saveSubscription(db: Kysely<DB>, dealerId: number, userId: number, s: SubscriptionInput, now: number): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ dealer_id: dealerId, user_id: userId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ dealer_id: dealerId, user_id: userId, p256dh: s.p256dh, auth: s.auth, created_at: now }))
    .execute();
}

/** The user's subscriptions beyond the newest `keep`, oldest first. */
export async function oldSubscriptionIds(db: Kysely<DB>, userId: number, keep: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  return rows.map((r) => Number(r.id));
}

export async function deleteSubscriptions(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** A user's own subscription at `endpoint` (another user's is left alone). */
export async function deleteUserSubscription(db: Kysely<DB>, userId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).execute();
}

export async function countUserSubscriptions(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The subscriptions of a dealership's users (each one notification per buyer message). */
export async function dealerSubscriptionIds(db: Kysely<DB>, dealerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.dealer_id', '=', 's.dealer_id'))
    .select('s.id')
    .where('s.dealer_id', '=', dealerId)
    .where('u.password_hash', 'is not', null)
    .orderBy('s.id')
    .execute();
  return rows.map((r) => Number(r.id));
}

export interface NoticeToSend {
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_lang: string | null;
  dealer_markets: string;
  lead_id: number;
  last_message: string | null;
  external_id: string;
  year: number | null;
  brand: string | null;
  model: string | null;
  version: string | null;
}

/**
 * What one notification needs, read when it is sent: nothing when the subscription is gone, its
 * user no longer belongs to its dealership (removed, moved), or the lead is not the dealership's.
 */
export function noticeToSend(db: Kysely<DB>, subscriptionId: number, leadId: number): Promise<NoticeToSend | undefined> {
  return db
    .selectFrom('push_subscriptions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.dealer_id', '=', 's.dealer_id'))
    .innerJoin('dealers as d', 'd.id', 's.dealer_id')
    .innerJoin('leads as l', (j) => j.onRef('l.dealer_id', '=', 's.dealer_id').on('l.id', '=', leadId))
    .leftJoin('vehicles as v', 'v.id', 'l.vehicle_id')
    .select([
      's.id as subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      'u.lang as user_lang',
      'd.markets as dealer_markets',
      'l.id as lead_id',
      'l.last_message',
      'l.external_id',
      'v.year',
      'v.brand',
      'v.model',
      'v.version',
    ])
    .where('s.id', '=', subscriptionId)
    .executeTakeFirst();
}

export async function markSent(db: Kysely<DB>, subscriptionId: number, now: number): Promise<void> {
  await db.updateTable('push_subscriptions').set({ last_sent_at: now }).where('id', '=', subscriptionId).execute();
}
