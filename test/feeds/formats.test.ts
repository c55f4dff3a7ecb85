// Real files in all four formats through the real push route (D15): the committed samples
// (docs/samples, the XLSX written by LibreOffice), an XLSX written by exceljs sent as multipart,
// and XML; each file's rows land as cars with the row numbers of the format.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { feedFor, PHOTOS, vehiclesOf } from './support.js';
import { aCar } from '../support/cars.js';

const SAMPLES = path.resolve(import.meta.dirname, '../../docs/samples');

function multipart(name: string, filename: string, type: string, body: Buffer) {
  const boundary = `sampleBoundary${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`feed formats through the route (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  const samples = fs.existsSync(SAMPLES) ? fs.readdirSync(SAMPLES).filter((f) => /\.(csv|json|xml|xlsx)$/.test(f)) : [];
  const TYPES: Record<string, string> = { csv: 'text/csv', json: 'application/json', xml: 'application/xml' };

  test('every sample file in docs/samples is imported without a row error', async () => {
    assert.ok(samples.some((f) => f.endsWith('.xlsx')) && samples.some((f) => f.endsWith('.xml')), `samples: ${samples.join(', ')}`);
    for (const file of samples) {
      const { slug } = await seedDealer(t);
      const feed = await feedFor(t, slug);
      const body = fs.readFileSync(path.join(SAMPLES, file));
      const ext = path.extname(file).slice(1);
      const req =
        ext === 'xlsx'
          ? (() => {
              const m = multipart('file', file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body);
              return { headers: { 'content-type': m.contentType }, payload: m.payload };
            })()
          : { headers: { 'content-type': TYPES[ext]! }, payload: body };
      const res = await t.app.inject({ method: 'POST', url: feed.path, ...req });
      assert.equal(res.statusCode, 200, `${file}: ${res.body}`);
      const answer = res.json();
      assert.equal(answer.format, ext, file);
      assert.deepEqual(answer.errors, [], `${file}: ${JSON.stringify(answer.errors)}`);
      assert.ok(answer.created >= 3, file);
      assert.equal((await vehiclesOf(t, slug)).length, answer.created, file);
    }
  });

  test('XLSX written by exceljs, as the multipart part "file": rows numbered as the sheet shows them', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Stock');
    ws.addRow(['Stock Number', 'Make', 'Model', 'Year', 'Price', 'Odometer', 'Images']);
    ws.addRow(['00123', 'Toyota', 'Corolla', 2018, 9500000, 42000, PHOTOS('00123').join('|')]);
    ws.addRow(['X-2', 'Toyota', 'Corolla', 1900, 9500000, 42000, PHOTOS('X-2').join('|')]);
    const m = multipart('file', 'stock.xlsx', 'application/octet-stream', Buffer.from(await wb.xlsx.writeBuffer()));
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': m.contentType }, payload: m.payload });
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json();
    assert.equal(answer.format, 'xlsx');
    assert.equal(answer.created, 1);
    assert.deepEqual(
      answer.errors.map((e: { index: number; external_id: string }) => [e.index, e.external_id]),
      [[3, 'X-2']],
    );
    assert.deepEqual(
      (await vehiclesOf(t, slug)).map((v) => v.external_id),
      ['00123'],
      'a stock ID like 00123 stays text',
    );
  });

  test('XML with repeated photo elements; errors by 1-based vehicle position', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const car = (id: string, year: number) => {
      const { photos, ...fields } = { external_id: id, ...aCar({ brand: 'Fiat', model: 'Cronos', year, price: 7000000, mileage: 1000, photos: PHOTOS(id) }) };
      const elements = Object.entries(fields).map(([k, v]) => `<${k}>${v}</${k}>`);
      return `<vehicle>${elements.join('')}<photos>${photos.map((u) => `<photo>${u}</photo>`).join('')}</photos></vehicle>`;
    };
    const xml = `<?xml version="1.0"?><inventory>${car('X-1', 2020)}${car('X-2', 1900)}${car('X-3', 2021)}</inventory>`;
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'text/xml' }, payload: xml });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().format, 'xml');
    assert.equal(res.json().created, 2);
    assert.deepEqual(
      res.json().errors.map((e: { index: number }) => e.index),
      [2],
    );
    const cars = await vehiclesOf(t, slug);
    assert.deepEqual(JSON.parse(cars[0]!.photo_urls), PHOTOS('X-1'));
  });

  test('a hostile XML (DOCTYPE with entities): 422 unreadable_feed, nothing applied', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const xml =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><inventory><vehicle><external_id>&lol2;</external_id></vehicle></inventory>';
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'application/xml' }, payload: xml });
    assert.equal(res.statusCode, 422);
    assert.equal(res.json().error.code, 'unreadable_feed');
    assert.equal((await vehiclesOf(t, slug)).length, 0);
  });
});
