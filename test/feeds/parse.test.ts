// Feed file parsing (D15, D16) through parseFeed: formats, column aliases in three languages,
// photo layouts, value synonyms, numbers, delimiters and encodings. Pure: no store, no server.
import { itemErrorText } from '../../src/modules/vehicles/stock.js';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { ALIASES, FIELDS } from '../../src/modules/feeds/parse/columns.js';
import { parseFeed, UnreadableFeedError, type ParsedFeed } from '../../src/modules/feeds/parse/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = path.join(ROOT, 'docs', 'samples');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'feeds');

const P = ['https://img.example.com/a/1.jpg', 'https://img.example.com/a/2.jpg', 'https://img.example.com/a/3.jpg'];

const parse = (body: string | Buffer, contentType?: string, filename?: string) =>
  parseFeed({ body: typeof body === 'string' ? Buffer.from(body) : body, contentType, filename });
const vehicles = (r: ParsedFeed) => r.rows.map((x) => x.vehicle);
const unreadable = async (p: Promise<unknown>, message: RegExp) => {
  await assert.rejects(p, (err: unknown) => {
    assert.ok(err instanceof UnreadableFeedError, `expected UnreadableFeedError, got ${String(err)}`);
    assert.match(err.message, message);
    return true;
  });
};
/** One CSV column's value read through a field: the parsed value of `field` for each cell. */
async function readColumn(header: string, cells: string[], field: string): Promise<unknown[]> {
  const csv = `external_id,${header}\n${cells.map((c, i) => `X${i},"${c.replace(/"/g, '""')}"`).join('\n')}\n`;
  const r = await parse(csv);
  assert.deepEqual(r.rowErrors, []);
  return r.rows.map((row) => row.vehicle[field]);
}

