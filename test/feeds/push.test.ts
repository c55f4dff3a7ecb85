// Feed push (D15, spec §4 rule 5, §8): formats and content types, the 10 MB cap while
// streaming, same 404 for unknown/malformed/revoked tokens, per-token rate limit (D23),
// row-numbered errors, the sold guard and the missing cars of the feed's source, reports.
import assert from 'node:assert/strict';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { Readable } from 'node:stream';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import { readCapped } from '../../src/modules/feeds/body.js';
import { revokeFeed } from '../../src/modules/feeds/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, eventsOf, feedFor, ids, PHOTOS, pushCsv, vehiclesOf } from './support.js';
import { aCar } from '../support/cars.js';
import { errorCode, streamFromChild } from '../support/streaming-client.js';

const MB = 1024 * 1024;

function multipart(parts: { name: string; filename?: string; type?: string; body: string | Buffer }[]) {
  const boundary = '----feedtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.body) ? p.body : Buffer.from(p.body));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`feed push (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  test('CSV: 200 processed with counts; the same file again changes nothing', async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = csv(ids('A', 3).map((id) => csvCar(id)));
    const first = await pushCsv(t, feed.path, file);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), {
      result: 'processed',
      format: 'csv',
      rows: 3,
      created: 3,
      updated: 0,
      sold: 0,
      errors: [],
      error_count: 0,
      errors_truncated: false,
      warnings: [],
      warning_count: 0,
    });
    const cars = await vehiclesOf(t, slug);
    assert.deepEqual(
      cars.map((c) => [c.external_id, c.source, c.status]),
      ids('A', 3).map((id) => [id, 'feed', 'importing_photos']),
    );
    const before = cars.map((c) => [c.updated_at, c.revision]);

    manualClock(t).advance(60_000);
    const again = await pushCsv(t, feed.path.slice(0, -1), file); // without the trailing slash
    assert.equal(again.statusCode, 200);
    assert.deepEqual(again.json(), {
      result: 'processed',
      format: 'csv',
      rows: 3,
      created: 0,
      updated: 3,
      sold: 0,
      errors: [],
      error_count: 0,
      errors_truncated: false,
      warnings: [],
      warning_count: 0,
    });
    assert.deepEqual(
      (await vehiclesOf(t, slug)).map((c) => [c.updated_at, c.revision]),
      before,
      'unchanged cars keep updated_at and revision',
    );
    const list = (await t.app.inject({ url: '/v1/vehicles', headers: bearer(key) })).json();
    assert.equal(list.total, 3);
  });

  test('JSON body, and multipart with the part "file"; other parts ignored', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const json = JSON.stringify(ids('J', 2).map((id) => ({ external_id: id, ...aCar({ year: 2018, price: 9_000_000, mileage: 50_000, photos: PHOTOS(id) }) })));
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'application/json' }, payload: json });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().format, 'json');
    assert.equal(res.json().created, 2);

    const m = multipart([
      { name: 'note', body: 'hello' },
      { name: 'file', filename: 'stock.csv', type: 'text/csv', body: csv([...ids('J', 2), 'J-3'].map((id) => csvCar(id))) },
    ]);
    const mp = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': m.contentType }, payload: m.body });
    assert.equal(mp.statusCode, 200, mp.body);
    assert.deepEqual(mp.json(), {
      result: 'processed',
      format: 'csv',
      rows: 3,
      created: 1,
      updated: 2,
      sold: 0,
      errors: [],
      error_count: 0,
      errors_truncated: false,
      warnings: [],
      warning_count: 0,
    });

    const none = multipart([{ name: 'other', filename: 'x.csv', body: 'a,b\n' }]);
    const missing = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': none.contentType }, payload: none.body });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error.code, 'invalid_request');
    assert.match(missing.json().error.message, /part named "file"/);
  });

  test('no content type, or application/octet-stream: the content tells the format', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const json = JSON.stringify([
      { external_id: 'N-1', ...aCar({ brand: 'Ford', model: 'Ka', year: 2017, price: 4_000_000, mileage: 70_000, photos: PHOTOS('N-1') }) },
    ]);
    const bare = await t.app.inject({ method: 'POST', url: feed.path, payload: Buffer.from(json) });
    assert.equal(bare.statusCode, 200, bare.body);
    assert.equal(bare.json().format, 'json');
    const octet = await t.app.inject({
      method: 'POST',
      url: feed.path,
      headers: { 'content-type': 'application/octet-stream' },
      payload: csv([csvCar('N-2'), csvCar('N-1')]),
    });
    assert.equal(octet.statusCode, 200, octet.body);
    assert.deepEqual([octet.json().format, octet.json().created, octet.json().updated], ['csv', 1, 1]);
  });

  test('an unsupported content type: 400 in the Error shape', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'image/png' }, payload: Buffer.from([0x89, 0x50]) });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, 'invalid_request');
  });

  test('unknown, malformed and revoked tokens: the same 404', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const file = csv([csvCar('R-1')]);
    assert.equal((await pushCsv(t, feed.path, file)).statusCode, 200);
    await revokeFeed(t.store, t.clock, { dealer: slug, token: feed.token });
    const answers = await Promise.all(
      [feed.path, '/v1/feeds/00000000-0000-4000-8000-000000000000/', '/v1/feeds/not-a-token/', `/v1/feeds/${feed.token.toUpperCase()}x/`].map((p) =>
        pushCsv(t, p, file),
      ),
    );
    for (const a of answers) {
      assert.equal(a.statusCode, 404);
      assert.deepEqual(a.json(), { error: { code: 'not_found', message: 'No feed at this address.' } });
    }
    // A key is not what opens it either.
    const { key } = await seedDealer(t);
    assert.equal((await pushCsv(t, feed.path, file, bearer(key))).statusCode, 404);
  });

  test('over 10 MB with a Content-Length: 413 before reading', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'text/csv' }, payload: Buffer.alloc(10 * MB + 1, 0x61) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error.code, 'payload_too_large');
    assert.equal((await vehiclesOf(t, slug)).length, 0);
  });

  test('over 10 MB, chunked (no Content-Length) and in multipart: 413 while streaming', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A raw socket: the server may answer and close while the client is still writing.
    const send = (contentType: string, total: number, head = Buffer.alloc(0)) =>
      new Promise<{ status: number; body: string; written: number }>((resolve) => {
        let written = 0;
        let received = '';
        let closed = false;
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`POST ${feed.path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`);
          const chunk = Buffer.alloc(256 * 1024, 0x61);
          const pump = () => {
            while (!closed && written < total) {
              const data = written === 0 && head.length ? head : chunk;
              written += data.length;
              socket.write(`${data.length.toString(16)}\r\n`);
              socket.write(data);
              const ok = socket.write('\r\n');
              if (!ok) return void socket.once('drain', pump);
            }
            if (!closed) socket.write('0\r\n\r\n');
          };
          pump();
        });
        socket.setEncoding('latin1');
        socket.on('data', (d: string) => {
          received += d;
          if (/\r\n\r\n[\s\S]*\}/.test(received)) socket.destroy();
        });
        socket.on('error', () => {});
        socket.on('close', () => {
          closed = true;
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
          resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4), written });
        });
      });
    const plain = await send('text/csv', 64 * MB);
    assert.equal(plain.status, 413);
    assert.equal(plain.body.includes('payload_too_large'), true);
    assert.ok(plain.written < 64 * MB, 'the server answered before the client sent everything');

    const boundary = 'xyzBOUNDARY';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`);
    const mp = await send(`multipart/form-data; boundary=${boundary}`, 64 * MB, head);
    assert.equal(mp.status, 413);
    assert.equal((await vehiclesOf(t, slug)).length, 0);
  });

  // Issue 24 item 5 (P68): the reported client (node:http, 64 KB writes waiting for 'drain', in a
  // process of its own), with and without keep-alive: it reads the 413 before anything else.
  for (const chunked of [false, true]) {
    for (const connection of ['close', 'keep-alive'] as const) {
      test(`an 11 MB text/csv push (${chunked ? 'chunked' : 'Content-Length'}, Connection: ${connection}): the client reads the 413`, async () => {
        const { slug } = await seedDealer(t);
        const feed = await feedFor(t, slug);
        if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
        const { port } = t.app.server.address() as AddressInfo;
        const outcome = await streamFromChild({ port, path: feed.path, headers: { 'content-type': 'text/csv' }, total: 11 * MB, chunked, connection });
        assert.equal(outcome.events[0], 'response 413', JSON.stringify(outcome));
        assert.equal(errorCode(outcome), 'payload_too_large');
        assert.equal((await vehiclesOf(t, slug)).length, 0);
      });
    }
  }

  test('a 24 MB push with a Content-Length (over the 20 MB drain bound): the 413 is read, then the connection closes', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const connection of ['close', 'keep-alive'] as const) {
      const outcome = await streamFromChild({ port, path: feed.path, headers: { 'content-type': 'text/csv' }, total: 24 * MB, chunked: false, connection });
      assert.equal(outcome.events[0], 'response 413', JSON.stringify(outcome));
      assert.equal(errorCode(outcome), 'payload_too_large');
    }
    // A client that goes on sending after the answer (node's own client stops writing once it
    // has an answer): the server reads up to the bound, stops reading, and closes after a linger.
    const seen = await new Promise<{ head: string; sent: number; how: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let head = '';
      let sent = 0;
      let how = 'open';
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (head += d));
      socket.on('error', (e: NodeJS.ErrnoException) => (how = e.code ?? 'error'));
      socket.on('close', () => resolve({ head, sent, how }));
      socket.write(`POST ${feed.path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/csv\r\nContent-Length: ${64 * MB}\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < 64 * MB && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        if (!socket.destroyed) setTimeout(() => socket.destroy(), 3000).unref();
      };
      pump();
    });
    assert.match(seen.head, /^HTTP\/1\.1 413 /);
    // 20 MB read, then reading stops: what the kernel's buffers take on both sides is all that
    // leaves the client (P131), never the whole body.
    assert.ok(seen.sent < 40 * MB, `the server stopped reading (${seen.sent / MB} MB of 64 MB sent; ${seen.how})`);
  });

  test('readCapped: exact, shorter or longer than declared, and over the cap', async () => {
    const chunks = () => Readable.from([Buffer.from('abc'), Buffer.from('defg'), Buffer.from('h')]);
    for (const declared of [undefined, 8, 5, 20]) assert.equal((await readCapped(chunks(), 100, declared)).toString(), 'abcdefgh', String(declared));
    await assert.rejects(readCapped(chunks(), 7, 5), (e: { code?: string }) => e.code === 'payload_too_large');
    await assert.rejects(readCapped(chunks(), 7), (e: { code?: string }) => e.code === 'payload_too_large');
  });

  test('FEED_PUSH_PER_MINUTE: default 10, validated', () => {
    assert.equal(loadConfig({}).feedPushPerMinute, 10);
    assert.equal(loadConfig({ FEED_PUSH_PER_MINUTE: '30' }).feedPushPerMinute, 30);
    for (const bad of ['0', '-1', 'ten', '1.5']) {
      assert.throws(
        () => loadConfig({ FEED_PUSH_PER_MINUTE: bad }),
        (e: unknown) => e instanceof ConfigError && /FEED_PUSH_PER_MINUTE/.test(e.message),
      );
    }
  });

  test('per-token rate limit: 429 with Retry-After; another token is not affected', async () => {
    const limited = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '2' } });
    try {
      const { slug } = await seedDealer(limited);
      const a = await feedFor(limited, slug);
      const b = await feedFor(limited, slug);
      const file = csv([csvCar('L-1')]);
      assert.equal((await pushCsv(limited, a.path, file)).statusCode, 200);
      const second = await pushCsv(limited, a.path, file);
      assert.equal(second.statusCode, 200);
      assert.equal(second.headers['ratelimit-remaining'], '0');
      const third = await pushCsv(limited, a.path, file);
      assert.equal(third.statusCode, 429);
      assert.equal(third.json().error.code, 'rate_limited');
      assert.match(String(third.headers['retry-after']), /^\d+$/);
      assert.equal((await pushCsv(limited, b.path, file)).statusCode, 200);
      manualClock(limited).advance(61_000);
      assert.equal((await pushCsv(limited, a.path, file)).statusCode, 200);
    } finally {
      await limited.close();
    }
  });

  test('row errors name the spreadsheet row; vehicle.rejected (channel feed); missing cars not marked', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    assert.equal((await pushCsv(t, feed.path, csv(ids('E', 4).map((id) => csvCar(id))))).json().created, 4);
    const res = await pushCsv(t, feed.path, csv([csvCar('E-1'), csvCar('E-2', { year: 1900, brand: 'Nope' }), csvCar('E-1'), csvCar('E-3')]));
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(
      body.errors.map((e: { index: number; external_id: string }) => [e.index, e.external_id]),
      [
        [3, 'E-2'],
        [4, 'E-1'],
      ],
    );
    assert.match(body.errors[0].message, /year must be 1950 or later/);
    assert.match(body.errors[1].message, /repeats row 2 of this file/);
    assert.equal(body.sold, 0);
    assert.match(body.sold_skipped, /2 vehicles failed, so no car was marked sold; fix them and send the file again/);
    assert.equal((await vehiclesOf(t, slug)).find((v) => v.external_id === 'E-4')?.status, 'importing_photos');
    const rejected = await eventsOf(t, slug, 'vehicle.rejected');
    assert.deepEqual(
      rejected.map((e) => [e.external_id, e.channel, e.source]),
      [
        ['E-2', 'feed', 'feed'],
        ['E-1', 'feed', 'feed'],
      ],
    );
  });

  test("missing cars of the feed's source are marked sold; other sources are not touched", async () => {
    const { slug, key } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/API-1',
      headers: bearer(key),
      payload: aCar({ brand: 'Fiat', model: 'Cronos', year: 2020, price: 7_000_000, mileage: 1000, photos: PHOTOS('API-1') }),
    });
    assert.equal(put.statusCode, 201);
    assert.equal((await pushCsv(t, feed.path, csv(ids('S', 10).map((id) => csvCar(id))))).json().created, 10);
    const res = await pushCsv(t, feed.path, csv(ids('S', 9).map((id) => csvCar(id))));
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().sold, 1);
    const status = Object.fromEntries((await vehiclesOf(t, slug)).map((v) => [v.external_id, v.status]));
    assert.equal(status['S-10'], 'sold');
    assert.equal(status['API-1'], 'importing_photos');
    const sold = await eventsOf(t, slug, 'vehicle.sold');
    assert.deepEqual(
      sold.map((e) => e.external_id),
      ['S-10'],
    );
  });

  test('the sold guard refuses: 409 too_many_missing, nothing applied, sync.failed; allow_mass_sold lets it through', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await pushCsv(t, feed.path, csv(ids('G', 10).map((id) => csvCar(id))));
    // Two cars, one of them changed and one new: none of it may land.
    const small = csv([csvCar('G-1', { price: 1_000_000 }), csvCar('G-NEW')]);
    const res = await pushCsv(t, feed.path, small);
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().error.code, 'too_many_missing');
    assert.match(res.json().error.message, /Marking 9 of the 10 cars/);
    const cars = await vehiclesOf(t, slug);
    assert.equal(cars.length, 10);
    assert.equal(cars.find((c) => c.external_id === 'G-1')?.price_cents, 550_000_000);
    assert.ok(cars.every((c) => c.status !== 'sold'));
    const failed = await eventsOf(t, slug, 'sync.failed');
    assert.deepEqual(
      failed.map((e) => [e.reason, e.source, e.market]),
      [['too_many_missing', 'feed', 'ar']],
    );

    const allowed = await pushCsv(t, `${feed.path}?allow_mass_sold=true`, small);
    assert.equal(allowed.statusCode, 200);
    assert.deepEqual({ created: allowed.json().created, updated: allowed.json().updated, sold: allowed.json().sold }, { created: 1, updated: 1, sold: 9 });
  });

  test('unreadable file: 422 unreadable_feed and sync.failed; a file without cars: 409 empty_list, nothing sold', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    const empty = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'text/csv' }, payload: '' });
    assert.equal(empty.statusCode, 422);
    assert.equal(empty.json().error.code, 'unreadable_feed');
    const failed = await eventsOf(t, slug, 'sync.failed');
    assert.deepEqual(
      failed.map((e) => e.reason),
      ['unreadable_feed'],
    );

    await pushCsv(t, feed.path, csv(ids('Z', 3).map((id) => csvCar(id))));
    const headerOnly = await pushCsv(t, feed.path, csv([]));
    assert.equal(headerOnly.statusCode, 409);
    assert.equal(headerOnly.json().error.code, 'empty_list');
    assert.ok((await vehiclesOf(t, slug)).every((v) => v.status !== 'sold'));
  });

  test('the push token never reaches a log line', async () => {
    const { slug } = await seedDealer(t);
    const feed = await feedFor(t, slug);
    await pushCsv(t, feed.path, csv([csvCar('T-1')]));
    await pushCsv(t, feed.path.slice(0, -1) + '?x=1', 'x');
    await pushCsv(t, `/v1/feeds/${feed.token}/extra`, 'x');
    await t.app.inject({ method: 'GET', url: feed.path });
    assert.ok(
      t.logs.lines.some((l) => l.includes('/v1/feeds/[redacted]')),
      'push requests are logged, redacted',
    );
    assert.ok(!t.logs.text.includes(feed.token), 'token in a log line');
    assert.ok(!t.logs.text.toLowerCase().includes(feed.token.toUpperCase().toLowerCase().slice(0, 18)));
  });
});
