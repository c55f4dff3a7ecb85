// Reading cell values (D16): numbers as people write them, value synonyms, photo lists.
// Whatever does not read is returned unchanged, so that validation names the problem.

/** "Automática 6 vel." → "automatica 6 vel" */
const words = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// ---------------------------------------------------------------------------------- numbers

const SPACES = /[\s\u00a0\u202f']/g; // "12 500 000", "12'500" (Swiss), narrow no-break space

/**
 * A number written with thousands separators and/or a decimal comma:
 * `12.500.000` → 12500000, `12,500.00` → 12500, `12.500,50` → 12500.5, `1.234` → 1234.
 * Rules: with both `.` and `,` the last one is the decimal mark; one kind repeated is a
 * thousands separator (groups of three); a single `.` or `,` followed by exactly three digits
 * after one to three digits (`1.234`, `45,000`) is a thousands separator (prices and mileages
 * are never written with three decimals), otherwise a decimal mark (`12500.5`, `0,75`).
 * Returns null when the text is not such a number.
 */
function readDecimal(text: string): number | null {
  let s = text.replace(SPACES, '');
  let sign = 1;
  if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s) || /[.,]{2}/.test(s)) return null;
  const dots = count(s, '.');
  const commas = count(s, ',');
  let intPart: string;
  let frac = '';
  if (dots > 0 && commas > 0) {
    const decimalMark = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimalMark === '.' ? ',' : '.';
    const at = s.lastIndexOf(decimalMark);
    if (count(s, decimalMark) !== 1) return null;
    intPart = s.slice(0, at);
    frac = s.slice(at + 1);
    if (!groupedBy3(intPart, thousands)) return null;
    intPart = intPart.split(thousands).join('');
  } else if (dots + commas > 1) {
    const mark = dots > 0 ? '.' : ',';
    if (!groupedBy3(s, mark)) return null;
    intPart = s.split(mark).join('');
  } else if (dots + commas === 1) {
    const [a, b] = s.split(/[.,]/) as [string, string];
    if (b.length === 3 && a.length <= 3 && a !== '0') intPart = a + b;
    else {
      intPart = a;
      frac = b;
    }
  } else intPart = s;
  const n = Number(frac ? `${intPart}.${frac}` : intPart);
  return Number.isFinite(n) ? sign * n : null;
}

function count(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

/** "12.500.000" with "." → true; "12.50.000" → false. */
function groupedBy3(s: string, mark: string): boolean {
  const parts = s.split(mark);
  return /^\d{1,3}$/.test(parts[0]!) && parts.slice(1).every((p) => /^\d{3}$/.test(p));
}

// ---------------------------------------------------------------------------------- currency

/** Currency words and symbols → ISO code. A bare `$` is left alone: it is the peso as much as the dollar. */
const CURRENCIES = new Map<string, string>(
  Object.entries({
    USD: ['usd', 'us$', 'u$s', 'u$d', 'u$', 'us dollars', 'dolar', 'dolares', 'dollar', 'dollars', 'dolar estadounidense'],
    BRL: ['brl', 'r$', 'real', 'reais'],
    ARS: ['ars', 'ar$', 'pesos argentinos', 'peso argentino'],
    UYU: ['uyu', '$u', 'pesos uruguayos', 'peso uruguayo'],
    CLP: ['clp', 'pesos chilenos', 'peso chileno'],
    COP: ['cop', 'pesos colombianos', 'peso colombiano'],
    MXN: ['mxn', 'mx$', 'pesos mexicanos', 'peso mexicano'],
    PEN: ['pen', 's/', 's/.', 'soles', 'sol'],
    EUR: ['eur', '€', 'euro', 'euros'],
    GBP: ['gbp', '£', 'pound', 'pounds', 'libras'],
  }).flatMap(([code, names]) => names.map((n) => [n, code] as const)),
);

const currencyKey = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** `US$`, `U$S` → USD, `R$` → BRL, `€` → EUR …; other text unchanged (trimmed). */
export function readCurrency(text: string): string {
  const t = text.trim();
  return CURRENCIES.get(currencyKey(t)) ?? t;
}

// ---------------------------------------------------------------------------------- price, mileage, year

const NUMBER_IN_TEXT = /[-+]?\d[\d.,\s\u00a0\u202f']*\d|[-+]?\d/;

/** `$ 12.500.000`, `US$ 15,000`, `10499 USD`, `R$ 95.000,00` → the number, and the currency when written. */
export function readPrice(text: string): { value: number; currency?: string } | null {
  const m = NUMBER_IN_TEXT.exec(text);
  if (!m) return null;
  const value = readDecimal(m[0]);
  if (value === null) return null;
  // a lone `$` beside a currency word says nothing more: "$ 12.500.000 ARS"
  const rest = (text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length)).replace(/(^|\s)\$(?=\s|$)/g, ' ').trim();
  if (rest === '') return { value };
  const currency = CURRENCIES.get(currencyKey(rest));
  return currency ? { value, currency } : null;
}

const KM_WORDS = ['km', 'kms', 'kilometro', 'kilometros', 'kilometer', 'kilometers', 'kilometre', 'kilometres', 'quilometro', 'quilometros'];
const MI_WORDS = ['mi', 'mile', 'miles', 'milla', 'millas', 'milha', 'milhas'];
const DISTANCE_UNITS = new Map<string, 'km' | 'mi'>([...KM_WORDS.map((w) => [w, 'km'] as const), ...MI_WORDS.map((w) => [w, 'mi'] as const)]);

/** `KM`, `miles`, `Kilómetros` → km or mi; null for anything else. */
export function readDistanceUnit(text: string): 'km' | 'mi' | null {
  return DISTANCE_UNITS.get(words(text)) ?? null;
}

/** `45.000 km` → 45000 km, `52,777 miles` → 52777 mi, `45.000` → 45000 (in the market's unit). */
export function readMileageWithUnit(text: string): { value: number; unit?: 'km' | 'mi' } | null {
  const m = NUMBER_IN_TEXT.exec(text);
  if (!m) return null;
  const value = readDecimal(m[0]);
  if (value === null) return null;
  const rest = words(text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length));
  if (rest === '') return { value };
  const unit = DISTANCE_UNITS.get(rest);
  return unit ? { value, unit } : null;
}

