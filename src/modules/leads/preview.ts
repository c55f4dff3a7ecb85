// A buyer's message as it may leave the dealer panel (D5, D18, P66): the API's last_message, the
// lead.created event, the notice mails and the conversation kept after retention (D29) all show
// it through messagePreview, with every contact detail the buyer typed replaced by [hidden] —
// phone numbers however they are written, e-mail addresses (also "jose at example dot com"),
// and the buyer's names whatever their accents or case. Prices, years, mileages, dates, model
// numbers and VINs are left exactly as written.
//
// Phone numbers: libphonenumber-js finds the numbers written the way the listing's country
// writes them (its own plans and prefixes: "+54 9 11 4567-8901", "(11) 98765-4321", "07700
// 900123"). Our own rules stand beside it because it misses what buyers type in practice: local
// numbers without their area code ("4567 8901", "555-0132"), numbers of another country, runs of
// digits it does not take for a number of the country; and because it also takes prices and
// years for numbers (in Uruguay "2018/2019" and "25000000" are valid landlines, in Peru
// "12.500.000" is), so its finds pass the same checks against prices, years and dates as ours.
// E-mail addresses and names are not its business: our rules only.
//
// Every finder searches the message as matching-text.ts gives it (P154), not as written: digits
// of any script, full-width and mathematical forms, invisible characters taken out, and for
// phones number words ("once cuarenta y cinco…") and an O among digits read as digits. Each find
// is mapped back to the stretch of the original it came from, and only that is hidden.
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import type { Inquiry } from './inquiry.js';
import { countryOfMarket } from '../markets/markets.js';
import { forEmails, forMatching, forPhones, originalSpan, type Mapped, type Span } from './matching-text.js';

const HIDDEN = '[hidden]';
type Buyer = Pick<Inquiry, 'name' | 'email' | 'phone'>;

/**
 * `message` with the e-mail addresses, phone numbers and buyer's names in it (as given in this
 * message and in earlier ones: `buyers`) replaced by [hidden]; the rest of the text exactly as
 * written. `market` is the listing's market (ar, br, uk…): the country a number without its
 * international prefix is read in.
 */
export function messagePreview(message: string, buyers: Buyer[], market?: string | null): string {
  const base = forMatching(message);
  const back = (m: Mapped, found: Span[]) =>
    found.map(([s, e]): Span => {
      const span = originalSpan(m, s, e);
      let end = span[1];
      // Accents and marks the original wrote apart ("Jose\u0301") go with what they mark.
      while (end < message.length && MARK_AFTER.test(message.slice(end, end + 2))) end += message.codePointAt(end)! > 0xffff ? 2 : 1;
      return [span[0], end];
    });
  const emails = forEmails(base);
  const phones = forPhones(base);
  const spans = [
    ...back(emails, emailSpans(emails.text)),
    ...back(phones, phoneSpans(phones.text, market ?? undefined)),
    ...back(base, handleSpans(base.text)),
    ...back(base, nameSpans(base.text, buyers)),
    ...back(base, givenSpans(base.text, buyers)),
  ];
  if (spans.length === 0) return message;
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (let i = 0; i < spans.length;) {
    const start = spans[i]![0];
    let end = spans[i]![1];
    // Overlapping or touching finds ("Ana" in "ana@example.com"), or apart by spaces only
    // ("JOSÉ PÉREZ" of "José María Pérez"), are one [hidden].
    for (i++; i < spans.length && (spans[i]![0] <= end || APART_BY_SPACES.test(message.slice(end, spans[i]![0]))); i++) end = Math.max(end, spans[i]![1]);
    out += `${message.slice(at, start)}${HIDDEN}`;
    at = end;
  }
  return out + message.slice(at);
}

const MARK_AFTER = /^\p{M}/u;
/** Spaces of any width, and the invisible characters the search ignored. */
const APART_BY_SPACES = /^[\p{Zs}\t\p{Default_Ignorable_Code_Point}]+$/u;

// ---- E-mail addresses -------------------------------------------------------------------

