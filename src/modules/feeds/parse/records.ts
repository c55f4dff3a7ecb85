// JSON and XML vehicles are trees; the mapper reads flat records. A record's nested objects become
// dotted keys (`mileage.value`, `price.currency`, `custom_fields.id`); arrays stay arrays (photos).
// Keys that could reach an object's prototype are dropped, and records have no prototype.
import { msg } from '../../../core/i18n/index.js';
import { FieldMapper, MAX_ROWS, requireKnownColumns, tooManyRows } from './map.js';
import { UnreadableFeedError, type FeedFormat, type FeedSummary, type ItemError, type RowSink } from './types.js';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Distinct names across a file's records: an inventory has dozens; thousands is not one (and would make mapping quadratic). */
const MAX_NAMES = 1000;
const MAX_DEPTH = 4;

type FlatRecord = Map<string, unknown>;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ mileage: { value: 45000, unit: "KM" } }` → `mileage.value`, `mileage.unit`; `{ price: { "#text": "1", currency } }` → `price`, `price.currency`. */
function flatten(obj: Record<string, unknown>): FlatRecord {
  const out: FlatRecord = new Map();
  const walk = (o: Record<string, unknown>, prefix: string, depth: number) => {
    for (const key of Object.keys(o)) {
      if (UNSAFE_KEYS.has(key)) continue;
      const v = o[key];
      const name = key === '#text' ? prefix : prefix === '' ? key : `${prefix}.${key}`;
      if (name === '') continue;
      if (isPlainObject(v) && depth < MAX_DEPTH) walk(v, name, depth + 1);
      else if (!out.has(name)) out.set(name, safeValue(v));
    }
  };
  walk(obj, '', 0);
  return out;
}

/** Arrays and objects copied without unsafe keys and without prototype. */
function safeValue(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(safeValue);
  if (isPlainObject(v)) {
    const o: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const k of Object.keys(v)) if (!UNSAFE_KEYS.has(k)) o[k] = safeValue(v[k]);
    return o;
  }
  return v;
}

/**
 * Maps tree-shaped vehicles (already unwrapped) into the sink, one at a time; item i is vehicle
 * i + 1. Records may differ in their keys: the columns are every key seen, in first-seen order,
 * and each record takes each field from its best-ranked key that has a value (the same choice a
 * mapper built on all the keys would make), so one pass is enough and nothing piles up.
 */
export function mapRecords(format: FeedFormat, items: Iterable<unknown>, rows: RowSink): FeedSummary {
  const names: string[] = [];
  const seen = new Set<string>();
  let mapper = new FieldMapper(names);
  const rowErrors: ItemError[] = [];
  let index = 0;
  for (const item of items) {
    index++;
    if (index > MAX_ROWS) throw tooManyRows();
    if (!isPlainObject(item)) {
      rowErrors.push({ index, external_id: '', rules: [msg('row_not_object', { n: index })] });
      continue;
    }
    const r = flatten(item);
    let grew = false;
    for (const k of r.keys()) {
      if (!seen.has(k)) {
        if (names.length >= MAX_NAMES) throw new UnreadableFeedError(msg('file_too_many_names', { max: MAX_NAMES }));
        seen.add(k);
        names.push(k);
        grew = true;
      }
    }
    if (grew) mapper = new FieldMapper(names);
    rows.push({ index, vehicle: mapper.map((col) => r.get(names[col]!)) });
  }
  requireKnownColumns(mapper.columns);
  return { format, columns: mapper.columns, rowErrors };
}
