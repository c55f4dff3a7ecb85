// Issue 29 §2 (P127): the client's committed types (packages/client/src/schema.d.ts) are what
// openapi-typescript makes of the document a started server serves. A route or schema changed
// without `npm run client:types` fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { SCHEMA_FILE, schemaTypes } from '../../packages/client/scripts/generate-types.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';

describe(`the client's generated types (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  test('match the served OpenAPI document (run `npm run client:types` when this fails)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const served: unknown = await (await fetch(`${address}/v1/openapi.json`)).json();
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await schemaTypes(served);
    assert.ok(committed === fresh, 'packages/client/src/schema.d.ts differs from the served document: run `npm run client:types`');
  });
});