// "@" with or without spaces, "(at)", "[at]", "{arroba}", " arroba " are unmistakable; a bare
// " at " is an English word ("call me at 5"), so after it only a real domain counts (one with
// a dot, or a well-known provider).
const WORD_DOT = String.raw`(?:\s*[(\[{<]\s*(?:dot|punto|ponto|\.)\s*[)\]}>]\s*|\s+(?:dot|punto|ponto)\s+)`;
const STRONG_AT = String.raw`(?:\s*@\s*|\s*[(\[{<]\s*(?:at|arroba|@)\s*[)\]}>]\s*|\s+arroba\s+)`;
const WEAK_AT = String.raw`\s+at\s+`;
const ATOM = String.raw`[\p{L}\p{N}_%+-]+`;
// The local part's dots: written, spaced on both sides, or as a word.
const LOCAL = String.raw`${ATOM}(?:(?:\.|\s\.\s|${WORD_DOT})${ATOM})*`;
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
const TLD = String.raw`\p{L}{2,24}(?![\p{L}\p{N}])`;
const PROVIDERS = String.raw`(?:gmail|hotmail|yahoo|outlook|icloud|protonmail|proton|live|msn|aol|uol|bol|terra|yandex)(?![\p{L}\p{N}])`;
const WELL_KNOWN = String.raw`(?:gmail|hotmail|yahoo|outlook|icloud|protonmail)(?![\p{L}\p{N}])`;
// After an unmistakable "at", dots may be spaced ("example . com", "example .com"), but a dot
// and then a space ends a sentence ("…(dot) COM. Saludos"); after " at ", no spaces.
const LOOSE_DOT = String.raw`(?:\s*\.(?!\s)|\s+\.\s+)`;
const LOOSE_DOMAIN = String.raw`(?:${LABEL}(?:(?:${LOOSE_DOT}|${WORD_DOT})${LABEL})*(?:${LOOSE_DOT}|${WORD_DOT})${TLD}|${PROVIDERS}|(?<=@)${LABEL})`;
// After " at ", the address must end in a real top-level domain: "at home.Great car" is a typo.
const KNOWN_TLD = String.raw`(?:com|net|org|edu|gov|info|biz|io|me|ar|br|cl|co|mx|pe|uy|es|uk|us)(?![\p{L}\p{N}])`;
const TIGHT_DOMAIN = String.raw`(?:${LABEL}(?:(?:\.|${WORD_DOT})${LABEL})*(?:\.|${WORD_DOT})${KNOWN_TLD}|${WELL_KNOWN})`;
const EMAIL = new RegExp(String.raw`(?<![\p{L}\p{N}_%+.-])${LOCAL}(?:${STRONG_AT}${LOOSE_DOMAIN}|${WEAK_AT}${TIGHT_DOMAIN})`, 'giu');
/** A cheap test first: most messages have no e-mail, and the full regex costs more to fail. */
const MAYBE_EMAIL = /@|\b(?:at|arroba)\b/i;

function emailSpans(text: string): Span[] {
  if (!MAYBE_EMAIL.test(text)) return [];
  return [...text.matchAll(EMAIL)].map((m) => [m.index, m.index + m[0].length]);
}

// ---- Handles ----------------------------------------------------------------------------

// A user name on a network is a way to reach the buyer as much as an address (P154): the link
// to a profile or a chat, a handle after the network's name ("ig: juanperez_autos"), "@juan".
const HANDLE = String.raw`[\p{L}\p{N}_](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?`;
const PROFILE_LINK = new RegExp(
  String.raw`(?<![\p{L}\p{N}_.-])(?:https?://)?(?:www\.)?(?:t\.me|telegram\.(?:me|dog)|wa\.me|wa\.link|chat\.whatsapp\.com|api\.whatsapp\.com/send\?phone=|m\.me|fb\.me|(?:m\.)?facebook\.com|fb\.com|instagram\.com|instagr\.am|tiktok\.com|twitter\.com|x\.com|threads\.net|linkedin\.com/in|snapchat\.com/add|signal\.me/#\w+)/?@?${HANDLE}`,
  'giu',
);
/**
 * A network's name, then the handle: after ":" or "=", any; after a space (or "es", "é"), one
 * shaped as handles are (a letter, and a digit, "_" or "." inside: "juanperez_autos", "juan.99"),
 * so that "Signal" or "Face ID" in a sentence are left.
 */
