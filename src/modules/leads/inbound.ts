// A buyer's e-mail reply as the conversation keeps it (D40, P203). The MIME is read by
// mailparser (nodemailer's parser: streaming, charsets, encoded words, nested multiparts); the
// quoted history and signature are cut by email-reply-parser (Crisp's, kept up, knows the
// "El … escribió:" / "Em … escreveu:" headers of ten languages), after our own rules for what it
// misses: a quote header Gmail wraps over two lines, Outlook's "De: … Enviado:" block and its
// "-----Mensaje original-----", and the phones' "Enviado do meu iPhone". What is left is text
// the inquiry rules would take: no control or invisible formatting characters (they hide a phone
// number from the masking, P155), at most REPLY_TEXT_MAX characters.
import crypto from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import type EmailReplyParser from 'email-reply-parser';
import { characters } from '../../core/text.js';

/**
 * The two libraries, loaded on the first message (P261): left out of the bundle, they are not read
 * at every start of every process for the few that take replies (mailparser brings its charset
 * tables, email-reply-parser its expressions in twenty languages).
 */
let libraries: Promise<{ simpleParser: typeof import('mailparser').simpleParser; ReplyParser: typeof EmailReplyParser }> | undefined;
let ReplyParser: typeof EmailReplyParser | undefined;
export function loadMailLibraries(): Promise<{ simpleParser: typeof import('mailparser').simpleParser; ReplyParser: typeof EmailReplyParser }> {
  libraries ??= Promise.all([import('mailparser'), import('email-reply-parser')]).then(([m, r]) => {
    ReplyParser = r.default;
    return { simpleParser: m.simpleParser, ReplyParser: r.default };
  });
  return libraries;
}

/** D40: messages up to 10 MB (SMTP answers 552 above it; HTTP 413). */
export const INBOUND_MAIL_MAX_BYTES = 10 * 1024 * 1024;
/** What is kept of a reply's new text, in characters (a longer one is cut, with "…"). */
const REPLY_TEXT_MAX = 5000;
/** The text read from a message before cutting quotes: the rest is history or abuse. */
const TEXT_READ_MAX = 100_000;
/** Lines of a reply read for its new text (a person's answer is a few dozen). */
const LINES_READ = 400;
/** A message taking longer than this to parse is given up (hostile MIME, P203). */
const PARSE_TIMEOUT_MS = 10_000;

export interface InboundMail {
  /** Every address the message was delivered to, lower-cased: X-Original-To, Delivered-To, To, Cc. */
  recipients: string[];
  /** SHA-256 (hex) of its Message-ID; null when it has none. */
  messageKey: string | null;
  /** An automatic reply or a bounce: never added (D40). */
  automatic: boolean;
  /** The buyer's new words, quotes and signature removed; '' when nothing is left. */
  text: string;
  /** Attachments left out (inline images of a signature are not counted). */
  attachments: number;
}

export class UnreadableMail extends Error {}

/** Reads a raw message; throws UnreadableMail when it cannot be read (or not in time). */
export async function readInboundMail(raw: Buffer, envelopeFrom?: string | null): Promise<InboundMail> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new UnreadableMail('parse timeout')), PARSE_TIMEOUT_MS);
  });
  const { simpleParser } = await loadMailLibraries();
  let parsed: ParsedMail;
  try {
    parsed = await Promise.race([simpleParser(raw, { skipImageLinks: true, skipTextLinks: true, maxHtmlLengthToParse: 2_000_000 }), timeout]);
  } catch (err) {
    throw err instanceof UnreadableMail ? err : new UnreadableMail('unparseable');
  } finally {
    clearTimeout(timer);
  }
  const messageId = typeof parsed.messageId === 'string' ? parsed.messageId.trim() : '';
  const body = (parsed.text ?? '').slice(0, TEXT_READ_MAX);
  return {
    recipients: recipientsOf(parsed),
    messageKey: messageId ? crypto.createHash('sha256').update(messageId.toLowerCase()).digest('hex') : null,
    automatic: isAutomatic(parsed, envelopeFrom),
    text: newText(body),
    attachments: parsed.attachments.filter((a) => !a.related && a.contentType !== 'message/delivery-status').length,
  };
}

/** A header as text ('' when absent; a structured one, as mailparser reads Content-Type or an address list: its value or text). */
const header = (m: ParsedMail, name: string): string => {
  const v: unknown = m.headers.get(name);
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null) {
    const o = v as { value?: unknown; text?: unknown };
    if (typeof o.value === 'string') return o.value;
    if (typeof o.text === 'string') return o.text;
  }
  return '';
};

function addresses(v: AddressObject | AddressObject[] | undefined): string[] {
  const list = v === undefined ? [] : Array.isArray(v) ? v : [v];
  const out: string[] = [];
  const walk = (items: AddressObject['value']) => {
    for (const a of items) {
      if (a.address) out.push(a.address);
      if (a.group) walk(a.group);
    }
  };
  for (const o of list) walk(o.value);
  return out;
}

