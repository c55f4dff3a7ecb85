// The feed parser's process in the esbuild bundle: `npm start` runs dist/server.js, whose
// pool must find dist/feed-parse-worker.js beside it. Bundled here the way scripts/build.mjs
// does it (into a throw-away folder under dist/), then run by plain node, without tsx.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'dist', `test-bundle-${crypto.randomBytes(4).toString('hex')}`);

after(() => fs.rmSync(OUT, { recursive: true, force: true }));

test('scripts/build.mjs bundles the worker entry as dist/feed-parse-worker.js', () => {
  const script = fs.readFileSync(path.join(ROOT, 'scripts', 'build.mjs'), 'utf8');
  assert.match(script, /\{ in: 'src\/modules\/feeds\/parse\/worker\.ts', out: 'feed-parse-worker' \}/);
});

test('bundled, parseFeed finds its worker beside the bundle and parses every sample format', async () => {
  fs.mkdirSync(OUT, { recursive: true });
  const entry = path.join(OUT, 'entry.ts');
  fs.writeFileSync(
    entry,
    `import fs from 'node:fs';
import { parseFeed } from ${JSON.stringify(path.join(ROOT, 'src', 'modules', 'feeds', 'parse', 'index.ts'))};
const out = [];
for (const file of process.argv.slice(2)) {
  const r = await parseFeed({ body: fs.readFileSync(file), filename: file });
  out.push([r.format, r.rows.length]);
}
console.log(JSON.stringify(out));
`,
  );
  await build({
    entryPoints: [entry, { in: path.join(ROOT, 'src', 'modules', 'feeds', 'parse', 'worker.ts'), out: 'feed-parse-worker' }],
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  assert.ok(fs.existsSync(path.join(OUT, 'feed-parse-worker.js')));
  const samples = ['inventory.csv', 'inventory.json', 'inventory.xml', 'inventory-libreoffice.xlsx'].map((f) => path.join(ROOT, 'docs', 'samples', f));
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(OUT, 'entry.js'), ...samples], { cwd: ROOT, timeout: 60_000 });
  assert.deepEqual(JSON.parse(stdout), [
    ['csv', 4],
    ['json', 4],
    ['xml', 4],
    ['xlsx', 4],
  ]);
});
