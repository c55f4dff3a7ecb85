// Hostile and broken feed files (issue 6, "Bad input"): each is refused with a message for a
// person (UnreadableFeedError → 422) or reported row by row, never a crash, never unbounded
// memory; parsing runs in a bounded parser process so the main thread keeps answering.
import { itemErrorText } from '../../src/modules/vehicles/stock.js';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseFeed, UnreadableFeedError } from '../../src/modules/feeds/parse/index.js';
import { parseFile } from '../../src/modules/feeds/parse/parse-file.js';
import { PARSE_LIMITS, parseQueue } from '../../src/modules/feeds/parse/pool.js';
import { checkXmlShape } from '../../src/modules/feeds/parse/xml.js';
import { ZIP_LIMITS } from '../../src/modules/feeds/parse/zip.js';
import { makeZip, minimalWorkbook, sheetXml, type FakeEntry } from '../fixtures/feeds/zip.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const LIBREOFFICE_XLSX = fs.readFileSync(path.join(ROOT, 'docs', 'samples', 'inventory-libreoffice.xlsx'));

const parse = (body: string | Buffer, contentType?: string, filename?: string) =>
  parseFeed({ body: typeof body === 'string' ? Buffer.from(body) : body, contentType, filename });

async function unreadable(p: Promise<unknown>, message: RegExp): Promise<void> {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof UnreadableFeedError, `expected UnreadableFeedError, got ${err instanceof Error ? err.stack : String(err)}`);
    assert.match(err.message, message);
    return true;
  });
}

/** A compact car row (~150 bytes): 50 000 of them fit in a 10 MB body. */
const compactCsv = (rows: number) => {
  const lines = ['external_id,brand,model,year,price,mileage,photos'];
  for (let i = 1; i <= rows; i++)
    lines.push(
      `S${i},Ford,Ranger,2019,${5_000_000 + i},${i * 3},https://i.example.com/${i}/1.jpg|https://i.example.com/${i}/2.jpg|https://i.example.com/${i}/3.jpg`,
    );
  return lines.join('\n') + '\n';
};

