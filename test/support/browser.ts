// Real-browser tests: playwright-core driving Debian's chromium against a real server (listening
// on loopback, with its job worker) and a real SMTP server. Without a browser the tests are
// skipped with a message saying how to install one; in CI a missing browser is a failure.
import sharp from 'sharp';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { systemClock } from '../../src/core/clock.js';
import type { AppOptions } from '../../src/app.js';
import { makeApp, type TestApp } from './app.js';
import { freePort } from './server-process.js';
import { TestSmtpServer } from './smtp.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const CHROMIUM = CANDIDATES.find((p): p is string => !!p && fs.existsSync(p));

/** The reason to skip browser tests, or false to run them (never skipped in CI). */
export const skipBrowser: string | false = CHROMIUM
  ? false
  : process.env.CI
    ? false
    : 'no Chromium found: run `bash scripts/browser.sh` (installs Debian’s chromium) or set CHROMIUM_PATH';

/** Debian's chromium, headless; `args` added to the usual flags (a debugging port for Lighthouse). */
export async function launch(args: string[] = []): Promise<Browser> {
  if (!CHROMIUM) throw new Error('no Chromium to drive (CI installs Debian’s chromium with scripts/browser.sh)');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...args,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface LiveServer extends TestApp {
  base: string;
  smtp: TestSmtpServer;
}

/** The service listening on loopback, its worker running, mail going to a test SMTP server. */
export async function liveServer(env: Record<string, string> = {}, options: Pick<AppOptions, 'outbound'> = {}): Promise<LiveServer> {
  const smtp = new TestSmtpServer();
  const smtpUrl = await smtp.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await makeApp({
    env: { PUBLIC_BASE_URL: base, SMTP_URL: smtpUrl, MAIL_FROM: 'Dealer Inventory <no-reply@dealers.test>', JOB_POLL_INTERVAL: '200ms', ...env },
    // The browser tests' time is real: sessions, links and jobs run on the wall clock.
    clock: systemClock,
    ...options,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  t.app.services.jobs.start();
  return {
    ...t,
    base,
    smtp,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}

/** A phone-sized page (375 × 740, touch), in the language asked for. */
export async function phoneContext(browser: Browser, locale = 'es-AR'): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale });
}

export async function desktopContext(browser: Browser, locale = 'es-AR'): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 860 }, locale });
}

/** The two sizes every panel page is checked at: a phone (375 px) and a desktop (1280 px). */
export const VIEWS = [
  { name: 'phone', width: 375, open: phoneContext },
  { name: 'desktop', width: 1280, open: desktopContext },
] as const;

/** Whether the page scrolls sideways (the phone rule: it must not). */
export async function horizontalOverflow(page: Page): Promise<number> {
  // A string: the test program is type-checked without the DOM's types.
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** Saves a screenshot when PANEL_SCREENSHOTS names a folder (scripts/panel-screenshots.sh). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.PANEL_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  // A palette PNG: a third of the size of chromium's own, and plenty for reading a page.
  const shot = await page.screenshot({ fullPage: true });
  await sharp(shot)
    .png({ palette: true, quality: 80, compressionLevel: 9 })
    .toFile(path.join(dir, `${name}.png`));
}

/** Fills and sends the sign-in form of the page shown (the sign-in page, or where a panel link led signed out). */
export async function submitSignIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.locator('#email').fill(user.email);
  await page.locator('#password').fill(user.password);
  await page.locator('form[action="/panel/sign-in"] button[type=submit]').click();
}

/** Signs `user` in through the sign-in form and waits for the overview. */
async function signIn(page: Page, base: string, user: { email: string; password: string }): Promise<void> {
  await page.goto(`${base}/panel/sign-in`);
  await submitSignIn(page, user);
  await page.waitForURL(`${base}/panel`);
}

/**
 * A new context (`open`: a phone or desktop one, in `locale`) with a page signed in as `user`, on
 * the overview. The caller closes the context; it is closed here if the sign-in fails.
 */
export async function signedInPage(
  browser: Browser,
  base: string,
  user: { email: string; password: string },
  open: (b: Browser, locale?: string) => Promise<BrowserContext> = desktopContext,
  locale?: string,
): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await open(browser, locale);
  try {
    const page = await ctx.newPage();
    await signIn(page, base, user);
    return { ctx, page };
  } catch (err) {
    await ctx.close();
    throw err;
  }
}
