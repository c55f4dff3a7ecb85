// Secrets never reach a log line: keys and feed tokens are masked wherever a URL carries them.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { redactUrl } from '../../src/core/logger.js';

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
});
