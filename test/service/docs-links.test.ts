// Every relative link of the project's Markdown (README.md, ARCHITECTURE.md, docs/**/*.md) must
// reach a file that exists and, when it names an anchor, a heading of that file: anchors are made
// as GitHub makes them from headings (lower case, punctuation dropped, spaces to hyphens, "-1",
// "-2"… for repeats). Links inside code (fenced blocks, `spans`) are not links and are skipped.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(p);
    return e.name.endsWith('.md') ? [p] : [];
  });
}

const FILES = ['README.md', 'ARCHITECTURE.md', ...markdownFiles('docs')];

/** The text outside fenced code blocks, line by line (a fenced line becomes empty, so line numbers stay). */
function prose(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (fence === undefined) fence = m[1]![0]!;
      else if (m[1]![0] === fence) fence = undefined;
      return '';
    }
    return fence === undefined ? line : '';
  });
}

/** GitHub's anchor for a heading's text (github-slugger on the rendered text). */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image: its text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/`/g, '');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of prose(fs.readFileSync(file, 'utf8'))) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** [text](target) and ![alt](target) outside code, with their line numbers. */
function links(file: string): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  prose(fs.readFileSync(file, 'utf8')).forEach((line, i) => {
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ line: i + 1, target: m[1]! });
  });
  return out;
}

describe('Markdown links', () => {
  it('the slugs are GitHub’s', () => {
    assert.equal(slug('Photos in object storage'), 'photos-in-object-storage');
    assert.equal(slug('`GET /v1/leads?since=T&stage=S`'), 'get-v1leadssincetstages');
    assert.equal(slug('Answers, retries, turning off (D20)'), 'answers-retries-turning-off-d20');
    assert.equal(slug('Trying it on one machine: `scripts/cluster.sh`'), 'trying-it-on-one-machine-scriptsclustersh');
    assert.equal(slug('Quick start: a car on sale in five minutes'), 'quick-start-a-car-on-sale-in-five-minutes');
    assert.equal(slug('Métricas – Überblick'), 'métricas--überblick');
  });

  it('every relative link in README.md, ARCHITECTURE.md and docs/ reaches a file, and its anchor a heading', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of FILES) {
      for (const { line, target } of links(file)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: …
        checked++;
        const hash = target.indexOf('#');
        const rel = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
        const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const dest = rel === '' ? file : path.normalize(path.join(path.dirname(file), rel));
        const where = `${file}:${line}: ${target}`;
        if (!fs.existsSync(dest)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor !== undefined && !(dest.endsWith('.md') && anchors(dest).has(anchor))) broken.push(`${where} (no such heading in ${dest})`);
      }
    }
    assert.ok(checked > 20, `${checked} links checked`);
    assert.deepEqual(broken, []);
  });
});
