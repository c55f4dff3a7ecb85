// The statistics page's cars by distance from their expected price and a car's comparables (D44,
// issue 40 §3, P253, P254) in a real browser, in Spanish (ar) and Portuguese (br), at 375 px and
// 1280 px: the list shows the car farthest from its expected price first with its label in the
// reader's language; one tap opens its comparables (other dealerships' cars for sale with price,
// year, mileage, days), and a comparable's link opens the buyers' page of that car. Nothing wider
// than the screen, no English or raw code, axe-core clean (test/support/axe.ts). One server and
// one browser for the four views. Screenshots (stats-price-gap-…, price-comparables-…) when
// PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);
const FOREIGN = ['undefined', 'null', 'NaN', 'overpriced', 'great', 'Expected price', 'Difference', 'Days for sale', 'yours', 'stats.gap'];

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    divisor: 1,
    w: { title: 'Precio frente al esperado', over: 'Muy por encima del mercado', above: 'arriba', see: /^Ver \d+ comparables$/, yours: 'suyo', km: 'km' },
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    divisor: 200,
    w: { title: 'Preço frente ao esperado', over: 'Bem acima do mercado', above: 'acima', see: /^Ver \d+ comparáveis$/, yours: 'seu', km: 'km' },
  },
] as const;

/** The section alone, as a salesperson scrolls to it (the whole statistics page is long). */
async function sectionShot(section: Locator, name: string): Promise<void> {
  const dir = process.env.PANEL_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await sharp(await section.screenshot())
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(dir, `${name}.png`));
}

async function noForeign(page: Page, what: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const word of FOREIGN) assert.ok(!new RegExp(`\\b${word.replace('.', '\\.')}\\b`).test(text), `"${word}" on ${what}`);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
}

describe(`cars by distance from their expected price in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const users = new Map<string, SeededUser>();

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    for (const l of LANGS) {
      const user = await seedPanelUser(s, { markets: [l.market] });
      const other = await seedDealer(s, { markets: [l.market] });
      users.set(l.lang, user);
      // 18 Onix 2019–2021 in all: 6 of the dealership's (the first 25 % over its price, the second 15 % under), 12 of another.
      const cars = Array.from({ length: 18 }, (_, i) => {
        const year = 2019 + (i % 3);
        const mileage = 20_000 + i * 9_000;
        const off = i === 0 ? 1.25 : i === 1 ? 0.85 : 1;
        return {
          external_id: `${l.lang}-${i}`,
          brand: 'Chevrolet',
          model: 'Onix',
          version: i % 2 ? '1.0 LT' : '1.2 LS',
          year,
          mileage,
          price: Math.round((priceOf(year, mileage) * off) / l.divisor),
          photos: host.urls(`${l.lang}-${i}`, 3),
        };
      });
      for (const [key, part] of [
        [user.key, cars.slice(0, 6)],
        [other.key, cars.slice(6)],
      ] as const) {
        const res = await s.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: { vehicles: part } });
        assert.equal(res.statusCode, 200, res.body);
      }
      // Photos imported and the family rated by the server's own worker.
      await until('the family rated', 60_000, async () => {
        const n = await s.store.db
          .selectFrom('vehicles')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('market', '=', l.market)
          .where('price_expected_cents', 'is not', null)
          .executeTakeFirstOrThrow();
        return Number(n.n) === 18;
      });
    }
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang} at ${v.width} px: the list, a car's comparables, a comparable's page`, async () => {
        const { ctx, page } = await signedInPage(browser, s.base, users.get(l.lang)!, v.open, l.locale);
        try {
          await page.goto(`${s.base}/panel/stats`);
          const section = page.locator('#price-gap');
          await section.getByRole('heading', { name: l.w.title }).waitFor();
          const rows = section.locator('tbody tr');
          assert.equal(await rows.count(), 6, 'the dealership’s six cars, no other');
          // The one 25 % over first, with its label; the one 15 % under second.
          const first = rows.first();
          assert.ok((await first.innerText()).includes(`${l.lang}-0`));
          assert.equal(await first.locator('[data-label="overpriced"]').innerText(), l.w.over);
          assert.ok((await first.locator('[data-gap]').innerText()).includes(l.w.above));
          assert.ok((await rows.nth(1).innerText()).includes(`${l.lang}-1`));
          if (v.name === 'phone') assert.ok(await first.locator('td').nth(2).isVisible(), 'the row stacked, every cell shown');
          await noForeign(page, `${l.lang} ${v.name} list`);
          await checkPage(page, `price gap ${l.lang} ${v.width}`);
          await section.scrollIntoViewIfNeeded();
          await sectionShot(section, `stats-price-gap-${l.lang}-${v.name}`);

          // One tap: the first car's comparables.
          const link = first.locator('[data-comparables]');
          assert.match(await link.innerText(), l.w.see);
          await link.click();
          await page.waitForURL(/\/panel\/stats\/prices\/\d+$/);
          const table = page.locator('#comparables tbody tr');
          assert.equal(await table.count(), 17, 'the other 17 cars of the family');
          // Both dealerships' cars: the own ones marked.
          assert.equal(await page.locator('#comparables tbody .badge').count(), 5);
          assert.equal((await page.locator('#comparables tbody .badge').first().innerText()).trim(), l.w.yours);
          const cells = await table.first().locator('td').allInnerTexts();
          assert.ok(cells[3]!.includes(l.w.km), cells.join(' | '));
          assert.match(cells[2]!, /^20(19|20|21)$/);
          await noForeign(page, `${l.lang} ${v.name} comparables`);
          await checkPage(page, `comparables ${l.lang} ${v.width}`);
          await screenshot(page, `price-comparables-${l.lang}-${v.name}`);

          // A comparable of the other dealership: its buyers' page.
          const theirs = page
            .locator('#comparables tbody tr')
            .filter({ hasNot: page.locator('.badge') })
            .first()
            .locator('a');
          const title = (await theirs.innerText()).trim();
          const href = (await theirs.getAttribute('href'))!;
          assert.match(href, /\/listings\/[^/]+$/);
          const [response] = await Promise.all([page.waitForResponse((r) => r.url() === href), theirs.click()]);
          assert.equal(response.status(), 200);
          await page.waitForURL(href);
          assert.ok((await page.locator('h1').innerText()).includes('Onix'), title);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
