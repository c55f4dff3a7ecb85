// All SQL of leads, their contacts and messages. API reads select from `leads` only: the
// buyer's contact details (lead_contacts) are read here to match a later message, and by the
// dealer panel's conversation page (D29), which is the only place that shows them.
import { sql, type Kysely } from 'kysely';
import type { DB, DealerRow, LeadContactRow, LeadMessageAuthor, LeadMessageRow, LeadRow, LeadStage, SavedReplyRow, VehicleRow } from '../../core/db/schema.js';

/**
 * A dealership's leads, newest first (created after `since`, in `stage`, when given), after the
 * position `after` (the created_at and id of the last lead of the previous page, D45), at most
 * `limit`: the (dealer_id, created_at, id) index serves it without a sort.
 */
export function listLeads(
  db: Kysely<DB>,
  dealerId: number,
  f: { since?: number; stage?: LeadStage; after?: { createdAt: number; id: number }; limit: number },
): Promise<LeadRow[]> {
  let q = db.selectFrom('leads').selectAll().where('dealer_id', '=', dealerId);
  if (f.since !== undefined) q = q.where('created_at', '>', f.since);
  if (f.stage !== undefined) q = q.where('stage', '=', f.stage);
  const after = f.after;
  if (after) q = q.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
}

/** One lead of a dealership (another dealership's id reads as none). */
export function findDealerLead(db: Kysely<DB>, dealerId: number, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('dealer_id', '=', dealerId).where('id', '=', id).executeTakeFirst();
}

/**
 * Lead `id` as the panel of live dealership `liveId` may open it (D35, P161): its own, or one of
 * its sandbox twin's, with the twin's id in `sandbox_of` (null for its own).
 */
export function findPanelLead(db: Kysely<DB>, liveId: number, id: number): Promise<(LeadRow & { sandbox_of: number | null }) | undefined> {
  return db
    .selectFrom('leads')
    .innerJoin('dealers', 'dealers.id', 'leads.dealer_id')
    .selectAll('leads')
    .select('dealers.sandbox_of')
    .where('leads.id', '=', id)
    .where((eb) => eb.or([eb('leads.dealer_id', '=', liveId), eb('dealers.sandbox_of', '=', liveId)]))
    .executeTakeFirst();
}

/** A car's status, read again inside the inquiry's transaction. */
export async function vehicleStatus(trx: Kysely<DB>, vehicleId: number): Promise<string | undefined> {
  return (await trx.selectFrom('vehicles').select('status').where('id', '=', vehicleId).executeTakeFirst())?.status;
}

/**
 * The lead of this buyer about this car, if any, with its contact: the same e-mail key AND the
 * same phone key, a missing one matching only a missing one (D37). Erased contacts have neither
 * and an inquiry gives at least one, so they are never matched.
 */
export async function findBuyerLead(
  trx: Kysely<DB>,
  vehicleId: number,
  emailKey: string | null,
  phoneKey: string | null,
): Promise<Pick<LeadContactRow, 'lead_id' | 'name' | 'email' | 'phone'> | undefined> {
  if (!emailKey && !phoneKey) return undefined;
  return trx
    .selectFrom('lead_contacts')
    .select(['lead_id', 'name', 'email', 'phone'])
    .where('vehicle_id', '=', vehicleId)
    .where('email_key', emailKey === null ? 'is' : '=', emailKey)
    .where('phone_key', phoneKey === null ? 'is' : '=', phoneKey)
    .orderBy('lead_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Another lead about the same car that shares an e-mail or a phone with this one (the panel links them, D37). */
export interface RelatedLead {
  lead_id: number;
  same_email: boolean;
  same_phone: boolean;
}

/** The other leads of this car with the same e-mail key or phone key, newest first (at most `limit`). */
export async function relatedLeads(
  db: Kysely<DB>,
  vehicleId: number,
  leadId: number,
  emailKey: string | null,
  phoneKey: string | null,
  limit: number,
): Promise<RelatedLead[]> {
  if (!emailKey && !phoneKey) return [];
  const rows = await db
    .selectFrom('lead_contacts')
    .select(['lead_id', 'email_key', 'phone_key'])
    .where('vehicle_id', '=', vehicleId)
    .where('lead_id', '<>', leadId)
    .where((eb) => {
      const ors = [];
      if (emailKey) ors.push(eb('email_key', '=', emailKey));
      if (phoneKey) ors.push(eb('phone_key', '=', phoneKey));
      return eb.or(ors);
    })
    .orderBy('lead_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    lead_id: Number(r.lead_id),
    same_email: emailKey !== null && r.email_key === emailKey,
    same_phone: phoneKey !== null && r.phone_key === phoneKey,
  }));
}

