// Listing quality before and after a feed file is loaded, in real browsers (D43, issue 39, P246):
// "check a file" shows each car's score and what to fix first before anything is published, and
// the import's report the same cars' scores once pushed — in Spanish and Portuguese, at 375 and
// 1280 px, fitting the width, with no serious axe violation. Screenshots when PANEL_SCREENSHOTS
// names a folder (docs/panel).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { msg, render } from '../../src/core/i18n/index.js';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { feedFor, pushCsv } from '../feeds/support.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';
import { qualityCsv } from '../feeds/quality-file.js';

const LANGS = [
  { lang: 'es', market: 'ar', locale: 'es-AR', title: 'Calidad de los avisos', average: '80,3 de 100', under: '1 de 3', points: '+12 puntos' },
  { lang: 'pt', market: 'br', locale: 'pt-BR', title: 'Qualidade dos anúncios', average: '80,3 de 100', under: '1 de 3', points: '+12 pontos' },
] as const;

/**
 * The quality section as a reader sees it: its title, summary and the lowest car's line, on
 * screen. `exact`: the scores the check foresees (photos counted as sound); on the report they are
 * the cars' scores now, after the worker checked the photos (small, flat: hints of their own), so
 * only their form is checked there (the exact arithmetic is test/panel/feeds-quality.test.ts's).
 */
async function assertQuality(page: Page, l: (typeof LANGS)[number], prefix: string, what: string, exact: boolean): Promise<void> {
  const title = page.locator('h2#quality');
  assert.equal(await title.innerText(), l.title, what);
  const card = page.locator('section.quality');
  const average = await card.locator('[data-quality="average"]').innerText();
  const under = await card.locator('[data-quality="under"]').innerText();
  if (exact) {
    assert.equal(average, l.average, what);
    assert.equal(under, l.under, what);
  } else {
    assert.match(average, /^\d{1,3}(,\d)? de 100$/, what);
    assert.match(under, /^\d de 3$/, what);
  }
  const bare = card.locator(`li[data-car="${prefix}-BARE"]`);
  assert.ok(await bare.isVisible(), `${what}: the lowest car's line shown`);
  const text = await bare.innerText();
  if (exact) {
    assert.match(text, /^48\b/, `${what}: its score`);
    assert.ok(text.includes(render(l.lang, msg('quality_photos_few', { min: 8 }))) && text.includes(l.points), `${what}: its hint: ${text}`);
  } else assert.match(text, new RegExp(`^\\d{1,3} ${prefix}-BARE: .+ \\+\\d+ ${l.lang === 'es' ? 'puntos?' : 'pontos?'}$`), `${what}: score and hint: ${text}`);
  // The first line is the lowest score; the badge's box is really drawn.
  assert.equal(await card.locator('ul.car-scores li').first().getAttribute('data-car'), `${prefix}-BARE`);
  const badge = await bare.locator('.badge').boundingBox();
  assert.ok(badge && badge.width > 0 && badge.height > 0, `${what}: the score's badge drawn`);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
}

describe(`listing quality on a feed's check and import report in browsers (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  // Photos that arrive (small and flat: the report then has photo hints to show).
  const host = new PhotoHost();
  before(async () => {
    await host.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(host.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang}, ${v.width} px: each car's score and hint on check a file, then on the import's report`, async () => {
        const owner = await seedPanelUser(s, { markets: [l.market] });
        const feed = await feedFor(s, owner.slug);
        const prefix = `B${l.lang}${v.name}`;
        const file = qualityCsv(prefix, l.lang, (group, n) => host.urls(group, n));
        const { ctx, page } = await signedInPage(browser, s.base, owner, v.open, l.locale);
        try {
          // Check a file, as a dealer does it: nothing published, the scores shown.
          await page.goto(`${s.base}/panel/feeds/tokens/${feed.id}/mapping`);
          await page.locator('#check-file').setInputFiles([{ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(file) }]);
          await Promise.all([page.waitForURL(/\/check$/), page.locator('form[action$="/check"] button[type=submit]').click()]);
          await assertQuality(page, l, prefix, `check ${l.lang} ${v.name}`, true);
          assert.equal(await s.store.db.selectFrom('vehicles').select('id').where('external_id', '=', `${prefix}-BARE`).executeTakeFirst(), undefined);
          await page.locator('h2#quality').scrollIntoViewIfNeeded();
          await screenshot(page, `feed-check-quality-${l.lang}-${v.name}`);
          await checkPage(page, `feed check quality ${l.lang} ${v.name}`);

          // The push, then its report.
          assert.equal((await pushCsv(s, feed.path, file)).statusCode, 200);
          const imp = await s.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
          // The report as the dealer finds it a moment later: every photo in and checked.
          await until('photos checked', 60_000, async () => {
            const rows = await s.store.db.selectFrom('vehicles').select('photos_pending').where('external_id', 'like', `${prefix}-%`).execute();
            return rows.length === 3 && rows.every((r) => r.photos_pending === 0);
          });
          await page.goto(`${s.base}/panel/feeds/imports/${imp.id}`);
          await assertQuality(page, l, prefix, `report ${l.lang} ${v.name}`, false);
          // Each car links to its page, at its quality section.
          await page.locator(`li[data-car="${prefix}-BARE"] a`).click();
          await page.waitForURL(/\/panel\/inventory\/\d+#quality$/);
          await page.goBack();
          await screenshot(page, `import-report-quality-${l.lang}-${v.name}`);
          await checkPage(page, `import report quality ${l.lang} ${v.name}`);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