/**
 * `2019` → 2019; `2019/2020` (Brazil: manufacture/model year) → 2020, the model year;
 * a date (`2019-03-01`, `01/03/2019`, `03/2019`, a spreadsheet date) → its year.
 */
export function readYear(text: string): number | null {
  const t = text.trim();
  let m = /^(\d{4})(?:\.0+)?$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(\d{4})\s*[/-]\s*(\d{4})$/.exec(t);
  if (m) return Number(m[2]);
  m = /^(\d{4})-\d{1,2}(?:-\d{1,2})?(?:[T ][\d:.]+Z?)?$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(?:\d{1,2}[/.-])?\d{1,2}[/.-](\d{4})$/.exec(t);
  if (m) return Number(m[1]);
  return null;
}

// ---------------------------------------------------------------------------------- synonyms

/** The first rule whose words appear in the value decides; order matters ("híbrido enchufable"). */
const FUEL_RULES: [string, RegExp][] = [
  ['plug_in_hybrid', /\b(?:plug ?in|phev|enchufable|recarregavel|plugin hybrid)\b/],
  ['hybrid', /\b(?:hybrid|hibrido|hibrida|hev|mhev|mild hybrid)\b/],
  // gasoline + electric written together is a hybrid
  [
    'hybrid',
    /\b(?:nafta|gasolina|gasoline|petrol|diesel)\b.*\b(?:electrico|eletrico|electric|electrica|eletrica)\b|\b(?:electrico|eletrico|electric)\b.*\b(?:nafta|gasolina|gasoline|petrol)\b/,
  ],
  ['electric', /\b(?:electric|electrico|electrica|eletrico|eletrica|ev|bev|100 electrico)\b/],
  ['cng', /\b(?:gnc|gnv|cng|gas natural|gas natural comprimido)\b/],
  ['lpg', /\b(?:glp|lpg|autogas|gas licuado|gpl)\b/],
  ['flex', /\b(?:flex|flexfuel|bicombustivel|ffv|alcool gasolina|gasolina alcool|gasolina etanol|etanol gasolina)\b/],
  ['ethanol', /\b(?:etanol|ethanol|alcool|e100)\b/],
  ['diesel', /\b(?:diesel|gasoil|gasoleo|turbo diesel|tdi)\b/],
  ['gasoline', /\b(?:gasoline|gasolina|nafta|petrol|benzina|unleaded|gas|naftero)\b/],
];

