// The storefront as a buyer uses it (issue 40 §2, P242, P243) in a real browser, in Spanish (ar)
// and Portuguese (br): on a 375 × 667 phone the first car is on the first screen (the contact
// card and the filters folded), at 1280 px both stand open; sorting by price and filtering by
// the price rating work by clicking, the choices kept in the address. No English, nothing wider
// than the screen. Screenshots go to docs/public/ when asked (npm run screenshots:
// storefront-*-<lang>-<width>.png).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, skipBrowser, type LiveServer } from '../support/browser.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { setDealerLogo } from '../../src/modules/dealers/logo.js';

/** A logo as a designer sends it (wider than tall): with the name beside it, the head takes three lines on a phone. */
const logoPng = (letters: string, fill: string): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><rect x="8" y="8" width="464" height="224" rx="40" fill="${fill}"/><circle cx="120" cy="120" r="70" fill="#f5b400"/><text x="220" y="150" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="90" fill="#fff">${letters}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Pictures are written only when asked (npm run screenshots): a test run never changes tracked files. */
const SHOTS = process.env.PANEL_SCREENSHOTS ? path.resolve('docs/public') : undefined;
const priceOf = (year: number, km: number, base: number) => Math.round(base * 0.9 ** (2025 - year) * ((1 + km) / 60_001) ** -0.2);

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    base: 20_000_000,
    profile: {
      phone: '351 444-2222',
      whatsapp: '351 555 0101',
      address: 'Av. Colón 1234, Córdoba',
      website: 'autosdelsur.com.ar',
      opening_hours: 'Lun a vie de 9 a 18, sáb de 9 a 13',
    },
    name: 'Autos del Sur',
    contact: 'Contacto',
    filters: 'Filtrar y ordenar',
    submit: 'Ver autos',
    good: ['Muy buen precio', 'Buen precio'],
    english: ['Filter and sort', 'Lowest price', 'Good price', 'Sort by', 'undefined', 'NaN'],
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    base: 90_000,
    profile: {
      phone: '(51) 3444-2222',
      whatsapp: '51 99123 4567',
      address: 'Av. Ipiranga 1000, Porto Alegre',
      website: 'carrosdosul.com.br',
      opening_hours: 'Seg a sex das 9 às 18',
    },
    name: 'Carros do Sul',
    contact: 'Contato',
    filters: 'Filtrar e ordenar',
    submit: 'Ver carros',
    good: ['Ótimo preço', 'Bom preço'],
    english: ['Filter and sort', 'Lowest price', 'Good price', 'Sort by', 'undefined', 'NaN'],
  },
] as const;

/** A card's price as a number (its digits: both markets write whole units here). */
const cardPrices = async (page: Page): Promise<number[]> => (await page.locator('.card-price').allInnerTexts()).map((p) => Number(p.replace(/\D/g, '')));

