// Rules of leads (D18, D29, D37): the first message of a buyer about a car creates a lead (and
// its lead.created event, in the same transaction); a later message about the same car joins it
// (marking it unread, no event) only when it gives the same e-mail and the same phone as the lead
// (compared as contact-key.ts reads them; a missing one matches only a missing one), else it is
// a new lead. A lead's contact details never change once it exists: whoever knows a buyer's
// phone or e-mail cannot put their own address on the buyer's lead. Only cars for sale
// publicly (`active`) take messages. Each buyer message notifies the dealership's users who
// have notices on, in the same transaction. A dealer's reply is e-mailed to the buyer (when an
// e-mail was given; else it is kept as a note) and committed with its mail; the stage is set
// in the panel or by PATCH /leads/{id}, each change kept in the conversation with who made it.
// D40: every mail to the buyer (a reply, the confirmation of an inquiry) is Reply-To the lead's
// own address, and what the buyer answers there comes back as their message (inbound.ts).
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { Config } from '../../core/config.js';
import { lockVehicleLeads } from '../../core/db/locks.js';
import type { DB, LeadContactRow, LeadMessageRow, LeadRow, LeadStage } from '../../core/db/schema.js';
import { type Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError, inputError } from '../../core/errors.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../core/http/keyset-cursor.js';
import { msg, textsOf, type Lang } from '../../core/i18n/index.js';
import { queueMail } from '../../core/mail/outbox.js';
import { forbiddenControl } from '../../core/text.js';
import { languageOf } from '../markets/markets.js';
import { leadNoticeRecipients } from '../users/service.js';
import { notifyBuyerMessage } from '../push/service.js';
import { GONE_STATUSES } from '../vehicles/schemas.js';
import { listingUrl, vehicleLabel } from '../vehicles/serialize.js';
import { shownUrls } from '../vehicles/photos/state.js';
import { displayPhone } from '../markets/phone.js';
import { recordEvents } from '../events/record.js';
import { countInquiry } from '../stats/service.js';
import { marketFormat } from '../markets/format.js';
import { emailKey, phoneKey } from './contact-key.js';
import type { Inquiry } from './inquiry.js';
import { leadConfirmationMail, leadNoticeMail, leadReplyMail, type CarFacts, type DealerCard } from './mails.js';
import type { InboundMail } from './inbound.js';
import { newReplyToken, replyAddress, replyTokenIn } from './reply-address.js';
import { messagePreview } from './preview.js';
import * as repo from './repository.js';
import { LEAD_STAGES, type Lead, type LeadCreatedData } from './schemas.js';
import { leadPanelUrl, toLead } from './serialize.js';

export interface LeadDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
  /** MAIL_REPLY_DOMAIN (D40); without it (a test's own deps), the host of publicBaseUrl, as its default is. */
  config?: Pick<Config, 'mailReplyDomain'>;
}

/** The car an inquiry is about. */
export interface InquiryCar {
  id: number;
  dealer_id: number;
  external_id: string;
  listing_id: string;
  status: string;
  /** Its market: the country a phone number typed in the message is read in (P66). */
  market: string;
}

const LEAD_MAIL_TEXTS = textsOf('leadMail.');

const carGone = () => new ApiError('invalid_request', msg('car_gone'));
export const carNotFound = () => new ApiError('not_found', msg('listing_not_found'));
const leadNotFound = () => new ApiError('not_found', msg('lead_not_found'));

/** Throws unless the car takes messages: gone cars 400, cars not yet public 404 (as unknown ones). */
export function assertTakesInquiries(status: string): void {
  if (status === 'active') return;
  throw GONE_STATUSES.includes(status) ? carGone() : carNotFound();
}

export const isStage = (v: unknown): v is LeadStage => typeof v === 'string' && (LEAD_STAGES as readonly string[]).includes(v);