/** Words of a transmission; the first of them in the value decides ("6-Speed Automatic", "Manual 5 marchas"). */
const TRANSMISSION_WORDS = new Map<string, string>(
  Object.entries({
    automatic: [
      'automatic',
      'automatica',
      'automatico',
      'automatizada',
      'automatizado',
      'auto',
      'aut',
      'at',
      'cvt',
      'dct',
      'dsg',
      'tiptronic',
      'steptronic',
      'secuencial',
      'sequential',
      'semiautomatica',
      'semiautomatic',
      'edc',
      'powershift',
      'dualogic',
      'easytronic',
      'imotion',
    ],
    manual: ['manual', 'mecanica', 'mecanico', 'mec', 'mt', 'standard', 'std', 'stick'],
  }).flatMap(([code, names]) => names.map((n) => [n, code] as const)),
);

const CONDITIONS = new Map<string, string>(
  Object.entries({
    new: ['new', 'n', 'nuevo', 'nueva', 'novo', 'nova', '0km', 'okm', '0kms', 'zerokm', 'zeroquilometro', 'brandnew', 'sinuso', 'sinrodar'],
    used: [
      'used',
      'u',
      'usado',
      'usada',
      'seminuevo',
      'seminueva',
      'seminovo',
      'seminova',
      'preowned',
      'cpo',
      'certified',
      'certifiedpreowned',
      'certificado',
      'certificada',
    ],
  }).flatMap(([code, names]) => names.map((n) => [n, code] as const)),
);

/** `nafta` → gasoline, `Nafta/GNC` → cng, `Flex` → flex …; unknown values unchanged. */
export function readFuel(text: string): string {
  const w = words(text);
  for (const [value, re] of FUEL_RULES) if (re.test(w)) return value;
  return text.trim();
}

/** `Automática 6 vel.` → automatic, `Mecánica` → manual, `CVT` → automatic. */
export function readTransmission(text: string): string {
  for (const w of words(text).split(' ')) {
    const found = TRANSMISSION_WORDS.get(w);
    if (found) return found;
  }
  return text.trim();
}

/**
 * Meta's catalog puts a quality grade in `condition` (new/used is its `state_of_vehicle`): a
 * grade says nothing about new or used, so it is read as "not given", never as a refusal.
 */
const GRADES = new Set(['excellent', 'verygood', 'good', 'fair', 'poor', 'other', 'likenew']);

/** `0km`, `Nuevo`, `N` → new; `Usado`, `U`, `Pre-owned` → used; a quality grade (`EXCELLENT`) → '' (not given). */
export function readCondition(text: string): string {
  const key = words(text).replace(/ /g, '');
  if (GRADES.has(key)) return '';
  return CONDITIONS.get(key) ?? text.trim();
}

// ---------------------------------------------------------------------------------- photos

/** A separator run followed by the start of another address: where one URL ends and the next begins. */
const URL_BOUNDARY = /[\s|,;]+(?=[a-z][a-z0-9+.-]*:\/\/|\/\/|www\.)/i;
const ANY_SEPARATOR = /[\s|,;]+/;

/**
 * One cell holding several photos, separated by `|`, `,`, `;`, spaces or new lines. Cells with
 * absolute addresses are cut only where a new address starts, so a comma inside a URL
 * (`…/w_300,h_200/…`) does not split it.
 */
export function splitPhotos(cell: string): string[] {
  const t = cell.trim();
  if (t === '') return [];
  if (t.startsWith('[') || t.startsWith('{')) {
    const json = jsonPhotos(t);
    if (json) return json;
  }
  const sep = /:\/\/|^www\./i.test(t) ? URL_BOUNDARY : ANY_SEPARATOR;
  return t
    .split(sep)
    .map((p) => p.replace(/^[\s|,;]+|[\s|,;]+$/g, ''))
    .filter((p) => p !== '');
}

// ---------------------------------------------------------------------------------- P27: body style, drivetrain, doors

/** "Not given" as exports write it (Meta's OTHER/NONE): read as an empty cell rather than rejecting the car. */
const NOT_GIVEN = /^(?:other|none|n a|na|unknown|otro|outro|outros|otros)$/;

