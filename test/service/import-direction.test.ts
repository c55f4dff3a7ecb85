// Static check of the layering ARCHITECTURE.md describes: imports point one way. src/core/ never
// imports a feature module or the composition root; a feature module never imports the
// composition root (app.ts, services.ts, tasks.ts, schemas.ts, server.ts, cli.ts); the
// modules' import graph has no cycle; and no file reaches itself through its imports (src/ and
// bench/). Imports are read with the TypeScript compiler (static,
// dynamic and type-only alike: a type import still ties two modules together). And where two
// things live: the SQL (repositories, core/db/ and a few named core files) and the differences
// between the stores (core/db/ only).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'src');

/**
 * Cycles known and not yet undone, each written "a ⇄ b" in alphabetical order (none today). The
 * test fails as well when one listed here no longer exists, so the list only ever shrinks.
 */
const KNOWN_CYCLES = new Set<string>();

type Area = { kind: 'core' } | { kind: 'module'; name: string } | { kind: 'root'; file: string };

function areaOf(file: string): Area {
  const rel = path.relative(SRC, file).split(path.sep);
  if (rel[0] === 'core') return { kind: 'core' };
  if (rel[0] === 'modules' && rel[1]) return { kind: 'module', name: rel[1] };
  return { kind: 'root', file: rel.join('/') };
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** The relative imports of one file, resolved to files under src/. */
function importsOf(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specs.push(node.arguments[0].text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')));
}

function moduleGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = areaOf(file);
    if (from.kind !== 'module') continue;
    const edges = graph.get(from.name) ?? new Set<string>();
    graph.set(from.name, edges);
    for (const target of importsOf(file)) {
      const to = areaOf(target);
      if (to.kind === 'module' && to.name !== from.name) edges.add(to.name);
    }
  }
  return graph;
}

/** Each pair of modules that reach each other, as "a ⇄ b"; plus any longer cycle's members. */
function cyclesOf(graph: Map<string, Set<string>>): Set<string> {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [...(graph.get(from) ?? [])];
    while (stack.length > 0) {
      const n = stack.pop()!;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...(graph.get(n) ?? []));
    }
    return seen;
  };
  const found = new Set<string>();
  const names = [...graph.keys()].sort();
  for (const a of names) {
    const fromA = reach(a);
    for (const b of names) if (a < b && fromA.has(b) && reach(b).has(a)) found.add(`${a} ⇄ ${b}`);
  }
  return found;
}

/** Each set of files that reach each other through their imports (a cycle), as sorted relative paths. */
function fileCycles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => known.has(t))]));
  // Tarjan's strongly connected components; a component of two or more files is a cycle (a file
  // importing itself is one too).
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.get(v)!.includes(v)) out.push(component.map((f) => path.relative(ROOT, f)).sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return out;
}

