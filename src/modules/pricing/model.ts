// The expected price of D44 (P228): pure arithmetic over one model family's cars for sale (same
// market, currency, catalog brand and model, condition), no I/O. For each car:
// - its comparables are D34's with the year widened to ±2: the other cars of the family whose
//   year is within two of its own; under MIN_COMPARABLES it has no expected price;
// - its expected price comes from a least-squares fit of ln(price) over the whole family on the
//   year (and its square, when there are at least four model years), ln(1 + mileage) and the
//   trim (a ridge-damped shift per trim word shared by at least TRIM_MIN cars), predicted for
//   the car *without the car itself* (the exact leave-one-out prediction of the fit), so a car's
//   own asking price never moves its expected price;
// - a fit that says newer cars are cheaper or that mileage raises the price is not used (the
//   simpler fit is tried, then none); a car the fit does not cover (too much leverage) or a
//   family with no usable fit gets the median price of its K_NEAREST nearest comparables by year,
//   mileage and trim.
// Everything here runs in the background job of the family (service.ts), never per request.

/** D44: fewer comparables than this give no rating. */
const MIN_COMPARABLES = 10;
/** D44 comparables: D34's, with the year within ±2. */
export const YEAR_SPAN = 2;
/** A trim word shared by fewer cars of the family than this gets no shift of its own. */
const TRIM_MIN = 5;
/** The most trims a fit names (the commonest); the others share the base. */
const MAX_TRIMS = 12;
/** Ridge weight on each trim's shift: a trim of few cars is pulled towards the family's line. */
const TRIM_RIDGE = 2;
/** The fallback's neighbours. */
const K_NEAREST = 10;
/** A car whose own weight in the fit is above this is priced by its neighbours instead. */
const MAX_LEVERAGE = 0.95;

export type PriceLabel = 'great' | 'good' | 'fair' | 'high' | 'overpriced';

/**
 * The five labels' bounds (P229), as price ÷ expected price in hundredths: great ≤ 90 < good ≤ 97
 * < fair < 103 ≤ high < 110 ≤ overpriced.
 */
const LABEL_BOUNDS = { great: 90, good: 97, fairBelow: 103, highBelow: 110 } as const;

/**
 * "This label or better" as a bound on price × 100 against expected × `hundredths` (`inclusive`:
 * ≤, else <), from the same bounds as labelOf, so a filter in SQL keeps exactly the cars labelOf
 * gives that label or a better one (P243). Every rated car is `overpriced` or better: no bound.
 */
export function labelBound(label: PriceLabel): { hundredths: number; inclusive: boolean } | undefined {
  if (label === 'great') return { hundredths: LABEL_BOUNDS.great, inclusive: true };
  if (label === 'good') return { hundredths: LABEL_BOUNDS.good, inclusive: true };
  if (label === 'fair') return { hundredths: LABEL_BOUNDS.fairBelow, inclusive: false };
  if (label === 'high') return { hundredths: LABEL_BOUNDS.highBelow, inclusive: false };
  return undefined;
}

/** The label of `price` against `expected` (whole cents, compared in integers: no float decides). */
export function labelOf(price: number, expected: number): PriceLabel {
  const p = price * 100;
  if (p <= expected * LABEL_BOUNDS.great) return 'great';
  if (p <= expected * LABEL_BOUNDS.good) return 'good';
  if (p < expected * LABEL_BOUNDS.fairBelow) return 'fair';
  if (p < expected * LABEL_BOUNDS.highBelow) return 'high';
  return 'overpriced';
}

export interface FamilyCar {
  id: number;
  year: number;
  mileage: number;
  price_cents: number;
  version: string | null;
}

export interface Expected {
  /** null: under MIN_COMPARABLES comparables. */
  expected_cents: number | null;
  comparables: number;
}

/** Words of a version that name an engine, a gearbox or a fuel, not a trim. */
const NOT_TRIM = new Set([
  'at',
  'mt',
  'cvt',
  'aut',
  'auto',
  'automatic',
  'automatico',
  'automatica',
  'manual',
  'mec',
  'tiptronic',
  'dsg',
  'turbo',
  'tdi',
  'tsi',
  'tfsi',
  'hdi',
  'diesel',
  'nafta',
  'flex',
  'gnc',
  'hybrid',
  'hibrido',
  'v6',
  'v8',
  'awd',
  '4x4',
  '4x2',
  'cv',
  'hp',
  'l',
]);

/**
 * The trim word of a version ("1.6 XEi CVT" → "xei"): the first word with a letter that names
 * no engine, gearbox or fuel, lower case without accents; null when there is none.
 */
