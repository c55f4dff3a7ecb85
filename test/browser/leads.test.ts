// A buyer and a dealership holding a conversation, in real browsers against the live server and
// a real SMTP server (D18, D29): the buyer writes on the car's public page, the notice reaches
// the dealer, who opens its link, signs in, sees the buyer's details and replies; the reply
// reaches the buyer, whose next message lands in the same conversation, unread. The stage set in
// the panel is the API's, and the API's is the panel's. Another dealership gets 404.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
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
  submitSignIn,
  type LiveServer,
} from '../support/browser.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';
import { panelLink } from '../support/smtp.js';
import { until } from '../support/until.js';

const BUYER = { name: 'Lucía Fernández', email: 'lucia.fernandez@example.com', phone: '+54 9 351 555 0101' };

async function buyerWrites(browser: Browser, car: CarAnswer, message: string): Promise<void> {
  const ctx = await phoneContext(browser, 'es-AR');
  const page = await ctx.newPage();
  await page.goto(car.url);
  await page.locator('#f-name').fill(BUYER.name);
  await page.locator('#f-email').fill(BUYER.email);
  await page.locator('#f-phone').fill(BUYER.phone);
  await page.locator('#f-message').fill(message);
  await page.locator('#f-message').press('Tab');
  await Promise.all([page.waitForURL(/\/thanks(\?sent=\w+)?$/), page.locator('form[action$="/inquiries"] button[type=submit]').click()]);
  await ctx.close();
}

describe(`a buyer and a dealership talk, in browsers (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const photos = new PhotoHost();
  let owner: SeededUser;
  let car: CarAnswer;

  before(async () => {
    await photos.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(photos.base).port)] });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000' }, { outbound });
    browser = await launch();
    owner = await seedPanelUser(s, { role: 'owner', markets: ['ar'], name: 'Marta' });
    car = await publishCar(s, owner.key, photos, 'AR-1043', { brand: 'Volkswagen', model: 'Gol', version: 'Trend', year: 2019 });
    // The live worker may still hold a photo job publishCar's own run did not wait for.
    await until('the car on sale', 20_000, async () => {
      const row = await s.store.db.selectFrom('vehicles').select('status').where('external_id', '=', 'AR-1043').executeTakeFirst();
      return row?.status === 'active';
    });
  });
  after(async () => {
    await browser.close();
    await s.close();
    await photos.stop();
  });

  test('the whole conversation', async () => {
    await buyerWrites(browser, car, 'Hola, ¿el Gol sigue disponible? ¿Acepta permuta?');

    // The notice: the car and the first lines, a link, never the buyer's details in the subject.
    const notice = await s.smtp.waitFor((m) => m.to.includes(owner.email) && m.subject.includes('Gol'));
    assert.match(notice.subject, /Gol/);
    for (const detail of [BUYER.name, BUYER.email, BUYER.phone]) assert.ok(!notice.subject.includes(detail), notice.subject);
    assert.match(notice.text, /sigue disponible/);
    const link = panelLink(notice);

    // The dealer opens it signed out: sign-in first, then straight to the conversation.
    const ctx = await phoneContext(browser, 'es-AR');
    const page = await ctx.newPage();
    await page.goto(link);
    await page.waitForURL(/\/panel\/sign-in\?next=/);
    await submitSignIn(page, owner);
    await page.waitForURL(link.replace(/^https?:\/\/[^/]+/, s.base));
    await page.getByText(BUYER.email).first().waitFor();
    // The buyer's number as people read it in the dealership's country (D32, P83), and dialable:
    // the call and WhatsApp buttons go through /contact, which records the first response (D42, P210).
    await page.getByText('0351 15-555-0101').first().waitFor();
    assert.equal((await page.locator(`a[href="mailto:${BUYER.email}"]`).count()) > 0, true);
    assert.equal(await page.locator('form[action$="/contact"] button').count(), 2);
    assert.equal(await horizontalOverflow(page), 0, 'the conversation fits a phone');
    await screenshot(page, 'conversation-phone');

    // The reply reaches the buyer; the lead is contacted.
    await page.getByLabel('Su respuesta').fill('¡Hola Lucía! Sí, sigue disponible. Tomamos permutas: ¿qué auto tiene?');
    await page.getByRole('button', { name: 'Enviar respuesta' }).click();
    // (Not the confirmation of the inquiry, D40.)
    const reply = await s.smtp.waitFor((m) => m.to.includes(BUYER.email) && /Tomamos permutas/.test(m.text));
    // D40: the lead's reply address, so the buyer's answer comes back to the conversation.
    assert.match(reply.replyTo ?? '', /^reply\+[a-z2-7]{26}@127\.0\.0\.1$/);
    assert.match(reply.text, /Tomamos permutas/);
    assert.ok(reply.text.includes(car.url), 'the reply links the car');
    const id = Number(/\/panel\/leads\/(\d+)/.exec(link)![1]);
    const api = async () => {
      const res = await fetch(`${s.base}/v1/leads`, { headers: bearer(owner.key) });
      return ((await res.json()) as { data: { id: number; stage: string }[] }).data.find((l) => l.id === id)!;
    };
    assert.equal((await api()).stage, 'contacted');

    // The buyer writes again: the same conversation, unread in the inbox.
    await buyerWrites(browser, car, 'Tengo un Fiat Palio 2015. ¿Cuánto me toman?');
    await page.goto(`${s.base}/panel/leads`);
    await page.getByText('Sin leer').first().waitFor();
    assert.equal((await page.locator(`a[href="/panel/leads/${id}"]`).count()) > 0, true);
    assert.equal(
      await s.store.db
        .selectFrom('leads')
        .select('id')
        .where('dealer_id', '=', owner.dealerId)
        .execute()
        .then((r) => r.length),
      1,
    );
    await screenshot(page, 'leads-phone');
    await page.goto(`${s.base}/panel/leads/${id}`);
    await page.getByText('Fiat Palio 2015').waitFor();

    // The stage set in the panel is what the API shows, and a PATCH shows in the panel.
    await page.getByRole('button', { name: 'Ganada' }).click();
    await page.waitForURL(/\/panel\/leads\/\d+/);
    assert.equal((await api()).stage, 'won');
    const patch = await fetch(`${s.base}/v1/leads/${id}`, {
      method: 'PATCH',
      headers: { ...bearer(owner.key), 'content-type': 'application/json' },
      body: JSON.stringify({ stage: 'lost' }),
    });
    assert.equal(patch.status, 200);
    await page.reload();
    await page.getByText('Perdida').first().waitFor();
    await ctx.close();

    // Desktop pictures of the inbox and the conversation.
    const { ctx: desk, page: d } = await signedInPage(browser, s.base, owner, desktopContext, 'es-AR');
    await screenshot(d, 'overview');
    await d.goto(`${s.base}/panel/leads`);
    await screenshot(d, 'leads');
    await d.goto(`${s.base}/panel/leads/${id}`);
    await screenshot(d, 'conversation');
    await desk.close();

    // Another dealership's user: 404 on the conversation, and nothing of the buyer.
    const other = await seedPanelUser(s, { role: 'owner', markets: ['ar'] });
    const { ctx: octx, page: op } = await signedInPage(browser, s.base, other, phoneContext, 'es-AR');
    const res = await op.goto(`${s.base}/panel/leads/${id}`);
    assert.equal(res?.status(), 404);
    assert.ok(!(await op.content()).includes(BUYER.email));
    await octx.close();
  });
});
