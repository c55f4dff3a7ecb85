// XML feeds: vehicles are the repeated elements under the root (`<inventory><vehicle>`,
// `<cars><car>`, `<stock><item>`, `<rss><channel><item>` …); photos are repeated child elements.
// A DOCTYPE or ENTITY declaration is refused before parsing (billion laughs, external entities):
// nothing is expanded and nothing is fetched. Values stay text (no number conversion).
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { matchColumn } from './columns.js';
import { isPlainObject, mapRecords } from './records.js';
import { UnreadableFeedError, type FeedSummary, type RowSink } from './types.js';

/** Element names that are a vehicle wherever they appear. */
const VEHICLE_NAMES = new Set(['vehicle', 'vehicles', 'car', 'item', 'listing', 'auto', 'vehiculo', 'veiculo', 'carro', 'coche', 'ad', 'anuncio', 'offer', 'entry', 'unit', 'unidad']);
const ATTR = '@_';
const TEXT = '#text';

type Node = Record<string, unknown>;

export function parseXml(text: string, rows: RowSink): FeedSummary {
  refuseDeclarations(text);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new UnreadableFeedError(`The XML file cannot be read (line ${valid.err.line}): ${valid.err.msg}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTR,
    textNodeName: TEXT,
    parseTagValue: false, // "00123" stays "00123"
    parseAttributeValue: false,
    processEntities: false, // no entity is ever expanded; the five XML escapes are decoded below
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    trimValues: true,
    allowBooleanAttributes: true,
    isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  });
  let doc: Node;
  try {
    doc = parser.parse(text) as Node;
  } catch (err) {
    throw new UnreadableFeedError(`The XML file cannot be read: ${(err as Error).message.slice(0, 200)}`);
  }
  const roots = Object.keys(doc).filter((k) => !k.startsWith(ATTR) && k !== TEXT);
  const root = roots.length === 1 ? (doc[roots[0]!] as unknown[])[0] : undefined;
  if (root === undefined) throw new UnreadableFeedError('The XML file has no root element.');
  const list = isPlainObject(root) ? findVehicles(root, 0) : [];
  if (!list) throw new UnreadableFeedError('The XML file has no vehicle elements: expected e.g. <inventory><vehicle>…</vehicle></inventory>.');
  return mapRecords('xml', list.map((el) => (isPlainObject(el) ? toRecord(el) : el)), rows);
}

/** Refuses `<!DOCTYPE` and `<!ENTITY` anywhere but inside a comment or CDATA section. */
function refuseDeclarations(text: string): void {
  const re = /<!(?:DOCTYPE|ENTITY)/gi;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const at = m.index;
    const inCdata = text.lastIndexOf('<![CDATA[', at) > text.lastIndexOf(']]>', at);
    const inComment = text.lastIndexOf('<!--', at) > text.lastIndexOf('-->', at);
    if (!inCdata && !inComment) {
      throw new UnreadableFeedError('The XML file has a DOCTYPE or ENTITY declaration; feeds must not declare them (they are refused, never expanded or fetched).');
    }
  }
}

const childNames = (n: Node): string[] => Object.keys(n).filter((k) => !k.startsWith(ATTR) && k !== TEXT);

/** The element list that holds the vehicles, or undefined when there is none. */
function findVehicles(node: Node, depth: number): unknown[] | undefined {
  const names = childNames(node);
  if (names.length === 0) return []; // <inventory/>: an empty inventory
  for (const name of names) if (VEHICLE_NAMES.has(name.toLowerCase())) return node[name] as unknown[];
  const repeated = names.filter((n) => (node[n] as unknown[]).length > 1 && (node[n] as unknown[]).some(isPlainObject));
  if (repeated.length === 1) return node[repeated[0]!] as unknown[];
  if (looksLikeVehicle(node)) return [node];
  if (names.length === 1 && depth < 4) {
    const only = node[names[0]!] as unknown[];
    if (only.length === 1 && isPlainObject(only[0])) {
      const child = only[0];
      return looksLikeVehicle(child) ? [child] : findVehicles(child, depth + 1);
    }
  }
  return undefined;
}

/** Two or more children with names the service knows. */
function looksLikeVehicle(node: Node): boolean {
  return Object.keys(node).filter((k) => matchColumn(k.startsWith(ATTR) ? k.slice(ATTR.length) : k) !== null).length >= 2;
}

/** A vehicle element as a record: children by name, attributes by name when no child has it. */
function toRecord(el: Node): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(el)) {
    if (key.startsWith(ATTR) || key === TEXT) continue;
    const values = (el[key] as unknown[]).map(toValue);
    out[key] = values.length === 1 ? values[0] : values;
  }
  for (const key of Object.keys(el)) {
    if (!key.startsWith(ATTR)) continue;
    const name = key.slice(ATTR.length);
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
  const rec = toRecord(v);
  const names = childNames(v);
  const attrs = Object.keys(v).filter((k) => k.startsWith(ATTR));
  if (names.length === 1 && attrs.length === 0 && !(TEXT in v)) return rec[names[0]!];
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