const NETWORK = String.raw`(?:ig|insta|instagram|fb|face|facebook|tg|telegram|telegrama|tiktok|tik\s?tok|twitter|snap|snapchat|skype|discord|signal|threads|kwai|wechat)`;
const LABELLED = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${NETWORK}(?:\s*(?:[:=]|->|\u2192)\s*@?|\s+(?:(?:es|é|is)\s+)?(?=[\p{N}_.-]*\p{L})(?=[\p{L}\p{N}_.-]*[\p{N}_.][\p{L}\p{N}_]))(${HANDLE})`,
  'giu',
);
/** "@juanperez": a letter first, three characters at least, not the end of an address. */
const AT_HANDLE = /(?<![\p{L}\p{N}_.%+-])@\p{L}[\p{L}\p{N}_.]{2,}(?<!\.)/gu;
const MAYBE_HANDLE = /@|\.(?:me|com|link|net|am|dog)\b|[:=]|\p{N}|_/u;

function handleSpans(text: string): Span[] {
  if (!MAYBE_HANDLE.test(text)) return [];
  const spans: Span[] = [];
  for (const m of text.matchAll(PROFILE_LINK)) spans.push([m.index, m.index + m[0].length]);
  for (const m of text.matchAll(LABELLED)) {
    const end = m.index + m[0].length;
    const start = end - m[1]!.length;
    spans.push([text[start - 1] === '@' ? start - 1 : start, end]);
  }
  for (const m of text.matchAll(AT_HANDLE)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

// ---- Phone numbers ----------------------------------------------------------------------

const SP = String.raw`[ \t\u00a0\u202f]`;
const GROUP = String.raw`(?:\(${SP}?\d{1,5}${SP}?\)|\d+)`;
// A line break between groups too ("mi cel\n11\n4567\n8901"); one, not a blank line.
const SEP = String.raw`(?:${SP}{0,2}[-./\u2013_·~\\]${SP}{0,2}|,|${SP}{1,2}|${SP}{0,2}\r?\n${SP}{0,2})`;
/** Digits in groups joined by spaces, dashes, dots, slashes, parentheses or a line break. */
const RUN = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:\+(?=\d))?${GROUP}(?:${SEP}${GROUP})*`, 'gu');
const CURRENCY_BEFORE = /(?:[$\u20ac£¥]|R\$|S\/\.?|\b(?:usd|ars|brl|mxn|clp|cop|pen|uyu|eur|gbp|us\$|u\$s|u\$d|precio|price|preço|valor)\b:?)\s*$/iu;
const UNIT_AFTER =
  /^\s*(?:km|kms|km\/h|kilómetros|kilometros|quilômetros|quilometros|miles|millas|mph|cc|cv|hp|bhp|ps|kw|rpm|nm|kg|mm|cm|psi|hs|hrs|horas|cuotas|parcelas|meses|months|años|anos|years|pesos|reais|reales|dólares|dolares|dollars|euros|libras|pounds|usd|ars|brl|mxn|clp|cop|pen|uyu|eur|gbp|[$\u20ac£%])(?![\p{L}\p{N}])/iu;

/** What the library reads: digits with what numbers are written with, from a digit to a digit. */
const WINDOW = /[+(]?\d(?:[\d().,\-/\u2013_·~\\ \t\u00a0\u202f]*\d)?\)?/g;
const LIBRARY_WINDOWS = 8;
/** 17 letters and digits but I, O and Q (ISO 3779). */
const VIN = /(?<![\p{L}\p{N}])[A-HJ-NPR-Z0-9]{17}(?![\p{L}\p{N}])/giu;

interface Group {
  start: number;
  end: number;
  digits: string;
}

/** The country libphonenumber-js reads a local number in: the market's (markets.ts). */
const countryOf = (market: string | undefined): CountryCode | undefined => countryOfMarket(market) as CountryCode | undefined;

