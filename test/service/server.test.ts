// The service as a process (D1, D2): starts, answers, stops cleanly on SIGTERM; a bad
// configuration stops the start with one line naming the variable. Run from dist/ as `npm start`
// runs it; the last test proves the TypeScript entries still start through tsx (`npm run dev`,
// `npm run cli`), the one place the tests pay for compiling them.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openTestStore, STORE_NAME } from '../support/app.js';
import { startServerProcess } from '../support/server-process.js';

const TSX_SERVER: [string, string[]] = [process.execPath, ['--import', 'tsx', 'src/server.ts']];

/** The JSON lines the server logged (pino writes one object a line to stdout). */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe(`server process (${STORE_NAME})`, () => {
  test('a bad configuration stops the start with one line naming the variable', async () => {
    const s = await startServerProcess({ env: { PORT: 'not-a-port' } });
    assert.equal((await s.exited).code, 1);
    assert.equal(s.output().trim().split('\n').length, 1, s.output());
    assert.match(s.output(), /PORT/);
  });

  test('starts on the configured store, serves, and shuts down cleanly on SIGTERM', async () => {
    const ts = await openTestStore();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-server-'));
    const s = await startServerProcess({ env: { DATABASE_URL: ts.url, DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    try {
      await s.ready();
      const ready = await fetch(`${s.base}/ready`);
      assert.deepEqual(await ready.json(), { status: 'ready', checks: { store: 'ok' } });
      const me = await fetch(`${s.base}/v1/me`);
      assert.equal(me.status, 401);
      await s.kill('SIGTERM');
      assert.equal((await s.exited).code, 0, s.output());
      const lines = logLines(s.output());
      assert.ok(lines.some((l) => l.msg === 'shutting down: finishing requests and jobs in flight'));
      assert.ok(lines.some((l) => l.msg === 'request' && l.url === '/v1/me' && l.status === 401 && l.request_id));
    } finally {
      await s.kill('SIGKILL');
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('the TypeScript entries run through tsx: src/server.ts answers /health, src/cli.ts --help', async () => {
    const ts = await openTestStore();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-server-'));
    const s = await startServerProcess({ env: { DATABASE_URL: ts.url, DATA_DIR: dataDir }, command: TSX_SERVER });
    try {
      const help = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(process.execPath, ['--import', 'tsx', 'src/cli.ts', '--help'], (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        ),
      );
      assert.equal(help.code, 0, help.stderr);
      assert.match(help.stdout, /^usage: /);
      assert.match(help.stdout, /dealers create --slug/);
      await s.ready(60_000);
      await s.kill('SIGTERM');
      assert.equal((await s.exited).code, 0, s.output());
    } finally {
      await s.kill('SIGKILL');
      await ts.dispose();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