export function trimOf(version: string | null): string | null {
  if (!version) return null;
  const words = version
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  for (const w of words) {
    if (!/[a-z]/.test(w) || NOT_TRIM.has(w) || /^\d+v$/.test(w)) continue;
    return w;
  }
  return null;
}

/** The comparables of each car: the others of the family with year within ±YEAR_SPAN. */
function comparableCounts(cars: readonly FamilyCar[]): number[] {
  const perYear = new Map<number, number>();
  for (const c of cars) perYear.set(c.year, (perYear.get(c.year) ?? 0) + 1);
  return cars.map((c) => {
    let n = -1;
    for (let y = c.year - YEAR_SPAN; y <= c.year + YEAR_SPAN; y++) n += perYear.get(y) ?? 0;
    return n;
  });
}

/** Solves the inverse of a small symmetric matrix (Gauss–Jordan, partial pivoting); undefined when singular. */
function inverse(a: number[][]): number[][] | undefined {
  const n = a.length;
  const m = a.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  const scale = Math.max(...a.map((r, i) => Math.abs(r[i]!)), 1e-300);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < scale * 1e-10) return undefined;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    for (let j = 0; j < 2 * n; j++) m[col]![j]! /= p;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]!;
      if (f === 0) continue;
      for (let j = 0; j < 2 * n; j++) m[r]![j]! -= f * m[col]![j]!;
    }
  }
  return m.map((row) => row.slice(n));
}

interface Design {
  /** One row of regressors per car. */
  rows: number[][];
  /** The ridge weight of each column (0: not damped). */
  ridge: number[];
  /** Index of the year columns (linear, square) and the mileage column, -1 when absent. */
  yearCol: number;
  yearSqCol: number;
  kmCol: number;
  meanYear: number;
}

function design(cars: readonly FamilyCar[], withCurve: boolean, withTrims: boolean): Design {
  const n = cars.length;
  const meanYear = cars.reduce((s, c) => s + c.year, 0) / n;
  const lnKm = cars.map((c) => Math.log1p(Math.max(0, c.mileage)));
  const meanKm = lnKm.reduce((s, v) => s + v, 0) / n;
  const years = new Set(cars.map((c) => c.year));
  const kmVaries = lnKm.some((v) => Math.abs(v - meanKm) > 1e-9);
  const cols: ((i: number) => number)[] = [() => 1];
  const ridge = [0];
  let yearCol = -1;
  let yearSqCol = -1;
  let kmCol = -1;
  if (years.size > 1) {
    yearCol = cols.length;
    cols.push((i) => cars[i]!.year - meanYear);
    ridge.push(0);
  }
  if (withCurve && years.size >= 4) {
    yearSqCol = cols.length;
    cols.push((i) => (cars[i]!.year - meanYear) ** 2);
    ridge.push(0);
  }
  if (kmVaries) {
    kmCol = cols.length;
    cols.push((i) => lnKm[i]! - meanKm);
    ridge.push(0);
  }
  if (withTrims) {
    const trims = cars.map((c) => trimOf(c.version));
    const counts = new Map<string, number>();
    for (const t of trims) if (t !== null) counts.set(t, (counts.get(t) ?? 0) + 1);
    const named = [...counts]
      .filter(([, k]) => k >= TRIM_MIN && k < n)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_TRIMS)
      .map(([t]) => t);
    for (const t of named) {
      cols.push((i) => (trims[i] === t ? 1 : 0));
      ridge.push(TRIM_RIDGE);
    }
  }
  const rows = cars.map((_, i) => cols.map((f) => f(i)));
  return { rows, ridge, yearCol, yearSqCol, kmCol, meanYear };
}

/**
 * Leave-one-out predictions of ln(price) for every car from the fit `d`, or undefined when the
 * fit is unusable (singular, or implausible: newer cheaper, or more mileage dearer). NaN for a
 * car the fit cannot predict without itself (leverage above MAX_LEVERAGE).
 */
