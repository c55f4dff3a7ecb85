// Configuration (D2): defaults that work on a laptop; a bad value names its variable.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, parseDuration } from '../../src/core/config.js';

describe('configuration', () => {
  test('defaults are those of D2', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicBaseUrl, 'http://localhost:3000');
    assert.equal(c.databaseUrl, 'sqlite:./data/dealer-inventory.db');
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.equal(c.rateLimitPerMinute, 120);
    assert.deepEqual(c.webhookRetryScheduleMs, [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    assert.equal(c.webhookTimeoutMs, 10_000);
    assert.equal(c.feedPollIntervalMs, 4 * 3_600_000);
    assert.equal(c.outboundAllowPrivateNetworks, false);
    assert.equal(c.webhookAllowHttp, false);
    assert.equal(c.listingTtlDays, 90);
    assert.equal(c.jobLeaseMs, 15_000);
    assert.equal(c.shutdownDelayMs, 0);
  });

  test('JOB_LEASE at least 1s; SHUTDOWN_DELAY may be 0 (P35, P37)', () => {
    assert.throws(() => loadConfig({ JOB_LEASE: '500ms' }), /JOB_LEASE must be at least 1s/);
    assert.equal(loadConfig({ JOB_LEASE: '1m' }).jobLeaseMs, 60_000);
    assert.equal(loadConfig({ SHUTDOWN_DELAY: '0' }).shutdownDelayMs, 0);
    assert.equal(loadConfig({ SHUTDOWN_DELAY: '5s' }).shutdownDelayMs, 5000);
    assert.throws(() => loadConfig({ SHUTDOWN_DELAY: 'soon' }), /SHUTDOWN_DELAY/);
  });

  test('PUBLIC_BASE_URL follows PORT and loses its trailing slash', () => {
    assert.equal(loadConfig({ PORT: '8080' }).publicBaseUrl, 'http://localhost:8080');
    assert.equal(loadConfig({ PUBLIC_BASE_URL: 'https://cars.example.com/' }).publicBaseUrl, 'https://cars.example.com');
  });

  test('each bad value stops with a message naming its variable', () => {
    const cases: Record<string, string> = {
      PORT: 'abc',
      RATE_LIMIT_PER_MINUTE: '0',
      DATABASE_URL: 'mysql://x',
      PUBLIC_BASE_URL: 'not a url',
      WEBHOOK_RETRY_SCHEDULE: '1m,soon',
      WEBHOOK_TIMEOUT: '-5s',
      FEED_POLL_INTERVAL: 'often',
      OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'maybe',
      WEBHOOK_ALLOW_HTTP: '2',
      LISTING_TTL_DAYS: '1.5',
      LOG_LEVEL: 'loud',
      WEBHOOK_MAX_IN_FLIGHT: '0',
      SECRET_KEY: 'too-short',
      JOB_LEASE: '0s',
      SHUTDOWN_DELAY: '-1s',
    };
    for (const [name, value] of Object.entries(cases)) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.variable === name && e.message.includes(name) && !e.message.includes('\n'),
        name,
      );
    }
  });

  test('SECRET_KEY: 32 bytes as hex or base64url; unset means a generated key file', () => {
    const hex = 'ab'.repeat(32);
    assert.deepEqual(loadConfig({ SECRET_KEY: hex }).secretKey, Buffer.from(hex, 'hex'));
    const b64 = Buffer.alloc(32, 7).toString('base64url');
    assert.deepEqual(loadConfig({ SECRET_KEY: b64 }).secretKey, Buffer.alloc(32, 7));
    assert.equal(loadConfig({}).secretKey, undefined);
    assert.throws(() => loadConfig({ SECRET_KEY: 'ab'.repeat(31) }), /SECRET_KEY/);
  });

  test('durations', () => {
    assert.equal(parseDuration('500ms'), 500);
    assert.equal(parseDuration('10s'), 10_000);
    assert.equal(parseDuration('10'), 10_000);
    assert.equal(parseDuration('2h'), 7_200_000);
    assert.equal(parseDuration('0s'), undefined);
    assert.equal(parseDuration('x'), undefined);
  });
});
