// Turns source records (a CSV/XLSX row, a JSON/XML vehicle) into VehicleInput-shaped objects
// (D16). A FieldMapper is built from a file's column names: each column gets its field (or none);
// when several columns feed one field, each record takes the best-ranked one that has a value.
import { TEXT_FIELD_NAMES } from '../../vehicles/fields.js';
import { normalizeStockId } from '../../vehicles/stock-id.js';
import { FIELDS, isMileageUnitColumn, matchColumn, type Field } from './columns.js';
import { MILEAGE_UNIT } from './market.js';
import { overrideFor } from './overrides.js';
import { UnreadableFeedError, type ColumnMatch } from './types.js';
import { msg } from '../../../core/i18n/index.js';
import { readCondition, readCurrency, readDistanceUnit, readFuel, readMileageWithUnit, readPrice, readTransmission, readYear, splitPhotos } from './values.js';
import { readBodyStyle, readDoors, readDrivetrain, readWhole } from './values.js';

/** Fields read as text: the stock ID and the table's text fields (vehicles/fields.ts). */
const TEXT_FIELDS = new Set<Field>(['external_id', ...TEXT_FIELD_NAMES]);
/** Text fields whose values are read through synonyms (readSynonym). */
const SYNONYM_FIELDS = new Set<Field>(['currency', 'fuel', 'transmission', 'condition', 'body_style', 'drivetrain']);
/** Keys under which a photo object (JSON/XML) carries its address. */
const PHOTO_URL_KEYS = ['url', 'src', 'href', 'link', 'uri', 'value', '#text', 'image_url', 'imageUrl'];

/** Numbers from spreadsheets and JSON as text: 12500 → "12500", 0.1+0.2 → "0.3". */
const numberText = (n: number): string => (Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(15))));

export class FieldMapper {
  readonly columns: ColumnMatch[];
  /** field → the columns that can feed it, preferred first (every field but photos) */
  private readonly single = new Map<Field, number[]>();
  /** photo columns in reading order */
  private readonly photoColumns: number[];
  /** `mileage.unit` (KM / MI) beside a numeric mileage, -1 when none: the market converts (market.ts). */
  private readonly unitColumn: number;

  constructor(names: readonly string[]) {
    // The feed's overrides (overrides.ts) first: an overridden column feeds its field before
    // any other, and other columns that would feed that field are ignored (photos add up instead).
    const chosen = names.map((name) => overrideFor(name));
    const claimed = new Set<Field>(chosen.filter((f): f is Field => f !== undefined && f !== 'ignore' && f !== 'photos'));
    const matches = names.map((name, i) => {
      const o = chosen[i];
      if (o === 'ignore') return null;
      if (o !== undefined) return { field: o, rank: -1 };
      const m = matchColumn(name);
      return m && claimed.has(m.field) ? null : m;
    });
    const byRank = matches
      .map((m, i) => ({ m, i }))
      .filter((x): x is { m: NonNullable<typeof x.m>; i: number } => x.m !== null)
      .sort((a, b) => a.m.rank - b.m.rank || a.i - b.i);
    for (const f of FIELDS) {
      const cols = byRank.filter((x) => x.m.field === f).map((x) => x.i);
      if (cols.length > 0 && f !== 'photos') this.single.set(f, cols);
    }
    this.photoColumns = byRank.filter((x) => x.m.field === 'photos').map((x) => x.i);
    this.columns = names.map((name, i) => ({
      column: name === '' ? `(column ${i + 1})` : name,
      field: matches[i]?.field ?? null,
      ...(chosen[i] !== undefined ? { override: true } : {}),
    }));
    this.unitColumn = names.findIndex((n, i) => matches[i] === null && isMileageUnitColumn(n));
    if (this.unitColumn >= 0) this.columns[this.unitColumn]!.field = 'mileage';
  }

  /**
   * The stock ID of a record, normalized as the API normalizes it (D26), '' when there is none:
   * for reporting rows that fail, and for the sold guard, which counts such a row as listed.
   */
  externalId(get: (column: number) => unknown): string {
    for (const col of this.single.get('external_id') ?? []) {
      const v = text(get(col));
      if (typeof v === 'string' && v !== '') return normalizeStockId(v);
    }
    return '';
  }

