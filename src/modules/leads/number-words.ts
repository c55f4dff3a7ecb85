// Numbers written in words in Spanish and Portuguese, the way buyers dictate a phone number to
// get it past a filter (D18, P154): "once cuatro cinco seis…", "uno uno cuatro…", "once cuarenta
// y cinco…", "onze nove oito sete…", "quarenta e cinco". Each number phrase becomes its digits
// ("cuarenta y cinco" → "45"), for the phone search only.
//
// Written here, not taken from a library: the npm packages for number words read English only, or
// write numbers out in words (the other way round); none reads both Spanish and Portuguese, and
// none says where in the text each number stands, which the masking needs to hide the words
// themselves. What a phone number needs is small: units, teens, tens with "y"/"e", hundreds.
// Amounts ("doce mil", "dos millones") are quantities, left as words.

/** [start, end) of the text read as `text` (the shape of matching-text.ts's Edit). */
interface Edit {
  start: number;
  end: number;
  text: string;
}

const UNITS: Record<string, number> = {
  cero: 0,
  zero: 0,
  uno: 1,
  um: 1,
  dos: 2,
  dois: 2,
  duas: 2,
  tres: 3,
  cuatro: 4,
  quatro: 4,
  cinco: 5,
  seis: 6,
  // Brazilians say "meia" (half a dozen) for 6 when they read numbers out.
  meia: 6,
  siete: 7,
  sete: 7,
  ocho: 8,
  oito: 8,
  nueve: 9,
  nove: 9,
};
const TEENS: Record<string, number> = {
  diez: 10,
  dez: 10,
  once: 11,
  onze: 11,
  doce: 12,
  doze: 12,
  trece: 13,
  treze: 13,
  catorce: 14,
  catorze: 14,
  quatorze: 14,
  quince: 15,
  quinze: 15,
  dieciseis: 16,
  dezesseis: 16,
  dezasseis: 16,
  diecisiete: 17,
  dezessete: 17,
  dezassete: 17,
  dieciocho: 18,
  dezoito: 18,
  diecinueve: 19,
  dezenove: 19,
  dezanove: 19,
  veintiuno: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
};
const TENS: Record<string, number> = {
  veinte: 20,
  vinte: 20,
  treinta: 30,
  trinta: 30,
  cuarenta: 40,
  quarenta: 40,
  cincuenta: 50,
  cinquenta: 50,
  sesenta: 60,
  sessenta: 60,
  setenta: 70,
  ochenta: 80,
  oitenta: 80,
  noventa: 90,
};
const HUNDREDS: Record<string, number> = {
  cien: 100,
  ciento: 100,
  cem: 100,
  cento: 100,
  doscientos: 200,
  duzentos: 200,
  trescientos: 300,
  trezentos: 300,
  cuatrocientos: 400,
  quatrocentos: 400,
  quinientos: 500,
  quinhentos: 500,
  seiscientos: 600,
  seiscentos: 600,
  setecientos: 700,
  setecentos: 700,
  ochocientos: 800,
  oitocentos: 800,
  novecientos: 900,
  novecentos: 900,
};
/** "cuarenta y cinco", "quarenta e cinco", "cento e vinte". */
const AND = new Set(['y', 'e']);
/** After these a number is an amount, not digits: "doce mil", "dos millones", "três milhões". */
const SCALE = new Set(['mil', 'millon', 'millones', 'milhao', 'milhoes', 'billon', 'billones', 'bilhao', 'bilhoes']);

const isNumberWord = (w: string) => w in UNITS || w in TEENS || w in TENS || w in HUNDREDS;

/** A word of the lists with any accents on its vowels ("tres" for "três", "trés"). */
const accented = (w: string) => w.replace(/[aeiou]/g, (v) => ({ a: '[aáàâã]', e: '[eéèê]', i: '[iíì]', o: '[oóòôõ]', u: '[uúü]' })[v]!);
/**
 * The words that matter, found by one regular expression: a message's other words (most of
 * them) are never looked at, which keeps a 5,000-character message cheap.
 */
const WORDS = new RegExp(
  String.raw`(?<!\p{L})(?:${[...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), ...Object.keys(HUNDREDS), ...AND, ...SCALE]
    .sort((x, y) => y.length - x.length)
    .map(accented)
    .join('|')})(?!\p{L})`,
  'giu',
);
const MARKS = /\p{M}/gu;
const foldWord = (w: string) => (/^[a-z]+$/.test(w) ? w : w.normalize('NFD').replace(MARKS, '').toLowerCase());

interface Word {
  start: number;
  end: number;
  w: string;
}

/**
 * The number phrases of `text` as edits writing their digits ("once cuarenta y cinco" → "11" and
 * "45"); what is between two phrases stays, so "once cuatro" reads "11 4".
 */
export function spelledNumbers(text: string): Edit[] {
  const words: Word[] = [];
  for (const m of text.matchAll(WORDS)) words.push({ start: m.index, end: m.index + m[0].length, w: foldWord(m[0]) });
  if (!words.some((x) => isNumberWord(x.w))) return [];
  /**
   * Whether words i and i+1 (of those found) are next to each other, apart by spaces only: a
   * phrase does not run across punctuation or another word.
   */
  const spaced = (i: number) => i + 1 < words.length && /^[ \t]{1,2}$/.test(text.slice(words[i]!.end, words[i + 1]!.start));
  const at = (i: number) => (i < words.length ? words[i]!.w : '');
  const edits: Edit[] = [];
  for (let i = 0; i < words.length;) {
    if (!isNumberWord(at(i))) {
      i++;
      continue;
    }
    let value = 0;
    let j = i;
    /** Moves on to word k if it follows j - 1 across spaces. */
    const next = (k: number) => k === i || spaced(k - 1);
    if (at(j) in HUNDREDS) {
      value += HUNDREDS[at(j)]!;
      j++;
      // "cento e vinte"
      if (AND.has(at(j)) && next(j) && spaced(j) && (at(j + 1) in TENS || at(j + 1) in TEENS || at(j + 1) in UNITS)) j++;
    }
    if (next(j) && at(j) in TENS) {
      value += TENS[at(j)]!;
      j++;
      if (AND.has(at(j)) && next(j) && spaced(j) && at(j + 1) in UNITS && UNITS[at(j + 1)]! > 0) {
        value += UNITS[at(j + 1)]!;
        j += 2;
      }
    } else if (next(j) && at(j) in TEENS) {
      value += TEENS[at(j)]!;
      j++;
    } else if (next(j) && at(j) in UNITS && (j === i || UNITS[at(j)]! > 0)) {
      value += UNITS[at(j)]!;
      j++;
    }
    // A connector taken with nothing after it ("cento e …") is not part of the number.
    while (j > i + 1 && AND.has(at(j - 1))) j--;
    if (SCALE.has(at(j)) && spaced(j - 1)) {
      // An amount: the phrase and its scale stay words.
      i = j + 1;
      continue;
    }
    edits.push({ start: words[i]!.start, end: words[j - 1]!.end, text: String(value) });
    i = j;
  }
  return edits;
}
