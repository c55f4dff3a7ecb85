// Writes the service's OpenAPI description to a file (default dist/openapi.json), as a server
// would serve it at /v1/openapi.json, without starting one: an app is built on an in-memory store.
//   npm run openapi [-- <file>]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/core/config.js';

const out = process.argv[2] ?? 'dist/openapi.json';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-openapi-'));
const app = await buildApp({
  config: loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' }),
});
try {
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`);
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
