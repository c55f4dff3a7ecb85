// Issue 29 §1 (P90, P91): a client generated with openapi-typescript from the served document
// must let a real integration compile without a cast and then run it against a started server.
// The program (test/support/typed-integration.ts) is written as an integrator would with
// openapi-fetch: a tiny fetch wrapper typed by the generated `paths`, then every call of the quick
// start, sync, reconcile, feeds, webhooks, leads, statistics and the sandbox (P139). It is
// type-checked (strict), then run on this test's store.
// The wrapper is deliberately as strict as openapi-fetch: a query with a required parameter the
// service defaults, or a feed push body typed `string`, would not compile.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { freePort } from '../support/server-process.js';
import { checkFacts, PROGRAM } from '../support/typed-integration.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

describe(`a typed client generated from the served document runs a real integration (${STORE_NAME})`, () => {
  let t: TestApp;
  let dir: string;
  let base: string;
  let rx: Receiver;
  const host = new PhotoHost();

  before(async () => {
    await host.start();
    rx = await startReceiver();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await makeApp({
      env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
      // hooks.test (the receiver) and the photo host, both on loopback.
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-typed-client-'));
  });
  after(async () => {
    await t.close();
    await host.stop();
    await rx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('generated types compile the program with no cast, and it runs against the server', { timeout: 120_000 }, async () => {
    const spec = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(spec as never)));
    fs.writeFileSync(path.join(dir, 'integration.ts'), PROGRAM);

    // No escape hatch anywhere in the program.
    assert.doesNotMatch(PROGRAM, /\bas (?!const\b)\w|@ts-|\bany\b|!\./);
    const program = ts.createProgram([path.join(dir, 'integration.ts')], {
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
    const problems = ts.getPreEmitDiagnostics(program).map((d) => `${d.start ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    assert.deepEqual(problems, []);

    const dealer = await seedDealer(t, { name: 'Autos Tipados' });
    const { token } = await createFeed(t.store, t.clock, base, { dealer: dealer.slug });
    const mod = (await import(path.join(dir, 'integration.ts'))) as { integration: (o: unknown) => Promise<Record<string, unknown>> };
    const facts = await mod.integration({
      baseUrl: spec.servers[0]!.url,
      key: dealer.key,
      sandboxKey: (await createKey(t.store.db, t.clock, { dealer: dealer.slug, name: 'sandbox', sandbox: true })).key,
      feedToken: token,
      photos: (group: string) => host.urls(group, 3),
      webhookUrl: rx.url('/ok'),
      runJobs: () => t.app.services.jobs.runDue(),
    });

    checkFacts(facts, base);
  });
});
