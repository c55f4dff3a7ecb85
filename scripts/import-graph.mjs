// The import direction of a checkout, as a picture anyone can make (`npm run --silent structure
// [-- <checkout>]`): which area imports which — the composition root, each feature module,
// core — with how many import statements point each way, as a Mermaid flowchart (GitHub draws
// it). Imports are read with the TypeScript compiler, as test/service/import-direction.test.ts
// reads them (static, dynamic and type-only alike). Give an older checkout (a `git worktree`)
// to compare a before and an after.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(process.argv[2] ?? '.');
const src = path.join(root, 'src');
if (!fs.existsSync(src)) {
  console.error(`no src/ in ${root}`);
  process.exit(1);
}

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? files(full) : e.name.endsWith('.ts') ? [full] : [];
  });

/** core, root, or the feature module's name. */
function areaOf(file) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'core') return 'core';
  if (rel[0] === 'modules' && rel[1]) return rel[1];
  return 'root';
}

function importsOf(file) {
  const sf = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const specs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      specs.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      specs.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      specs.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s.replace(/\.js$/, '.ts')));
}

const edges = new Map();
const sizes = new Map();
for (const f of files(src)) {
  const from = areaOf(f);
  sizes.set(from, (sizes.get(from) ?? 0) + 1);
  for (const target of importsOf(f)) {
    const to = areaOf(target);
    if (to === from) continue;
    const key = `${from} --> ${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}

const id = (area) => area.replace(/[^a-z0-9]/gi, '_');
const lines = ['flowchart TD'];
for (const [area, n] of [...sizes].sort()) lines.push(`  ${id(area)}["${area} (${n} files)"]`);
for (const [key, n] of [...edges].sort()) {
  const [from, to] = key.split(' --> ');
  lines.push(`  ${id(from)} -->|${n}| ${id(to)}`);
}
const back = [...edges.keys()].filter((k) => {
  const [a, b] = k.split(' --> ');
  return edges.has(`${b} --> ${a}`);
});
lines.push(
  `%% ${sizes.size} areas, ${edges.size} area-to-area edges, ${[...edges.values()].reduce((a, b) => a + b, 0)} imports across areas; two-way pairs: ${back.length / 2}`,
);
console.log(lines.join('\n'));
