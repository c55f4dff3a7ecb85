// Static check: src/core/outbound/ is the only code that makes HTTP requests. Every other .ts file
// under src/ must go through createOutbound() (which applies the address, URL, redirect, size and
// time rules). Parsed with the TypeScript compiler, so comments, strings, `outbound.fetch(...)`
// and Fastify's `app.get(...)` routes are not mistaken for requests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');
const ALLOWED_DIR = path.join(SRC, 'core', 'outbound') + path.sep;

/** HTTP client modules: importing them for their client functions is only allowed in outbound/. */
const HTTP_MODULES = new Set(['http', 'https', 'http2', 'node:http', 'node:https', 'node:http2']);
/** Client entry points of those modules. */
const CLIENT_FUNCTIONS = new Set(['request', 'get', 'connect', 'Agent', 'globalAgent']);
const CLIENT_LIBRARIES = new Set(['undici', 'node-fetch', 'axios', 'got', 'cross-fetch', 'superagent']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);

export interface Finding {
  line: number;
  text: string;
  why: string;
}

function moduleName(node: ts.Expression | undefined): string | undefined {
  return node && ts.isStringLiteralLike(node) ? node.text : undefined;
}

/** Every outbound-HTTP use in one source text (empty when the file is clean). */
export function findOutboundCalls(source: string, fileName = 'sample.ts'): Finding[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const findings: Finding[] = [];
  /** Local names bound to a whole http/https module (`import http from`, `import * as h from`, `require`). */
  const moduleBindings = new Set<string>(['http', 'https', 'http2']);

  const report = (node: ts.Node, why: string) => {
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    findings.push({ line: line + 1, text: node.getText(sf).split('\n')[0]!.slice(0, 120), why });
  };

  const checkModule = (node: ts.Node, name: string | undefined, typeOnly: boolean) => {
    if (name === undefined || typeOnly) return;
    if (CLIENT_LIBRARIES.has(name)) report(node, `imports the HTTP client library "${name}"`);
  };

  // First pass: imports and requires.
  const visitImports = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const name = moduleName(node.moduleSpecifier);
      const clause = node.importClause;
      const typeOnly = clause?.phaseModifier === ts.SyntaxKind.TypeKeyword;
      checkModule(node, name, typeOnly);
      if (name !== undefined && HTTP_MODULES.has(name) && clause && !typeOnly) {
        if (clause.name) moduleBindings.add(clause.name.text);
        const nb = clause.namedBindings;
        if (nb && ts.isNamespaceImport(nb)) moduleBindings.add(nb.name.text);
        if (nb && ts.isNamedImports(nb)) {
          for (const el of nb.elements) {
            const imported = (el.propertyName ?? el.name).text;
            if (!el.isTypeOnly && CLIENT_FUNCTIONS.has(imported)) report(el, `imports ${imported} from "${name}"`);
          }
        }
      }
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const name = moduleName(node.moduleReference.expression);
      checkModule(node, name, node.isTypeOnly);
      if (name !== undefined && HTTP_MODULES.has(name)) moduleBindings.add(node.name.text);
    } else if (ts.isExportDeclaration(node)) {
      checkModule(node, moduleName(node.moduleSpecifier), node.isTypeOnly);
    } else if (ts.isCallExpression(node)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (isRequire || isDynamicImport) {
        const name = moduleName(node.arguments[0]);
        checkModule(node, name, false);
        if (name !== undefined && HTTP_MODULES.has(name)) {
          const parent = node.parent;
          const decl = ts.isAwaitExpression(parent) ? parent.parent : parent;
          if (ts.isVariableDeclaration(decl)) {
            if (ts.isIdentifier(decl.name)) moduleBindings.add(decl.name.text);
            else if (ts.isObjectBindingPattern(decl.name)) {
              for (const el of decl.name.elements) {
                const imported = el.propertyName && ts.isIdentifier(el.propertyName) ? el.propertyName.text : ts.isIdentifier(el.name) ? el.name.text : '';
                if (CLIENT_FUNCTIONS.has(imported)) report(el, `takes ${imported} from "${name}"`);
              }
            }
          } else if (ts.isPropertyAccessExpression(parent) && CLIENT_FUNCTIONS.has(parent.name.text)) {
            report(parent, `uses ${parent.name.text} of "${name}"`);
          }
        }
      }
    }
    ts.forEachChild(node, visitImports);
  };
  visitImports(sf);

  // Second pass: calls.
  const visitCalls = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'fetch' && ts.isCallExpression(node)) {
        report(node, 'calls the global fetch()');
      } else if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
        const object = callee.expression.text;
        const method = callee.name.text;
        if (GLOBAL_OBJECTS.has(object) && method === 'fetch') report(node, `calls ${object}.fetch()`);
        if (moduleBindings.has(object) && CLIENT_FUNCTIONS.has(method)) report(node, `calls ${object}.${method}()`);
      }
    }
    ts.forEachChild(node, visitCalls);
  };
  visitCalls(sf);
  return findings;
}

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(full));
    else if (entry.isFile() && full.endsWith('.ts')) out.push(full);
  }
  return out;
}

