// The text the masking searches (D18, P154): a buyer's message with what hides a contact detail
// from a plain search taken away — compatibility forms folded (NFKC: full-width "＠" and "．",
// mathematical "𝟏", circled "①", em and no-break spaces), every decimal digit of any script
// made ASCII ("١١٤٥" → "1145"), invisible characters removed (zero-width, bidirectional
// controls, soft hyphens, variation selectors, the keycap of "1️⃣") — and, for phone numbers
// only, es/pt number words read as digits and a letter O among digits read as 0.
//
// It is for matching only: each character of the searched text remembers the stretch of the
// original it comes from, and the masking hides those stretches of the original, whose other
// characters stay exactly as written.
import { spelledNumbers } from './number-words.js';

/**
 * Text to search, and for each of its UTF-16 units the original's [from, to) it stands for;
 * null for both when each unit stands for itself (most messages: ASCII, "á", "ñ", "¿").
 */
export interface Mapped {
  text: string;
  from: Int32Array | null;
  to: Int32Array | null;
}

/** A change to a Mapped text: [start, end) of its text becomes `text` (empty: removed). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export type Span = [start: number, end: number];

/** The original's stretch for [start, end) of a Mapped text (end > start). */
export const originalSpan = (m: Mapped, start: number, end: number): Span => (m.from ? [m.from[start]!, m.to![end - 1]!] : [start, end]);

/** `src` with `edits` (sorted, not overlapping) made; what an edit writes stands for all it replaced. */
function applyEdits(src: Mapped, edits: Edit[]): Mapped {
  if (edits.length === 0) return src;
  let text = '';
  let at = 0;
  let size = src.text.length;
  for (const e of edits) {
    text += src.text.slice(at, e.start) + e.text;
    size += e.text.length - (e.end - e.start);
    at = e.end;
  }
  text += src.text.slice(at);
  // One character for one ("O" → "0"): each still stands for its own.
  if (edits.every((e) => e.text.length === e.end - e.start)) return { text, from: src.from, to: src.to };
  const from = new Int32Array(size);
  const to = new Int32Array(size);
  let o = 0;
  const copy = (start: number, end: number) => {
    if (src.from) {
      from.set(src.from.subarray(start, end), o);
      to.set(src.to!.subarray(start, end), o);
      o += end - start;
    } else {
      for (let k = start; k < end; k++, o++) {
        from[o] = k;
        to[o] = k + 1;
      }
    }
  };
  at = 0;
  for (const e of edits) {
    copy(at, e.start);
    if (e.text !== '') {
      const [f, t] = originalSpan(src, e.start, e.end);
      from.fill(f, o, o + e.text.length);
      to.fill(t, o, o + e.text.length);
      o += e.text.length;
    }
    at = e.end;
  }
  copy(at, src.text.length);
  return { text, from, to };
}

/**
 * Removed before matching: Unicode's default-ignorable characters (zero-width, bidirectional
 * controls, soft hyphen, variation selectors) and combining marks left after NFKC (the keycap of
 * "1️⃣", a line drawn under digits "1̲1̲"; "é" typed as "e" and an accent is one letter by then).
 */
const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{M}]/gu;
const DIGIT = /\p{Nd}/u;
const NON_ASCII_DIGIT = /[^\x00-\x7f]/u;
/** Dashes of every kind read as "-" (a number written 11‑4567‑8901 with non-breaking hyphens). */
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;

/**
 * A digit's value: decimal digits come in runs of ten from 0 (Unicode's rule for Nd), so the
 * value is the distance to the run's start, modulo 10 for runs of several sets.
 */
const DIGIT_VALUES = new Map<number, string>();
function digitValue(cp: number): string {
  let v = DIGIT_VALUES.get(cp);
  if (v === undefined) {
    let n = 0;
    while (n < 60 && DIGIT.test(String.fromCodePoint(cp - n - 1))) n++;
    v = String(n % 10);
    DIGIT_VALUES.set(cp, v);
  }
  return v;
}