/** Phone numbers in `text` (forPhones: digits of any script and number words already ASCII digits). */
function phoneSpans(text: string, market: string | undefined): Span[] {
  if (!/\d/.test(text)) return [];
  const spans: Span[] = [];
  /** Numbers that are prices, quantities or parts of words: no phone number may take them. */
  const barriers: Span[] = [];
  // A VIN's digits ("1G1YY22G965104567") are the car's, not a phone number: the library, which
  // reads digits glued to letters, could take "965104567" for one.
  for (const m of text.matchAll(VIN)) if (/\d/.test(m[0]) && /[a-z]/i.test(m[0])) barriers.push([m.index, m.index + m[0].length]);
  for (const m of text.matchAll(RUN)) {
    const start = m.index;
    const groups = [...m[0].matchAll(/\d+/g)].map((g) => ({ start: start + g.index, end: start + g.index + g[0].length, digits: g[0] }));
    const plus = m[0].startsWith('+');
    const blocked = blockedGroups(text, groups, plus);
    for (const [i, g] of groups.entries()) if (blocked[i]) barriers.push([g.start, g.end]);
    // Each stretch between blocked groups: from the left, the longest phone number in it.
    let i = 0;
    while (i < groups.length) {
      if (blocked[i]) {
        i++;
        continue;
      }
      let stop = i;
      while (stop < groups.length && !blocked[stop]) stop++;
      let found = 0;
      for (let j = Math.min(stop, i + 15); j > i; j--) {
        if (isPhone(groups.slice(i, j), plus && i === 0)) {
          found = j;
          break;
        }
      }
      if (found === 0) {
        i++;
        continue;
      }
      spans.push(widen(text, groups[i]!.start, groups[found - 1]!.end, plus && i === 0 ? start : undefined));
      i = found;
    }
  }
  // The library is slow (a few hundred µs for each candidate it weighs, more for the text
  // around them), so it reads only the stretches of digits that could hold a number (7 to 24
  // digits) and that our rules have not already hidden whole, at most LIBRARY_WINDOWS of them
  // per message: what it would find there is hidden already.
  const country = countryOf(market);
  let windows = 0;
  for (const w of text.matchAll(WINDOW)) {
    const digits = w[0].replace(/\D/g, '').length;
    if (digits < 7 || digits > 24 || !worthReading(w[0], w.index, spans, barriers)) continue;
    if (++windows > LIBRARY_WINDOWS) break;
    for (const hit of findPhoneNumbersInText(w[0], country ? { defaultCountry: country } : {})) {
      // It may run on into the next number of a list ("(11) 4567.8901, 11…"): a number has no ", ".
      const found = w[0].slice(hit.startsAt, hit.endsAt).split(/,\s/)[0]!;
      const start = w.index + hit.startsAt;
      const end = start + found.length;
      if (barriers.some(([s, e]) => s < end && e > start)) continue;
      const groups = [...found.matchAll(/\d+/g)].map((g) => ({ digits: g[0] }));
      if (isPhone(groups, found.startsWith('+'), true)) spans.push([start, end]);
    }
  }
  return spans;
}

/**
 * Whether the library could find a number here that is not hidden yet: 7 digits or more between
 * the prices, quantities and dates (it may not take those), not all hidden by our rules already.
 */
function worthReading(stretch: string, offset: number, spans: Span[], barriers: Span[]): boolean {
  const inside = (list: Span[], start: number, end: number) => list.some(([s, e]) => s <= start && e >= end);
  let digits = 0;
  let hidden = true;
  for (const d of stretch.matchAll(/\d+/g)) {
    const start = offset + d.index;
    const end = start + d[0].length;
    if (inside(barriers, start, end)) {
      if (digits >= 7 && !hidden) return true;
      digits = 0;
      hidden = true;
      continue;
    }
    digits += d[0].length;
    hidden &&= inside(spans, start, end);
  }
  return digits >= 7 && !hidden;
}

/**
 * A run's groups that belong to a price, a quantity, a date or a word: round thousands
 * ("12.500.000"), money ("$ 12.500.000", "USD 15,000"), a unit after ("45000 km"), a date
 * ("15/12/2024", "12/2024"), "320i". No phone number is taken through them.
 */
