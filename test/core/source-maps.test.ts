// Stack traces name the TypeScript source without `--enable-source-maps` (P262): a bundle built
// as scripts/build.mjs builds dist/ (esbuild, ES module, a map beside it without the sources)
// throws from a known line; its stack names that line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
let dir: string;
let fixture: string;

const SOURCE = `import { mapStacksLazily } from ${JSON.stringify(path.join(ROOT, 'src/core/source-maps.ts'))};

mapStacksLazily();
function deepInside(): never {
  throw new TypeError('boom');
}
try {
  deepInside();
} catch (err) {
  process.stdout.write(JSON.stringify({ stack: (err as Error).stack }));
}
`;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-source-maps-'));
  fixture = path.join(dir, 'fixture.ts');
  fs.writeFileSync(fixture, SOURCE);
  await build({
    entryPoints: [fixture],
    outfile: path.join(dir, 'fixture.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    sourcemap: true,
    sourcesContent: false,
    minifyWhitespace: true,
    logLevel: 'warning',
  });
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a bundle run without --enable-source-maps names the TypeScript line that threw', async () => {
  const { stdout } = await run(process.execPath, [path.join(dir, 'fixture.js')], { timeout: 30_000 });
  const { stack } = JSON.parse(stdout) as { stack: string };
  const lines = stack.split('\n');
  assert.equal(lines[0], 'TypeError: boom');
  // deepInside's throw is line 5 of the source, column 9; the call is line 8.
  assert.match(lines[1]!, new RegExp(`^    at deepInside \\(${fixture.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:5:9\\)$`), stack);
  assert.ok(
    lines.some((l) => l.includes(`${fixture}:8:`)),
    stack,
  );
  assert.ok(!stack.includes('fixture.js'), stack);
});

test('with --enable-source-maps, node maps the stack itself (the same lines)', async () => {
  const { stdout } = await run(process.execPath, ['--enable-source-maps', path.join(dir, 'fixture.js')], { timeout: 30_000 });
  const { stack } = JSON.parse(stdout) as { stack: string };
  assert.ok(stack.includes(`${fixture}:5:9`), stack);
});

test('a file without a map keeps its own positions', async () => {
  fs.rmSync(path.join(dir, 'fixture.js.map'));
  const { stdout } = await run(process.execPath, [path.join(dir, 'fixture.js')], { timeout: 30_000 });
  const { stack } = JSON.parse(stdout) as { stack: string };
  assert.match(stack.split('\n')[1]!, /fixture\.js:\d+:\d+\)$/, stack);
});
