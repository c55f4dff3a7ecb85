// Cars made and fixed in the panel (D33), in a browser at 375 and 1280 px, in Spanish and
// Portuguese: a car published with three photos uploaded as files goes active (the live
// server's job worker), is edited (price, photo order), marked sold and put back for sale; a
// car from an API sync is edited and then overwritten by the next sync. axe-core runs on every
// page visited (no serious or critical violation; counts printed); screenshots of both widths
// when PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { aCar } from '../support/cars.js';
import { seedPanelUser } from '../support/panel.js';
import { carById, carByStockId, photoFiles, syncCars } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function axeCheck(page: Page, what: string): Promise<void> {
  await page.evaluate(AXE);
  const found = await page.evaluate<{ id: string; impact: string; nodes: unknown[] }[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes })))',
  );
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  console.log(`axe ${what}: ${bad.length} serious or critical${bad.length ? `: ${bad.join(', ')}` : ''}`);
  assert.deepEqual(bad, [], what);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    price: '18.500.000',
    newPrice: '17.900.000',
    sold: 'Vendido',
    active: 'Publicado',
    warn: 'próxima sincronización',
  },
  { lang: 'pt', market: 'br', locale: 'pt-BR', price: '85.000', newPrice: '82.500', sold: 'Vendido', active: 'Publicado', warn: 'próxima sincronização' },
] as const;

describe(`panel cars in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  let files: { name: string; mimeType: string; buffer: Buffer }[] = [];

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    files = await photoFiles([20, 120, 220], 90);
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  const car = (id: number) => carById(s, id);

  for (const v of VIEWS) {
    for (const l of LANGS) {
      test(`${v.name}, ${l.lang}: publish with three photos, edit, sell, put back; a synced car edited then overwritten`, async () => {
        const user = await seedPanelUser(s, { markets: [l.market], lang: l.lang, role: 'staff' });
        const { ctx, page } = await signedInPage(browser, s.base, user, v.open, l.locale);
        page.on('dialog', (d) => void d.accept());
        const shot = (name: string) => screenshot(page, `car-${name}-${l.lang}-${v.name}`);
        try {
          await page.goto(`${s.base}/panel/inventory/new`);
          await axeCheck(page, `new car ${v.name} ${l.lang}`);
          await page.locator('#c-brand').fill('Toyota');
          await page.locator('#c-model').fill('Corolla');
          await page.locator('#c-year').fill('2019');
          await page.locator('#c-version').fill('XEi 1.8');
          await page.locator('#c-price').fill(l.price);
          await page.locator('#c-mileage').fill('45.000');
          await page.locator('#c-photos').setInputFiles(files);
          await shot('new');
          await page.locator('form.car-form button[type=submit]').click();
          await page.waitForURL(/\/panel\/inventory\/\d+\?done=created/);
          const id = Number(/inventory\/(\d+)/.exec(page.url())![1]);
          await until('the car active', 30_000, async () => (await car(id)).status === 'active');
          await page.reload();
          await axeCheck(page, `car ${v.name} ${l.lang}`);
          assert.match(await page.locator('h1').innerText(), /Toyota Corolla/);

          // Edit: the price and the order (the third photo first).
          await page.goto(`${s.base}/panel/inventory/${id}/edit`);
          await axeCheck(page, `edit ${v.name} ${l.lang}`);
          const before = JSON.parse((await car(id)).photo_urls) as string[];
          await page.locator('#c-price').fill(l.newPrice);
          await page.locator('#pos-0').fill('3');
          await page.locator('#pos-2').fill('1');
          await shot('edit');
          await page.locator('form.car-form button[type=submit]').click();
          await page.waitForURL(/done=saved/);
          const edited = await car(id);
          assert.deepEqual(JSON.parse(edited.photo_urls), [before[2], before[1], before[0]]);
          assert.equal(edited.price_cents, Number(l.newPrice.replaceAll('.', '')) * 100);

          // Sold, then put back for sale.
          await page.locator(`form[action="/panel/inventory/${id}/sold"] button`).click();
          await page.waitForURL(/done=sold/);
          assert.equal((await car(id)).status, 'sold');
          await axeCheck(page, `sold car ${v.name} ${l.lang}`);
          await shot('sold');
          await page.locator(`form[action="/panel/inventory/${id}/restore"] button`).click();
          await page.waitForURL(/done=restored/);
          assert.equal((await car(id)).status, 'active');

          // The inventory: mileage shown, the row a link.
          await page.goto(`${s.base}/panel/inventory`);
          await axeCheck(page, `inventory ${v.name} ${l.lang}`);
          await shot('inventory');

          // A car from a sync: the warning, the edit, then the next sync writes over it.
          const photos = [1, 2, 3].map((n) => `${host.base}/${l.lang}${v.name}/${n}.jpg`);
          const sync = () => syncCars(s, user.key, [aCar({ external_id: 'SYNC-1', price: 6_000_000, photos })], { source: 'woocommerce' });
          assert.equal((await sync()).statusCode, 200);
          const synced = await carByStockId(s, user.dealerId, 'SYNC-1');
          await page.goto(`${s.base}/panel/inventory/${synced.id}/edit`);
          assert.match(await page.locator('.notice.warn').innerText(), new RegExp(l.warn));
          await axeCheck(page, `synced edit ${v.name} ${l.lang}`);
          await shot('edit-synced');
          await page.locator('#c-price').fill('5500000');
          await page.locator('form.car-form button[type=submit]').click();
          await page.waitForURL(/done=saved/);
          assert.equal((await car(synced.id)).price_cents, 550_000_000);
          assert.equal((await sync()).statusCode, 200);
          assert.equal((await car(synced.id)).price_cents, 600_000_000);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
