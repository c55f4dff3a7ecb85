// Writes the client's committed inputs (P127, P182) from the OpenAPI document the server serves:
// packages/client/openapi.json (the document itself, shipped in the package) and
// packages/client/src/schema.d.ts (openapi-typescript's `paths`, `components` and `webhooks`).
// An app is built on an in-memory store and GET /v1/openapi.json is read. Nobody edits either by
// hand; test/client/types-drift.test.ts fails when they no longer match the served document.
// Here, not in the package: packing the package only compiles, and needs no server.
//   npm run client:types
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/core/config.js';

export const SCHEMA_FILE = fileURLToPath(new URL('../packages/client/src/schema.d.ts', import.meta.url));
export const DOCUMENT_FILE = fileURLToPath(new URL('../packages/client/openapi.json', import.meta.url));

const HEADER = '// Generated from the served OpenAPI document by scripts/client-types.ts. Do not edit.\n';

/** The text of src/schema.d.ts for an OpenAPI document. */
export async function schemaTypes(document: unknown): Promise<string> {
  return HEADER + astToString(await openapiTS(document as never));
}

/**
 * The text of openapi.json: the document with its servers replaced by the example base URL, as a
 * package cannot know the integrator's service (the document's own servers name the one serving it).
 */
export function documentText(document: unknown): string {
  const doc = structuredClone(document) as { servers?: unknown[] };
  doc.servers = [{ url: 'https://api.example.com/v1', description: "Your service's base URL ($PUBLIC_BASE_URL/v1)" }];
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The document a server serves at /v1/openapi.json, from an app on a throwaway in-memory store. */
async function servedDocument(): Promise<unknown> {
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
  const document = await servedDocument();
  fs.writeFileSync(DOCUMENT_FILE, documentText(document));
  fs.writeFileSync(SCHEMA_FILE, await schemaTypes(document));
  for (const file of [DOCUMENT_FILE, SCHEMA_FILE]) console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
