// Bundles test files with esbuild for scripts/test.mjs (P150): each test process then loads one
// entry and a few shared chunks of our code, and node_modules natively, instead of every src/ and
// test/ module through tsx's loader hooks, which also sat in front of each of node_modules' files
// (about 1.8 of the 2.3 s of CPU a test file paid to start). Packages stay external, loaded as in
// production. Every `import.meta.url` (and .dirname, .filename) in our files is replaced by the
// source file's own, so paths resolve exactly as they do from source: fixtures beside a test, the
// repository's root. Two files are told they are in dist/ instead, where the build puts the feed
// parser's and the photo pipeline's worker processes: those start from the built dist/ as the
// CLI and servers do in the tests, not through tsx (about 2 s of CPU each).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** Where a run's bundles go: a folder of its own, so two runs side by side never mix. */
export const BUNDLE_DIR = path.join('.test-build', `run-${process.pid}`);

/** Source files whose `import.meta.url` is dist/'s: they start a worker process bundled beside it. */
const IN_DIST = new Set(['src/modules/feeds/parse/pool.ts', 'src/modules/photos/image-work.ts'].map((f) => path.resolve(f)));

const asSource = {
  name: 'import-meta-as-source',
  setup(b) {
    b.onLoad({ filter: /\.(ts|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      let text = await fs.promises.readFile(args.path, 'utf8');
      if (text.includes('import.meta.')) {
        const url = IN_DIST.has(args.path) ? pathToFileURL(path.resolve('dist', 'server.js')).href : pathToFileURL(args.path).href;
        text = text
          .replaceAll('import.meta.url', JSON.stringify(url))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path));
      }
      return { contents: text, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
    });
  },
};

/** The bundles of runs whose process is gone (ended, or killed before it could remove them). */
function removeStale() {
  const root = path.dirname(BUNDLE_DIR);
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    let alive = false;
    try {
      alive = pid > 0 && process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

/** Bundles `files` (test/…/x.test.ts) into BUNDLE_DIR; returns each one's bundle, by file. */
export async function bundleTests(files) {
  removeStale();
  await build({
    entryPoints: files,
    outdir: BUNDLE_DIR,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    plugins: [asSource],
    sourcemap: 'linked',
    sourcesContent: false,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  return new Map(files.map((f) => [f, path.join(BUNDLE_DIR, f.replace(/\.ts$/, '.mjs'))]));
}

/** Removes this run's bundles. */
export function removeBundles() {
  fs.rmSync(BUNDLE_DIR, { recursive: true, force: true });
}
