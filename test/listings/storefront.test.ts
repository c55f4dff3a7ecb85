// A dealership's storefront (D36, P86): its cars for sale newest first, in pages, with filters
// by make, price and year that work as a plain GET form; bad filters are said so, never a 5xx.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { STOREFRONT_PAGE_SIZE } from '../../src/modules/listings/storefront.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar } from '../support/cars.js';
import { PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const cardLinks = (page: string) => [...page.matchAll(/<li class="card"><a href="([^"]+)"/g)].map((m) => m[1]!);
const titles = (page: string) => [...page.matchAll(/<span class="card-title">([^<]+)<\/span>/g)].map((m) => m[1]!);

describe(`dealership storefront (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let slug: string;
  let brSlug: string;
  /** listing URLs by stock ID */
  const urls = new Map<string, string>();

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
    const a = await seedDealer(t, { name: 'Autos del Sur', city: 'Córdoba' });
    slug = a.slug;
    const put = async (key: string, id: string, over: Record<string, unknown>, q = '') => {
      clock.advance(60_000);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/v1/vehicles/${id}${q}`,
        headers: bearer(key),
        payload: aCar({ photos: host.urls('sf', 3), ...over }),
      });
      assert.ok(res.statusCode < 300, res.body);
      urls.set(id, res.json().vehicle.url as string);
    };
    // Oldest first: F-1 … F-(PAGE+1) Toyota Corolla 2019 at 12 500 000; then a few that filters pick.
    for (let i = 1; i <= STOREFRONT_PAGE_SIZE + 1; i++) await put(a.key, `F-${i}`, { price: 12_500_000 });
    await put(a.key, 'VW-OLD', { brand: 'Volkswagen', model: 'Gol', year: 2012, price: 4_000_000 });
    await put(a.key, 'VW-NEW', { brand: 'Volkswagen', model: 'Gol', year: 2018, price: 7_000_000 });
    await put(a.key, 'SOLD', { brand: 'Ford', model: 'Ka', year: 2017, price: 6_000_000 });
    await t.app.services.jobs.runDue();
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/SOLD/sold', headers: bearer(a.key) })).statusCode, 200);
    const b = await seedDealer(t, { name: 'Carros do Sul', city: 'Porto Alegre', markets: ['br'] });
    brSlug = b.slug;
    await put(b.key, 'BR-1', { brand: 'Fiat', model: 'Uno', year: 2016, price: 35_000 });
    await t.app.services.jobs.runDue();
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const get = (path: string) => t.app.inject({ url: path });

  test('the dealership and its cars for sale, newest first, in pages linked by a keyset cursor', async () => {
    const res = await get(`/dealers/${slug}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(res.body, /<html lang="es-AR">/);
    assert.ok(res.body.includes('<h1 id="title">Autos en venta de Autos del Sur</h1>'));
    assert.ok(res.body.includes(`<link rel="canonical" href="${BASE}/dealers/${slug}">`));
    const first = cardLinks(res.body);
    assert.equal(first.length, STOREFRONT_PAGE_SIZE);
    assert.deepEqual(first.slice(0, 3), [urls.get('VW-NEW'), urls.get('VW-OLD'), urls.get(`F-${STOREFRONT_PAGE_SIZE + 1}`)], 'newest first');
    assert.ok(!first.includes(urls.get('SOLD')!), 'a sold car is not listed');
    assert.ok(res.body.includes('<span class="card-facts">2018 · 45.000 km'), 'the key facts under the price');
    const next = /<a href="([^"]+)" rel="next">Más autos<\/a>/.exec(res.body)?.[1];
    assert.ok(next, 'a link to the next page');
    const page2 = await get(next.replace(BASE, '').replaceAll('&amp;', '&'));
    assert.equal(page2.statusCode, 200);
    assert.equal(page2.headers['x-robots-tag'], 'noindex', 'later pages are not indexed');
    const second = cardLinks(page2.body);
    assert.deepEqual(second, [urls.get('F-3'), urls.get('F-2'), urls.get('F-1')], 'the rest: 27 cars for sale in all');
    assert.ok(page2.body.includes('Volver a los más nuevos'));
    assert.doesNotMatch(page2.body, /rel="next"/);
  });

  test("filters by make, price and year as a GET form, kept in the form and in the next page's link", async () => {
    const res = await get(`/dealers/${slug}?brand=volkswagen&price_min=5000000&price_max=&year_min=2015`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(cardLinks(res.body), [urls.get('VW-NEW')]);
    assert.match(res.body, /<form method="get" action="[^"]+\/dealers\/[^"]+" class="filters"/);
    assert.ok(res.body.includes('<option value="Volkswagen" selected>Volkswagen</option>'));
    assert.ok(res.body.includes('value="5000000"'));
    assert.ok(res.body.includes('<option value="2015" selected>2015</option>'));
    assert.ok(res.body.includes('Quitar los filtros'));
    const toyota = await get(`/dealers/${slug}?brand=Toyota`);
    const next = /<a href="([^"]+)" rel="next">/.exec(toyota.body)![1]!;
    assert.match(next, /brand=Toyota&amp;before=\d+-\d+/);
    const none = await get(`/dealers/${slug}?year_max=2000`);
    assert.equal(none.statusCode, 200);
    assert.ok(none.body.includes('Ningún auto en venta coincide con estos filtros.'));
  });

  test('bad filters: the page with a clear message (400), the other filters still applied; never a 5xx', async () => {
    const res = await get(`/dealers/${slug}?brand=Volkswagen&price_min=abc&year_min=3000&before=zz`);
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(res.body.includes('<div class="errors" role="alert">'));
    assert.ok(res.body.includes('No se pudo leer ese precio: escribilo en números, como 15.000.000'));
    assert.ok(res.body.includes('Los años van con cuatro cifras'));
    assert.ok(res.body.includes('La dirección de esa página no es válida'));
    assert.deepEqual(cardLinks(res.body), [urls.get('VW-NEW'), urls.get('VW-OLD')], 'the make filter still applies');
    assert.ok(res.body.includes('value="abc"'), 'what was typed is shown back');
    // Issue 40: a price written as people there write it is read, not refused.
    const written = await get(`/dealers/${slug}?price_min=${encodeURIComponent('$ 1.000')}&price_max=20.000.000`);
    assert.equal(written.statusCode, 200, 'read, not refused');
    assert.ok(written.body.includes('value="20.000.000"'));
    const ranges = await get(`/dealers/${slug}?price_min=9&price_max=1&year_min=2020&year_max=2010&brand=Lada`);
    assert.equal(ranges.statusCode, 400);
    for (const m of ['El precio mínimo es mayor', 'El año inicial es posterior', 'Esa marca no está']) assert.ok(ranges.body.includes(m), m);
    for (const q of ['?price_min[]=1', '?brand=%00', `?before=${'9'.repeat(40)}`, '?year_min=1e3', `?brand=${'x'.repeat(5000)}`]) {
      const r = await get(`/dealers/${slug}${q}`);
      assert.ok(r.statusCode < 500, `${q}: ${r.statusCode}`);
    }
  });

  test("in the market's language (Portuguese for Brazil), with its prices", async () => {
    const res = await get(`/dealers/${brSlug}`);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<html lang="pt-BR">/);
    assert.ok(res.body.includes('Carros à venda de Carros do Sul'));
    assert.ok(res.body.includes('Preço até (BRL)'));
    assert.match(res.body, /R\$\u00a035\.000/);
    assert.deepEqual(titles(res.body), ['2016 Fiat Uno']);
  });

  test("a sold car's page says so plainly and lists the dealership's other cars for sale and its storefront; a car page links the storefront", async () => {
    const sold = await get(urls.get('SOLD')!.replace(BASE, ''));
    assert.equal(sold.statusCode, 200);
    assert.equal(sold.headers['x-robots-tag'], undefined, 'indexed: it leads to the cars for sale (P116)');
    assert.ok(sold.body.includes('<h1>Este auto ya no está disponible</h1>'));
    assert.ok(sold.body.includes('<p class="notice">Vendido o ya no se ofrece: 2017 Ford Ka</p>'));
    assert.ok(sold.body.includes('<h2 id="others-title">Otros autos de esta concesionaria</h2>'));
    const others = cardLinks(sold.body);
    assert.deepEqual(others.slice(0, 2), [urls.get('VW-NEW'), urls.get('VW-OLD')], 'the newest for sale first');
    assert.equal(others.length, 6);
    assert.ok(!others.includes(urls.get('SOLD')!));
    assert.ok(sold.body.includes(`<a href="${BASE}/dealers/${slug}">Ver todos sus autos</a>`));
    const active = await get(urls.get('VW-NEW')!.replace(BASE, ''));
    assert.ok(active.body.includes(`<a href="${BASE}/dealers/${slug}">Ver todos sus autos</a>`));
    // A form post about the sold car: the same page, with why nothing was sent.
    const post = await t.app.inject({
      method: 'POST',
      url: `${urls.get('SOLD')!.replace(BASE, '')}/inquiries`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana&email=ana%40example.com&message=Hola',
    });
    assert.equal(post.statusCode, 400);
    assert.ok(post.body.includes('Tu mensaje no se envió'));
    assert.equal(cardLinks(post.body).length, 6);
  });

  test('an unknown or malformed slug is the public 404 page', async () => {
    for (const s of ['nobody-here', 'Bad_Slug', 'x'.repeat(80)]) {
      const res = await get(`/dealers/${s}`);
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['x-robots-tag'], 'noindex');
    }
  });
});