describe('feed parsing: formats and samples', () => {
  test('CSV with canonical names: every field, spreadsheet row numbers, columns reported', async () => {
    const r = await parse(fs.readFileSync(path.join(SAMPLES, 'inventory.csv')), 'text/csv');
    assert.equal(r.format, 'csv');
    assert.deepEqual(
      r.rows.map((x) => x.index),
      [2, 3, 4, 5],
    );
    assert.deepEqual(r.rows[1]!.vehicle, {
      external_id: 'AR-1002',
      brand: 'Volkswagen',
      model: 'Amarok',
      year: 2018,
      version: '2.0 TDI Highline 4x2',
      price: 29900000,
      currency: 'ARS',
      mileage: 98000,
      fuel: 'diesel',
      transmission: 'manual',
      color: 'Gris',
      condition: 'used',
      city: 'Córdoba',
      description: 'Caja manual de 6 marchas, 18" llantas de aleación.',
      photos: [1, 2, 3, 4].map((n) => `https://fotos.autos-ejemplo.com.ar/ar-1002/${n}.jpg`),
    });
    assert.equal(r.rows[3]!.vehicle.price, 14200.5);
    assert.deepEqual(
      r.columns.map((c) => [c.column, c.field]),
      [
        'external_id',
        'brand',
        'model',
        'year',
        'version',
        'price',
        'currency',
        'mileage',
        'fuel',
        'transmission',
        'color',
        'condition',
        'city',
        'description',
        'photos',
      ].map((f) => [f, f]),
    );
    assert.deepEqual(r.rowErrors, []);
  });

  test('every sample file (Spanish CSV, JSON, XML, LibreOffice xlsx) reads to the same vehicles as inventory.csv', async () => {
    const base = vehicles(await parse(fs.readFileSync(path.join(SAMPLES, 'inventory.csv'))));
    for (const [file, format] of [
      ['inventario-es.csv', 'csv'],
      ['inventory.json', 'json'],
      ['inventory.xml', 'xml'],
      ['inventory-libreoffice.xlsx', 'xlsx'],
    ] as const) {
      const r = await parse(fs.readFileSync(path.join(SAMPLES, file)), undefined, file);
      assert.equal(r.format, format, file);
      assert.deepEqual(vehicles(r), base, file);
      assert.deepEqual(r.rowErrors, [], file);
    }
  });

  test('an xlsx written by LibreOffice: a text cell "00123" stays "00123", a date cell gives the year, number cells stay numbers', async () => {
    const r = await parse(fs.readFileSync(path.join(FIXTURES, 'leading-zeros-libreoffice.xlsx')), 'application/octet-stream', 'stock.xlsx');
    assert.equal(r.format, 'xlsx');
    assert.deepEqual(r.rows, [
      {
        index: 2,
        vehicle: {
          external_id: '00123',
          brand: 'Ford',
          model: 'Ranger',
          year: 2019,
          price: 12500000,
          mileage: 45000,
          photos: ['https://x.example/1.jpg', 'https://x.example/2.jpg', 'https://x.example/3.jpg'],
        },
      },
    ]);
    assert.deepEqual(
      r.columns.map((c) => c.field),
      ['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos'],
    );
  });

  test('xlsx cells: numbers, text with leading zeros, dates, rich text, formulas, hyperlinks, blank rows; first sheet only', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Stock');
    ws.addRow(['Stock #', 'Make', 'Model', 'Year', 'Price', 'Miles', 'Notes', 'Image 1', 'Image 2', 'Image 3']);
    ws.addRow(['00123', 'Ford', 'Ranger', 2019, 12500, 45000.0, { richText: [{ text: 'Full ' }, { font: { bold: true }, text: 'service' }] }, ...P]);
    ws.addRow([]); // a blank row still counts (D15: row numbers as a spreadsheet shows them)
    ws.addRow([
      { formula: 'CONCAT("A","7")', result: 'A7' },
      'Toyota',
      { text: 'Hilux', hyperlink: 'https://www.toyota.com.ar/hilux' },
      new Date(Date.UTC(2021, 5, 1)),
      { formula: '1000*15', result: 15000 },
      0,
      'x',
      ...P,
    ]);
    wb.addWorksheet('Other').addRow(['external_id', 'brand']);
    const body = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await parse(body, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(r.format, 'xlsx');
    assert.deepEqual(r.rows, [
      {
        index: 2,
        vehicle: { external_id: '00123', brand: 'Ford', model: 'Ranger', year: 2019, price: 12500, mileage: 45000, description: 'Full service', photos: P },
      },
      { index: 4, vehicle: { external_id: 'A7', brand: 'Toyota', model: 'Hilux', year: 2021, price: 15000, mileage: 0, description: 'x', photos: P } },
    ]);
  });

  test("xlsx: empty (styled) rows above the header are skipped; row numbers stay the sheet's", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Stock');
    ws.getCell('A1').style = { font: { bold: true } };
    ws.getCell('B2').style = { font: { italic: true } };
    ws.getRow(3).values = ['Código', 'Marca'];
    ws.getRow(4).values = ['C1', 'Fiat'];
    const r = await parse(Buffer.from(await wb.xlsx.writeBuffer()));
    assert.deepEqual(r.rows, [{ index: 4, vehicle: { external_id: 'C1', brand: 'Fiat' } }]);
  });

  test('JSON: a bare array, or an object holding vehicles/data/items/inventory; positions are 1-based', async () => {
    const car = { external_id: 'J1', brand: 'Ford', model: 'Ka', year: 2019, price: 100, mileage: 5, photos: P };
    for (const doc of [
      [car],
      { vehicles: [car] },
      { data: [car] },
      { items: [car] },
      { inventory: [car] },
      { feed: { meta: 1, cars: [car] } },
      { listings: [car], total: 1 },
    ]) {
      const r = await parse(JSON.stringify(doc), 'application/json');
      assert.equal(r.format, 'json');
      assert.deepEqual(r.rows, [{ index: 1, vehicle: car }], JSON.stringify(doc).slice(0, 40));
    }
    assert.deepEqual((await parse('[]')).rows, []);
    assert.deepEqual((await parse('{"vehicles": []}')).rows, []);
    // one vehicle on its own
    assert.deepEqual((await parse(JSON.stringify(car))).rows, [{ index: 1, vehicle: car }]);
  });

  test('JSON: nested values (mileage.value, price.amount/currency, photo objects), numbers as IDs, non-objects reported', async () => {
    const r = await parse(
      JSON.stringify([
        {
          vehicle_id: 123,
          make: 'Chevrolet',
          model: 208,
          year: '2019',
          price: { amount: '15.000', currency: 'US$' },
          mileage: { value: 45000, unit: 'KM' },
          images: [{ url: P[0] }, { url: P[1] }, { src: P[2] }],
        },
        'not a car',
        { stock_number: '00123', brand: 'Fiat', photos: `${P[0]}|${P[1]}|${P[2]}`, fuel: 'Nafta', condition: '0km' },
      ]),
    );
    assert.deepEqual(r.rows, [
      { index: 1, vehicle: { external_id: '123', brand: 'Chevrolet', model: '208', year: 2019, price: 15000, currency: 'USD', mileage: 45000, photos: P } },
      { index: 3, vehicle: { external_id: '00123', brand: 'Fiat', mileage: 0, fuel: 'gasoline', condition: 'new', photos: P } },
    ]);
    assert.deepEqual(
      r.rowErrors.map((e) => itemErrorText('en', e)),
      [{ index: 2, external_id: '', message: 'vehicle 2 is not an object' }],
    );
    assert.deepEqual(
      r.columns.find((c) => c.column === 'mileage.unit'),
      { column: 'mileage.unit', field: 'mileage' }, // the unit of mileage.value (converted for a feed's market)
    );
  });

  test('XML: <inventory><vehicle>, attributes as fields, repeated photo elements, escapes and CDATA, values kept as text', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<inventory generated="2026-11-21">
  <vehicle id="00123">
    <marca>Ford</marca><modelo>Ranger</modelo><año>2019</año>
    <precio moneda="USD">15.000</precio><kilometraje>45.000 km</kilometraje>
    <fotos><foto>${P[0]}?w=1&amp;h=2</foto><foto>${P[1]}</foto><foto>${P[2]}</foto></fotos>
    <descripcion><![CDATA[Caja <b>automática</b> & techo]]></descripcion>
  </vehicle>
  <vehicle id="A2"><brand>Fiat</brand><image url="${P[0]}"/><image url="${P[1]}"/><image url="${P[2]}"/><photo_count>3</photo_count></vehicle>
  <vehicle><stock>B3</stock><photo>${P[0]}</photo><photo>${P[1]}</photo><photo>${P[2]}</photo><condition>N</condition></vehicle>
</inventory>`;
    const r = await parse(xml, 'application/xml');
    assert.equal(r.format, 'xml');
    assert.deepEqual(r.rows, [
      {
        index: 1,
        vehicle: {
          external_id: '00123',
          brand: 'Ford',
          model: 'Ranger',
          year: 2019,
          price: 15000,
          currency: 'USD',
          mileage: 45000,
          description: 'Caja <b>automática</b> & techo',
          photos: [`${P[0]}?w=1&h=2`, P[1], P[2]],
        },
      },
      { index: 2, vehicle: { external_id: 'A2', brand: 'Fiat', photos: P } },
      { index: 3, vehicle: { external_id: 'B3', mileage: 0, condition: 'new', photos: P } },
    ]);
    assert.ok(r.columns.some((c) => c.column === 'photo_count' && c.field === null));
  });

  test('XML: other roots and item names (<cars><car>, <stock><item>, RSS channel items, one vehicle, empty root)', async () => {
    const car = `<external_id>C1</external_id><brand>Renault</brand>`;
    for (const xml of [
      `<cars><car>${car}</car></cars>`,
      `<stock><item>${car}</item></stock>`,
      `<rss><channel><title>x</title><item>${car}</item></channel></rss>`,
      `<feed><listings><unidad>${car}</unidad><unidad>${car}</unidad></listings></feed>`,
      `<vehicle>${car}</vehicle>`,
    ]) {
      const r = await parse(xml, 'text/xml');
      assert.ok(r.rows.length >= 1, xml);
      assert.deepEqual(r.rows[0], { index: 1, vehicle: { external_id: 'C1', brand: 'Renault' } }, xml);
    }
    assert.deepEqual((await parse('<inventory/>')).rows, []);
    assert.deepEqual((await parse('<inventory>\n</inventory>')).rows, []);
  });

  test('format told by content first (zip, <, {, [), then content type and file name', async () => {
    assert.equal((await parse('[{"brand":"Ford"}]', 'text/plain')).format, 'json');
    assert.equal((await parse('<cars><car><brand>Ford</brand></car></cars>', 'text/csv')).format, 'xml');
    assert.equal((await parse('brand,model\nFord,Ka\n', 'application/octet-stream', 'stock.csv')).format, 'csv');
    assert.equal((await parse(fs.readFileSync(path.join(SAMPLES, 'inventory-libreoffice.xlsx')), 'text/csv', 'x.csv')).format, 'xlsx');
    await unreadable(parse('brand,model\nFord,Ka\n', undefined, 'stock.xlsx'), /sent as an Excel \.xlsx workbook but is not one/);
    await unreadable(parse('brand: Ford', 'application/json'), /JSON file cannot be read|names the service knows/);
  });
});

describe('feed parsing: column names (D16)', () => {
  test('Spanish: Código, Marca, Modelo, Año, Versión, Precio, Moneda, Kilometraje, Combustible, Transmisión, Color, Condición, Ciudad, Descripción, Fotos', async () => {
    const r = await parse(fs.readFileSync(path.join(SAMPLES, 'inventario-es.csv')));
    assert.deepEqual(
      r.columns.map((c) => c.field),
      [
        'external_id',
        'brand',
        'model',
        'year',
        'version',
        'price',
        'currency',
        'mileage',
        'fuel',
        'transmission',
        'color',
        'condition',
        'city',
        'description',
        'photos',
      ],
    );
  });

  test('Portuguese (tab-separated): Código, Montadora, Modelo, Ano Modelo, Versão, Preço, Moeda, Quilometragem, Combustível, Câmbio, Cor, Condição, Cidade, Descrição, Imagens', async () => {
    const csv = [
      'Código\tMontadora\tModelo\tAno Modelo\tVersão\tPreço\tMoeda\tQuilometragem\tCombustível\tCâmbio\tCor\tCondição\tCidade\tDescrição\tImagens',
      `BR-1\tFiat\tArgo\t2019/2020\t1.3 Drive\tR$ 95.000,00\t\t32.500\tFlex\tAutomático\tBranco\tSeminovo\tSão Paulo\tÚnico dono\t${P.join(';')}`,
    ].join('\r\n');
    const r = await parse(csv);
    assert.deepEqual(r.rows[0]!.vehicle, {
      external_id: 'BR-1',
      brand: 'Fiat',
      model: 'Argo',
      year: 2020,
      version: '1.3 Drive',
      price: 95000,
      currency: 'BRL',
      mileage: 32500,
      fuel: 'flex',
      transmission: 'automatic',
      color: 'Branco',
      condition: 'used',
      city: 'São Paulo',
      description: 'Único dono',
      photos: P,
    });
  });

  test('English DMS export: Stock #, Make, Trim, Internet Price, Odometer, Fuel Type, Exterior Color, New/Used, VEHICLES_ prefixes, ImageList', async () => {
    const csv = [
      'VEHICLES___kp_Stock_Number|Make|Model|VEHICLES_Year|Trim|Internet Price|Odometer|Fuel Type|Transmission|Exterior Color|New/Used|VIN|ImageList',
      `U-77|Ford|Ranger|2019|XLT|$12,500.00|52,777 miles|Petrol - Unleaded|6-Speed Automatic|Blue|U|1FTER4FH0KLA00000|${P.join('|')}`,
    ].join('\n');
    // pipe-delimited file whose photos are also pipe-separated: they must be quoted to survive
    const quoted = csv.replace(`|${P.join('|')}`, `|"${P.join('|')}"`);
    const r = await parse(quoted);
    assert.deepEqual(r.rows[0]!.vehicle, {
      external_id: 'U-77',
      brand: 'Ford',
      model: 'Ranger',
      year: 2019,
      version: 'XLT',
      price: 12500,
      mileage: 52777,
      fuel: 'gasoline',
      transmission: 'automatic',
      color: 'Blue',
      condition: 'used',
      photos: P,
      vin: '1FTER4FH0KLA00000', // read since issue 15 (validation checks it)
    });
    assert.deepEqual(
      r.columns.find((c) => c.column === 'VIN'),
      { column: 'VIN', field: 'vin' },
    );
  });

  test('names match regardless of case, accents, spaces, -, _, # and .', async () => {
    const headers = ['  STOCK-NUMBER ', 'MARCA', 'modelo', 'AÑO', 'Ano', 'km.', 'PRECIO_', 'Foto-1', 'FOTO 2', 'foto_3'];
    const r = await parse(`${headers.map((h) => `"${h}"`).join(',')}\nS1,Ford,Ka,2019,2018,1000,500,${P.join(',')}\n`);
    assert.deepEqual(r.rows[0]!.vehicle, { external_id: 'S1', brand: 'Ford', model: 'Ka', year: 2019, mileage: 1000, price: 500, photos: P });
    assert.deepEqual(
      r.columns.map((c) => c.field),
      ['external_id', 'brand', 'model', 'year', 'year', 'mileage', 'price', 'photos', 'photos', 'photos'],
    );
  });

  test('two columns for one field: the preferred name first, the other when it is blank (anoModelo before ano)', async () => {
    const r = await parse(`id,codigo,ano,anoModelo\n1,C1,2019,2020\n2,,2019,\n`);
    assert.deepEqual(vehicles(r), [
      { external_id: 'C1', year: 2020 },
      { external_id: '2', year: 2019 },
    ]);
  });

  test('nested names: a value part feeds its field, a currency under a price the currency, anything else is ignored', async () => {
    const r = await parse(
      JSON.stringify([
        {
          stock: { id: 'N1' },
          kilometraje: { valor: '12.000' },
          precio: { monto: 9000, moneda: 'U$S' },
          seller: { id: 'not a stock id' },
          mileage2: { unit: 'km' },
        },
      ]),
    );
    assert.deepEqual(vehicles(r), [{ external_id: 'N1', price: 9000, currency: 'USD', mileage: 12000 }]);
    assert.deepEqual(
      r.columns.map((c) => [c.column, c.field]),
      [
        ['stock.id', 'external_id'],
        ['kilometraje.valor', 'mileage'],
        ['precio.monto', 'price'],
        ['precio.moneda', 'currency'],
        ['seller.id', null],
        ['mileage2.unit', null],
      ],
    );
  });

  test('docs/feed-columns.md names every accepted column name', async () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'feed-columns.md'), 'utf8');
    for (const field of FIELDS) {
      for (const alias of ALIASES[field]) assert.ok(doc.includes(`\`${alias.replace(/\|/g, '\\|')}\``), `${field}: ${alias}`);
    }
  });

  test('unknown columns are reported as ignored and left out of the vehicle', async () => {
    const r = await parse(`external_id,brand,Seats,Warranty,market,source\nS1,Ford,5,12 months,br,api\n`);
    assert.deepEqual(vehicles(r), [{ external_id: 'S1', brand: 'Ford' }]);
    assert.deepEqual(
      r.columns.map((c) => c.field),
      ['external_id', 'brand', null, null, null, null],
    );
  });
});

