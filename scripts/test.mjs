// The test command (README: `npm test`). Builds dist/ once (the tests start the CLI, servers and
// workers from it), then runs the test files of a leg with node's test runner (P148):
//   node scripts/test.mjs                 every file, on the store TEST_DATABASE_URL names (SQLite by default)
//   node scripts/test.mjs --leg store     the files that run on every store (CI's PostgreSQL + Redis pass)
//   node scripts/test.mjs --leg node24    the files CI runs on Node 24 (test/legs.mjs says which and why)
//   node scripts/test.mjs FILE…           just those files (still split by test/legs.mjs)
// Storeless files run under a guard that fails any of them opening a store; Lighthouse runs alone,
// last. Ends with the slowest files and one line `tests: N passed, N failed, N skipped`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import { ALONE, LEGS, STORELESS, WITH_TSX, allTestFiles } from '../test/legs.mjs';
import { BUNDLE_DIR, bundleTests, removeBundles } from './test-bundle.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { leg: { type: 'string', default: 'all' }, 'no-build': { type: 'boolean', default: false }, concurrency: { type: 'string', default: '3' } },
});

if (!Object.hasOwn(LEGS, values.leg)) {
  console.error(`unknown leg "${values.leg}": ${Object.keys(LEGS).join(', ')}`);
  process.exit(2);
}
const files = LEGS[values.leg](positionals.length ? positionals.map((f) => path.relative('.', f)) : allTestFiles());

const started = Date.now();
if (!values['no-build']) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Bundled (P150), but for the files that import TypeScript they write at run time.
const bundles = await bundleTests(files.filter((f) => !WITH_TSX.includes(f)));
const runnable = (f) => bundles.get(f) ?? f;
const sourceOf = (f) => (f.startsWith(`${BUNDLE_DIR}/`) ? f.slice(BUNDLE_DIR.length + 1).replace(/\.mjs$/, '.ts') : f);

const TSX = ['--import', 'tsx'];
const GUARD = ['--import', './test/support/storeless-guard.mjs'];
const group = (name, list, preload, concurrency) => ({ name, files: list, preload, concurrency });
const mainFiles = files.filter((f) => !STORELESS.includes(f) && !ALONE.includes(f) && !WITH_TSX.includes(f));
// Two lanes side by side: the store files, `concurrency` at a time; and, one at a time, the files
// that write TypeScript and then the storeless ones. Many files mostly wait (on processes,
// browsers, sockets): on 2 cores, 3 + 1 at a time took npm test from 6m51s to 5m51s (P148). Lighthouse
// runs last, alone (P146).
const lanes = [
  [group('store', mainFiles, [], values.concurrency)],
  [
    group(
      'TypeScript-writing',
      files.filter((f) => WITH_TSX.includes(f)),
      TSX,
      '1',
    ),
    group(
      'storeless',
      files.filter((f) => STORELESS.includes(f)),
      GUARD,
      '1',
    ),
  ],
];
const last = group(
  'alone',
  files.filter((f) => ALONE.includes(f)),
  [],
  '1',
);

// The slowest file takes about 90 s here; a loaded CI machine is up to 3 times slower (P252).
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_S ?? 480) * 1000;
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-test-report-'));
const totals = { pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
const durations = [];
let failed = false;

/** Runs one group with node's test runner; its spec output goes to `out` (a stream). */
function runGroup(g, out) {
  const report = path.join(reportDir, `${g.name}.jsonl`);
  out.write(`\n== ${g.files.length} ${g.name} test file(s)\n`);
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      // scrypt at a test cost (P147): the entry points refuse to start with it
      '--import',
      './test/support/test-password-cost.mjs',
      ...g.preload,
      '--test',
      `--test-concurrency=${g.concurrency}`,
      // A file that hangs fails by name after this long instead of holding CI to its limit (P252).
      `--test-timeout=${FILE_TIMEOUT_MS}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./test/support/file-times-reporter.mjs',
      `--test-reporter-destination=${report}`,
      ...g.files.map(runnable),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0' } },
  );
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code !== 0) failed = true;
      // No report (the runner itself died): the group counts as failed above.
      const lines = fs.existsSync(report) ? fs.readFileSync(report, 'utf8').split('\n').filter(Boolean) : [];
      for (const line of lines) {
        const entry = JSON.parse(line);
        if (entry.counts) for (const key of Object.keys(totals)) totals[key] += entry.counts[key];
        else durations.push([sourceOf(path.relative('.', entry.file)), entry.ms]);
      }
      resolve();
    });
  });
}

/** A lane's groups one after the other; the first lane writes straight out, the others are held and printed after it. */
async function runLane(groups, out) {
  for (const g of groups) if (g.files.length > 0) await runGroup(g, out);
}
const held = lanes.slice(1).map(() => new PassThrough());
const heldText = held.map((stream) => {
  const chunks = [];
  stream.on('data', (c) => chunks.push(c));
  return () => Buffer.concat(chunks);
});
await Promise.all(lanes.map((lane, i) => runLane(lane, i === 0 ? process.stdout : held[i - 1])));
for (const text of heldText) process.stdout.write(text());
if (last.files.length > 0) await runGroup(last, process.stdout);
fs.rmSync(reportDir, { recursive: true, force: true });
removeBundles();

durations.sort((a, b) => b[1] - a[1]);
console.log(`\n== slowest files (leg ${values.leg}, ${files.length} files, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const [f, ms] of durations.slice(0, 10)) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${f}`);
console.log(`tests: ${totals.pass} passed, ${totals.fail + totals.cancelled} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.fail + totals.cancelled > 0 ? 1 : 0);
