// The salesperson's day starts with the buyers (issue 26 §1, P100–P103), in real browsers at
// 375 px and 1280 px, in Spanish and Portuguese: a buyer writes → the navigation counts it
// unread on the overview, which lists the buyer first; the salesperson keeps a saved reply,
// opens the conversation from the inbox (the buyer by name), inserts the saved reply with a tap
// and sends it; the buyer's mail comes From the dealership's name with Reply-To the salesperson.
// axe-core runs on every page visited (zero serious or critical); screenshots when asked.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { publishCar } from '../support/cars.js';
import { seedPanelUser } from '../support/panel.js';
import { axeViolations } from '../support/axe.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

async function check(page: Page, what: string): Promise<void> {
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  const bad = (await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  console.log(`axe ${what}: ${bad.length} serious or critical`);
  assert.deepEqual(bad, [], what);
}

const LANGS = [
  {
    lang: 'es',
    locale: 'es-AR',
    market: 'ar',
    car: {},
    dealer: 'Autos del Sur',
    buyer: { name: 'Lucía Fernández', email: 'lucia@example.com', message: 'Hola, ¿el Gol sigue disponible?' },
    saved: '¿Cuándo podés venir a verlo? Te esperamos.',
    w: {
      leads: 'Consultas',
      waiting: 'Compradores esperando respuesta',
      savedAdd: 'Guardar respuesta',
      insert: 'Insertar',
      send: 'Enviar respuesta',
      answer: 'Su respuesta',
    },
  },
  {
    lang: 'pt',
    locale: 'pt-BR',
    market: 'br',
    car: { market: 'br', currency: 'BRL', price: 45_000_00 },
    dealer: 'Carros do Sul',
    buyer: { name: 'João Silva', email: 'joao@example.com', message: 'Olá, o Gol ainda está disponível?' },
    saved: 'Quando você pode vir vê-lo? Esperamos você.',
    w: {
      leads: 'Contatos',
      waiting: 'Compradores aguardando resposta',
      savedAdd: 'Salvar resposta',
      insert: 'Inserir',
      send: 'Enviar resposta',
      answer: 'Sua resposta',
    },
  },
] as const;

describe(`a buyer writes, the salesperson answers with a saved reply, in browsers (${STORE_NAME})`, { skip: skipBrowser }, () => {
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
    for (const v of VIEWS) {
      test(`${l.lang}, ${v.width} px`, async () => {
        const user = await seedPanelUser(s, { role: 'owner', markets: [l.market], name: 'Marta', lang: l.lang });
        await s.store.db.updateTable('dealers').set({ name: l.dealer }).where('id', '=', user.dealerId).execute();
        const stock = `IN-${l.lang}-${v.name}`;
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
        const email = `${v.name}.${l.buyer.email}`;
        const sent = await fetch(`${s.base}${pathOf(car.url)}/inquiries`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ name: l.buyer.name, email, message: l.buyer.message, website: '' }).toString(),
          redirect: 'manual',
        });
        assert.ok(sent.status < 400, String(sent.status));

        const { ctx, page } = await signedInPage(browser, s.base, user, v.open, l.locale);
        // The overview: the unread count in the navigation, the buyer first.
        const nav = page.locator('nav.main a[href="/panel/leads"]');
        assert.match(await nav.innerText(), new RegExp(`${l.w.leads}\\s*1`));
        const main = await page.locator('main').innerText();
        assert.ok(main.indexOf(l.w.waiting) >= 0 && main.indexOf(l.buyer.name) > main.indexOf(l.w.waiting), 'the waiting buyer on the overview');
        await check(page, `${l.lang} ${v.width} overview`);
        // The six status cards (P135): compact, after the waiting buyers — three to a row on a phone, one row on a desktop.
        const cards = page.locator('.stat-grid .stat-card');
        assert.equal(await cards.count(), 6);
        const boxes = await Promise.all([0, 1, 2, 3, 4, 5].map(async (i) => (await cards.nth(i).boundingBox())!));
        const rows = new Set(boxes.map((b) => Math.round(b.y))).size;
        assert.equal(rows, v.width < 600 ? 2 : 1, `status cards in ${rows} rows`);
        const waitingBox = (await page.locator('#waiting-title').boundingBox())!;
        assert.ok(
          boxes.every((b) => b.y > waitingBox.y),
          'the cards come after the waiting buyers',
        );
        const cardsHeight = Math.max(...boxes.map((b) => b.y + b.height)) - Math.min(...boxes.map((b) => b.y));
        console.log(`status cards ${l.lang} ${v.width}: ${rows} rows, ${Math.round(cardsHeight)} px tall`);
        if (v.width < 600) assert.ok(cardsHeight < 260, `the cards take ${Math.round(cardsHeight)} px on a phone`);
        // No status word broken in the middle ("Importan/do"): each word's text sits on one line.
        const broken = await page.evaluate<string[]>(`[...document.querySelectorAll('.stat-card .badge')].flatMap((b) => {
          const t = b.firstChild, out = [];
          for (const m of t.textContent.matchAll(/\\S+/g)) {
            const r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
            if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(m[0]);
          }
          return out;
        })`);
        assert.deepEqual(broken, [], 'status words kept whole');
        await screenshot(page, `overview-${l.lang}-${v.name}`);

        // A saved reply of the salesperson's own.
        await page.goto(`${s.base}/panel/leads/replies`);
        await page.locator('#saved-text').fill(l.saved);
        await page.getByRole('button', { name: l.w.savedAdd }).click();
        await page.waitForURL(/done=added/);
        await check(page, `${l.lang} ${v.width} saved replies`);
        await screenshot(page, `saved-replies-${l.lang}-${v.name}`);

        // The inbox: the buyer by name, then the conversation.
        await page.goto(`${s.base}/panel/leads`);
        assert.equal(
          await nav
            .locator('.count')
            .innerText()
            .then((t) => t.trim().split(/\s/)[0]),
          '1',
        );
        await check(page, `${l.lang} ${v.width} inbox`);
        await screenshot(page, `inbox-${l.lang}-${v.name}`);
        await page.getByRole('link', { name: l.buyer.name }).click();
        await page.waitForURL(/\/panel\/leads\/\d+$/);
        await page.getByText(l.buyer.message).first().waitFor();
        // Opened: read, so the count is gone from the navigation.
        await page.reload();
        assert.equal(await nav.locator('.count').count(), 0);
        // The saved reply inserted with a tap (the script puts it at the cursor), then sent.
        await page.getByRole('button', { name: l.w.insert }).click();
        assert.equal(await page.getByLabel(l.w.answer).inputValue(), l.saved);
        await check(page, `${l.lang} ${v.width} conversation`);
        await screenshot(page, `conversation-${l.lang}-${v.name}`);
        // The buyer already has the inquiry's confirmation (D40): the reply is the next mail to them.
        await s.smtp.waitFor((m) => m.to.includes(email));
        const earlier = new Set(s.smtp.received.filter((m) => m.to.includes(email)));
        await page.getByRole('button', { name: l.w.send }).click();
        await page.waitForURL(/done=replied/);

        const mail = await s.smtp.waitFor((m) => m.to.includes(email) && !earlier.has(m));
        // D40: the buyer's answer comes back to the conversation, through the lead's own address.
        assert.match(mail.replyTo ?? '', /^reply\+[a-z2-7]{26}@/);
        assert.ok(mail.raw.replace(/\r?\n[ \t]+/g, ' ').includes(`From: ${l.dealer} <no-reply@dealers.test>`), mail.raw.slice(0, 400));
        assert.ok(mail.text.startsWith(l.saved), 'the salesperson’s words first, no greeting of ours');
        await ctx.close();
      });
    }
  }
});
