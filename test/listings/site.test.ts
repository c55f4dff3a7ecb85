// The buyers' site around the car pages (D36, P85): robots.txt, the sitemap (a list, or an index
// of files once there are more URLs than a file holds), the favicon and the home page.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { wholeOrStream } from '../../src/modules/listings/site.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

/**
 * Whether robots.txt lets any crawler fetch `path`, as Google and Bing read it (RFC 9309): of the
 * `User-agent: *` group's rules, the longest that matches wins (`*` any characters, `$` the end),
 * Allow on a tie.
 */
function allowed(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const m = /^(Allow|Disallow):\s*(\S*)$/i.exec(line.trim());
    if (!m || m[2] === '') continue;
    const rule = m[2]!;
    const source = rule
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')
      .replace(/\\\$$/, '$');
    if (!new RegExp(`^${source}`).test(path)) continue;
    const allow = m[1]!.toLowerCase() === 'allow';
    if (rule.length > best.length || (rule.length === best.length && allow)) best = { length: rule.length, allow };
  }
  return best.allow;
}

describe(`robots, sitemap, favicon, home (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let key: string;
  let slugs: string[];
  let cars: CarAnswer[];

  before(async () => {
    await host.start();
    // Two URLs a file: three cars for sale and two dealerships need an index of several files.
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 1, 12)),
      env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE },
      sitemapPageSize: 2,
    });
    const a = await seedDealer(t, { name: 'Autos del Sur' });
    const b = await seedDealer(t, { name: 'Carros do Sul', markets: ['br'] });
    key = a.key;
    slugs = [a.slug, b.slug];
    cars = [];
    for (const id of ['S-1', 'S-2', 'S-3', 'S-4', 'S-5']) cars.push(await publishCar(t, key, host, id));
    // Not for sale: never listed.
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/S-4/sold', headers: bearer(key) })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/v1/vehicles/S-5', headers: bearer(key) })).statusCode, 200);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('robots.txt names the sitemap', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.match(res.body, /^User-agent: \*$/m);
    assert.match(res.body, new RegExp(`^Sitemap: ${BASE}/sitemap\\.xml$`, 'm'));
    assert.match(res.body, /^Disallow: \/panel\/$/m);
  });

  test('robots.txt keeps crawlers out of the contact redirects (P152), not out of the pages', async () => {
    const robots = (await t.app.inject({ url: '/robots.txt' })).body;
    const car = pathOf(cars[0]!.url);
    for (const channel of ['whatsapp', 'phone']) {
      assert.equal(allowed(robots, `${car}/contact/${channel}`), false, `${car}/contact/${channel}`);
      assert.equal(allowed(robots, `/dealers/${slugs[0]}/contact/${channel}`), false, channel);
    }
    for (const page of [car, `/dealers/${slugs[0]}`, '/sitemap.xml', '/']) assert.equal(allowed(robots, page), true, page);
    assert.equal(allowed(robots, '/panel/cars'), false, 'the matcher reads the rules that were there before');
  });

  test('more URLs than a file holds: /sitemap.xml is an index whose files list every car for sale and every storefront, once', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/xml; charset=utf-8');
    assert.match(res.body, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const files = locs(res.body);
    // Cars: 3 for sale at 2 a file → 2 files; dealerships: 2 → 1 file.
    assert.equal(files.length, 3, res.body);
    const listed: string[] = [];
    for (const f of files) {
      assert.ok(f.startsWith(`${BASE}/sitemaps/`), f);
      const file = await t.app.inject({ url: pathOf(f) });
      assert.equal(file.statusCode, 200);
      assert.match(file.body, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
      const urls = locs(file.body);
      assert.ok(urls.length >= 1 && urls.length <= 2, `at most a page of URLs: ${file.body}`);
      listed.push(...urls);
    }
    const expected = [...cars.slice(0, 3).map((c) => c.url), ...slugs.map((s) => `${BASE}/dealers/${s}`)];
    assert.deepEqual([...listed].sort(), [...expected].sort());
    assert.ok(!listed.includes(cars[3]!.url) && !listed.includes(cars[4]!.url), 'sold and withdrawn cars are not listed');
  });

  test('a bad sitemap file name is the 404 page', async () => {
    for (const url of ['/sitemaps/cars-x.xml', '/sitemaps/boats-0.xml', '/sitemaps/cars-01.xml']) {
      const res = await t.app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
    }
  });

  test('/favicon.ico is an icon, cached', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/x-icon');
    assert.match(String(res.headers['cache-control']), /^public, max-age=\d{5,}/);
    const ico = res.rawPayload;
    assert.deepEqual([...ico.subarray(0, 4)], [0, 0, 1, 0], 'ICO header');
    assert.ok(ico.length > 100 && ico.length < 2048);
  });

  test("GET / is a small page linking the panel and the API docs, in the visitor's language", async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(res.body, /<html lang="pt">/);
    assert.ok(res.body.includes(`<a href="${BASE}/panel">Painel das concessionárias</a>`));
    assert.ok(res.body.includes(`<a href="${BASE}/v1/docs">Documentação da API</a>`));
    const es = await t.app.inject({ url: '/' });
    assert.match(es.body, /<html lang="es">/);
  });
});

describe(`sitemap within one file (${STORE_NAME})`, () => {
  let t: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const host = new PhotoHost();

  before(async () => {
    await host.start();
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('a few URLs: /sitemap.xml is the list itself, cars with their last change', async () => {
    const { key, slug } = await seedDealer(t);
    const car = await publishCar(t, key, host, 'ONE-1');
    const res = await t.app.inject({ url: '/sitemap.xml' });
    assert.match(res.body, /<urlset /);
    assert.deepEqual(locs(res.body), [car.url, `${BASE}/dealers/${slug}`]);
    assert.match(res.body, /<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    // Made whole: one write with its length (P256).
    assert.equal(res.headers['content-length'], String(Buffer.byteLength(res.body)));

    // Kept a minute (P256): a car published meanwhile is listed once the minute is over.
    const next = await publishCar(t, key, host, 'ONE-2');
    assert.deepEqual(locs((await t.app.inject({ url: '/sitemap.xml' })).body), [car.url, `${BASE}/dealers/${slug}`]);
    clock.advance(60_000);
    assert.deepEqual(locs((await t.app.inject({ url: '/sitemap.xml' })).body), [car.url, next.url, `${BASE}/dealers/${slug}`]);
  });

  test('wholeOrStream: a sitemap up to the bound is one string; a longer one streams, all of it, in order (P256)', async () => {
    async function* parts() {
      for (const p of ['<a>', 'bb', 'ccc', '</a>']) yield p;
    }
    assert.equal(await wholeOrStream(parts(), 12), '<a>bbccc</a>');
    const streamed = await wholeOrStream(parts(), 4);
    assert.ok(streamed instanceof Readable);
    const chunks: string[] = [];
    for await (const c of streamed) chunks.push(String(c));
    assert.deepEqual(chunks, ['<a>bb', 'ccc', '</a>']);
  });
});
