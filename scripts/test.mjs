// The test command (README: `npm test`). Builds dist/ once (the tests start the CLI, servers and
// workers from it), then runs the test files of a leg with node's test runner (P148):
//   node scripts/test.mjs                 every file, on the store TEST_DATABASE_URL names (SQLite by default)
//   node scripts/test.mjs --leg store     the files that run on every store (CI's PostgreSQL + Redis pass)
//   node scripts/test.mjs --leg node24    the files CI runs on Node 24 (test/legs.mjs says which and why)
//   node scripts/test.mjs FILE…           just those files (still split by test/legs.mjs)
// Storeless files run under a guard that fails any of them opening a store; Lighthouse runs alone,
// last. Ends with the slowest files and one line `tests: N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ALONE, LEGS, STORELESS, WITH_TSX, allTestFiles } from '../test/legs.mjs';
import { BUNDLE_DIR, bundleTests, removeBundles } from './test-bundle.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { leg: { type: 'string', default: 'all' }, 'no-build': { type: 'boolean', default: false }, concurrency: { type: 'string', default: '2' } },
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
const groups = [
  {
    name: 'store',
    files: files.filter((f) => !STORELESS.includes(f) && !ALONE.includes(f) && !WITH_TSX.includes(f)),
    preload: [],
    concurrency: values.concurrency,
  },
  { name: 'TypeScript-writing', files: files.filter((f) => WITH_TSX.includes(f)), preload: TSX, concurrency: values.concurrency },
  { name: 'storeless', files: files.filter((f) => STORELESS.includes(f)), preload: GUARD, concurrency: values.concurrency },
  { name: 'alone', files: files.filter((f) => ALONE.includes(f)), preload: [], concurrency: '1' },
];

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-test-report-'));
const totals = { pass: 0, fail: 0, skipped: 0, todo: 0, cancelled: 0 };
const durations = [];
let failed = false;
for (const g of groups) {
  if (g.files.length === 0) continue;
  const report = path.join(reportDir, `${g.name}.jsonl`);
  console.log(`\n== ${g.files.length} ${g.name} test file(s)`);
  const run = spawnSync(
    process.execPath,
    [
      '--enable-source-maps',
      // scrypt at a test cost (P147): the entry points refuse to start with it
      '--import',
      './test/support/test-password-cost.mjs',
      ...g.preload,
      '--test',
      `--test-concurrency=${g.concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./test/support/file-times-reporter.mjs',
      `--test-reporter-destination=${report}`,
      ...g.files.map(runnable),
    ],
    { stdio: 'inherit' },
  );
  if (run.status !== 0) failed = true;
  // No report (the runner itself died): the group counts as failed above.
  const lines = fs.existsSync(report) ? fs.readFileSync(report, 'utf8').split('\n').filter(Boolean) : [];
  for (const line of lines) {
    const entry = JSON.parse(line);
    if (entry.counts) for (const key of Object.keys(totals)) totals[key] += entry.counts[key];
    else durations.push([sourceOf(path.relative('.', entry.file)), entry.ms]);
  }
}
fs.rmSync(reportDir, { recursive: true, force: true });
removeBundles();

durations.sort((a, b) => b[1] - a[1]);
console.log(`\n== slowest files (leg ${values.leg}, ${files.length} files, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const [f, ms] of durations.slice(0, 10)) console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${f}`);
console.log(`tests: ${totals.pass} passed, ${totals.fail + totals.cancelled} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.fail + totals.cancelled > 0 ? 1 : 0);
