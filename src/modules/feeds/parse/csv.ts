// CSV (D15, D16): delimiter detected from the header line, every value read as text, rows of
// the wrong width reported one by one, records bounded in size.
import { msg, type Msg } from '../../../core/i18n/index.js';
import { readCsvRecords } from './csv-records.js';
import { FieldMapper, MAX_ROWS, requireKnownColumns, tooManyRows } from './map.js';
import { UnreadableFeedError, type FeedSummary, type ItemError, type RowSink } from './types.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;
/** A car's row is a few kilobytes; a longer record is a broken file, not a car. */
const MAX_RECORD_BYTES = 1024 * 1024;

/** The delimiter that appears most often in the header line, outside quotes (`,` on a tie). */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  const start = /^\s*/.exec(text)![0].lastIndexOf('\n') + 1; // the header is the first line with text
  const end = Math.min(text.length, start + 65536);
  for (let i = start; i < end; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, counts.get(c)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

export function parseCsv(source: string, rows: RowSink): FeedSummary {
  // Excel's "sep=;" first line names the delimiter; Excel does not show it as a row.
  const sep = /^sep=([^\r\n])\r?\n/i.exec(source);
  const text = sep ? source.slice(sep[0].length) : source;
  const delimiter = sep ? sep[1]! : detectDelimiter(text);
  let mapper: FieldMapper | undefined;
  let width = 0;
  let recordNo = 0;
  let count = 0;
  const rowErrors: ItemError[] = [];
  try {
    // csv-parse's reading (relaxed quotes, blank lines counted as rows: D15 index), faster (P50).
    readCsvRecords(text, { delimiter, maxRecordBytes: MAX_RECORD_BYTES }, (record) => {
      recordNo++;
      if (!mapper) {
        if (record.every((h) => h.trim() === '')) return; // blank lines above the header
        mapper = new FieldMapper(record.map((h) => h.trim()));
        width = record.length;
        requireKnownColumns(mapper.columns);
        return;
      }
      if (record.every((v) => v.trim() === '')) return;
      const get = (i: number) => record[i];
      if (record.length !== width && !(record.length > width && record.slice(width).every((v) => v.trim() === ''))) {
        if (++count > MAX_ROWS) throw tooManyRows();
        rowErrors.push({
          index: recordNo,
          external_id: mapper.externalId(get),
          rules: [msg('row_width', { row: recordNo, values: record.length, columns: width })],
        });
        return;
      }
      if (++count > MAX_ROWS) throw tooManyRows();
      rows.push({ index: recordNo, vehicle: mapper.map(get) });
    });
  } catch (err) {
    if (err instanceof UnreadableFeedError) throw err;
    throw new UnreadableFeedError(csvProblem(err));
  }
  if (!mapper) throw new UnreadableFeedError(msg('file_empty'));
  return { format: 'csv', columns: mapper.columns, rowErrors };
}

function csvProblem(err: unknown): Msg {
  const e = err as { code?: string; lines?: number; message?: string };
  const line = e.lines !== undefined ? String(e.lines) : 'none';
  switch (e.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return msg('csv_row_too_long', { mb: MAX_RECORD_BYTES / 1024 / 1024, line });
    case 'CSV_QUOTE_NOT_CLOSED':
      return msg('csv_quote_open', { line });
    default:
      return msg('csv_unreadable', { line, detail: e.message ?? String(err) });
  }
}
