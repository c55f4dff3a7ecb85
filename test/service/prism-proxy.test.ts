// Issue 29 §1 (P140): Prism's validating proxy, a third-party judge of the document. It is started
// (`prism proxy --errors <served document> <server>`) in front of a started server, the integration
// program of typed-client.test.ts runs through it, and every request and response must keep to the
// document: under --errors Prism answers an error-level violation with an error (the program's
// must() then throws), and its log must name no violation at all (warnings included).
import { spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { freePort } from '../support/server-process.js';
import { checkFacts, PROGRAM } from '../support/typed-integration.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

describe(`Prism's validating proxy passes the integration program (${STORE_NAME})`, () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  let rx: Receiver;
  let prism: ChildProcess | undefined;
  let log = '';
  const host = new PhotoHost();

  before(async () => {
    await host.start();
    rx = await startReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-prism-'));
  });
  after(async () => {
    if (prism && prism.exitCode === null) {
      const exited = new Promise((r) => prism!.once('exit', r));
      prism.kill('SIGTERM');
      await exited;
    }
    await t.close();
    await host.stop();
    await rx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every call keeps to the document: no request or response violation', { timeout: 90_000 }, async () => {
    fs.writeFileSync(path.join(dir, 'openapi.json'), await (await fetch(`${base}/v1/openapi.json`)).text());
    fs.writeFileSync(path.join(dir, 'integration.ts'), PROGRAM);
    const port = await freePort();
    prism = spawn(
      process.execPath,
      [
        path.resolve('node_modules/@stoplight/prism-cli/dist/index.js'),
        'proxy',
        '--errors',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        path.join(dir, 'openapi.json'),
        `${base}/v1`,
      ],
      { env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1', NO_COLOR: '1', FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prism.stdout!.on('data', (b: Buffer) => (log += b.toString()));
    prism.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    // Prism takes a few seconds to read the document; it says so when it listens.
    const deadline = Date.now() + 45_000;
    while (!/Prism is listening/.test(log)) {
      assert.equal(prism.exitCode, null, `prism exited:\n${log}`);
      assert.ok(Date.now() < deadline, `prism did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const dealer = await seedDealer(t, { name: 'Autos Prism' });
    const { token } = await createFeed(t.store, t.clock, base, { dealer: dealer.slug });
    const mod = (await import(path.join(dir, 'integration.ts'))) as { integration: (o: unknown) => Promise<Record<string, unknown>> };
    const facts = await mod.integration({
      // Prism routes the document's paths from its root (not under the server's /v1) and forwards
      // them under the upstream's path: it stands in for <server>/v1.
      baseUrl: `http://127.0.0.1:${port}`,
      key: dealer.key,
      sandboxKey: (await createKey(t.store.db, t.clock, { dealer: dealer.slug, name: 'sandbox', sandbox: true })).key,
      feedToken: token,
      photos: (group: string) => host.urls(group, 3),
      webhookUrl: rx.url('/ok'),
      runJobs: () => t.app.services.jobs.runDue(),
    });
    checkFacts(facts, base);
    // A response violation is logged as "Violation: …" (⚠ warning or ✖ error), a refused request as
    // "✖ error Request terminated with error: …UNPROCESSABLE_ENTITY".
    const violations = log.split('\n').filter((line) => /violation|✖|⚠|UNPROCESSABLE/i.test(line));
    assert.deepEqual(violations, []);
    // The calls did go through Prism (each one is logged as proxied).
    assert.ok((log.match(/Forwarding "/g) ?? []).length >= 30, log);
  });
});
