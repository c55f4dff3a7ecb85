// The leads' messages (D28, D29): a notice to the dealership's users about a new lead or a
// buyer's new message, and a dealer's reply e-mailed to the buyer. A notice never names the
// buyer: its subject is the car, its body the message with contact details masked (preview.ts)
// and the conversation's link (the only place that shows them).
import type { OutgoingMail } from '../../core/mail/outbox.js';
import type { Lang } from '../../core/web/context.js';
import { html } from '../../core/web/html.js';

const TEXTS = {
  en: {
    newLeadSubject: (car: string, stock: string) => `New enquiry about ${car} (${stock})`,
    newMessageSubject: (car: string, stock: string) => `New message about ${car} (${stock})`,
    newLeadIntro: (dealer: string) => `A buyer wrote to ${dealer} about this car:`,
    newMessageIntro: (dealer: string) => `A buyer wrote to ${dealer} again about this car:`,
    open: 'Open the conversation',
    contactNote: 'The buyer’s name, e-mail and phone are in the conversation.',
    optOut: 'You get these notices because they are on for your user; you can turn them off in the panel’s Leads page.',
    replySubject: (dealer: string, car: string) => `${dealer} – ${car}`,
    replyAbout: 'About the car',
    replyAnswer: (dealer: string) => `To answer, reply to this e-mail: it goes to ${dealer}.`,
  },
  es: {
    newLeadSubject: (car: string, stock: string) => `Nueva consulta por ${car} (${stock})`,
    newMessageSubject: (car: string, stock: string) => `Nuevo mensaje sobre ${car} (${stock})`,
    newLeadIntro: (dealer: string) => `Un comprador le escribió a ${dealer} por este auto:`,
    newMessageIntro: (dealer: string) => `Un comprador volvió a escribirle a ${dealer} por este auto:`,
    open: 'Abrir la conversación',
    contactNote: 'El nombre, el correo y el teléfono del comprador están en la conversación.',
    optOut: 'Recibe estos avisos porque están activados para su usuario; puede desactivarlos en la página Consultas del panel.',
    replySubject: (dealer: string, car: string) => `${dealer} – ${car}`,
    replyAbout: 'Sobre el auto',
    replyAnswer: (dealer: string) => `Para responder, conteste este correo: le llega a ${dealer}.`,
  },
  pt: {
    newLeadSubject: (car: string, stock: string) => `Novo contato sobre ${car} (${stock})`,
    newMessageSubject: (car: string, stock: string) => `Nova mensagem sobre ${car} (${stock})`,
    newLeadIntro: (dealer: string) => `Um comprador escreveu para ${dealer} sobre este carro:`,
    newMessageIntro: (dealer: string) => `Um comprador escreveu de novo para ${dealer} sobre este carro:`,
    open: 'Abrir a conversa',
    contactNote: 'O nome, o e-mail e o telefone do comprador estão na conversa.',
    optOut: 'Você recebe estes avisos porque estão ativados para o seu usuário; é possível desativá-los na página Contatos do painel.',
    replySubject: (dealer: string, car: string) => `${dealer} – ${car}`,
    replyAbout: 'Sobre o carro',
    replyAnswer: (dealer: string) => `Para responder, responda a este e-mail: ele chega a ${dealer}.`,
  },
} satisfies Record<Lang, unknown>;

/** The first lines of a message (a notice is a pointer to the conversation, not a copy of it). */
function firstLines(text: string, lines = 5, chars = 400): string {
  let out = text.split('\n').slice(0, lines).join('\n');
  if (out.length > chars) out = `${out.slice(0, chars).trimEnd()}…`;
  else if (out.length < text.length) out = `${out.trimEnd()}…`;
  return out;
}

const STYLE = 'font-family:system-ui,sans-serif;line-height:1.5;color:#1b1f24';
const BUTTON = 'display:inline-block;padding:10px 16px;background:#0b5cad;color:#fff;border-radius:6px;text-decoration:none';

export interface NoticeFacts {
  kind: 'new_lead' | 'new_message';
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
  const intro = f.kind === 'new_lead' ? t.newLeadIntro(f.dealerName) : t.newMessageIntro(f.dealerName);
  const quote = firstLines(f.preview);
  const text = `${intro}\n${f.car} (${f.stockId})\n\n${quote
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n')}\n\n${t.open}: ${f.conversationUrl}\n\n${t.contactNote}\n\n-- \n${t.optOut}\n`;
  const body = html`<!doctype html><html><body style="${STYLE}">
<p>${intro}<br><strong>${f.car}</strong> (${f.stockId})</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #c8ced6;white-space:pre-line">${quote}</blockquote>
<p><a href="${f.conversationUrl}" style="${BUTTON}">${t.open}</a></p>
<p style="color:#5b6470">${t.contactNote}</p>
<p style="color:#5b6470;font-size:13px">${t.optOut}</p>
</body></html>`;
  return { kind: 'lead_notice', to, dealerId: f.dealerId, subject, text, html: body.value };
}

export interface ReplyFacts {
  dealerId: number;
  dealerName: string;
  buyerEmail: string;
  /** The replying user's address: a buyer who answers by e-mail reaches a person. */
  replyTo: string;
  car: string;
  price: string;
  carUrl: string;
  reply: string;
}

/**
 * A dealer's reply, in the language of the car's market (the language of the page the buyer wrote
 * on): From the dealership's name, Reply-To the salesperson, and the salesperson's own words on
 * top — no greeting of ours above their "¡Hola Lucía!" (P103).
 */
export function leadReplyMail(lang: Lang, f: ReplyFacts): OutgoingMail {
  const t = TEXTS[lang];
  const text = `${f.reply}\n\n-- \n${f.dealerName}\n${t.replyAbout}: ${f.car} · ${f.price}\n${f.carUrl}\n\n${t.replyAnswer(f.dealerName)}\n`;
  const body = html`<!doctype html><html><body style="${STYLE}">
<p style="white-space:pre-line">${f.reply}</p>
<p>— ${f.dealerName}</p>
<p style="color:#5b6470">${t.replyAbout}: <a href="${f.carUrl}">${f.car}</a> · ${f.price}</p>
<p style="color:#5b6470;font-size:13px">${t.replyAnswer(f.dealerName)}</p>
</body></html>`;
  return {
    kind: 'lead_reply',
    to: f.buyerEmail,
    replyTo: f.replyTo,
    fromName: f.dealerName,
    dealerId: f.dealerId,
    subject: t.replySubject(f.dealerName, f.car),
    text,
    html: body.value,
  };
}
