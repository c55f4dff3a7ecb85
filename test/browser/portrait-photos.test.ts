// Upright photos on the buyers' pages (D43, issue 39 §2, P247): the car page's gallery and the
// storefront's card show a portrait photo whole — the same 4:3 box, the photo contained in it on
// a neutral ground, never cropped — while landscape photos still fill the box. In Spanish and
// Portuguese at 375 and 1280 px, with no sideways scrolling and no serious axe violation;
// screenshots in docs/public when PANEL_SCREENSHOTS is set.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { until } from '../support/until.js';

/** Serves a 900 × 1200 JPEG (a car and a sky band, so a crop would show) at paths with "tall", 1200 × 900 elsewhere. */
class ShapedPhotoHost {
  private readonly server = http.createServer((req, res) => {
    void this.photo(req.url ?? '/').then((b) => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': b.length }).end(b));
  });
  base = '';
  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  private photo(p: string): Promise<Buffer> {
    const [w, h] = p.includes('tall') ? [900, 1200] : [1200, 900];
    let hue = 17;
    for (let i = 0; i < p.length; i++) hue = (hue * 31 + p.charCodeAt(i)) % 200;
    // Red bands at the very top and bottom: a 4:3 crop of the upright photo would cut them off.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="rgb(${hue},120,200)"/>
<rect width="${w}" height="60" fill="#c00"/><rect y="${h - 60}" width="${w}" height="60" fill="#c00"/>
<rect x="${w * 0.15}" y="${h * 0.45}" width="${w * 0.7}" height="${h * 0.2}" rx="40" fill="#222"/><circle cx="${w * 0.3}" cy="${h * 0.66}" r="${w * 0.08}" fill="#000"/><circle cx="${w * 0.7}" cy="${h * 0.66}" r="${w * 0.08}" fill="#000"/></svg>`;
    return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
  }
  urls(group: string): string[] {
    return [`${this.base}/${group}/1-tall.jpg`, `${this.base}/${group}/2.jpg`, `${this.base}/${group}/3.jpg`];
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** SHOTS: docs/public, only when asked (npm run screenshots). */
const SHOTS = process.env.PANEL_SCREENSHOTS ? path.resolve('docs/public') : undefined;

interface Shown {
  fit: string;
  box: { w: number; h: number };
  natural: { w: number; h: number };
}

/** How an img is laid out: its CSS object-fit, its box and the photo's own size (once loaded). */
async function shown(img: Locator): Promise<Shown> {
  await img.scrollIntoViewIfNeeded();
  await img.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const i = el as unknown as { complete: boolean; naturalWidth: number; addEventListener(e: string, f: () => void): void };
        if (i.complete && i.naturalWidth > 0) resolve();
        else i.addEventListener('load', () => resolve());
      }),
  );
  return img.evaluate((el) => {
    const i = el as unknown as { naturalWidth: number; naturalHeight: number; getBoundingClientRect(): { width: number; height: number } };
    const r = i.getBoundingClientRect();
    // A string: the test program is type-checked without the DOM's types.
    const fit = (globalThis as unknown as { getComputedStyle(e: unknown): { objectFit: string } }).getComputedStyle(el).objectFit;
    return { fit, box: { w: r.width, h: r.height }, natural: { w: i.naturalWidth, h: i.naturalHeight } };
  });
}

/**
 * The photo drawn whole: contained in its box, so the drawn photo (the box scaled to the photo's
 * ratio) fits inside the box in both directions, and it fills the box's height.
 */
function assertWhole(s: Shown, what: string): void {
  assert.equal(s.fit, 'contain', `${what}: object-fit`);
  assert.ok(s.natural.h > s.natural.w, `${what}: an upright photo (${s.natural.w}×${s.natural.h})`);
  assert.ok(Math.abs(s.box.w / s.box.h - 4 / 3) < 0.02, `${what}: the 4:3 box kept (${s.box.w}×${s.box.h})`);
  const scale = Math.min(s.box.w / s.natural.w, s.box.h / s.natural.h);
  const drawn = { w: s.natural.w * scale, h: s.natural.h * scale };
  assert.ok(drawn.w <= s.box.w + 0.5 && drawn.h <= s.box.h + 0.5, `${what}: drawn inside the box`);
  assert.ok(Math.abs(drawn.h - s.box.h) < 1, `${what}: top to bottom`);
}

describe(`upright photos shown whole (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new ShapedPhotoHost();
  const pages: Record<'es' | 'pt', { car: string; storefront: string }> = {} as never;

  before(async () => {
    await host.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(host.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
    for (const [lang, market, car] of [
      ['es', 'ar', { brand: 'Volkswagen', model: 'Gol', year: 2019, price: 9_800_000, city: 'Córdoba' }],
      ['pt', 'br', { brand: 'Chevrolet', model: 'Onix', year: 2021, price: 78_900, market: 'br', currency: 'BRL', city: 'Porto Alegre' }],
    ] as const) {
      const d = await seedDealer(s, { name: lang === 'es' ? 'Autos del Sur' : 'Carros do Sul', city: car.city, markets: [market] });
      const res = await s.app.inject({
        method: 'PUT',
        url: `/v1/vehicles/UP-${lang}`,
        headers: bearer(d.key),
        payload: aCar({ ...car, photos: host.urls(`up-${lang}`), fuel: 'gasoline', transmission: 'manual', color: 'Gris' }),
      });
      assert.ok(res.statusCode < 300, res.body);
      pages[lang] = { car: res.json().vehicle.url as string, storefront: `${s.base}/dealers/${d.slug}` };
    }
    await until('both cars on sale', 120_000, async () => {
      const rows = await s.store.db.selectFrom('vehicles').select('status').execute();
      return rows.length === 2 && rows.every((r) => r.status === 'active');
    });
  });
  after(async () => {
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const lang of ['es', 'pt'] as const) {
    for (const v of VIEWS) {
      test(`${lang}, ${v.width} px: the car page's and the storefront's upright photo whole, landscape ones still fill their box`, async () => {
        const ctx = await v.open(browser, lang === 'es' ? 'es-AR' : 'pt-BR');
        try {
          const page = await ctx.newPage();
          await page.goto(pages[lang].car, { waitUntil: 'networkidle' });
          const first = page.locator('#photo-1 img');
          assert.equal(await first.getAttribute('class'), 'upright');
          // The size is given (no layout shift): the photo's own, upright.
          assert.ok(Number(await first.getAttribute('height')) > Number(await first.getAttribute('width')));
          assertWhole(await shown(first), `car page ${lang} ${v.width}`);
          const second = await shown(page.locator('#photo-2 img'));
          assert.equal(second.fit, 'cover', 'a landscape photo still fills its box');
          assert.equal(await horizontalOverflow(page), 0, 'no sideways scrolling');
          await page.evaluate('window.scrollTo(0, 0)');
          await checkPage(page, `car page upright ${lang} ${v.width}`);
          if (SHOTS) await shot(page, `portrait-car-${lang}-${v.width}`);

          await page.goto(pages[lang].storefront, { waitUntil: 'networkidle' });
          assertWhole(await shown(page.locator('.card img').first()), `storefront ${lang} ${v.width}`);
          assert.equal(await horizontalOverflow(page), 0, 'no sideways scrolling');
          await page.evaluate('window.scrollTo(0, 0)');
          await checkPage(page, `storefront upright ${lang} ${v.width}`);
          if (SHOTS) await shot(page, `portrait-storefront-${lang}-${v.width}`);
        } finally {
          await ctx.close();
        }
      });
    }
  }
});

async function shot(page: import('playwright-core').Page, name: string): Promise<void> {
  await sharp(await page.screenshot({ fullPage: true }))
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(SHOTS!, `${name}.png`));
}
