// CSV for spreadsheets, written by hand (no CSV writer among the dependencies; this is small):
// RFC 4180 cells — every cell quoted, quotes doubled, CRLF between records — and text that a
// spreadsheet would run as a formula (starting with = + - @, tab or CR) prefixed with a single
// quote, so a stock ID such as =HYPERLINK(…) from a dealer's file is shown, never evaluated.

const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return `"${s.replaceAll('"', '""')}"`;
}

/** A whole file: a UTF-8 byte order mark (so spreadsheets read accents right), then the records. */
export function csvFile(rows: readonly (readonly (string | number)[])[]): string {
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}
