// dist/ as `npm start` runs it (P52): scripts/build.mjs bundles most packages into server.js,
// worker.js and cli.js, and leaves others in node_modules. Built here into a throw-away folder
// under dist/ and run by plain node (no tsx): each kind of package is used once after start —
// bundled ones (Fastify, ajv, TypeBox, Kysely, swagger, the panel's plugins, prom-client) and
// those left outside (swagger-ui's pages, pino, the store's driver).
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { systemClock } from '../../src/core/clock.js';
import { openTestStore, STORE_NAME, type TestStore } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { seedDealer } from '../support/dealers.js';
import { freePort } from '../support/server-process.js';
import { until } from '../support/until.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'dist', `test-bundle-${crypto.randomBytes(4).toString('hex')}`);
const run = promisify(execFile);
const TOKEN = 'metrics-token-0123456789';

describe(`the bundled server (${STORE_NAME})`, () => {
  let ts: TestStore;
  let dataDir: string;
  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: ts.url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...extra,
  });

  before(async () => {
    await run(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), OUT], { cwd: ROOT, timeout: 120_000 });
    ts = await openTestStore();
    dataDir = fs.mkdtempSync(path.join(OUT, 'data-'));
  });
  after(async () => {
    await ts.dispose();
    fs.rmSync(OUT, { recursive: true, force: true });
  });

  test('the bundles are one-byte text, without the inbound-mail libraries (P261)', () => {
    for (const name of ['server.js', 'worker.js', 'cli.js']) {
      const text = fs.readFileSync(path.join(OUT, name), 'utf8');
      // V8 keeps a script's source for the process's life, two bytes a character as soon as one
      // is past U+00FF: write such a character as an HTML entity (&mdash;) or an escape (\u20ac).
      const wide = /[^\u0000-\u00ff]/.exec(text);
      assert.equal(wide, null, `${name}: "${wide?.[0]}" in …${text.slice(Math.max(0, (wide?.index ?? 0) - 60), (wide?.index ?? 0) + 10)}…`);
      // Loaded by the first message, or by the process that takes mail by SMTP: not in the map's sources.
      const { sources } = JSON.parse(fs.readFileSync(path.join(OUT, `${name}.map`), 'utf8')) as { sources: string[] };
      assert.ok(
        sources.some((f) => f.includes('node_modules/')),
        `${name}.map names its sources`,
      );
      for (const lib of ['mailparser', 'email-reply-parser', 'smtp-server', 'iconv-lite'])
        assert.deepEqual(
          sources.filter((f) => f.includes(`node_modules/${lib}/`)),
          [],
          `${name} bundles ${lib}`,
        );
    }
  });

  test('server.js starts, and every kind of route answers on its first call', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // As `npm start` runs it: stacks are mapped by src/core/source-maps.ts, not by a node flag (P262).
    const child = spawn(process.execPath, [path.join(OUT, 'server.js')], {
      env: env({ PORT: String(port), METRICS_TOKEN: TOKEN }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until(`${base}/health`, 120_000, () => {
        if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
        return fetch(`${base}/health`).then(
          (r) => r.ok || undefined,
          () => undefined,
        );
      });
      const { key } = await seedDealer({ store: ts.store, clock: systemClock });
      const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

      const me = await fetch(`${base}/v1/me`, { headers });
      assert.equal(me.status, 200, await me.clone().text());
      const put = await fetch(`${base}/v1/vehicles/B-1`, { method: 'PUT', headers, body: JSON.stringify(aCar()) });
      assert.equal(put.status, 201, await put.clone().text());
      const got = await fetch(`${base}/v1/vehicles/B-1`, { headers });
      assert.equal(got.status, 200);
      assert.equal(((await got.json()) as { vehicle?: { external_id?: string } }).vehicle?.external_id, 'B-1');
      // Validation (ajv) and the Error shape.
      const bad = await fetch(`${base}/v1/vehicles/B-2`, { method: 'PUT', headers, body: JSON.stringify({ price: 'cheap' }) });
      assert.equal(bad.status, 422);
      assert.equal(typeof ((await bad.json()) as { error?: { code?: string } }).error?.code, 'string');

      const doc = await fetch(`${base}/v1/openapi.json`);
      assert.equal(doc.status, 200);
      assert.ok(Object.keys(((await doc.json()) as { paths: object }).paths).length > 10);
      const docs = await fetch(`${base}/v1/docs/`);
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /swagger/i);
      const panel = await fetch(`${base}/panel/`, { redirect: 'manual' });
      assert.ok(panel.status < 500, `panel: ${panel.status}`);
      const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(metrics.status, 200);
      assert.match(await metrics.text(), /^process_cpu_user_seconds_total /m);
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, out);
    // The log lines went out through pino (left in node_modules) with source-mapped code.
    assert.match(out, /dealer inventory ready/);
  });

  test('worker.js and cli.js run from the bundle', async () => {
    const { stdout } = await run(process.execPath, [path.join(OUT, 'cli.js'), 'dealers', 'list', '--json'], { env: env(), timeout: 60_000 });
    assert.ok(Array.isArray((JSON.parse(stdout) as { dealers?: unknown }).dealers));
    const worker = spawn(process.execPath, [path.join(OUT, 'worker.js')], { env: env({ JOB_POLL_INTERVAL: '100ms' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    worker.stdout.on('data', (d: Buffer) => (out += d.toString()));
    worker.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => worker.on('exit', (code) => resolve(code)));
    try {
      await until('the worker ready', 120_000, () => {
        if (worker.exitCode !== null) throw new Error(`the worker exited:\n${out}`);
        return /dealer inventory worker ready/.test(out) || undefined;
      });
    } finally {
      worker.kill('SIGTERM');
    }
    assert.equal(await exited, 0, out);
  });
});
