// The one rule for control characters in text taken from outside (JSON bodies, feed cells, the
// inquiry form, query strings): text that holds one is refused, never stored (PostgreSQL
// cannot store NUL, SQLite can: refusing keeps both stores alike). Control characters are
// Unicode's Cc (U+0000–U+001F, U+007F–U+009F). Multi-line text (a car's description, a
// buyer's message) may hold line breaks and tabs; single-line text may not, nor U+2028/U+2029.
const IN_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const IN_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The first character `text` may not hold, written `U+0000`, or undefined. */
export function forbiddenControl(text: string, multiline = false): string | undefined {
  const m = (multiline ? IN_MULTI_LINE : IN_SINGLE_LINE).exec(text);
  return m ? `U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : undefined;
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
