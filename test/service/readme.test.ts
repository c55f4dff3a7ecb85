// The docs' reference tables are derived from the code, not kept by hand: docs/api.md's error
// table must list exactly the catalogue's codes with their statuses (core/errors.ts), and
// docs/configuration.md's table exactly the variables core/config.ts reads; the commands shown in
// README.md, ARCHITECTURE.md and docs/ must be package.json's scripts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ERROR_STATUS } from '../../src/core/errors.js';

/** The text of a file from a heading line to the next heading of level 2 or 3. */
function section(file: string, heading: string): string {
  const text = fs.readFileSync(file, 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `${file} has no "${heading}" section`);
  const next = text.slice(start + heading.length + 2).search(/\n#{2,3} /);
  return text.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
}

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

describe('the docs’ tables and commands follow the code', () => {
  it('the error table (docs/api.md) lists every code of the catalogue, each under its status, and nothing else', () => {
    const rows = section('docs/api.md', '## Errors')
      .split('\n')
      .filter((l) => /^\| \d{3} \|/.test(l));
    const documented = new Map<string, number>();
    for (const row of rows) {
      const status = Number(row.slice(2, 5));
      // codes stand outside parentheses; inside are remarks ("with `fields`")
      for (const [, code] of row
        .split('|')[2]!
        .replace(/\([^)]*\)/g, '')
        .matchAll(/`([a-z_]+)`/g))
        documented.set(code!, status);
    }
    assert.deepEqual(Object.fromEntries([...documented].sort()), Object.fromEntries(Object.entries(ERROR_STATUS).sort()));
  });

  it('the configuration table (docs/configuration.md) lists exactly the variables config.ts reads', () => {
    const source = fs.readFileSync('src/core/config.ts', 'utf8');
    const read = [...new Set([...source.matchAll(/env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!))].sort();
    const documented = [...section('docs/configuration.md', '## Variables').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!).sort();
    assert.ok(read.length > 10, 'the variables were found in config.ts');
    assert.deepEqual(documented, read);
  });

  it('every `npm run X` that README.md, ARCHITECTURE.md and docs/ show is a package.json script', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
    const files = ['README.md', 'ARCHITECTURE.md', ...markdownFiles('docs')];
    const used = new Map<string, string>();
    for (const file of files)
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/npm run (?:--silent )?([a-z][a-z0-9-]*(?::[a-z0-9-]+)*)/g))
        if (!used.has(m[1]!)) used.set(m[1]!, file);
    assert.ok(used.size > 3);
    assert.ok([...used.values()].includes('README.md'), 'README.md shows npm run commands');
    assert.deepEqual(
      [...used].filter(([s]) => !scripts.includes(s)).map(([s, file]) => `${file}: npm run ${s}`),
      [],
    );
  });
});
