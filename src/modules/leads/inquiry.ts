// A buyer's inquiry (D19) from the page's form or as JSON: every field checked at once, each
// problem reported (from the catalogue for the API, P175; in the page's words on the form). Values
// are trimmed. Control characters are refused (core/text.ts, P8), and so are invisible formatting
// characters (P155): zero-width and bidirectional ones hide a phone number from the masking or
// show text in another order than it is stored. (The keys a later message of the same buyer is
// matched by: contact-key.ts, D37.)
import type { InputProblem, ProblemRule } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { forbiddenControl, forbiddenFormat } from '../../core/text.js';
import { checkBuyerPhone } from '../markets/phone.js';

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PHONE_MAX = 40;
export const MESSAGE_MAX = 2000;
/** The form's hidden field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

export type ProblemCode =
  | 'name_required'
  | 'name_too_long'
  | 'name_invalid'
  | 'email_invalid'
  | 'email_too_long'
  | 'phone_invalid'
  | 'phone_too_long'
  | 'phone_area_code'
  | 'phone_unknown'
  | 'contact_required'
  | 'message_required'
  | 'message_too_long'
  | 'message_invalid'
  | 'name_invisible'
  | 'email_invisible'
  | 'phone_invisible'
  | 'message_invisible'
  | 'not_text';

export type InquiryField = 'name' | 'email' | 'phone' | 'message';

/** An invisible formatting character found in a field: `U+200B`, and its place (1-based, in characters). */
export interface Found {
  char: string;
  position: number;
}

export interface Problem {
  field: InquiryField;
  code: ProblemCode;
  max: number;
  /** For the *_invisible codes. */
  found?: Found;
  /** phone_area_code: the number as it reads with an area code in front ("011 15-4444-2222", D41). */
  example?: string;
  /** phone_unknown: the market whose country the number is not of. */
  market?: string;
}

export interface Inquiry {
  name: string;
  email: string | null;
  /** E.164 (D41) when read in a market's country; as typed when checked without a market (the sandbox's made-up buyers). */
  phone: string | null;
  /** The phone as the buyer typed it: hidden from the message preview as written (preview.ts). */
  phoneTyped?: string | null;
  message: string;
}

/** What the buyer typed, as text (to show it again in the form). */
export type Entered = Record<InquiryField, string>;

export type Checked = { kind: 'ok'; inquiry: Inquiry } | { kind: 'spam' } | { kind: 'invalid'; problems: Problem[]; entered: Entered };

const invisible = (p: Problem): Msg => msg('inquiry_invisible', { name: p.field, char: p.found?.char ?? '', position: p.found?.position ?? 0 });

/** Each problem's sentence and rule, for a program (the 400's fields and problems). */
const API: Record<ProblemCode, { text: (p: Problem) => Msg; rule: ProblemRule }> = {
  name_required: { text: () => msg('inquiry_name_required'), rule: 'required' },
  name_too_long: { text: (p) => msg('inquiry_name_too_long', { max: p.max }), rule: 'max_length' },
  name_invalid: { text: () => msg('inquiry_name_invalid'), rule: 'control_character' },
  email_invalid: { text: () => msg('inquiry_email_invalid'), rule: 'format' },
  email_too_long: { text: (p) => msg('inquiry_email_too_long', { max: p.max }), rule: 'max_length' },
  phone_invalid: { text: () => msg('inquiry_phone_invalid'), rule: 'format' },
  phone_too_long: { text: (p) => msg('inquiry_phone_too_long', { max: p.max }), rule: 'max_length' },
  phone_area_code: { text: (p) => msg('inquiry_phone_area_code', { example: p.example ?? '' }), rule: 'format' },
  phone_unknown: { text: () => msg('inquiry_phone_unknown'), rule: 'format' },
  contact_required: { text: () => msg('inquiry_contact_required'), rule: 'required' },
  message_required: { text: () => msg('inquiry_message_required', { max: MESSAGE_MAX }), rule: 'required' },
  message_too_long: { text: (p) => msg('inquiry_message_too_long', { max: p.max }), rule: 'max_length' },
  message_invalid: { text: () => msg('inquiry_message_invalid'), rule: 'control_character' },
  name_invisible: { text: (p) => invisible(p), rule: 'control_character' },
  email_invisible: { text: (p) => invisible(p), rule: 'control_character' },
  phone_invisible: { text: (p) => invisible(p), rule: 'control_character' },
  message_invisible: { text: (p) => invisible(p), rule: 'control_character' },
  not_text: { text: (p) => msg('inquiry_not_text', { name: p.field }), rule: 'type' },
};

