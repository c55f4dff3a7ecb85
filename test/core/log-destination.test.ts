// The server's log lines are batched and written asynchronously (P43), yet none is lost: a
// quiet server's line still shows at once, flush() has written everything when it resolves, and
// an exit without flush() writes what was gathered.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { describe, test } from 'node:test';
import { until } from '../support/until.js';

const MODULE = new URL('../../src/core/log-destination.ts', import.meta.url).href;

/** A node process running `body` with `logs` = stdoutLogDestination(); its stdout so far. */
function run(body: string) {
  const code = `import { stdoutLogDestination } from ${JSON.stringify(MODULE)};\nconst logs = stdoutLogDestination();\n${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<string>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? String(code))));
  return { child, exited, out: () => out, err: () => err };
}

const numbers = (out: string) =>
  out
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { n: number }).n);

describe('log destination', () => {
  test('a lone line is written while the process runs on', async () => {
    const p = run(`logs.write(JSON.stringify({ level: 30, n: 1, msg: 'request' }) + '\\n'); setTimeout(() => {}, 60_000);`);
    try {
      await until('the line on stdout', 20_000, () => p.out().includes('"n":1'));
      assert.equal(p.child.exitCode, null, 'written before the process ended');
    } finally {
      p.child.kill('SIGKILL');
      await p.exited;
    }
  });

  test('flush() resolves once every line is written: a SIGKILL right after loses none', async () => {
    const p = run(`for (let i = 0; i < 20000; i++) logs.write(JSON.stringify({ level: 30, n: i, msg: 'request' }) + '\\n');
await logs.flush();
process.kill(process.pid, 'SIGKILL');`);
    assert.equal(await p.exited, 'SIGKILL', p.err());
    assert.deepEqual(
      numbers(p.out()),
      Array.from({ length: 20000 }, (_, i) => i),
    );
  });

  test('an exit without flush() writes the lines gathered so far, in order', async () => {
    const p = run(`for (let i = 0; i < 5000; i++) logs.write(JSON.stringify({ level: 30, n: i, msg: 'request' }) + '\\n');
process.exit(3);`);
    assert.equal(await p.exited, '3', p.err());
    assert.deepEqual(
      numbers(p.out()),
      Array.from({ length: 5000 }, (_, i) => i),
    );
  });
});
