// Public listing pages (D6, D19): what a buyer sees for each status, formats per market,
// escaping of every dealer-written text, SEO tags and caching.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { expireStale } from '../../src/modules/vehicles/repository.js';
import { GALLERY_SCRIPT, galleryScriptPath } from '../../src/modules/listings/gallery-script.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, publishCar, type CarAnswer } from '../support/cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const NBSP = '\u00a0';
const BASE = 'https://cars.example.com';

/** Every tag of a page: markup from the templates only, never an event-handler attribute. */
const ALLOWED_TAGS = new Set([
  '!doctype',
  'html',
  'head',
  'meta',
  'title',
  'link',
  'style',
  'script',
  'body',
  'a',
  'header',
  'main',
  'div',
  'article',
  'h1',
  'h2',
  'p',
  'section',
  'ul',
  'li',
  'img',
  'picture',
  'source',
  'dl',
  'dt',
  'dd',
  'aside',
  'strong',
  'form',
  'label',
  'span',
  'input',
  'textarea',
  'button',
  // The dealership's card and the phone's contact bar (P112, P113).
  'h3',
  'nav',
  'br',
]);
function assertOnlyTemplateMarkup(page: string): void {
  for (const m of page.matchAll(/<\/?([!a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    assert.ok(ALLOWED_TAGS.has(m[1]!.toLowerCase()), `unexpected tag <${m[1]}>`);
    // Attribute names (outside the quoted values, which may hold escaped text).
    const names = m[2]!.replace(/"[^"]*"/g, '""');
    assert.doesNotMatch(names, /\son[a-z]+\s*=/i, `event handler attribute in ${m[0]}`);
    assert.doesNotMatch(names, /['<]/, `unquoted or broken attribute in ${m[0]}`);
  }
  // Scripts: the JSON-LD (data, not run) and the gallery's (P145), from its own address; no inline code.
  const scripts = [...page.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
  assert.equal(page.match(/<script/gi)?.length ?? 0, scripts.length, 'every script element closed, nothing inside a script but text');
  for (const [, attrs, body] of scripts) {
    if (attrs === ' type="application/ld+json"') continue;
    assert.equal(attrs, ` src="${BASE}${galleryScriptPath}" defer`, 'the gallery script only');
    assert.equal(body, '');
  }
  assert.ok(scripts.filter(([, a]) => a!.includes('src=')).length <= 1);
  // The style as written: quotes in CSS stay quotes (escaped, the whole font declaration was dropped).
  const style = /<style>(.*?)<\/style>/s.exec(page)?.[1] ?? '';
  assert.ok(!style.includes('&quot;') && style.includes('"Segoe UI"'), 'the style is unescaped CSS');
}
const meta = (page: string, attr: 'name' | 'property', key: string): string | undefined =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(page)?.[1];
const unescape = (s: string) => s.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

describe(`public listing pages (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let key: string;

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
    ({ key } = await seedDealer(t, { name: 'Autos del Sur', city: 'Córdoba' }));
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: pathOf(url), headers });

  test('an active car: title, price and mileage of its market, attributes, gallery of our photos, dealership, form, SEO', async () => {
    const v = await publishCar(
      t,
      key,
      host,
      'L-1',
      { version: 'XEi 2.0 CVT', fuel: 'gasoline', transmission: 'automatic', color: 'Gris plata', description: 'Único dueño.\nService oficial.' },
      10,
    );
    assert.equal(v.status, 'active');
    assert.equal(v.photos.length, 10);
    assert.equal(v.url, `${BASE}/listings/${v.listing_id}`);
    const res = await page(v.url);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'public, max-age=60');
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'; script-src 'self' /);
    assert.equal(res.headers['x-robots-tag'], undefined);
    const html = res.body;
    // The gallery's script (P145): after the photos, at its content-hashed address, cached for a year.
    assert.ok(html.indexOf(galleryScriptPath) > html.indexOf('id="photo-10"'));
    const js = await t.app.inject({ method: 'GET', url: galleryScriptPath });
    assert.equal(js.statusCode, 200);
    assert.equal(js.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(js.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(js.body, GALLERY_SCRIPT.body);
    assert.equal((await t.app.inject({ method: 'GET', url: '/assets/gallery.000000000000.js' })).statusCode, 404);
    assert.match(html, /^<!doctype html>\n<html lang="es-AR">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.match(html, /<h1 id="title">2019 Toyota Corolla XEi 2\.0 CVT<\/h1>/);
    assert.ok(html.includes(`<p class="price">$${NBSP}18.500.000</p>`), 'ARS price, es-AR format');
    assert.ok(html.includes('<dt>Kilometraje</dt><dd>45.000 km</dd>'), 'mileage with its unit');
    assert.ok(html.includes('<dt>Combustible</dt><dd>Nafta</dd>'));
    assert.ok(html.includes('<dt>Transmisión</dt><dd>Automática</dd>'));
    assert.ok(html.includes('<dt>Color</dt><dd>Gris plata</dd>'));
    // The field's one word, as in the panel (P189): «Estado» there is the listing's status.
    assert.ok(html.includes('<dt>Condición</dt><dd>Usado</dd>'));
    assert.ok(html.includes('<dt>Ciudad</dt><dd>Córdoba</dd>'));
    assert.ok(html.includes('<div class="description">Único dueño.\nService oficial.</div>'), 'line breaks kept (white-space: pre-line)');
    // The gallery: our own photo URLs, in the dealer's order, each with an alt text.
    const imgs = [...html.matchAll(/<img src="([^"]+)"[^>]* alt="([^"]+)"/g)];
    assert.deepEqual(
      imgs.map((m) => m[1]),
      v.photos,
    );
    assert.equal(imgs[0]![2], '2019 Toyota Corolla XEi 2.0 CVT, foto 1 de 10');
    for (const src of v.photos) assert.match(src, /^https:\/\/cars\.example\.com\/photos\/[0-9a-f]{64}\/display\.jpg$/);
    // P88: each photo a <picture>, WebP first, with its real size; the first fetched first, the rest lazily.
    const pics = [...html.matchAll(/<picture><source type="image\/webp" srcset="([^"]+)" sizes="([^"]+)"><img ([^>]+)><\/picture>/g)];
    assert.equal(pics.length, 10);
    assert.equal(pics[0]![1], `${v.photos[0]!.replace('.jpg', '.webp')} 320w`, 'a 320 px photo: its display copy only, in WebP');
    assert.match(pics[0]![3]!, / width="320" height="240" fetchpriority="high" decoding="async"$/);
    for (const p of pics.slice(1)) assert.match(p[3]!, / loading="lazy" decoding="async"$/);
    // P89: the strip is reachable by keyboard, each photo has its counter and a link below.
    // P145: each photo links to its largest copy; the links below carry a thumbnail (shown from 52rem).
    assert.ok(html.includes(`<ul class="gallery" tabindex="0" aria-label="Fotos"><li id="photo-1"><a class="zoom" href="${v.photos[0]}">`));
    assert.ok(html.includes('<span class="count" aria-hidden="true">1 / 10</span>'));
    assert.equal(
      html.match(
        /<a href="#photo-\d+" aria-label="[^"]+"><picture>.*?<img [^>]*alt="" width="96" height="72" loading="lazy" decoding="async"><\/picture><span class="n">\d+<\/span><\/a>/g,
      )?.length,
      10,
    );
    // The script's controls, hidden until it runs, in the page's language.
    assert.ok(html.includes('<button type="button" class="arrow prev" data-step="-1" aria-label="Foto anterior" hidden>'));
    assert.ok(html.includes('data-open="Pantalla completa" data-close="Salir de pantalla completa" aria-pressed="false" hidden>Pantalla completa</button>'));
    // Landmarks and the dealership.
    for (const tag of [
      '<header>',
      '<main id="main">',
      '<article aria-labelledby="title">',
      '<aside class="aside" id="contact" aria-labelledby="contact-title">',
    ])
      assert.ok(html.includes(tag), tag);
    assert.ok(html.includes('<span class="label">Lo vende</span>Autos del Sur</span></h3>\n<p>Córdoba</p>'));
    // The form: labelled fields, the hidden honeypot, posted to the inquiries address.
    assert.ok(html.includes(`<form method="post" action="${v.url}/inquiries">`));
    for (const f of ['name', 'email', 'phone', 'message']) assert.match(html, new RegExp(`<label for="f-${f}">[^<]+`), `label of ${f}`);
    assert.match(html, /<input id="f-name" name="name" required type="text"/);
    assert.match(html, /<input id="f-email" name="email" type="email"/);
    assert.match(html, /<input id="f-phone" name="phone" type="tel"/);
    assert.match(html, /<textarea id="f-message" name="message" required maxlength="2000"/);
    assert.match(
      html,
      /<div class="hp" aria-hidden="true"><label for="f-website">[^<]+<\/label><input id="f-website" name="website" type="text" tabindex="-1" autocomplete="off"><\/div>/,
    );
    // SEO.
    assert.match(html, /<title>2019 Toyota Corolla XEi 2\.0 CVT – \$\u00a018\.500\.000 \| Autos del Sur<\/title>/);
    assert.equal(
      meta(html, 'name', 'description'),
      `2019 Toyota Corolla XEi 2.0 CVT · $${NBSP}18.500.000 · 45.000 km · Nafta · Automática · Córdoba. Único dueño. Service oficial.`,
    );
    assert.equal(meta(html, 'property', 'og:description'), meta(html, 'name', 'description'));
    assert.equal(meta(html, 'property', 'og:type'), 'product');
    assert.equal(meta(html, 'name', 'twitter:card'), 'summary_large_image');
    assert.equal(meta(html, 'name', 'twitter:image'), v.photos[0]);
    assert.equal(meta(html, 'name', 'twitter:title'), meta(html, 'property', 'og:title'));
    assert.match(v.photos[0]!, /^https:\/\//, 'og:image is an absolute URL');
    // The key facts under the price, and the way to the dealership's storefront (P87).
    assert.ok(html.includes('<p class="facts">2019 · 45.000 km · Nafta · Automática · Córdoba</p>'));
    assert.match(html, new RegExp(`<a href="${BASE}/dealers/dealer-\\d+-\\d+">Ver todos sus autos</a>`));
    assert.ok(html.includes(`<link rel="canonical" href="${v.url}">`));
    assert.equal(meta(html, 'property', 'og:url'), v.url);
    assert.equal(meta(html, 'property', 'og:image'), v.photos[0]);
    assert.equal(meta(html, 'property', 'og:title'), '2019 Toyota Corolla XEi 2.0 CVT – $\u00a018.500.000 | Autos del Sur');
    assert.equal(meta(html, 'property', 'og:locale'), 'es_AR');
    assert.equal(meta(html, 'name', 'robots'), undefined);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    assert.equal(ld['@type'], 'Car');
    assert.deepEqual(ld.offers.price, '18500000.00');
    assert.deepEqual(ld.image, v.photos);
    assertOnlyTemplateMarkup(html);

    // Its photos are served.
    assert.equal((await t.app.inject({ url: pathOf(v.photos[3]!) })).statusCode, 200);
    // Revalidation: the same page answers 304 to its ETag.
    const again = await page(v.url, { 'if-none-match': String(res.headers.etag) });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, '');
  });

  test('browsers get the page compressed (br, else gzip), each encoding with its own ETag', async () => {
    const v = await publishCar(t, key, host, 'L-ZIP');
    const plain = await page(v.url);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'accept-encoding');
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', (b) => zlib.brotliDecompressSync(b)],
      ['gzip, deflate', 'gzip', (b) => zlib.gunzipSync(b)],
      ['br;q=0, gzip;q=0.5', 'gzip', (b) => zlib.gunzipSync(b)],
      ['identity', undefined, (b) => b],
      ['gzip;q=0', undefined, (b) => b],
    ];
    const etags = new Set<string>();
    for (const [accept, encoding, decode] of cases) {
      const res = await page(v.url, { 'accept-encoding': accept });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], encoding, accept);
      assert.equal(decode(res.rawPayload).toString('utf8'), plain.body, accept);
      if (encoding) assert.ok(res.rawPayload.length < plain.rawPayload.length / 2, `${accept}: ${res.rawPayload.length} bytes`);
      etags.add(String(res.headers.etag));
      const again = await page(v.url, { 'accept-encoding': accept, 'if-none-match': String(res.headers.etag) });
      assert.equal(again.statusCode, 304, accept);
    }
    assert.equal(etags.size, 3, 'identity, br and gzip copies have their own ETags');
  });

  test('the page follows changes of the car at once (cached by revision)', async () => {
    const v = await publishCar(t, key, host, 'L-2');
    const first = await page(v.url);
    assert.ok(first.body.includes(`$${NBSP}18.500.000`));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/L-2',
      headers: bearer(key),
      payload: { brand: 'Toyota', model: 'Corolla', year: 2019, price: 17_900_000.5, mileage: 45_000 },
    });
    assert.equal(put.statusCode, 200, put.body);
    const second = await page(v.url);
    assert.ok(second.body.includes(`$${NBSP}17.900.000,50`), 'cents shown when the price has them');
    assert.notEqual(second.headers.etag, first.headers.etag);
  });

  test('formats of other markets: en-US (miles), en-GB (pounds, miles), pt-BR (words in Portuguese)', async () => {
    const cases = [
      { market: 'us', price: 18_500.5, lang: 'en-US', price_text: '$18,500.50', mileage: '45,000 mi', label: 'Mileage', fuel: 'Gasoline' },
      { market: 'uk', price: 12_000, lang: 'en-GB', price_text: '£12,000', mileage: '45,000 mi', label: 'Mileage', fuel: 'Gasoline' },
      { market: 'br', price: 95_000, lang: 'pt-BR', price_text: `R$${NBSP}95.000`, mileage: '45.000 km', label: 'Quilometragem', fuel: 'Gasolina' },
    ];
    for (const c of cases) {
      const d = await seedDealer(t, { markets: [c.market], name: `Dealer ${c.market}` });
      const v = await publishCar(t, d.key, host, `M-${c.market}`, { price: c.price, fuel: 'gasoline', brand: 'Ford', model: 'Focus', year: 2015 });
      assert.equal(v.status, 'active', c.market);
      const html = (await page(v.url)).body;
      assert.ok(html.includes(`<html lang="${c.lang}">`), c.market);
      assert.ok(html.includes(`<p class="price">${c.price_text}</p>`), `${c.market}: ${/class="price">([^<]*)/.exec(html)?.[1]}`);
      assert.ok(html.includes(`<dt>${c.label}</dt><dd>${c.mileage}</dd>`), c.market);
      assert.ok(html.includes(`<dd>${c.fuel}</dd>`), c.market);
    }
  });

  test('sold, withdrawn and expired: 200, one "no longer available" page for all three, indexed with its canonical URL (P116), no form', async () => {
    const cars: CarAnswer[] = [];
    for (const id of ['G-SOLD', 'G-WITHDRAWN', 'G-EXPIRED']) cars.push(await publishCar(t, key, host, id, { brand: 'Fiat', model: 'Cronos', year: 2022 }));
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/G-SOLD/sold', headers: bearer(key) })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/v1/vehicles/G-WITHDRAWN', headers: bearer(key) })).statusCode, 200);
    // Expiry as the daily job does it: only G-EXPIRED was not sent again in the TTL.
    clock.advance(91 * 86_400_000);
    for (const c of cars.slice(0, 2))
      await t.store.db.updateTable('vehicles').set({ last_sent_at: clock.now() }).where('listing_id', '=', c.listing_id).execute();
    await t.store.db.updateTable('vehicles').set({ last_sent_at: clock.now() }).where('status', '=', 'active').execute();
    await t.store.db.updateTable('vehicles').set({ last_sent_at: 0 }).where('listing_id', '=', cars[2]!.listing_id).execute();
    assert.equal(await expireStale(t.store.db, clock.now() - 90 * 86_400_000, clock.now()), 1);
    const statuses = [];
    for (const id of ['G-SOLD', 'G-WITHDRAWN', 'G-EXPIRED'])
      statuses.push((await t.app.inject({ url: `/v1/vehicles/${id}`, headers: bearer(key) })).json().vehicle.status);
    assert.deepEqual(statuses, ['sold', 'withdrawn', 'expired']);

    const pages = await Promise.all(cars.map((c) => page(c.url)));
    for (const p of pages) {
      assert.equal(p.statusCode, 200);
      assert.equal(p.headers['x-robots-tag'], undefined);
      assert.equal(meta(p.body, 'name', 'robots'), undefined);
      assert.ok(p.body.includes('<h1>Este auto ya no está disponible</h1>'));
      assert.ok(p.body.includes('2022 Fiat Cronos'));
      assert.ok(!p.body.includes('<form'), 'no form');
      assertOnlyTemplateMarkup(p.body);
    }
    // Issue 40: each shows its car's first photo again, and shares it (og:image).
    for (const [i, p] of pages.entries()) {
      assert.equal(meta(p.body, 'property', 'og:image'), cars[i]!.photos[0]);
      assert.match(p.body, /<div class="gone-photo">(<picture>.*?)?<img src="[^"]+" [^>]*alt="2022 Fiat Cronos"/s);
    }
    // The same page but for the car's own address (its canonical URL) and photo.
    const same = pages.map((p, i) =>
      p.body
        .replaceAll(cars[i]!.listing_id, 'ID')
        .replace(/<div class="gone-photo">.*?<\/div>/s, '')
        .replace(/<meta [^>]*(og:image|twitter:image)[^>]*>/g, ''),
    );
    for (const [i, p] of pages.entries()) assert.ok(p.body.includes(`<link rel="canonical" href="${cars[i]!.url}">`));
    assert.equal(same[0], same[1], 'sold and withdrawn pages are the same');
    assert.equal(same[1], same[2], 'withdrawn and expired pages are the same');
  });

  test('importing_photos and in_review: 404 "not yet available", nothing of the car shown, noindex', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/N-IMPORTING',
      headers: bearer(key),
      payload: aCar({ brand: 'Fiat', model: 'Cronos', year: 2022, price: 9_000_000, mileage: 1000, photos: host.urls('N-IMPORTING', 3) }),
    });
    const importing = put.json().vehicle as CarAnswer;
    assert.equal(importing.status, 'importing_photos');
    const pages = [await page(importing.url)];
    const held = await publishCar(t, key, host, 'N-REVIEW', { version: 'Llamá al 351 4567-8901' });
    assert.equal(held.status, 'in_review');
    pages.push(await page(held.url));
    for (const p of pages) {
      assert.equal(p.statusCode, 404);
      assert.equal(p.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(p.headers['cache-control'], 'no-cache');
      assert.equal(meta(p.body, 'name', 'robots'), 'noindex');
      assert.ok(p.body.includes('<h1>Esta publicación todavía no está disponible</h1>'));
      assert.ok(!p.body.includes('Cronos') && !p.body.includes('Corolla') && !p.body.includes('4567'), 'nothing of the car');
      assert.ok(!p.body.includes('<form'));
    }
  });

  test("unknown or malformed listing codes: a 404 page in the visitor's language, with cars for sale of their market (P199)", async () => {
    const car = await publishCar(t, key, host, 'NF-1', { brand: 'Fiat', model: 'Cronos', version: 'Drive 1.3' });
    // A not-found page is kept a minute: one made by an earlier test is not this one's.
    clock.advance(61_000);
    for (const id of ['ZZZZZZZZZZ', 'not-a-code', '%3Cscript%3E']) {
      const p = await t.app.inject({ url: `/listings/${id}`, headers: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.8' } });
      assert.equal(p.statusCode, 404, id);
      assert.equal(p.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(p.headers.vary, 'accept-language');
      assert.ok(p.body.includes('<html lang="es-AR">'), 'the Spanish of Argentina');
      assert.ok(p.body.includes('<h1>No encontramos este auto</h1>'));
      assert.ok(!/Listing|not found/.test(p.body), 'no English');
      // The way forward: Argentina's cars for sale now, each linking to its page.
      assert.ok(p.body.includes('<h2 id="cars-title">Autos en venta ahora</h2>'));
      assert.ok(p.body.includes(`href="${car.url}"`), "a car of the visitor's market");
      assert.equal(meta(p.body, 'name', 'robots'), 'noindex');
      assert.ok(!p.body.includes('script>'));
    }
    // Portuguese of Brazil: its words, and no Argentine car.
    const pt = await t.app.inject({ url: '/listings/ZZZZZZZZZZ', headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    assert.equal(pt.statusCode, 404);
    assert.ok(pt.body.includes('<html lang="pt-BR">') && pt.body.includes('<h1>Não encontramos este carro</h1>'));
    assert.ok(!pt.body.includes(car.url));
    // English asked for; no header at all is Spanish (as the public home page, P180).
    const en = await t.app.inject({ url: '/listings/ZZZZZZZZZZ', headers: { 'accept-language': 'en-US' } });
    assert.ok(en.body.includes('<h1>We could not find this car</h1>'));
    const none = await t.app.inject({ url: '/listings/ZZZZZZZZZZ' });
    assert.ok(
      none.body.includes('<h1>No encontramos este auto</h1>') && none.body.includes(`href="${car.url}"`),
      'Spanish: the cars of every Spanish-speaking market',
    );
    // An unknown dealership's storefront alike.
    const dealer = await t.app.inject({ url: '/dealers/nobody-here', headers: { 'accept-language': 'pt-BR' } });
    assert.equal(dealer.statusCode, 404);
    assert.ok(dealer.body.includes('<h1>Concessionária não encontrada</h1>'));
  });

  test('HTML or script in any text of the dealer or the dealership is escaped everywhere (text, attributes, meta, JSON-LD)', async () => {
    const evil = await seedDealer(t, { name: 'Autos <b>"Sur"</b> \'&\' <script>alert(1)</script>', city: '"><img src=x onerror=alert(2)>' });
    const version = '"><img src=x onerror=alert(3)> </script><script>alert(4)</script>';
    const description = '<script>alert(5)</script>\n</textarea><iframe src="javascript:alert(6)"></iframe>\n\u2028 & &amp; \' " `';
    // The dealership's profile on its card too (P112), as stored whatever the panel's checks.
    await t.store.db
      .updateTable('dealers')
      .set({ address: '<img src=x onerror=alert(8)> "Av"', opening_hours: '<b>9 a 18</b>', website: 'javascript:alert(9)' })
      .where('slug', '=', evil.slug)
      .execute();
    const v = await publishCar(t, evil.key, host, 'X-1', { version, description, color: '<svg onload=alert(7)>', city: '</title><style>*{}</style>' });
    assert.equal(v.status, 'active');
    const html = (await page(v.url)).body;
    assertOnlyTemplateMarkup(html);
    for (const raw of ['<b>', '<img src=x', '<svg', '<iframe', '</textarea><iframe', '</title><style>', '<script>alert'])
      assert.ok(!html.includes(raw), `unescaped ${raw}`);
    // The texts are all there, escaped.
    assert.ok(html.includes('&lt;script&gt;alert(5)&lt;/script&gt;\n&lt;/textarea&gt;'));
    assert.ok(html.includes(`2019 Toyota Corolla &quot;&gt;&lt;img src=x onerror=alert(3)&gt; &lt;/script&gt;&lt;script&gt;alert(4)&lt;/script&gt;`));
    assert.ok(html.includes('Autos &lt;b&gt;&quot;Sur&quot;&lt;/b&gt; &#39;&amp;&#39; &lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(html.includes('&lt;svg onload=alert(7)&gt;'));
    assert.ok(html.includes('&lt;img src=x onerror=alert(8)&gt; &quot;Av&quot;') && html.includes('&lt;b&gt;9 a 18&lt;/b&gt;'));
    assert.ok(!html.includes('href="javascript:'), 'a website that is not http(s) is not linked');
    // In attributes (meta, alt) the value comes back whole once unescaped.
    assert.equal(
      unescape(meta(html, 'property', 'og:title')!),
      `2019 Toyota Corolla ${version} – $${NBSP}18.500.000 | Autos <b>"Sur"</b> \'&\' <script>alert(1)</script>`,
    );
    assert.equal(unescape(/<img src="[^"]+"[^>]* alt="([^"]+)"/.exec(html)![1]!), `2019 Toyota Corolla ${version}, foto 1 de 3`);
    // JSON-LD: no < or > inside the script element, and it parses back to the dealer's text.
    const ldText = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!;
    assert.ok(!/[<>]/.test(ldText));
    const ld = JSON.parse(ldText);
    assert.equal(ld.description, description);
    assert.equal(ld.offers.seller.name, 'Autos <b>"Sur"</b> \'&\' <script>alert(1)</script>');

    // The "no longer available" page escapes the same texts.
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/X-1/sold', headers: bearer(evil.key) })).statusCode, 200);
    const gone = (await page(v.url)).body;
    assertOnlyTemplateMarkup(gone);
    assert.ok(!gone.includes('<b>') && !gone.includes('<img src=x') && gone.includes('Autos &lt;b&gt;'));
  });
});
