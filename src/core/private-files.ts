// The service's own files hold buyers' contact details, password hashes and keys: no other local
// user may read them (P72). Directories are made 0700 and the SQLite files 0600; ones left
// readable by an earlier version, and owned by this process's user, are tightened.
import fs from 'node:fs';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

function tighten(target: string, mode: number): void {
  let st: fs.Stats;
  try {
    st = fs.statSync(target);
  } catch {
    return; // not there (yet)
  }
  const mine = typeof process.getuid !== 'function' || st.uid === process.getuid();
  if (mine && (st.mode & 0o077) !== 0) fs.chmodSync(target, mode);
}

/** `dir` (and any parent made on the way) exists, readable by this user only. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  tighten(dir, PRIVATE_DIR);
}

/** An SQLite database file and its WAL and shared-memory companions, readable by this user only. */
export function ensurePrivateSqliteFiles(file: string): void {
  // Created empty (a valid empty database) with its mode, before SQLite opens it; SQLite gives
  // the -wal and -shm files the database file's permissions.
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) tighten(f, PRIVATE_FILE);
}
