// Bundles the server and the CLI into dist/ with esbuild: a start-up without a
// TypeScript compiler in the loop. Packages stay external (native modules, JSON data inline).
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server.ts',
    'src/cli.ts',
    // feed files are parsed in a child process; src/modules/feeds/parse/pool.ts starts it from dist/
    { in: 'src/modules/feeds/parse/worker.ts', out: 'feed-parse-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
