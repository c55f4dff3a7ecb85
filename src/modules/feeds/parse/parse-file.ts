// One file, start to end, in the current process: detect, decode, parse, map. The parser child
// process (worker.ts, started by pool.ts: P15) runs this; index.ts is the entry the rest of the
// service calls.
import { parseCsv } from './csv.js';
import { declaredFormat, decodeText, detectFormat, refuseKnownBinary } from './detect.js';
import { parseJson } from './json.js';
import { marketSink } from './market.js';
import { withOverrides } from './overrides.js';
import { msg } from '../../../core/i18n/index.js';
import { UnreadableFeedError, type ItemError, type ParsedRow, type FeedSummary, type ParsedFeed, type ParseInput, type RowSink } from './types.js';

/** The whole result at once (tests and in-thread use). */
export async function parseFile(input: ParseInput): Promise<ParsedFeed> {
  const rows: ParsedRow[] = [];
  const summary = await parseFileInto(input, rows);
  return { format: summary.format, rows, columns: summary.columns, rowErrors: summary.rowErrors };
}

/** Rows go into `rows` as they are read; the rest is returned at the end. */
export function parseFileInto(input: ParseInput, rows: RowSink): Promise<FeedSummary> {
  return withOverrides(input.columnMap, () => parseWithin(input, rows));
}

async function parseWithin(input: ParseInput, rows: RowSink): Promise<FeedSummary> {
  const marketErrors: ItemError[] = [];
  const summary = await parseFormat(input, marketSink(rows, input.market, marketErrors));
  if (marketErrors.length === 0) return summary;
  return { ...summary, rowErrors: [...summary.rowErrors, ...marketErrors].sort((a, b) => a.index - b.index) };
}

async function parseFormat(input: ParseInput, rows: RowSink): Promise<FeedSummary> {
  const { body } = input;
  if (body.length === 0) throw new UnreadableFeedError(msg('file_empty'));
  const declared = declaredFormat(input.contentType, input.filename);
  if (detectFormat(body, null, declared) === 'xlsx') {
    const { parseXlsx } = await import('./xlsx.js');
    return parseXlsx(body, rows);
  }
  refuseKnownBinary(body);
  const text = decodeText(body);
  if (text.trim() === '') throw new UnreadableFeedError(msg('file_empty'));
  switch (detectFormat(body, text, declared)) {
    case 'json':
      return parseJson(text, rows);
    case 'xml': {
      const { parseXml } = await import('./xml.js');
      return parseXml(text, rows);
    }
    default:
      return parseCsv(text, rows);
  }
}
