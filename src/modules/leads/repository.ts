// All SQL of leads, their contacts and messages. API reads select from `leads` only: the
// buyer's contact details (lead_contacts) are read here solely to match a later message.
import type { Kysely } from 'kysely';
import type { DB, LeadContactRow, LeadRow } from '../../core/db/schema.js';

const LIST_MAX = 100;

/** The newest leads of a dealership (created after `since`, when given), newest first. */
export function listLeads(db: Kysely<DB>, dealerId: number, since: number | undefined): Promise<LeadRow[]> {
  let q = db.selectFrom('leads').selectAll().where('dealer_id', '=', dealerId);
  if (since !== undefined) q = q.where('created_at', '>', since);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_MAX).execute();
}

/** A car's status, read again inside the inquiry's transaction. */
export async function vehicleStatus(trx: Kysely<DB>, vehicleId: number): Promise<string | undefined> {
  return (await trx.selectFrom('vehicles').select('status').where('id', '=', vehicleId).executeTakeFirst())?.status;
}

/** The lead of this buyer (same e-mail or same phone) about this car, if any, with its contact. */
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
    .where((eb) => {
      const ors = [];
      if (emailKey) ors.push(eb('email_key', '=', emailKey));
      if (phoneKey) ors.push(eb('phone_key', '=', phoneKey));
      return eb.or(ors);
    })
    .orderBy('lead_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertLead(
  trx: Kysely<DB>,
  lead: { dealer_id: number; vehicle_id: number; external_id: string; listing_id: string; last_message: string; now: number },
): Promise<LeadRow> {
  const { now, ...rest } = lead;
  return trx
    .insertInto('leads')
    .values({ ...rest, stage: 'new', messages: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addLeadMessage(trx: Kysely<DB>, leadId: number, lastMessage: string, now: number): Promise<void> {
  await trx
    .updateTable('leads')
    .set((eb) => ({ messages: eb('messages', '+', 1), last_message: lastMessage, updated_at: now }))
    .where('id', '=', leadId)
    .execute();
}

export async function insertMessage(trx: Kysely<DB>, leadId: number, body: string, now: number): Promise<void> {
  await trx.insertInto('lead_messages').values({ lead_id: leadId, body, created_at: now }).execute();
}

export async function insertContact(
  trx: Kysely<DB>,
  c: { lead_id: number; vehicle_id: number; name: string; email: string | null; phone: string | null; email_key: string | null; phone_key: string | null },
): Promise<void> {
  await trx.insertInto('lead_contacts').values(c).execute();
}

/** A later message may bring an e-mail or phone the lead lacked: kept, never overwritten. */
export async function completeContact(
  trx: Kysely<DB>,
  leadId: number,
  c: { email: string | null; phone: string | null; email_key: string | null; phone_key: string | null },
): Promise<void> {
  if (c.email) {
    await trx.updateTable('lead_contacts').set({ email: c.email, email_key: c.email_key }).where('lead_id', '=', leadId).where('email', 'is', null).execute();
  }
  if (c.phone) {
    await trx.updateTable('lead_contacts').set({ phone: c.phone, phone_key: c.phone_key }).where('lead_id', '=', leadId).where('phone', 'is', null).execute();
  }
}

/** A new lead as the panel's overview lists it: its car, never its buyer (lead_contacts is not read). */
export interface NewLeadSummary {
  id: number;
  created_at: number;
  brand: string | null;
  model: string | null;
  year: number | null;
  version: string | null;
  /** How many leads of the dealership are new (the same on every row). */
  total: number;
}

/** The newest leads at stage new, with their car and how many there are, in one query. */
export async function newLeadsSummary(db: Kysely<DB>, dealerId: number, limit: number): Promise<NewLeadSummary[]> {
  const rows = await db
    .selectFrom('leads')
    .leftJoin('vehicles', 'vehicles.id', 'leads.vehicle_id')
    .select(['leads.id', 'leads.created_at', 'vehicles.brand', 'vehicles.model', 'vehicles.year', 'vehicles.version'])
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('leads.dealer_id', '=', dealerId)
    .where('leads.stage', '=', 'new')
    .orderBy('leads.created_at', 'desc')
    .orderBy('leads.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}