export function insertLead(
  trx: Kysely<DB>,
  lead: { dealer_id: number; vehicle_id: number; external_id: string; listing_id: string; last_message: string; now: number },
): Promise<LeadRow> {
  const { now, ...rest } = lead;
  return trx
    .insertInto('leads')
    .values({ ...rest, stage: 'new', messages: 1, created_at: now, updated_at: now, unread: 1, last_activity_at: now, waiting_since: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A buyer's later message: counted, previewed, and the conversation unread and waiting again. */
export async function addLeadMessage(trx: Kysely<DB>, leadId: number, lastMessage: string, now: number): Promise<LeadRow> {
  return trx
    .updateTable('leads')
    .set((eb) => ({ messages: eb('messages', '+', 1), last_message: lastMessage, updated_at: now, last_activity_at: now, unread: 1, waiting_since: now }))
    .where('id', '=', leadId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface NewEntry {
  author: LeadMessageAuthor;
  body: string;
  userId?: number | null;
  authorName?: string | null;
  stage?: LeadStage | null;
}

export async function insertMessage(trx: Kysely<DB>, leadId: number, entry: NewEntry, now: number): Promise<void> {
  await trx
    .insertInto('lead_messages')
    .values({
      lead_id: leadId,
      body: entry.body,
      created_at: now,
      author: entry.author,
      user_id: entry.userId ?? null,
      author_name: entry.authorName ?? null,
      stage: entry.stage ?? null,
    })
    .execute();
}

export async function insertContact(
  trx: Kysely<DB>,
  c: { lead_id: number; vehicle_id: number; name: string; email: string | null; phone: string | null; email_key: string | null; phone_key: string | null },
): Promise<void> {
  await trx.insertInto('lead_contacts').values(c).execute();
}

/** A new stage (the API shows it: updated_at moves too). */
export async function updateStage(trx: Kysely<DB>, leadId: number, stage: LeadStage, now: number): Promise<LeadRow> {
  return trx.updateTable('leads').set({ stage, updated_at: now, last_activity_at: now }).where('id', '=', leadId).returningAll().executeTakeFirstOrThrow();
}

/** A reply or note: the conversation moved and the buyer is answered (P100); nothing the API shows changed. */
export async function touchActivity(trx: Kysely<DB>, leadId: number, now: number): Promise<void> {
  await trx.updateTable('leads').set({ last_activity_at: now, waiting_since: null }).where('id', '=', leadId).execute();
}

/**
 * D42: the lead's first response at `now`, unless it has one (a later answer is no first one);
 * the buyer no longer waits (P100). updated_at moves with it, the API showing first_response_at.
 */
export async function recordFirstResponse(trx: Kysely<DB>, leadId: number, now: number): Promise<void> {
  await trx.updateTable('leads').set({ first_response_at: now, updated_at: now }).where('id', '=', leadId).where('first_response_at', 'is', null).execute();
  await trx.updateTable('leads').set({ last_activity_at: now, waiting_since: null }).where('id', '=', leadId).execute();
}

/** How many conversations of the dealership are unread: the navigation's count on every page (the partial index leads_unread only). */
export async function unreadCount(db: Kysely<DB>, dealerId: number): Promise<number> {
  const r = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId)
    .where('unread', '=', 1)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function markRead(db: Kysely<DB>, dealerId: number, leadId: number): Promise<void> {
  await db.updateTable('leads').set({ unread: 0 }).where('dealer_id', '=', dealerId).where('id', '=', leadId).where('unread', '=', 1).execute();
}

// The panel: inbox and conversation

export interface InboxFilter {
  stage?: LeadStage | undefined;
  vehicleId?: number | undefined;
  /** Part of the buyer's name or of the stock ID. */
  search?: string | undefined;
  offset: number;
  limit: number;
}

export interface InboxRow {
  id: number;
  stage: LeadStage;
  unread: number;
  messages: number;
  last_message: string | null;
  last_activity_at: number;
  created_at: number;
  /** D42: when the lead was first answered (the inbox says how soon). */
  first_response_at: number | null;
  external_id: string;
  vehicle_id: number;
  buyer_name: string;
  erased_at: number | null;
  brand: string;
  model: string;
  year: number;
  version: string | null;
  /** The car's shown photos (JSON): the inbox shows the first as a thumbnail. */
  shown_photos: string;
}

const likePattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the inbox: newest activity first. */
export function inbox(db: Kysely<DB>, dealerId: number, f: InboxFilter): Promise<InboxRow[]> {
  let q = db
    .selectFrom('leads')
    .innerJoin('lead_contacts', 'lead_contacts.lead_id', 'leads.id')
    .innerJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
    .select([
      'leads.id',
      'leads.stage',
      'leads.unread',
      'leads.messages',
      'leads.last_message',
      'leads.last_activity_at',
      'leads.created_at',
      'leads.first_response_at',
      'leads.external_id',
      'leads.vehicle_id',
      'lead_contacts.name as buyer_name',
      'lead_contacts.erased_at',
      'vehicles.brand',
      'vehicles.model',
      'vehicles.year',
      'vehicles.version',
      'vehicles.shown_photos',
    ])
    .where('leads.dealer_id', '=', dealerId);
  if (f.stage) q = q.where('leads.stage', '=', f.stage);
  if (f.vehicleId) q = q.where('leads.vehicle_id', '=', f.vehicleId);
  if (f.search) {
    const p = likePattern(f.search);
    // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's only for ASCII.
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`lower(${eb.ref('lead_contacts.name')}) like ${p} escape '\\'`,
        sql<boolean>`lower(${eb.ref('leads.external_id')}) like ${p} escape '\\'`,
      ]),
    );
  }
  return q.orderBy('leads.last_activity_at', 'desc').orderBy('leads.id', 'desc').offset(f.offset).limit(f.limit).execute();
}

/** How many leads the dealership has in each stage, and unread. */
export async function stageCounts(db: Kysely<DB>, dealerId: number): Promise<{ stage: LeadStage; n: number; unread: number }[]> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['stage', eb.fn.countAll<number>().as('n'), eb.fn.sum<number | null>('unread').as('unread')])
    .where('dealer_id', '=', dealerId)
    .groupBy('stage')
    .execute();
  return rows.map((r) => ({ stage: r.stage, n: Number(r.n), unread: Number(r.unread ?? 0) }));
}

