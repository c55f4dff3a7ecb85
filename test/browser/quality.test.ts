// Listing quality in the panel (D43, P223), in real browsers at 375 and 1280 px, in Spanish and
// Portuguese: a car's page shows its score and hints, each with a link to what to fix; following
// the description's hint to the edit form and writing a longer text raises the score by the
// hint's points. The inventory sorts by score and the overview lists "Autos para mejorar".
// axe-core on every page; screenshots when PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import { carByStockId, putCar } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function check(page: Page, what: string): Promise<void> {
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  await page.evaluate(AXE);
  const found = await page.evaluate<{ id: string; impact: string; nodes: unknown[] }[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes })))',
  );
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  assert.deepEqual(bad, [], what);
}

const LANGS = [
  {
    lang: 'es',
    locale: 'es-AR',
    market: 'ar',
    car: {},
    w: { title: 'Calidad del aviso', fix: 'Corregir', improve: 'Autos para mejorar', sort: 'Primero los que más pueden mejorar' },
  },
  {
    lang: 'pt',
    locale: 'pt-BR',
    market: 'br',
    car: { market: 'br', currency: 'BRL', price: 45_000 },
    w: { title: 'Qualidade do anúncio', fix: 'Corrigir', improve: 'Carros para melhorar', sort: 'Primeiro os que mais podem melhorar' },
  },
] as const;

const LONG = {
  es: 'Único dueño, service oficial al día, cubiertas nuevas, tapizado impecable, sin choques. '.repeat(5),
  pt: 'Único dono, revisões em dia na concessionária, pneus novos, estofamento impecável, sem batidas. '.repeat(5),
};

describe(`listing quality in the panel (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
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

  for (const v of VIEWS) {
    for (const l of LANGS) {
      test(`${v.name}, ${l.lang}: fixing a car from its hints raises its score`, async () => {
        const user = await seedPanelUser(s, { markets: [l.market], lang: l.lang, role: 'staff' });
        const ext = `QL-${l.lang}-${v.name}`;
        const put = await putCar(s, user.key, ext, { ...l.car, photos: host.urls(ext, 3), description: 'Poco uso', color: null });
        assert.equal(put.statusCode, 201, put.body);
        // A second car, complete but for its photos: the overview lists the lower one first.
        await putCar(s, user.key, `${ext}-B`, {
          ...l.car,
          photos: host.urls(`${ext}-B`, 3),
          description: LONG[l.lang],
          color: 'Gris',
          version: 'XEi',
          fuel: 'gasoline',
          transmission: 'manual',
        });
        const row = () => carByStockId(s, user.dealerId, ext);
        await until('photos in', 30_000, async () => (await row()).photos_pending === 0);
        const id = (await row()).id;
        const before = (await row()).quality_score!;

        const { ctx, page } = await signedInPage(browser, s.base, user, v.open, l.locale);
        try {
          await page.goto(`${s.base}/panel/inventory/${id}`);
          const section = page.locator('#quality');
          assert.match(await section.locator('h2').innerText(), new RegExp(`${l.w.title}\\s+${before}`));
          const descHint = section.locator('li', { has: page.locator(`a[href$="#c-description"]`) });
          const gain = Number((await descHint.locator('strong').innerText()).replace(/\D/g, ''));
          assert.ok(gain > 0);
          assert.ok((await section.locator('a[href^="#photo-"]').count()) > 0, 'photo hints link to their photo');
          await check(page, `car page ${v.name} ${l.lang}`);
          await screenshot(page, `quality-car-${l.lang}-${v.name}`);

          // Follow the hint: the edit form, at the description.
          await descHint.locator('a', { hasText: l.w.fix }).click();
          await page.waitForURL(/\/edit#c-description$/);
          await page.locator('#c-description').fill(LONG[l.lang]);
          await page.locator('form.car-form button[type=submit]').click();
          await page.waitForURL(/done=saved/);
          const after = (await row()).quality_score!;
          assert.equal(after, before + gain, 'the score rose by the hint’s points');
          await page.goto(`${s.base}/panel/inventory/${id}`);
          assert.match(await page.locator('#quality h2').innerText(), new RegExp(`${after}`));
          assert.equal(await page.locator('#quality a[href$="#c-description"]').count(), 0, 'the description’s hint is gone');

          // The inventory, lowest score first; the overview's cars to improve.
          await page.goto(`${s.base}/panel/inventory`);
          await page.locator('p.sort-order a', { hasText: l.w.sort }).click();
          await page.waitForURL(/sort=quality/);
          const firstTwo = await page.locator('tbody tr a.row-link').allInnerTexts();
          assert.deepEqual(firstTwo.slice(0, 2), [ext, `${ext}-B`]);
          await check(page, `inventory by quality ${v.name} ${l.lang}`);
          await screenshot(page, `quality-inventory-${l.lang}-${v.name}`);
          await page.goto(`${s.base}/panel`);
          const improve = page.locator('section[aria-labelledby="improve-title"]');
          assert.equal(await improve.locator('h2').innerText(), l.w.improve);
          assert.match(await improve.locator('li').first().innerText(), new RegExp(ext));
          await check(page, `overview ${v.name} ${l.lang}`);
          await screenshot(page, `quality-overview-${l.lang}-${v.name}`);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