/** Stores a checked inquiry; resolves with whether it started a new lead. */
export async function receiveInquiry(deps: LeadDeps, car: InquiryCar, inquiry: Inquiry): Promise<{ created: boolean; lead: Lead }> {
  const { store, clock } = deps;
  assertTakesInquiries(car.status);
  return writeTransaction(store, async (trx) => {
    await lockVehicleLeads(trx, store.dialect, car.id);
    // The car may have been sold since the page was read.
    assertTakesInquiries((await repo.vehicleStatus(trx, car.id)) ?? 'unknown');
    const now = clock.now();
    const contact = { email: inquiry.email, phone: inquiry.phone, email_key: emailKey(inquiry.email), phone_key: phoneKey(inquiry.phone, car.market) };
    // Counted with the message, in its transaction (D34 `inquiries`, P95).
    await countInquiry(trx, car, now);
    const existing = await repo.findBuyerLead(trx, car.id, contact.email_key, contact.phone_key);
    if (existing !== undefined) {
      // Hidden also: the name and details the buyer gave before ("Zeb" now, "Zebulon Q." then).
      const preview = messagePreview(inquiry.message, [inquiry, typedBuyer(inquiry), existing], car.market);
      const lead = await addBuyerMessage(deps, trx, existing.lead_id, { body: inquiry.message, preview, via: 'inquiry' }, now);
      await confirmInquiry(deps, trx, lead, inquiry);
      return { created: false, lead: toLead(lead, deps.publicBaseUrl) };
    }
    const preview = messagePreview(inquiry.message, [inquiry, typedBuyer(inquiry)], car.market);
    const row = await repo.insertLead(trx, {
      dealer_id: car.dealer_id,
      vehicle_id: car.id,
      external_id: car.external_id,
      listing_id: car.listing_id,
      last_message: preview,
      now,
    });
    await repo.insertContact(trx, { lead_id: row.id, vehicle_id: car.id, name: inquiry.name, ...contact });
    const data: LeadCreatedData = { lead: toLead(row, deps.publicBaseUrl) };
    await recordEvents(trx, clock, car.dealer_id, [{ type: 'lead.created', data }]);
    await addBuyerMessage(deps, trx, row, { body: inquiry.message, preview, via: 'inquiry' }, now);
    await confirmInquiry(deps, trx, row, inquiry);
    return { created: true, lead: data.lead };
  });
}

/** What a buyer wrote, for addBuyerMessage: the text as stored, its masked preview (D18), and the way it came. */
export interface BuyerMessage {
  body: string;
  /** The text with the buyer's contact details masked (preview.ts): the API, webhooks and notices show only this. */
  preview: string;
  /** inquiry: the car page's form or POST …/inquiries; mail: an answer to the lead's reply address (D40). */
  via: 'inquiry' | 'mail';
}

/**
 * Every message of a buyer is stored here, in the caller's transaction: a new lead's first (pass
 * the lead row just inserted, which counts it already), a later one by the form, an e-mail
 * answer (D40). A later one is counted (messages, last_message), makes the lead unread and
 * waiting; then the buyer's entry, and the notice to each user who has notices on, commit with
 * it. One place, so whatever follows a buyer's message (a notice, a push) follows every one.
 */
export async function addBuyerMessage(deps: LeadDeps, trx: Kysely<DB>, lead: LeadRow | number, m: BuyerMessage, now = deps.clock.now()): Promise<LeadRow> {
  const first = typeof lead !== 'number';
  const row = first ? lead : await repo.addLeadMessage(trx, lead, m.preview, now);
  await repo.insertMessage(trx, row.id, { author: 'buyer', body: m.body }, now);
  await notifyUsers(deps, trx, row, first ? 'new_lead' : m.via === 'mail' ? 'new_mail' : 'new_message', m.preview);
  return row;
}

/** The buyer with the phone as typed: the preview hides it as written too, beside its E.164 (D41). */
const typedBuyer = (i: Inquiry): Inquiry => ({ ...i, phone: i.phoneTyped ?? i.phone });

/** Queues a notice to each user of the dealership who has them on (with the inquiry: same transaction). */
async function notifyUsers(deps: LeadDeps, trx: Kysely<DB>, lead: LeadRow, kind: 'new_lead' | 'new_message' | 'new_mail', preview: string): Promise<void> {
  // The browsers the dealership's users turned notifications on in (issue 37 §5, P216): every
  // buyer message (a form's or an e-mail answer, D40) comes through here.
  await notifyBuyerMessage(trx, deps.clock, { dealerId: lead.dealer_id, leadId: lead.id });
  const dealer = await repo.findDealer(trx, lead.dealer_id);
  const recipients = await leadNoticeRecipients(trx, lead.dealer_id, dealer.markets);
  if (recipients.length === 0) return;
  const car = await repo.findCar(trx, lead.vehicle_id);
  const facts = {
    kind,
    dealerId: lead.dealer_id,
    dealerName: dealer.name,
    car: car ? vehicleLabel(car) : lead.external_id,
    stockId: lead.external_id,
    preview,
    conversationUrl: leadPanelUrl(deps.publicBaseUrl, lead.id),
  };
  for (const r of recipients) await queueMail(trx, deps.clock, leadNoticeMail(r.lang, r.email, facts));
}