/** The cars that have leads (the inbox's car filter). */
export function carsWithLeads(db: Kysely<DB>, dealerId: number): Promise<Pick<VehicleRow, 'id' | 'external_id' | 'brand' | 'model' | 'year' | 'version'>[]> {
  return db
    .selectFrom('vehicles')
    .select(['id', 'external_id', 'brand', 'model', 'year', 'version'])
    .where('dealer_id', '=', dealerId)
    .where((eb) => eb.exists(eb.selectFrom('leads').select('leads.id').whereRef('leads.vehicle_id', '=', 'vehicles.id')))
    .orderBy('external_id')
    .limit(500)
    .execute();
}

export type LeadCar = Pick<
  VehicleRow,
  'id' | 'external_id' | 'listing_id' | 'status' | 'brand' | 'model' | 'year' | 'version' | 'price_cents' | 'currency' | 'market' | 'shown_photos'
>;

export function findCar(db: Kysely<DB>, vehicleId: number): Promise<LeadCar | undefined> {
  return db
    .selectFrom('vehicles')
    .select(['id', 'external_id', 'listing_id', 'status', 'brand', 'model', 'year', 'version', 'price_cents', 'currency', 'market', 'shown_photos'])
    .where('id', '=', vehicleId)
    .executeTakeFirst();
}

