// Issue 29 §2, issue 38 §1 (P127, P182): the client's committed inputs are what a started server
// serves — packages/client/openapi.json (the document, servers aside) and src/schema.d.ts (what
// openapi-typescript makes of it) — and the package's version follows the API's (its major is the
// API's). A route or schema changed without `npm run client:types` fails here.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { DOCUMENT_FILE, documentText, SCHEMA_FILE, schemaTypes } from '../../scripts/client-types.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';

describe(`the client's generated types (${STORE_NAME})`, () => {
  let t: TestApp;
  let served: { info: { version: string } };
  before(async () => {
    t = await makeApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    served = (await (await fetch(`${address}/v1/openapi.json`)).json()) as typeof served;
  });
  after(() => t.close());

  test('match the served OpenAPI document (run `npm run client:types` when this fails)', async () => {
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const fresh = await schemaTypes(served);
    assert.ok(committed === fresh, 'packages/client/src/schema.d.ts differs from the served document: run `npm run client:types`');
    assert.ok(
      fs.readFileSync(DOCUMENT_FILE, 'utf8') === documentText(served),
      'packages/client/openapi.json differs from the served document: run `npm run client:types`',
    );
  });

  test("the package's major version is the API's, and its changelog has an entry for it", () => {
    const pkg = JSON.parse(fs.readFileSync('packages/client/package.json', 'utf8')) as { version: string };
    assert.equal(pkg.version.split('.')[0], served.info.version.split('.')[0]);
    assert.match(fs.readFileSync('packages/client/CHANGELOG.md', 'utf8'), new RegExp(`^## .*client ${pkg.version.replaceAll('.', '\\.')}\\b`, 'mi'));
  });
});