function blockedGroups(text: string, groups: Group[], plus: boolean): boolean[] {
  const n = groups.length;
  const blocked = groups.map(() => false);
  // "+51 987 654 300" is a number in the international form, not thousands.
  if (plus) return blocked;
  const sepAfter = (i: number) => text.slice(groups[i]!.end, groups[i + 1]?.start ?? groups[i]!.end);
  const block = (from: number, to: number) => {
    for (let k = from; k < to; k++) blocked[k] = true;
  };
  /** For each group, the groups [from, to) of the number it is part of (itself, or its thousands). */
  const number = groups.map((_, i): [number, number] => [i, i + 1]);
  for (let i = 0; i < n; i++) {
    const first = groups[i]!.digits;
    const sep = sepAfter(i);
    if (first.length > 3 || (first.length > 1 && first.startsWith('0')) || !/^[., \u00a0\u202f]$/.test(sep)) continue;
    let j = i + 1;
    while (j < n && groups[j]!.digits.length === 3 && (j === i + 1 || sepAfter(j - 1) === sep)) j++;
    if (j === i + 1) continue;
    // Decimals after the other mark: "85.000,00", "15,000.50".
    if (j < n && groups[j]!.digits.length === 2 && /^[.,]$/.test(sepAfter(j - 1)) && sepAfter(j - 1) !== sep) j++;
    // More groups joined the same way ("351 500 0000") make it no number of thousands.
    else if (j < n && sepAfter(j - 1) === sep) continue;
    for (let k = i; k < j; k++) number[k] = [i, j];
    const digits = groups
      .slice(i, j)
      .map((g) => g.digits)
      .join('');
    // Round, it is a price or a mileage. With spaces only when it cannot be a number written in
    // threes ("612 345 678", "987 654 300": Spain's and Peru's mobiles).
    if (digits.endsWith('00') && (sep === '.' || sep === ',' || first.length <= 2 || j - i >= 4)) block(i, j);
    i = j - 1;
  }
  for (let i = 0; i < n; i++) {
    const g = groups[i]!.digits;
    // A round number of 5 to 9 digits on its own: "12500000", "120000".
    if (number[i]![1] - number[i]![0] === 1 && g.length >= 5 && g.length <= 9 && g.endsWith('000')) blocked[i] = true;
    // Dates: "15/12/2024", "15/12", "12/2024", "2024-12-15".
    const next = groups[i + 1]?.digits;
    if (next === undefined || !/^\s?[-./]\s?$/.test(sepAfter(i))) continue;
    const after = groups[i + 2]?.digits;
    const dayMonth = (d: string, m: string) => d.length <= 2 && m.length <= 2 && +d >= 1 && +d <= 31 && +m >= 1 && +m <= 12;
    const year = (y: string) => y.length === 2 || isYear(y);
    if (
      after !== undefined &&
      sepAfter(i + 1) === sepAfter(i) &&
      ((year(after) && (dayMonth(g, next) || dayMonth(next, g))) || (isYear(g) && dayMonth(after, next)))
    )
      block(i, i + 3);
    else if ((sepAfter(i).trim() === '/' && dayMonth(g, next)) || (next.length === 4 && isYear(next) && g.length <= 2 && +g >= 1 && +g <= 12)) block(i, i + 2);
  }
  // Money before the first number, a unit (or a letter: "320i", "4x4") right after the last.
  const before = text.slice(Math.max(0, groups[0]!.start - 12), groups[0]!.start).replace(/\(\s?$/, '');
  if (CURRENCY_BEFORE.test(before)) block(...number[0]!);
  const after = text.slice(groups[n - 1]!.end, groups[n - 1]!.end + 16);
  if (UNIT_AFTER.test(after) || /^\)?[\p{L}\p{N}]/u.test(after)) block(...number[n - 1]!);
  return blocked;
}

const isYear = (d: string) => d.length === 4 && +d >= 1960 && +d <= 2039;

/** Whether these digit groups are a phone number rather than a date, years or too short a run. */
function isPhone(groups: Pick<Group, 'digits'>[], plus: boolean, found = false): boolean {
  const d = groups.map((g) => g.digits);
  const total = d.join('').length;
  if (total > 15) return false;
  if (plus) return total >= 8;
  if (total < 7) return false;
  // A date: 15/12/2024, 2024-12-15.
  if (d.length === 3) {
    const [a, b, c] = d.map(Number) as [number, number, number];
    if ((d[2]!.length === 4 || d[2]!.length === 2) && a >= 1 && a <= 31 && b >= 1 && b <= 12) return false;
    if (d[0]!.length === 4 && b >= 1 && b <= 12 && c >= 1 && c <= 31) return false;
  }
  // Years ("2018/2019", "2019 45000"): what is left without them must still be a number.
  let from = 0;
  let to = d.length;
  while (from < to && isYear(d[from]!)) from++;
  while (to > from && isYear(d[to - 1]!)) to--;
  if (d.slice(from, to).join('').length < 7) return false;
  // The library knows its country's shapes; our rule alone takes 7 digits only as 3 + 4 ("555-0132").
  if (found) return true;
  if (total === 7) return d.length === 2 && d[0]!.length === 3;
  return true;
}

