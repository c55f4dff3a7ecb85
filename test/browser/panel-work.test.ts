// An owner's day in the panel, in a real browser against the live server: an API key that works,
// a feed read from its URL with its report, a webhook tested and its delivery seen, a car marked
// sold and its vehicle.sold delivered, another dealership's pages answering 404, and every page
// readable on a 375 px phone. Saves the screenshots docs/panel.md shows (npm run screenshots).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
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
import { seedPanelUser, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { csv, csvCar } from '../feeds/support.js';

describe(`an owner's work in the panel, in a browser (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  let page: Page;
  let owner: SeededUser;
  let rx: Receiver;
  const photos = new PhotoHost();
  let feedServer: http.Server;
  let feedUrl = '';

  before(async () => {
    rx = await startReceiver();
    await photos.start();
    feedServer = http.createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/csv' })
        .end(csv([csvCar('FEED-1', { photos: [1, 2, 3].map((n) => `${photos.base}/p/${n}.jpg`).join('|') }), csvCar('FEED-2', { year: 1800 })]));
    });
    await new Promise<void>((r) => feedServer.listen(0, '127.0.0.1', r));
    feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/stock.csv`;
    const outbound = createOutbound({
      allowPrivateNetworks: true,
      allowedPorts: [80, 443, rx.port, (feedServer.address() as AddressInfo).port, Number(new URL(photos.base).port)],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      ca: rx.cert,
    });
    s = await liveServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { outbound });
    browser = await launch();
    owner = await seedPanelUser(s, { role: 'owner', markets: ['us'], name: 'Dana' });
    ({ page } = await signedInPage(browser, s.base, owner, desktopContext, 'en-US'));
  });
  after(async () => {
    await browser.close();
    await s.close();
    await rx.close();
    await photos.stop();
    feedServer.close();
  });

  test('an API key created in the panel calls GET /v1/me', async () => {
    await page.goto(`${s.base}/panel/keys`);
    await checkPage(page, 'keys en 1280');
    await screenshot(page, 'keys');
    await page.locator('#name').fill('Website');
    await page.locator('form[action="/panel/keys"] button[type=submit]').click();
    const key = (await page.locator('.secret code').first().textContent())?.trim() ?? '';
    assert.match(key, /^dik_/);
    await checkPage(page, 'key created en 1280');
    await screenshot(page, 'key-created');
    const me = await fetch(`${s.base}/v1/me`, { headers: { authorization: `Bearer ${key}` } });
    assert.equal(me.status, 200);
    assert.equal(((await me.json()) as { dealer: { slug: string } }).dealer.slug, owner.slug);
    await page.goto(`${s.base}/panel/keys`);
    await page.getByText('Website').first().waitFor();
  });

  test('a feed URL is read on "Read now" and its import report shows the row that failed', async () => {
    await page.goto(`${s.base}/panel/feeds`);
    await page.locator('form[action="/panel/feeds/tokens"] [name=url]').fill(feedUrl);
    await page.locator('form[action="/panel/feeds/tokens"] button[type=submit]').click();
    await page.locator('#push-url').waitFor();
    await checkPage(page, 'feed created en 1280');
    await page.goto(`${s.base}/panel/feeds`);
    await page.getByRole('button', { name: 'Read now' }).first().click();
    await until('the import done', 20_000, async () => {
      const row = await s.store.db.selectFrom('feed_imports').select('result').where('trigger', '=', 'pull').executeTakeFirst();
      return row !== undefined && row.result !== 'running';
    });
    await page.goto(`${s.base}/panel/feeds`);
    await checkPage(page, 'feeds en 1280');
    await screenshot(page, 'feeds');
    await page.getByRole('link', { name: 'See report' }).first().click();
    await page.getByText('FEED-2').first().waitFor();
    await checkPage(page, 'import report en 1280');
    await screenshot(page, 'feed-import');
  });

  test('a webhook created in the panel gets its test, and the delivery log shows it', async () => {
    await page.goto(`${s.base}/panel/webhooks`);
    await page.locator('form[action="/panel/webhooks"] [name=url]').fill(`https://hooks.test:${rx.port}/ok`);
    await page.locator('form[action="/panel/webhooks"] button[type=submit]').click();
    await page.locator('.secret code').first().waitFor();
    await checkPage(page, 'webhook created en 1280');
    await page.goto(`${s.base}/panel/webhooks`);
    await checkPage(page, 'webhooks en 1280');
    await screenshot(page, 'webhooks');
    await page.getByRole('button', { name: 'Send test' }).first().click();
    await page.getByText(/Test delivered \(HTTP 200\)/).waitFor();
    assert.ok(rx.received.some((r) => r.path === '/ok'));
    await checkPage(page, 'webhook deliveries en 1280');
    await screenshot(page, 'webhook-deliveries');
    await page.goto(`${s.base}/panel/users`);
    await checkPage(page, 'users en 1280');
    await screenshot(page, 'users');
  });

  test('a car marked sold from its page is delivered as vehicle.sold to the webhook', async () => {
    await publishCar(s, owner.key, photos, 'US-7', { brand: 'Ford', model: 'Focus', year: 2018 });
    await until('the car on sale', 20_000, async () => {
      const row = await s.store.db.selectFrom('vehicles').select('status').where('external_id', '=', 'US-7').executeTakeFirst();
      return row?.status === 'active';
    });
    await page.goto(`${s.base}/panel/inventory`);
    await checkPage(page, 'inventory en 1280');
    await screenshot(page, 'inventory');
    await page.getByRole('link', { name: 'US-7' }).first().click();
    await page.getByRole('button', { name: 'Mark as sold' }).waitFor();
    await checkPage(page, 'car en 1280');
    await screenshot(page, 'car');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Mark as sold' }).click();
    await page.getByText('The car is marked as sold.').waitFor();
    await checkPage(page, 'car sold en 1280');
    const sold = await until('vehicle.sold at the receiver', 20_000, () =>
      rx.received.find((r) => r.raw.toString('utf8').includes('"vehicle.sold"') && r.raw.toString('utf8').includes('US-7')),
    );
    assert.equal(sold.path, '/ok');
  });

  test('another dealership’s owner gets 404 on these pages', async () => {
    const other = await seedPanelUser(s, { role: 'owner', markets: ['us'] });
    const { ctx: otherCtx, page: p } = await signedInPage(browser, s.base, other, desktopContext, 'en-US');
    const hook = await s.store.db.selectFrom('webhooks').select('id').where('dealer_id', '=', owner.dealerId).executeTakeFirstOrThrow();
    const imp = await s.store.db
      .selectFrom('feed_imports')
      .innerJoin('feeds', 'feeds.id', 'feed_imports.feed_id')
      .select('feed_imports.id')
      .where('feeds.dealer_id', '=', owner.dealerId)
      .executeTakeFirstOrThrow();
    const car = await s.store.db.selectFrom('vehicles').select('id').where('dealer_id', '=', owner.dealerId).executeTakeFirstOrThrow();
    for (const path of [`/panel/webhooks/${hook.id}`, `/panel/feeds/imports/${imp.id}`, `/panel/inventory/${car.id}`]) {
      const res = await p.goto(`${s.base}${path}`);
      assert.equal(res?.status(), 404, path);
      await p.getByRole('heading', { name: 'Not found' }).waitFor();
    }
    await checkPage(p, 'not found en 1280');
    await screenshot(p, 'not-found');
    await otherCtx.close();
  });

  test('every page fits a 375 px phone', async () => {
    const { ctx: phone, page: p } = await signedInPage(browser, s.base, owner, phoneContext, 'en-US');
    const hook = await s.store.db.selectFrom('webhooks').select('id').where('dealer_id', '=', owner.dealerId).executeTakeFirstOrThrow();
    const car = await s.store.db.selectFrom('vehicles').select('id').where('dealer_id', '=', owner.dealerId).executeTakeFirstOrThrow();
    const imp = await s.store.db.selectFrom('feed_imports').select('id').where('dealer_id', '=', owner.dealerId).executeTakeFirstOrThrow();
    const pages = [
      '/panel',
      '/panel/inventory',
      `/panel/inventory/${car.id}`,
      `/panel/feeds/imports/${imp.id}`,
      '/panel/feeds',
      '/panel/keys',
      '/panel/webhooks',
      `/panel/webhooks/${hook.id}`,
      '/panel/users',
      '/panel/account',
      '/panel/leads',
    ];
    for (const path of pages) {
      const res = await p.goto(`${s.base}${path}`);
      assert.equal(res?.status(), 200, path);
      assert.equal(await horizontalOverflow(p), 0, `${path} scrolls sideways at 375 px`);
      await checkPage(p, `${path} en 375`);
    }
    await p.goto(`${s.base}/panel/inventory`);
    await screenshot(p, 'inventory-phone');
    await p.goto(`${s.base}/panel/account`);
    await screenshot(p, 'account');
    await phone.close();
  });
});
