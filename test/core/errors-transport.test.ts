// Errors raised before a route runs, seen by real clients on a listening server (app.inject
// skips node's HTTP parser): bad URLs, over-long paths, oversized headers, malformed HTTP,
// repeated key headers, and bodies over the limit that the client is still sending (D22).
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { errorCode, streamFromChild } from '../support/streaming-client.js';

const MB = 1024 * 1024;

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

describe(`errors before routing, on a listening server (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let port: number;

  before(async () => {
    t = await makeApp();
    const seeded = await seedDealer(t);
    key = seeded.key;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(() => t.close());

  /** Sends `request` as is on a new connection; the first answer on it. */
  function raw(request: string): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (text += d));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', ...rest] = text.split('\r\n\r\n');
        resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
      });
    });
  }

  const get = (path: string, headers = '') => raw(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);

  function assertError(answer: RawAnswer, status: number, code: string): void {
    assert.equal(answer.status, status, answer.headers);
    assert.match(answer.headers, /content-type: application\/json/i);
    const body = JSON.parse(answer.body);
    assert.deepEqual(Object.keys(body), ['error']);
    assert.equal(body.error.code, code);
    assert.equal(typeof body.error.message, 'string');
  }

  test('a bad percent-encoding is 400 invalid_request, in the Error shape', async () => {
    const answer = await get('/v1/vehicles/%ZZ', `Authorization: Bearer ${key}\r\n`);
    assertError(answer, 400, 'invalid_request');
    assert.match(answer.headers, /x-request-id: /i);
  });

  test('a 5 000-character path segment is 414 uri_too_long', async () => {
    assertError(await get(`/v1/vehicles/${'a'.repeat(5000)}`, `Authorization: Bearer ${key}\r\n`), 414, 'uri_too_long');
  });

  test('a 100 KB header is 431 headers_too_large, written by node before any route', async () => {
    assertError(await get('/v1/me', `X-Big: ${'a'.repeat(100 * 1024)}\r\n`), 431, 'headers_too_large');
  });

  test('a request that is not HTTP is 400 invalid_request', async () => {
    assertError(await raw('HELLO THERE\r\n\r\n'), 400, 'invalid_request');
    assertError(await raw('GET /v1/me HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n'), 400, 'invalid_request');
  });

  test('a missing Host is 400 and an unknown Expect 417 expectation_failed, in the Error shape', async () => {
    assertError(await raw('GET /v1/me HTTP/1.1\r\nConnection: close\r\n\r\n'), 400, 'invalid_request');
    assertError(await get('/v1/me', 'Expect: teapot\r\n'), 417, 'expectation_failed');
    // HTTP/1.0 needs no Host.
    assertError(await raw('GET /v1/me HTTP/1.0\r\n\r\n'), 401, 'unauthorized');
  });

  test('Authorization or X-API-Key repeated with different keys is 400; the same key twice is fine', async () => {
    const other = (await seedDealer(t)).key;
    const twoBearers = await get('/v1/me', `Authorization: Bearer ${key}\r\nAuthorization: Bearer ${other}\r\n`);
    assertError(twoBearers, 400, 'invalid_request');
    const twoXKeys = await get('/v1/me', `X-API-Key: ${key}\r\nX-API-Key: ${other}\r\n`);
    assertError(twoXKeys, 400, 'invalid_request');
    const invalidSecond = await get('/v1/me', `X-API-Key: ${key}\r\nX-API-Key: dik_nonsense\r\n`);
    assertError(invalidSecond, 400, 'invalid_request');
    assert.equal((await get('/v1/me', `Authorization: Bearer ${key}\r\nAuthorization: Bearer ${key}\r\n`)).status, 200);
    assert.equal((await get('/v1/me', `X-API-Key: ${key}\r\nX-API-Key: ${key}\r\n`)).status, 200);
    assert.equal((await get('/v1/me', `X-API-Key: ${key}\r\nAuthorization: bearer ${key}\r\n`)).status, 200);
  });

  // Issue 24 item 5 (P68): the client of the report, in a process of its own, with and without
  // keep-alive (node's client without an agent says `Connection: close`, and the server then
  // closed the socket right after its 413 while the body was still coming: EPIPE, no answer).
  for (const chunked of [false, true]) {
    for (const connection of ['close', 'keep-alive'] as const) {
      const how = `${chunked ? 'chunked' : 'with Content-Length'}, Connection: ${connection}`;
      for (const [method, path] of [
        ['POST', '/v1/vehicles/sync'],
        ['PUT', '/v1/vehicles/streamed-1'],
      ] as const) {
        test(`a client streaming 11 MB of JSON to ${method} ${path} (${how}) reads the 413, not a reset`, async () => {
          const outcome = await streamFromChild({
            port,
            path,
            method,
            headers: { ...bearer(key), 'content-type': 'application/json' },
            total: 11 * MB,
            chunked,
            connection,
          });
          assert.equal(outcome.events[0], 'response 413', JSON.stringify(outcome));
          assert.equal(errorCode(outcome), 'payload_too_large');
        });
      }
    }
  }

  test('the rest of a refused body is read only up to a bound, then the connection is closed', async () => {
    // Chunked, so that the server reads up to the JSON limit (4 MiB), answers, then drains.
    const total = 64 * MB;
    const result = await new Promise<{ sent: number; head: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let head = '';
      let sent = 0;
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (head += d));
      const done = () => resolve({ sent, head });
      socket.on('error', done);
      socket.on('close', done);
      socket.write(
        `POST /v1/vehicles/sync HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (sent < total && !socket.destroyed) {
          sent += chunk.length;
          socket.write('10000\r\n');
          socket.write(chunk);
          if (!socket.write('\r\n')) return void socket.once('drain', pump);
        }
        // Everything went out: an unbounded drain would keep the connection open.
        if (sent >= total)
          setTimeout(() => {
            socket.destroy();
            done();
          }, 2000).unref();
      };
      pump();
    });
    assert.match(result.head, /^HTTP\/1\.1 413 /);
    assert.ok(result.sent < total, `the server stopped reading (${result.sent / MB} MB of ${total / MB} MB sent)`);
  });
});
