// The buyer's car page (issue 27, D36): the dealership's card with its profile and D34's contact
// redirects (P112), kept fresh through the page cache's key; the phone's contact bar (P113); the
// thank-you page and the inquiry form after an error (P114); a sold car's similar cars for sale at
// any dealership, read by an index (P115).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { similarCars } from '../../src/modules/listings/repository.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const path = (url: string) => url.replace(BASE, '');
const cardLinks = (page: string, section: string) => {
  const start = page.indexOf(`<h2 id="${section}-title">`);
  if (start < 0) return [];
  const end = page.indexOf('</section>', start);
  return [...page.slice(start, end).matchAll(/<li class="card"><a href="([^"]+)"/g)].map((m) => m[1]!);
};

describe(`buyer's car page (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let a: { key: string; slug: string };
  let b: { key: string; slug: string };
  let car: CarAnswer;

  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
    a = await seedDealer(t, { name: 'Autos del Sur', city: 'Córdoba' });
    b = await seedDealer(t, { name: 'Carros Norte', city: 'Rosario' });
    car = await publishCar(t, a.key, host, 'CARD-1');
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const get = (url: string) => t.app.inject({ url: path(url) });

  test("the dealership's card: name, address with a map link, hours, WhatsApp and phone through the contact redirects, its storefront; a profile edit shows at once", async () => {
    // No profile yet: the name, city and storefront, and no buttons to numbers it does not have.
    const before = await get(car.url);
    assert.equal(before.statusCode, 200);
    assert.ok(before.body.includes('<span class="label">Lo vende</span>Autos del Sur'));
    assert.ok(!before.body.includes('/contact/phone') && !before.body.includes('/contact/whatsapp'), 'no number, no button');
    assert.ok(before.body.includes(`<a href="${BASE}/dealers/${a.slug}">Ver todos sus autos</a>`));

    // The same page again comes from the page cache; a profile edit changes its key (P112).
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, a.slug), {
      phone: '351 444-2222',
      whatsapp: '351 15 555-6666',
      address: 'Av. Colón 1234',
      opening_hours: 'Lun a vie de 9 a 18, sáb de 9 a 13',
      website: 'https://autosdelsur.example',
    });
    const after = await get(car.url);
    assert.equal(after.statusCode, 200);
    assert.notEqual(after.headers.etag, before.headers.etag, 'a new page, not the cached one');
    const body = after.body;
    assert.ok(body.includes('<span class="label">Dirección</span>Av. Colón 1234, Córdoba'));
    assert.ok(
      body.includes(`href="https://www.google.com/maps/search/?api=1&amp;query=Av.%20Col%C3%B3n%201234%2C%20C%C3%B3rdoba" rel="noopener">Ver en el mapa</a>`),
    );
    assert.ok(body.includes('<span class="label">Horario de atención</span>Lun a vie de 9 a 18, sáb de 9 a 13'));
    assert.ok(body.includes(`<a class="btn wa" href="${car.url}/contact/whatsapp" rel="nofollow">WhatsApp</a>`));
    assert.match(body, new RegExp(`<a class="btn ghost" href="${car.url}/contact/phone" rel="nofollow">Llamar 0351 444-2222</a>`));
    assert.match(
      body,
      /<a href="https:\/\/autosdelsur\.example\/?" rel="noopener nofollow">Sitio web<\/a>/,
      body.slice(body.indexOf('dealer-card'), body.indexOf('dealer-card') + 1500),
    );
    // The buttons are the only way the page links the numbers (D34): no tel: or wa.me link.
    assert.ok(!/href="tel:|wa\.me/.test(body));
    // And they lead where they say.
    assert.equal((await get(`${car.url}/contact/whatsapp`)).statusCode, 302);
    assert.equal((await get(`${car.url}/contact/phone`)).headers.location, 'tel:+543514442222');

    // A later edit (the hours only) shows at once too; without one the page is the cached one.
    assert.equal((await get(car.url)).headers.etag, after.headers.etag);
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, a.slug), { opening_hours: 'Todos los días de 8 a 20' });
    assert.ok((await get(car.url)).body.includes('Todos los días de 8 a 20'));
  });

  test("on a phone, a contact bar of WhatsApp / call / write at the end of the car's details, before the form (not over it)", async () => {
    const body = (await get(car.url)).body;
    const bar = /<nav class="bar" aria-label="Contactar a la concesionaria">(.*?)<\/nav>/.exec(body);
    assert.ok(bar, 'the bar');
    assert.deepEqual(
      [...bar[1]!.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]]),
      [
        [`${car.url}/contact/whatsapp`, 'WhatsApp'],
        [`${car.url}/contact/phone`, 'Llamar'],
        ['#contact', 'Escribir'],
      ],
    );
    // Inside the car's details (so it is sticky there only) and the form's section is #contact.
    assert.ok(body.indexOf('<nav class="bar"') < body.indexOf('</article>'));
    assert.ok(body.includes('<aside class="aside" id="contact" aria-labelledby="contact-title">'));
    assert.match(body, /\.bar\{position:sticky;bottom:0/);
    assert.match(body, /@media\(min-width:52rem\)\{\.bar\{display:none\}\}/);

    // A dealership without numbers: "write" only.
    const other = await publishCar(t, b.key, host, 'BAR-2');
    const plain = (await get(other.url)).body;
    assert.match(plain, /<nav class="bar" aria-label="Contactar a la concesionaria"><a class="btn" href="#contact">Escribir<\/a><\/nav>/);
  });

  test('the inquiry form after an error keeps what was typed and lands on the error summary, each problem a link to its field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${path(car.url)}/inquiries`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ana%20P%C3%A9rez&email=&phone=&message=%C2%BFSigue%20disponible%3F%20<b>',
    });
    assert.equal(res.statusCode, 400);
    assert.ok(res.body.includes('value="Ana Pérez"'));
    assert.ok(res.body.includes('¿Sigue disponible? &lt;b&gt;</textarea>'));
    assert.match(
      res.body,
      /<div class="errors" id="errors" role="alert" tabindex="-1" autofocus aria-labelledby="errors-title">\n<h2 id="errors-title">Tu mensaje no se envió<\/h2>/,
    );
    assert.match(res.body, /<li><a href="#f-email">[^<]+<\/a><\/li>/);
    assert.equal(res.body.match(/autofocus/g)?.length, 1, 'one element takes the focus');
    // The page without errors takes no focus: the buyer starts at the top.
    assert.ok(!(await get(car.url)).body.includes('autofocus'));
  });

  test('the thank-you page says what happens next and offers WhatsApp when the dealership has it (es, pt)', async () => {
    const thanks = await get(`${car.url}/thanks`);
    assert.equal(thanks.statusCode, 200);
    assert.ok(thanks.body.includes('<h2 id="next-title">Qué sigue</h2>'));
    assert.ok(thanks.body.includes('<li>Autos del Sur recibió tu mensaje con los datos del auto.</li>'));
    assert.ok(thanks.body.includes(`<a class="btn wa" href="${car.url}/contact/whatsapp" rel="nofollow">Escribir por WhatsApp</a>`));
    assert.ok(thanks.body.includes(`<a href="${car.url}">Volver al aviso</a>`) || thanks.body.includes(`<a href="${car.url}">`));
    // A Brazilian dealership without WhatsApp: the next steps in Portuguese, no WhatsApp button.
    const br = await seedDealer(t, { name: 'Carros do Sul', city: 'Porto Alegre', markets: ['br'] });
    const brCar = await publishCar(t, br.key, host, 'BR-T', { price: 35_000 });
    const pt = await get(`${brCar.url}/thanks`);
    assert.ok(pt.body.includes('<h2 id="next-title">O que acontece agora</h2>'));
    assert.ok(pt.body.includes('<li>Carros do Sul recebeu sua mensagem com os dados do carro.</li>'));
    assert.ok(!pt.body.includes('/contact/whatsapp'));
  });

  test("a sold car's page shows similar cars for sale (same market, brand and model) of any dealership, active only, read by an index", async () => {
    const sold = await publishCar(t, a.key, host, 'SIM-SOLD', { brand: 'Peugeot', model: '208', year: 2020 });
    const mine = await publishCar(t, a.key, host, 'SIM-MINE', { brand: 'Peugeot', model: '208', year: 2021 });
    const theirs = await publishCar(t, b.key, host, 'SIM-THEIRS', { brand: 'Peugeot', model: '208', year: 2019 });
    const theirsSold = await publishCar(t, b.key, host, 'SIM-THEIRS-SOLD', { brand: 'Peugeot', model: '208', year: 2022 });
    const otherModel = await publishCar(t, b.key, host, 'SIM-2008', { brand: 'Peugeot', model: '2008', year: 2021 });
    const br = await seedDealer(t, { name: 'Carros BR', markets: ['br'] });
    const otherMarket = await publishCar(t, br.key, host, 'SIM-BR', { brand: 'Peugeot', model: '208', year: 2021, price: 80_000 });
    for (const [key, id] of [
      [a.key, 'SIM-SOLD'],
      [b.key, 'SIM-THEIRS-SOLD'],
    ] as const)
      assert.equal((await t.app.inject({ method: 'POST', url: `/v1/vehicles/${id}/sold`, headers: bearer(key) })).statusCode, 200);
    const page = await get(sold.url);
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('<h2 id="similar-title">Autos similares en venta</h2>'));
    const similar = cardLinks(page.body, 'similar');
    assert.deepEqual(similar, [theirs.url], "another dealership's car for sale; not its own (listed above), a sold one, another model or market");
    assert.ok(cardLinks(page.body, 'others').includes(mine.url));
    for (const u of [theirsSold.url, otherModel.url, otherMarket.url]) assert.ok(!page.body.includes(u));
    // The dealership's card is on the sold car's page too.
    assert.ok(page.body.includes('<span class="label">Dirección</span>Av. Colón 1234, Córdoba'));

    // The read is one range of the partial index vehicles_comparables, in its order (no sort).
    const row = { id: 0, market: 'ar', brand: 'Peugeot', model: '208' };
    assert.deepEqual(
      (await similarCars(t.store.db, row, [], 4)).map((c) => c.listing_id),
      [mine.listing_id, theirs.listing_id],
      'the newest first',
    );
    const q = t.store.db
      .selectFrom('vehicles')
      .select(['id'])
      .where('status', '=', 'active')
      .where('market', '=', 'ar')
      .where('brand', '=', 'Peugeot')
      .where('model', '=', '208')
      .orderBy('condition', 'desc')
      .orderBy('currency', 'desc')
      .orderBy('year', 'desc')
      .orderBy('price_cents', 'desc')
      .limit(5)
      .compile();
    // The plan of the query with its values written in (EXPLAIN takes no parameters).
    let i = 0;
    const literal = () => {
      const v = q.parameters[i++];
      return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
    };
    const text = q.sql.replace(STORE_NAME === 'sqlite' ? /\?/g : /\$\d+/g, literal);
    if (STORE_NAME === 'sqlite') {
      const plan = await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(t.store.db);
      const lines = plan.rows.map((r) => r.detail).join('\n');
      assert.match(lines, /USING (COVERING )?INDEX vehicles_comparables/, lines);
      assert.doesNotMatch(lines, /TEMP B-TREE/, lines);
    } else {
      // Few rows here: the planner would scan; with scans off it shows the index path exists.
      const plan = await t.store.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql.raw<{ 'QUERY PLAN': string }>(`explain ${text}`).execute(trx);
      });
      const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      assert.match(lines, /Index Scan Backward using vehicles_comparables/, lines);
      assert.doesNotMatch(lines, /Sort/, lines);
    }
  });
});
