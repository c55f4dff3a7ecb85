// The request line is built by hand (P53) and must stay the line pino writes for the same
// fields: same keys in the same order, valid JSON whatever the URL holds.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, test } from 'node:test';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { RequestLogController } from '../../src/core/http/request-log.js';
import { loggerOptions, redactUrl } from '../../src/core/logger.js';

function capture(level: string): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      cb();
    },
  });
  // A plain object with write(), as pino.destination and the tests' capture are.
  const sink = { write: (s: string) => stream.write(s) };
  return { log: pino(loggerOptions(level), sink), lines };
}

const request = (url: string) => ({ id: 'req-1', method: 'GET', url }) as unknown as FastifyRequest;
const reply = { statusCode: 200, elapsedTime: 1.234 } as unknown as FastifyReply;
const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe('request log line', () => {
  for (const url of [
    '/v1/me',
    '/v1/vehicles/A%2F1?market=ar',
    '/v1/x"y\\z',
    '/v1/ñandú',
    `/v1/me?api_key=dik_${'a'.repeat(20)}`,
    `/v1/%66eeds/${'b'.repeat(36)}/`,
  ]) {
    test(`the same line as pino's for ${url}`, async () => {
      const { log, lines } = capture('info');
      const controller = new RequestLogController();
      controller.writeTo(log);
      controller.requestCompleted(null, request(url), reply);
      log.info({ request_id: 'req-1', method: 'GET', url: redactUrl(url), status: 200, ms: 1.2 }, 'request');
      await new Promise((r) => setImmediate(r));
      assert.equal(lines.length, 2);
      assert.equal(withoutTime(lines[0]!), withoutTime(lines[1]!));
      assert.equal(JSON.parse(lines[0]!).url, redactUrl(url));
    });
  }

  test('no line when the level is above info', async () => {
    const { log, lines } = capture('warn');
    const controller = new RequestLogController();
    controller.writeTo(log);
    controller.requestCompleted(null, request('/v1/me'), reply);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(lines, []);
  });
});
