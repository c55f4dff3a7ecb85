// Issue 29 §1 (P140): Prism's validating proxy, a third-party judge of the document. It is started
// (`prism proxy --errors <served document> <server>`) in front of a started server, the integration
// program of typed-client.test.ts runs through it, and every request and response must keep to the
// document: under --errors Prism answers an error-level violation with an error (the program's
// must() then throws), and its log must name no violation at all (warnings included).
import { spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STORE_NAME } from '../support/app.js';
import { checkFacts, PROGRAM, startIntegrationServer, type IntegrationServer } from '../support/integration-server.js';
import { freePort } from '../support/server-process.js';

describe(`Prism's validating proxy passes the integration program (${STORE_NAME})`, () => {
  let s: IntegrationServer;
  let prism: ChildProcess | undefined;
  let log = '';

  before(async () => {
    s = await startIntegrationServer('di-prism-');
  });
  after(async () => {
    if (prism && prism.exitCode === null) {
      const exited = new Promise((r) => prism!.once('exit', r));
      prism.kill('SIGTERM');
      await exited;
    }
    await s.close();
  });

  test('every call keeps to the document: no request or response violation', { timeout: 90_000 }, async () => {
    fs.writeFileSync(path.join(s.dir, 'openapi.json'), JSON.stringify(await s.document()));
    s.write(PROGRAM);
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
        path.join(s.dir, 'openapi.json'),
        `${s.base}/v1`,
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

    // Prism routes the document's paths from its root (not under the server's /v1) and forwards
    // them under the upstream's path: it stands in for <server>/v1.
    const facts = await s.run('Autos Prism', `http://127.0.0.1:${port}`);
    checkFacts(facts, s.base);
    // A response violation is logged as "Violation: …" (⚠ warning or ✖ error), a refused request as
    // "✖ error Request terminated with error: …UNPROCESSABLE_ENTITY".
    const violations = log.split('\n').filter((line) => /violation|✖|⚠|UNPROCESSABLE/i.test(line));
    assert.deepEqual(violations, []);
    // The calls did go through Prism (each one is logged as proxied).
    assert.ok((log.match(/Forwarding "/g) ?? []).length >= 30, log);
  });
});
