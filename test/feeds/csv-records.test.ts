// P50: the CSV reader's fast path splits plain records itself and hands the rest to csv-parse.
// Whatever the file, the records (and errors) must be csv-parse's own.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { readCsvRecords } from '../../src/modules/feeds/parse/csv-records.js';

const OPTS = { delimiter: ',', maxRecordBytes: 64 };

function viaCsvParse(text: string, opts = OPTS): { records: string[][] } | { error: string; lines: unknown } {
  const records: string[][] = [];
  try {
    parse(text, {
      delimiter: opts.delimiter,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: opts.maxRecordBytes,
      cast: false,
      on_record: (r: string[]) => {
        records.push(r);
        return undefined;
      },
    });
    return { records };
  } catch (err) {
    const e = err as { code?: string; lines?: unknown };
    return { error: e.code ?? String(err), lines: e.lines };
  }
}

function viaReader(text: string, opts = OPTS): ReturnType<typeof viaCsvParse> {
  const records: string[][] = [];
  try {
    readCsvRecords(text, opts, (r) => records.push(r));
    return { records };
  } catch (err) {
    const e = err as { code?: string; lines?: unknown };
    return { error: e.code ?? String(err), lines: e.lines };
  }
}

/** A deterministic pseudo-random generator (the same files every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

describe('CSV records (P50: fast path beside csv-parse)', () => {
  test('files of plain records, quoted values, "" escapes, blank lines and a missing last line end read as csv-parse reads them', () => {
    for (const text of [
      '',
      '\n',
      'a,b\n',
      'a,b',
      'a,b,\n,\n\n',
      'id,description\n1,"two\nlines, and ""quotes"""\n2,18" wheels\n\n3,x',
      'a,"",""""\n"x"',
      '"a"',
      ' "a",b\n',
    ]) {
      assert.deepEqual(viaReader(text), viaCsvParse(text), JSON.stringify(text));
    }
  });

  test('what is not plain is left to csv-parse: "a"b, quotes never closed (its error and line), CR line ends, records too large', () => {
    for (const text of ['a,b\n1,"x"y,2\n3,4\n', 'a,b\n1,2\n3,"never closed\n4,5\n', 'a,b\r\n1,"2"\r\n', 'a,b\r1,2\r', `a,b\n1,${'x'.repeat(100)}\n2,3\n`]) {
      assert.deepEqual(viaReader(text), viaCsvParse(text), JSON.stringify(text));
    }
    const unclosed = viaReader('a,b\n1,2\n3,"never closed\n4,5\n');
    assert.ok('error' in unclosed && unclosed.error === 'CSV_QUOTE_NOT_CLOSED');
  });

  test('random files of quotes, delimiters and line ends: the same records and errors as csv-parse', () => {
    const next = random(17);
    const alphabet = ['a', 'b', ' ', '"', '"', ',', ',', ';', '\n', '\n', '\r'];
    for (let i = 0; i < 3000; i++) {
      const length = Math.floor(next() * 40);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(next() * (i % 2 === 0 ? alphabet.length - 1 : alphabet.length))]!;
      for (const delimiter of [',', ';']) {
        // Mostly records the fast path reads; a small limit now and then hands them to csv-parse.
        const opts = { delimiter, maxRecordBytes: i % 4 === 0 ? 16 : 1024 };
        assert.deepEqual(viaReader(text, opts), viaCsvParse(text, opts), JSON.stringify(text));
      }
    }
  });
});
