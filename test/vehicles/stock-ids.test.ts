// Stock IDs as dealer systems write them (D26): any text of 1–80 characters (code points, after
// NFC and trimming), no control characters, percent-encoded in a path. Each ID must come back
// exactly through PUT/GET/DELETE/sold, sync, reconcile, feeds in every format, webhook data,
// the public page and leads; IDs differing only in normalization or outer spaces are one car.
import { render } from '../../src/core/i18n/index.js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import { ManualClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { FieldMapper } from '../../src/modules/feeds/parse/map.js';
import { normalizeStockId, readStockId, stockIdProblem } from '../../src/modules/vehicles/stock-id.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { eventsOf, feedFor, vehiclesOf } from '../feeds/support.js';
import { publishCar } from '../support/cars.js';
import { PhotoHost, pathOf, photoUrls } from '../support/photos.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { aCar, GOL } from '../support/cars.js';

const enc = encodeURIComponent;
/** The IDs of the issue, one that ends in "/sold", and 80 characters of 2-, 3- and 4-byte UTF-8. */
const IDS = ['STK 1043', 'A/1043', '#1043', 'ÑANDÚ-7', 'X/sold', 'ñ'.repeat(80), '車'.repeat(80), '🚗'.repeat(80)];
const NFD = (s: string) => s.normalize('NFD');

let photoSeq = 0;
/** Photo URLs of their own for every car, so no two cars share a photo. */
const photos = () => photoUrls(`s${++photoSeq}`);

describe('the stock ID rule (D26), on its own', () => {
  test('NFC and String.prototype.trim; idempotent', () => {
    assert.equal(normalizeStockId(' \u00a0N\u0303ANDU\u0301-7\t\u3000'), 'ÑANDÚ-7');
    for (const id of [...IDS, ' a ', 'N\u0303']) assert.equal(normalizeStockId(normalizeStockId(id)), normalizeStockId(id));
  });

  test('printable ASCII (the fast path, P55) reads exactly as the full rule does', () => {
    const full = (raw: string) => {
      const id = normalizeStockId(raw);
      const problem = stockIdProblem(id);
      return problem === null ? { ok: true, id } : { ok: false, problem };
    };
    const cases = ['A', 'A-1043', 'A/1043 #2', ' A1', 'A1 ', '~', 'x'.repeat(80), 'x'.repeat(81), `a${' '.repeat(78)}b`, ' ', 'a\tb', 'a\u007fb'];
    for (let c = 0x20; c < 0x7f; c++) cases.push(String.fromCharCode(c), `a${String.fromCharCode(c)}b`);
    for (const raw of cases) {
      const r = readStockId(raw);
      const want = full(raw);
      assert.equal(r.ok, want.ok, JSON.stringify(raw));
      if (want.ok) assert.equal(r.id, want.id, JSON.stringify(raw));
      else assert.deepEqual((r as { problem: unknown }).problem, want.problem, JSON.stringify(raw));
    }
  });

  test('80 characters counted in code points, not bytes nor UTF-16 units', () => {
    assert.equal(stockIdProblem('🚗'.repeat(80)), null, '160 UTF-16 units, 320 bytes');
    assert.match(render('en', stockIdProblem('🚗'.repeat(81))!), /81 characters/);
    assert.equal(readStockId(NFD('Ñ'.repeat(80))).ok, true, '160 code points in NFD are 80 after NFC');
    const long = readStockId('ñ'.repeat(200));
    assert.ok(!long.ok && long.id === `${'ñ'.repeat(80)}…`, 'a refused long ID is echoed cut');
  });

  test('refused: empty, controls (C0, DEL, C1), U+2028/9, bidi controls, lone surrogates; kept: ZWJ, symbols', () => {
    for (const id of [
      '',
      '   ',
      'a\u0000b',
      'a\u001fb',
      'a\u007fb',
      'a\u0085b',
      'a\u009fb',
      'a\u2028b',
      'a\u2029b',
      'a\u202eb',
      'a\u2066b',
      'a\u200fb',
      'a\u061cb',
      'a\ud800b',
      'a\tb',
      'a\nb',
    ]) {
      assert.equal(readStockId(id).ok, false, JSON.stringify(id));
    }
    assert.match(render('en', stockIdProblem('ab\u0000')!), /U\+0000\) at character 3/);
    for (const id of ['a\u200db', '<b>&"\'', 'Ref. 12/2024 – №7', 'ก-1', 'А-1']) assert.equal(readStockId(id).ok, true, id);
    assert.deepEqual(readStockId(undefined), { ok: false, id: '', problem: { code: 'stock_id_required' } });
    assert.equal(readStockId(1043).ok, false, 'a number is not a stock ID in a JSON body');
  });

  test('a feed row that cannot be read still names its car normalized (the sold guard counts it as listed)', () => {
    const mapper = new FieldMapper(['Stock #', 'Make']);
    assert.equal(
      mapper.externalId((col) => (col === 0 ? `  ${NFD('ÑANDÚ-7')}\t` : 'Ford')),
      'ÑANDÚ-7',
    );
    assert.equal(
      mapper.externalId((col) => (col === 0 ? 1043 : 'Ford')),
      '1043',
    );
  });
});