/** A number's span with its opening "+" or "(" and closing ")". */
function widen(text: string, start: number, end: number, plusAt: number | undefined): Span {
  let s = plusAt ?? start;
  if (plusAt === undefined) {
    const before = /\(\s?$/.exec(text.slice(Math.max(0, s - 2), s));
    if (before) s -= before[0].length;
  }
  const after = /^\s?\)/.exec(text.slice(end, end + 2));
  return [s, after && text.slice(s, end).includes('(') ? end + after[0].length : end];
}

// ---- Names ------------------------------------------------------------------------------

/**
 * The text lower-cased without accents ("José" → "jose"), and for each of its characters the
 * span of the original text it comes from: a name found in the folded text is hidden in the
 * original, whose other characters stay as written.
 */
function fold(text: string): { folded: string; from: number[]; to: number[] } {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const f = cp < 0x80 ? (cp >= 65 && cp <= 90 ? String.fromCharCode(cp + 32) : text[i]!) : foldChar(text.slice(i, i + size));
    for (let k = 0; k < f.length; k++) {
      from.push(i);
      to.push(i + size);
    }
    folded += f;
    i += size;
  }
  return { folded, from, to };
}

const MARKS = /\p{M}/gu;
const foldString = (s: string) => s.normalize('NFD').replace(MARKS, '').toLowerCase().normalize('NFD').replace(MARKS, '');
/** Folded characters, remembered: a message repeats its few accented letters. */
const FOLDED = new Map<string, string>();
const foldChar = (ch: string): string => {
  let f = FOLDED.get(ch);
  if (f === undefined) {
    f = foldString(ch);
    if (FOLDED.size < 4096) FOLDED.set(ch, f);
  }
  return f;
};
const WORD_CHAR = /[\p{L}\p{N}]/u;
const isWordChar = (s: string, i: number) => i >= 0 && i < s.length && WORD_CHAR.test(s[i]!);
/** What may stand between a name's words: "Pérez, José", "Jose  Maria", "Mary-Ann". */
const NAME_GLUE = /[\s.,-]/;

/**
 * Each name whole and word by word (words of 3+ letters), whatever the case and accents. Searched
 * with indexOf, not a regular expression: each inquiry brings a new name, and compiling one for
 * it would cost more than the search.
 */
function nameSpans(text: string, buyers: Buyer[]): Span[] {
  const names: string[][] = [];
  for (const b of buyers) {
    const parts = foldString(b.name)
      .split(/[^\p{L}\p{N}']+/u)
      .filter((w) => WORD_CHAR.test(w));
    // A name of one letter would hide every "a" of the message.
    if (parts.join('').length >= 2) names.push(parts);
    for (const w of parts) if (w.length >= 3) names.push([w]);
  }
  if (names.length === 0) return [];
  const { folded, from, to } = fold(text);
  const spans: Span[] = [];
  for (const parts of names) {
    for (let at = folded.indexOf(parts[0]!); at !== -1; at = folded.indexOf(parts[0]!, at + 1)) {
      if (isWordChar(folded, at - 1)) continue;
      let end = at + parts[0]!.length;
      for (let k = 1; k < parts.length && end !== -1; k++) {
        let next = end;
        while (next < folded.length && NAME_GLUE.test(folded[next]!)) next++;
        end = next > end && folded.startsWith(parts[k]!, next) ? next + parts[k]!.length : -1;
      }
      if (end === -1 || isWordChar(folded, end)) continue;
      spans.push([from[at]!, to[end - 1]!]);
    }
  }
  return spans;
}

/** The e-mail and phone the buyer gave, as given, wherever they appear (whatever the case). */
function givenSpans(text: string, buyers: Buyer[]): Span[] {
  const spans: Span[] = [];
  const lower = text.toLowerCase();
  // Lower-casing keeps the offsets but for a few letters ("İ"): then a regular expression.
  const same = lower.length === text.length;
  for (const given of buyers.flatMap((b) => [b.email, b.phone])) {
    if (!given) continue;
    if (!same) {
      for (const m of text.matchAll(new RegExp(escapeRegExp(given), 'giu'))) spans.push([m.index, m.index + m[0].length]);
      continue;
    }
    const needle = given.toLowerCase();
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) spans.push([at, at + needle.length]);
  }
  return spans;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
