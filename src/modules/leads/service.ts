// Rules of leads (D18): the first message of a buyer about a car creates a lead (and its
// lead.created event, in the same transaction); later messages of the same buyer — same
// e-mail or same phone — about the same car add to it. Only cars for sale publicly (`active`)
// take messages.
import type { Clock } from '../../core/clock.js';
import { lockVehicleLeads } from '../../core/db/locks.js';
import { type Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError } from '../../core/errors.js';
import { recordEvents } from '../webhooks/fanout.js';
import type { Inquiry } from './inquiry.js';
import { messagePreview } from './preview.js';
import { addLeadMessage, completeContact, findBuyerLead, insertContact, insertLead, insertMessage, listLeads, vehicleStatus } from './repository.js';
import type { Lead, LeadCreatedData } from './schemas.js';
import { toLead } from './serialize.js';
import { GONE_STATUSES } from '../vehicles/schemas.js';

export interface LeadDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
}

/** The car an inquiry is about. */
export interface InquiryCar {
  id: number;
  dealer_id: number;
  external_id: string;
  listing_id: string;
  status: string;
}

const carGone = () => new ApiError('invalid_request', 'This car is no longer for sale; the message was not sent.');
export const carNotFound = () => new ApiError('not_found', 'No such listing.');

/** Throws unless the car takes messages: gone cars 400, cars not yet public 404 (as unknown ones). */
export function assertTakesInquiries(status: string): void {
  if (status === 'active') return;
  throw GONE_STATUSES.includes(status) ? carGone() : carNotFound();
}

/** Stores a checked inquiry; resolves with whether it started a new lead. */
export async function receiveInquiry(deps: LeadDeps, car: InquiryCar, inquiry: Inquiry): Promise<{ created: boolean }> {
  const { store, clock } = deps;
  assertTakesInquiries(car.status);
  return writeTransaction(store, async (trx) => {
    await lockVehicleLeads(trx, store.dialect, car.id);
    // The car may have been sold since the page was read.
    assertTakesInquiries((await vehicleStatus(trx, car.id)) ?? 'unknown');
    const now = clock.now();
    const contact = { email: inquiry.email, phone: inquiry.phone, email_key: inquiry.emailKey, phone_key: inquiry.phoneKey };
    const existing = await findBuyerLead(trx, car.id, inquiry.emailKey, inquiry.phoneKey);
    if (existing !== undefined) {
      // Hidden also: the name and details the buyer gave before ("Zeb" now, "Zebulon Q." then).
      await addLeadMessage(trx, existing.lead_id, messagePreview(inquiry.message, [inquiry, existing]), now);
      await insertMessage(trx, existing.lead_id, inquiry.message, now);
      await completeContact(trx, existing.lead_id, contact);
      return { created: false };
    }
    const preview = messagePreview(inquiry.message, [inquiry]);
    const row = await insertLead(trx, {
      dealer_id: car.dealer_id,
      vehicle_id: car.id,
      external_id: car.external_id,
      listing_id: car.listing_id,
      last_message: preview,
      now,
    });
    await insertContact(trx, { lead_id: row.id, vehicle_id: car.id, name: inquiry.name, ...contact });
    await insertMessage(trx, row.id, inquiry.message, now);
    const data: LeadCreatedData = { lead: toLead(row, deps.publicBaseUrl) };
    await recordEvents(trx, clock, car.dealer_id, [{ type: 'lead.created', data }]);
    return { created: true };
  });
}

/** GET /leads: created after `since` (exclusive), newest first, at most 100 (D18). */
export async function leadsOf(deps: LeadDeps, dealerId: number, since: string | undefined): Promise<{ data: Lead[] }> {
  let after: number | undefined;
  if (since !== undefined) {
    after = Date.parse(since);
    if (Number.isNaN(after)) throw new ApiError('invalid_request', 'since must be a date-time such as 2026-11-21T10:00:00Z.');
  }
  const rows = await listLeads(deps.store.db, dealerId, after);
  return { data: rows.map((r) => toLead(r, deps.publicBaseUrl)) };
}