/** GET /leads: created after `since` (exclusive), in `stage` when given, newest first, at most 100 (D18). */
/** At most this many leads a page (D45). */
const LEADS_PAGE_MAX = 100;

/**
 * One page of a dealership's leads, newest first (D45): after `cursor` (the next_cursor of the
 * previous page, bound to the same since and stage), with next_cursor while more follow.
 */
export async function leadsOf(
  deps: LeadDeps,
  dealerId: number,
  q: { since?: string; stage?: string; cursor?: string },
): Promise<{ data: Lead[]; next_cursor: string | null }> {
  let since: number | undefined;
  if (q.since !== undefined) {
    since = Date.parse(q.since);
    if (Number.isNaN(since)) throw new ApiError('invalid_request', msg('since_invalid'));
  }
  const stage = q.stage;
  if (stage !== undefined && !isStage(stage)) throw new ApiError('invalid_request', msg('stage_invalid', { stages: LEAD_STAGES.join(', ') }));
  const bound = [since ?? null, stage ?? null];
  const at = q.cursor !== undefined ? decodeKeysetCursor(q.cursor, bound, msg('lead_cursor_other_filters')) : undefined;
  const rows = await repo.listLeads(deps.store.db, dealerId, {
    since,
    stage,
    after: at && { createdAt: at.key, id: at.id },
    limit: LEADS_PAGE_MAX + 1,
  });
  const shown = rows.slice(0, LEADS_PAGE_MAX);
  const last = shown[shown.length - 1];
  const next_cursor = rows.length > LEADS_PAGE_MAX && last ? encodeKeysetCursor({ key: last.created_at, id: last.id }, bound) : null;
  return { data: shown.map((r) => toLead(r, deps.publicBaseUrl)), next_cursor };
}

/** Who on the staff did something (null: an integrator through the API). */
export interface Actor {
  userId: number;
  /** Their name, else their e-mail: kept with the entry if the user is later removed. */
  name: string;
}

/**
 * Sets a lead's stage (PATCH /leads/{id} and the panel). The same stage again changes nothing.
 * No webhook event: the spec defines none for a stage change.
 */
export async function changeStage(deps: LeadDeps, dealerId: number, leadId: number, stage: unknown, by: Actor | null): Promise<{ lead: Lead }> {
  if (!isStage(stage)) throw inputError({ text: msg('stage_invalid', { stages: LEAD_STAGES.join(', ') }), field: 'stage', rule: 'enum' });
  return writeTransaction(deps.store, async (trx) => {
    let lead = await repo.findDealerLead(trx, dealerId, leadId);
    if (!lead) throw leadNotFound();
    if (lead.stage !== stage) lead = await moveStage(trx, lead.id, stage, by, deps.clock.now());
    return { lead: toLead(lead, deps.publicBaseUrl) };
  });
}

async function moveStage(trx: Kysely<DB>, leadId: number, stage: LeadStage, by: Actor | null, now: number): Promise<LeadRow> {
  await repo.insertMessage(trx, leadId, { author: 'stage', body: '', stage, userId: by?.userId ?? null, authorName: by?.name ?? null }, now);
  return repo.updateStage(trx, leadId, stage, now);
}

export const REPLY_MAX = 5000;
export type ReplyProblem = 'required' | 'too_long' | 'invalid';

/** What is wrong with a reply's text, if anything (1 to 5000 characters, no control characters but line breaks and tabs). */
export function replyProblem(text: string): ReplyProblem | undefined {
  const t = text.trim();
  if (t === '') return 'required';
  let chars = 0;
  for (const _ of t) chars++;
  if (chars > REPLY_MAX) return 'too_long';
  if (forbiddenControl(t, true)) return 'invalid';
  return undefined;
}