describe('hostile XML', () => {
  let server: http.Server;
  let hits = 0;
  let base = '';
  before(async () => {
    // Records any request: an external entity or XInclude that were followed would show here.
    server = http.createServer((req, res) => {
      hits++;
      res.end('<!ENTITY leak "fetched">');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('billion laughs: refused before parsing, nothing expanded', async () => {
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`)].join('\n');
    const xml = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${lol}\n]>\n<inventory><vehicle><brand>&lol9;</brand></vehicle></inventory>`;
    await unreadable(parse(xml, 'application/xml'), /DOCTYPE or ENTITY declaration/);
  });

  test('external entities (SYSTEM, PUBLIC, parameter entities): refused and nothing fetched', async () => {
    const docs = [
      `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY ext SYSTEM "${base}/system">]><inventory><vehicle><brand>&ext;</brand></vehicle></inventory>`,
      `<!DOCTYPE r PUBLIC "-//X//EN" "${base}/dtd"><inventory><vehicle><brand>x</brand></vehicle></inventory>`,
      `<!DOCTYPE r [<!ENTITY % p SYSTEM "${base}/param"> %p;]><inventory/>`,
      `<!doctype inventory SYSTEM "${base}/lower"><inventory/>`,
      `<inventory><!ENTITY x "y"><vehicle><brand>x</brand></vehicle></inventory>`,
    ];
    for (const xml of docs) await unreadable(parse(xml, 'text/xml'), /DOCTYPE or ENTITY/);
    // XInclude is not a thing here either: an element like any other, never followed
    const xi = `<inventory xmlns:xi="http://www.w3.org/2001/XInclude"><vehicle><brand>Ford</brand><xi:include href="${base}/xinclude"/></vehicle></inventory>`;
    const r = await parse(xi, 'text/xml');
    assert.deepEqual(r.rows[0]!.vehicle, { brand: 'Ford' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(hits, 0);
  });

  test('a DOCTYPE written inside CDATA or a comment is text, not a declaration', async () => {
    const r = await parse(
      '<inventory><!-- no <!DOCTYPE here --><vehicle><brand>Ford</brand><description><![CDATA[<!DOCTYPE is just text]]></description></vehicle></inventory>',
    );
    assert.deepEqual(r.rows[0]!.vehicle, { brand: 'Ford', description: '<!DOCTYPE is just text' });
  });

  test('malformed, deeply nested, or without vehicles: unreadable', async () => {
    await unreadable(parse('<inventory><vehicle><brand>Ford</vehicle></inventory>'), /XML file cannot be read \(line 1\)/);
    await unreadable(parse('<inventory><vehicle>'), /XML file cannot be read/);
    await unreadable(parse(`${'<a>'.repeat(5000)}x${'</a>'.repeat(5000)}`), /XML file/);
    await unreadable(parse('<inventory><title>x</title><updated>y</updated></inventory>'), /no vehicle elements/);
  });

  test('a vehicle element with text only is reported; one with attributes only is read', async () => {
    const r = await parse('<cars><car>just text</car><car external_id="A1" brand="Ford"/><car><brand>Fiat</brand></car></cars>');
    assert.deepEqual(
      r.rowErrors.map((e) => itemErrorText('en', e)),
      [{ index: 1, external_id: '', message: 'vehicle 1 is not an object' }],
    );
    assert.deepEqual(r.rows, [
      { index: 2, vehicle: { external_id: 'A1', brand: 'Ford' } },
      { index: 3, vehicle: { brand: 'Fiat' } },
    ]);
  });

  test('numbers are never converted: 00123, 1e5, 0x10 stay as written in text fields', async () => {
    const r = await parse('<cars><car><stock>00123</stock><model>1e5</model><version>0x10</version><price>00150</price></car></cars>');
    assert.deepEqual(r.rows[0]!.vehicle, { external_id: '00123', model: '1e5', version: '0x10', price: 150 });
  });
});

describe('hostile JSON', () => {
  test('prototype-pollution keys are dropped and Object.prototype is untouched (in the parsing thread too)', async () => {
    const doc = `{"vehicles":[{"__proto__":{"polluted":"yes","brand":"Evil"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},"external_id":"P1","brand":"Ford","photos":[{"__proto__":{"url":"https://evil.example/x.jpg"}}],"mileage":{"__proto__":{"value":1}}}]}`;
    const viaWorker = await parse(doc, 'application/json');
    const inThread = await parseFile({ body: Buffer.from(doc), contentType: 'application/json' });
    for (const r of [viaWorker, inThread]) {
      assert.deepEqual({ ...r.rows[0]!.vehicle }, { external_id: 'P1', brand: 'Ford' });
      assert.ok(!Object.hasOwn(r.rows[0]!.vehicle, '__proto__'));
      assert.ok(!r.columns.some((c) => /__proto__|constructor|prototype/.test(c.column)));
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false);
  });

  test('more than 1000 different field names across the vehicles: refused (mapping stays linear)', async () => {
    const cars = Array.from({ length: 600 }, (_, i) => ({ external_id: `S${i}`, [`extra_a_${i}`]: 1, [`extra_b_${i}`]: 2 }));
    await unreadable(parse(JSON.stringify(cars)), /more than 1000 different field names/);
    const fine = Array.from({ length: 300 }, (_, i) => ({ external_id: `S${i}`, [`extra_a_${i}`]: 1, [`extra_b_${i}`]: 2 }));
    assert.equal((await parse(JSON.stringify(fine))).rows.length, 300);
  });

  test('broken JSON, wrong shapes and deep nesting: unreadable or per-vehicle errors, never a crash', async () => {
    await unreadable(parse('{"vehicles": [ {"brand": "Ford",  ]}'), /JSON file cannot be read/);
    await unreadable(parse('"just a string"', 'application/json'), /must be an array of vehicles/);
    await unreadable(parse('{"count": 3}', 'application/json'), /must be an array of vehicles/);
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    await parse(deep).then(
      (r) =>
        assert.deepEqual(
          r.rowErrors.map((e) => itemErrorText('en', e)),
          [{ index: 1, external_id: '', message: 'vehicle 1 is not an object' }],
        ),
      (err: unknown) => assert.ok(err instanceof UnreadableFeedError, String(err)),
    );
    const r = await parse('[1, null, [], {"external_id": "A", "brand": "Ford"}]');
    assert.deepEqual(
      r.rowErrors.map((e) => e.index),
      [1, 2, 3],
    );
    assert.deepEqual(r.rows, [{ index: 4, vehicle: { external_id: 'A', brand: 'Ford' } }]);
  });
});

describe('hostile CSV and other files', () => {
  test('a single 10 MB line (a quote left open, a runaway field, no newline at all): refused, bounded', async () => {
    const field = 'x'.repeat(10 * 1024 * 1024);
    await unreadable(parse(`external_id,description\nA,${field}\nB,ok\n`), /row longer than 1 MB/);
    await unreadable(parse(`external_id,description\nA,"${field}`), /row longer than 1 MB/);
    await unreadable(parse(field), /row longer than 1 MB/);
    await unreadable(parse('external_id,description\nA,"never closed\nB,x\n'), /quote that is never closed/);
  });

  test('binary content sent as CSV, and files of other kinds, are unreadable', async () => {
    const random = crypto.randomBytes(64 * 1024);
    random[0] = 0x41; // not a known signature by chance
    await unreadable(parse(random, 'text/csv', 'stock.csv'), /not text \(it holds binary data\)/);
    await unreadable(parse(Buffer.from('external_id\0,brand\nA,B\n'), 'text/csv'), /not text/);
    await unreadable(parse(Buffer.from('%PDF-1.7\n...'), 'text/csv'), /PDF document/);
    await unreadable(parse(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0])), /gzip-compressed/);
    await unreadable(parse(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])), /old Excel \.xls/);
    await unreadable(parse(Buffer.alloc(0)), /empty/);
  });

  test('more than 50 000 vehicles in one file: refused as a whole; 50 000 are read', async () => {
    const lines = ['external_id'];
    for (let i = 1; i <= 50_000; i++) lines.push(`S${i}`);
    assert.equal((await parse(lines.join('\n'))).rows.length, 50_000);
    lines.push('S50001');
    await unreadable(parse(lines.join('\n')), /more than 50,000 vehicles \(the limit per file\); nothing was applied/);
    const json = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ external_id: `S${i}` })));
    assert.equal((await parse(json(50_000))).rows.length, 50_000);
    await unreadable(parse(json(50_001)), /a list of more than 50,000 entries; a feed file holds at most 50,000 vehicles/);
    // XML: children of one element counted before the document is read
    const xml = (n: number) => `<inventory>${'<vehicle><stock>S</stock></vehicle>'.repeat(n)}</inventory>`;
    await unreadable(parse(xml(50_001), 'application/xml'), /more than 50,000 vehicles \(more than 50,000 elements in one list\)/);
    assert.doesNotThrow(() => checkXmlShape(`<r>${'<![CDATA[<a>]]>'.repeat(60_000)}${'<!-- <a> -->'.repeat(60_000)}${'<?pi <a> ?>'.repeat(60_000)}</r>`));
    assert.doesNotThrow(() => checkXmlShape(`<r>${'<v><a/><b x="1>2"/></v>'.repeat(50_000)}</r>`));
    assert.throws(() => checkXmlShape(`<r>${'<a x="1>2"/>'.repeat(50_001)}</r>`), /more than 50,000 vehicles/);
    assert.throws(() => checkXmlShape(`<r><list>${'<a></a>'.repeat(50_001)}</list></r>`), /more than 50,000 vehicles/);
  });

  test('JSON made of millions of tiny values (3 million {} in 10 MB): refused before anything is built', async () => {
    const started = performance.now();
    await unreadable(parse(`[${Array(3_300_000).fill('{}').join(',')}]`, 'application/json'), /a list of more than 50,000 entries/);
    await unreadable(parse(`[${Array(2_000_000).fill('0').join(',')}]`, 'application/json'), /a list of more than 50,000 entries/);
    // nested so that no list is long, yet over a million objects in all
    const nested = `[${Array.from({ length: 30 }, () => `[${Array(40_000).fill('{}').join(',')}]`).join(',')}]`;
    await unreadable(parse(nested, 'application/json'), /more than 1,000,000 objects and lists/);
    // strings that look like structure are not counted
    const r = await parse(JSON.stringify([{ external_id: 'A', description: '[{},{},'.repeat(60_000) }]), 'application/json');
    assert.equal(r.rows.length, 1);
    // A loose bound (a quadratic count would take minutes); the machine may be loaded.
    assert.ok(performance.now() - started < 60_000);
  });
});

