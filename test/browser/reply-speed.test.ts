// Issue 37 §3, §4 and §6 in a real browser at 375 px, in Spanish and Portuguese (D41, D42): a
// buyer types a local number without its area code on the car page and the form comes back
// with it and a message naming the area code; with it, the lead is made. The salesperson
// inserts two saved replies one after the other (kept apart, not glued), opens WhatsApp from the
// conversation — wa.me at the buyer's whole number, the chosen reply as its text — which answers
// the lead; the conversation, the inbox and the statistics page say how soon. axe-core on every
// page (zero serious or critical); screenshots when asked.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import {
  desktopContext,
  horizontalOverflow,
  launch,
  liveServer,
  phoneContext,
  screenshot,
  signedInPage,
  skipBrowser,
  type LiveServer,
} from '../support/browser.js';
import { publishCar } from '../support/cars.js';
import { seedPanelUser } from '../support/panel.js';
import { axeViolations } from '../support/axe.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

async function check(page: Page, what: string): Promise<void> {
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe ${what}: ${bad.length} serious or critical`);
  assert.deepEqual(bad, [], what);
}

const MIN = 60_000;

const LANGS = [
  {
    lang: 'es',
    locale: 'es-AR',
    market: 'ar',
    car: {},
    local: '15 4444 2222',
    areaCode: 'Falta el código de área: escribí el número con el código de tu ciudad, por ejemplo 011 15-4444-2222.',
    whole: '11 15 4444 2222',
    wa: '5491144442222',
    saved: ['Abrimos de lunes a viernes de 9 a 18.', 'Sí, tomamos su auto en parte de pago.'],
    w: { insert: 'Insertar', firstResponse: 'Primera respuesta: en ', inbox: 'respondida en ', speed: 'Velocidad de respuesta' },
  },
  {
    lang: 'pt',
    locale: 'pt-BR',
    market: 'br',
    car: { currency: 'BRL', price: 45_000 },
    local: '99876-5432',
    areaCode: 'Falta o DDD: escreva o número com o DDD da sua cidade, por exemplo (11) 99876-5432.',
    whole: '(11) 99876-5432',
    wa: '5511998765432',
    saved: ['Abrimos de segunda a sexta, das 9 às 18.', 'Sim, aceitamos o seu carro na troca.'],
    w: { insert: 'Inserir', firstResponse: 'Primeira resposta: em ', inbox: 'respondido em ', speed: 'Velocidade de resposta' },
  },
] as const;

describe(`a buyer's local number, the WhatsApp link and reply speed, in browsers (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const photos = new PhotoHost();

  before(async () => {
    await photos.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(photos.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000' }, { outbound });
    browser = await launch();
  });
  after(async () => {
    await browser.close();
    await s.close();
    await photos.stop();
  });

  for (const l of LANGS) {
    test(`${l.lang}, 375 px`, async () => {
      const user = await seedPanelUser(s, { role: 'owner', markets: [l.market], name: 'Marta', lang: l.lang });
      const stock = `RS-${l.lang}`;
      const car = await publishCar(s, user.key, photos, stock, { brand: 'Volkswagen', model: 'Gol', version: 'Trend', year: 2019, ...l.car });
      await until('the car on sale', 20_000, async () => {
        const row = await s.store.db
          .selectFrom('vehicles')
          .select('status')
          .where('external_id', '=', stock)
          .where('dealer_id', '=', user.dealerId)
          .executeTakeFirst();
        return row?.status === 'active';
      });

      // The buyer, on a phone: the number without its area code comes back, with what was typed.
      const buyerCtx = await phoneContext(browser, l.locale);
      const buyer = await buyerCtx.newPage();
      await buyer.goto(car.url.replace(/^https?:\/\/[^/]+/, s.base));
      await buyer.locator('#f-name').fill('Lucía');
      await buyer.locator('#f-phone').fill(l.local);
      await buyer.locator('#f-message').fill(l.saved[0]);
      await buyer.locator('form[action$="/inquiries"] button[type=submit]').click();
      await buyer.waitForLoadState();
      assert.equal(await buyer.locator('#f-phone').inputValue(), l.local);
      assert.equal((await buyer.locator('#f-phone-error').innerText()).trim(), l.areaCode);
      await check(buyer, `${l.lang} inquiry area code`);
      await buyer.locator('#f-phone').scrollIntoViewIfNeeded();
      await screenshot(buyer, `inquiry-area-code-${l.lang}-phone`);
      assert.equal((await s.store.db.selectFrom('leads').select('id').where('dealer_id', '=', user.dealerId).execute()).length, 0, 'no lead');
      await buyer.locator('#f-phone').fill(l.whole);
      await buyer.locator('form[action$="/inquiries"] button[type=submit]').click();
      await buyer.waitForURL(/\/thanks(\?|$)/);
      await buyerCtx.close();
      const lead = await s.store.db.selectFrom('leads').select(['id', 'created_at']).where('dealer_id', '=', user.dealerId).executeTakeFirstOrThrow();

      // The salesperson: two saved replies, inserted one after the other, kept apart.
      const { ctx, page } = await signedInPage(browser, s.base, user, phoneContext, l.locale);
      // wa.me is not reached from the test: the address the button's redirect leads to is kept
      // (a request event, as routes see no redirect's target).
      const opened: string[] = [];
      ctx.on('request', (r) => {
        if (r.url().startsWith('https://wa.me/')) opened.push(r.url());
      });
      for (const text of l.saved) {
        await page.goto(`${s.base}/panel/leads/replies`);
        await page.locator('#saved-text').fill(text);
        await page.locator('form[action="/panel/leads/replies"] button[type=submit]').click();
        await page.waitForURL(/done=added/);
      }
      await page.goto(`${s.base}/panel/leads/${lead.id}`);
      const options = page.locator('#saved option');
      for (let i = 0; i < 2; i++) {
        await page.locator('#saved').selectOption({ index: i });
        await page.getByRole('button', { name: l.w.insert }).click();
      }
      assert.equal(await page.locator('#reply').inputValue(), `${l.saved[0]}\n${l.saved[1]}`);
      assert.equal(await options.count(), 2);
      await check(page, `${l.lang} conversation`);
      await screenshot(page, `conversation-contact-${l.lang}-phone`);

      // WhatsApp from the conversation: the buyer's whole number, the chosen (last inserted) reply as the text.
      const [popup] = await Promise.all([ctx.waitForEvent('page'), page.locator('form[target="_blank"] button[type=submit]').click()]);
      await until('the WhatsApp address requested', 10_000, async () => opened.length > 0);
      await popup.close();
      assert.equal(opened.length, 1, opened.join(' '));
      const wa = new URL(opened[0]!);
      assert.equal(`${wa.origin}${wa.pathname}`, `https://wa.me/${l.wa}`);
      assert.equal(wa.searchParams.get('text'), l.saved[1]);
      const answered = await s.store.db.selectFrom('leads').select(['stage', 'first_response_at']).where('id', '=', lead.id).executeTakeFirstOrThrow();
      assert.equal(answered.stage, 'contacted');
      assert.ok(answered.first_response_at !== null && answered.first_response_at >= lead.created_at);

      await page.reload();
      assert.ok((await page.locator('[data-first-response]').innerText()).startsWith(l.w.firstResponse));
      await page.goto(`${s.base}/panel/leads`);
      assert.ok((await page.locator(`li[data-lead="${lead.id}"] [data-first-response]`).innerText()).startsWith(l.w.inbox));
      await check(page, `${l.lang} inbox`);

      // Reply speed on the statistics page: five more leads, answered after 4 to 90 minutes.
      for (const [i, d] of [4, 9, 15, 35, 90].entries()) {
        const res = await fetch(`${s.base}/listings/${car.listing_id}/inquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `B${i}`, email: `b${i}.${l.lang}@example.org`, message: 'Hola' }),
        });
        assert.equal(res.status, 201);
        const row = await s.store.db
          .selectFrom('leads')
          .select(['id', 'created_at'])
          .where('dealer_id', '=', user.dealerId)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        await s.store.db
          .updateTable('leads')
          .set({ first_response_at: row.created_at + d * MIN })
          .where('id', '=', row.id)
          .execute();
      }
      await page.goto(`${s.base}/panel/stats`);
      const speed = page.locator('#reply-speed');
      assert.ok((await speed.innerText()).includes(l.w.speed));
      assert.match(await speed.locator('[data-speed="median"]').innerText(), /^\d+ min$/);
      await check(page, `${l.lang} statistics`);
      await speed.scrollIntoViewIfNeeded();
      await screenshot(page, `stats-reply-speed-${l.lang}-phone`);
      await ctx.close();

      // The same page on a desktop, for the screenshots.
      const desk = await signedInPage(browser, s.base, user, desktopContext, l.locale);
      await desk.page.goto(`${s.base}/panel/stats`);
      await check(desk.page, `${l.lang} statistics desktop`);
      await screenshot(desk.page, `stats-reply-speed-${l.lang}-desktop`);
      await desk.ctx.close();
    });
  }
});
