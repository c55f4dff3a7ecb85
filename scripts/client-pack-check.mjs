// The client as an integrator gets it (issue 38 §1, P182): packages/client is copied out of the
// repository and packed there (its prepack only compiles: no server source is within reach),
// the tarball is installed into an empty project, and two small connectors — one ES module, one
// CommonJS — are type-checked against the installed types and run against a started server
// (dist/server.js, on a throwaway SQLite store). CI runs it after the build; by hand:
//   npm run build && node scripts/client-pack-check.mjs
// The install reads npm's cache first (openapi-fetch, the one dependency) and the registry only
// for what the cache lacks.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = path.join(ROOT, 'packages/client');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const step = (what) => console.log(`client-pack-check: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

assert.ok(fs.existsSync(path.join(ROOT, 'dist/server.js')), 'dist/server.js is missing: run npm run build first');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'di-client-pack-'));
let server;

/** The connector an integrator writes: no cast anywhere; `{{FORMAT}}` names the module system in its output. */
const CONNECTOR = `
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { ApiConnectionError, ApiError, createClient, NotModified, verifyWebhook, type RetryInfo, type WebhookEvent } from '@dealer-inventory/client';

async function main(): Promise<void> {
  const retries: RetryInfo[] = [];
  const client = createClient({
    baseUrl: process.env.DI_BASE_URL ?? '',
    apiKey: process.env.DI_API_KEY ?? '',
    headers: { 'accept-language': 'es' },
    timeoutMs: 10_000,
    onRetry: (info) => {
      retries.push(info);
    },
  });

  const me = await client.me().withResponse();
  assert.equal(me.status, 200);
  assert.ok(me.requestId && me.rateLimit && me.rateLimit.remaining >= 0);

  const put = await client.vehicles
    .put('PACK-{{FORMAT}}', { brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000, photos: ['https://img.example.com/1.jpg', 'https://img.example.com/2.jpg', 'https://img.example.com/3.jpg'] })
    .withResponse();
  const status: 200 | 201 = put.status;
  assert.equal(status, 201);

  // The installed types are the document's, not \`any\`: these two lines must not compile.
  // @ts-expect-error: a car's year is a number
  const year: Parameters<typeof client.vehicles.put>[1]['year'] = '2019';
  // @ts-expect-error: a webhook's creation always answers its secret, a string
  const secret0: Awaited<ReturnType<typeof client.webhooks.create>>['secret'] = 7;
  void [year, secret0];

  const read = await client.vehicles.get('PACK-{{FORMAT}}').withResponse();
  const again = await client.vehicles.get('PACK-{{FORMAT}}', {}, { ifNoneMatch: read.etag });
  assert.ok(again instanceof NotModified, 'unchanged: 304');

  await assert.rejects(client.vehicles.get('NOPE'), (e: unknown) => e instanceof ApiError && e.code === 'not_found' && e.message.length > 0);
  const offline = createClient({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'dik_none', maxAttempts: 1 });
  await assert.rejects(offline.me(), (e: unknown) => e instanceof ApiConnectionError && e.attempts === 1);

  // A delivery, signed as the service signs it, read back typed by its type.
  const secret = 'whsec_pack';
  const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', livemode: false, created_at: new Date().toISOString(), data: { webhook_id: 7, message: 'hi' } });
  const t = Math.floor(Date.now() / 1000);
  const signature = crypto.createHmac('sha256', secret).update(t + '.' + body).digest('hex');
  const event: WebhookEvent = await verifyWebhook(body, 't=' + t + ',v1=' + signature, secret);
  if (event.type !== 'webhook.test') throw new Error('unexpected ' + event.type);
  assert.equal(event.data.webhook_id, 7);
  assert.deepEqual(retries, []);
  console.log('connector ({{FORMAT}}): ok, ' + me.data.dealer.slug + ', request ' + me.requestId);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
`;

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

try {
  // 1. The package alone, outside the repository, with only its own dependencies beside it.
  const source = path.join(tmp, 'client');
  fs.cpSync(CLIENT, source, { recursive: true, filter: (p) => !/[\\/](dist|node_modules)$/.test(p) });
  fs.mkdirSync(path.join(source, 'node_modules'));
  for (const dep of ['typescript', 'openapi-fetch', 'openapi-typescript-helpers'])
    fs.symlinkSync(path.join(ROOT, 'node_modules', dep), path.join(source, 'node_modules', dep), 'junction');
  execFileSync(NPM, ['pack', '--pack-destination', tmp, '--loglevel=warn'], { cwd: source, stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = fs.readdirSync(tmp).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, 'npm pack made no tarball');
  step(`packed ${tarball}`);

  // 2. An empty project installs it.
  const app = path.join(tmp, 'connector');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'connector', private: true, version: '1.0.0' }));
  execFileSync(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn', path.join(tmp, tarball)], {
    cwd: app,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  step('installed into an empty project');

  // 3. The same connector as an ES module and as CommonJS, type-checked (strict, NodeNext) and
  // compiled. Declaration files are not checked (@types/node alone took most of the time): two
  // @ts-expect-error lines prove the package's types resolved to the document's, not to `any`.
  fs.writeFileSync(path.join(app, 'connector.mts'), CONNECTOR.replaceAll('{{FORMAT}}', 'esm'));
  fs.writeFileSync(path.join(app, 'connector.cts'), CONNECTOR.replaceAll('{{FORMAT}}', 'cjs'));
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/typescript/bin/tsc'),
      ...['--strict', '--noUncheckedIndexedAccess', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext'],
      ...['--types', 'node', '--typeRoots', path.join(ROOT, 'node_modules/@types'), '--skipLibCheck'],
      'connector.mts',
      'connector.cts',
    ],
    { cwd: app, stdio: 'inherit' },
  );
  assert.match(fs.readFileSync(path.join(app, 'connector.cjs'), 'utf8'), /require\("@dealer-inventory\/client"\)/);
  step('type-checked both');

  // 4. A server, a dealership and its key.
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: `sqlite:${path.join(tmp, 'data/pack.db')}`,
    LOG_LEVEL: 'silent',
    JOB_CONCURRENCY: '0',
  };
  fs.mkdirSync(env.DATA_DIR);
  const cli = (...args) => execFileSync(process.execPath, [path.join(ROOT, 'dist/cli.js'), ...args], { env, encoding: 'utf8' });
  cli('dealers', 'create', '--slug', 'pack-check', '--name', 'Pack Check', '--markets', 'ar', '--city', 'Rosario');
  const key = cli('keys', 'create', '--dealer', 'pack-check', '--name', 'connector').split('\n')[0].trim();
  server = spawn(process.execPath, [path.join(ROOT, 'dist/server.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    assert.ok(i < 100, 'the server did not start within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  step('server up');

  // 5. Both connectors run from the installed package.
  for (const file of ['connector.mjs', 'connector.cjs'])
    execFileSync(process.execPath, [file], { cwd: app, env: { ...process.env, DI_BASE_URL: `${base}/v1`, DI_API_KEY: key }, stdio: 'inherit' });
  step('done');
} finally {
  server?.kill();
  fs.rmSync(tmp, { recursive: true, force: true });
}