describe('only src/core/outbound/ makes HTTP requests', () => {
  it('no .ts file under src/ outside src/core/outbound/ calls fetch, undici or http(s).request/get', () => {
    const files = tsFiles(SRC).filter((f) => !f.startsWith(ALLOWED_DIR));
    assert.ok(files.length > 10, `expected to scan the source tree, found ${files.length} files`);
    const problems: string[] = [];
    for (const file of files) {
      for (const f of findOutboundCalls(fs.readFileSync(file, 'utf8'), file)) {
        problems.push(`${path.relative(ROOT, file)}:${f.line} ${f.why}: ${f.text}`);
      }
    }
    assert.deepEqual(problems, [], `Use createOutbound() from src/core/outbound/ instead:\n${problems.join('\n')}`);
  });

  it('the outbound module itself is found by the matcher (the check can fail)', () => {
    const connect = fs.readFileSync(path.join(SRC, 'core', 'outbound', 'connect.ts'), 'utf8');
    assert.ok(findOutboundCalls(connect).some((f) => f.why.includes('undici')));
  });

  const OFFENDING: [string, string][] = [
    ['global fetch', `export async function f(u: string) { const r = await fetch(u); return r.text(); }`],
    ['globalThis.fetch', `globalThis.fetch('https://example.com/')`],
    ['fetch split over lines', `void fetch(\n  url)`],
    ['undici named import', `import { request } from 'undici';`],
    ['undici default import', `import undici from 'undici';`],
    ['undici side-effect import', `import 'undici';`],
    ['undici dynamic import', `const u = await import('undici');`],
    ['undici require', `const { fetch: f } = require('undici');`],
    ['undici re-export', `export { request } from 'undici';`],
    ['http default import + request', `import http from 'node:http';\nhttp.request({ host: 'x' });`],
    ['https namespace import + get', `import * as h from 'https';\nh.get('https://x/');`],
    ['named get from node:https', `import { get } from 'node:https';`],
    ['renamed request from http', `import { request as send } from 'http';`],
    ['require https + get', `const https = require('https');\nhttps.get('https://x/', () => {});`],
    ['destructured require', `const { request } = require('node:http');`],
    ['http.get without import', `http.get(url, cb);`],
    ['https.request without import', `https.request(url, cb);`],
    ['http2 connect', `import http2 from 'node:http2';\nhttp2.connect('https://x');`],
    ['http Agent', `import http from 'http';\nnew http.Agent({ keepAlive: true });`],
  ];
  for (const [name, source] of OFFENDING) {
    it(`flags: ${name}`, () => {
      assert.ok(findOutboundCalls(source).length > 0, `not flagged:\n${source}`);
    });
  }

  const HARMLESS: [string, string][] = [
    ['the outbound client', `const res = await deps.outbound.fetch(url, { timeoutMs: 1000, maxBytes: 10 });`],
    ['this.fetch', `class A { fetch(u: string) { return u; } run() { return this.fetch('x'); } }`],
    ['Fastify routes', `app.get('/v1/x', async () => ({}));\napp.post('/v1/y', h);\nreq.get('x');`],
    ['Map.get', `const m = new Map(); m.get('http');`],
    ['fetch in comments and strings', `// fetch( the feed with http.get(\n/* https.request( */\nconst s = 'fetch(' + "http.get(";`],
    ['similar names', `prefetch(1); refetch(); fetchAll(); const fetched = 1; const httpx = { get() {} }; httpx.get();`],
    ['type-only http import', `import type { IncomingMessage, ServerResponse } from 'node:http';`],
    ['http for serving', `import http, { STATUS_CODES, createServer } from 'node:http';\nconst s = http.createServer();`],
    ['type-only undici import', `import type { Dispatcher } from 'undici';`],
    ['fetch method declaration', `const o = { fetch: async (u: string) => u }; interface X { fetch(u: string): void }`],
  ];
  for (const [name, source] of HARMLESS) {
    it(`does not flag: ${name}`, () => {
      assert.deepEqual(findOutboundCalls(source), []);
    });
  }
});
