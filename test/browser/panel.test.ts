// The dealer panel in a real browser (Debian's chromium through playwright-core), against the
// real server with its worker and a real SMTP server: what an owner invited from the CLI does.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { checkPage } from '../support/axe.js';
import { desktopContext, horizontalOverflow, launch, liveServer, phoneContext, screenshot, skipBrowser, type LiveServer } from '../support/browser.js';
import { seedDealer } from '../support/dealers.js';
import { entry } from '../support/entry.js';
import { panelLink } from '../support/smtp.js';
import { STORE_NAME } from '../support/app.js';

const PASSWORD = 'una contraseña bien larga';

function cli(s: LiveServer, ...args: string[]): Promise<string> {
  const [cmd, argv] = entry('cli', ...args);
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { env: { ...process.env, DATABASE_URL: s.url, PUBLIC_BASE_URL: s.base } }, (err, stdout, stderr) =>
      err ? reject(new Error(stderr)) : resolve(stdout),
    ),
  );
}

/** Every page a phone shows must fit its width, and pass axe (P111). */
async function fitsPhone(page: Page, what: string): Promise<void> {
  assert.equal(await horizontalOverflow(page), 0, `${page.url()} scrolls sideways at 375 px`);
  await checkPage(page, `${what} 375`);
}

describe(`panel in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  let slug: string;
  let ownerEmail: string;

  before(async () => {
    s = await liveServer();
    browser = await launch();
    slug = (await seedDealer(s, { markets: ['ar'], name: 'Autos del Sur' })).slug;
    ownerEmail = `owner-${slug}@example.com`;
  });
  after(async () => {
    await browser.close();
    await s.close();
  });

  test('an owner invited from the CLI gets the e-mail, sets a password and is signed in', async () => {
    const out = JSON.parse(await cli(s, 'users', 'invite', '--dealer', slug, '--email', ownerEmail, '--name', 'Marta', '--role', 'owner', '--json')) as {
      invite_url: string;
    };
    const mail = await s.smtp.waitFor((m) => m.to.includes(ownerEmail));
    assert.equal(mail.subject, 'Lo invitaron al panel de Autos del Sur');
    const link = panelLink(mail);
    assert.equal(link, out.invite_url);

    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: '¡Bienvenido! Elija su contraseña' }).waitFor();
    await fitsPhone(page, 'set-password es');
    await screenshot(page, 'set-password');
    // Too short first: the page says why.
    await page.getByLabel('Contraseña nueva').fill('corta');
    await page.getByLabel('Repita la contraseña').fill('corta');
    // The browser would refuse it itself; the server's answer is what is tested.
    await page.evaluate("document.querySelectorAll('input[minlength]').forEach((i) => i.removeAttribute('minlength'))");
    await page.getByRole('button', { name: 'Guardar e ingresar' }).click();
    await page.getByText('La contraseña necesita al menos 12 caracteres.').waitFor();
    await fitsPhone(page, 'set-password refused es');
    await page.getByLabel('Contraseña nueva').fill(PASSWORD);
    await page.getByLabel('Repita la contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Guardar e ingresar' }).click();
    await page.waitForURL(`${s.base}/panel?done=password-set`);
    await page.getByText('Autos del Sur').first().waitFor();
    await fitsPhone(page, 'overview es');
    await screenshot(page, 'overview-phone');

    // The link worked once.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Este enlace ya no funciona' }).waitFor();
    await fitsPhone(page, 'used link es');
    await ctx.close();
  });

  test('a wrong password gets a clear message; the right one signs in', async () => {
    const ctx = await phoneContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${s.base}/panel`);
    await page.waitForURL(/\/panel\/sign-in/);
    await fitsPhone(page, 'sign-in es');
    await screenshot(page, 'sign-in');
    await page.getByLabel('Correo electrónico').fill(ownerEmail);
    await page.getByLabel('Contraseña').fill('no es la contraseña');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Ese correo y esa contraseña no corresponden a una cuenta.', { exact: false }).waitFor();
    await fitsPhone(page, 'sign-in refused es');
    await page.getByLabel('Contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(`${s.base}/panel`);
    await ctx.close();
  });

  test('a form sent without its CSRF token gets a clear page, not an error', async () => {
    const ctx = await desktopContext(browser, 'en-US');
    const page = await ctx.newPage();
    await page.goto(`${s.base}/panel/sign-in`);
    await checkPage(page, 'sign-in en 1280');
    await page.evaluate("document.querySelector('input[name=_csrf]').remove()");
    await page.getByLabel('E-mail').fill(ownerEmail);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'This form has expired' }).waitFor();
    await checkPage(page, 'form expired en 1280');
    await ctx.close();
  });

  test('an expired or unknown link says so', async () => {
    const ctx = await phoneContext(browser, 'pt-BR');
    const page = await ctx.newPage();
    const res = await page.goto(`${s.base}/panel/reset/${'x'.repeat(43)}`);
    assert.equal(res?.status(), 410);
    await page.getByRole('heading', { name: 'Este link não funciona mais' }).waitFor();
    await fitsPhone(page, 'expired link pt');
    await page.getByRole('link', { name: 'Pedir um novo link' }).click();
    await page.getByRole('heading', { name: 'Redefinir a senha' }).waitFor();
    await fitsPhone(page, 'reset pt');
    await ctx.close();
  });
});
