// Bundles the server, the worker and the CLI into dist/ with esbuild: a start-up without a
// TypeScript compiler in the loop. `node scripts/build.mjs [outdir]` (default dist/).
// The pure-JavaScript packages the process loads at start are bundled in too (P52): node
// resolved, read and compiled about 1 200 files of node_modules one by one, which was two
// thirds of the start-up CPU (typebox and kysely alone are 630 small ES modules).
// Each file is written beside its place and renamed over it, so a process reading dist/ while a
// build runs (a server starting, a test) never sees a half-written file.
import fs from 'node:fs';
import { build } from 'esbuild';

/**
 * Packages left in node_modules, loaded from there as before: native addons; packages that
 * read files beside their own code at run time (swagger-ui's pages, ioredis's package.json);
 * and those loaded on first use only (`await import(…)`, ioredis with REDIS_URL), which
 * bundled would be parsed at every start for nothing. pino is bundled: the processes write
 * through pino.destination, never through a transport (whose worker file would be missing).
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'better-sqlite3-napi',
  'sharp',
  '@fastify/swagger-ui',
  'ioredis',
  'pg',
  '@aws-sdk/client-s3',
  'nodemailer',
  'undici',
  'busboy',
  'exceljs',
  'csv-parse',
  'fast-xml-parser',
  'web-push',
  // inbound mail (D40, P261): loaded by the first message, or by the process that listens
  'mailparser',
  'email-reply-parser',
  'smtp-server',
];

const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** esbuild plugin: every import of a node built-in or of an EXTERNAL_PACKAGES package stays an import. */
const keepExternal = {
  name: 'keep-external',
  setup(b) {
    const external = new Set(EXTERNAL_PACKAGES);
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || external.has(packageOf(args.path))) return { path: args.path, external: true };
      return undefined;
    });
  },
};

const BUILD_OPTIONS = {
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
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [keepExternal],
  // CommonJS packages bundled into an ES module call require() for node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  // Stack traces need the mappings only; the sources are in the repository. Without them the
  // map is a third of the size. It is read when a stack is first formatted (P262), not at start.
  sourcesContent: false,
  // Whitespace only: the code itself is left as written (names, syntax). The bundle's text stays
  // in V8's heap for as long as the process runs (functions are compiled from it on first call),
  // as two bytes a character (the panel's templates hold non-ASCII text): a third less text is
  // about 6 MB less RSS after start (P59).
  minifyWhitespace: true,
  logLevel: 'warning',
  write: false,
};

const outdir = process.argv[2] ?? 'dist';
const result = await build({ ...BUILD_OPTIONS, outdir });
fs.mkdirSync(outdir, { recursive: true });
for (const file of result.outputFiles) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, file.contents);
  fs.renameSync(tmp, file.path);
}
