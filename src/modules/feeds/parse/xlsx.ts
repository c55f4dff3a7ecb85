// Excel .xlsx workbooks: the first worksheet, its first row the header. The zip is checked first
// (zip.ts); exceljs then streams only the entries it needs — workbook, relations, shared strings,
// styles (to tell dates), the first sheet — so neither other sheets nor images are inflated, and
// rows are mapped one at a time instead of building a whole workbook model.
import { Readable } from 'node:stream';
import { FieldMapper, MAX_ROWS, requireKnownColumns, tooManyRows } from './map.js';
import { msg } from '../../../core/i18n/index.js';
import { UnreadableFeedError, type FeedSummary, type RowSink } from './types.js';
import { inflateChecked, readZipDirectory, ZIP_LIMITS, type ZipEntry } from './zip.js';

const SMALL_PART = 4 * 1024 * 1024; // workbook.xml and its relations are a few kilobytes

export async function parseXlsx(body: Buffer, rows: RowSink): Promise<FeedSummary> {
  const entries = readZipDirectory(body);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = byName.get('xl/workbook.xml');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new UnreadableFeedError(msg('xlsx_not_workbook'));
  const sheetName = await firstSheetPath(body, workbook, rels);
  const sheet = sheetName ? byName.get(sheetName) : undefined;
  if (!sheet) throw new UnreadableFeedError(msg('xlsx_no_sheet'));
  if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(sheet.name)) {
    throw new UnreadableFeedError(msg('xlsx_sheet_name', { name: sheet.name.slice(0, 80) }));
  }
  const strings = byName.get('xl/sharedStrings.xml');
  if (strings && strings.size > ZIP_LIMITS.sharedStringsBytes) {
    throw new UnreadableFeedError(
      msg('zip_refused', {
        container: 'xlsx',
        why: msg('zip_why_shared_strings', { size: Math.round(strings.size / 1024 / 1024), max: ZIP_LIMITS.sharedStringsBytes / 1024 / 1024 }),
      }),
    );
  }
  const parts = [rels, workbook, strings, byName.get('xl/styles.xml'), sheet].filter((e): e is ZipEntry => e !== undefined);
  // Inflate-and-count before exceljs does: a directory that lies about sizes is caught here.
  for (const p of parts) await inflateChecked(body, p, 0);
  return readSheet(Readable.from(parts.map((p) => body.subarray(p.offset, p.end))), rows);
}

/** The path of the first sheet in the workbook's tab order, from workbook.xml and its relations. */
async function firstSheetPath(body: Buffer, workbook: ZipEntry, rels: ZipEntry): Promise<string | undefined> {
  const wb = (await inflateChecked(body, workbook, SMALL_PART)).toString('utf8');
  const rid = /<(?:\w+:)?sheet\b[^>]*?\s(?:\w+:)?id="([^"]+)"/.exec(wb)?.[1];
  if (!rid) return undefined;
  const relText = (await inflateChecked(body, rels, SMALL_PART)).toString('utf8');
  for (const m of relText.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = /\sId="([^"]+)"/.exec(m[0])?.[1];
    const target = /\sTarget="([^"]+)"/.exec(m[0])?.[1];
    if (id === rid && target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  }
  return undefined;
}

async function readSheet(zipStream: Readable, rows: RowSink): Promise<FeedSummary> {
  const ExcelJS = (await import('exceljs')).default;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(zipStream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // number formats tell which numbers are dates
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let mapper: FieldMapper | undefined;
  let count = 0;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<{ number: number; values: unknown[] }>) {
        const values = row.values;
        if (!mapper) {
          const names: string[] = [];
          for (let i = 1; i < values.length; i++) names.push(headerText(values[i]));
          if (names.every((n) => n === '')) continue; // empty (styled) rows above the header
          mapper = new FieldMapper(names);
          requireKnownColumns(mapper.columns);
          continue;
        }
        const get = (col: number) => cellValue(values[col + 1]);
        const vehicle = mapper.map(get);
        if (Object.keys(vehicle).length === 0) continue;
        if (++count > MAX_ROWS) throw tooManyRows();
        rows.push({ index: row.number, vehicle });
      }
      break; // the first worksheet only
    }
  } catch (err) {
    if (err instanceof UnreadableFeedError) throw err;
    throw new UnreadableFeedError(msg('xlsx_unreadable', { detail: (err as Error).message.slice(0, 200) }));
  }
  return { format: 'xlsx', columns: mapper?.columns ?? [], rowErrors: [] };
}

function headerText(v: unknown): string {
  const c = cellValue(v);
  return c === undefined ? '' : String(c).trim();
}

/**
 * A cell as the mapper reads it: text stays text ("00123"), numbers stay numbers (12500),
 * dates become ISO dates, rich text its plain text, formulas their result, errors nothing, a
 * hyperlink its shown text.
 */
function cellValue(v: unknown): string | number | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return dateText(v);
  if (typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.richText)) return (o.richText as { text?: unknown }[]).map((r) => (typeof r.text === 'string' ? r.text : '')).join('');
  if ('formula' in o || 'sharedFormula' in o) return cellValue(o.result);
  if ('error' in o) return undefined;
  if ('text' in o) return cellValue(o.text);
  return undefined;
}

/** 2024-03-01 for a date, 2024-03-01T10:30:00Z when it has a time of day. */
function dateText(d: Date): string | undefined {
  if (Number.isNaN(d.getTime())) return undefined;
  const iso = d.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, 'Z');
}