/** A character not ASCII, as matched: remembered, a message repeats its few. */
const FORMS = new Map<string, string>();
function matchingForm(ch: string): string {
  let f = FORMS.get(ch);
  if (f !== undefined) return f;
  f = ch.normalize('NFKC').replace(IGNORED, '').replace(DASHES, '-');
  // "🔟", the keycap ten, has no decomposition.
  if (f === '\u{1f51f}') f = '10';
  if (NON_ASCII_DIGIT.test(f)) {
    let out = '';
    for (const c of f) {
      const cp = c.codePointAt(0)!;
      out += cp > 0x7f && DIGIT.test(c) ? digitValue(cp) : c;
    }
    f = out;
  }
  if (FORMS.size < 4096) FORMS.set(ch, f);
  return f;
}

const NOT_ASCII_CHAR = /[^\x00-\x7f]/gu;

/** The message as every finder searches it (see the head of this file). ASCII stays as it is. */
export function forMatching(original: string): Mapped {
  if (!/[^\x00-\x7f]/.test(original)) return { text: original, from: null, to: null };
  // Most non-ASCII characters of a message ("á", "ñ", "¿") stay one for one: then each unit
  // still stands for itself, and no table is needed.
  let text = '';
  let at = 0;
  for (const m of original.matchAll(NOT_ASCII_CHAR)) {
    const f = matchingForm(m[0]);
    if (f.length !== m[0].length) return mapped(original);
    text += original.slice(at, m.index) + f;
    at = m.index + m[0].length;
  }
  return { text: text + original.slice(at), from: null, to: null };
}

/** forMatching's text with its table, character by character. */
function mapped(original: string): Mapped {
  /** Each non-ASCII character: where it is, how long, and its form. */
  const found: [start: number, end: number, form: string][] = [];
  let size = original.length;
  for (const m of original.matchAll(NOT_ASCII_CHAR)) {
    const f = matchingForm(m[0]);
    found.push([m.index, m.index + m[0].length, f]);
    size += f.length - m[0].length;
  }
  const from = new Int32Array(size);
  const to = new Int32Array(size);
  let text = '';
  let o = 0;
  let at = 0;
  const ascii = (end: number) => {
    text += original.slice(at, end);
    for (let k = at; k < end; k++, o++) {
      from[o] = k;
      to[o] = k + 1;
    }
  };
  for (const [start, end, f] of found) {
    ascii(start);
    text += f;
    from.fill(start, o, o + f.length);
    to.fill(end, o, o + f.length);
    o += f.length;
    at = end;
  }
  ascii(original.length);
  return { text, from, to };
}

/** An O among digits is a zero ("11-4567-89O1", "O11"): with a digit on one side, no letter on the other. */
const LETTER_O = /(?<=\d)[oO]+(?!\p{L})|(?<!\p{L})[oO]+(?=\d)/gu;

/** The text phone numbers are searched in: number words read as digits, O among digits as 0. */
export function forPhones(base: Mapped): Mapped {
  const words = applyEdits(base, spelledNumbers(base.text));
  if (!/\d[oO]|[oO]\d/.test(words.text)) return words;
  const edits: Edit[] = [...words.text.matchAll(LETTER_O)].map((m) => ({ start: m.index, end: m.index + m[0].length, text: '0'.repeat(m[0].length) }));
  return applyEdits(words, edits);
}

/**
 * Letters written apart to pass a search ("j u a n x @ g m a i l . c o m"): three or more single
 * characters of an address, each apart from the next by one or two spaces, are joined.
 */
const SPACED = /(?<![\p{L}\p{N}@._+-])[\p{L}\p{N}@._+-](?:[ \t]{1,2}[\p{L}\p{N}@._+-](?![\p{L}\p{N}])){2,}/gu;

/** The text e-mail addresses are searched in: letters written apart joined again. */
export function forEmails(base: Mapped): Mapped {
  // Only an address needs it, and an address has an "@" or an "at" (spaced too: "a r r o b a").
  if (!/@|\bat\b|a\s*r\s*r\s*o\s*b\s*a/i.test(base.text)) return base;
  const edits: Edit[] = [];
  for (const m of base.text.matchAll(SPACED)) {
    for (const gap of m[0].matchAll(/[ \t]+/g)) edits.push({ start: m.index + gap.index, end: m.index + gap.index + gap[0].length, text: '' });
  }
  return applyEdits(base, edits);
}