function looPredictions(cars: readonly FamilyCar[], d: Design): number[] | undefined {
  const p = d.ridge.length;
  if (cars.length < p + 5) return undefined;
  const y = cars.map((c) => Math.log(c.price_cents));
  const xtx = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  for (let i = 0; i < cars.length; i++) {
    const r = d.rows[i]!;
    for (let a = 0; a < p; a++) {
      xty[a]! += r[a]! * y[i]!;
      for (let b = 0; b < p; b++) xtx[a]![b]! += r[a]! * r[b]!;
    }
  }
  for (let a = 0; a < p; a++) xtx[a]![a]! += d.ridge[a]!;
  const inv = inverse(xtx);
  if (!inv) return undefined;
  const beta = inv.map((row) => row.reduce((s, v, j) => s + v * xty[j]!, 0));
  if (d.kmCol >= 0 && beta[d.kmCol]! > 0) return undefined;
  if (d.yearCol >= 0) {
    const ys = cars.map((c) => c.year - d.meanYear);
    for (const at of [Math.min(...ys), Math.max(...ys)]) {
      const slope = beta[d.yearCol]! + (d.yearSqCol >= 0 ? 2 * beta[d.yearSqCol]! * at : 0);
      if (slope < 0) return undefined;
    }
  }
  return cars.map((_, i) => {
    const r = d.rows[i]!;
    let fit = 0;
    let h = 0;
    for (let a = 0; a < p; a++) {
      fit += r[a]! * beta[a]!;
      let s = 0;
      for (let b = 0; b < p; b++) s += inv[a]![b]! * r[b]!;
      h += r[a]! * s;
    }
    if (h > MAX_LEVERAGE) return Number.NaN;
    // The exact leave-one-out prediction of a (ridge) least-squares fit: y − e / (1 − h).
    return y[i]! - (y[i]! - fit) / (1 - h);
  });
}

/** The fallback: the median price of the car's K_NEAREST comparables by year, mileage and trim. */
function nearestMedian(cars: readonly FamilyCar[], i: number): number {
  const me = cars[i]!;
  const myKm = Math.log1p(Math.max(0, me.mileage));
  const myTrim = trimOf(me.version);
  const near: { d: number; price: number }[] = [];
  for (let j = 0; j < cars.length; j++) {
    const c = cars[j]!;
    if (j === i || Math.abs(c.year - me.year) > YEAR_SPAN) continue;
    // A year apart weighs as much as twice (or half) the mileage; another trim as half a year.
    const d = Math.abs(c.year - me.year) + Math.abs(Math.log1p(Math.max(0, c.mileage)) - myKm) / Math.LN2 + (trimOf(c.version) === myTrim ? 0 : 0.5);
    near.push({ d, price: c.price_cents });
  }
  near.sort((a, b) => a.d - b.d || a.price - b.price);
  const k = near.slice(0, K_NEAREST).map((x) => x.price);
  k.sort((a, b) => a - b);
  const m = k.length;
  return m % 2 === 1 ? k[(m - 1) / 2]! : Math.floor((k[m / 2 - 1]! + k[m / 2]!) / 2);
}

/** Which method priced a family (for the job's log and the docs' figures). */
export type Method = 'curve' | 'line' | 'nearest' | 'none';

/** The expected price and comparables of every car of one family (same order as `cars`). */
export function expectedPrices(cars: readonly FamilyCar[]): { expected: Expected[]; method: Method } {
  const counts = comparableCounts(cars);
  if (!counts.some((n) => n >= MIN_COMPARABLES)) return { expected: counts.map((n) => ({ expected_cents: null, comparables: n })), method: 'none' };
  let method: Method = 'curve';
  let pred = looPredictions(cars, design(cars, true, true));
  if (!pred) {
    method = 'line';
    pred = looPredictions(cars, design(cars, false, true)) ?? looPredictions(cars, design(cars, false, false));
  }
  if (!pred) method = 'nearest';
  const expected = cars.map((_, i): Expected => {
    const comparables = counts[i]!;
    if (comparables < MIN_COMPARABLES) return { expected_cents: null, comparables };
    const ln = pred?.[i];
    const cents = ln !== undefined && Number.isFinite(ln) ? Math.round(Math.exp(ln)) : nearestMedian(cars, i);
    return { expected_cents: Number.isSafeInteger(cents) && cents > 0 ? cents : null, comparables };
  });
  return { expected, method };
}

/**
 * expected_days_to_sell (D44, P231): of the family's sold comparables (each with its price ÷ the
 * expected price it had when sold), the median days on market of the ones closest in that ratio
 * to `price ÷ expected`: the nearest third, at least MIN_SOLD and at most 25. null under MIN_SOLD.
 */
const MIN_SOLD = 5;
export function expectedDays(price: number, expected: number, sold: readonly { ratio: number; days: number }[]): number | null {
  if (sold.length < MIN_SOLD) return null;
  const at = Math.log(price / expected);
  const k = Math.min(25, Math.max(MIN_SOLD, Math.ceil(sold.length / 3)));
  const near = [...sold].sort((a, b) => Math.abs(Math.log(a.ratio) - at) - Math.abs(Math.log(b.ratio) - at) || a.days - b.days).slice(0, k);
  const days = near.map((s) => s.days).sort((a, b) => a - b);
  const m = days.length;
  return m % 2 === 1 ? days[(m - 1) / 2]! : Math.round((days[m / 2 - 1]! + days[m / 2]!) / 2);
}
