// The service as a process (D1, D2): starts, answers, stops cleanly on SIGTERM; a bad
// configuration stops the start with one line naming the variable. Run from dist/ as `npm start`
// runs it; the last test proves the TypeScript entries still start through tsx (`npm run dev`,
// `npm run cli`), the one place the tests pay for compiling them.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openTestStore, STORE_NAME } from '../support/app.js';
import { entry } from '../support/entry.js';

const TSX_SERVER: [string, string[]] = [process.execPath, ['--import', 'tsx', 'src/server.ts']];

function startServer(env: Record<string, string>, [cmd, args] = entry('server')) {
  const child = spawn(cmd, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

async function waitFor(url: string, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe(`server process (${STORE_NAME})`, () => {
  test('a bad configuration stops the start with one line naming the variable', async () => {
    const s = startServer({ PORT: 'not-a-port' });
    assert.equal(await s.exited, 1);
    assert.equal(s.err().trim().split('\n').length, 1);
    assert.match(s.err(), /PORT/);
  });

  test('starts on the configured store, serves, and shuts down cleanly on SIGTERM', async () => {
    const ts = await openTestStore();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-server-'));
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const s = startServer({ PORT: port, DATABASE_URL: ts.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      const health = await waitFor(`http://127.0.0.1:${port}/health`, 15_000);
      assert.equal(health.status, 200);
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      assert.deepEqual(await ready.json(), { status: 'ready', checks: { store: 'ok' } });
      const me = await fetch(`http://127.0.0.1:${port}/v1/me`);
      assert.equal(me.status, 401);
      s.child.kill('SIGTERM');
      assert.equal(await s.exited, 0);
      const lines = s
        .out()
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      assert.ok(lines.some((l) => l.msg === 'shutting down: finishing requests and jobs in flight'));
      assert.ok(lines.some((l) => l.msg === 'request' && l.url === '/v1/me' && l.status === 401 && l.request_id));
    } finally {
      s.child.kill('SIGKILL');
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the TypeScript entries run through tsx: src/server.ts answers /health, src/cli.ts --help', async () => {
    const ts = await openTestStore();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-server-'));
    const port = String(20000 + Math.floor(Math.random() * 20000));
    const s = startServer({ PORT: port, DATABASE_URL: ts.url, DATA_DIR: dataDir }, TSX_SERVER);
    try {
      const help = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--help'], (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        ),
      );
      assert.equal(help.code, 0, help.stderr);
      assert.match(help.stdout, /^usage: /);
      assert.match(help.stdout, /dealers create --slug/);
      const health = await waitFor(`http://127.0.0.1:${port}/health`, 30_000);
      assert.equal(health.status, 200);
      s.child.kill('SIGTERM');
      assert.equal(await s.exited, 0, s.err());
    } finally {
      s.child.kill('SIGKILL');
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
