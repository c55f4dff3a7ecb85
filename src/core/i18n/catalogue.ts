// The one catalogue of words (D31, P75, P179): every code a rule, an error or a report gives, the
// words of the values people see, and every word of the pages and mails, each in Spanish,
// Portuguese and English. Tables by subject live in messages/; this is their union, and the
// types that let a caller give a code only with the parameters its texts use.
import type { Entry } from './entry.js';
import { ACCOUNTS } from './messages/accounts.js';
import { INVENTORY } from './messages/inventory.js';
import { API_ERRORS } from './messages/api-errors.js';
import { FEEDS } from './messages/feeds.js';
import { HTTP } from './messages/http.js';
import { IMPORTS } from './messages/imports.js';
import { PHOTOS } from './messages/photos.js';
import { QUALITY } from './messages/quality.js';
import { REFUSALS } from './messages/refusals.js';
import { REVIEW } from './messages/review.js';
import { VEHICLE_RULES } from './messages/vehicle-rules.js';
import { VALUES } from './messages/values.js';
import { WORDS } from './messages/words.js';
import { REPLY_API } from './messages/reply-api.js';
import { PAGE_TABLES, PAGE_WORDS } from './messages/pages.js';
import { INBOUND_MAIL } from './messages/inbound-mail.js';
import { PRICING } from './messages/pricing.js';

/** Every table of messages/: a code is defined in one of them only (a second would silently win). */
const TABLES = [
  VEHICLE_RULES,
  IMPORTS,
  REVIEW,
  PHOTOS,
  API_ERRORS,
  WORDS,
  HTTP,
  ACCOUNTS,
  INVENTORY,
  FEEDS,
  REFUSALS,
  VALUES,
  INBOUND_MAIL,
  REPLY_API,
  QUALITY,
  PRICING,
  ...PAGE_TABLES,
];
const defined = new Set<string>();
for (const table of TABLES)
  for (const code of Object.keys(table)) {
    if (defined.has(code)) throw new Error(`catalogue of words: the code ${code} is defined twice`);
    defined.add(code);
  }

/** The codes a rule, an error or a report gives, and the words of values: what a Msg names. */
const MESSAGES = {
  ...VEHICLE_RULES,
  ...IMPORTS,
  ...REVIEW,
  ...PHOTOS,
  ...API_ERRORS,
  ...WORDS,
  ...HTTP,
  ...ACCOUNTS,
  ...INVENTORY,
  ...FEEDS,
  ...REFUSALS,
  ...VALUES,
  ...INBOUND_MAIL,
  ...REPLY_API,
  ...QUALITY,
  ...PRICING,
} as const;

/**
 * The whole catalogue: the messages, and the words of every page and mail (messages/pages.ts,
 * read through textsOf, P179). Those are no Msg: a union of every code would be too large a type.
 */
export const CATALOGUE = { ...MESSAGES, ...PAGE_WORDS } as const;

export type MessageCode = keyof typeof MESSAGES;

type ParamName<C extends MessageCode> = (typeof MESSAGES)[C] extends { readonly p: readonly (infer P)[] } ? P & string : never;
/**
 * A parameter: text, a number, a text of the catalogue itself (rendered in the same language), or
 * a list of such texts (rendered and joined with "; ").
 */
type NestedMsg = { readonly code: MessageCode; readonly params?: object };
export type ParamValue = string | number | NestedMsg | readonly NestedMsg[];
export type ParamsOf<C extends MessageCode> = Readonly<Record<ParamName<C>, ParamValue>>;

/** A text not yet in any language: a code and its parameters, stored and sent as such. */
export type Msg<C extends MessageCode = MessageCode> = C extends MessageCode
  ? [ParamName<C>] extends [never]
    ? { readonly code: C; readonly params?: undefined }
    : { readonly code: C; readonly params: ParamsOf<C> }
  : never;

/** msg('brand_unknown', { brand: 'Toyotta' }): the parameters are checked against the code's. */
export function msg<C extends MessageCode>(code: C, ...params: [ParamName<C>] extends [never] ? [] : [ParamsOf<C>]): Msg<C> {
  return (params.length ? { code, params: params[0] } : { code }) as Msg<C>;
}

export const entryOf = (code: string): Entry | undefined => (Object.hasOwn(CATALOGUE, code) ? (CATALOGUE as Record<string, Entry>)[code] : undefined);
export const isMessageCode = (code: unknown): code is MessageCode => typeof code === 'string' && Object.hasOwn(MESSAGES, code);
