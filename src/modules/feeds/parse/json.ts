// JSON feeds: an array of vehicles, or an object holding one (`vehicles`, `data`, `items`, …).
import { matchColumn } from './columns.js';
import { MAX_ROWS } from './map.js';
import { isPlainObject, mapRecords } from './records.js';
import { msg } from '../../../core/i18n/index.js';
import { UnreadableFeedError, type FeedSummary, type RowSink } from './types.js';

/** Where exporters put the list, in order of preference. */
const LIST_KEYS = [
  'vehicles',
  'vehiculos',
  'veiculos',
  'cars',
  'autos',
  'carros',
  'inventory',
  'inventario',
  'stock',
  'listings',
  'items',
  'data',
  'results',
  'records',
  'ads',
  'anuncios',
  'offers',
];

/** Objects and arrays in one file: an inventory at the row limit has a few per car, far fewer than this. */
const MAX_JSON_CONTAINERS = 1_000_000;

export function parseJson(text: string, rows: RowSink): FeedSummary {
  checkShape(text);
  let doc: unknown;
  try {
    // JSON.parse makes "__proto__" an ordinary own key; records.ts never copies it anywhere.
    doc = JSON.parse(text);
  } catch (err) {
    throw new UnreadableFeedError(msg('json_unreadable', { detail: (err as Error).message.slice(0, 200) }));
  }
  const list = findList(doc, 0);
  if (!list) {
    throw new UnreadableFeedError(msg('json_no_list'));
  }
  return mapRecords('json', list, rows);
}

function findList(doc: unknown, depth: number): unknown[] | undefined {
  if (Array.isArray(doc)) return doc as unknown[];
  if (!isPlainObject(doc) || depth > 2) return undefined;
  const keys = Object.keys(doc);
  for (const name of LIST_KEYS) {
    const key = keys.find((k) => k.toLowerCase() === name);
    if (key === undefined) continue;
    const found = findList(doc[key], depth + 1);
    if (found) return found;
  }
  // a single array of objects under another name (`{"feed": [ … ]}`), or one wrapper object
  const arrays = keys.filter((k) => Array.isArray(doc[k]) && (doc[k] as unknown[]).some(isPlainObject) && matchColumn(k) === null);
  if (arrays.length === 1) return doc[arrays[0]!] as unknown[];
  const objects = keys.filter((k) => isPlainObject(doc[k]));
  if (keys.length === 1 && objects.length === 1) return findList(doc[objects[0]!], depth + 1);
  // one vehicle on its own: {"external_id": "A1", "brand": "Ford", …}
  if (depth === 0 && keys.filter((k) => matchColumn(k) !== null).length >= 2) return [doc];
  return undefined;
}

/**
 * Counts, without building anything, the entries of every list and the objects and lists of the
 * file: JSON.parse would otherwise build all of them first (3 million `{}` in 10 MB take far more
 * memory than the file) before the row limit could be checked. A list longer than the row limit
 * (the vehicles, or any other) or too many objects refuse the file at once. Malformed text is
 * left to JSON.parse, which says where.
 */
function checkShape(text: string): void {
  const counts: number[] = []; // entries so far (commas) of each open container; -1: an object
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    switch (c) {
      case 0x22: // "
        inString = true;
        break;
      case 0x5b: // [
      case 0x7b: // {
        if (++containers > MAX_JSON_CONTAINERS) {
          throw new UnreadableFeedError(msg('json_too_many_containers', { max: MAX_JSON_CONTAINERS }));
        }
        counts.push(c === 0x5b ? 0 : -1);
        break;
      case 0x5d: // ]
      case 0x7d: // }
        counts.pop();
        break;
      case 0x2c: {
        // , between two entries of a list: entry number (commas + 2) starts
        const top = counts.length - 1;
        if (top >= 0 && counts[top]! >= 0 && ++counts[top]! >= MAX_ROWS) {
          throw new UnreadableFeedError(msg('json_too_many_entries', { max: MAX_ROWS }));
        }
        break;
      }
    }
  }
}
