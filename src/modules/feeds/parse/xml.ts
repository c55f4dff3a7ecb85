// XML feeds: vehicles are the repeated elements under the root (`<inventory><vehicle>`,
// `<cars><car>`, `<stock><item>`, `<rss><channel><item>` …); photos are repeated child elements.
// Namespaced names are read by their local name (Google's `<g:price>` is `price`, `<g:item>`
// would be `item`); `xmlns` declarations are not fields. A DOCTYPE or ENTITY declaration is refused before parsing (billion laughs, external entities):
// nothing is expanded and nothing is fetched. Values stay text (no number conversion).
//
// Memory: the document is first read one level deep (the root's children kept as raw text), and
// each vehicle is then parsed on its own and handed on, so a 10 MB file never becomes one big tree.
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { matchColumn } from './columns.js';
import { MAX_ROWS } from './map.js';
import { isPlainObject, mapRecords } from './records.js';
import { msg } from '../../../core/i18n/index.js';
import { UnreadableFeedError, type FeedSummary, type RowSink } from './types.js';

/** Element names that are a vehicle wherever they appear. */
const VEHICLE_NAMES = new Set([
  'vehicle',
  'vehicles',
  'car',
  'item',
  'listing',
  'auto',
  'vehiculo',
  'veiculo',
  'carro',
  'coche',
  'ad',
  'anuncio',
  'offer',
  'entry',
  'unit',
  'unidad',
]);
const ATTR = '@_';
const TEXT = '#text';
const MAX_DEPTH = 4;

type Node = Record<string, unknown>;

const OPTIONS: X2jOptions = {
  ignoreAttributes: false,
  attributeNamePrefix: ATTR,
  textNodeName: TEXT,
  parseTagValue: false, // "00123" stays "00123"
  parseAttributeValue: false,
  processEntities: false, // no entity is ever expanded; the five XML escapes are decoded below
  ignoreDeclaration: true,
  ignorePiTags: true,
  trimValues: true,
  allowBooleanAttributes: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
};
/** Reads the root's children as raw text (stop nodes), with their attributes. */
const shallow = new XMLParser({ ...OPTIONS, stopNodes: ['*.*'] });
/** Reads one vehicle (or a small document) whole. */
const full = new XMLParser(OPTIONS);

export function parseXml(text: string, rows: RowSink): FeedSummary {
  refuseDeclarations(text);
  checkXmlShape(text);
  // Deprecated for a separate package in fast-xml-parser 5, still shipped and tested here.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new UnreadableFeedError(msg('xml_unreadable', { line: valid.err.line, detail: valid.err.msg }));
  }
  return mapRecords('xml', findVehicles(text, 0), rows);
}

/** Refuses `<!DOCTYPE` and `<!ENTITY` anywhere but inside a comment or CDATA section. */
function refuseDeclarations(text: string): void {
  const re = /<!(?:DOCTYPE|ENTITY)/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    const inCdata = text.lastIndexOf('<![CDATA[', at) > text.lastIndexOf(']]>', at);
    const inComment = text.lastIndexOf('<!--', at) > text.lastIndexOf('-->', at);
    if (!inCdata && !inComment) {
      throw new UnreadableFeedError(msg('xml_doctype'));
    }
  }
}

/**
 * Counts the child elements of every element, without building anything: the first reading of
 * the document would otherwise keep one entry per child of the root (1.4 million `<car/>` fit in
 * 10 MB) before the row limit could be checked. An element with more children than the row
 * limit refuses the file at once. Malformed text is left to the validator, which says where.
 */
export function checkXmlShape(text: string): void {
  const counts: number[] = [0]; // children so far of each open element (the document first)
  const n = text.length;
  for (let i = 0; ;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) return;
    const c = text.charCodeAt(lt + 1);
    let end: number;
    if (text.startsWith('<!--', lt)) end = text.indexOf('-->', lt + 4) + 3;
    else if (text.startsWith('<![CDATA[', lt)) end = text.indexOf(']]>', lt + 9) + 3;
    else if (c === 0x3f /* ? */) end = text.indexOf('?>', lt + 2) + 2;
    else if (c === 0x2f /* / */) {
      if (counts.length > 1) counts.pop();
      end = text.indexOf('>', lt + 2) + 1;
    } else {
      // an element: its end is the first ">" outside a quoted attribute value
      let j = lt + 1;
      for (let quote = 0; j < n; j++) {
        const d = text.charCodeAt(j);
        if (quote !== 0) {
          if (d === quote) quote = 0;
        } else if (d === 0x22 || d === 0x27) quote = d;
        else if (d === 0x3e) break;
      }
      if (j >= n) return;
      if (++counts[counts.length - 1]! > MAX_ROWS) {
        throw new UnreadableFeedError(msg('xml_too_many', { max: MAX_ROWS }));
      }
      if (text.charCodeAt(j - 1) !== 0x2f) counts.push(0); // not self-closing: its children follow
      end = j + 1;
    }
    if (end <= lt) return; // an unclosed comment, CDATA section or tag: left to the validator
    i = end;
  }
}

/** `g:price` → `price`: feeds namespace the same fields (Google Merchant Center's `g:`). */
const localName = (name: string): string => name.slice(name.lastIndexOf(':') + 1);
const isNamespaceDeclaration = (attr: string): boolean => attr === 'xmlns' || attr.startsWith('xmlns:');

