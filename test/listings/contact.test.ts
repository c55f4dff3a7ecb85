// D34 contact channels (P84): /listings/{id}/contact/phone → 302 tel:+E164, …/whatsapp → 302
// wa.me with a message naming the car and its link in the market's language; the public 404
// page when the dealership has no such number or the car is not public; each redirect reaches
// the onContact hook.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { seedDealer } from '../support/dealers.js';
import { publishCar } from '../support/cars.js';
import { PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';

describe(`contact redirects (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  const contacts: [string, string][] = [];

  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE }, onContact: (id, channel) => contacts.push([id, channel]) });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('phone and WhatsApp of an Argentine dealership; 404 without a number, for an unknown car or channel', async () => {
    const { key, slug } = await seedDealer(t, { markets: ['ar'] });
    const car = await publishCar(t, key, host, 'C-1');
    const go = (path: string) => t.app.inject({ url: `/listings/${car.listing_id}/contact/${path}` });
    // No numbers yet: the public 404 page.
    for (const c of ['phone', 'whatsapp']) {
      const r = await go(c);
      assert.equal(r.statusCode, 404);
      assert.match(String(r.headers['content-type']), /text\/html/);
    }
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, slug), { phone: '11 4444-2222', whatsapp: '11 4444 2222' });
    const phone = await go('phone');
    assert.equal(phone.statusCode, 302);
    assert.equal(phone.headers.location, 'tel:+541144442222');
    const wa = await go('whatsapp');
    assert.equal(wa.statusCode, 302);
    const url = new URL(String(wa.headers.location));
    assert.equal(`${url.origin}${url.pathname}`, 'https://wa.me/5491144442222');
    const text = url.searchParams.get('text') ?? '';
    assert.match(text, /^Hola, me interesa el .+ que vi en https:\/\/cars\.example\.com\/listings\//);
    assert.ok(text.includes(car.listing_id));
    assert.equal((await go('fax')).statusCode, 404);
    assert.equal((await t.app.inject({ url: '/listings/0000000000/contact/phone' })).statusCode, 404);
    assert.deepEqual(contacts, [
      [car.listing_id, 'phone'],
      [car.listing_id, 'whatsapp'],
    ]);
  });
});
