// Which test files run where (P148, replacing P94). Every file under test/*/ runs on SQLite in
// `npm test`; a file not named below also runs on PostgreSQL + Redis (CI's second pass): a file
// added later lands on both stores by default, never nowhere. scripts/test.mjs runs them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Files that open no store: run once, in `npm test`, under test/support/storeless-guard.mjs, which
 * fails any of them that opens a SQLite file or a PostgreSQL connection (so the list stays honest).
 */
export const STORELESS = [
  'test/core/page-error-words.test.ts',
  'test/core/config.test.ts',
  'test/core/deprecation.test.ts',
  'test/core/log-destination.test.ts',
  'test/core/logger.test.ts',
  'test/core/outbound.test.ts',
  'test/core/request-log.test.ts',
  'test/core/secret-box.test.ts',
  'test/core/source-maps.test.ts',
  'test/feeds/csv-records.test.ts',
  'test/feeds/parse-bundle.test.ts',
  'test/feeds/parse-hostile.test.ts',
  'test/feeds/parse.test.ts',
  'test/leads/contact-masking.test.ts',
  'test/leads/phone-links.test.ts',
  'test/photos/image.test.ts',
  'test/scale/balancer.test.ts',
  'test/scale/sizing-table.test.ts',
  'test/service/decisions.test.ts',
  'test/service/docs-links.test.ts',
  'test/service/import-direction.test.ts',
  'test/service/migrations.test.ts',
  'test/service/outbound-only.test.ts',
  'test/service/readme.test.ts',
  'test/service/test-legs.test.ts',
  'test/users/password-cost.test.ts',
  'test/vehicles/contact-details.test.ts',
  'test/vehicles/photo-state.test.ts',
  'test/vehicles/review-texts.test.ts',
];

/**
 * Files that start an app on a store to judge something no store changes: the OpenAPI document
 * (built from the routes' schemas at start), the clients and linters run on it, and Lighthouse on
 * the buyers' pages. They run on SQLite only (P148); the routes those documents describe are
 * proven on both stores by their own tests.
 */
export const ONE_STORE = [
  'test/browser/lighthouse.test.ts',
  'test/client/types-drift.test.ts',
  'test/service/hey-api-client.test.ts',
  'test/service/openapi-client.test.ts',
  'test/service/openapi.test.ts',
  'test/service/prism-proxy.test.ts',
  'test/service/spectral.test.ts',
  'test/service/typed-client.test.ts',
];

/**
 * Files that import TypeScript they generate at run time (a typed integration program): they run
 * through tsx, every other file as a bundle (P150).
 */
export const WITH_TSX = ['test/service/hey-api-client.test.ts', 'test/service/prism-proxy.test.ts', 'test/service/typed-client.test.ts'];

/**
 * Lighthouse judges the pages' speed from the CPU time it observes, so it runs alone, after the
 * rest (P146): never beside another test file.
 */
export const ALONE = ['test/browser/lighthouse.test.ts'];

/**
 * Node 24 runs CI's store leg on PostgreSQL (P260: every file that opens a store, browsers
 * included); its SQLite pass (P148) runs only the driver's subjects, the SQLite driver being the
 * one piece that differs by runtime (Node 24 opens stores with better-sqlite3 13, P25): the
 * store files of these folders — the core (store, jobs, bundle, limits), the cars (every kind of
 * write and read), the service (server, CLI, migrations) — and NODE24_SQLITE_FILES; and these
 * storeless files, whose subject differs by runtime: sockets and undici (the outbound fetcher, a
 * log destination), sharp, the migrations' files, and the entry points' refusal of the test
 * password cost.
 */
export const NODE24_SQLITE_DIRS = ['test/core/', 'test/service/', 'test/vehicles/'];
export const NODE24_SQLITE_FILES = ['test/feeds/crash.test.ts', 'test/scale/migrate.test.ts'];
export const NODE24_STORELESS = [
  'test/core/log-destination.test.ts',
  'test/core/outbound.test.ts',
  'test/core/source-maps.test.ts',
  'test/photos/image.test.ts',
  'test/service/migrations.test.ts',
  'test/users/password-cost.test.ts',
];

/** Every test file (test/<folder>/<name>.test.ts), relative to the repository's root. */
export function allTestFiles() {
  const dir = path.join(ROOT, 'test');
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.test.ts'))
        .map((f) => `test/${d.name}/${f}`),
    )
    .sort();
}

/** The legs: which of `files` each runs. */
export const LEGS = {
  /** `npm test`: everything, on the store TEST_DATABASE_URL names (SQLite when none). */
  all: (files) => files,
  /** CI's PostgreSQL + Redis pass: what depends on the store. */
  store: (files) => files.filter((f) => !STORELESS.includes(f) && !ONE_STORE.includes(f)),
  /** CI's Node 24 pass on SQLite: the driver's subjects, and a few storeless files. */
  node24: (files) =>
    files.filter(
      (f) =>
        (LEGS.store([f]).length === 1 && (NODE24_SQLITE_DIRS.some((d) => f.startsWith(d)) || NODE24_SQLITE_FILES.includes(f))) || NODE24_STORELESS.includes(f),
    ),
};