const childNames = (n: Node): string[] => Object.keys(n).filter((k) => !k.startsWith(ATTR) && k !== TEXT);
/** A child read shallowly: its raw inner XML and its attributes. */
const rawOf = (el: unknown): string => (typeof el === 'string' ? el : isPlainObject(el) && typeof el[TEXT] === 'string' ? el[TEXT] : '');
const hasElements = (el: unknown): boolean => rawOf(el).includes('<');

function rootOf(doc: Node): { name: string; node: unknown } {
  const names = childNames(doc);
  if (names.length !== 1) throw new UnreadableFeedError(msg('xml_no_root'));
  return { name: names[0]!, node: (doc[names[0]!] as unknown[])[0] };
}

/**
 * The vehicles of a document, one at a time. Read one level deep: a child named like a vehicle,
 * or the one child that repeats, is the list; a root whose children are fields is one vehicle;
 * a single wrapper (`<rss><channel>`) is opened and searched the same way.
 */
function findVehicles(text: string, depth: number): Iterable<unknown> {
  const root = rootOf(shallow.parse(text) as Node);
  if (!isPlainObject(root.node)) {
    if (rawOf(root.node) === '') return []; // <inventory/>: an empty inventory
    throw noVehicles();
  }
  const node = root.node;
  const names = childNames(node);
  if (names.length === 0) return [];
  for (const name of names) if (VEHICLE_NAMES.has(localName(name).toLowerCase())) return vehiclesOf(name, node[name] as unknown[]);
  const repeated = names.filter((n) => (node[n] as unknown[]).length > 1 && (node[n] as unknown[]).some(hasElements));
  if (repeated.length === 1) return vehiclesOf(repeated[0]!, node[repeated[0]!] as unknown[]);
  if (names.filter((n) => matchColumn(localName(n)) !== null).length >= 2) return [toRecord((full.parse(text) as Node)[root.name] as unknown[])]; // the root is the one vehicle
  if (names.length === 1 && depth < MAX_DEPTH) {
    const only = node[names[0]!] as unknown[];
    if (only.length === 1 && hasElements(only[0])) return findVehicles(`<${names[0]}>${rawOf(only[0])}</${names[0]}>`, depth + 1);
  }
  throw noVehicles();
}

const noVehicles = () => new UnreadableFeedError(msg('xml_no_vehicles'));

/** Each element of the list parsed on its own when its turn comes. */
function* vehiclesOf(name: string, list: unknown[]): Generator {
  for (let i = 0; i < list.length; i++) {
    const el = list[i];
    list[i] = undefined; // its raw text is not needed once read
    const attrs = isPlainObject(el) ? Object.keys(el).filter((k) => k.startsWith(ATTR)) : [];
    const raw = rawOf(el);
    if (raw === '' || !raw.includes('<')) {
      // text only (`<car>x</car>`) is not a vehicle; attributes only (`<car id="1" brand="x"/>`) are
      if (attrs.length === 0) {
        yield raw;
        continue;
      }
      yield toRecord([{ ...(el as Node), [TEXT]: undefined }]);
      continue;
    }
    const parsed = (full.parse(`<${name}>${raw}</${name}>`) as Node)[name] as unknown[];
    const node = parsed[0];
    const record = toRecord([node]);
    for (const a of attrs) {
      if (isNamespaceDeclaration(a.slice(ATTR.length))) continue;
      const key = localName(a.slice(ATTR.length));
      if (!(key in record)) record[key] = decodeEscapes(String((el as Node)[a]));
    }
    yield record;
  }
}

/**
 * A vehicle element as a record: children by local name (the first of two that share one, e.g.
 * `<description>` and `<g:description>`, is kept), attributes by name when no child has it.
 */
function toRecord(parsed: unknown[]): Record<string, unknown> {
  const el = parsed[0];
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (!isPlainObject(el)) return out;
  for (const key of Object.keys(el)) {
    if (key.startsWith(ATTR) || key === TEXT) continue;
    const name = localName(key);
    if (name in out) continue;
    const values = (el[key] as unknown[]).map(toValue);
    out[name] = values.length === 1 ? values[0] : values;
  }
  for (const key of Object.keys(el)) {
    if (!key.startsWith(ATTR) || isNamespaceDeclaration(key.slice(ATTR.length))) continue;
    const name = localName(key.slice(ATTR.length));
    if (!(name in out)) out[name] = decodeEscapes(String(el[key]));
  }
  return out;
}

/**
 * An element's value: text as a string; an element with one kind of child as that child's value
 * (`<photos><photo>a</photo><photo>b</photo></photos>` → ["a", "b"]); otherwise an object, whose
 * text is `#text` (`<price currency="ARS">100</price>` → { "#text": "100", currency: "ARS" }).
 */
function toValue(v: unknown): unknown {
  if (typeof v === 'string') return decodeEscapes(v);
  if (!isPlainObject(v)) return v;
  const rec = toRecord([v]);
  const names = childNames(v);
  const attrs = Object.keys(v).filter((k) => k.startsWith(ATTR) && !isNamespaceDeclaration(k.slice(ATTR.length)));
  if (names.length === 1 && attrs.length === 0 && !(TEXT in v)) return rec[localName(names[0]!)];
  if (TEXT in v) {
    const text = decodeEscapes(String(v[TEXT]));
    if (names.length === 0 && attrs.length === 0) return text;
    rec[TEXT] = text;
  }
  return rec;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** The five XML escapes and character references; nothing else is an entity here. */
function decodeEscapes(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(lt|gt|amp|quot|apos));/g, (all, dec: string, hex: string, name: string) => {
    if (name) return NAMED[name]!;
    const cp = dec ? Number(dec) : parseInt(hex, 16);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
  });
}
