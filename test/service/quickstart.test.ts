// The README's quick start, run as written: its three command blocks are read from README.md
// (marked <!-- quickstart:… -->) and run with bash against a started server, on this test run's
// store. Only the ports differ (PORT and SAMPLE_PHOTOS_PORT, and the two addresses in the
// commands), so that the test never collides with a server a developer has running.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openTestStore, STORE_NAME } from '../support/app.js';

function block(readme: string, name: string): string {
  const m = new RegExp(`<!-- quickstart:${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(readme);
  assert.ok(m, `README.md has no quickstart:${name} block`);
  return m[1]!.trimEnd();
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

describe(`README quick start (${STORE_NAME})`, () => {
  test('pasted top to bottom, it ends with an active car', { timeout: 90_000 }, async () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const apiPort = await freePort();
    const photoPort = await freePort();
    // The API's port comes from PORT, as for a reader who started the server with another one.
    const local = (cmds: string) => cmds.replaceAll('127.0.0.1:3001', `127.0.0.1:${photoPort}`);

    const serverLines = block(readme, 'server').split('\n');
    // `npm install` is what CI (or the developer) has done before running the tests.
    assert.equal(serverLines[0], 'npm install');
    const serverCmd = serverLines.slice(1).join('\n');
    assert.match(serverCmd, /OUTBOUND_ALLOW_PRIVATE_NETWORKS=true npm start/);
    const photosCmd = block(readme, 'photos');
    assert.doesNotMatch(block(readme, 'steps'), /localhost:3000/, 'the steps follow PORT');
    const steps = local(block(readme, 'steps')).split('\n');
    const last = steps.pop()!;

    const ts = await openTestStore();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-quickstart-'));
    const env = {
      ...process.env,
      PORT: String(apiPort),
      SAMPLE_PHOTOS_PORT: String(photoPort),
      DATABASE_URL: ts.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    const background: ChildProcess[] = [];
    const startBackground = (cmd: string) => {
      // its own process group: npm starts node as a child, and both must stop at the end
      const child = spawn('bash', ['-c', cmd], { env, stdio: 'ignore', detached: true });
      background.push(child);
    };
    try {
      startBackground(serverCmd);
      startBackground(photosCmd);
      await waitFor(`http://127.0.0.1:${apiPort}/health`, 30_000);
      await waitFor(`http://127.0.0.1:${photoPort}/1.jpg`, 10_000);

      // The last command (reading the car) is asked again until the photos are in, as the README says.
      const script = [
        'set -e',
        ...steps,
        'for i in $(seq 120); do',
        `  out=$(${last})`,
        `  case "$out" in *'"status":"active"'*) printf '%s' "$out"; exit 0;; esac`,
        '  sleep 0.25',
        'done',
        `printf '%s' "$out"; exit 1`,
      ].join('\n');
      const run = await runBash(script, env);
      assert.equal(run.code, 0, `quick start failed: ${run.out}\n${run.err}`);
      const { vehicle } = JSON.parse(run.out.slice(run.out.lastIndexOf('{"vehicle"')));
      assert.equal(vehicle.status, 'active');
      assert.equal(vehicle.external_id, 'STK-1043');
      assert.equal(vehicle.photos.length, 3);
      assert.equal(vehicle.photos_pending, 0);
      const photo = await fetch(vehicle.photos[0].replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${apiPort}`));
      assert.equal(photo.status, 200);
      const page = await fetch(vehicle.url.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${apiPort}`));
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Corolla/);
    } finally {
      for (const child of background) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // already gone
        }
      }
      await Promise.all(background.map((c) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise((r) => c.on('exit', r)))));
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