describe('feed parsing: photos', () => {
  test('one cell: separated by |, ;, commas, spaces or new lines; a comma inside a URL is kept', async () => {
    const cloud = [
      'https://res.cloudinary.com/demo/w_300,h_200/a.jpg',
      'https://res.cloudinary.com/demo/w_300,h_200/b.jpg',
      'https://res.cloudinary.com/demo/w_300,h_200/c.jpg',
    ];
    const got = await readColumn(
      'photos',
      [P.join('|'), P.join(' ; '), P.join(', '), P.join(' '), P.join('\n'), P.join('\r\n'), cloud.join(','), ` ${P.join(' | ')} | `],
      'photos',
    );
    assert.deepEqual(got, [P, P, P, P, P, P, cloud, P]);
  });

  test('numbered columns in number order (photo10 after photo2), any stem and language', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `https://img.example.com/n/${i + 1}.jpg`);
    const order = [1, 10, 2, 3, 4, 5, 6, 7, 8, 9];
    const r = await parse(`external_id,${order.map((n) => `photo${n}`).join(',')}\nS1,${order.map((n) => urls[n - 1]).join(',')}\n`);
    assert.deepEqual(r.rows[0]!.vehicle.photos, urls);
    for (const stems of [
      ['foto_1', 'foto_2', 'foto_3'],
      ['Image 1', 'Image 2', 'Image 3'],
      ['imagen1', 'imagen2', 'imagen3'],
      ['Image Url 1', 'Image Url 2', 'Image Url 3'],
      ['image[0].url', 'image[1].url', 'image[2].url'],
    ]) {
      const s = await parse(`external_id,${stems.map((h) => `"${h}"`).join(',')}\nS1,${P.join(',')}\n`);
      assert.deepEqual(s.rows[0]!.vehicle.photos, P, stems[0]);
    }
  });

  test('image_link then additional_image_link (Google), blank photo cells skipped, no photos → field left out', async () => {
    const r = await parse(`id,image_link,additional_image_link,photo4\nG1,${P[0]},"${P[1]},${P[2]}",\nG2,,,\n`);
    assert.deepEqual(vehicles(r), [{ external_id: 'G1', photos: P }, { external_id: 'G2' }]);
  });
});

