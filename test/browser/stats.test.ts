// The statistics page and a car's statistics section (D34, P117, P118, P170) in a real browser, at
// 375 px and 1280 px, in Spanish and Portuguese: the charts are drawn, their numbers open as a
// table, nothing is wider than the screen, no English word or raw code shows, and axe-core finds
// no serious or critical violation (the counts are printed).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { systemClock } from '../../src/core/clock.js';
import { dealerTimeZone } from '../../src/modules/markets/markets.js';
import { addToDays } from '../../src/modules/stats/repository.js';
import { addDays, localDate } from '../../src/modules/stats/time-zone.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { publishCar } from '../support/cars.js';
import { seedDealer } from '../support/dealers.js';
import { seedPanelUser } from '../support/panel.js';
import { axeViolations } from '../support/axe.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const FOREIGN = [
  'Statistics',
  'Performance',
  'Views',
  'Leads',
  'Calls',
  'Show the numbers',
  'Days on the market',
  'undefined',
  'null',
  'NaN',
  'market_position',
];

async function check(page: Page, what: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const word of FOREIGN) assert.ok(!new RegExp(`\\b${word}\\b`).test(text), `"${word}" on ${what}`);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe ${what}: ${bad.length} serious or critical`);
  assert.deepEqual(bad, [], what);
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    words: { title: 'Estadísticas', numbers: 'Ver los números', quiet: 'Los más vistos, sin ningún contacto', position: 'Posición en el mercado' },
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    words: { title: 'Estatísticas', numbers: 'Ver os números', quiet: 'Os mais vistos, sem nenhum contato', position: 'Posição no mercado' },
  },
] as const;

describe(`Statistics page in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const contexts: BrowserContext[] = [];
  const seeded = new Map<string, { owner: Awaited<ReturnType<typeof seedPanelUser>>; carId: number }>();

  before(async () => {
    await host.start();
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    browser = await launch();
    for (const l of LANGS) {
      const owner = await seedPanelUser(s, { markets: [l.market] });
      const other = await seedDealer(s, { markets: [l.market] });
      const zone = dealerTimeZone(null, [l.market]);
      const today = localDate(systemClock.now(), zone);
      const ids: number[] = [];
      // Six comparable cars (2019 Corolla): the first priced over the others.
      for (let i = 1; i <= 6; i++) {
        const car = await publishCar(s, i <= 3 ? owner.key : other.key, host, `${l.lang}-${i}`, { price: i === 1 ? 21_000_000 : 15_000_000 + i * 100_000 });
        const row = await s.store.db.selectFrom('vehicles').select(['id', 'dealer_id']).where('listing_id', '=', car.listing_id).executeTakeFirstOrThrow();
        ids.push(Number(row.id));
        if (i === 2) {
          // The live server's worker may still hold its photos: a car not yet for sale takes no message.
          await until('the car on sale', 20_000, async () => {
            const row = await s.store.db.selectFrom('vehicles').select('status').where('listing_id', '=', car.listing_id).executeTakeFirst();
            return row?.status === 'active';
          });
          const sent = await s.app.inject({
            method: 'POST',
            url: `${pathOf(car.url)}/inquiries`,
            payload: { name: 'Ana', email: `ana-${l.lang}@example.com`, message: '¿Sigue disponible?' },
          });
          assert.equal(sent.statusCode, 201, sent.body);
        }
      }
      const rows = [];
      for (let d = 0; d < 90; d++) {
        for (let c = 0; c < 3; c++) {
          const views = (d * 7 + c * 5) % 23;
          rows.push({
            vehicle_id: ids[c]!,
            day: addDays(today, -d),
            dealer_id: owner.dealerId,
            market: l.market,
            views,
            phone: c === 1 && d % 4 === 0 ? 1 : 0,
            whatsapp: c === 1 && d % 6 === 0 ? 2 : 0,
            inquiries: 0,
          });
        }
      }
      await addToDays(s.store.db, rows);
      seeded.set(l.lang, { owner, carId: ids[0]! });
    }
  });
  after(async () => {
    for (const c of contexts) await c.close();
    await browser.close();
    await s.close();
    await host.stop();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang}, ${v.width} px: the charts, their numbers and the lists read well; so does a car's section`, async () => {
        const { owner, carId } = seeded.get(l.lang)!;
        const { ctx, page } = await signedInPage(browser, s.base, owner, v.open, l.locale);
        contexts.push(ctx);
        await page.getByRole('link', { name: l.words.title }).click();
        await page.getByRole('heading', { level: 1, name: l.words.title }).waitFor();
        assert.equal(new URL(page.url()).pathname, '/panel/stats');
        assert.equal(await page.locator('svg[role=img]').count(), 3);
        assert.ok((await page.locator('#dealer-views rect').count()) > 20, 'the views are drawn');
        await page.getByRole('heading', { name: l.words.quiet }).waitFor();
        await check(page, `${l.lang} ${v.width} 30 days`);
        await screenshot(page, `stats-${l.lang}-${v.name}`);

        // The 90 days, with the views' numbers open as a table.
        await page.locator('nav.range a').nth(1).click();
        await page.waitForURL(/days=90/);
        await page.locator('#dealer-views summary').click();
        const table = page.locator('#dealer-views table');
        await table.waitFor();
        assert.equal(await table.locator('tbody tr').count(), 90);
        await check(page, `${l.lang} ${v.width} 90 days, numbers open`);
        if (v.name === 'phone') await screenshot(page, `stats-90-numbers-${l.lang}-${v.name}`);

        // The car priced over the others: its section on its page.
        await page.goto(`${s.base}/panel/inventory/${carId}`);
        await page.getByRole('heading', { name: l.words.position }).waitFor();
        assert.match(await page.locator('#market-position').innerText(), /—/);
        await check(page, `${l.lang} ${v.width} car page`);
        await screenshot(page, `car-stats-${l.lang}-${v.name}`);
      });
    }
  }
});
