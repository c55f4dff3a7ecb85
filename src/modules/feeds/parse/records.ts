// JSON and XML vehicles are trees; the mapper reads flat records. A record's nested objects become
// dotted keys (`mileage.value`, `price.currency`, `custom_fields.id`); arrays stay arrays (photos).
// Keys that could reach an object's prototype are dropped, and records have no prototype.
import { FieldMapper, MAX_ROWS, requireKnownColumns, tooManyRows } from './map.js';
import type { FeedFormat, FeedSummary, RowError, RowSink } from './types.js';

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 4;

export type FlatRecord = Map<string, unknown>;

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{ mileage: { value: 45000, unit: "KM" } }` → `mileage.value`, `mileage.unit`; `{ price: { "#text": "1", currency } }` → `price`, `price.currency`. */
export function flatten(obj: Record<string, unknown>): FlatRecord {
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
    const o: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v)) if (!UNSAFE_KEYS.has(k)) o[k] = safeValue(v[k]);
    return o;
  }
  return v;
}

/**
 * Maps tree-shaped vehicles (already unwrapped) into the sink; `items[i]` is vehicle i + 1.
 * Two passes: the names of every record first (the columns), then each record mapped and
 * handed on, so flattened copies never pile up.
 */
export function mapRecords(format: FeedFormat, items: readonly unknown[], rows: RowSink): FeedSummary {
  if (items.length > MAX_ROWS) throw tooManyRows();
  const names: string[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    if (!isPlainObject(item)) continue;
    for (const k of flatten(item).keys()) {
      if (!seen.has(k)) {
        seen.add(k);
        names.push(k);
      }
    }
  }
  const mapper = new FieldMapper(names);
  requireKnownColumns(mapper.columns);
  const rowErrors: RowError[] = [];
  items.forEach((item, i) => {
    if (!isPlainObject(item)) {
      rowErrors.push({ index: i + 1, external_id: '', message: `vehicle ${i + 1} is not an object` });
      return;
    }
    const r = flatten(item);
    rows.push({ index: i + 1, vehicle: mapper.map((col) => r.get(names[col]!)) });
  });
  return { format, columns: mapper.columns, rowErrors };
}