/**
 * The lead the panel of live dealership `liveId` may open (D29, D35, P161): its own, or its
 * sandbox's, whose `url` (GET /leads and the sandbox's webhooks) leads to the panel too; any
 * other dealership's is 404. `dealerId` is the dealership that holds it.
 */
async function panelLead(db: Kysely<DB>, liveId: number, leadId: number): Promise<{ lead: LeadRow; dealerId: number; sandbox: boolean }> {
  const found = await repo.findPanelLead(db, liveId, leadId);
  if (!found) throw leadNotFound();
  const { sandbox_of: twinOf, ...lead } = found;
  return { lead, dealerId: Number(lead.dealer_id), sandbox: twinOf !== null };
}

/** The dealership holding a lead the panel of `liveId` may open (its own or its sandbox's, P161); else 404. */
export async function panelLeadDealer(db: Kysely<DB>, liveId: number, leadId: number): Promise<number> {
  return (await panelLead(db, liveId, leadId)).dealerId;
}

/**
 * A dealer's reply in the panel: e-mailed to the buyer when they gave an e-mail (Reply-To the
 * lead's reply address, so an answer by e-mail comes back into the conversation, D40), else kept as a note. The entry, the mail and
 * a `new` lead's move to `contacted` commit together. A sandbox lead's buyer is made up
 * (POST /sandbox/leads, an example.com address): what is written there is kept as a note (P161).
 */
export async function replyToLead(
  deps: LeadDeps,
  user: { id: number; dealerId: number; email: string; name: string },
  leadId: number,
  text: string,
): Promise<{ mailed: boolean }> {
  const problem = replyProblem(text);
  if (problem)
    throw inputError({
      text: msg('reply_length', { max: REPLY_MAX }),
      field: 'reply',
      rule: problem === 'required' ? 'required' : problem === 'too_long' ? 'max_length' : 'control_character',
      ...(problem === 'too_long' ? { limit: REPLY_MAX } : {}),
    });
  const body = text.replace(/\r\n?/g, '\n').trim();
  const actor: Actor = { userId: user.id, name: user.name || user.email };
  return writeTransaction(deps.store, async (trx) => {
    const { lead, sandbox } = await panelLead(trx, user.dealerId, leadId);
    const contact = await repo.findContact(trx, lead.id);
    const now = deps.clock.now();
    const email = contact?.erased_at == null && !sandbox ? (contact?.email ?? null) : null;
    await repo.insertMessage(trx, lead.id, { author: email ? 'dealer' : 'note', body, userId: actor.userId, authorName: actor.name }, now);
    await repo.touchActivity(trx, lead.id, now);
    if (!email) return { mailed: false };
    // D42: a reply the buyer receives answers them; a note only (no e-mail) does not (P209).
    await repo.recordFirstResponse(trx, lead.id, now);
    const about = await buyerMailFacts(deps, trx, lead);
    await queueMail(
      trx,
      deps.clock,
      leadReplyMail(about.lang, {
        dealerId: lead.dealer_id,
        dealer: about.dealer,
        buyerEmail: email,
        replyTo: about.replyTo,
        salesperson: actor.name,
        car: about.car,
        reply: body,
      }),
    );
    if (lead.stage === 'new') await moveStage(trx, lead.id, 'contacted', actor, now);
    return { mailed: true };
  });
}

// Mail to the buyer (D40)

/** The lead's reply address, its token made now if the lead has none yet (in the mail's transaction). */
async function replyAddressOf(deps: LeadDeps, trx: Kysely<DB>, leadId: number): Promise<string> {
  const token = (await repo.replyTokenOf(trx, leadId)) ?? (await repo.insertReplyToken(trx, leadId, newReplyToken(), deps.clock.now()));
  return replyAddress(token, replyDomainOf(deps));
}

const replyDomainOf = (deps: LeadDeps): string => deps.config?.mailReplyDomain ?? new URL(deps.publicBaseUrl).hostname.toLowerCase();

