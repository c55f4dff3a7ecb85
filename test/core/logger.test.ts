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
});
