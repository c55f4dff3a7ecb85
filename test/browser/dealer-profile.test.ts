// The dealership profile page (D32, P81) in a real browser, at 375 px and 1280 px, in Spanish and
// Portuguese: an owner types the numbers as people of the market write them, saves, and sees them
// again in the national format with the time zone chosen; staff read it without a form. No
// English word or raw code on the page, nothing wider than the screen, and axe-core finds no
// serious or critical violation (the counts are printed). The owner uploads a logo (P132) from a
// file, sees it on the page and on the storefront; a file that is no image is said so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkPage } from '../support/axe.js';
import { STORE_NAME } from '../support/app.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import sharp from 'sharp';

/** A logo as a designer sends it: a PNG, wider than tall. */
const logoPng = (letters: string, fill: string): Promise<Buffer> =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><rect x="8" y="8" width="464" height="224" rx="40" fill="${fill}"/><circle cx="120" cy="120" r="70" fill="#f5b400"/><text x="220" y="150" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="90" fill="#fff">${letters}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

const FOREIGN = [
  'Phone',
  'Address',
  'Website',
  'Opening hours',
  'Time zone',
  'Save profile',
  'Upload logo',
  'Logo of',
  'image_',
  'phone_invalid',
  'time_zone',
  'opening_hours',
  'undefined',
  'null',
  // A time zone's path (the select shows "Córdoba (hora de Argentina)", P110).
  'America/',
  'America /',
];

async function check(page: Page, what: string): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const word of FOREIGN) assert.ok(!text.includes(word), `"${word}" on ${what}`);
  assert.equal(await horizontalOverflow(page), 0, `${what} fits the width`);
  await checkPage(page, `profile ${what}`);
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    typed: {
      phone: '11 4444-2222',
      whatsapp: '11 4444 2222',
      address: 'Av. Corrientes 1234, CABA',
      website: 'autosdelsur.com.ar',
      hours: 'Lun a vie de 9 a 18, sáb de 9 a 13',
    },
    shown: { phone: '011 4444-2222', whatsapp: '011 15-4444-2222' },
    stored: { phone: '+541144442222', whatsapp: '+5491144442222' },
    zone: 'America/Cordoba',
    words: { title: 'Perfil de la concesionaria', save: 'Guardar perfil', saved: 'El perfil se guardó.', ownersOnly: 'Solo los dueños' },
    logo: { upload: 'Subir logo', saved: 'El logo se guardó.', alt: 'Logo de', notImage: 'no es una imagen JPEG, PNG ni WebP', remove: 'Quitar logo' },
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    typed: {
      phone: '(11) 3444-2222',
      whatsapp: '11 91234 5678',
      address: 'Av. Paulista 1000, São Paulo',
      website: 'autosdosul.com.br',
      hours: 'Seg a sex das 9 às 18',
    },
    shown: { phone: '(11) 3444-2222', whatsapp: '(11) 91234-5678' },
    stored: { phone: '+551134442222', whatsapp: '+5511912345678' },
    zone: 'America/Manaus',
    words: { title: 'Perfil da concessionária', save: 'Salvar perfil', saved: 'O perfil foi salvo.', ownersOnly: 'Só os donos' },
    logo: {
      upload: 'Enviar logotipo',
      saved: 'O logotipo foi salvo.',
      alt: 'Logotipo de',
      notImage: 'não é uma imagem JPEG, PNG nem WebP',
      remove: 'Remover logotipo',
    },
  },
] as const;

