// The leads' messages (D28, D29, D40): a notice to the dealership's users about a new lead or a
// buyer's new message, a dealer's reply e-mailed to the buyer, and the confirmation of an
// inquiry. A notice never names the buyer: its subject is the car, its body the message with
// contact details masked (preview.ts) and the conversation's link (the only place that shows
// them). Every mail to a buyer is From the dealership's name and Reply-To the lead's own reply
// address (D40), so an answer by e-mail comes back into the conversation. The words are the
// catalogue's (leadMail.*, P204).
import { textsOf } from '../../core/i18n/index.js';
import type { OutgoingMail } from '../../core/mail/outbox.js';
import type { Lang } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';

const TEXTS = textsOf('leadMail.');

/** The first lines of a message (a notice is a pointer to the conversation, not a copy of it). */
function firstLines(text: string, lines = 5, chars = 400): string {
  let out = text.split('\n').slice(0, lines).join('\n');
  if (out.length > chars) out = `${out.slice(0, chars).trimEnd()}…`;
  else if (out.length < text.length) out = `${out.trimEnd()}…`;
  return out;
}

const STYLE = 'font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24;max-width:560px';
const BUTTON = 'display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none';
const WA_BUTTON = 'display:inline-block;padding:10px 16px;background:#1a7f37;color:#fff;border-radius:6px;text-decoration:none;margin-right:8px';
const MUTED = 'color:#5b6470';
const QUOTE = 'margin:0 0 16px;padding:8px 12px;border-left:3px solid #c8ced6;white-space:pre-line';

export interface NoticeFacts {
  /** new_mail: the buyer answered by e-mail (D40). */
  kind: 'new_lead' | 'new_message' | 'new_mail';
  dealerId: number;
  dealerName: string;
  car: string;
  stockId: string;
  /** The buyer's message, contact details already masked. */
  preview: string;
  conversationUrl: string;
}

export function leadNoticeMail(lang: Lang, to: string, f: NoticeFacts): OutgoingMail {
  const t = TEXTS[lang];
  const subject = f.kind === 'new_lead' ? t.newLeadSubject(f.car, f.stockId) : t.newMessageSubject(f.car, f.stockId);
  const intro = f.kind === 'new_lead' ? t.newLeadIntro(f.dealerName) : f.kind === 'new_mail' ? t.newMailIntro(f.dealerName) : t.newMessageIntro(f.dealerName);
  const quote = firstLines(f.preview);
  const text = `${intro}\n${f.car} (${f.stockId})\n\n${quote
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}\n\n${t.open}: ${f.conversationUrl}\n\n${t.contactNote}\n\n-- \n${t.optOut}\n`;
  const body = html`<!doctype html><html><body style="${STYLE}">
<p>${intro}<br><strong>${f.car}</strong> (${f.stockId})</p>
<blockquote style="${QUOTE}">${quote}</blockquote>
<p><a href="${f.conversationUrl}" style="${BUTTON}">${t.open}</a></p>
<p style="${MUTED}">${t.contactNote}</p>
<p style="${MUTED};font-size:13px">${t.optOut}</p>
</body></html>`;
  return { kind: 'lead_notice', to, dealerId: f.dealerId, subject, text, html: body.value };
}

/** The dealership as a buyer's mail shows it: numbers as its market writes them, links through the car page's contact redirects (D34). */
export interface DealerCard {
  name: string;
  /** Display forms ("011 4444-2222"); '' when the dealership has none. */
  phone: string;
  whatsapp: string;
  /** `…/contact/phone` and `…/contact/whatsapp` of the car's page (counted as contacts, D34). */
  phoneUrl: string;
  whatsappUrl: string;
  address: string;
}

export interface CarFacts {
  title: string;
  price: string;
  url: string;
  /** Its first photo's absolute URL, if it has one. */
  photo: string | undefined;
}

/** The dealership's phone, WhatsApp and address lines (text) and block (HTML), only what it has. */
function dealerLines(t: (typeof TEXTS)[Lang], d: DealerCard): { text: string; html: Html } {
  const lines = [
    d.phone ? `${t.phone}: ${d.phone}` : '',
    d.whatsapp ? `${t.whatsapp}: ${d.whatsapp}` : '',
    d.address ? `${t.address}: ${d.address}` : '',
  ].filter(Boolean);
  return {
    text: lines.join('\n'),
    html: html`${d.phone ? html`${t.phone}: <a href="${d.phoneUrl}">${d.phone}</a><br>` : ''}${d.whatsapp ? html`${t.whatsapp}: <a href="${d.whatsappUrl}">${d.whatsapp}</a><br>` : ''}${d.address ? html`${t.address}: ${d.address}<br>` : ''}`,
  };
}