  /** The record as VehicleInput fields; empty values are left out. */
  map(get: (column: number) => unknown): Record<string, unknown> {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    let currencyInPrice: string | undefined;
    for (const [field, cols] of this.single) {
      const raw = firstGiven(cols, get);
      if (raw === undefined) continue;
      if (TEXT_FIELDS.has(field)) {
        const t = text(raw);
        if (t === '' || t === undefined) continue;
        if (typeof t === 'string') out[field] = readText(field, t);
        else if (field !== 'external_id') out[field] = t; // never a number or an object as stock ID
        continue;
      }
      const t = typeof raw === 'string' ? raw.trim() : raw;
      if (t === '') continue;
      if (typeof t !== 'string')
        out[field] = t; // a number from JSON or a spreadsheet is taken as it is
      else if (field === 'price') {
        const p = readPrice(t);
        out.price = p ? p.value : t;
        currencyInPrice = p?.currency;
      } else if (field === 'mileage') {
        const m = readMileageWithUnit(t);
        out.mileage = m ? m.value : t;
        if (m?.unit) out[MILEAGE_UNIT] = m.unit;
      } else out[field] = (field === 'year' ? readYear(t) : field === 'doors' ? readDoors(t) : readWhole(t)) ?? t;
    }
    if (currencyInPrice && out.currency === undefined) out.currency = currencyInPrice;
    if (typeof out.mileage === 'number' && out[MILEAGE_UNIT] === undefined && this.unitColumn >= 0) {
      const u = get(this.unitColumn);
      if (typeof u === 'string' && u.trim() !== '') out[MILEAGE_UNIT] = readDistanceUnit(u) ?? u.trim();
    }
    // New cars are often exported with the mileage cell left blank: it is 0 (spec: 0 for a new car).
    if (out.mileage === undefined && out.condition === 'new') out.mileage = 0;
    const photos: string[] = [];
    for (const col of this.photoColumns) {
      const raw = get(col);
      if (raw !== undefined && raw !== null) collectPhotos(raw, photos);
    }
    if (photos.length > 0) out.photos = photos;
    return out;
  }
}

/** The value of the first column that has one (not absent, null or blank). */
function firstGiven(cols: readonly number[], get: (column: number) => unknown): unknown {
  for (const col of cols) {
    const v = get(col);
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    return v;
  }
  return undefined;
}

/** Synonym lookups repeat the same few spellings on every row: remembered per value (bounded). */
const memo = new Map<string, string>();

function readText(field: Field, v: string): string {
  if (!SYNONYM_FIELDS.has(field)) return v;
  const key = `${field}\u0000${v}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const read = readSynonym(field, v);
  if (memo.size >= 5000) memo.clear();
  memo.set(key, read);
  return read;
}

function readSynonym(field: Field, v: string): string {
  switch (field) {
    case 'currency':
      return readCurrency(v);
    case 'fuel':
      return readFuel(v);
    case 'transmission':
      return readTransmission(v);
    case 'condition':
      return readCondition(v);
    case 'body_style':
      return readBodyStyle(v);
    case 'drivetrain':
      return readDrivetrain(v);
    default:
      return v;
  }
}

/** A text field's value: strings trimmed, numbers written out. Others unchanged (validation names them). */
function text(v: unknown): unknown {
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? numberText(v) : undefined;
  return v;
}

function collectPhotos(raw: unknown, into: string[]): void {
  if (typeof raw === 'string') {
    for (const p of splitPhotos(raw)) into.push(p); // (no spread: a hostile cell may hold 100 000 "addresses")
  } else if (Array.isArray(raw)) {
    for (const item of raw) {
      if (typeof item === 'string') {
        const t = item.trim();
        if (t !== '') into.push(t);
      } else if (typeof item === 'object' && item !== null) collectPhotos(photoAddress(item as Record<string, unknown>), into);
    }
  } else if (typeof raw === 'object' && raw !== null) {
    collectPhotos(photoAddress(raw as Record<string, unknown>), into);
  }
}

function photoAddress(o: Record<string, unknown>): unknown {
  for (const k of PHOTO_URL_KEYS) {
    if (Object.hasOwn(o, k)) return o[k];
  }
  return undefined;
}

/** Cars in one file: far above a real stock (a 10 MB CSV holds about 30 000); it bounds the work per file, refused as a whole beyond it. */
export const MAX_ROWS = 50_000;

export const tooManyRows = () => new UnreadableFeedError(msg('file_too_many_rows', { max: MAX_ROWS }));

/** A file in which no column has a known name is not an inventory (a wrong file, or no header). */
export function requireKnownColumns(columns: readonly ColumnMatch[]): void {
  if (columns.length === 0 || columns.some((c) => c.field !== null)) return;
  const names = columns
    .slice(0, 8)
    .map((c) => `"${c.column.slice(0, 40)}"`)
    .join(', ');
  throw new UnreadableFeedError(msg('file_no_known_columns', { names, more: columns.length > 8 ? 'yes' : 'no' }));
}
