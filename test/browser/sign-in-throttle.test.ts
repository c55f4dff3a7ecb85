// Sign-in throttling in a real browser (P69): a stranger's browser that keeps guessing an
// owner's password is refused, while the owner's own browser, which signed in before and so holds
// the device cookie, still signs in. At 375 px in Spanish and at 1280 px in Portuguese; the
// refusal is words in the page's language, never English or a raw code. Saves the screenshots
// docs/panel.md shows (npm run screenshots).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { desktopContext, horizontalOverflow, launch, liveServer, phoneContext, screenshot, skipBrowser, type LiveServer } from '../support/browser.js';
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { textsOf } from '../../src/core/i18n/index.js';

const USER_TEXTS = textsOf('auth.');

interface Case {
  lang: 'es' | 'pt';
  context: (browser: Browser) => Promise<BrowserContext>;
  markets: string[];
  shot: string;
  signIn: string;
  signOut: string;
  throttled: RegExp;
}

const CASES: Case[] = [
  {
    lang: 'es',
    context: (b) => phoneContext(b, 'es-AR'),
    markets: ['ar'],
    shot: 'sign-in-throttled',
    signIn: 'Iniciar sesión',
    signOut: 'Cerrar sesión',
    throttled: /^Demasiados intentos\. Espere 15 minutos e intente de nuevo, o restablezca su contraseña\.$/,
  },
  {
    lang: 'pt',
    context: (b) => desktopContext(b, 'pt-BR'),
    markets: ['br'],
    shot: 'sign-in-throttled-desktop',
    signIn: 'Entrar',
    signOut: 'Sair',
    throttled: /^Tentativas demais\. Aguarde 15 minutos e tente de novo, ou redefina sua senha\.$/,
  },
];

/** Sends the sign-in form; the status of the answer. */
async function trySignIn(page: Page, c: Case, email: string, password: string): Promise<number> {
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/panel/sign-in') && r.request().method() === 'POST'),
    page.getByRole('button', { name: c.signIn, exact: true }).click(),
  ]);
  await page.waitForLoadState('load');
  return res.status();
}

/** Words only, and only the page's: no English sentence of the sign-in pages, no code, no status number. */
async function wordsOnly(page: Page, lang: Case['lang']): Promise<void> {
  const text = await page.evaluate<string>('document.body.innerText');
  const own = Object.values(USER_TEXTS[lang]);
  for (const phrase of Object.values(USER_TEXTS.en).filter((v): v is string => typeof v === 'string' && v.length > 6 && !own.includes(v))) {
    assert.ok(!text.includes(phrase), `English on the ${lang} page: ${phrase}`);
  }
  assert.doesNotMatch(text, /Too many|Wait \d|rate_limited|\b[a-z]+_[a-z_]+\b|\b429\b/);
}

describe(`sign-in throttling in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;

  before(async () => {
    s = await liveServer();
    browser = await launch();
  });
  after(async () => {
    await browser.close();
    await s.close();
  });

  for (const c of CASES) {
    test(`${c.lang}: a stranger guessing is refused; the owner’s own browser signs in`, async () => {
      const owner: SeededUser = await seedPanelUser(s, { markets: c.markets, name: 'Dueña' });
      const ownerCtx = await c.context(browser);
      const attackerCtx = await c.context(browser);
      try {
        // The owner signs in once (one of the account's ten untrusted tries), then signs out.
        const mine = await ownerCtx.newPage();
        await mine.goto(`${s.base}/panel/sign-in`);
        await checkPage(mine, `sign-in ${c.lang}`);
        assert.equal(await trySignIn(mine, c, owner.email, owner.password), 303);
        assert.equal(new URL(mine.url()).pathname, '/panel');
        const device = (await ownerCtx.cookies()).find((k) => k.name === 'di_device');
        assert.ok(device, 'the browser got a device cookie');
        assert.deepEqual([device.path, device.httpOnly, device.sameSite], ['/panel/sign-in', true, 'Lax']);
        await mine.getByRole('button', { name: c.signOut }).click();
        await mine.waitForURL(/\/panel\/sign-in\?done=signed-out/);
        await checkPage(mine, `signed out ${c.lang}`);

        // A stranger's browser guesses: nine wrong answers, then refused, and refused even when right.
        const theirs = await attackerCtx.newPage();
        await theirs.goto(`${s.base}/panel/sign-in`);
        const answers: number[] = [];
        for (let i = 0; i < 10; i++) answers.push(await trySignIn(theirs, c, owner.email, `adivinanza número ${i}`));
        assert.deepEqual(answers, [...Array<number>(9).fill(401), 429]);
        const notice = (await theirs.locator('p.notice.bad').textContent())?.trim() ?? '';
        assert.match(notice, c.throttled);
        assert.equal(await theirs.locator('#email').inputValue(), owner.email, 'the form keeps the address');
        await wordsOnly(theirs, c.lang);
        if (c.lang === 'es') assert.equal(await horizontalOverflow(theirs), 0, 'fits a 375 px phone');
        await checkPage(theirs, `sign-in throttled ${c.lang}`);
        await screenshot(theirs, c.shot);
        assert.equal(await trySignIn(theirs, c, owner.email, owner.password), 429, 'the right password waits too');

        // The owner's browser, with its device cookie, signs in.
        await mine.goto(`${s.base}/panel/sign-in`);
        assert.equal(await trySignIn(mine, c, owner.email, owner.password), 303);
        assert.equal(new URL(mine.url()).pathname, '/panel');
        await mine.getByRole('button', { name: c.signOut }).waitFor();
      } finally {
        await ownerCtx.close();
        await attackerCtx.close();
      }
    });
  }
});
