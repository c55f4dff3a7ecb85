// Builds dist/ (P182): the same sources compiled twice by tsc, as ES modules (dist/esm) and as
// CommonJS (dist/cjs, marked so by its own package.json), each with its declarations; the
// generated schema.d.ts is a declaration file tsc does not copy, so it is copied here. Only
// compiles: the types are committed (src/schema.d.ts), so packing needs no server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
fs.rmSync('dist', { recursive: true, force: true });
for (const [project, dir] of [
  ['tsconfig.build.json', 'dist/esm'],
  ['tsconfig.cjs.json', 'dist/cjs'],
]) {
  execFileSync(process.execPath, [tsc, '-p', project], { stdio: 'inherit' });
  fs.copyFileSync('src/schema.d.ts', `${dir}/schema.d.ts`);
}
fs.writeFileSync('dist/cjs/package.json', `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);
