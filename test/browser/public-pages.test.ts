// The buyers' pages in a real browser (D36, P85–P88): the car page (for sale and sold), the
// storefront and the thank-you page after an inquiry, in Spanish and Portuguese, at 375 and
// 1280 px: screenshots in docs/public/, no sideways scrolling, and axe-core finds no serious or
// critical violation. The dealerships have their whole profile (D32), logo included (P132): the
// car page's card, the sold page's and the storefront show it, loaded and with its size given. Also the bytes a
// phone downloads for the car page's first screen, with the photos as they were before P88
// (one 1280 px JPEG each) and as they are now (<picture>: the width the screen needs, WebP).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, skipBrowser, type LiveServer } from '../support/browser.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { until } from '../support/until.js';
import { BigPhotoHost } from '../support/big-photos.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { setDealerLogo } from '../../src/modules/dealers/logo.js';

/** A logo as a designer sends it: a PNG with a transparent corner, wider than tall. */
const logoPng = (letters: string, fill: string): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><rect x="8" y="8" width="464" height="224" rx="40" fill="${fill}"/><circle cx="120" cy="120" r="70" fill="#f5b400"/><text x="220" y="150" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="90" fill="#fff">${letters}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** English words that must not show on a Spanish or Portuguese page. */
const ENGLISH = ['Sold by', 'Opening hours', 'Website', 'See it on the map', 'Logo of', 'Call ', 'undefined'];

/** Pictures and figures are written only when asked (npm run screenshots): a test run never changes tracked files. */
const SHOTS = process.env.PANEL_SCREENSHOTS ? path.resolve('docs/public') : undefined;

const phone = (b: Browser, locale: string) =>
  b.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale, bypassCSP: true });
const desktop = (b: Browser, locale: string) => b.newContext({ viewport: { width: 1280, height: 860 }, locale, bypassCSP: true });

