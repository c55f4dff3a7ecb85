// A dealership's logo (D32, P132, P133): an owner uploads it on the panel's profile page; it goes
// through the photos' image pipeline (orientation applied, metadata dropped, limits), is made a
// WebP that fits inside 256 px, stored in the photo store under a URL of its own (a new logo is
// a new URL, cached for a year), and can be removed. A bad file is a clear page in the user's
// language, never a 5xx. Buyers' pages show it with alt text, width and height; GET /me names it.
// Only the dealership's own owners change it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { removeDealerLogo, setDealerLogo } from '../../src/modules/dealers/logo.js';
import { updateDealerLogo } from '../../src/modules/dealers/repository.js';
import { ImageRejected } from '../../src/modules/photos/image.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer } from '../support/dealers.js';
import { publishCar } from '../support/cars.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';

/** A wide PNG with a transparent background: a logo as designers send them. */
const widePng = (r = 200): Promise<Buffer> =>
  sharp({ create: { width: 600, height: 300, channels: 4, background: { r, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A phone photo of a sign: EXIF orientation 6 (to be turned upright) and metadata to drop. */
const phoneJpeg = (): Promise<Buffer> =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS -34.6 -58.4', Make: 'PhoneCo' } } })
    .toBuffer();

function multipart(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }): { body: Buffer; type: string } {
  const boundary = `----logo${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

describe(`dealership logo (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const dealerRow = (id: number) => t.store.db.selectFrom('dealers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const upload = async (c: PanelClient, file?: { bytes: Buffer; name?: string; type?: string }) => {
    await c.get('/panel/profile');
    const { body, type } = multipart({ _csrf: c.csrf }, file && { bytes: file.bytes, name: file.name ?? 'logo.png', type: file.type ?? 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/panel/profile/logo',
      remoteAddress: c.ip,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': type },
      payload: body,
    });
    return { status: res.statusCode, body: res.body, location: res.headers.location };
  };
  const logoPath = (fileId: string) => `/photos/${fileId}/logo.webp`;

  test('an owner uploads a logo: a WebP inside 256 px, served for a year under its own URL; shown on the profile page, the storefront, a car page, a sold car page and in /me', async () => {
    const { client, user } = await signedInClient(t, { markets: ['ar'] });
    const none = await client.get('/panel/profile');
    assert.match(none.body, /Todavía no hay logo/);
    assert.match(none.body, /enctype="multipart\/form-data"/);

    const res = await upload(client, { bytes: await widePng() });
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    assert.equal(res.location, '/panel/profile?done=logo');
    const row = await dealerRow(user.dealerId);
    assert.match(row.logo_file_id ?? '', /^[0-9a-f]{64}$/);
    assert.deepEqual([row.logo_width, row.logo_height], [256, 128]);

    const file = await t.app.inject({ url: logoPath(row.logo_file_id!) });
    assert.equal(file.statusCode, 200);
    assert.equal(file.headers['content-type'], 'image/webp');
    assert.match(String(file.headers['cache-control']), /max-age=31536000, immutable/);
    const meta = await sharp(file.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height, meta.hasAlpha], ['webp', 256, 128, true]);

    const page = await client.get(res.location);
    assert.match(page.body, /El logo se guardó/);
    assert.match(page.body, new RegExp(`<img class="dealer-logo" src="${logoPath(row.logo_file_id!)}" alt="Logo de [^"]+" width="256" height="128">`));
    assert.match(page.body, />Reemplazar logo</);
    assert.match(page.body, />Quitar logo</);

    // Buyers' pages: the storefront's head (above the fold: not lazy) and a car's dealer card.
    const sf = await t.app.inject({ url: `/dealers/${user.slug}` });
    assert.equal(sf.statusCode, 200);
    const img = new RegExp(`<img class="logo" src="${BASE}${logoPath(row.logo_file_id!)}" alt="Logo de [^"]+" width="256" height="128"`);
    assert.match(sf.body, img);
    assert.doesNotMatch(/<div class="store-head">.*?<\/div>/s.exec(sf.body)![0], /loading="lazy"/);
    assert.doesNotMatch(sf.body, /class="mono"/);
    const car = await publishCar(t, user.key, host, 'LOGO-1');
    const carPage = await t.app.inject({ url: new URL(car.url).pathname });
    assert.equal(carPage.statusCode, 200);
    assert.match(carPage.body, img);
    // The car page's card is below a phone's first screen: its logo waits.
    assert.match(carPage.body, new RegExp(`${img.source}[^>]* loading="lazy"`));
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/LOGO-1/sold', headers: bearer(user.key) })).statusCode, 200);
    const sold = await t.app.inject({ url: new URL(car.url).pathname });
    assert.match(sold.body, img);

    const me = await t.app.inject({ url: '/v1/me', headers: bearer(user.key) });
    assert.equal(me.json().dealer.logo_url, `${BASE}${logoPath(row.logo_file_id!)}`);
  });

  test('a phone photo is turned upright and its metadata dropped; a replacement is a new URL; removing it brings the initial back', async () => {
    const { client, user } = await signedInClient(t, { markets: ['br'] });
    assert.equal((await upload(client, { bytes: await widePng(90) })).status, 303);
    const first = (await dealerRow(user.dealerId)).logo_file_id!;

    assert.equal((await upload(client, { bytes: await phoneJpeg(), name: 'IMG_1.jpg', type: 'image/jpeg' })).status, 303);
    const row = await dealerRow(user.dealerId);
    assert.notEqual(row.logo_file_id, first);
    // 400×300 turned by its EXIF orientation is 300×400: fit inside 256 → 192×256.
    assert.deepEqual([row.logo_width, row.logo_height], [192, 256]);
    const meta = await sharp((await t.app.inject({ url: logoPath(row.logo_file_id!) })).rawPayload).metadata();
    assert.deepEqual([meta.width, meta.height, meta.exif, meta.orientation], [192, 256, undefined, undefined]);
    // The old file stays (content-addressed, as photos): a page cached with it still shows a logo.
    assert.equal((await t.app.inject({ url: logoPath(first) })).statusCode, 200);
    const sf = await t.app.inject({ url: `/dealers/${user.slug}` });
    assert.match(sf.body, /alt="Logotipo de [^"]+"/);

    await client.get('/panel/profile');
    const removed = await client.post('/panel/profile/logo/remove');
    assert.equal(removed.status, 303);
    assert.equal(removed.location, '/panel/profile?done=logo-removed');
    const gone = await dealerRow(user.dealerId);
    assert.deepEqual([gone.logo_file_id, gone.logo_width, gone.logo_height], [null, null, null]);
    assert.match((await client.get(removed.location)).body, /O logotipo foi removido/);
    const after = await t.app.inject({ url: `/dealers/${user.slug}` });
    assert.doesNotMatch(after.body, /class="logo"/);
    assert.match(after.body, /<span class="mono" aria-hidden="true">/);
    const me = await t.app.inject({ url: '/v1/me', headers: bearer(user.key) });
    assert.equal(me.json().dealer.logo_url, null);
  });

  test('a bad file is a clear page in the user’s language (not an image, too large, none chosen), never a 5xx, and changes nothing', async () => {
    const es = await signedInClient(t, { markets: ['ar'] });
    await upload(es.client, { bytes: await widePng() });
    const kept = (await dealerRow(es.user.dealerId)).logo_file_id;

    const text = await upload(es.client, { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), name: 'logo.svg', type: 'image/svg+xml' });
    assert.equal(text.status, 422);
    assert.match(text.body, /<p class="notice bad" role="alert" id="logo-error">Este archivo no puede ser el logo: no es una imagen JPEG, PNG ni WebP<\/p>/);
    assert.match(text.body, /id="logo"[^>]*aria-invalid="true"/);

    const broken = await upload(es.client, { bytes: (await widePng()).subarray(0, 200) });
    assert.equal(broken.status, 422);
    assert.match(broken.body, /Este archivo no puede ser el logo: la imagen está dañada o no se puede leer/);

    const big = await upload(es.client, { bytes: Buffer.concat([await widePng(), Buffer.alloc(16 * 1024 * 1024)]) });
    assert.equal(big.status, 413);
    assert.match(big.body, /El archivo pesa más de 15 MB/);

    const nothing = await upload(es.client);
    assert.equal(nothing.status, 422);
    assert.match(nothing.body, /Elija una imagen antes de subirla/);
    assert.equal((await dealerRow(es.user.dealerId)).logo_file_id, kept);

    const pt = await signedInClient(t, { markets: ['br'] });
    const ptText = await upload(pt.client, { bytes: Buffer.from('not an image at all'), name: 'x.txt', type: 'text/plain' });
    assert.equal(ptText.status, 422);
    assert.match(ptText.body, /Este arquivo não pode ser o logotipo: não é uma imagem JPEG, PNG nem WebP/);
    for (const page of [text.body, broken.body, big.body, nothing.body, ptText.body])
      assert.doesNotMatch(page, /image_|not a |cannot be|unsupported|truncated/i);
  });

  test('staff see the logo but cannot change it (403 page); another dealership’s owner changes only their own', async () => {
    const owner = await signedInClient(t, { markets: ['ar'] });
    await upload(owner.client, { bytes: await widePng() });
    const mine = (await dealerRow(owner.user.dealerId)).logo_file_id;
    assert.ok(mine);

    const staff = await signedInClient(t, { role: 'staff', slug: owner.user.slug });
    const read = await staff.client.get('/panel/profile');
    assert.match(read.body, new RegExp(`src="${logoPath(mine)}"`));
    assert.doesNotMatch(read.body, /action="\/panel\/profile\/logo"/);
    assert.equal((await upload(staff.client, { bytes: await widePng(10) })).status, 403);
    assert.equal((await staff.client.post('/panel/profile/logo/remove')).status, 403);

    const other = await signedInClient(t, { markets: ['ar'] });
    assert.equal((await upload(other.client, { bytes: await widePng(50) })).status, 303);
    await other.client.get('/panel/profile');
    assert.equal((await other.client.post('/panel/profile/logo/remove')).status, 303);
    assert.equal((await dealerRow(owner.user.dealerId)).logo_file_id, mine, 'the first dealership’s logo is untouched');
    assert.equal((await dealerRow(other.user.dealerId)).logo_file_id, null);
  });

  test('the storefront shows the whole profile; its phone and WhatsApp buttons go through its own redirects (P133), 404 without the number', async () => {
    const { client, user } = await signedInClient(t, { markets: ['ar'] });
    await client.get('/panel/profile');
    const saved = await client.post('/panel/profile', {
      phone: '11 4444-2222',
      whatsapp: '11 4444 2222',
      address: 'Av. Corrientes 1234, CABA',
      website: 'autosdelsur.com.ar',
      opening_hours: 'Lun a vie de 9 a 18',
    });
    assert.equal(saved.status, 303);
    const sf = await t.app.inject({ url: `/dealers/${user.slug}` });
    assert.match(sf.body, /<h2 id="profile-title">Contacto<\/h2>/);
    assert.match(sf.body, /Av\. Corrientes 1234, CABA/);
    assert.match(sf.body, /Lun a vie de 9 a 18/);
    assert.match(sf.body, /href="https:\/\/autosdelsur\.com\.ar\/"/);
    assert.match(sf.body, new RegExp(`href="${BASE}/dealers/${user.slug}/contact/whatsapp"`));
    assert.match(sf.body, new RegExp(`href="${BASE}/dealers/${user.slug}/contact/phone"[^>]*>Llamar 011 4444-2222<`));
    assert.doesNotMatch(sf.body, /wa\.me|tel:/, 'numbers only through the redirects');

    const wa = await t.app.inject({ url: `/dealers/${user.slug}/contact/whatsapp` });
    assert.equal(wa.statusCode, 302);
    const to = new URL(String(wa.headers.location));
    assert.equal(`${to.origin}${to.pathname}`, 'https://wa.me/5491144442222');
    assert.equal(to.searchParams.get('text'), `Hola, vi sus autos en ${BASE}/dealers/${user.slug}`);
    assert.equal(wa.headers['cache-control'], 'no-store');
    const tel = await t.app.inject({ url: `/dealers/${user.slug}/contact/phone` });
    assert.deepEqual([tel.statusCode, tel.headers.location], [302, 'tel:+541144442222']);

    await client.get('/panel/profile');
    await client.post('/panel/profile', { whatsapp: '' });
    assert.equal((await t.app.inject({ url: `/dealers/${user.slug}/contact/whatsapp` })).statusCode, 404);
    assert.equal((await t.app.inject({ url: `/dealers/${user.slug}/contact/fax` })).statusCode, 404);
    assert.equal((await t.app.inject({ url: `/dealers/no-such-dealer/contact/phone` })).statusCode, 404);
    // A sandbox twin (D35) is no dealership to the public.
    assert.equal((await t.app.inject({ url: `/dealers/${user.slug}--sandbox/contact/phone` })).statusCode, 404);
  });

  test('service and repository: set, replace and remove touch one dealership (and its sandbox twin) only; a rejected image changes nothing', async () => {
    const a = await signedInClient(t, { markets: ['ar'] });
    const b = await signedInClient(t, { markets: ['ar'] });
    const deps = { storage: t.app.services.storage, images: t.app.services.images };
    // A sandbox twin shows the live dealership's storefront data: it follows.
    await t.app.inject({ url: '/v1/me', headers: bearer(a.user.key) });
    const { ensureSandboxTwin } = await import('../../src/modules/dealers/sandbox.js');
    const twin = await ensureSandboxTwin(t.store.db, await dealerRow(a.user.dealerId), Date.now());

    const set = await setDealerLogo(t.store.db, deps, a.user.dealerId, await widePng(1));
    assert.ok(set?.logo_file_id);
    assert.equal((await dealerRow(twin.id)).logo_file_id, set.logo_file_id);
    assert.equal((await dealerRow(b.user.dealerId)).logo_file_id, null);

    const replaced = await setDealerLogo(t.store.db, deps, a.user.dealerId, await widePng(2));
    assert.notEqual(replaced?.logo_file_id, set.logo_file_id);
    await assert.rejects(setDealerLogo(t.store.db, deps, a.user.dealerId, Buffer.from('GIF89a')), ImageRejected);
    assert.equal((await dealerRow(a.user.dealerId)).logo_file_id, replaced?.logo_file_id);

    await updateDealerLogo(t.store.db, b.user.dealerId, { logo_file_id: 'f'.repeat(64), logo_width: 10, logo_height: 10 });
    await removeDealerLogo(t.store.db, a.user.dealerId);
    assert.equal((await dealerRow(a.user.dealerId)).logo_file_id, null);
    assert.equal((await dealerRow(twin.id)).logo_file_id, null);
    assert.equal((await dealerRow(b.user.dealerId)).logo_file_id, 'f'.repeat(64));
    // An id that names no dealership changes nothing and says so.
    assert.equal(await removeDealerLogo(t.store.db, 99_999_999), undefined);
  });
});
