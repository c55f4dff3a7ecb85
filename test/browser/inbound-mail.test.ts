// The conversation stays in one place (D40, issue 37 §1, §2), in a real browser at 375 px, in
// Spanish and Portuguese, against the live server and a real SMTP sink: a buyer writes with an
// e-mail and is told a copy was sent; the confirmation reaches them (From the dealership,
// Reply-To the lead's address); the salesperson answers from the panel with a saved reply; the buyer answers by
// e-mail, once through the service's SMTP listener and once through POST /inbound/mail; each
// answer shows in the panel unread, and the team gets its notice. A buyer who left only a phone
// is told the dealership will call or write on WhatsApp. Screenshots: both mails rendered in
// Chromium, the thank-you pages and the conversation (docs/panel/).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import nodemailer from 'nodemailer';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/leads/inbound-smtp.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, phoneContext, screenshot, skipBrowser, submitSignIn, type LiveServer } from '../support/browser.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { seedDealer } from '../support/dealers.js';
import { inboundFixture } from '../support/inbound-mail.js';
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const SECRET = 'browser-inbound-secret-0123456789';
const DOMAIN = 'replies.dealers.test';

interface Market {
  lang: 'es' | 'pt';
  market: string;
  locale: string;
  dealer: string;
  profile: { phone: string; whatsapp: string; address: string };
  buyer: { name: string; email: string };
  car: Record<string, unknown>;
  words: {
    copySent: string;
    byPhone: string;
    reply: string;
    replyLabel: string;
    insert: string;
    send: string;
    unread: string;
    notice: string;
    smtpFixture: string;
    smtpText: string;
    httpFixture: string;
    httpText: string;
  };
}

const MARKETS: Market[] = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    dealer: 'Autos del Sur',
    profile: { phone: '351 444-2222', whatsapp: '351 15 555-6666', address: 'Av. Colón 1234' },
    buyer: { name: 'Lucía Gómez', email: 'lucia.gomez@gmail.example' },
    car: { brand: 'Toyota', model: 'Corolla', version: 'XEi', year: 2019 },
    words: {
      copySent: 'Te enviamos una copia de tu mensaje por correo',
      byPhone: 'te va a llamar o escribir por WhatsApp al número que dejaste',
      reply: '¡Hola Lucía! Sí, está disponible. ¿Cuándo querés venir a verlo?',
      replyLabel: 'Su respuesta',
      insert: 'Insertar',
      send: 'Enviar respuesta',
      unread: 'Sin leer',
      notice: 'Un comprador le respondió por correo',
      smtpFixture: 'gmail-es',
      smtpText: 'como parte de pago mejor',
      httpFixture: 'apple-es',
      httpText: 'Perfecto, el sábado a la mañana estoy por ahí.',
    },
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    dealer: 'Autos do Sul',
    profile: { phone: '51 3333-4444', whatsapp: '51 99876-5432', address: 'Av. Ipiranga 100' },
    buyer: { name: 'Ana Souza', email: 'ana.souza@gmail.example' },
    car: { brand: 'Volkswagen', model: 'Gol', year: 2020, price: 65_000 },
    words: {
      copySent: 'Enviamos uma cópia da sua mensagem por e-mail',
      byPhone: 'vai ligar ou escrever pelo WhatsApp para o número que você informou',
      reply: 'Olá Ana! Está disponível sim. Quando quer vir ver?',
      replyLabel: 'Sua resposta',
      insert: 'Inserir',
      send: 'Enviar resposta',
      unread: 'Não lido',
      notice: 'Um comprador respondeu por e-mail',
      smtpFixture: 'gmail-pt',
      smtpText: 'Aceitam financiamento?',
      httpFixture: 'apple-pt',
      httpText: 'Combinado, passo aí no sábado.',
    },
  },
];

/** A mail's HTML as the buyer's mail program shows it, at a phone's width. */
async function showMail(page: Page, html: string, name: string): Promise<void> {
  await page.setContent(html, { waitUntil: 'load' });
  assert.equal(await horizontalOverflow(page), 0, `${name} fits a phone`);
  await screenshot(page, name);
}

