// The panel's side of Web Push without a browser (issue 37 §5, P216, P218): the card on My
// account, the subscription forms (CSRF, checked input → 400 page, only one's own browser turned
// off, at most DEVICES_MAX per user), the manifest, the service worker's scope header and the
// icons; the pages' Content-Security-Policy stays as strict.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import vm from 'node:vm';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { DEVICES_MAX } from '../../src/modules/push/schemas.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient, type PanelClient, type SeededUser } from '../support/panel.js';

const aKey = () => {
  const e = crypto.createECDH('prime256v1');
  e.generateKeys();
  return { p256dh: e.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
};

describe(`panel: phone notifications (${STORE_NAME})`, () => {
  let t: TestApp;
  let a: { client: PanelClient; user: SeededUser };
  let b: { client: PanelClient; user: SeededUser };
  const rows = () => t.store.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();

  before(async () => {
    t = await makeApp({ env: { PUBLIC_BASE_URL: 'https://cars.example.com' } });
    a = await signedInClient(t, { role: 'staff' });
    b = await signedInClient(t, { role: 'owner' });
  });
  after(() => t.close());

  test('My account shows the card with the VAPID public key; turning on keeps the browser’s subscription', async () => {
    const page = await a.client.get('/panel/account');
    assert.equal(page.status, 200);
    assert.ok(page.body.includes(`data-push-key="${t.app.services.push.vapid.publicKey}"`));
    assert.match(page.body, /Avisos en este dispositivo/);
    assert.match(page.body, /Ningún dispositivo suyo los tiene activados/);
    const k = aKey();
    const res = await a.client.post('/panel/account/push', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', ...k });
    assert.equal(res.status, 303);
    assert.equal(res.location, '/panel/account?push=on#push');
    const again = await a.client.get('/panel/account?push=on');
    assert.match(again.body, /Avisos activados en este dispositivo/);
    assert.match(again.body, /1 dispositivo suyo los tiene activados/);
    assert.deepEqual(
      (await rows()).map((r) => [r.endpoint, r.p256dh, r.auth, Number(r.dealer_id)]),
      [['https://fcm.googleapis.com/fcm/send/abc', k.p256dh, k.auth, a.user.dealerId]],
    );
  });

  test('what is not a subscription is a 400 page; without the CSRF token, 403; nothing kept', async () => {
    const k = aKey();
    await a.client.get('/panel/account');
    for (const bad of [
      { endpoint: 'http://push.example.com/x', ...k },
      { endpoint: 'not a url', ...k },
      { endpoint: `https://push.example.com/${'x'.repeat(1100)}`, ...k },
      { endpoint: 'https://user:pw@push.example.com/x', ...k },
      { endpoint: 'https://push.example.com/x', p256dh: k.auth, auth: k.auth },
      { endpoint: 'https://push.example.com/x', p256dh: k.p256dh, auth: 'short' },
      { endpoint: 'https://push.example.com/x', p256dh: '!!!', auth: k.auth },
    ]) {
      const res = await a.client.post('/panel/account/push', bad);
      assert.equal(res.status, 400, JSON.stringify(bad).slice(0, 80));
    }
    assert.equal((await a.client.post('/panel/account/push', { endpoint: 'https://push.example.com/y', ...k, _csrf: 'nope' })).status, 403);
    assert.equal((await rows()).length, 1);
  });

  test('turning off removes only one’s own browser; the same browser signed in by another user moves to them', async () => {
    await b.client.get('/panel/account');
    await b.client.post('/panel/account/push/off', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    assert.equal((await rows()).length, 1, 'another user cannot turn off someone’s browser');
    await b.client.post('/panel/account/push', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', ...aKey() });
    assert.deepEqual(
      (await rows()).map((r) => Number(r.dealer_id)),
      [b.user.dealerId],
    );
    await b.client.get('/panel/account');
    const off = await b.client.post('/panel/account/push/off', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    assert.equal(off.location, '/panel/account?push=off#push');
    assert.equal((await rows()).length, 0);
  });

  test(`a user keeps at most ${DEVICES_MAX} browsers: the oldest gives way`, async () => {
    await a.client.get('/panel/account');
    for (let i = 0; i <= DEVICES_MAX; i++) {
      manualClock(t).advance(1000);
      await a.client.post('/panel/account/push', { endpoint: `https://push.example.com/d${i}`, ...aKey() });
    }
    const kept = (await rows()).map((r) => r.endpoint);
    assert.equal(kept.length, DEVICES_MAX);
    assert.ok(!kept.includes('https://push.example.com/d0'));
  });

  test('the manifest, the service worker for /panel and the icons; the pages keep their strict policy', async () => {
    const m = await t.app.inject({ url: '/panel/manifest.webmanifest', headers: { 'accept-language': 'pt-BR' } });
    assert.equal(m.statusCode, 200);
    assert.match(String(m.headers['content-type']), /^application\/manifest\+json/);
    const manifest = m.json();
    assert.equal(manifest.name, 'Painel da concessionária');
    assert.deepEqual([manifest.start_url, manifest.scope, manifest.display, manifest.theme_color], ['/panel', '/panel', 'standalone', '#0b5cad']);
    for (const i of manifest.icons as { src: string; sizes: string }[]) {
      const png = await t.app.inject({ url: i.src });
      assert.equal(png.headers['content-type'], 'image/png');
      const meta = await sharp(png.rawPayload).metadata();
      assert.equal(`${meta.width}x${meta.height}`, i.sizes);
    }
    const sw = await t.app.inject({ url: '/panel/sw.js' });
    assert.equal(sw.statusCode, 200);
    assert.equal(sw.headers['service-worker-allowed'], '/panel');
    assert.match(String(sw.headers['content-type']), /^text\/javascript/);
    assert.doesNotThrow(() => new vm.Script(sw.body), 'the worker parses');
    const page = await a.client.get('/panel/account');
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.ok(!csp.includes('unsafe'));
    assert.match(page.body, /<link rel="manifest" href="\/panel\/manifest.webmanifest">/);
  });
});