describe('feed parsing: values', () => {
  test('prices: thousands separators, decimal commas, currency symbols; a currency written in the price is used when none is given', async () => {
    const cells = [
      '$ 12.500.000',
      '12,500.00',
      '12.500,50',
      '1.234',
      '1,234',
      '12500.5',
      '12500,75',
      '12 500 000',
      'US$ 15.000',
      '10499 USD',
      'R$ 95.000,00',
      '€ 9.999',
      '$ 12.500.000 ARS',
      '00123',
      '0.5',
      '-5',
      'Consultar',
      '12.50.000',
      '1.2.3',
    ];
    const r = await parse(`external_id,price\n${cells.map((c, i) => `X${i},"${c}"`).join('\n')}\n`);
    assert.deepEqual(
      r.rows.map((x) => x.vehicle.price),
      [12500000, 12500, 12500.5, 1234, 1234, 12500.5, 12500.75, 12500000, 15000, 10499, 95000, 9999, 12500000, 123, 0.5, -5, 'Consultar', '12.50.000', '1.2.3'],
    );
    assert.deepEqual(
      r.rows.map((x) => x.vehicle.currency),
      [
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        'USD',
        'USD',
        'BRL',
        'EUR',
        'ARS',
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ],
    );
    // a currency column wins over the one in the price
    const both = await parse('external_id,price,currency\nX,US$ 100,ARS\n');
    assert.deepEqual(both.rows[0]!.vehicle, { external_id: 'X', price: 100, currency: 'ARS' });
  });

  test('mileage and year', async () => {
    assert.deepEqual(await readColumn('mileage', ['45.000 km', '52,777 miles', '0', '120000', '98.000 KMS', 'about 5', '1.5'], 'mileage'), [
      45000,
      52777,
      0,
      120000,
      98000,
      'about 5',
      1.5,
    ]);
    assert.deepEqual(await readColumn('year', ['2019', '2019/2020', '2019-03-15', '15/03/2019', '03/2019', ' 2021 ', 'nuevo', '19'], 'year'), [
      2019,
      2020,
      2019,
      2019,
      2019,
      2021,
      'nuevo',
      '19',
    ]);
  });

  test('fuel, transmission and condition synonyms (es, pt, en) to the market values; unknown values kept for validation to name', async () => {
    assert.deepEqual(
      await readColumn(
        'fuel',
        [
          'Nafta',
          'GASOLINA',
          'Petrol - Unleaded',
          'Diésel',
          'Gasoil',
          'GNC',
          'Nafta/GNC',
          'GNV',
          'GLP',
          'Flex',
          'Álcool/Gasolina',
          'Etanol',
          'Híbrido',
          'Híbrido enchufable',
          'PHEV',
          'Eléctrico',
          'Elétrico',
          'BEV',
          'Hidrógeno',
        ],
        'fuel',
      ),
      [
        'gasoline',
        'gasoline',
        'gasoline',
        'diesel',
        'diesel',
        'cng',
        'cng',
        'cng',
        'lpg',
        'flex',
        'flex',
        'ethanol',
        'hybrid',
        'plug_in_hybrid',
        'plug_in_hybrid',
        'electric',
        'electric',
        'electric',
        'Hidrógeno',
      ],
    );
    assert.deepEqual(
      await readColumn(
        'transmission',
        ['Automática', 'automático', 'AT', 'CVT', 'Automatizada', 'Manual 5 marchas', 'Mecánica', 'MT', 'Standard', '6-Speed Automatic', 'Secuencial', 'otro'],
        'transmission',
      ),
      ['automatic', 'automatic', 'automatic', 'automatic', 'automatic', 'manual', 'manual', 'manual', 'manual', 'automatic', 'automatic', 'otro'],
    );
    assert.deepEqual(
      await readColumn('condition', ['0km', '0 KM', 'OKM', 'Nuevo', 'Novo', 'N', 'new', 'Usado', 'Seminovo', 'U', 'Pre-Owned', 'CPO', 'demo'], 'condition'),
      ['new', 'new', 'new', 'new', 'new', 'new', 'new', 'used', 'used', 'used', 'used', 'used', 'demo'],
    );
    assert.deepEqual(await readColumn('moneda', ['US$', 'U$S', 'usd', 'Dólares', 'R$', 'ARS', '$', 'Pesos argentinos', 'S/', 'XYZ'], 'currency'), [
      'USD',
      'USD',
      'USD',
      'USD',
      'BRL',
      'ARS',
      '$',
      'ARS',
      'PEN',
      'XYZ',
    ]);
  });

  test('transmission: the first word that names one decides', async () => {
    assert.deepEqual(await readColumn('transmission', ['Caja automática de 6', 'Manual con modo secuencial', 'Automatic 6-speed'], 'transmission'), [
      'automatic',
      'manual',
      'automatic',
    ]);
  });

  test('a new car with its mileage cell blank gets mileage 0; a used one is left for validation to report', async () => {
    const r = await parse('external_id,condition,mileage\nN1,0km,\nU1,usado,\nN2,nuevo,15\n');
    assert.deepEqual(vehicles(r), [
      { external_id: 'N1', condition: 'new', mileage: 0 },
      { external_id: 'U1', condition: 'used' },
      { external_id: 'N2', condition: 'new', mileage: 15 },
    ]);
  });

  test('text is trimmed, empty cells left out, "00123" never becomes a number', async () => {
    const r = await parse('external_id,brand,model,version,description\n  00123 , Ford ,  ,,"  "\n');
    assert.deepEqual(vehicles(r), [{ external_id: '00123', brand: 'Ford' }]);
  });
});