const ADDRESS = /[^\s<>,;"']+@[^\s<>,;"']+/g;

/** Where the message was delivered: the relay's headers first (a Bcc or an alias leaves To elsewhere). */
function recipientsOf(m: ParsedMail): string[] {
  const raw = [header(m, 'x-original-to'), header(m, 'delivered-to'), ...m.headerLines.filter((l) => l.key === 'delivered-to').map((l) => l.line)];
  const found = raw.flatMap((h) => h.match(ADDRESS) ?? []);
  found.push(...addresses(m.to), ...addresses(m.cc));
  return [...new Set(found.map((a) => a.toLowerCase()).slice(0, 100))];
}

/**
 * RFC 3834's Auto-Submitted (other than `no`), Precedence bulk/auto_reply/list/junk, the
 * X-Autoreply family (Exchange, cPanel, Zendesk), and bounces: a delivery report, a null
 * envelope sender, MAILER-DAEMON or postmaster.
 */
function isAutomatic(m: ParsedMail, envelopeFrom: string | null | undefined): boolean {
  const auto = header(m, 'auto-submitted').trim().toLowerCase();
  if (auto !== '' && !auto.startsWith('no')) return true;
  if (/^\s*(bulk|auto_reply|list|junk)\b/i.test(header(m, 'precedence'))) return true;
  for (const h of ['x-autoreply', 'x-autorespond', 'x-autoresponder', 'x-auto-reply']) if (m.headers.has(h)) return true;
  if (/multipart\/report/i.test(header(m, 'content-type'))) return true;
  if (envelopeFrom === '') return true;
  // A null Return-Path (<>): mailparser reads it as one address without one.
  const returnPath = m.headers.get('return-path');
  if (returnPath && typeof returnPath === 'object' && 'value' in returnPath && Array.isArray(returnPath.value) && returnPath.value.every((a) => !a.address))
    return true;
  const from = addresses(m.from).join(' ').toLowerCase();
  return /(^|\s)(mailer-daemon|postmaster)@/.test(from);
}

// ---- The new text -----------------------------------------------------------------------

/** A quote header's first words ("El mié, 25 nov…", "Em 25 de nov…", "On Wed…"), and its last. */
const QUOTE_HEAD_START = /^\s*(?:El|On|Em|Le|Am|Il|Op|No dia|A las|Às)\s/i;
const QUOTE_HEAD_END = /(?:escribió|escreveu|wrote|a écrit|schrieb|ha scritto|schreef)\s*:\s*$/i;
/** "-----Original Message-----" and its Spanish and Portuguese forms, "Begin forwarded message". */
const ORIGINAL = /^\s*-{2,}\s*(?:original message|mensaje original|mensagem original|message d'origine|ursprüngliche nachricht)\s*-{2,}\s*$/i;
/** Outlook's block: "De:/From:" then, within a few lines, "Enviado:/Enviada em:/Sent:/Fecha:/Data:/Date:". */
const OUTLOOK_FROM = /^\s*\*?(?:De|From|Von|Da)\s*:\*?\s/i;
const OUTLOOK_NEXT = /^\s*\*?(?:Enviado|Enviada em|Enviado el|Sent|Fecha|Data|Date|Gesendet|Para|To|Asunto|Assunto|Subject)\s*:/i;
/** A phone's or a webmail's line at the end: "Enviado do meu iPhone", "Enviado desde mi Samsung", "Sent from my…", "Obter o Outlook para Android". */
const DEVICE_LINE =
  /^\s*(?:enviado (?:do meu|desde mi|desde|de meu|do|de mi)|sent from my|sent from|get outlook for|obter o outlook para|obtener outlook para|descargar outlook para)\b.*$/i;

/** The buyer's new words of a reply's text (after loadMailLibraries). */
export function newText(body: string): string {
  if (!ReplyParser) throw new Error('newText before loadMailLibraries()');
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  const cut = quoteStart(lines);
  // Only what can be kept is read further: the library's expressions take time with the
  // length of a line (90 000 characters of "El El El…": 10 s), and nothing past REPLY_TEXT_MAX is kept.
  // Its time grows faster than the number of lines too (10 000 empty ones: 7 s): blank runs are
  // one blank line, and at most LINES_READ lines are read.
  const kept = lines
    .slice(0, cut)
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .slice(0, 2 * REPLY_TEXT_MAX)
    .split('\n')
    .slice(0, LINES_READ)
    .join('\n');
  let text = new ReplyParser().read(kept).getVisibleText();
  const out = text.split('\n');
  // A signature after "-- ", and the phone's line, at the end.
  const sig = out.findIndex((l) => l === '-- ' || l === '--');
  if (sig >= 0) out.length = sig;
  while (out.length > 0 && (DEVICE_LINE.test(out[out.length - 1]!) || out[out.length - 1]!.trim() === '' || /^\s*>/.test(out[out.length - 1]!))) out.pop();
  text = out
    .join('\n')
    // Control and invisible formatting characters would be refused in an inquiry (P8, P155): here they are dropped.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\p{Bidi_Control}\u200b\u2060-\u2064\ufeff\u180e]/gu, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (characters(text) <= REPLY_TEXT_MAX) return text;
  // Cut at a code point (never inside a surrogate pair), REPLY_TEXT_MAX of them with the ellipsis.
  let end = 0;
  for (let n = 0; n < REPLY_TEXT_MAX - 1; n++) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The index of the first line of the quoted history, or the number of lines when there is none. */
function quoteStart(lines: string[]): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (ORIGINAL.test(line)) return i;
    if (/^\s*_{10,}\s*$/.test(line) && OUTLOOK_FROM.test(lines[i + 1] ?? '')) return i;
    if (OUTLOOK_FROM.test(line) && lines.slice(i + 1, i + 5).some((l) => OUTLOOK_NEXT.test(l))) return i;
    if (QUOTE_HEAD_START.test(line)) {
      // Gmail wraps a long header over two or three lines.
      let joined = line;
      for (let k = i; k < Math.min(lines.length, i + 3); k++) {
        if (k > i) joined += ` ${lines[k]!}`;
        if (QUOTE_HEAD_END.test(joined)) return i;
      }
    }
  }
  return lines.length;
}
