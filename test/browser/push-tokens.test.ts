// Push tokens are the owners' (D39, P64), in a real browser at 375 px and 1280 px, in Spanish and
// Portuguese: staff see the dealership's feeds, who made each and its last use, but no form to
// make or revoke one; an owner makes one, and once it has pushed a file the page names the owner
// and the time. No English word of these pages and no raw code shows on them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import { csv, csvCar } from '../feeds/support.js';

/** The English of these pages, and the stored codes behind them: none may show on a Spanish or Portuguese page. */
const FOREIGN = [
  'Created by',
  'Address last used',
  'Never',
  'The service operator',
  'Unknown',
  'Only the dealership',
  'Create feed',
  'Revoke feed',
  'Owners only',
  'operator',
  'unknown',
  'owners_only',
  'created_by',
  'last_used',
  'undefined',
  'null',
];

async function noForeignWords(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  for (const word of FOREIGN) assert.ok(!text.includes(word), `"${word}" on ${page.url()}`);
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    words: {
      madeBy: 'Creado por',
      lastUsed: 'Último uso de la dirección',
      never: 'Nunca',
      ownersOnly: 'Solo los titulares del concesionario pueden crear y revocar feeds',
      create: 'Crear feed',
      revoke: 'Revocar feed',
    },
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    words: {
      madeBy: 'Criado por',
      lastUsed: 'Último uso do endereço',
      never: 'Nunca',
      ownersOnly: 'Só os titulares da concessionária podem criar e revogar feeds',
      create: 'Criar feed',
      revoke: 'Revogar feed',
    },
  },
] as const;

describe(`push tokens in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
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
      test(`${l.lang}, ${v.width} px: staff see no form to make or revoke a feed; an owner makes one and sees who made it and its last use`, async () => {
        const ownerName = `Marta ${l.lang.toUpperCase()} ${v.width}`;
        const owner = await seedPanelUser(s, { markets: [l.market], name: ownerName });
        const staff = await seedPanelUser(s, { role: 'staff', slug: owner.slug, name: 'Pedro Vendedor' });

        // Staff first: no feed yet, and no form to make one.
        const { ctx: staffCtx, page: sp } = await signedInPage(browser, s.base, staff, v.open, l.locale);
        contexts.push(staffCtx);
        await sp.goto(`${s.base}/panel/feeds`);
        await sp.getByText(l.words.ownersOnly).waitFor();
        assert.equal(await sp.locator('form[action="/panel/feeds/tokens"]').count(), 0, 'no form to make a feed');
        assert.equal(await sp.getByRole('button', { name: l.words.create }).count(), 0);
        assert.equal(await horizontalOverflow(sp), 0, 'fits the width');
        await noForeignWords(sp);
        await checkPage(sp, `feeds staff ${l.lang} ${v.width}`);

        // The owner makes a feed; the page names them and "never".
        const { ctx: ownerCtx, page: op } = await signedInPage(browser, s.base, owner, v.open, l.locale);
        contexts.push(ownerCtx);
        await op.goto(`${s.base}/panel/feeds`);
        await op.locator('form[action="/panel/feeds/tokens"] [name=source]').selectOption('api');
        await op.getByRole('button', { name: l.words.create }).click();
        const pushUrl = ((await op.locator('#push-url').textContent()) ?? '').trim();
        assert.match(pushUrl, /\/v1\/feeds\/[0-9a-f-]{36}\/$/);
        await checkPage(op, `feed created ${l.lang} ${v.width}`);
        await op.goto(`${s.base}/panel/feeds`);
        const card = op.locator('section.card').filter({ hasText: l.words.revoke }).first();
        const value = (label: string) => card.locator(`dt:text-is("${label}") + dd`).innerText();
        assert.equal(await value(l.words.madeBy), ownerName);
        assert.equal(await value(l.words.lastUsed), l.words.never);

        // A push: the time of its last use shows.
        const photos = [1, 2, 3].map((n) => `http://127.0.0.1/p/${n}.jpg`).join('|');
        const pushed = await fetch(pushUrl, {
          method: 'POST',
          headers: { 'content-type': 'text/csv' },
          body: csv([csvCar(`B-${l.lang}-${v.width}`, { photos })]),
        });
        assert.equal(pushed.status, 200, await pushed.text());
        await op.goto(`${s.base}/panel/feeds`);
        const lastUse = await value(l.words.lastUsed);
        assert.notEqual(lastUse, l.words.never);
        assert.doesNotMatch(lastUse, /UTC/, "in the dealership's time zone (D32)");
        assert.equal(await horizontalOverflow(op), 0, 'fits the width');
        await noForeignWords(op);
        await checkPage(op, `feeds owner ${l.lang} ${v.width}`);
        // Four pictures, not eight: each role in each language, once at each width (owner es 1280,
        // staff es 375, owner pt 375, staff pt 1280).
        const pictured = (l.lang === 'es') === (v.name === 'desktop');
        if (pictured) await screenshot(op, `feeds-owner-${l.lang}-${v.name}`);

        // Staff see it too, who made it and its last use, and still no revoke button.
        await sp.goto(`${s.base}/panel/feeds`);
        const staffCard = sp.locator('section.card').filter({ hasText: l.words.madeBy }).first();
        await staffCard.waitFor();
        assert.equal(await staffCard.locator(`dt:text-is("${l.words.lastUsed}") + dd`).innerText(), lastUse);
        assert.equal(await sp.getByRole('button', { name: l.words.revoke }).count(), 0, 'no revoke button');
        await noForeignWords(sp);
        await checkPage(sp, `feeds staff with a feed ${l.lang} ${v.width}`);
        if (!pictured) await screenshot(sp, `feeds-staff-${l.lang}-${v.name}`);
      });
    }
  }
});