/** What every mail to a lead's buyer says: the market's language, the car, the dealership, the reply address. */
async function buyerMailFacts(
  deps: LeadDeps,
  trx: Kysely<DB>,
  lead: LeadRow,
): Promise<{ lang: Lang; dealer: DealerCard; car: CarFacts; replyTo: string; sandbox: boolean }> {
  const [d, car] = await Promise.all([repo.findDealerCard(trx, lead.dealer_id), repo.findCar(trx, lead.vehicle_id)]);
  const market = car?.market ?? (JSON.parse(d.markets) as string[])[0] ?? 'us';
  const url = listingUrl(deps.publicBaseUrl, lead.listing_id);
  return {
    lang: languageOf(market),
    dealer: {
      name: d.name,
      phone: d.phone ? displayPhone(d.phone, market) : '',
      whatsapp: d.whatsapp ? displayPhone(d.whatsapp, market) : '',
      phoneUrl: `${url}/contact/phone`,
      whatsappUrl: `${url}/contact/whatsapp`,
      address: [d.address, d.city && !d.address?.includes(d.city) ? d.city : null].filter(Boolean).join(', '),
    },
    car: {
      title: car ? vehicleLabel(car) : lead.external_id,
      price: car ? marketFormat(market).price(car.price_cents, car.currency) : '',
      url,
      photo: car ? shownUrls(deps.publicBaseUrl, car.shown_photos)[0] : undefined,
    },
    replyTo: await replyAddressOf(deps, trx, lead.id),
    sandbox: d.sandbox_of !== null,
  };
}

/**
 * D40: a buyer who gave an e-mail gets a copy of what they wrote, with the dealership's phone,
 * WhatsApp and address, Reply-To the lead's address: in the inquiry's transaction. Not for a
 * sandbox's made-up buyers (P161).
 */
async function confirmInquiry(deps: LeadDeps, trx: Kysely<DB>, lead: LeadRow, inquiry: Inquiry): Promise<void> {
  if (!inquiry.email) return;
  const about = await buyerMailFacts(deps, trx, lead);
  if (about.sandbox) return;
  await queueMail(
    trx,
    deps.clock,
    leadConfirmationMail(about.lang, {
      dealerId: lead.dealer_id,
      dealer: about.dealer,
      buyerName: inquiry.name,
      buyerEmail: inquiry.email,
      replyTo: about.replyTo,
      car: about.car,
      message: inquiry.message,
    }),
  );
}

/** What became of an e-mail to a reply address (D40): the lead, and whether the buyer's message was added. */
export interface InboundResult {
  leadId: number;
  /** added; duplicate (same Message-ID); automatic (an auto-reply or a bounce); empty (no new words, nothing attached). */
  outcome: 'added' | 'duplicate' | 'automatic' | 'empty';
}

const noReplyAddress = () => new ApiError('not_found', msg('inbound_no_address'));
export const unreadableMail = () => new ApiError('invalid_request', msg('inbound_unreadable'));

/** The lead a message is for (its first recipient that is a live reply address of ours), or 404. */
export async function inboundLead(deps: LeadDeps, recipients: readonly string[]): Promise<number> {
  const token = replyTokenIn(recipients, replyDomainOf(deps));
  const lead = token ? await repo.leadByReplyToken(deps.store.db, token) : undefined;
  if (!lead) throw noReplyAddress();
  return lead.id;
}

/**
 * A buyer's answer by e-mail (D40), from SMTP or POST /inbound/mail: its new words become the
 * buyer's message in the lead's conversation (addBuyerMessage: unread, notices), masked in
 * last_message as every buyer text is (D18). A Message-ID already added, an automatic reply or a
 * bounce, and a message with nothing new are accepted and not added. Attachments are not kept;
 * the entry says how many were left out, in the words of the car's market.
 */
export async function receiveInboundMail(deps: LeadDeps, mail: InboundMail): Promise<InboundResult> {
  const leadId = await inboundLead(deps, mail.recipients);
  if (mail.automatic) return { leadId, outcome: 'automatic' };
  return writeTransaction(deps.store, async (trx) => {
    const lead = await repo.findLead(trx, leadId);
    if (!lead) throw noReplyAddress();
    await lockVehicleLeads(trx, deps.store.dialect, lead.vehicle_id);
    const now = deps.clock.now();
    if (mail.messageKey !== null && !(await repo.rememberInboundMail(trx, leadId, mail.messageKey, now))) return { leadId, outcome: 'duplicate' };
    const [car, contact] = await Promise.all([repo.findCar(trx, lead.vehicle_id), repo.findContact(trx, leadId)]);
    const market = car?.market ?? null;
    const note = mail.attachments > 0 ? LEAD_MAIL_TEXTS[languageOf(market ?? 'us')].attachmentsLeftOut(mail.attachments) : '';
    const body = [mail.text, note].filter(Boolean).join('\n\n');
    if (body === '') return { leadId, outcome: 'empty' };
    const buyer = { name: contact?.name ?? '', email: contact?.email ?? null, phone: contact?.phone ?? null };
    await addBuyerMessage(deps, trx, leadId, { body, preview: messagePreview(body, [buyer], market), via: 'mail' }, now);
    return { leadId, outcome: 'added' };
  });
}