describe(`replies by e-mail, in a browser (D40, ${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  let smtp: InboundSmtp;
  const photos = new PhotoHost();

  before(async () => {
    await photos.start();
    const outbound = createOutbound({ allowPrivateNetworks: true, allowedPorts: [80, 443, Number(new URL(photos.base).port)] });
    s = await liveServer(
      { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000', INBOUND_MAIL_SECRET: SECRET, MAIL_REPLY_DOMAIN: DOMAIN },
      { outbound },
    );
    smtp = await startInboundSmtp(s.app.services, { host: '127.0.0.1', port: 0, domain: DOMAIN, log: s.app.log });
    browser = await launch();
  });
  after(async () => {
    await smtp.close();
    await browser.close();
    await s.close();
    await photos.stop();
  });

  for (const m of MARKETS) {
    test(`${m.lang}: inquiry → confirmation → the salesperson's reply → the buyer's answers by SMTP and HTTP → unread in the panel, with the notice`, async () => {
      const { key, slug } = await seedDealer(s, { name: m.dealer, markets: [m.market], city: m.lang === 'es' ? 'Córdoba' : 'Porto Alegre' });
      await updateProfile(s.store.db, await getDealerBySlug(s.store.db, slug), m.profile);
      const seller: SeededUser = await seedPanelUser(s, { slug, name: m.lang === 'es' ? 'Vera Vendedora' : 'Paulo Vendedor' });
      const car: CarAnswer = await publishCar(s, key, photos, `${m.lang.toUpperCase()}-1`, m.car);
      await until('the car on sale', 20_000, async () => {
        const row = await s.store.db.selectFrom('vehicles').select('status').where('listing_id', '=', car.listing_id).executeTakeFirst();
        return row?.status === 'active';
      });

      // The buyer writes with an e-mail: the thank-you page says a copy was sent.
      const ctx = await phoneContext(browser, m.locale);
      const buyer = await ctx.newPage();
      await buyer.goto(car.url);
      await buyer.locator('#f-name').fill(m.buyer.name);
      await buyer.locator('#f-email').fill(m.buyer.email);
      await buyer.locator('#f-message').fill(m.lang === 'es' ? '¿Está disponible? ¿Aceptan permuta?' : 'Ainda está disponível? Aceitam troca?');
      await Promise.all([buyer.waitForURL(/\/thanks\?sent=email$/), buyer.locator('form[action$="/inquiries"] button[type=submit]').click()]);
      await buyer.getByText(m.words.copySent).waitFor();
      assert.equal(await horizontalOverflow(buyer), 0);
      await screenshot(buyer, `thanks-email-${m.lang}-phone`);

      // The confirmation: From the dealership's name, Reply-To the lead's own address.
      const confirmation = await s.smtp.waitFor((x) => x.to.includes(m.buyer.email) && x.subject.includes(m.dealer));
      assert.equal(confirmation.parsed.from?.value[0]?.name, m.dealer);
      assert.match(confirmation.replyTo ?? '', /^reply\+[a-z2-7]{26}@replies\.dealers\.test$/);
      const address = confirmation.replyTo!;
      assert.ok(confirmation.text.includes(car.url));
      await showMail(buyer, confirmation.html, `mail-confirmation-${m.lang}-phone`);

      // The salesperson answers from the panel, on a phone.
      const sctx = await phoneContext(browser, m.locale);
      const panel = await sctx.newPage();
      await panel.goto(`${s.base}/panel/sign-in`);
      await submitSignIn(panel, seller);
      await panel.waitForURL(`${s.base}/panel`);
      const lead = await s.store.db.selectFrom('leads').select('id').where('dealer_id', '=', seller.dealerId).executeTakeFirstOrThrow();
      // The answer is one of the salesperson's saved replies, inserted, not typed (issue 37).
      await panel.goto(`${s.base}/panel/leads/replies`);
      await panel.locator('#saved-text').fill(m.words.reply);
      await panel.locator('form[action="/panel/leads/replies"] button[type=submit]').click();
      await panel.waitForURL(/done=added/);
      await panel.goto(`${s.base}/panel/leads/${lead.id}`);
      await panel.locator('#saved').selectOption({ index: 0 });
      await panel.getByRole('button', { name: m.words.insert }).click();
      assert.equal(await panel.getByLabel(m.words.replyLabel).inputValue(), m.words.reply);
      await panel.getByRole('button', { name: m.words.send }).click();
      const reply = await s.smtp.waitFor((x) => x.to.includes(m.buyer.email) && x.text.startsWith(m.words.reply));
      assert.equal(reply.replyTo, address, 'the same address on every mail of the lead');
      await showMail(buyer, reply.html, `mail-reply-${m.lang}-phone`);

      // The buyer answers the reply: once through the SMTP listener, once through the provider's hook.
      const noticesBefore = s.smtp.received.filter((x) => x.to.includes(seller.email)).length;
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
      try {
        await transport.sendMail({ envelope: { from: m.buyer.email, to: [address] }, raw: inboundFixture(m.words.smtpFixture, address) });
      } finally {
        transport.close();
      }
      const hook = await fetch(`${s.base}/inbound/mail`, {
        method: 'POST',
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}` },
        body: inboundFixture(m.words.httpFixture, address),
      });
      assert.equal(hook.status, 202);
      assert.deepEqual(await hook.json(), { accepted: true, lead_id: lead.id });

      // The team's notices, and the answers in the panel, unread.
      await until('two notices', 10_000, async () => s.smtp.received.filter((x) => x.to.includes(seller.email)).length >= noticesBefore + 2);
      const notice = s.smtp.received.filter((x) => x.to.includes(seller.email)).at(-1)!;
      assert.ok(notice.text.startsWith(m.words.notice), notice.text);
      await panel.goto(`${s.base}/panel/leads`);
      await panel.locator(`a[href="/panel/leads/${lead.id}"]`).first().waitFor();
      await panel.getByText(m.words.unread).first().waitFor();
      await panel.goto(`${s.base}/panel/leads/${lead.id}`);
      await panel.getByText(m.words.smtpText).waitFor();
      await panel.getByText(m.words.httpText).waitFor();
      assert.ok(!(await panel.content()).includes('escribió:') && !(await panel.content()).includes('escreveu:'), 'no quoted history');
      assert.equal(await horizontalOverflow(panel), 0);
      await screenshot(panel, `conversation-mail-${m.lang}-phone`);
      await sctx.close();

      // A buyer who leaves only a phone: a call or WhatsApp, with the dealership's button.
      await buyer.goto(car.url);
      await buyer.locator('#f-name').fill(m.lang === 'es' ? 'Jorge Pérez' : 'Carlos Lima');
      await buyer.locator('#f-phone').fill(m.lang === 'es' ? '351 15 444-1111' : '51 99123-4567');
      await buyer.locator('#f-message').fill(m.lang === 'es' ? 'Llamame a la tarde, por favor.' : 'Pode me ligar à tarde?');
      await Promise.all([buyer.waitForURL(/\/thanks\?sent=phone$/), buyer.locator('form[action$="/inquiries"] button[type=submit]').click()]);
      await buyer.getByText(m.words.byPhone).waitFor();
      assert.equal(await buyer.locator(`a.btn.wa[href="${car.url}/contact/whatsapp"]`).count(), 1);
      await screenshot(buyer, `thanks-phone-${m.lang}-phone`);
      await ctx.close();
    });
  }
});
