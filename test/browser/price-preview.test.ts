// The car form's price preview (D44, issue 40 §3, P244) in a real browser, in Spanish (ar) and
// Portuguese (br), at 375 px and 1280 px: the salesperson types a price and, before saving, the
// box under the price field changes to the label of that price (a low one "Muy buen precio" /
// "Ótimo preço", a high one "Precio alto" / "Preço alto"), with the line of why and the market
// position; nothing wider than the screen, no English, axe-core clean. Without a script the
// "Ver valoración" button sends the form back with the preview, and the car is not saved.
// Screenshots (price-preview-<lang>-<phone|desktop>.png) when PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { bearer } from '../support/dealers.js';
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { carByStockId } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    divisor: 1,
    great: 'Muy buen precio',
    high: 'Precio alto',
    button: 'Ver valoración',
    why: /debajo del precio esperado/,
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    divisor: 200,
    great: 'Ótimo preço',
    high: 'Preço alto',
    button: 'Ver avaliação',
    why: /abaixo do preço esperado/,
  },
] as const;

/** The viewport with the price field near its top, as the salesperson sees it while typing. */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PANEL_SCREENSHOTS;
  if (!dir) return;
  await page.evaluate("window.scrollTo(0, document.getElementById('c-price').getBoundingClientRect().top + window.scrollY - 80)");
  fs.mkdirSync(dir, { recursive: true });
  await sharp(await page.screenshot())
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(dir, `${name}.png`));
}

async function axeCheck(page: Page, what: string): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate<{ id: string; impact: string; nodes: unknown[] }[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes })))',
  );
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  assert.deepEqual(bad, [], what);
}

describe(`price preview on the car form in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const users = new Map<string, SeededUser>();
  const expected = new Map<string, number>();

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    for (const l of LANGS) {
      const user = await seedPanelUser(s, { markets: [l.market], role: 'staff' });
      users.set(l.lang, user);
      const cars = Array.from({ length: 16 }, (_, i) => {
        const year = 2019 + (i % 3);
        const mileage = 20_000 + i * 11_000;
        return {
          external_id: `${l.lang}-${i}`,
          brand: 'Chevrolet',
          model: 'Onix',
          year,
          mileage,
          price: Math.round(priceOf(year, mileage) / l.divisor),
          photos: host.urls(`${l.lang}-${i}`, 3),
        };
      });
      const res = await s.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(user.key), payload: { vehicles: cars } });
      assert.equal(res.statusCode, 200, res.body);
      // 90 s: three store files run at once in the suite, each importing photos.
      await until('the family rated', 90_000, async () => (await carByStockId(s, user.dealerId, `${l.lang}-0`)).price_expected_cents !== null);
      expected.set(l.lang, Number((await carByStockId(s, user.dealerId, `${l.lang}-0`)).price_expected_cents));
    }
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang} at ${v.width} px: typing a price changes the label before saving`, async () => {
        const user = users.get(l.lang)!;
        const row = await carByStockId(s, user.dealerId, `${l.lang}-0`);
        const typed = (f: number) => new Intl.NumberFormat(l.locale).format(Math.round((expected.get(l.lang)! * f) / 100));
        const { ctx, page } = await signedInPage(browser, s.base, user, v.open, l.locale);
        try {
          await page.goto(`${s.base}/panel/inventory/${row.id}/edit`);
          const box = page.locator('#price-preview');
          const price = page.locator('#c-price');
          await price.fill(typed(0.8));
          await until('the low price rated', 10_000, async () => (await box.innerText()).includes(l.great));
          const low = await box.innerText();
          assert.match(low, l.why);
          assert.ok(low.includes(typed(0.8)), low);
          for (const w of ['price', 'great', 'undefined', 'NaN']) assert.ok(!low.includes(w), `"${w}" in the box`);
          assert.equal(await horizontalOverflow(page), 0, 'fits the width');
          // The box sits right under the price field: both seen at once, on a phone too.
          const [input, preview] = [await price.boundingBox(), await box.boundingBox()];
          assert.ok(input && preview && preview.y > input.y && preview.y - (input.y + input.height) < 200, 'under the field');
          await axeCheck(page, `preview ${l.lang} ${v.name}`);
          await shot(page, `price-preview-${l.lang}-${v.name}`);

          await price.fill(typed(1.05));
          await until('the high price rated', 10_000, async () => (await box.innerText()).includes(l.high));
          // Typed as no price: the sentence, not an error page.
          await price.fill('abc');
          await until('the sentence', 10_000, async () => (await box.innerText()).includes(l.lang === 'es' ? 'Escriba un precio' : 'Digite um preço'));
          if (l.lang === 'es') {
            // Argentina's form offers dollars: a price in them is not rated against cars in pesos.
            await price.fill(typed(0.8));
            await page.locator('#c-currency').selectOption('USD');
            await until('the currency sentence', 10_000, async () => (await box.innerText()).includes('compara precios en ARS'));
          }
          assert.equal((await carByStockId(s, user.dealerId, `${l.lang}-0`)).price_cents, row.price_cents, 'nothing saved');
        } finally {
          await ctx.close();
        }
      });
    }

    test(`${l.lang} without a script: "${l.button}" shows the preview and saves nothing`, async () => {
      const user = users.get(l.lang)!;
      const row = await carByStockId(s, user.dealerId, `${l.lang}-0`);
      const typed = new Intl.NumberFormat(l.locale).format(Math.round((expected.get(l.lang)! * 1.05) / 100));
      const ctx = await browser.newContext({
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        locale: l.locale,
        javaScriptEnabled: false,
      });
      try {
        const page = await ctx.newPage();
        await page.goto(`${s.base}/panel/sign-in`);
        await page.locator('#email').fill(user.email);
        await page.locator('#password').fill(user.password);
        await page.locator('form[action="/panel/sign-in"] button[type=submit]').click();
        await page.waitForURL(`${s.base}/panel`);
        await page.goto(`${s.base}/panel/inventory/${row.id}/edit`);
        await page.locator('#c-price').fill(typed);
        await page.getByRole('button', { name: l.button }).click();
        await page.waitForLoadState('load');
        assert.match(await page.locator('#price-preview').innerText(), new RegExp(l.high));
        assert.equal(await page.locator('#c-price').inputValue(), typed, 'the price typed kept');
        assert.equal(await horizontalOverflow(page), 0);
        assert.deepEqual(await carByStockId(s, user.dealerId, `${l.lang}-0`), row, 'the car untouched');
      } finally {
        await ctx.close();
      }
    });
  }
});
