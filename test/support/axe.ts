// The accessibility and layout check every panel browser test runs on each page it visits
// (issue 26, P111): axe-core's violations, counted by impact and printed per page, failing on any
// serious or critical one; and no word, price or date in a table broken in the middle of itself.
// axe is evaluated through the debugger protocol: the panel's CSP allows no injected script tag.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Every axe-core violation on the page, with up to three of its elements. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact || 'unknown', help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) })))`,
  );
}

/**
 * The words of the page's tables that a line break cuts in two ("Titula/r", "$ 18.500. / 000"),
 * and its .num/.date cells that wrap at all: each word's range must sit on one line.
 */
async function brokenTableWords(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const out = [];
    const oneLine = (range) => {
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      return tops.size <= 1;
    };
    for (const cell of document.querySelectorAll('th, td')) {
      if (cell.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const re = /\\S+/g;
        let m;
        while ((m = re.exec(node.data))) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (!oneLine(range)) out.push(m[0]);
        }
      }
      if (cell.matches('.num, .date, .nowrap')) {
        const range = document.createRange();
        range.selectNodeContents(cell);
        if (!oneLine(range)) out.push(cell.textContent.trim());
      }
    }
    return out;
  })()`);
}

/**
 * Runs axe on the page and prints its counts by impact ("axe feeds es 375: 0 critical, 0
 * serious, 1 moderate, 0 minor"); fails on a serious or critical violation, and on a table word
 * broken in the middle.
 */
export async function checkPage(page: Page, what: string): Promise<void> {
  const found = await axeViolations(page);
  const count = (impact: string) => found.filter((v) => v.impact === impact).length;
  console.log(`axe ${what}: ${count('critical')} critical, ${count('serious')} serious, ${count('moderate')} moderate, ${count('minor')} minor`);
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], `axe on ${what} (${page.url()})`);
  assert.deepEqual(await brokenTableWords(page), [], `table words broken in the middle on ${what} (${page.url()})`);
}
