// Which format a file is in (D15: content type, file name and content) and its text (UTF-8 with
// or without BOM, UTF-16 with BOM as Excel's "Unicode text" writes it, else Windows-1252).
import { UnreadableFeedError, type FeedFormat } from './types.js';
import { msg } from '../../../core/i18n/index.js';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
/** Files people send by mistake, told by their first bytes. */
// The kinds are file_binary_kind's (catalogue of words, D31).
const OTHER_BINARIES: [number[], 'xls' | 'gzip' | 'pdf' | 'png' | 'jpeg' | 'rar' | '7z'][] = [
  [[0xd0, 0xcf, 0x11, 0xe0], 'xls'],
  [[0x1f, 0x8b], 'gzip'],
  [[0x25, 0x50, 0x44, 0x46], 'pdf'],
  [[0x89, 0x50, 0x4e, 0x47], 'png'],
  [[0xff, 0xd8, 0xff], 'jpeg'],
  [[0x52, 0x61, 0x72, 0x21], 'rar'],
  [[0x37, 0x7a, 0xbc, 0xaf], '7z'],
];

const startsWith = (b: Buffer, sig: number[]) => b.length >= sig.length && sig.every((x, i) => b[i] === x);

/** The format the sender declared, if any: content type first, then the file name's extension. */
export function declaredFormat(contentType?: string, filename?: string): FeedFormat | undefined {
  const ct = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (ct === 'text/csv' || ct === 'application/csv' || ct === 'text/tab-separated-values' || ct === 'application/vnd.ms-excel') return 'csv';
  if (ct === 'application/json' || ct.endsWith('+json')) return 'json';
  if (ct === 'application/xml' || ct === 'text/xml' || ct.endsWith('+xml')) return 'xml';
  if (ct === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') return 'xlsx';
  const ext = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (ext === 'csv' || ext === 'tsv' || ext === 'txt') return 'csv';
  if (ext === 'json') return 'json';
  if (ext === 'xml') return 'xml';
  if (ext === 'xlsx') return 'xlsx';
  return undefined;
}

/**
 * The format of a file: its content decides when it is clear (a zip is a workbook, `<` is XML,
 * `{`/`[` is JSON), otherwise what the sender declared, otherwise CSV.
 */
export function detectFormat(body: Buffer, text: string | null, declared: FeedFormat | undefined): FeedFormat {
  if (startsWith(body, ZIP) || startsWith(body, EMPTY_ZIP)) return 'xlsx';
  if (declared === 'xlsx') throw new UnreadableFeedError(msg('file_not_xlsx'));
  const first = text === null ? '' : firstNonBlank(text);
  if (first === '<') return 'xml';
  if (first === '{' || first === '[') return declared === 'csv' ? 'csv' : 'json';
  return declared ?? 'csv';
}

function firstNonBlank(text: string): string {
  const m = /\S/.exec(text.length > 4096 ? text.slice(0, 4096) : text);
  return m ? m[0] : '';
}

/** Refuses files that are plainly not text (before any decoding is attempted). */
export function refuseKnownBinary(body: Buffer): void {
  for (const [sig, kind] of OTHER_BINARIES) {
    if (startsWith(body, sig)) throw new UnreadableFeedError(msg('file_binary_kind', { kind }));
  }
}

/** The body as text. Invalid UTF-8 is read as Windows-1252 (what Excel writes on Windows). */
export function decodeText(body: Buffer): string {
  let text: string;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) text = utf8OrLatin(body.subarray(3));
  else if (body[0] === 0xff && body[1] === 0xfe) text = new TextDecoder('utf-16le').decode(body.subarray(2));
  else if (body[0] === 0xfe && body[1] === 0xff) text = new TextDecoder('utf-16be').decode(body.subarray(2));
  else text = utf8OrLatin(body);
  if (looksBinary(text)) throw new UnreadableFeedError(msg('file_not_text'));
  return text;
}

function utf8OrLatin(b: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return windows1252(b);
  }
}

/** 0x80–0x9F in Windows-1252 (the rest is Latin-1); the five unassigned bytes stay as they are. */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/**
 * Windows-1252 by hand: Node 20's TextDecoder('windows-1252') decodes as Latin-1, which turns
 * €, “ ” and the like into control characters.
 */
function windows1252(b: Buffer): string {
  const latin1 = b.toString('latin1');
  return /[\x80-\x9f]/.test(latin1) ? latin1.replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!) : latin1;
}

/** NUL characters or many control characters in the first 64 KB: not a text file. */
function looksBinary(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || (c >= 0x7f && c <= 0x9f)) control++;
  }
  return control > 8 && control > sample.length / 100;
}