describe('feed parsing: CSV dialects and encodings', () => {
  test('delimiter detected from the header (comma, semicolon, tab, pipe), quotes respected', async () => {
    const want = [{ external_id: 'S1', brand: 'Ford', price: 1500.5 }];
    for (const d of [',', ';', '\t', '|']) {
      const price = d === ',' ? '"1500,50"' : '1500,50';
      const r = await parse(`external_id${d}brand${d}price\nS1${d}Ford${d}${price}\n`);
      assert.deepEqual(vehicles(r), want, JSON.stringify(d));
    }
    // a comma inside a quoted header does not make it comma-separated
    const r = await parse(`"Stock #";"Precio, ARS";Marca\nS1;1.500;Ford\n`);
    assert.deepEqual(vehicles(r), [{ external_id: 'S1', brand: 'Ford' }]);
    assert.deepEqual(r.columns[1], { column: 'Precio, ARS', field: null });
  });

  test('encodings: UTF-8 with BOM, Windows-1252, UTF-16 with BOM', async () => {
    const text = 'Código;Marca;Año;Ciudad\nC1;Citroën;2019;Córdoba\n';
    const want = [{ external_id: 'C1', brand: 'Citroën', year: 2019, city: 'Córdoba' }];
    assert.deepEqual(vehicles(await parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))), want);
    const cp1252 = Buffer.from(text, 'latin1');
    assert.ok(cp1252.includes(0xf3)); // ó as one byte: not valid UTF-8
    assert.deepEqual(vehicles(await parse(cp1252)), want);
    // Windows-1252's own characters (€ at 0x80, “ ” at 0x93/0x94)
    const euro = Buffer.concat([Buffer.from('external_id;description\nE1;'), Buffer.from([0x80, 0x20, 0x93, 0x6f, 0x6b, 0x94]), Buffer.from('\n')]);
    assert.equal((await parse(euro)).rows[0]!.vehicle.description, '€ “ok”');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text.replace(/;/g, '\t'), 'utf16le')]);
    assert.deepEqual(vehicles(await parse(utf16)), want);
  });

  test('row numbers as a spreadsheet shows them: blank lines and multi-line cells count', async () => {
    const csv = `external_id,description\nA,"two\nlines"\n\nB,x\n,,\nC,y`;
    const r = await parse(csv);
    assert.deepEqual(
      r.rows.map((x) => [x.index, x.vehicle.external_id]),
      [
        [2, 'A'],
        [4, 'B'],
        [6, 'C'],
      ],
    );
  });

  test('ragged rows are reported one by one, the others are read; trailing empty cells are fine', async () => {
    const r = await parse('external_id,brand,model\nA,Ford,Ka\nB,Fiat\nC,VW,Gol,extra\nD,VW,Gol,,\n');
    assert.deepEqual(vehicles(r), [
      { external_id: 'A', brand: 'Ford', model: 'Ka' },
      { external_id: 'D', brand: 'VW', model: 'Gol' },
    ]);
    assert.deepEqual(
      r.rowErrors.map((e) => itemErrorText('en', e)),
      [
        { index: 3, external_id: 'B', message: 'row 3 has 2 values but the header has 3 columns' },
        { index: 4, external_id: 'C', message: 'row 4 has 4 values but the header has 3 columns' },
      ],
    );
  });

  test('Excel\'s "sep=;" line names the delimiter; blank lines above the header are skipped (and counted)', async () => {
    const sep = await parse('sep=;\r\nexternal_id;brand;price\r\nS1;Ford;1,5\r\n');
    assert.deepEqual(sep.rows, [{ index: 2, vehicle: { external_id: 'S1', brand: 'Ford', price: 1.5 } }]);
    const blank = await parse('\n\n;;\nexternal_id;brand\nS1;Ford\n');
    assert.deepEqual(blank.rows, [{ index: 5, vehicle: { external_id: 'S1', brand: 'Ford' } }]);
  });

  test('quotes inside unquoted values (18" wheels) and "" escapes', async () => {
    const r = await parse('external_id,description\nA,Llantas 18" nuevas\nB,"Llantas 18"" nuevas"\n');
    assert.deepEqual(
      r.rows.map((x) => x.vehicle.description),
      ['Llantas 18" nuevas', 'Llantas 18" nuevas'],
    );
  });

  test('header only: a readable file with 0 rows; empty or blank file: unreadable; no known column: unreadable', async () => {
    const r = await parse('external_id,brand,model\n');
    assert.deepEqual(r, {
      format: 'csv',
      rows: [],
      rowErrors: [],
      columns: [
        { column: 'external_id', field: 'external_id' },
        { column: 'brand', field: 'brand' },
        { column: 'model', field: 'model' },
      ],
    });
    await unreadable(parse(''), /empty/);
    await unreadable(parse(' \n\r\n  '), /empty/);
    await unreadable(parse('foo,bar\n1,2\n'), /None of the columns has a name the service knows \("foo", "bar"\)/);
    await unreadable(parse('[{"foo": 1}]'), /None of the columns/);
  });
});
