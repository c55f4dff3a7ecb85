// Every decision a file cites is written down (P173): each `D<n>` and `P<n>` in src/, test/,
// docs/, bench/, scripts/, README.md and ARCHITECTURE.md is defined in docs/decisions.md, as an
// entry of its own (`- **D31 …`), once; and no heading of that file is written twice. A clone
// has no contract beside it, so a number cited and not defined there points nowhere.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DECISIONS = path.join(ROOT, 'docs', 'decisions.md');

/** Files whose text may cite decisions (pictures, workbooks and the like are skipped). */
const TEXT = /\.(ts|mts|mjs|js|md|json|sh|ya?ml|css|html|txt)$/;

function textFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    // Dot folders hold what a run makes (.test-build, .data), never what anyone wrote.
    if (e.name.startsWith('.') || e.name === 'node_modules') return [];
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return textFiles(full);
    return TEXT.test(e.name) ? [full] : [];
  });
}

/**
 * The decision numbers a text cites: "D31", "P117–P119" (both ends), "D31's", "P3/P4". Not a
 * number inside a word or a code ("U+D800", "#D32F2F", "HTTP2", "x.P1").
 */
function citations(text: string): string[] {
  return [...text.matchAll(/(?<![\w.+#])([DP])(\d{1,3})(?!\w)/g)].map((m) => `${m[1]}${Number(m[2])}`);
}

/** The numbers docs/decisions.md defines (an entry `- **D31 …`), each with how often. */
function definitions(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(/^- \*\*([DP])(\d{1,3})\b/gm)) {
    const id = `${m[1]}${Number(m[2])}`;
    out.set(id, (out.get(id) ?? 0) + 1);
  }
  return out;
}

describe('the decisions cited are defined', () => {
  const record = fs.readFileSync(DECISIONS, 'utf8');
  const defined = definitions(record);

  it('every D and P number cited in the code, the tests and the docs is an entry of docs/decisions.md', () => {
    const files = [
      ...['src', 'test', 'docs', 'bench', 'scripts'].flatMap((d) => textFiles(path.join(ROOT, d))),
      path.join(ROOT, 'README.md'),
      path.join(ROOT, 'ARCHITECTURE.md'),
    ];
    const undefinedAt = new Map<string, string[]>();
    for (const file of files) {
      for (const id of new Set(citations(fs.readFileSync(file, 'utf8')))) {
        if (defined.has(id)) continue;
        undefinedAt.set(id, [...(undefinedAt.get(id) ?? []), path.relative(ROOT, file)]);
      }
    }
    assert.deepEqual(Object.fromEntries(undefinedAt), {}, 'cited but not defined in docs/decisions.md');
    // The contract's own numbers are all here, whether cited yet or not.
    for (let n = 1; n <= 45; n++) assert.ok(defined.has(`D${n}`), `D${n} defined`);
  });

  it('each number is defined once, and each heading is written once', () => {
    assert.deepEqual(
      [...defined].filter(([, n]) => n > 1).map(([id]) => id),
      [],
    );
    const headings = [...record.matchAll(/^#{1,6} .*$/gm)].map((m) => m[0]);
    assert.deepEqual(
      headings.filter((h, i) => headings.indexOf(h) !== i),
      [],
    );
  });

  it('reads citations as they are written, and only those', () => {
    assert.deepEqual(citations("D31's rules, P117–P119, P3/P4, (D9). U+D800 #D32F2F HTTP2 x.P1 sha1P2 D045"), ['D31', 'P117', 'P119', 'P3', 'P4', 'D9', 'D45']);
    assert.deepEqual(
      [...definitions('- **D31 Language.** …\n- **P7 x** (D31)\n  - **P8 not an entry\n')],
      [
        ['D31', 1],
        ['P7', 1],
      ],
    );
  });
});