/** A problem as the API says it: its sentence, and the input(s) it is about (email or phone: both). */
export function inquiryProblem(p: Problem): InputProblem {
  const { text, rule } = API[p.code];
  return { text: text(p), field: p.code === 'contact_required' ? ['email', 'phone'] : p.field, rule, ...(p.max > 0 ? { limit: p.max } : {}) };
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const PHONE = /^\+?[0-9\s().-]+$/;

const length = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * Checks an inquiry body (form fields or a JSON object); unknown fields are ignored. `market`:
 * the car's, whose country a phone must be a valid number of (D41; one with a country code in
 * front may be of any), kept as E.164.
 */
export function checkInquiry(body: Record<string, unknown>, market?: string): Checked {
  const problems: Problem[] = [];
  const text = (field: InquiryField): string => {
    const v = body[field];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') {
      problems.push({ field, code: 'not_text', max: 0 });
      return '';
    }
    return v;
  };
  const entered: Entered = { name: text('name'), email: text('email'), phone: text('phone'), message: text('message') };
  const honeypot = body[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== '') return { kind: 'spam' };

  const name = entered.name.trim();
  const email = entered.email.trim();
  const phone = entered.phone.trim();
  const message = entered.message.replace(/\r\n?/g, '\n').trim();
  let e164: string | undefined;
  const add = (field: InquiryField, code: ProblemCode, max = 0) => problems.push({ field, code, max });
  /** Whether the value holds an invisible formatting character: then the problem is added. */
  const invisibleIn = (field: InquiryField, value: string): boolean => {
    const found = forbiddenFormat(value);
    if (found) problems.push({ field, code: `${field}_invisible`, max: 0, found });
    return found !== undefined;
  };

  if (name === '') add('name', 'name_required');
  else if (length(name) > NAME_MAX) add('name', 'name_too_long', NAME_MAX);
  // The invisible characters first: their sentence names the character (P155); bidirectional
  // controls are also control characters since P158.
  else if (!invisibleIn('name', name) && forbiddenControl(name)) add('name', 'name_invalid');

  if (email !== '') {
    if (email.length > EMAIL_MAX) add('email', 'email_too_long', EMAIL_MAX);
    else if (!invisibleIn('email', email) && (!EMAIL.test(email) || forbiddenControl(email))) add('email', 'email_invalid');
  }
  if (phone !== '') {
    const digits = phone.replace(/\D/g, '');
    if (phone.length > PHONE_MAX) add('phone', 'phone_too_long', PHONE_MAX);
    else if (invisibleIn('phone', phone)) {
      // Its problem is added; the number is not read.
    } else if (!PHONE.test(phone) || digits.length < 6 || digits.length > 15) add('phone', 'phone_invalid');
    else if (market !== undefined) {
      const read = checkBuyerPhone(phone, market);
      if (read.kind === 'area_code') problems.push({ field: 'phone', code: 'phone_area_code', max: 0, example: read.example });
      else if (read.kind === 'unknown') problems.push({ field: 'phone', code: 'phone_unknown', max: 0, market });
      else e164 = read.e164;
    }
  }
  if (email === '' && phone === '' && !problems.some((p) => p.field === 'email' || p.field === 'phone')) add('email', 'contact_required');

  if (message === '') add('message', 'message_required');
  else if (length(message) > MESSAGE_MAX) add('message', 'message_too_long', MESSAGE_MAX);
  else if (!invisibleIn('message', message) && forbiddenControl(message, true)) add('message', 'message_invalid');

  if (problems.length > 0) return { kind: 'invalid', problems, entered };
  return {
    kind: 'ok',
    inquiry: {
      name,
      email: email || null,
      phone: e164 ?? (phone || null),
      phoneTyped: phone || null,
      message,
    },
  };
}
