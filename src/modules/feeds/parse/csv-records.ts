// CSV records for csv.ts (P50): a plain file is split here with indexOf and slice, about four
// times faster than csv-parse, which builds every field byte by byte and an info object per
// record. Whatever is not plain (a closing quote followed by anything but a delimiter or a line
// end, a quote never closed, a record too large, any "\r") is read by csv-parse from the start
// of that record on: the records are csv-parse's own (test/feeds/csv-records.test.ts compares
// both on random files), and its errors stay its own.
import { parse } from 'csv-parse/sync';

export interface CsvOptions {
  delimiter: string;
  /** csv-parse's max_record_size. */
  maxRecordBytes: number;
}

const QUOTE = 0x22;
const NL = 0x0a;

/** Calls `onRecord` with each record of `text`, in order. Throws csv-parse's errors (with `lines` counted from the file's start). */
export function readCsvRecords(text: string, opts: CsvOptions, onRecord: (record: string[]) => void): void {
  const rest = text.includes('\r') ? 0 : plainRecords(text, opts, onRecord);
  if (rest === -1) return;
  try {
    parse(rest === 0 ? text : text.slice(rest), {
      delimiter: opts.delimiter,
      relax_quotes: true, // `18" wheels` inside an unquoted value
      relax_column_count: true, // widths are checked by the caller, row by row
      skip_empty_lines: false, // blank lines still count as spreadsheet rows (D15 index)
      max_record_size: opts.maxRecordBytes,
      cast: false,
      on_record: (record: string[]) => {
        onRecord(record);
        return undefined;
      },
    });
  } catch (err) {
    // csv-parse counted lines from where it started.
    const e = err as { lines?: unknown };
    if (rest > 0 && typeof e.lines === 'number') e.lines += lineBreaksBefore(text, rest);
    throw err;
  }
}

function lineBreaksBefore(text: string, end: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/**
 * The plain records from the start of `text` (which has no "\r"), as csv-parse reads them with
 * relax_quotes: a quote opens a quoted value only as a value's first character, `""` inside it
 * is one quote, and a quote anywhere else is text. Returns -1 at the end of the text, or the
 * offset of the first record that is not plain.
 */
function plainRecords(text: string, opts: CsvOptions, onRecord: (record: string[]) => void): number {
  const n = text.length;
  const delimiter = opts.delimiter;
  const delimiterCode = delimiter.charCodeAt(0);
  // A record this long in characters may be longer than max_record_size in bytes: csv-parse decides.
  const maxChars = opts.maxRecordBytes / 4;
  let nextDelimiter = -1;
  let nextLine = -1;
  let pos = 0;
  while (pos < n) {
    const start = pos;
    const record: string[] = [];
    let atEnd = false;
    for (;;) {
      if (text.charCodeAt(pos) === QUOTE) {
        let value = '';
        let from = pos + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q === -1) return start; // never closed: csv-parse says where
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          pos = q + 1;
          break;
        }
        record.push(value);
        if (pos >= n) {
          atEnd = true;
          break;
        }
        const c = text.charCodeAt(pos);
        pos++;
        if (c === delimiterCode) continue;
        if (c === NL) break;
        return start; // `"a"b`: csv-parse's relaxed reading of it
      }
      if (nextDelimiter < pos) {
        nextDelimiter = text.indexOf(delimiter, pos);
        if (nextDelimiter === -1) nextDelimiter = n;
      }
      if (nextLine < pos) {
        nextLine = text.indexOf('\n', pos);
        if (nextLine === -1) nextLine = n;
      }
      const end = nextDelimiter < nextLine ? nextDelimiter : nextLine;
      record.push(text.slice(pos, end));
      pos = end + 1;
      if (end >= n) {
        atEnd = true;
        break;
      }
      if (end === nextLine) break;
    }
    if (pos - start > maxChars) return start;
    onRecord(record);
    if (atEnd) return -1;
  }
  return -1;
}
