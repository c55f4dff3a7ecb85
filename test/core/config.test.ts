// Configuration (D2): defaults that work on a laptop; a bad value names its variable.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, parseDuration, SERVED_BASE_URL_FILE } from '../../src/core/config.js';

describe('configuration', () => {
  test('defaults are those of D2', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.publicBaseUrl, 'http://localhost:3000');
    assert.equal(c.databaseUrl, `sqlite:${path.resolve('./data/dealer-inventory.db')}`);
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

  test('the default store lives in DATA_DIR: a second instance with its own DATA_DIR has its own store', () => {
    const c = loadConfig({ DATA_DIR: '/srv/second' });
    assert.equal(c.databaseUrl, 'sqlite:/srv/second/dealer-inventory.db');
    assert.equal(loadConfig({ DATA_DIR: '/srv/second', DATABASE_URL: 'sqlite:/x.db' }).databaseUrl, 'sqlite:/x.db');
  });

  test("the command line's links follow the address the server on its DATA_DIR wrote, unless PORT or PUBLIC_BASE_URL says otherwise (P162)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-served-'));
    try {
      assert.equal(loadConfig({ DATA_DIR: dir }, { servedBaseUrl: true }).publicBaseUrl, 'http://localhost:3000');
      fs.writeFileSync(path.join(dir, SERVED_BASE_URL_FILE), 'http://localhost:4000\n');
      assert.equal(loadConfig({ DATA_DIR: dir }, { servedBaseUrl: true }).publicBaseUrl, 'http://localhost:4000');
      assert.equal(loadConfig({ DATA_DIR: dir }).publicBaseUrl, 'http://localhost:3000', 'the server itself never reads it');
      assert.equal(loadConfig({ DATA_DIR: dir, PORT: '5000' }, { servedBaseUrl: true }).publicBaseUrl, 'http://localhost:5000');
      assert.equal(loadConfig({ DATA_DIR: dir, PUBLIC_BASE_URL: 'https://x.example' }, { servedBaseUrl: true }).publicBaseUrl, 'https://x.example');
      fs.writeFileSync(path.join(dir, SERVED_BASE_URL_FILE), 'not a url');
      assert.equal(loadConfig({ DATA_DIR: dir }, { servedBaseUrl: true }).publicBaseUrl, 'http://localhost:3000');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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

  test('SMTP_URL and REDIS_URL: a URL of their schemes with a host, or unset', () => {
    assert.equal(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl, 'smtps://u:p@mail.example.com:465');
    assert.equal(loadConfig({ REDIS_URL: ' redis://127.0.0.1:6379/2 ' }).redisUrl, 'redis://127.0.0.1:6379/2');
    assert.equal(loadConfig({ SMTP_URL: '', REDIS_URL: '' }).redisUrl, undefined);
    for (const value of ['http://mail.example.com', 'smtp://', 'mail.example.com']) {
      assert.throws(() => loadConfig({ SMTP_URL: value }), {
        message: 'Invalid configuration: SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://… (got a value that is not)',
      });
    }
    for (const value of ['smtp://cache', 'rediss://', 'not a url']) {
      assert.throws(() => loadConfig({ REDIS_URL: value }), {
        message: 'Invalid configuration: REDIS_URL must be redis://[user:pass@]host[:port][/db] or rediss://… (got a value that is not)',
      });
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

describe('configuration: photo storage (P33, P34)', () => {
  const S3 = { PHOTO_STORAGE: 's3://photos/cars/ar' };

  test('unset or local: the DATA_DIR/photos directory; no public base', () => {
    assert.deepEqual(loadConfig({}).photoStorage, { kind: 'local' });
    assert.deepEqual(
      loadConfig({ PHOTO_STORAGE: 'LOCAL', S3_ENDPOINT: 'nonsense', AWS_ACCESS_KEY_ID: 'x' }).photoStorage,
      { kind: 'local' },
      'S3_* and AWS_* are not read then',
    );
    assert.equal(loadConfig({}).photoPublicBaseUrl, undefined);
  });

  test('s3://bucket[/prefix] with endpoint, region and explicit credentials', () => {
    assert.deepEqual(
      loadConfig({
        ...S3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
        AWS_ACCESS_KEY_ID: 'AKIA1',
        AWS_SECRET_ACCESS_KEY: 'secret',
        AWS_SESSION_TOKEN: 'token',
      }).photoStorage,
      {
        kind: 's3',
        bucket: 'photos',
        prefix: 'cars/ar',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-1',
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret', sessionToken: 'token' },
      },
    );
    // AWS itself, region by default, credentials from the SDK's default chain (instance role…).
    assert.deepEqual(loadConfig({ PHOTO_STORAGE: 's3://my.bucket-1/' }).photoStorage, {
      kind: 's3',
      bucket: 'my.bucket-1',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
    });
  });

  test('PHOTO_PUBLIC_BASE_URL: an https base without its trailing slash', () => {
    assert.equal(loadConfig({ ...S3, PHOTO_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' }).photoPublicBaseUrl, 'https://cdn.example.com/media');
  });

  test('each bad value stops with a message naming its variable', () => {
    const cases: [Record<string, string>, string][] = [
      [{ PHOTO_STORAGE: 'photos' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 's3://' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 's3://Photos' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 's3://ab' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 's3://photos/a//b' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 's3://photos/../x' }, 'PHOTO_STORAGE'],
      [{ PHOTO_STORAGE: 'gs://photos' }, 'PHOTO_STORAGE'],
      [{ ...S3, S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_ENDPOINT: 'ftp://host' }, 'S3_ENDPOINT'],
      [{ ...S3, S3_REGION: 'EU West' }, 'S3_REGION'],
      [{ ...S3, AWS_ACCESS_KEY_ID: 'AKIA1' }, 'AWS_SECRET_ACCESS_KEY'],
      [{ ...S3, AWS_SECRET_ACCESS_KEY: 'secret' }, 'AWS_ACCESS_KEY_ID'],
      [{ ...S3, AWS_SESSION_TOKEN: 'token' }, 'AWS_SESSION_TOKEN'],
      [{ PHOTO_PUBLIC_BASE_URL: 'http://cdn.example.com' }, 'PHOTO_PUBLIC_BASE_URL'],
      [{ PHOTO_PUBLIC_BASE_URL: 'cdn.example.com' }, 'PHOTO_PUBLIC_BASE_URL'],
      [{ PHOTO_PUBLIC_BASE_URL: 'https://cdn.example.com/?v=1' }, 'PHOTO_PUBLIC_BASE_URL'],
    ];
    for (const [env, variable] of cases) {
      assert.throws(
        () => loadConfig(env),
        (err: unknown) => err instanceof ConfigError && err.variable === variable && err.message.includes(variable),
        JSON.stringify(env),
      );
    }
  });

  test('a secret key never appears in the message', () => {
    assert.throws(
      () => loadConfig({ ...S3, AWS_SECRET_ACCESS_KEY: 'very-secret-value' }),
      (err: unknown) => err instanceof ConfigError && !err.message.includes('very-secret-value'),
    );
  });
});
