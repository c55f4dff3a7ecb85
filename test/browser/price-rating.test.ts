// The price rating and the price drop on a car's public page (D44, issue 40) in a real browser, in
// Spanish (ar) and Portuguese (br), at 375 px and 1280 px: the label in the market's language
// with its one line of why (Intl money, how many cars), the drop with its date, nothing wider
// than the screen, no English. Screenshots go to docs/public/ (car-rating-<lang>-<width>.png).
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/public');
const priceOf = (year: number, km: number) => Math.round(20_000_000 * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    label: 'Buen precio',
    why: /debajo del precio esperado para su año y kilometraje, comparado con \d+ autos/,
    drop: /^Bajó \$\s?[\d.]+ el \d+ \w+/,
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    label: 'Bom preço',
    why: /abaixo do preço esperado para o ano e a quilometragem, comparado com \d+ carros/,
    drop: /^Baixou R\$\s?[\d.]+ em \d+ de \w+/,
  },
] as const;

describe(`price rating on the car page in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const urls = new Map<string, string>();

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    for (const l of LANGS) {
      const { key } = await seedDealer(s, { markets: [l.market] });
      const cars = Array.from({ length: 16 }, (_, i) => {
        const year = 2019 + (i % 3);
        const mileage = 20_000 + i * 11_000;
        return {
          external_id: `${l.lang}-${i}`,
          brand: 'Chevrolet',
          model: 'Onix',
          year,
          mileage,
          price: priceOf(year, mileage),
          photos: host.urls(`${l.lang}-${i}`, 3),
        };
      });
      const res = await s.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(key), payload: { vehicles: cars } });
      assert.equal(res.statusCode, 200, res.body);
      const get = async () => {
        const r = await s.app.inject({ url: `/v1/vehicles/${l.lang}-0`, headers: bearer(key) });
        assert.equal(r.statusCode, 200, r.body);
        return r.json().vehicle;
      };
      // Polled in the store: the API's limit is 120 calls a minute.
      const expected = async () =>
        (await s.store.db.selectFrom('vehicles').select('price_expected_cents').where('external_id', '=', `${l.lang}-0`).executeTakeFirstOrThrow())
          .price_expected_cents;
      // 90 s: three store files run at once in the suite, each importing photos.
      await until('the family rated', 90_000, async () => (await expected()) !== null);
      // The car drops its price 5 % below what its year and mileage are worth: a good price, and a drop.
      const car = cars[0]!;
      const put = await s.app.inject({
        method: 'PUT',
        url: `/v1/vehicles/${car.external_id}`,
        headers: bearer(key),
        payload: { ...car, price: Math.round(car.price * 0.95) },
      });
      assert.equal(put.statusCode, 200, put.body);
      await until('the car rated again', 30_000, async () => (await expected()) !== null);
      assert.equal((await get()).price_rating?.label, 'good');
      urls.set(l.lang, (await get()).url as string);
    }
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang} at ${v.width} px: the label, its why and the drop`, async () => {
        const ctx = await browser.newContext({
          viewport: { width: v.width, height: v.width === 375 ? 740 : 860 },
          ...(v.width === 375 ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
          locale: l.locale,
          bypassCSP: true,
        });
        try {
          const page = await ctx.newPage();
          const res = await page.goto(`${s.base}${new URL(urls.get(l.lang)!).pathname}`);
          assert.equal(res?.status(), 200);
          const rating = (await page.locator('.rating').innerText()).trim();
          assert.ok(rating.startsWith(`${l.label}:`), rating);
          assert.match(rating, l.why);
          assert.match((await page.locator('.drop').innerText()).trim(), l.drop);
          const body = await page.locator('body').innerText();
          for (const word of ['Good price', 'expected price', 'undefined', 'NaN', 'price_rating']) assert.ok(!body.includes(word), `"${word}" on the page`);
          assert.equal(await horizontalOverflow(page), 0);
          // The label and drop are on the first screen, under the price.
          const box = await page.locator('.price-notes').boundingBox();
          assert.ok(box && box.y + box.height < (v.width === 375 ? 740 : 860), 'on the first screen');
          await sharp(await page.screenshot())
            .png({ palette: true, quality: 80, compressionLevel: 9 })
            .toFile(path.join(DOCS, `car-rating-${l.lang}-${v.width}.png`));
        } finally {
          await ctx.close();
        }
      });
    }
  }
});