describe(`stock IDs through the service (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    clock = new ManualClock(Date.now());
    t = await makeApp({
      clock,
      env: {
        PUBLIC_BASE_URL: 'https://cars.example.com',
        RATE_LIMIT_PER_MINUTE: '1000000',
        FEED_PUSH_PER_MINUTE: '1000',
        WEBHOOK_TIMEOUT: '1s',
        PHOTO_TIMEOUT: '2s',
      },
      // hooks.test is the receiver on loopback; made-up photo hosts land on a closed port.
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  const call = (key: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(key), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const listIds = async (key: string): Promise<string[]> => {
    const res = await call(key, 'GET', '/v1/vehicles?per_page=100');
    assert.equal(res.statusCode, 200, res.body);
    return res
      .json()
      .data.map((v: { external_id: string }) => v.external_id)
      .sort();
  };

  test('PUT, GET, POST …/sold, DELETE with percent-encoded paths: every ID comes back exactly', async () => {
    const { key } = await seedDealer(t);
    for (const id of IDS) {
      const path = `/v1/vehicles/${enc(id)}`;
      const created = await call(key, 'PUT', path, aCar({ photos: photos() }));
      assert.equal(created.statusCode, 201, `${id}: ${created.body}`);
      assert.equal(created.json().vehicle.external_id, id);
      assert.match(created.json().vehicle.url, /^https:\/\/cars\.example\.com\/listings\/[0-9A-Z]{10}$/, 'the url does not depend on the stock ID');
      const again = await call(key, 'PUT', path, aCar({ photos: photos(), price: 13000 }));
      assert.deepEqual([again.statusCode, again.json().result, again.json().vehicle.external_id], [200, 'updated', id]);
      const got = await call(key, 'GET', path);
      assert.deepEqual([got.statusCode, got.json().vehicle.external_id], [200, id]);
      const sold = await call(key, 'POST', `${path}/sold`);
      assert.deepEqual(
        [sold.statusCode, sold.json().result, sold.json().vehicle.external_id, sold.json().vehicle.status],
        [200, 'sold', id, 'sold'],
        `${id}: ${sold.body}`,
      );
      const withdrawn = await call(key, 'DELETE', path);
      assert.deepEqual([withdrawn.statusCode, withdrawn.json().result, withdrawn.json().vehicle.external_id], [200, 'withdrawn', id]);
    }
    assert.deepEqual(await listIds(key), [...IDS].sort(), 'one car per ID, stored exactly');
  });

  test('routing: "X%2Fsold" is a stock ID, not the sold route; a raw "/" answers 404 naming the encoding', async () => {
    const { key } = await seedDealer(t);
    assert.equal((await call(key, 'PUT', '/v1/vehicles/X', aCar({ photos: photos() }))).statusCode, 201);
    assert.equal((await call(key, 'PUT', '/v1/vehicles/X%2Fsold', aCar({ photos: photos() }))).statusCode, 201);
    // POST to the stock ID "X/sold" is no route; it must not mark X sold.
    const post = await call(key, 'POST', '/v1/vehicles/X%2Fsold');
    assert.equal(post.statusCode, 404, post.body);
    assert.equal((await call(key, 'GET', '/v1/vehicles/X')).json().vehicle.status, 'importing_photos');
    const sold = await call(key, 'POST', '/v1/vehicles/X%2Fsold/sold');
    assert.equal(sold.json().vehicle.external_id, 'X/sold');
    assert.equal((await call(key, 'GET', '/v1/vehicles/X')).json().vehicle.status, 'importing_photos', 'X itself untouched');
    for (const [method, url] of [
      ['PUT', '/v1/vehicles/A/1043'],
      ['GET', '/v1/vehicles/A/1043'],
      ['DELETE', '/v1/vehicles/A/1043'],
      ['POST', '/v1/vehicles/A/1043/sold'],
    ] as const) {
      const res = await call(key, method, url, method === 'PUT' ? aCar({ photos: photos() }) : undefined);
      assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().error.code, 'not_found');
      assert.match(res.json().error.message, /percent-encoded.*A%2F1043/);
    }
    assert.deepEqual(await listIds(key), ['X', 'X/sold']);
  });

  test('80 characters of multi-byte text accepted; 81 refused (path 400, sync item error)', async () => {
    const { key } = await seedDealer(t);
    for (const c of ['ñ', '車', '🚗']) {
      const res = await call(key, 'PUT', `/v1/vehicles/${enc(c.repeat(81))}`, aCar({ photos: photos() }));
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error.code, 'invalid_request');
      assert.match(res.json().error.message, /81 characters/);
      assert.equal((await call(key, 'GET', `/v1/vehicles/${enc(c.repeat(81))}`)).statusCode, 400);
    }
    const sync = await call(key, 'POST', '/v1/vehicles/sync', {
      vehicles: [
        { external_id: '🚗'.repeat(80), ...aCar({ photos: photos() }) },
        { external_id: '🚗'.repeat(81), ...aCar({ photos: photos() }) },
      ],
    });
    assert.equal(sync.statusCode, 207, sync.body);
    assert.equal(sync.json().created, 1);
    assert.deepEqual(
      sync.json().errors.map((e: { index: number }) => e.index),
      [1],
    );
    assert.match(sync.json().errors[0].message, /external_id is 81 characters long; at most 80/);
    assert.equal(sync.json().errors[0].external_id, `${'🚗'.repeat(80)}…`);
    assert.deepEqual(await listIds(key), ['🚗'.repeat(80)]);
  });

  test('leading and trailing white space is trimmed: path, sync and reconcile name the same car', async () => {
    const { key } = await seedDealer(t);
    const res = await call(key, 'PUT', `/v1/vehicles/${enc('  STK 1043\t')}`, aCar({ photos: photos() }));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json().vehicle.external_id, 'STK 1043');
    for (const variant of ['STK 1043', ' STK 1043 ', '\u00a0STK 1043\u3000']) {
      assert.equal((await call(key, 'GET', `/v1/vehicles/${enc(variant)}`)).json().vehicle.external_id, 'STK 1043', JSON.stringify(variant));
    }
    const sync = await call(key, 'POST', '/v1/vehicles/sync', {
      vehicles: [{ external_id: ' STK 1043 ', ...aCar({ photos: photos() }) }],
      mark_missing_as_sold: true,
    });
    assert.deepEqual([sync.statusCode, sync.json().created, sync.json().updated, sync.json().sold], [200, 0, 1, 0], sync.body);
    const rec = await call(key, 'POST', '/v1/vehicles/reconcile', { external_ids: ['STK 1043  '] });
    assert.deepEqual([rec.statusCode, rec.json().kept, rec.json().sold, rec.json().unknown], [200, 1, 0, 0], rec.body);
    assert.deepEqual(await listIds(key), ['STK 1043']);
  });

  test('NFD and NFC spellings are one car (path, sync, reconcile); a repeat after normalization is an error', async () => {
    const { key } = await seedDealer(t);
    const nfd = NFD('ÑANDÚ-7');
    assert.notEqual(nfd, 'ÑANDÚ-7');
    const created = await call(key, 'PUT', `/v1/vehicles/${enc(nfd)}`, aCar({ photos: photos() }));
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.json().vehicle.external_id, 'ÑANDÚ-7', 'stored in NFC');
    const updated = await call(key, 'PUT', `/v1/vehicles/${enc('ÑANDÚ-7')}`, aCar({ photos: photos() }));
    assert.equal(updated.json().result, 'updated');
    assert.equal((await call(key, 'GET', `/v1/vehicles/${enc(nfd)}`)).statusCode, 200);
    const sync = await call(key, 'POST', '/v1/vehicles/sync', {
      vehicles: [
        { external_id: nfd, ...aCar({ photos: photos() }) },
        { external_id: 'ÑANDÚ-7', ...aCar({ photos: photos() }) },
      ],
    });
    assert.equal(sync.statusCode, 207, sync.body);
    assert.equal(sync.json().updated, 1);
    assert.deepEqual(
      sync.json().errors.map((e: { index: number; external_id: string }) => [e.index, e.external_id]),
      [[1, 'ÑANDÚ-7']],
    );
    assert.match(sync.json().errors[0].message, /repeats vehicle 0 of this call/);
    const rec = await call(key, 'POST', '/v1/vehicles/reconcile', { external_ids: [nfd] });
    assert.deepEqual([rec.json().kept, rec.json().sold, rec.json().unknown], [1, 0, 0], rec.body);
    const nfd80 = NFD('Ñ'.repeat(80));
    // eslint-disable-next-line @typescript-eslint/no-misused-spread -- counts code points on purpose: NFD makes each Ñ two
    assert.equal([...nfd80].length, 160);
    const long = await call(key, 'PUT', `/v1/vehicles/${enc(nfd80)}`, aCar({ photos: photos() }));
    assert.equal(long.statusCode, 201, long.body);
    assert.equal(long.json().vehicle.external_id, 'Ñ'.repeat(80));
    assert.deepEqual(await listIds(key), ['ÑANDÚ-7', 'Ñ'.repeat(80)].sort());
  });

  test('control characters are refused: path 400, sync item error with vehicle.rejected, reconcile 400; no car', async () => {
    const { key, slug } = await seedDealer(t);
    for (const raw of ['a\u0000b', 'a\u0001b', 'a\u007fb', 'a\u0085b', 'a\u2028b', 'a\u202eb', 'a\nb']) {
      const res = await call(key, 'PUT', `/v1/vehicles/${enc(raw)}`, aCar({ photos: photos() }));
      assert.equal(res.statusCode, 400, `${JSON.stringify(raw)}: ${res.body}`);
      assert.equal(res.json().error.code, 'invalid_request');
      assert.match(res.json().error.message, /control/);
      for (const method of ['GET', 'DELETE'] as const) assert.equal((await call(key, method, `/v1/vehicles/${enc(raw)}`)).statusCode, 400);
      assert.equal((await call(key, 'POST', `/v1/vehicles/${enc(raw)}/sold`)).statusCode, 400);
    }
    const sync = await call(key, 'POST', '/v1/vehicles/sync', {
      vehicles: [
        { external_id: 'OK-1', ...aCar({ photos: photos() }) },
        { external_id: 'a\u0000b', ...aCar({ photos: photos() }) },
        { external_id: 'x\u202e1', ...aCar({ photos: photos() }) },
        { external_id: '   ', ...aCar({ photos: photos() }) },
        { external_id: 'a\ud800', ...aCar({ photos: photos() }) },
      ],
    });
    assert.equal(sync.statusCode, 207, sync.body);
    assert.equal(sync.json().created, 1);
    const errors = sync.json().errors as { index: number; external_id: string; message: string }[];
    assert.deepEqual(
      errors.map((e) => e.index),
      [1, 2, 3, 4],
    );
    assert.equal(errors[0]!.external_id, 'a\u0000b', 'echoed as sent');
    assert.match(errors[0]!.message, /^external_id holds a control or invisible formatting character \(U\+0000\) at character 2$/);
    assert.match(errors[1]!.message, /U\+202E/);
    assert.match(errors[2]!.message, /external_id is empty/);
    assert.match(errors[3]!.message, /U\+D800/);
    const rejected = await eventsOf(t, slug, 'vehicle.rejected');
    assert.ok(
      rejected.some((e) => e.external_id === 'a\u0000b' && e.channel === 'sync'),
      JSON.stringify(rejected),
    );
    const rec = await call(key, 'POST', '/v1/vehicles/reconcile', { external_ids: ['OK-1', 'a\u0000b'], allow_mass_sold: true });
    assert.equal(rec.statusCode, 400, rec.body);
    assert.equal(rec.json().error.code, 'invalid_request');
    assert.match(rec.json().error.message, /external_ids\[1\].*U\+0000.*nothing was changed/);
    assert.equal((await call(key, 'POST', '/v1/vehicles/reconcile', { external_ids: ['OK-1', ' '] })).statusCode, 400, 'a blank entry too');
    assert.deepEqual(await listIds(key), ['OK-1']);
    assert.equal((await call(key, 'GET', '/v1/vehicles/OK-1')).json().vehicle.status, 'importing_photos', 'the refused reconcile marked nothing');
  });

  test('sync and reconcile round-trip every ID; reconcile marks sold exactly the unlisted one', async () => {
    const { key } = await seedDealer(t);
    const sync = await call(key, 'POST', '/v1/vehicles/sync', { vehicles: IDS.map((id) => ({ external_id: id, ...aCar({ photos: photos() }) })) });
    assert.equal(sync.statusCode, 200, sync.body);
    assert.equal(sync.json().created, IDS.length);
    for (const id of IDS) assert.equal((await call(key, 'GET', `/v1/vehicles/${enc(id)}`)).json().vehicle.external_id, id);
    // Sent again spelled otherwise (NFD, padded), with mark_missing_as_sold: nothing is missing.
    const again = await call(key, 'POST', '/v1/vehicles/sync', {
      vehicles: IDS.map((id) => ({ external_id: ` ${NFD(id)} `, ...aCar({ photos: photos() }) })),
      mark_missing_as_sold: true,
    });
    assert.deepEqual([again.json().created, again.json().updated, again.json().sold], [0, IDS.length, 0], again.body);
    const rec = await call(key, 'POST', '/v1/vehicles/reconcile', { external_ids: IDS.filter((id) => id !== 'A/1043').map(NFD) });
    assert.deepEqual([rec.statusCode, rec.json().sold, rec.json().kept, rec.json().unknown], [200, 1, IDS.length - 1, 0], rec.body);
    assert.equal((await call(key, 'GET', '/v1/vehicles/A%2F1043')).json().vehicle.status, 'sold');
    assert.equal((await call(key, 'GET', `/v1/vehicles/${enc('#1043')}`)).json().vehicle.status, 'importing_photos');
  });

  describe('feeds in every format', () => {
    const GOOD = ['STK 1043', 'A/1043', '#1043', 'ÑANDÚ-7', 'ñ'.repeat(80), '<b>&"1043\''];
    const row = (id: string) => ({ external_id: id, ...aCar({ ...GOL, photos: photos() }) });

    async function push(feedPath: string, format: 'csv' | 'json' | 'xml' | 'xlsx', ids: string[]) {
      const rows = ids.map(row);
      let headers: Record<string, string>;
      let payload: string | Buffer;
      if (format === 'csv') {
        const cols = ['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos'] as const;
        const cell = (v: unknown) => {
          const s = Array.isArray(v) ? v.join('|') : String(v);
          return `"${s.replaceAll('"', '""')}"`;
        };
        payload = [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
        headers = { 'content-type': 'text/csv' };
      } else if (format === 'json') {
        payload = JSON.stringify({ vehicles: rows });
        headers = { 'content-type': 'application/json' };
      } else if (format === 'xml') {
        const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
        const v = (r: ReturnType<typeof row>) =>
          `<vehicle><external_id>${esc(r.external_id)}</external_id><brand>${r.brand}</brand><model>${r.model}</model><year>${r.year}</year>` +
          `<price>${r.price}</price><mileage>${r.mileage}</mileage><photos>${r.photos.map((u) => `<photo>${u}</photo>`).join('')}</photos></vehicle>`;
        payload = `<?xml version="1.0" encoding="UTF-8"?><inventory>${rows.map(v).join('')}</inventory>`;
        headers = { 'content-type': 'application/xml' };
      } else {
        const wb = new ExcelJS.Workbook();
        const ws = wb.addWorksheet('Stock');
        ws.addRow(['external_id', 'brand', 'model', 'year', 'price', 'mileage', 'photos']);
        for (const r of rows) ws.addRow([r.external_id, r.brand, r.model, r.year, r.price, r.mileage, r.photos.join('|')]);
        const file = Buffer.from(await wb.xlsx.writeBuffer());
        const boundary = `stockIds${Date.now()}`;
        payload = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      }
      const res = await t.app.inject({ method: 'POST', url: feedPath, headers, payload });
      assert.equal(res.statusCode, 200, `${format}: ${res.body}`);
      assert.equal(res.json().format, format);
      return res.json<{ created: number; updated: number; sold: number; errors: { index: number; external_id: string; message: string }[] }>();
    }

    for (const format of ['csv', 'json', 'xml', 'xlsx'] as const) {
      test(`${format}: IDs land exactly; padded and NFD spellings update them; bad IDs are that row's error`, async () => {
        const { key, slug } = await seedDealer(t);
        const feed = await feedFor(t, slug);
        // XML 1.0 (and so XLSX) cannot carry U+0001, so the refused character there is a bidi override.
        const control = format === 'xml' || format === 'xlsx' ? 'Z\u202e1' : 'Z\u00011';
        const first = await push(feed.path, format, [...GOOD, 'ñ'.repeat(81), control]);
        assert.equal(first.created, GOOD.length, JSON.stringify(first));
        // Rows: CSV/XLSX count the header as row 1; JSON/XML the 1-based position.
        const base = format === 'csv' || format === 'xlsx' ? 2 : 1;
        assert.deepEqual(
          first.errors.map((e) => e.index),
          [GOOD.length + base, GOOD.length + base + 1],
          JSON.stringify(first.errors),
        );
        assert.match(first.errors[0]!.message, /external_id is 81 characters long/);
        assert.match(first.errors[1]!.message, /external_id holds a control/);
        const stored = (await vehiclesOf(t, slug)).map((v) => v.external_id).sort();
        assert.deepEqual(stored, [...GOOD].sort());
        for (const id of GOOD) assert.equal((await call(key, 'GET', `/v1/vehicles/${enc(id)}`)).json().vehicle.source, 'feed', id);
        // The same stock spelled otherwise: every car updated, none created, none missing (sold).
        const second = await push(
          feed.path,
          format,
          GOOD.map((id) => `  ${NFD(id)} `),
        );
        assert.deepEqual([second.created, second.updated, second.sold, second.errors], [0, GOOD.length, 0, []], JSON.stringify(second));
        assert.equal((await vehiclesOf(t, slug)).length, GOOD.length);
      });
    }
  });

  test('webhook data carries the ID exactly: vehicle.sold and vehicle.rejected', async () => {
    const { key } = await seedDealer(t);
    const hook = await call(key, 'POST', '/v1/webhooks', { url: rx.url('/ok?ids'), events: ['vehicle.sold', 'vehicle.rejected'] });
    assert.equal(hook.statusCode, 201, hook.body);
    rx.reset();
    for (const id of ['A/1043', 'ÑANDÚ-7']) {
      assert.equal((await call(key, 'PUT', `/v1/vehicles/${enc(NFD(id))}`, aCar({ photos: photos() }))).statusCode, 201);
      assert.equal((await call(key, 'POST', `/v1/vehicles/${enc(id)}/sold`)).statusCode, 200);
    }
    assert.equal(
      (await call(key, 'POST', '/v1/vehicles/sync', { vehicles: [{ external_id: '#1043', ...aCar({ photos: photos(), year: 1900 }) }] })).statusCode,
      207,
    );
    await t.app.services.jobs.runDue();
    const bodies = rx.received.filter((r) => r.path === '/ok').map((r) => ({ raw: r.raw.toString('utf8'), json: JSON.parse(r.raw.toString('utf8')) }));
    const sold = bodies
      .filter((b) => b.json.type === 'vehicle.sold')
      .map((b) => b.json.data.external_id)
      .sort();
    assert.deepEqual(sold, ['A/1043', 'ÑANDÚ-7']);
    const rejected = bodies.filter((b) => b.json.type === 'vehicle.rejected').map((b) => b.json.data);
    assert.deepEqual(
      rejected.map((d) => [d.external_id, d.channel]),
      [['#1043', 'sync']],
    );
    assert.ok(
      bodies.some((b) => b.raw.includes('"external_id":"ÑANDÚ-7"')),
      'written as UTF-8 text in NFC',
    );
  });

  test('the public page shows the ID exactly, HTML-escaped (and as sku in JSON-LD); the lead carries it', async () => {
    const host = new PhotoHost();
    await host.start();
    try {
      const { key } = await seedDealer(t);
      for (const id of ['<b>&"1043\'', 'ÑANDÚ-7']) {
        const c = await publishCar(t, key, host, enc(id));
        assert.equal(c.status, 'active');
        assert.equal(c.external_id, id);
        const page = await t.app.inject({ url: pathOf(c.url) });
        assert.equal(page.statusCode, 200);
        const shown = id.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
        assert.ok(page.body.includes(`<dt>Referencia</dt><dd>${shown}</dd>`), page.body);
        const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]!;
        assert.equal(JSON.parse(ld).sku, id);
        if (id.includes('<')) assert.ok(!page.body.includes(id), 'never raw');
        const inquiry = await t.app.inject({
          method: 'POST',
          url: `${pathOf(c.url)}/inquiries`,
          payload: { name: 'Ana', email: 'ana@example.net', message: 'Is it available?' },
        });
        assert.equal(inquiry.statusCode, 201, inquiry.body);
      }
      const leads = (await call(key, 'GET', '/v1/leads')).json().data as { external_id: string }[];
      assert.deepEqual(leads.map((l) => l.external_id).sort(), ['<b>&"1043\'', 'ÑANDÚ-7'].sort());
    } finally {
      await host.stop();
    }
  });
});