describe('hostile workbooks (zip)', () => {
  const cells = sheetXml([
    [{ s: 0 }, { s: 1 }],
    [{ s: 2 }, { s: 3 }],
  ]);
  const strings = ['external_id', 'brand', 'S1', 'Ford'];
  const workbook = (patch: (e: FakeEntry) => FakeEntry = (e) => e, extra: FakeEntry[] = []) => makeZip(minimalWorkbook(cells, strings, extra).map(patch));

  test('a hand-made minimal workbook is read (the fixture is sound)', async () => {
    const r = await parse(workbook());
    assert.deepEqual(r.rows, [{ index: 2, vehicle: { external_id: 'S1', brand: 'Ford' } }]);
  });

  test('a directory claiming a huge inflated size: refused before anything is inflated', async () => {
    await unreadable(
      parse(workbook((e) => (e.name === 'xl/worksheets/sheet1.xml' ? { ...e, claimSize: 3_000_000_000 } : e))),
      /sheet1\.xml" would take 2861 MB once inflated \(at most 128 MB\)/,
    );
    // entries that add up (each under the entry bound and the ratio)
    const parts = Array.from({ length: 2 }, (_, i) => ({
      name: `xl/media/image${i}.png`,
      data: crypto.randomBytes(1024 * 1024),
      store: true,
      claimSize: 90 * 1024 * 1024,
    }));
    await unreadable(parse(workbook(undefined, parts)), /more than 160 MB once inflated/);
  });

  test('a real, highly compressible entry (zip bomb): refused by its compression ratio', async () => {
    const bomb = Buffer.alloc(60 * 1024 * 1024, 0x61);
    await unreadable(parse(workbook(undefined, [{ name: 'xl/media/bomb.bin', data: bomb }])), /compressed \d+ times \(a zip bomb\?\)/);
  });

  test('a huge shared strings table that compresses like ordinary text: refused by its own bound', async () => {
    // ~60 MB of distinct-looking strings deflate about 13 times: a 5 MB file, under the ratio
    const many = Array.from({ length: 1_900_000 }, (_, i) => `Unidad ${i % 50000} gris`);
    const body = makeZip(minimalWorkbook(cells, [...strings, ...many]));
    assert.ok(body.length < 10 * 1024 * 1024);
    await unreadable(
      parse(body),
      new RegExp(`shared strings table would take \\d+ MB once inflated \\(at most ${ZIP_LIMITS.sharedStringsBytes / 1024 / 1024} MB\\)`),
    );
  });

  test('a directory that lies (declares small, inflates large): stopped while inflating', async () => {
    const liar = workbook((e) =>
      e.name === 'xl/sharedStrings.xml' ? { ...e, data: Buffer.concat([e.data, Buffer.alloc(30 * 1024 * 1024, 0x20)]), claimSize: 4096 } : e,
    );
    await unreadable(parse(liar), /inflates to more than its directory declares/);
  });

  test('zip-slip names (.., absolute paths, drive letters, backslashes): refused', async () => {
    for (const name of ['../../etc/passwd', 'xl/../../evil.xml', '/etc/cron.d/x', 'C:/Windows/x.xml', 'xl\\..\\evil.xml']) {
      await unreadable(parse(workbook(undefined, [{ name, data: Buffer.from('x') }])), /unsafe name/);
    }
  });

  test('too many entries, truncated, corrupt, or a zip that is not a workbook: unreadable', async () => {
    const crowd = Array.from({ length: ZIP_LIMITS.entries }, (_, i) => ({ name: `xl/media/${i}.bin`, data: Buffer.alloc(0) }));
    await unreadable(parse(workbook(undefined, crowd)), /files inside \(at most 1000\)/);
    await unreadable(parse(LIBREOFFICE_XLSX.subarray(0, Math.floor(LIBREOFFICE_XLSX.length / 2))), /not a complete zip archive/);
    await unreadable(parse(makeZip([{ name: 'notes.txt', data: Buffer.from('hello') }])), /not an Excel \.xlsx workbook/);
    const corrupt = Buffer.from(workbook());
    const at = corrupt.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    corrupt.fill(0xff, at, at + 40);
    await unreadable(parse(corrupt), /\.xlsx workbook/);
  });
});

