// Preloaded (`--import`) for the files test/legs.mjs lists as STORELESS: opening a SQLite
// database or a PostgreSQL connection fails the test, so a file that does can't hide on that
// list (it would then run on SQLite only). The drivers are CommonJS: what this puts in require's
// cache is what every later import of them gets.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const refuse = (what) => {
  throw new Error(`${what} opened by a test file listed as STORELESS in test/legs.mjs: take it off that list`);
};

const pg = require('pg');
pg.Client.prototype.connect = function connect() {
  refuse('a PostgreSQL connection');
};

for (const name of ['better-sqlite3', 'better-sqlite3-napi']) {
  let id;
  try {
    id = require.resolve(name);
  } catch {
    continue; // better-sqlite3-napi is installed on Node >= 22 only
  }
  require(id);
  require.cache[id].exports = function Database() {
    refuse('a SQLite database');
  };
}
