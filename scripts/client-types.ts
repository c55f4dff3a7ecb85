// Writes src/schema.d.ts, the client's types, from the OpenAPI document the server serves
// (P127): an app is built on an in-memory store, GET /v1/openapi.json is read, and
// openapi-typescript turns it into `paths` and `components`. Nobody edits the output by hand;
// test/client/types-drift.test.ts fails when it no longer matches the served document.
//   npm run client:types            (from the repository root)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/core/config.js';

export const SCHEMA_FILE = fileURLToPath(new URL('../src/schema.d.ts', import.meta.url));

const HEADER = '// Generated from the served OpenAPI document by packages/client/scripts/generate-types.ts. Do not edit.\n';

/** The text of src/schema.d.ts for an OpenAPI document. */
export async function schemaTypes(document: unknown): Promise<string> {
  return HEADER + astToString(await openapiTS(document as never));
}

/** The document a server serves at /v1/openapi.json, from an app on a throwaway in-memory store. */
export async function servedDocument(): Promise<unknown> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-client-types-'));
  const app = await buildApp({
    config: loadConfig({ DATABASE_URL: 'sqlite::memory:', DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0' }),
  });
  try {
    return (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(SCHEMA_FILE, await schemaTypes(await servedDocument()));
  console.log(`wrote ${path.relative(process.cwd(), SCHEMA_FILE)}`);
}
