// The one rule for control characters in text taken from outside (JSON bodies, feed cells, the
// inquiry form, query strings), and for invisible formatting characters in a buyer's inquiry
// (forbiddenFormat): text that holds one is refused, never stored (PostgreSQL
// cannot store NUL, SQLite can: refusing keeps both stores alike). Control characters are
// Unicode's Cc (U+0000–U+001F, U+007F–U+009F). Multi-line text (a car's description, a
// buyer's message) may hold line breaks and tabs; single-line text may not, nor U+2028/U+2029.
// Neither may hold a bidirectional control (Unicode's Bidi_Control: U+061C, U+200E/F,
// U+202A–U+202E, U+2066–U+2069): invisible, they show a name reversed ("S2\u202Eevil") in a
// panel or a mail, so they are refused as D26 refuses them in a stock ID (P158, issue 35).
const IN_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const IN_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** The first character `text` may not hold, written `U+0000`, or undefined. */
export function forbiddenControl(text: string, multiline = false): string | undefined {
  const m = (multiline ? IN_MULTI_LINE : IN_SINGLE_LINE).exec(text);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
}

// Invisible formatting characters (P155): the bidirectional controls stock IDs already refuse
// (U+061C, U+200E/F, U+202A–E, U+2066–9: they make text show in another order than it is
// stored), and the characters that are nothing but invisible — zero-width space U+200B, word
// joiner and invisible operators U+2060–4, U+FEFF inside text, U+180E. A person typing does not
// produce them; they split a phone number or a name past a search, or turn it around on screen.
// Kept, as for stock IDs: ZWJ and ZWNJ (emoji sequences "👨‍👩‍👧", Persian and Indic scripts), the
// soft hyphen and variation selectors ("1️⃣"), which pasted text carries.
const INVISIBLE_FORMAT = /[\p{Bidi_Control}\u200b\u2060-\u2064\ufeff\u180e]/u;

/** The first invisible formatting character `text` may not hold: `U+200B` and its place (1-based, in characters), or undefined. */
export function forbiddenFormat(text: string): { char: string; position: number } | undefined {
  const m = INVISIBLE_FORMAT.exec(text);
  if (!m) return undefined;
  let position = 1;
  for (const _ of text.slice(0, m.index)) position++;
  return { char: `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`, position };
}

/** The sentence for `field` holding `found` (from forbiddenControl). */
export function controlSentence(field: string, found: string, multiline = false): string {
  return multiline
    ? `${field} must not contain control characters other than line breaks and tabs (it holds ${found})`
    : `${field} must not contain control characters (it holds ${found})`;
}

/**
 * The characters of `text` as JSON Schema's maxLength and PostgreSQL's length() count them: code
 * points, not UTF-16 units (an emoji is one) nor bytes.
 */
export function characters(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** JSON.stringify as it behaves: undefined for undefined, functions and symbols. */
const stringify: (value: unknown) => string | undefined = JSON.stringify;

/** A value from outside as a message shows it: text as it is, anything else as JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  return stringify(value) ?? String(value);
}