/**
 * The panel's WhatsApp or call link to a lead's buyer, opened by a signed-in user (D42): the
 * lead's first response when it has none, a `new` lead moved to `contacted` (by that user), the
 * buyer no longer waiting — all in one transaction. Resolves with the number and the market it
 * is read in; undefined when the buyer gave none (or it was erased): nothing is recorded then.
 */
export async function openContactLink(
  deps: LeadDeps,
  user: { id: number; dealerId: number; email: string; name: string },
  leadId: number,
): Promise<{ phone: string; market: string | undefined } | undefined> {
  const actor: Actor = { userId: user.id, name: user.name || user.email };
  return writeTransaction(deps.store, async (trx) => {
    const { lead } = await panelLead(trx, user.dealerId, leadId);
    const contact = await repo.findContact(trx, lead.id);
    if (!contact?.phone || contact.erased_at !== null) return undefined;
    const now = deps.clock.now();
    await repo.recordFirstResponse(trx, lead.id, now);
    if (lead.stage === 'new') await moveStage(trx, lead.id, 'contacted', actor, now);
    const car = await repo.findCar(trx, lead.vehicle_id);
    return { phone: contact.phone, market: car?.market ?? (await repo.findDealer(trx, lead.dealer_id)).markets[0] };
  });
}

// The panel's reads

export interface InboxQuery {
  stage?: LeadStage | undefined;
  vehicleId?: number | undefined;
  search?: string | undefined;
  page: number;
}

const INBOX_PAGE_SIZE = 50;

export async function inboxOf(db: Kysely<DB>, dealerId: number, q: InboxQuery) {
  const [rows, counts, cars] = await Promise.all([
    repo.inbox(db, dealerId, {
      stage: q.stage,
      vehicleId: q.vehicleId,
      search: q.search,
      offset: (q.page - 1) * INBOX_PAGE_SIZE,
      // One more than shown: whether there is a next page.
      limit: INBOX_PAGE_SIZE + 1,
    }),
    repo.stageCounts(db, dealerId),
    repo.carsWithLeads(db, dealerId),
  ]);
  return { rows: rows.slice(0, INBOX_PAGE_SIZE), more: rows.length > INBOX_PAGE_SIZE, counts, cars };
}

export interface Conversation {
  lead: LeadRow;
  contact: LeadContactRow | undefined;
  /** Other leads of the car with the same e-mail or phone (D37: never merged, linked here). */
  related: repo.RelatedLead[];
  car: repo.LeadCar | undefined;
  entries: LeadMessageRow[];
  /** What the car page of the public shows. */
  carUrl: string;
  /** A lead of the dealership's sandbox (D35, P161): shown under a banner, nothing e-mailed. */
  sandbox: boolean;
}

/** At most this many related leads are named on a conversation page. */
const RELATED_MAX = 10;

/**
 * A lead's whole conversation, for the panel only (D29), of live dealership `liveId`: its own
 * lead or its sandbox's (P161). Opening it marks it read.
 */
export async function openConversation(deps: LeadDeps, liveId: number, leadId: number): Promise<Conversation> {
  const db = deps.store.db;
  const { lead, dealerId, sandbox } = await panelLead(db, liveId, leadId);
  const [contact, car, entries] = await Promise.all([repo.findContact(db, lead.id), repo.findCar(db, lead.vehicle_id), repo.conversationEntries(db, lead.id)]);
  const related = contact ? await repo.relatedLeads(db, lead.vehicle_id, lead.id, contact.email_key, contact.phone_key, RELATED_MAX) : [];
  if (lead.unread === 1) await repo.markRead(db, dealerId, lead.id);
  return { lead, contact, related, car, entries, carUrl: listingUrl(deps.publicBaseUrl, lead.listing_id), sandbox };
}
