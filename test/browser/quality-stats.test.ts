// Views and leads by listing-quality band on the statistics page (D43, issue 39 §3, P249) in a
// real browser, at 375 px and 1280 px, in Spanish and Portuguese: the bands' table is shown with
// its figures (best band first), its sentence says what the figures show, nothing is wider than
// the screen, no English word or raw code shows, and axe-core finds no serious or critical
// violation. Screenshots when PANEL_SCREENSHOTS names a folder (docs/panel).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { systemClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { dealerTimeZone } from '../../src/modules/markets/markets.js';
import { addToDays } from '../../src/modules/stats/repository.js';
import { addDays, localDate } from '../../src/modules/stats/time-zone.js';
import { STORE_NAME } from '../support/app.js';
import { axeViolations } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { publishCar } from '../support/cars.js';
import { seedPanelUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const FOREIGN = ['Views per car', 'Leads per car', 'Quality score', 'undefined', 'null', 'NaN', 'no_cars', 'too_few', 'similar'];

async function check(page: Page, what: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const word of FOREIGN) assert.ok(!new RegExp(`\\b${word}\\b`).test(text), `"${word}" on ${what}`);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad, [], what);
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    car: {},
    w: {
      title: 'Visitas y consultas según la calidad del aviso',
      band: 'Puntaje de calidad',
      views: 'Visitas por auto',
      more: 'tuvieron más visitas por auto',
    },
    // 85–100: 5 cars, 150 views, 2 leads; 0–49: 5 cars, 40 views, 1 lead.
    rows: [
      ['85–100', '5', '30,0', '0,40'],
      ['70–84', '0', '—', '—'],
      ['50–69', '0', '—', '—'],
      ['0–49', '5', '8,0', '0,20'],
    ],
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    car: { market: 'br', currency: 'BRL', price: 45_000 },
    w: {
      title: 'Visualizações e contatos por qualidade do anúncio',
      band: 'Pontuação de qualidade',
      views: 'Visualizações por carro',
      more: 'tiveram mais visualizações por carro',
    },
    rows: [
      ['85–100', '5', '30,0', '0,40'],
      ['70–84', '0', '—', '—'],
      ['50–69', '0', '—', '—'],
      ['0–49', '5', '8,0', '0,20'],
    ],
  },
] as const;

describe(`Views and leads by quality band in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const host = new PhotoHost();
  const contexts: BrowserContext[] = [];
  const owners = new Map<string, Awaited<ReturnType<typeof seedPanelUser>>>();

  before(async () => {
    await host.start();
    // The photo host's port allowed, so that the cars' photos arrive and the cars are for sale.
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(host.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
    for (const l of LANGS) {
      const owner = await seedPanelUser(s, { markets: [l.market] });
      const today = localDate(systemClock.now(), dealerTimeZone(null, [l.market]));
      const cars = [];
      for (let i = 0; i < 10; i++) {
        const car = await publishCar(s, owner.key, host, `${l.lang}-q${i}`, { ...l.car });
        cars.push({ i, url: car.url, listing: car.listing_id });
      }
      // The photos arrive in the server's own worker: every car for sale (and its score settled) first.
      const forSale = () =>
        s.store.db
          .selectFrom('vehicles')
          .select(['id', 'listing_id', 'status'])
          .where('dealer_id', '=', owner.dealerId)
          .where('status', '=', 'active')
          .execute();
      await until('cars for sale', 30_000, async () => (await forSale()).length === 10);
      const idOf = new Map((await forSale()).map((r) => [r.listing_id, Number(r.id)]));
      const rows = [];
      for (const c of cars) {
        const high = c.i < 5;
        const id = idOf.get(c.listing)!;
        // The bands read the stored score: five cars of 85–100, five of 0–49.
        await s.store.db
          .updateTable('vehicles')
          .set({ quality_score: high ? 86 + c.i : 20 + c.i })
          .where('id', '=', id)
          .execute();
        rows.push({
          vehicle_id: id,
          day: addDays(today, -(c.i % 7)),
          dealer_id: owner.dealerId,
          market: l.market,
          views: high ? 30 : 8,
          phone: 0,
          whatsapp: 0,
          inquiries: 0,
        });
        // Leads: on two high cars and one low one.
        if (c.i === 0 || c.i === 1 || c.i === 5) {
          const res = await s.app.inject({
            method: 'POST',
            url: `${pathOf(c.url)}/inquiries`,
            payload: { name: 'Ana', email: `ana-${l.lang}-${c.i}@example.com`, message: '¿Sigue disponible?' },
          });
          assert.ok(res.statusCode < 400, res.body);
        }
      }
      await addToDays(s.store.db, rows);
      owners.set(l.lang, owner);
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
      test(`${l.lang}, ${v.width} px: the bands' table and what it shows`, async () => {
        const { ctx, page } = await signedInPage(browser, s.base, owners.get(l.lang)!, v.open, l.locale);
        contexts.push(ctx);
        await page.goto(`${s.base}/panel/stats`);
        const section = page.locator('#quality-bands');
        await section.getByRole('heading', { name: l.w.title }).waitFor();
        const cells = await section
          .locator('tbody tr')
          .evaluateAll((trs) =>
            trs.map((tr) =>
              Array.from(
                (tr as unknown as { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> }).querySelectorAll('td'),
                (td) => td.textContent ?? '',
              ),
            ),
          );
        assert.deepEqual(cells, l.rows);
        assert.ok((await section.locator('[data-finding="more"]').innerText()).includes(l.w.more));
        if (v.name === 'phone') {
          // A phone stacks each row, every figure with its label.
          const cell = section.locator('tbody td').nth(2);
          assert.ok(await cell.isVisible());
          assert.equal(await cell.getAttribute('data-label'), l.w.views);
        } else {
          await section.getByRole('columnheader', { name: l.w.band }).waitFor();
        }
        await check(page, `${l.lang} ${v.width} bands`);
        await section.scrollIntoViewIfNeeded();
        await screenshot(page, `stats-quality-bands-${l.lang}-${v.name}`);
      });
    }
  }
});
