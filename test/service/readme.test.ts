// The README's tables are derived from the code, not kept by hand: its error table must list
// exactly the catalogue's codes with their statuses (core/errors.ts), and its configuration table
// exactly the variables core/config.ts reads; its commands must be package.json's scripts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { ERROR_STATUS } from '../../src/core/errors.js';

const README = fs.readFileSync('README.md', 'utf8');

function section(heading: string): string {
  const start = README.indexOf(`\n${heading}\n`);
  assert.ok(start >= 0, `README has no "${heading}" section`);
  const next = README.slice(start + heading.length + 2).search(/\n#{2,3} /);
  return README.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
}

describe('README tables follow the code', () => {
  it('the error table lists every code of the catalogue, each under its status, and nothing else', () => {
    const rows = section('### Errors')
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

  it('the configuration table lists exactly the variables config.ts reads', () => {
    const source = fs.readFileSync('src/core/config.ts', 'utf8');
    const read = [...new Set([...source.matchAll(/env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!))].sort();
    const documented = [...section('## Configuration').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!).sort();
    assert.ok(read.length > 10, 'the variables were found in config.ts');
    assert.deepEqual(documented, read);
  });

  it('every `npm run X` the README shows is a package.json script', () => {
    const scripts = Object.keys((JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
    const used = [...new Set([...README.matchAll(/npm run (?:--silent )?([a-z][a-z0-9:-]*)/g)].map((m) => m[1]!))];
    assert.ok(used.length > 3);
    assert.deepEqual(
      used.filter((s) => !scripts.includes(s)),
      [],
    );
  });
});