describe('imports point one way', () => {
  const files = sourceFiles(SRC);

  it('src/core/ imports nothing from the feature modules or the composition root', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => areaOf(f).kind === 'core')) {
      for (const target of importsOf(file)) {
        if (areaOf(target).kind !== 'core') wrong.push(`${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('no feature module imports the composition root', () => {
    const wrong: string[] = [];
    for (const file of files.filter((f) => areaOf(f).kind === 'module')) {
      for (const target of importsOf(file)) {
        if (areaOf(target).kind === 'root') wrong.push(`${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`);
      }
    }
    assert.deepEqual(wrong, []);
  });

  it('the modules import each other without a cycle (but the known ones, which only shrink)', () => {
    const cycles = cyclesOf(moduleGraph(files));
    assert.deepEqual(
      [...cycles].filter((c) => !KNOWN_CYCLES.has(c)),
      [],
      'a new cycle between modules',
    );
    assert.deepEqual(
      [...KNOWN_CYCLES].filter((c) => !cycles.has(c)),
      [],
      'a known cycle is gone: take it off KNOWN_CYCLES',
    );
  });

  it('no file reaches itself through its imports, in src/ or bench/ (P73)', () => {
    assert.deepEqual(fileCycles([...files, ...sourceFiles(path.join(ROOT, 'bench'))]), []);
  });

  it('the checks see what they look for (a made-up cycle and a core → module import are found)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    assert.deepEqual([...cyclesOf(graph)], ['a ⇄ b', 'a ⇄ c', 'b ⇄ c']);
    // The cycle this test was written against (vehicles: cursor → repository → schemas → cursor),
    // made up again in files of its own.
    const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'cursor.ts'), "import type { P } from './repository.js';\nexport const MAX = 1;\n");
      fs.writeFileSync(path.join(dir, 'repository.ts'), "import { S } from './schemas.js';\nexport type P = number;\n");
      fs.writeFileSync(path.join(dir, 'schemas.ts'), "import { MAX } from './cursor.js';\nexport const S = MAX;\n");
      fs.writeFileSync(path.join(dir, 'leaf.ts'), "import { S } from './schemas.js';\n");
      assert.deepEqual(fileCycles(sourceFiles(dir)), [['cursor.ts', 'repository.ts', 'schemas.ts'].map((f) => path.relative(ROOT, path.join(dir, f)))]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(areaOf(path.join(SRC, 'modules', 'vehicles', 'x.ts')).kind, 'module');
    assert.ok(
      importsOf(path.join(SRC, 'app.ts')).some((t) => areaOf(t).kind === 'module'),
      'app.ts imports modules',
    );
  });
});

// ---- Where the SQL and the stores' differences live (ARCHITECTURE.md: "repositories hold all
// SQL", "no file outside core/db/ tells the stores apart"). Read from the syntax tree, so a
// comment or a string that names a query builder is no query.

/** Kysely's query starters (called as methods of a db or transaction). */
const QUERY_METHODS = new Set(['selectFrom', 'selectNoFrom', 'insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto', 'executeQuery']);

/**
 * Files that build SQL although they are neither a repository.ts nor in core/db/, each with why:
 * the list only shrinks (a file named here that builds none fails the test too).
 */
const SQL_ELSEWHERE: Record<string, string> = {
  'src/core/jobs/stats.ts': "the metrics' one grouped count of the jobs table (P38)",
  'src/core/mail/outbox.ts': 'the outbox is the mails table and its job (D28): queueMail and the send task’s reads',
  'src/core/readiness.ts': '`select 1`: whether the store answers (P39)',
};

/** Each place a file builds a query, as "line: what". */
function queriesIn(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (node: ts.Node, what: string) => out.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const isSql = (e: ts.Expression) => ts.isIdentifier(e) && e.text === 'sql';
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (QUERY_METHODS.has(name)) at(node, name);
      else if (isSql(node.expression.expression)) at(node, `sql.${name}`);
      else if (name === 'raw' && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'CompiledQuery')
        at(node, 'CompiledQuery.raw');
    } else if (ts.isTaggedTemplateExpression(node) && isSql(node.tag)) at(node, 'sql``');
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Each place a file names a store: the dialects' names, or Kysely's classes that tell them apart. */
function storeNamesIn(file: string): string[] {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const at = (node: ts.Node, what: string) => out.push(`${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && /^(sqlite|postgres|postgresql)$/i.test(node.text)) at(node, `'${node.text}'`);
    else if (ts.isIdentifier(node) && /^(Postgres|Sqlite)(Adapter|Dialect|Driver)$/.test(node.text)) at(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const inCoreDb = (file: string) => rel(file).startsWith('src/core/db/');

describe('where the SQL and the stores’ differences live', () => {
  const files = sourceFiles(SRC);

  it('only repository.ts files, core/db/ and the files SQL_ELSEWHERE names build queries', () => {
    const wrong = files
      .filter((f) => path.basename(f) !== 'repository.ts' && !inCoreDb(f) && !(rel(f) in SQL_ELSEWHERE))
      .flatMap((f) => queriesIn(f).map((q) => `${rel(f)}:${q}`));
    assert.deepEqual(wrong, [], 'a query built outside a repository: move it into the feature’s repository.ts');
    const stale = Object.keys(SQL_ELSEWHERE).filter((f) => !fs.existsSync(path.join(ROOT, f)) || queriesIn(path.join(ROOT, f)).length === 0);
    assert.deepEqual(stale, [], 'SQL_ELSEWHERE names a file that builds no query: take it off');
  });

  it('no file outside core/db/ tells the stores apart (it asks store.shared, or a core/db/ helper)', () => {
    const wrong = files.filter((f) => !inCoreDb(f)).flatMap((f) => storeNamesIn(f).map((q) => `${rel(f)}:${q}`));
    assert.deepEqual(wrong, []);
  });

  it('the modules that cause events record them through events/, which imports no other module', () => {
    const graph = moduleGraph(files);
    assert.deepEqual([...(graph.get('events') ?? [])], [], 'events/ imports a feature module');
    const toWebhooks = [...graph].filter(([, to]) => to.has('webhooks')).map(([from]) => from);
    // The panel mounts the webhooks' pages and counts the inactive ones on its overview.
    assert.deepEqual(toWebhooks, ['panel']);
  });

  it('the checks see what they look for', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, 'test', '.sql-'));
    try {
      const file = path.join(dir, 'service.ts');
      fs.writeFileSync(
        file,
        [
          "// db.selectFrom('cars') in a comment is no query, nor is 'postgres' in one",
          "const label = 'db.updateTable';",
          "export const a = (db: any) => db.selectFrom('vehicles').selectAll().execute();",
          'export const b = (db: any) => sql`select 1`.execute(db);',
          "export const c = (db: any) => db.deleteFrom('jobs').execute();",
          "export const d = (store: any) => store.dialect === 'postgres';",
          'export const e = (db: any) => db.getExecutor().adapter instanceof PostgresAdapter;',
        ].join('\n'),
      );
      assert.deepEqual(queriesIn(file), ['3: selectFrom', '4: sql``', '5: deleteFrom']);
      assert.deepEqual(storeNamesIn(file), ["6: 'postgres'", '7: PostgresAdapter']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