export function findContact(db: Kysely<DB>, leadId: number): Promise<LeadContactRow | undefined> {
  return db.selectFrom('lead_contacts').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

export function conversationEntries(db: Kysely<DB>, leadId: number): Promise<LeadMessageRow[]> {
  return db.selectFrom('lead_messages').selectAll().where('lead_id', '=', leadId).orderBy('created_at').orderBy('id').execute();
}

/** The dealership's name and markets (notices and replies name it; its first market gives a language). */
export async function findDealer(db: Kysely<DB>, dealerId: number): Promise<{ name: string; markets: string[] }> {
  const d = await db.selectFrom('dealers').select(['name', 'markets']).where('id', '=', dealerId).executeTakeFirstOrThrow();
  return { name: d.name, markets: JSON.parse(d.markets) as string[] };
}

// Replies by e-mail (D40, P201, P202)

export function findLead(db: Kysely<DB>, id: number): Promise<LeadRow | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The lead's reply token, if one was made. */
export async function replyTokenOf(db: Kysely<DB>, leadId: number): Promise<string | undefined> {
  return (await db.selectFrom('lead_reply_tokens').select('token').where('lead_id', '=', leadId).executeTakeFirst())?.token;
}

/** Keeps a new token for a lead that had none; the lead's existing one when two writers raced. */
export async function insertReplyToken(trx: Kysely<DB>, leadId: number, token: string, now: number): Promise<string> {
  await trx
    .insertInto('lead_reply_tokens')
    .values({ token, lead_id: leadId, created_at: now })
    .onConflict((oc) => oc.column('lead_id').doNothing())
    .execute();
  return (await replyTokenOf(trx, leadId)) ?? token;
}

/** The lead a reply token is bound to, with whether its dealership is a sandbox. */
export function leadByReplyToken(db: Kysely<DB>, token: string): Promise<(LeadRow & { sandbox_of: number | null }) | undefined> {
  return db
    .selectFrom('lead_reply_tokens')
    .innerJoin('leads', 'leads.id', 'lead_reply_tokens.lead_id')
    .innerJoin('dealers', 'dealers.id', 'leads.dealer_id')
    .selectAll('leads')
    .select('dealers.sandbox_of')
    .where('lead_reply_tokens.token', '=', token)
    .executeTakeFirst();
}

/** Remembers a reply's Message-ID key for the lead; false when it was already there (a duplicate). */
export async function rememberInboundMail(trx: Kysely<DB>, leadId: number, messageKey: string, now: number): Promise<boolean> {
  const row = await trx
    .insertInto('lead_inbound_mails')
    .values({ lead_id: leadId, message_key: messageKey, received_at: now })
    .onConflict((oc) => oc.columns(['lead_id', 'message_key']).doNothing())
    .returning('lead_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What a buyer's mail says of the dealership (D40's confirmation): its name, numbers, address, and whether it is a sandbox. */
export function findDealerCard(
  db: Kysely<DB>,
  dealerId: number,
): Promise<Pick<DealerRow, 'name' | 'slug' | 'phone' | 'whatsapp' | 'address' | 'city' | 'sandbox_of' | 'markets'>> {
  return db
    .selectFrom('dealers')
    .select(['name', 'slug', 'phone', 'whatsapp', 'address', 'city', 'sandbox_of', 'markets'])
    .where('id', '=', dealerId)
    .executeTakeFirstOrThrow();
}

// Retention

/** Leads whose conversation has been idle since before `cutoff` and whose buyer is not yet erased. */
export function expiredContacts(
  db: Kysely<DB>,
  cutoff: number,
  limit: number,
): Promise<(Pick<LeadContactRow, 'lead_id' | 'name' | 'email' | 'phone'> & { dealer_id: number; market: string })[]> {
  return db
    .selectFrom('lead_contacts')
    .innerJoin('leads', 'leads.id', 'lead_contacts.lead_id')
    .innerJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
    .select(['lead_contacts.lead_id', 'lead_contacts.name', 'lead_contacts.email', 'lead_contacts.phone', 'leads.dealer_id', 'vehicles.market'])
    .where('lead_contacts.erased_at', 'is', null)
    .where('leads.last_activity_at', '<', cutoff)
    .orderBy('lead_contacts.lead_id')
    .limit(limit)
    .execute();
}

export async function buyerMessages(trx: Kysely<DB>, leadId: number): Promise<Pick<LeadMessageRow, 'id' | 'body'>[]> {
  return trx.selectFrom('lead_messages').select(['id', 'body']).where('lead_id', '=', leadId).where('author', '=', 'buyer').execute();
}

export async function rewriteMessage(trx: Kysely<DB>, id: number, body: string): Promise<void> {
  await trx.updateTable('lead_messages').set({ body }).where('id', '=', id).execute();
}

export async function eraseContact(trx: Kysely<DB>, leadId: number, now: number): Promise<void> {
  await trx
    .updateTable('lead_contacts')
    .set({ name: '', email: null, phone: null, email_key: null, phone_key: null, erased_at: now })
    .where('lead_id', '=', leadId)
    .execute();
}

/** The replies' and confirmations' (D40) outbox rows still name the buyer's address after they were sent: erased too. */
export async function eraseReplyAddresses(trx: Kysely<DB>, dealerId: number, email: string): Promise<void> {
  await trx
    .updateTable('mails')
    .set({ to_address: '(erased)', text_body: null, html_body: null })
    .where('dealer_id', '=', dealerId)
    .where('kind', 'in', ['lead_reply', 'lead_confirmation'])
    .where('to_address', '=', email)
    .execute();
}

/** A conversation waiting for an answer, as the overview lists it (P100): the buyer, the car, since when. */
export interface WaitingLead {
  id: number;
  waiting_since: number;
  unread: number;
  buyer_name: string;
  erased_at: number | null;
  external_id: string;
  brand: string | null;
  model: string | null;
  year: number | null;
  version: string | null;
  /** How many conversations of the dealership wait (the same on every row). */
  total: number;
}

/** The conversations whose buyer waits, longest wait first, and how many, in one query (partial index leads_waiting). */
export async function waitingLeads(db: Kysely<DB>, dealerId: number, limit: number): Promise<WaitingLead[]> {
  const rows = await db
    .selectFrom('leads')
    .innerJoin('lead_contacts', 'lead_contacts.lead_id', 'leads.id')
    .leftJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
    .select([
      'leads.id',
      'leads.waiting_since',
      'leads.unread',
      'leads.external_id',
      'lead_contacts.name as buyer_name',
      'lead_contacts.erased_at',
      'vehicles.brand',
      'vehicles.model',
      'vehicles.year',
      'vehicles.version',
    ])
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('leads.dealer_id', '=', dealerId)
    .where('leads.waiting_since', 'is not', null)
    .orderBy('leads.waiting_since', 'asc')
    .orderBy('leads.id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, waiting_since: Number(r.waiting_since), total: Number(r.total) }));
}

// Saved replies (P102): a user's own, within their dealership.

export function savedRepliesOf(db: Kysely<DB>, dealerId: number, userId: number): Promise<SavedReplyRow[]> {
  return db.selectFrom('saved_replies').selectAll().where('dealer_id', '=', dealerId).where('user_id', '=', userId).orderBy('id').execute();
}

export async function countSavedReplies(db: Kysely<DB>, dealerId: number, userId: number): Promise<number> {
  const r = await db
    .selectFrom('saved_replies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export async function insertSavedReply(trx: Kysely<DB>, r: { dealer_id: number; user_id: number; body: string; created_at: number }): Promise<number> {
  const row = await trx.insertInto('saved_replies').values(r).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Deletes one of the user's saved replies; whether it was theirs (another user's id deletes nothing). */
export async function deleteSavedReply(db: Kysely<DB>, dealerId: number, userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom('saved_replies').where('id', '=', id).where('dealer_id', '=', dealerId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