export interface ReplyFacts {
  dealerId: number;
  dealer: DealerCard;
  buyerEmail: string;
  /** The lead's reply address (D40): the buyer's answer comes back into the conversation. */
  replyTo: string;
  /** Who wrote it: the reply is signed with their name (issue 37 §6). */
  salesperson: string;
  car: CarFacts;
  reply: string;
}

/**
 * A dealer's reply, in the language of the car's market (the language of the page the buyer wrote
 * on): From the dealership's name, Reply-To the lead's reply address, and the salesperson's own
 * words on top — no greeting of ours above their "¡Hola Lucía!" (P103) — signed with their name,
 * the dealership's, its phone and WhatsApp.
 */
export function leadReplyMail(lang: Lang, f: ReplyFacts): OutgoingMail {
  const t = TEXTS[lang];
  const d = dealerLines(t, { ...f.dealer, address: '' });
  const text = `${f.reply}\n\n-- \n${f.salesperson}\n${f.dealer.name}\n${d.text ? `${d.text}\n` : ''}${t.replyAbout}: ${f.car.title} · ${f.car.price}\n${f.car.url}\n\n${t.replyAnswer(f.dealer.name)}\n`;
  const body = html`<!doctype html><html><body style="${STYLE}">
<p style="white-space:pre-line">${f.reply}</p>
<p>&mdash; ${f.salesperson}<br><strong>${f.dealer.name}</strong><br>${d.html}</p>
<p style="${MUTED}">${t.replyAbout}: <a href="${f.car.url}">${f.car.title}</a> · ${f.car.price}</p>
<p style="${MUTED};font-size:13px">${t.replyAnswer(f.dealer.name)}</p>
</body></html>`;
  return {
    kind: 'lead_reply',
    to: f.buyerEmail,
    replyTo: f.replyTo,
    fromName: f.dealer.name,
    dealerId: f.dealerId,
    subject: t.replySubject(f.dealer.name, f.car.title),
    text,
    html: body.value,
  };
}

export interface ConfirmationFacts {
  dealerId: number;
  dealer: DealerCard;
  buyerName: string;
  buyerEmail: string;
  replyTo: string;
  car: CarFacts;
  /** What the buyer wrote, as they wrote it (it goes to their own address). */
  message: string;
}

/** D40: the confirmation of an inquiry, to the buyer who gave an e-mail, in the market's language. */
export function leadConfirmationMail(lang: Lang, f: ConfirmationFacts): OutgoingMail {
  const t = TEXTS[lang];
  const d = dealerLines(t, f.dealer);
  const hello = t.confirmHello(f.buyerName);
  const intro = t.confirmIntro(f.dealer.name);
  const text = [
    hello,
    '',
    intro,
    '',
    `${f.car.title} · ${f.car.price}`,
    f.car.url,
    '',
    `${t.confirmYouWrote}:`,
    f.message
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n'),
    '',
    ...(d.text ? [`${t.confirmContact(f.dealer.name)}:`, d.text, ''] : []),
    t.confirmAnswers(f.dealer.name),
    '',
    '-- ',
    f.dealer.name,
    t.confirmNotYou,
    '',
  ].join('\n');
  const body = html`<!doctype html><html lang="${lang}"><body style="${STYLE}">
<p>${hello}</p>
<p>${intro}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="border:1px solid #d8dde3;border-radius:8px;margin:0 0 16px;width:100%"><tr>
${f.car.photo ? html`<td style="width:160px;padding:8px"><a href="${f.car.url}"><img src="${f.car.photo}" alt="${f.car.title}" width="160" style="display:block;width:160px;height:auto;border-radius:6px"></a></td>` : ''}<td style="padding:8px 12px;vertical-align:top"><a href="${f.car.url}" style="color:#0b5cad;font-weight:600;text-decoration:none">${f.car.title}</a><br><strong style="font-size:18px">${f.car.price}</strong><br><a href="${f.car.url}" style="${MUTED}">${t.confirmSeeCar}</a></td>
</tr></table>
<p style="margin-bottom:4px"><strong>${t.confirmYouWrote}</strong></p>
<blockquote style="${QUOTE}">${f.message}</blockquote>
${
  d.text
    ? html`<p style="margin-bottom:4px"><strong>${t.confirmContact(f.dealer.name)}</strong></p>
<p>${d.html}</p>
${f.dealer.whatsapp ? html`<p><a href="${f.dealer.whatsappUrl}" style="${WA_BUTTON}">${t.writeWhatsapp}</a></p>` : ''}`
    : ''
}<p>${t.confirmAnswers(f.dealer.name)}</p>
<p style="${MUTED};font-size:13px">&mdash; ${f.dealer.name}<br>${t.confirmNotYou}</p>
</body></html>`;
  return {
    kind: 'lead_confirmation',
    to: f.buyerEmail,
    replyTo: f.replyTo,
    fromName: f.dealer.name,
    dealerId: f.dealerId,
    subject: t.confirmSubject(f.dealer.name, f.car.title),
    text,
    html: body.value,
  };
}
