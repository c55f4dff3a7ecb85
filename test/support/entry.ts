// The command line of one of the service's entries (server, CLI, worker) for a test that runs it
// as a child process: plain node on the bundle in dist/, as `npm start` runs it. Through tsx a
// child paid about 2 s of TypeScript compilation at every start (a CLI call 1.9–2.7 s against
// 0.17 s from dist/). The bundle must be built first (`npm run build`) and be newer than every
// file under src/: a test of a stale bundle would test yesterday's code, so that fails at once
// with what to do. One test (test/service/server.test.ts) still runs the entries through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type EntryName = 'server' | 'cli' | 'worker';

/** The newest modification time (ms) of any file under dir, and that file. */
function newestUnder(dir: string): { mtimeMs: number; file: string } {
  let newest = { mtimeMs: 0, file: dir };
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    const n = e.isDirectory() ? newestUnder(p) : { mtimeMs: fs.statSync(p).mtimeMs, file: p };
    if (n.mtimeMs > newest.mtimeMs) newest = n;
  }
  return newest;
}

let sources: { mtimeMs: number; file: string } | undefined;
const checked = new Set<EntryName>();

/** Absolute path of dist/<name>.js, after checking it exists and is not older than src/. */
function entryPath(name: EntryName): string {
  const file = path.join(ROOT, 'dist', `${name}.js`);
  if (checked.has(name)) return file;
  let built: fs.Stats;
  try {
    built = fs.statSync(file);
  } catch {
    throw new Error(`${path.relative(ROOT, file)} is missing: run npm run build before the tests (they start the entries from dist/)`);
  }
  sources ??= newestUnder(path.join(ROOT, 'src'));
  if (built.mtimeMs < sources.mtimeMs) {
    throw new Error(
      `${path.relative(ROOT, file)} is older than ${path.relative(ROOT, sources.file)}: run npm run build before the tests (they start the entries from dist/)`,
    );
  }
  checked.add(name);
  return file;
}

/**
 * The command line that starts an entry: [process.execPath, args] for spawn/execFile, e.g.
 * `const [cmd, args] = entry('cli', 'dealers', 'list', '--json')`.
 */
export function entry(name: EntryName, ...args: string[]): [string, string[]] {
  return [process.execPath, [entryPath(name), ...args]];
}
