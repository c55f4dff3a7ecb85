// JSON feeds: an array of vehicles, or an object holding one (`vehicles`, `data`, `items`, …).
import { matchColumn } from './columns.js';
import { isPlainObject, mapRecords } from './records.js';
import { UnreadableFeedError, type FeedSummary, type RowSink } from './types.js';

/** Where exporters put the list, in order of preference. */
const LIST_KEYS = ['vehicles', 'vehiculos', 'veiculos', 'cars', 'autos', 'carros', 'inventory', 'inventario', 'stock', 'listings', 'items', 'data', 'results', 'records', 'ads', 'anuncios', 'offers'];

export function parseJson(text: string, rows: RowSink): FeedSummary {
  let doc: unknown;
  try {
    // JSON.parse makes "__proto__" an ordinary own key; records.ts never copies it anywhere.
    doc = JSON.parse(text);
  } catch (err) {
    throw new UnreadableFeedError(`The JSON file cannot be read: ${(err as Error).message.slice(0, 200)}`);
  }
  const list = findList(doc, 0);
  if (!list) {
    throw new UnreadableFeedError('The JSON file must be an array of vehicles, or an object with a "vehicles" array.');
  }
  return mapRecords('json', list, rows);
}

function findList(doc: unknown, depth: number): unknown[] | undefined {
  if (Array.isArray(doc)) return doc;
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
