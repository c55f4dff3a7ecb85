// Issue 29 §1 (P90, P91): a client generated with openapi-typescript from the served document
// must let a real integration compile without a cast and then run it against a started server.
// The program (test/support/integration-server.ts) is written as an integrator would with
// openapi-fetch: a tiny fetch wrapper typed by the generated `paths`, then every call of the quick
// start, sync, reconcile, feeds, webhooks, leads, statistics and the sandbox (P139). It is
// type-checked (strict), then run on this test's store.
// The wrapper is deliberately as strict as openapi-fetch: a query with a required parameter the
// service defaults, or a feed push body typed `string`, would not compile.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { STORE_NAME } from '../support/app.js';
import { checkFacts, ESCAPE_HATCH, PROGRAM, startIntegrationServer, type IntegrationServer } from '../support/integration-server.js';

describe(`a typed client generated from the served document runs a real integration (${STORE_NAME})`, () => {
  let s: IntegrationServer;

  before(async () => {
    s = await startIntegrationServer('di-typed-client-');
  });
  after(() => s.close());

  test('generated types compile the program with no cast, and it runs against the server', { timeout: 120_000 }, async () => {
    const spec = await s.document();
    fs.writeFileSync(path.join(s.dir, 'api.d.ts'), astToString(await openapiTS(spec as never)));
    s.write(PROGRAM);

    // No escape hatch anywhere in the program.
    assert.doesNotMatch(PROGRAM, ESCAPE_HATCH);
    const problems = s.typeProblems({
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [path.resolve('node_modules/@types')],
    });
    assert.deepEqual(problems, []);

    checkFacts(await s.run('Autos Tipados', spec.servers[0]!.url), s.base);
  });
});