/** axe-core's serious and critical violations on the page. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate<{ id: string; impact: string | null; help: string; targets: string[] }[]>(
    `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => String(n.target)) })))`,
  );
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(', ')}`);
}

/** Bytes transferred (headers and bodies, as sent) while the page loads, until the network is quiet. */
async function firstScreenBytes(ctx: BrowserContext, url: string): Promise<{ total: number; images: number; count: number }> {
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map<string, string>();
  let total = 0;
  let images = 0;
  let count = 0;
  cdp.on('Network.responseReceived', (e: { requestId: string; type: string }) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    total += e.encodedDataLength;
    count++;
    if (types.get(e.requestId) === 'Image') images += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.close();
  return { total, images, count };
}

/**
 * Does `act` and waits until the page has handled the `fullscreenchange` it causes. The browser
 * changes `document.fullscreenElement` in one task and fires the event (where the gallery sets its
 * button's label) at the next animation frame: a wait on the element alone can read the label
 * in between, before the page has had its turn. A listener added now runs after the page's.
 */
async function fullScreenChange(page: Page, act: () => Promise<unknown>): Promise<void> {
  await page.evaluate(
    `window.fullScreenChanged = false; document.addEventListener('fullscreenchange', () => (window.fullScreenChanged = true), { once: true })`,
  );
  await act();
  await page.waitForFunction('window.fullScreenChanged === true', undefined, { timeout: 10_000 });
}

describe(`the buyers' pages in browsers (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const photos = new BigPhotoHost();
  const pages: Record<'es' | 'pt', { car: string; sold: string; storefront: string; name: string }> = {} as never;

  before(async () => {
    await photos.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(photos.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
    const ar = await seedDealer(s, { name: 'Autos del Sur', city: 'Córdoba', markets: ['ar'] });
    const br = await seedDealer(s, { name: 'Carros do Sul', city: 'Porto Alegre', markets: ['br'] });
    // The whole profile (D32) and a logo (P132), as an owner would give them.
    const logoDeps = { storage: s.app.services.storage, images: s.app.services.images };
    for (const [d, profile, logo] of [
      [
        ar,
        {
          phone: '351 444-2222',
          whatsapp: '351 555 0101',
          address: 'Av. Colón 1234, Córdoba',
          website: 'autosdelsur.com.ar',
          opening_hours: 'Lun a vie de 9 a 18, sáb de 9 a 13',
        },
        await logoPng('AS', '#0b3d91'),
      ],
      [
        br,
        {
          phone: '(51) 3444-2222',
          whatsapp: '51 99123 4567',
          address: 'Av. Ipiranga 1000, Porto Alegre',
          website: 'carrosdosul.com.br',
          opening_hours: 'Seg a sex das 9 às 18',
        },
        await logoPng('CS', '#0d6b35'),
      ],
    ] as const) {
      const row = await s.store.db.selectFrom('dealers').selectAll().where('slug', '=', d.slug).executeTakeFirstOrThrow();
      await updateProfile(s.store.db, { id: row.id, markets: JSON.parse(row.markets) as string[] }, profile);
      await setDealerLogo(s.store.db, logoDeps, row.id, logo);
    }
    // The car pages' cars (the gallery, the bytes a phone downloads) have four photos of a
    // camera's size; the others, seen in the storefront's list and on a sold page, three smaller.
    const put = async (key: string, id: string, over: Record<string, unknown>) => {
      const featured = id.endsWith('-1');
      const res = await s.app.inject({
        method: 'PUT',
        url: `/v1/vehicles/${id}`,
        headers: bearer(key),
        payload: aCar({ photos: featured ? photos.urls(id, 4) : photos.urls(id, 3, 'small'), ...over }),
      });
      assert.ok(res.statusCode < 300, res.body);
      return res.json().vehicle.url as string;
    };
    const details = {
      fuel: 'gasoline',
      transmission: 'manual',
      color: 'Gris',
      city: 'Córdoba',
      description: 'Único dueño. Service oficial al día.\nCubiertas nuevas.',
    };
    const arCar = await put(ar.key, 'AR-1', {
      brand: 'Volkswagen',
      model: 'Gol',
      version: 'Trend 1.6',
      year: 2019,
      price: 9_800_000,
      mileage: 62_000,
      ...details,
    });
    const arSold = await put(ar.key, 'AR-2', { brand: 'Fiat', model: 'Cronos', year: 2021, price: 14_500_000, mileage: 30_000, ...details });
    await put(ar.key, 'AR-3', { brand: 'Toyota', model: 'Corolla', year: 2020, price: 21_000_000, mileage: 41_000, ...details });
    const brDetails = { fuel: 'flex', transmission: 'automatic', color: 'Prata', city: 'Porto Alegre', description: 'Único dono. Revisões na concessionária.' };
    const brCar = await put(br.key, 'BR-1', {
      brand: 'Chevrolet',
      model: 'Onix',
      version: 'LT 1.0 Turbo',
      year: 2021,
      price: 78_900,
      mileage: 35_000,
      ...brDetails,
    });
    const brSold = await put(br.key, 'BR-2', { brand: 'Fiat', model: 'Uno', year: 2018, price: 42_000, mileage: 70_000, ...brDetails });
    await put(br.key, 'BR-3', { brand: 'Volkswagen', model: 'Polo', year: 2022, price: 95_000, mileage: 18_000, ...brDetails });
    // 20 photo-like JPEGs, each made in every width and WebP: minutes on a loaded 2-core machine.
    await until('every car on sale', 300_000, async () => {
      const rows = await s.store.db.selectFrom('vehicles').select('status').execute();
      return rows.length === 6 && rows.every((r) => r.status === 'active');
    });
    for (const [key, id] of [
      [ar.key, 'AR-2'],
      [br.key, 'BR-2'],
    ] as const)
      assert.equal((await s.app.inject({ method: 'POST', url: `/v1/vehicles/${id}/sold`, headers: bearer(key) })).statusCode, 200);
    pages.es = { car: arCar, sold: arSold, storefront: `${s.base}/dealers/${ar.slug}`, name: 'Autos del Sur' };
    pages.pt = { car: brCar, sold: brSold, storefront: `${s.base}/dealers/${br.slug}`, name: 'Carros do Sul' };
    if (SHOTS) fs.mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser.close();
    await s.close();
    await photos.stop();
  });

  for (const lang of ['es', 'pt'] as const) {
    test(`${lang}: car page, sold car page, storefront (with the dealership's logo and profile) and thank-you page at 375 and 1280 px read well, no serious or critical axe violation`, async () => {
      const locale = lang === 'es' ? 'es-AR' : 'pt-BR';
      for (const [width, make] of [
        [375, phone],
        [1280, desktop],
      ] as const) {
        const ctx = await make(browser, locale);
        const page = await ctx.newPage();
        for (const kind of ['car', 'sold', 'storefront'] as const) {
          await page.goto(pages[lang][kind], { waitUntil: 'networkidle' });
          assert.equal(await page.locator('html').getAttribute('lang'), locale);
          assert.equal(await horizontalOverflow(page), 0, `${kind} ${width}: no sideways scrolling`);
          // Images are loaded before the picture is taken (lazy ones scrolled into view).
          await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
          await page.waitForLoadState('networkidle');
          await page.evaluate('window.scrollTo(0, 0)');
          // The dealership's logo (P132): loaded, its size given (no shift), its alt text in the page's language.
          const logo = page.locator('img.logo').first();
          assert.equal(await logo.getAttribute('alt'), `${lang === 'es' ? 'Logo' : 'Logotipo'} de ${pages[lang].name}`, `${kind} ${width}: logo`);
          assert.equal(await logo.getAttribute('width'), '256');
          assert.equal(await logo.getAttribute('height'), '128');
          // Lazy on the car page (below a phone's first screen): brought into view first.
          await logo.scrollIntoViewIfNeeded();
          await page.waitForFunction(
            (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
            await logo.elementHandle(),
            { timeout: 10_000 },
          );
          await page.evaluate('window.scrollTo(0, 0)');
          // On a phone the storefront's contact card is folded (P242): a tap opens it.
          const folded = kind === 'storefront' && width === 375;
          if (folded) {
            assert.equal(await page.locator('details.dealer-card').getAttribute('open'), null, 'storefront 375: the contact card folded');
            await page.locator('details.dealer-card > summary').click();
          }
          const text = await page.locator('body').innerText();
          if (folded) await page.locator('details.dealer-card > summary').click();
          for (const word of ENGLISH) assert.ok(!text.includes(word), `"${word}" on ${kind} ${lang} ${width}`);
          // The profile (D32): address with its map link, hours, the website, WhatsApp and phone through the redirects (D34, P133).
          assert.ok(text.includes(lang === 'es' ? 'Av. Colón 1234' : 'Av. Ipiranga 1000'), `${kind} ${width}: address`);
          assert.ok(text.includes(lang === 'es' ? 'Lun a vie de 9 a 18' : 'Seg a sex das 9 às 18'), `${kind} ${width}: hours`);
          assert.ok((await page.locator('a[href$="/contact/whatsapp"]').count()) > 0, `${kind} ${width}: WhatsApp`);
          assert.ok((await page.locator('a[href$="/contact/phone"]').count()) > 0, `${kind} ${width}: phone`);
          assert.ok(
            (await page.locator(`a[href^="https://${lang === 'es' ? 'autosdelsur.com.ar' : 'carrosdosul.com.br'}"]`).count()) > 0,
            `${kind} ${width}: website`,
          );
          if (SHOTS) {
            fs.mkdirSync(SHOTS, { recursive: true });
            await sharp(await page.screenshot({ fullPage: true }))
              .png({ palette: true, quality: 80, compressionLevel: 9 })
              .toFile(path.join(SHOTS, `${kind}-${lang}-${width}.png`));
          }
          assert.deepEqual(await axeProblems(page), [], `${kind} ${lang} ${width}`);
        }
        // The thank-you page after an inquiry (P114): what happens next, and WhatsApp offered.
        await page.goto(pages[lang].car, { waitUntil: 'networkidle' });
        await page.locator('#f-name').fill(lang === 'es' ? 'Lucía Fernández' : 'João Pereira');
        await page.locator('#f-email').fill(`buyer-${lang}-${width}@example.com`);
        await page.locator('#f-message').fill(lang === 'es' ? '¿Sigue disponible? ¿Se puede ver el sábado?' : 'Ainda está disponível? Posso ver no sábado?');
        await Promise.all([page.waitForURL(/\/thanks(\?sent=\w+)?$/), page.locator('form[action$="/inquiries"] button[type=submit]').click()]);
        await page.waitForLoadState('networkidle');
        assert.equal(await horizontalOverflow(page), 0, `thanks ${width}: no sideways scrolling`);
        const thanks = await page.locator('body').innerText();
        for (const word of ENGLISH) assert.ok(!thanks.includes(word), `"${word}" on thanks ${lang} ${width}`);
        assert.ok((await page.locator('a[href$="/contact/whatsapp"]').count()) > 0, `thanks ${width}: WhatsApp offered`);
        if (SHOTS) {
          await sharp(await page.screenshot({ fullPage: true }))
            .png({ palette: true, quality: 80, compressionLevel: 9 })
            .toFile(path.join(SHOTS, `thanks-${lang}-${width}.png`));
        }
        assert.deepEqual(await axeProblems(page), [], `thanks ${lang} ${width}`);
        await ctx.close();
      }
    });
  }

  test('the gallery (P145): arrows that wrap, links that scroll the strip in place, full screen, thumbnails from 52rem only, and all of it without a script but the arrows', async () => {
    const url = pages.es.car;
    const at = (page: Page) =>
      page.evaluate<number>(`(() => { const s = document.querySelector('.gallery'); return Math.round(s.scrollLeft / s.children[0].offsetWidth); })()`);
    const settled = async (page: Page, photo: number) => {
      await page.waitForFunction(
        `(() => { const s = document.querySelector('.gallery'); const li = document.getElementById('photo-${photo}'); return Math.abs(s.scrollLeft - (li.offsetLeft - s.offsetLeft)) < 2; })()`,
        undefined,
        { timeout: 10_000 },
      );
    };
    // A phone: the page's font is the system's sans-serif (the style was once dropped whole, P145).
    const ctx = await phone(browser, 'es-AR');
    const page = await ctx.newPage();
    const thumbFetches: string[] = [];
    page.on('request', (r) => {
      if (/\/w480\./.test(r.url())) thumbFetches.push(r.url());
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    assert.match(await page.evaluate<string>('getComputedStyle(document.body).fontFamily'), /^system-ui/);
    assert.deepEqual(thumbFetches, [], 'a phone fetches no thumbnail');
    const next = page.getByRole('button', { name: 'Foto siguiente' });
    const prev = page.getByRole('button', { name: 'Foto anterior' });
    assert.ok(await next.isVisible());
    await next.click();
    await settled(page, 2);
    assert.equal(await at(page), 1);
    await prev.click();
    await settled(page, 1);
    await prev.click(); // wraps to the last
    await settled(page, 4);
    await next.click(); // and back to the first
    await settled(page, 1);
    // A numbered link scrolls the strip, not the page.
    const y = await page.evaluate<number>('window.scrollY');
    await page.locator('.thumbs a').nth(2).click();
    await settled(page, 3);
    assert.equal(await page.evaluate<number>('window.scrollY'), y);
    // A photo opens the gallery full screen, on that photo; the button (or Esc) leaves it.
    await fullScreenChange(page, () => page.locator('.zoom').nth(2).click());
    assert.equal(await page.evaluate<boolean>(`document.fullscreenElement !== null && document.fullscreenElement.matches('[data-gallery]')`), true);
    await settled(page, 3);
    const full = page.locator('.gal .full');
    assert.equal(await full.innerText(), 'Salir de pantalla completa');
    assert.equal(await full.getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('.gallery img').first().getAttribute('sizes'), '100vw');
    assert.deepEqual(await axeProblems(page), [], 'full screen');
    if (SHOTS)
      await sharp(await page.screenshot())
        .png({ palette: true, quality: 80, compressionLevel: 9 })
        .toFile(path.join(SHOTS, 'gallery-full-screen-es-375.png'));
    await fullScreenChange(page, () => full.click());
    assert.equal(await page.evaluate<boolean>('document.fullscreenElement === null'), true);
    assert.equal(await full.innerText(), 'Pantalla completa');
    assert.notEqual(await page.locator('.gallery img').first().getAttribute('sizes'), '100vw');
    await ctx.close();

    // A desktop: the links are thumbnails, fetched and shown.
    const wide = await desktop(browser, 'es-AR');
    const dpage = await wide.newPage();
    await dpage.goto(url, { waitUntil: 'networkidle' });
    const thumbs = dpage.locator('.thumbs img');
    assert.equal(await thumbs.count(), 4);
    for (let i = 0; i < 4; i++) {
      await dpage.waitForFunction((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0, await thumbs.nth(i).elementHandle(), {
        timeout: 10_000,
      });
      assert.ok(await thumbs.nth(i).isVisible());
    }
    await dpage.locator('.thumbs a').nth(1).click();
    await settled(dpage, 2);
    await wide.close();

    // Without a script: no arrows or full-screen button; a photo links to its largest copy.
    const plain = await browser.newContext({ viewport: { width: 375, height: 740 }, javaScriptEnabled: false, locale: 'es-AR' });
    const ppage = await plain.newPage();
    await ppage.goto(url, { waitUntil: 'networkidle' });
    assert.equal(await ppage.locator('.arrow').first().isVisible(), false);
    assert.equal(await ppage.locator('.gal .full').isVisible(), false);
    assert.match((await ppage.locator('.zoom').first().getAttribute('href'))!, /\/display\.jpg$/);
    await ppage.locator('.thumbs a').nth(1).click();
    await ppage.waitForURL(/#photo-2$/);
    await plain.close();
  });

  test("bytes a 375 px phone downloads for the car page's first screen: before P88 (1280 px JPEGs) and now", async () => {
    const url = pages.es.car;
    const id = url.split('/').pop()!;
    const ctx = await phone(browser, 'es-AR');
    const after88 = await firstScreenBytes(ctx, url);
    // The same car as a photo made before P88 is stored: its display copy only (no widths).
    const row = await s.store.db.selectFrom('vehicles').select(['shown_photos', 'revision']).where('listing_id', '=', id).executeTakeFirstOrThrow();
    const old = (JSON.parse(row.shown_photos) as { file_id: string; ext: string }[]).map((p) => ({ file_id: p.file_id, ext: p.ext }));
    await s.store.db
      .updateTable('vehicles')
      .set({ shown_photos: JSON.stringify(old), revision: row.revision + 1 })
      .where('listing_id', '=', id)
      .execute();
    const before88 = await firstScreenBytes(ctx, url);
    await s.store.db
      .updateTable('vehicles')
      .set({ shown_photos: row.shown_photos, revision: row.revision + 2 })
      .where('listing_id', '=', id)
      .execute();
    await ctx.close();
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const line = `first screen on a 375 px phone (DPR 2): before ${kb(before88.total)} (images ${kb(before88.images)}, ${before88.count} requests); after ${kb(after88.total)} (images ${kb(after88.images)}, ${after88.count} requests)`;
    console.log(line);
    if (SHOTS) fs.writeFileSync(path.join(SHOTS, 'first-screen-bytes.txt'), `${line}\n`);
    assert.ok(after88.images < before88.images * 0.7, line);
  });

  test("an unknown car (P199): a 404 in the browser's language, with cars for sale of its market that lead on, at 375 and 1280 px", async () => {
    for (const lang of ['es', 'pt'] as const) {
      const locale = lang === 'es' ? 'es-AR' : 'pt-BR';
      for (const [width, make] of [
        [375, phone],
        [1280, desktop],
      ] as const) {
        const ctx = await make(browser, locale);
        const page = await ctx.newPage();
        const res = await page.goto(`${s.base}/listings/ZZZZZZZZZZ`, { waitUntil: 'networkidle' });
        assert.equal(res?.status(), 404);
        assert.equal(await page.locator('html').getAttribute('lang'), locale);
        assert.equal(await page.locator('h1').innerText(), lang === 'es' ? 'No encontramos este auto' : 'Não encontramos este carro');
        const text = await page.locator('body').innerText();
        for (const word of [...ENGLISH, 'Listing', 'not found']) assert.ok(!text.includes(word), `"${word}" on not-found ${lang} ${width}`);
        assert.equal(await horizontalOverflow(page), 0, `not-found ${width}: no sideways scrolling`);
        await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
        await page.waitForLoadState('networkidle');
        await page.evaluate('window.scrollTo(0, 0)');
        if (SHOTS)
          await sharp(await page.screenshot({ fullPage: true }))
            .png({ palette: true, quality: 80, compressionLevel: 9 })
            .toFile(path.join(SHOTS, `not-found-${lang}-${width}.png`));
        assert.deepEqual(await axeProblems(page), [], `not-found ${lang} ${width}`);
        // The way forward: a car of the visitor's market, whose page opens.
        const cards = page.locator('ul.cards a');
        assert.ok((await cards.count()) > 0, `not-found ${lang} ${width}: cars offered`);
        await Promise.all([page.waitForURL(/\/listings\/[0-9A-Z]{10}$/), cards.first().click()]);
        assert.equal(await page.locator('html').getAttribute('lang'), locale);
        await ctx.close();
      }
    }
  });
});
