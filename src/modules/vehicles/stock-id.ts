// The one rule for stock IDs (D26), used by every way in: the API path, sync items, reconcile
// lists and feed rows. A stock ID is any text as dealer systems write it (spaces inside, `/`,
// `#`, accents, other scripts), made comparable by normalizing it before every lookup and
// write: NFC, then String.prototype.trim (Unicode white space and line terminators, a BOM
// included). Two IDs that differ only in normalization are therefore one car.
//
// After that it must be 1–80 characters, counted as Unicode code points (what a person and
// PostgreSQL's length() count, not UTF-8 bytes nor UTF-16 units), and hold none of:
//   - control characters (Unicode Cc: C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F);
//   - the line and paragraph separators U+2028/U+2029 (they break lines in logs, CSV, JS);
//   - bidirectional formatting characters (Bidi_Control: U+061C, U+200E/F, U+202A–E,
//     U+2066–9), invisible and able to show an ID reversed in a panel or a mail;
//   - unpaired surrogates (not text: they cannot be stored as UTF-8).
// Other invisible format characters (ZWJ, ZWNJ, soft hyphen) are legitimate in some scripts
// and kept.
import { msg, type Msg } from '../../core/i18n/index.js';
import { ApiError } from '../../core/errors.js';
import { characters as codePoints } from '../../core/text.js';

export const STOCK_ID_MAX = 80;

/**
 * The bound as the OpenAPI document states it (P90): `x-max-length` becomes `maxLength` in the
 * served document only (core/http/openapi.ts). The request validator must not count before
 * NFC and trimming, so the rule itself stays in stockIdProblem.
 */
export const STOCK_ID_DOC = { 'x-max-length': STOCK_ID_MAX } as const;

/** What the OpenAPI and error messages say about the rule. */
export const STOCK_ID_RULE =
  'Any text of 1 to 80 characters (Unicode code points), as the dealer system writes it: spaces, `/`, `#`, accents and other scripts included. ' +
  'It is NFC-normalized and stripped of leading and trailing white space before use; control characters, line/paragraph separators and bidirectional formatting characters are refused.';

/** Printable ASCII, 1–80 characters, no space at either end: NFC, trimmed and clean already (the common case, checked at once). */
const PLAIN = /^[\x21-\x7e](?:[\x20-\x7e]{0,78}[\x21-\x7e])?$/;

const REFUSED = /[\p{Cc}\u2028\u2029\p{Bidi_Control}\p{Cs}]/u;

/** NFC, then leading and trailing white space removed. Idempotent. */
export function normalizeStockId(raw: string): string {
  return raw.normalize('NFC').trim();
}

/** Why a normalized stock ID is refused (a rule of the catalogue of words), or null. */
export function stockIdProblem(id: string): Msg | null {
  if (id === '') return msg('stock_id_empty');
  const length = codePoints(id);
  if (length > STOCK_ID_MAX) return msg('stock_id_too_long', { length, max: STOCK_ID_MAX });
  const bad = REFUSED.exec(id);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return msg('stock_id_control', { char: `U+${code}`, position: codePoints(id.slice(0, bad.index)) + 1 });
  }
  return null;
}

export type StockIdReading = { ok: true; id: string } | { ok: false; id: string; problem: Msg };

/**
 * A stock ID as sent (a JSON value, a feed cell, a path segment): the normalized ID, or the
 * problem and the ID to echo back in an error (normalized; one too long is cut at 80 characters
 * followed by "…", so that a huge value is not copied into errors and events).
 */
export function readStockId(raw: unknown): StockIdReading {
  if (raw === undefined || raw === null) return { ok: false, id: '', problem: msg('stock_id_required') };
  if (typeof raw !== 'string') return { ok: false, id: '', problem: msg('stock_id_not_text') };
  if (PLAIN.test(raw)) return { ok: true, id: raw };
  const id = normalizeStockId(raw);
  const problem = stockIdProblem(id);
  if (problem === null) return { ok: true, id };
  return { ok: false, id: codePoints(id) > STOCK_ID_MAX ? `${Array.from(id).slice(0, STOCK_ID_MAX).join('')}…` : id, problem };
}

/** The stock ID of a path (already percent-decoded by the router); 400 invalid_request if refused. */
export function stockIdFromPath(param: string): string {
  const r = readStockId(param);
  if (r.ok) return r.id;
  throw new ApiError('invalid_request', msg('stock_id_in_path', { problem: r.problem, max: STOCK_ID_MAX }));
}
