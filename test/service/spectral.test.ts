// Spectral with the OWASP API Security ruleset (P92): the served document has no finding at any
// severity under the repo's .spectral.yaml, whose every disabled rule says why in the line above.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';

const run = promisify(execFile);

describe(`Spectral OWASP on the served document (${STORE_NAME})`, () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    t = await makeApp();
    // Under the repository (dist/ is built before the tests): .spectral.yaml's overrides name
    // parts of `**/openapi.json`, a path relative to it, which a file under /tmp is not (P187).
    fs.mkdirSync('dist', { recursive: true });
    dir = fs.mkdtempSync(path.join('dist', 'spectral-'));
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('every rule turned off in .spectral.yaml has its reason on the line above', () => {
    const lines = fs.readFileSync('.spectral.yaml', 'utf8').split('\n');
    const off = lines.flatMap((l, i) => (/^\s+[\w:.-]+:\s*off\s*$/.test(l) ? [i] : []));
    assert.ok(off.length > 0);
    for (const i of off) assert.match(lines[i - 1]!, /^\s+# \S.{10,}/, `reason for ${lines[i]!.trim()}`);
    assert.match(fs.readFileSync('.ci/run', 'utf8'), /^\s*npm run lint:openapi\n\s*npm run lint:spectral\n/m);
  });

  test('the size rules judge exactly the schemas of request bodies and parameters (P187)', async () => {
    type Node = unknown;
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: Node; parameters?: Node }>>;
      components: { schemas: Record<string, Node> };
    }>();
    // Every named schema a request reaches, through $refs.
    const reached = new Set<string>();
    const walk = (node: Node): void => {
      if (Array.isArray(node)) for (const n of node) walk(n);
      else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) {
            const name = v.slice('#/components/schemas/'.length);
            if (!reached.has(name)) {
              reached.add(name);
              walk(doc.components.schemas[name]);
            }
          } else walk(v);
        }
      }
    };
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) walk([op.requestBody, op.parameters]);
    const listed = [...fs.readFileSync('.spectral.yaml', 'utf8').matchAll(/^\s+- "\*\*\/openapi\.json#\/components\/schemas\/(\w+)"$/gm)].map((m) => m[1]);
    assert.deepEqual(listed.sort(), [...reached].sort());
    assert.ok(listed.includes('VehicleInput'));
  });

  test('no finding at any severity (spectral:oas + @stoplight/spectral-owasp-ruleset)', { timeout: 120_000 }, async () => {
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, (await t.app.inject({ url: '/v1/openapi.json' })).body);
    // Spectral exits 1 when it finds anything; its JSON report is on stdout either way.
    const stdout = await run(
      path.resolve('node_modules/.bin/spectral'),
      ['lint', file, '--ruleset', '.spectral.yaml', '-f', 'json', '--fail-severity=hint', '-q'],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).then(
      (r) => r.stdout,
      (err: unknown) => (err as { stdout?: string }).stdout ?? '',
    );
    const report = stdout.slice(0, stdout.lastIndexOf(']') + 1);
    const findings = JSON.parse(report || 'null') as { code: string; path: string[] }[];
    assert.deepEqual(
      findings.map((f) => `${f.code} ${f.path.join('.')}`),
      [],
    );
  });
});
