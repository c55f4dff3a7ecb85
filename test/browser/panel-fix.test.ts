// Issue 26's review fixes in real browsers at 375 and 1280 px, in Spanish and Portuguese: every
// file field is the localized control (P137: a button-like label in the page's language over a
// hidden but focusable input, the chosen files named under it; Chromium's own English control
// never shows); a failed photo is replaced in place from its car's edit page (D33, P135); the
// new-car form's model list follows the brand typed (P138). axe-core on every page (zero
// serious or critical); screenshots when PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import { carByStockId, photoFiles, putCar } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';
import { feedFor } from '../feeds/support.js';

const AXE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

async function check(page: Page, what: string): Promise<void> {
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  await page.evaluate(AXE);
  const found = await page.evaluate<{ id: string; impact: string; nodes: unknown[] }[]>(
    'axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes })))',
  );
  const bad = found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.nodes.length})`);
  console.log(`axe ${what}: ${bad.length} serious or critical${bad.length ? `: ${bad.join(', ')}` : ''}`);
  assert.deepEqual(bad, [], what);
}

/** The English of Chromium's own file control, which must never show. */
const CHROMIUM_WORDS = /Choose File|No file chosen|files? selected/i;

/** A localized file control: its input hidden but focusable, its label a visible button in the page's words. */
async function assertFileControl(page: Page, id: string, label: string): Promise<void> {
  const input = page.locator(`#${id}`);
  const box = (await input.boundingBox())!;
  assert.ok(box.width <= 1 && box.height <= 1, `#${id} is visually hidden (${box.width}×${box.height})`);
  assert.equal(await page.evaluate<string>(`getComputedStyle(document.getElementById('${id}')).opacity`), '0');
  const button = page.locator(`label[for="${id}"]`);
  assert.equal((await button.innerText()).trim(), label);
  const b = (await button.boundingBox())!;
  assert.ok(b.height >= 40 && b.width >= 80, `the label is a button (${b.width}×${b.height})`);
  // Focusable: the keyboard reaches it (Tab order), and the label shows the focus.
  await input.focus();
  assert.equal(await page.evaluate(`document.activeElement && document.activeElement.id`), id);
}

const LANGS = [
  {
    lang: 'es',
    locale: 'es-AR',
    market: 'ar',
    car: {},
    w: {
      add: 'Agregar fotos',
      replace: 'Reemplazar la foto 3',
      many: '3 archivos elegidos',
      none: 'Todavía no eligió ningún archivo.',
      pick: 'Elegir el archivo',
    },
  },
  {
    lang: 'pt',
    locale: 'pt-BR',
    market: 'br',
    car: { market: 'br', currency: 'BRL', price: 45_000 },
    w: {
      add: 'Adicionar fotos',
      replace: 'Substituir a foto 3',
      many: '3 arquivos escolhidos',
      none: 'Nenhum arquivo escolhido ainda.',
      pick: 'Escolher o arquivo',
    },
  },
] as const;

describe(`panel review fixes in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const missing = http.createServer((_req, res) => res.writeHead(404).end());
  let missingBase = '';
  let files: { name: string; mimeType: string; buffer: Buffer }[] = [];

  before(async () => {
    await host.start();
    await new Promise<void>((r) => missing.listen(0, '127.0.0.1', r));
    const missingPort = (missing.address() as AddressInfo).port;
    missingBase = `http://127.0.0.1:${missingPort}`;
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(host.base).port), missingPort] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
    files = await photoFiles([30, 130, 230], 110);
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
    missing.closeAllConnections();
    await new Promise<void>((r) => missing.close(() => r()));
  });

  for (const v of VIEWS) {
    for (const l of LANGS) {
      test(`${v.name}, ${l.lang}: file controls in the page's words, a failed photo replaced, models by brand`, async () => {
        const user = await seedPanelUser(s, { markets: [l.market], lang: l.lang, role: 'staff' });
        const ext = `REP-${l.lang}-${v.name}`;
        const photos = [`${host.base}/${ext}/1.jpg`, `${host.base}/${ext}/2.jpg`, `${missingBase}/${ext}.jpg`];
        const put = await putCar(s, user.key, ext, { ...l.car, photos });
        assert.equal(put.statusCode, 201, put.body);
        const row = () => carByStockId(s, user.dealerId, ext);
        await until('photo 3 failed', 30_000, async () => (JSON.parse((await row()).photo_state) as { status: string }[])[2]?.status === 'failed');
        const id = (await row()).id;

        const { ctx, page } = await signedInPage(browser, s.base, user, v.open, l.locale);
        try {
          // A failed photo: "Reemplazar" in its place.
          await page.goto(`${s.base}/panel/inventory/${id}/edit`);
          await assertFileControl(page, 'replace-2', l.w.replace);
          await assertFileControl(page, 'c-photos', l.w.add);
          assert.doesNotMatch(await page.locator('main').innerText(), CHROMIUM_WORDS);
          await page.locator('#replace-2').setInputFiles([files[0]!]);
          assert.equal(await page.locator('#replace-2-chosen').innerText(), 'IMG_1.jpg');
          await check(page, `edit, replace ${v.name} ${l.lang}`);
          await screenshot(page, `car-edit-replace-${l.lang}-${v.name}`);
          await page.locator('form.car-form button[type=submit]').click();
          await page.waitForURL(/done=saved/);
          const urls = JSON.parse((await row()).photo_urls) as string[];
          assert.deepEqual(urls.slice(0, 2), photos.slice(0, 2));
          assert.match(urls[2]!, /^upload:[0-9a-f]{64}$/);
          await until('the car active with three photos', 30_000, async () => (await row()).status === 'active');

          // The new-car form: the models follow the brand; the photos' control names the count.
          await page.goto(`${s.base}/panel/inventory/new`);
          await assertFileControl(page, 'c-photos', l.w.add);
          const brandsOfModels = () => page.evaluate<string[]>(`[...new Set([...document.querySelectorAll('#models option')].map((o) => o.dataset.brand))]`);
          assert.ok((await brandsOfModels()).length > 10, 'every brand’s models before a brand is typed');
          await page.locator('#c-brand').fill('Volkswagen');
          assert.deepEqual(await brandsOfModels(), ['volkswagen']);
          await page.locator('#c-brand').fill('toyota');
          assert.deepEqual(await brandsOfModels(), ['toyota']);
          assert.equal(await page.locator('#c-photos-chosen').innerText(), l.w.none);
          await page.locator('#c-photos').setInputFiles(files);
          assert.equal(await page.locator('#c-photos-chosen').innerText(), l.w.many);
          assert.doesNotMatch(await page.locator('main').innerText(), CHROMIUM_WORDS);
          await check(page, `new car ${v.name} ${l.lang}`);
          await screenshot(page, `car-new-picked-${l.lang}-${v.name}`);

          // A feed's file check: the same control.
          const feed = await feedFor(s, user.slug);
          await page.goto(`${s.base}/panel/feeds/tokens/${feed.id}/mapping`);
          await assertFileControl(page, 'check-file', l.w.pick);
          await page.locator('#check-file').setInputFiles([{ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from('stock,marca\n1,Toyota\n') }]);
          assert.equal(await page.locator('#check-file-chosen').innerText(), 'stock.csv');
          assert.doesNotMatch(await page.locator('main').innerText(), CHROMIUM_WORDS);
          await check(page, `feed check ${v.name} ${l.lang}`);
          await screenshot(page, `feed-check-${l.lang}-${v.name}`);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
