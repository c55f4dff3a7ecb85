// Secrets never reach a log line: keys and feed tokens are masked wherever a URL carries them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { redactText, redactUrl } from '../../src/core/logger.js';

describe('log redaction', () => {
  test('keys, feed tokens and credential-like query parameters are masked', () => {
    const key = 'dik_w9ZK3Ddkpkf0RE9-ovCSVflHFGCsVO2HcQLF3zov';
    const token = '0c1898f9-2e0c-45c3-b2ad-2b4ec04a710f';
    assert.equal(redactUrl(`/v1/me?api_key=${key}`), '/v1/me?api_key=[redacted]');
    assert.equal(redactUrl(`/v1/me?x=${key}&page=2`), '/v1/me?x=dik_[redacted]&page=2');
    assert.equal(redactUrl(`/v1/feeds/${token}/`), '/v1/feeds/[redacted]/');
    assert.equal(redactUrl(`/v1/feeds/${token}`), '/v1/feeds/[redacted]');
    assert.equal(redactUrl('/v1/vehicles?token=abc&market=ar'), '/v1/vehicles?token=[redacted]&market=ar');
    assert.equal(redactUrl('/v1/vehicles?updated_since=2026-01-01'), '/v1/vehicles?updated_since=2026-01-01');
  });

  test('parameters are judged by their decoded names: a percent-encoded search is redacted too (P72)', () => {
    assert.equal(redactUrl('/panel/leads?q=Jos%C3%A9+P%C3%A9rez'), '/panel/leads?q=[redacted]');
    assert.equal(redactUrl('/panel/leads?%71=Jos%C3%A9+P%C3%A9rez&stage=new'), '/panel/leads?%71=[redacted]&stage=new');
    assert.equal(redactUrl('/panel/leads?%51=ana%40example.com'), '/panel/leads?%51=[redacted]');
    assert.equal(redactUrl('/panel/sign-in?%6Eext=%2Fpanel%2Fleads%3Fq%3Dana'), '/panel/sign-in?%6Eext=[redacted]');
    assert.equal(redactUrl('/panel/users?done=invited&who=ana%40example.com'), '/panel/users?done=invited&who=[redacted]');
    assert.equal(redactUrl('/v1/vehicles?%74oken=abc&market=ar'), '/v1/vehicles?%74oken=[redacted]&market=ar');
    assert.equal(redactUrl('/v1/vehicles?x=%64ik_w9ZK3Ddkpkf0RE9'), '/v1/vehicles?x=dik_[redacted]');
    // A bad percent-encoding in a name is judged as written.
    assert.equal(redactUrl('/panel/leads?%E0%A4%A=1&q=ana'), '/panel/leads?%E0%A4%A=1&q=[redacted]');
    // Outside the panel, a `q` is no buyer's name.
    assert.equal(redactUrl('/v1/vehicles/%C3%B1?q=x'), '/v1/vehicles/%C3%B1?q=x');
  });

  test('secrets are looked for in the path as the router reads it (P157): encoded unreserved characters decoded', () => {
    const body = 'w9ZK3Ddkpkf0RE9-ovCSVflHFGCsVO2HcQLF3zov';
    const token = '0c1898f9-2e0c-45c3-b2ad-2b4ec04a710f';
    assert.equal(redactUrl(`/v1/%66eeds/${token}/`), '/v1/feeds/[redacted]/');
    assert.equal(redactUrl(`/v1/%66%65%65%64%73/${token}?x=1`), '/v1/feeds/[redacted]?x=1');
    assert.equal(redactUrl(`/%76%31/feeds/%30c1898f9-2e0c`), '/v1/feeds/[redacted]');
    assert.equal(redactUrl(`/v1%2Ffeeds%2F${token}`), '/v1%2Ffeeds%2F[redacted]');
    assert.equal(redactUrl(`/v1%2Ffeeds%2F${token}%2Fx`), '/v1%2Ffeeds%2F[redacted]%2Fx');
    assert.equal(redactUrl(`/v1/vehicles/%64ik_${body}`), '/v1/vehicles/dik_[redacted]');
    assert.equal(redactUrl(`/v1/vehicles/%64%69%6B%5F${body}/stats`), '/v1/vehicles/dik_[redacted]/stats');
    assert.equal(redactUrl(`/v1/vehicles/DIK_${body}`), '/v1/vehicles/dik_[redacted]');
    assert.equal(redactUrl(`/panel/%69nvitation/${token}`), '/panel/invitation/[redacted]');
    assert.equal(redactUrl(`/v1/me?x=d%69k_${body}`), '/v1/me?x=dik_[redacted]');
    // Nothing to mask: the path is logged as sent.
    assert.equal(redactUrl('/v1/vehicles/%41%2F1043?market=ar'), '/v1/vehicles/%41%2F1043?market=ar');
    assert.equal(redactUrl('/v1/%6De'), '/v1/%6De');
  });

  test("an error's message is masked the same way before it is logged", () => {
    assert.equal(redactText('No vehicle with stock ID "dik_abcDEF123_-x".'), 'No vehicle with stock ID "dik_[redacted]".');
    assert.equal(redactText('No route POST /v1/%66eeds/0c1898f9-2e0c//.'), 'No route POST /v1/feeds/[redacted]//.');
    assert.equal(redactText('No vehicle with stock ID "A/1043".'), 'No vehicle with stock ID "A/1043".');
  });
});

describe('failures in the log', () => {
  test('an error line masks a key or a feed address its message or stack quotes', async () => {
    const { default: pino } = await import('pino');
    const { loggerOptions } = await import('../../src/core/logger.js');
    const lines: string[] = [];
    const log = pino(loggerOptions('info'), { write: (s: string) => void lines.push(s) });
    const key = 'dik_w9ZK3Ddkpkf0RE9-ovCSVflHFGCsVO2HcQLF3zov';
    const token = '0c1898f9-2e0c-45c3-b2ad-2b4ec04a710f';
    log.error({ err: new TypeError(`bad address /v1/feeds/${token}/ with ${key}`) }, 'request failed');
    assert.equal(lines.length, 1);
    const line = JSON.parse(lines[0]!) as { err: { type: string; message: string; stack: string } };
    assert.equal(line.err.type, 'TypeError');
    for (const text of [line.err.message, line.err.stack]) {
      assert.ok(!text.includes(key) && !text.includes(token), text);
      assert.match(text, /dik_\[redacted\]/);
      assert.match(text, /\/feeds\/\[redacted\]/);
    }
    // An `err` that is a message, or no error at all, is logged (masked), never thrown on:
    // a serializer that throws turns the log line into a failed request.
    lines.length = 0;
    log.warn({ err: `Redis said ${key}` }, 'fallback');
    log.warn({ err: 42 }, 'odd');
    log.warn({ err: null }, 'none');
    assert.equal(lines.length, 3);
    assert.equal((JSON.parse(lines[0]!) as { err: string }).err, 'Redis said dik_[redacted]');
    assert.equal((JSON.parse(lines[1]!) as { err: number }).err, 42);
  });
});
