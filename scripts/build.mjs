// Bundles the server, the worker and the CLI into dist/ with esbuild: a start-up without a
// TypeScript compiler in the loop. Packages stay external (native modules, JSON data inline).
// Each file is written beside its place and renamed over it, so a process reading dist/ while a
// build runs (a server starting, a test) never sees a half-written file.
import fs from 'node:fs';
import { build } from 'esbuild';

const result = await build({
  entryPoints: [
    'src/server.ts',
    'src/cli.ts',
    // the worker-only process (P36): `node dist/worker.js`
    'src/worker.ts',
    // feed files are parsed in a child process; src/modules/feeds/parse/pool.ts starts it from dist/
    { in: 'src/modules/feeds/parse/worker.ts', out: 'feed-parse-worker' },
    // photos are decoded and encoded in a child process at a lower priority (src/modules/photos/image-work.ts)
    { in: 'src/modules/photos/image-worker.ts', out: 'photo-image-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  write: false,
});

fs.mkdirSync('dist', { recursive: true });
for (const file of result.outputFiles) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, file.contents);
  fs.renameSync(tmp, file.path);
}