describe(`storefront by price and price rating in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const stores = new Map<string, { url: string; goodOrBetter: number; total: number }>();

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    for (const l of LANGS) {
      const d = await seedDealer(s, { name: l.name, city: l.market === 'ar' ? 'Córdoba' : 'Porto Alegre', markets: [l.market] });
      const row = await s.store.db.selectFrom('dealers').selectAll().where('slug', '=', d.slug).executeTakeFirstOrThrow();
      await updateProfile(s.store.db, { id: row.id, markets: JSON.parse(row.markets) as string[] }, l.profile);
      await setDealerLogo(
        s.store.db,
        { storage: s.app.services.storage, images: s.app.services.images },
        row.id,
        await logoPng(l.lang === 'es' ? 'AS' : 'CS', '#0b3d91'),
      );
      // A rated family on the market's curve, two bargains and a dear one, and a car too rare to rate.
      const off = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0.82, 0.94, 1.25];
      const vehicles: Record<string, unknown>[] = off.map((f, i) => {
        const year = 2019 + (i % 4);
        const mileage = 18_000 + i * 9_000;
        return {
          external_id: `${l.lang}-${i}`,
          brand: 'Chevrolet',
          model: 'Onix',
          version: 'LT 1.0',
          year,
          mileage,
          price: Math.round(priceOf(year, mileage, l.base) * f),
          photos: host.urls(`${l.lang}-${i}`, 3),
        };
      });
      vehicles.push({
        external_id: `${l.lang}-rare`,
        brand: 'Ford',
        model: 'Ranger',
        year: 2020,
        mileage: 70_000,
        price: Math.round(l.base * 1.4),
        photos: host.urls(`${l.lang}-rare`, 3),
      });
      const res = await s.app.inject({ method: 'POST', url: '/v1/vehicles/sync', headers: bearer(d.key), payload: { vehicles } });
      assert.equal(res.statusCode, 200, res.body);
      const ids = vehicles.map((v) => String(v.external_id));
      // Polled in the store (the API's limit is 120 calls a minute); 120 s: photos on a loaded machine.
      await until('every car for sale and the family rated', 120_000, async () => {
        const rows = await s.store.db.selectFrom('vehicles').select(['status', 'price_expected_cents', 'model']).where('external_id', 'in', ids).execute();
        return rows.length === ids.length && rows.every((r) => r.status === 'active' && (r.model !== 'Onix' || r.price_expected_cents !== null));
      });
      let goodOrBetter = 0;
      for (const id of ids) {
        const r = await s.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(d.key) });
        const label = r.json().vehicle.price_rating?.label as string | undefined;
        if (label === 'great' || label === 'good') goodOrBetter++;
      }
      assert.ok(goodOrBetter >= 2, `${l.lang}: the bargains are rated so`);
      stores.set(l.lang, { url: `${s.base}/dealers/${d.slug}`, goodOrBetter, total: ids.length });
    }
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const width of [375, 1280] as const) {
      test(`${l.lang} at ${width} px: the first screen, then sort by price and filter by rating by clicking`, async () => {
        const phone = width === 375;
        const height = phone ? 667 : 860;
        const ctx = await browser.newContext({
          viewport: { width, height },
          ...(phone ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}),
          locale: l.locale,
        });
        try {
          const page = await ctx.newPage();
          const store = stores.get(l.lang)!;
          const res = await page.goto(store.url, { waitUntil: 'networkidle' });
          assert.equal(res?.status(), 200);
          assert.equal(await page.locator('html').getAttribute('lang'), l.locale);
          assert.equal(await horizontalOverflow(page), 0, 'no sideways scrolling');
          const address = page.getByText(l.profile.address);
          const sort = page.locator('#f-sort');
          const firstCard = page.locator('.card').first();
          const card = (await firstCard.boundingBox())!;
          const price = (await firstCard.locator('.card-price').boundingBox())!;
          if (phone) {
            // The first car on the first screen: its photo and, under it, its title and price.
            assert.ok(price.y + price.height <= height, `first car's price at ${Math.round(price.y + price.height)} px, screen ${height} px`);
            assert.ok(card.y < height / 2, `first card starts at ${Math.round(card.y)} px`);
            assert.equal(await address.isVisible(), false, 'the contact card folded');
            assert.equal(await sort.isVisible(), false, 'the filters folded');
            if (SHOTS) await shot(page, `storefront-first-screen-${l.lang}-375.png`, false);
            // The contact card opens on a tap, and its buttons are there.
            await page.getByText(l.contact, { exact: true }).click();
            assert.equal(await address.isVisible(), true, 'the address shown on a tap');
            assert.equal(await page.locator('a.btn.wa').isVisible(), true, 'the WhatsApp button shown on a tap');
            await page.getByText(l.contact, { exact: true }).click();
            await page.getByText(l.filters, { exact: true }).click();
          } else {
            // Open as cards on a wide screen, with no tap.
            assert.equal(await address.isVisible(), true, 'the contact card open');
            assert.equal(await sort.isVisible(), true, 'the filters open');
            assert.ok(card.y < height, 'the first car starts on the first screen');
          }
          const body = await page.locator('body').innerText();
          for (const w of l.english) assert.ok(!body.includes(w), `"${w}" on the page`);
          // Lowest price first, by clicking.
          await sort.selectOption('price_asc');
          if (SHOTS && phone) await shot(page, `storefront-filters-${l.lang}-375.png`, false);
          await Promise.all([page.waitForURL(/sort=price_asc/), page.getByRole('button', { name: l.submit }).click()]);
          const up = await cardPrices(page);
          assert.equal(up.length, store.total);
          assert.deepEqual(
            up,
            [...up].sort((a, b) => a - b),
            'lowest price first',
          );
          // Highest first.
          if (phone) await page.getByText(l.filters, { exact: true }).click();
          await page.locator('#f-sort').selectOption('price_desc');
          await Promise.all([page.waitForURL(/sort=price_desc/), page.getByRole('button', { name: l.submit }).click()]);
          const down = await cardPrices(page);
          assert.deepEqual(
            down,
            [...down].sort((a, b) => b - a),
            'highest price first',
          );
          // "Good price or better", the order kept.
          if (phone) await page.getByText(l.filters, { exact: true }).click();
          await page.locator('#f-rating').selectOption('good');
          await Promise.all([page.waitForURL(/rating=good/), page.getByRole('button', { name: l.submit }).click()]);
          assert.match(page.url(), /sort=price_desc/, 'the order kept in the address');
          const labels = await page.locator('.card-rating').allInnerTexts();
          assert.equal(await page.locator('.card').count(), store.goodOrBetter);
          assert.equal(labels.length, store.goodOrBetter, 'every car shown is rated');
          for (const t of labels) assert.ok((l.good as readonly string[]).includes(t.trim()), t);
          const kept = await cardPrices(page);
          assert.deepEqual(
            kept,
            [...kept].sort((a, b) => b - a),
          );
          assert.equal(await page.locator('#f-rating').inputValue(), 'good', 'the form shows the filter');
          assert.equal(await horizontalOverflow(page), 0);
          if (phone) {
            // Filtered, the cars still come first; the folded box says a filter is on.
            const p = (await page.locator('.card-price').first().boundingBox())!;
            assert.ok(p.y + p.height <= height, `filtered, the first car's price at ${Math.round(p.y + p.height)} px`);
            assert.match((await page.locator('details.fold:not(.dealer-card) summary').textContent()) ?? '', /1 filtro ativo|1 filtro activo/);
          }
          if (SHOTS) await shot(page, `storefront-price-${l.lang}-${width}.png`, !phone);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});

async function shot(page: Page, name: string, fullPage: boolean): Promise<void> {
  fs.mkdirSync(SHOTS!, { recursive: true });
  // Lazy photos loaded before the picture is taken.
  if (fullPage) {
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.waitForLoadState('networkidle');
    await page.evaluate('window.scrollTo(0, 0)');
  }
  await sharp(await page.screenshot({ fullPage }))
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(SHOTS!, name));
}