describe(`dealership profile in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  before(async () => {
    s = await liveServer();
    browser = await launch();
  });
  after(async () => {
    for (const c of contexts) await c.close();
    await browser.close();
    await s.close();
  });

  for (const l of LANGS) {
    for (const v of VIEWS) {
      test(`${l.lang}, ${v.width} px: an owner fills the profile as people write numbers there; staff read it`, async () => {
        const owner = await seedPanelUser(s, { markets: [l.market] });
        const { ctx, page } = await signedInPage(browser, s.base, owner, v.open, l.locale);
        contexts.push(ctx);
        await page.goto(`${s.base}/panel/profile`);
        await page.getByRole('heading', { name: l.words.title }).waitFor();
        await check(page, `${l.lang} ${v.width} empty form`);

        await page.locator('#phone').fill(l.typed.phone);
        await page.locator('#whatsapp').fill(l.typed.whatsapp);
        await page.locator('#address').fill(l.typed.address);
        await page.locator('#website').fill(l.typed.website);
        await page.locator('#opening_hours').fill(l.typed.hours);
        await page.locator('#time_zone').selectOption(l.zone);
        await page.getByRole('button', { name: l.words.save }).click();
        await page.getByText(l.words.saved).waitFor();
        assert.equal(await page.locator('#phone').inputValue(), l.shown.phone);
        assert.equal(await page.locator('#whatsapp').inputValue(), l.shown.whatsapp);
        assert.equal(await page.locator('#time_zone').inputValue(), l.zone);
        const row = await s.store.db.selectFrom('dealers').selectAll().where('id', '=', owner.dealerId).executeTakeFirstOrThrow();
        assert.equal(row.phone, l.stored.phone);
        assert.equal(row.whatsapp, l.stored.whatsapp);
        await check(page, `${l.lang} ${v.width} saved`);
        await screenshot(page, `profile-${l.lang}-${v.name}`);

        // A number nobody can dial: the field says so, in the page's language, and keeps what was typed.
        await page.locator('#whatsapp').fill('123');
        await page.getByRole('button', { name: l.words.save }).click();
        await page.locator('#whatsapp-error').waitFor();
        assert.equal(await page.locator('#whatsapp').getAttribute('aria-invalid'), 'true');
        assert.equal(await page.locator('#whatsapp').inputValue(), '123');
        await check(page, `${l.lang} ${v.width} refused`);
        if (v.name === 'phone') await screenshot(page, `profile-error-${l.lang}-${v.name}`);

        // The logo (P132): a file that is no image is said so in the page's language; a PNG is taken.
        await page.goto(`${s.base}/panel/profile`);
        await page.locator('#logo').setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
        await page.getByRole('button', { name: l.logo.upload }).click();
        await page.locator('#logo-error').waitFor();
        assert.ok((await page.locator('#logo-error').innerText()).includes(l.logo.notImage));
        await check(page, `${l.lang} ${v.width} logo refused`);
        await page.locator('#logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng(l.lang === 'es' ? 'AS' : 'CS', '#0b3d91') });
        await page.getByRole('button', { name: l.logo.upload }).click();
        await page.getByText(l.logo.saved).waitFor();
        const shown = page.locator('img.dealer-logo');
        assert.ok((await shown.getAttribute('alt'))!.startsWith(l.logo.alt));
        assert.deepEqual([await shown.getAttribute('width'), await shown.getAttribute('height')], ['256', '128']);
        await page.waitForFunction(
          (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
          await shown.elementHandle(),
          { timeout: 10_000 },
        );
        await page.getByRole('button', { name: l.logo.remove }).waitFor();
        await check(page, `${l.lang} ${v.width} logo`);
        await screenshot(page, `profile-logo-${l.lang}-${v.name}`);
        // Buyers see it on the storefront.
        const sf = await ctx.newPage();
        await sf.goto(`${s.base}/dealers/${owner.slug}`);
        const onStorefront = sf.locator('.store-head img.logo');
        assert.ok((await onStorefront.getAttribute('alt'))!.startsWith(l.logo.alt));
        await sf.waitForFunction(
          (img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth > 0,
          await onStorefront.elementHandle(),
          { timeout: 10_000 },
        );
        await sf.close();

        const staff = await seedPanelUser(s, { role: 'staff', slug: owner.slug });
        const { ctx: sctx, page: sp } = await signedInPage(browser, s.base, staff, v.open, l.locale);
        contexts.push(sctx);
        await sp.goto(`${s.base}/panel/profile`);
        await sp.getByText(l.words.ownersOnly).waitFor();
        assert.equal(await sp.locator('form[action="/panel/profile"]').count(), 0, 'no form for staff');
        assert.ok((await sp.locator('main').innerText()).includes(l.shown.whatsapp));
        await check(sp, `${l.lang} ${v.width} staff`);
        if (v.name === 'phone') await screenshot(sp, `profile-staff-${l.lang}-${v.name}`);
      });
    }
  }
});