describe('bounded execution', () => {
  test('50 000 rows (an 8 MB CSV) parse in a worker while the main thread keeps answering', async () => {
    const body = Buffer.from(compactCsv(50_000));
    assert.ok(body.length < 10 * 1024 * 1024);
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    const r = await parse(body, 'text/csv');
    const took = performance.now() - started;
    clearInterval(timer);
    assert.equal(r.rows.length, 50_000);
    assert.deepEqual(r.rows[49_999], {
      index: 50_001,
      vehicle: {
        external_id: 'S50000',
        brand: 'Ford',
        model: 'Ranger',
        year: 2019,
        price: 5_050_000,
        mileage: 150_000,
        photos: [1, 2, 3].map((k) => `https://i.example.com/50000/${k}.jpg`),
      },
    });
    // the event loop was free while the worker parsed (only receiving the result takes it)
    assert.ok(ticks >= took / 10 / 4, `timer ran ${ticks} times in ${Math.round(took)} ms`);
    assert.ok(longestGap < took, `longest gap ${Math.round(longestGap)} ms of ${Math.round(took)} ms`);
  });

  test('at most two files are parsed at once; the others wait their turn', async () => {
    const body = Buffer.from(compactCsv(2_000));
    const all = Array.from({ length: 5 }, () => parse(body));
    assert.deepEqual(parseQueue(), { running: 2, waiting: 3 });
    const results = await Promise.all(all);
    assert.ok(results.every((r) => r.rows.length === 2_000));
    assert.deepEqual(parseQueue(), { running: 0, waiting: 0 });
  });

  test('a file that takes longer than the deadline: unreadable, the worker is stopped, the next file is read', async () => {
    const saved = PARSE_LIMITS.timeoutMs;
    PARSE_LIMITS.timeoutMs = 5;
    try {
      await unreadable(parse(compactCsv(50_000)), /took too long to read \(over 0\.005 s\)/);
    } finally {
      PARSE_LIMITS.timeoutMs = saved;
    }
    assert.equal((await parse('external_id\nA\n')).rows.length, 1);
  });

  test('a file that needs more memory than the parser may use: unreadable, the server unharmed', async () => {
    const saved = PARSE_LIMITS.heapMb;
    PARSE_LIMITS.heapMb = 32;
    try {
      // each JSON vehicle becomes a record, a flat map and a mapped copy: far over 32 MB. The
      // 200 numbers a vehicle are what make it so on every Node: Node 24's V8 holds the repeated
      // strings of a file like this compactly enough that, without them, 50 000 vehicles fit in
      // 32 MB; with them, parsing needs over 64 MB on Node 20 and on Node 24.
      const big = JSON.stringify(
        Array.from({ length: 50_000 }, (_, i) => ({
          external_id: `S${i}`,
          brand: 'Ford',
          model: 'Ranger',
          year: 2019,
          price: i,
          mileage: i,
          description: 'x'.repeat(40),
          photos: ['https://i.example.com/1.jpg', 'https://i.example.com/2.jpg', 'https://i.example.com/3.jpg'],
          options: Array.from({ length: 200 }, (_, j) => j),
        })),
      );
      await unreadable(parse(big), /too large to read/);
    } finally {
      PARSE_LIMITS.heapMb = saved;
    }
    assert.equal((await parse('external_id\nA\n')).rows.length, 1);
  });
});