/** Body styles; the first rule whose words appear decides, so `minivan` is tried before `van`. */
const BODY_STYLE_RULES: [string, RegExp][] = [
  ['minivan', /\b(?:minivan|mini van|mpv|people carrier|monovolume|monovolumen)\b/],
  ['convertible', /\b(?:convertible|cabriolet|cabrio|roadster|conversivel|descapotable|spider|spyder)\b/],
  ['coupe', /\b(?:coupe|cupe|grandtourer|grand tourer|sportscar|sports car|supercar)\b/],
  ['wagon', /\b(?:wagon|stationwagon|estate|familiar|rural|perua|sw|touring|avant|shooting brake)\b/],
  ['suv', /\b(?:suv|sport utility|sports utility|crossover|cuv|utilitario deportivo|todoterreno|todo terreno)\b/],
  ['pickup', /\b(?:pickup|pick up|picape|truck|ute|cabine dupla|cabine simples|doble cabina|cabina doble|cabina simple|crew cab|double cab)\b/],
  ['hatchback', /\b(?:hatchback|hatch|liftback|supermini|small car)\b/],
  ['sedan', /\b(?:sedan|seda|saloon|berlina|notchback)\b/],
  ['van', /\b(?:van|minibus|furgon|furgao|furgoneta|kombi)\b/],
];

/** Drivetrains, as body styles. 4x2 / 2WD says only "not 4x4" (front or rear): not given. */
const DRIVETRAIN_RULES: [string, RegExp][] = [
  ['', /^(?:4x2|4 x 2|2wd|two wd|twowd|two wheel drive|2 wheel drive)$/],
  ['awd', /\b(?:awd|all wheel|allwheel|quattro|4matic|xdrive|4motion|integral|all4)\b/],
  ['4wd', /\b(?:4wd|4x4|4 x 4|fourwd|four wd|four wheel|4 wheel)\b/],
  ['fwd', /\b(?:fwd|front wheel|frontwheel|front|delantera|dianteira)\b/],
  ['rwd', /\b(?:rwd|rear wheel|rearwheel|rear|trasera|traseira|propulsion)\b/],
];

function byRules(rules: [string, RegExp][], text: string): string {
  const w = words(text);
  if (NOT_GIVEN.test(w)) return '';
  for (const [value, re] of rules) if (re.test(w)) return value;
  return text.trim();
}

/** `SUV`, `Sport Utility`, `Crossover` → suv; `Saloon`, `Sedã` → sedan; `Estate` → wagon; `Hatch` → hatchback …; unknown values unchanged. */
export const readBodyStyle = (text: string): string => byRules(BODY_STYLE_RULES, text);

/** `Front-wheel drive` → fwd, `4x4` → 4wd, `AWD`, `quattro` → awd …; `4x2`, `OTHER` → '' (not given); unknown values unchanged. */
export const readDrivetrain = (text: string): string => byRules(DRIVETRAIN_RULES, text);

/** `4`, `4 doors`, `4dr`, `5-door`, `5 puertas`, `4 portas` → the count; null when it is not such a text. */
/** A whole number written plainly ("7", "7.0" as spreadsheets export it), for the table's other whole-number fields. */
export function readWhole(text: string): number | null {
  const m = /^(\d{1,9})(?:\.0+)?$/.exec(text.trim());
  return m ? Number(m[1]) : null;
}

export function readDoors(text: string): number | null {
  const m = /^(\d{1,2})(?: ?(?:d|dr|drs|door|doors|puerta|puertas|porta|portas|p|ptas))?$/.exec(words(text));
  return m ? Number(m[1]) : null;
}

/** Keys under which a photo object carries its address (`[{"url": …}]`, Meta's `image` cell). */
const PHOTO_KEYS = ['url', 'image_url', 'src', 'href', 'link', 'uri'];

/**
 * A cell holding JSON (Meta exports `image` as `[{"url":"…","tag":["…"]}]`): the addresses in
 * it, or null when it is not JSON (then the cell is split as text). The cell is bounded by the
 * record size (csv.ts), so parsing it whole is.
 */
function jsonPhotos(t: string): string[] | null {
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return null;
  }
  const out: string[] = [];
  for (const item of Array.isArray(v) ? v : [v]) {
    if (typeof item === 'string') {
      if (item.trim() !== '') out.push(item.trim());
    } else if (typeof item === 'object' && item !== null) {
      const o = item as Record<string, unknown>;
      const key = PHOTO_KEYS.find((k) => typeof o[k] === 'string');
      if (key && (o[key] as string).trim() !== '') out.push((o[key] as string).trim());
    }
  }
  return out.length > 0 ? out : null;
}
