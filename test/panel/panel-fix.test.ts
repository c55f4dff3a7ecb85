// Issue 26's review fixes (P135–P138) through the real app: the navigation shows a role only the
// pages that role may open (one rule, PAGE_ROLES); a failed photo is replaced in place through
// the upload pipeline, leaving the same trace as the API's fix; the new-car form's model list is
// the chosen brand's and a wrong model is a clear sentence; a panel car gets the dealership's
// city, shown on the buyer's page; counts read as plurals ("1 não lido", "2 não lidos").
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { textsOf } from '../../src/core/i18n/index.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { seedPanelUser, signedInClient, freshAddress, PanelClient } from '../support/panel.js';
import { carById, carByStockId, postMultipart, putCar } from '../support/panel-cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const jpeg = (shade: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 90, b: 200 } } })
    .jpeg()
    .toBuffer();

describe(`panel review fixes (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  /** Answers 404 to everything: a photo that fails for good. */
  const missing = http.createServer((_req, res) => res.writeHead(404).end());
  let missingBase = '';
  before(async () => {
    await host.start();
    await new Promise<void>((r) => missing.listen(0, '127.0.0.1', r));
    missingBase = `http://127.0.0.1:${(missing.address() as AddressInfo).port}`;
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  after(async () => {
    await t.close();
    await host.stop();
    missing.closeAllConnections();
    await new Promise<void>((r) => missing.close(() => r()));
  });

  const navLinks = (body: string): string[] => {
    const nav = /<nav class="main"[^>]*>([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    return [...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
  };
  const OWNERS_ONLY = ['/panel/keys', '/panel/webhooks', '/panel/users'];

  test('a salesperson’s navigation links only the pages they may open; the owner’s all of them (P136)', async () => {
    const staff = await signedInClient(t, { role: 'staff' });
    const staffNav = navLinks((await staff.client.get('/panel')).body);
    for (const href of OWNERS_ONLY) assert.ok(!staffNav.includes(href), `${href} is not in a salesperson's navigation`);
    assert.ok(staffNav.includes('/panel/feeds') && staffNav.includes('/panel/leads') && staffNav.includes('/panel/inventory'));
    // Every link shown opens; every page kept from the navigation answers the 403 page.
    for (const href of staffNav) assert.equal((await staff.client.get(href)).status, 200, `${href} opens for a salesperson`);
    for (const href of OWNERS_ONLY) assert.equal((await staff.client.get(href)).status, 403, `${href} is refused to a salesperson`);

    const owner = await signedInClient(t, { slug: staff.user.slug });
    const ownerNav = navLinks((await owner.client.get('/panel')).body);
    for (const href of OWNERS_ONLY) assert.ok(ownerNav.includes(href), `${href} is in an owner's navigation`);
    for (const href of ownerNav) assert.equal((await owner.client.get(href)).status, 200, `${href} opens for an owner`);
  });

  test('a failed photo is replaced in its place by one upload, with the same trace as the API’s fix (D33, P135)', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const good = (ext: string) => [`${host.base}/${ext}/1.jpg`, `${host.base}/${ext}/2.jpg`];
    const put = (ext: string, photos: string[]) => putCar(t, user.key, ext, { photos });
    for (const ext of ['FIX-API', 'FIX-PANEL']) assert.equal((await put(ext, [...good(ext), `${missingBase}/${ext}.jpg`])).statusCode, 201);
    await t.app.services.jobs.runDue();
    const row = (ext: string) => carByStockId(t, user.dealerId, ext);
    const broken = await row('FIX-PANEL');
    assert.equal(broken.status, 'in_review');
    const urls = JSON.parse(broken.photo_urls) as string[];

    // The edit page offers "Reemplazar" for the failed photo only, as a localized file control.
    const page = await client.get(`/panel/inventory/${broken.id}/edit`);
    assert.equal(page.status, 200);
    assert.match(page.body, /<input id="replace-2" class="file-input" name="replace_2" type="file" accept="image\/\*"/);
    assert.match(page.body, /<label for="replace-2" class="button secondary">Reemplazar la foto 3<\/label>/);
    assert.ok(!page.body.includes('name="replace_0"') && !page.body.includes('name="replace_1"'));

    const eventsBefore = await t.store.db.selectFrom('events').select('type').where('dealer_id', '=', user.dealerId).execute();
    const deliveriesBefore = (await t.store.db.selectFrom('webhook_deliveries').select('id').execute()).length;
    // The API's fix: the failed URL swapped for a good one, in place.
    assert.equal((await put('FIX-API', [...good('FIX-API'), `${host.base}/FIX-API/3.jpg`])).statusCode, 200);
    // The panel's: one file in place of photo 3.
    const res = await postMultipart(
      t,
      client,
      `/panel/inventory/${broken.id}/edit`,
      {
        price: String(broken.price_cents / 100),
        mileage: String(broken.mileage),
        photo_0: urls[0]!,
        photo_1: urls[1]!,
        photo_2: urls[2]!,
        pos_0: '1',
        pos_1: '2',
        pos_2: '3',
      },
      [{ field: 'replace_2', bytes: await jpeg(60) }],
    );
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    const replaced = JSON.parse((await row('FIX-PANEL')).photo_urls) as string[];
    assert.deepEqual(replaced.slice(0, 2), urls.slice(0, 2), 'the other photos keep their place');
    assert.match(replaced[2]!, /^upload:[0-9a-f]{64}$/, 'the upload is photo 3');
    assert.equal(replaced.length, 3);
    await t.app.services.jobs.runDue();
    const fixedPanel = await row('FIX-PANEL');
    const fixedApi = await row('FIX-API');
    assert.equal(fixedPanel.status, 'active');
    assert.equal(fixedApi.status, 'active');
    assert.equal((JSON.parse(fixedPanel.shown_photos) as unknown[]).length, 3);
    // The same events and webhook deliveries as the API's fix made (here: one each way, or none).
    const eventsAfter = await t.store.db.selectFrom('events').select(['type', 'data']).where('dealer_id', '=', user.dealerId).execute();
    const newEvents = eventsAfter.slice(eventsBefore.length);
    const of = (ext: string) => newEvents.filter((e) => e.data.includes(`"${ext}"`)).map((e) => e.type);
    assert.deepEqual(of('FIX-PANEL'), of('FIX-API'));
    const deliveriesAfter = (await t.store.db.selectFrom('webhook_deliveries').select('id').execute()).length;
    assert.equal((deliveriesAfter - deliveriesBefore) % 2, 0, 'as many deliveries for the panel fix as for the API one');
  });

  test('the new-car form lists the chosen brand’s models; a wrong model is a clear sentence on the page (P138)', async () => {
    const { client } = await signedInClient(t, { role: 'staff' });
    const blank = await client.get('/panel/inventory/new');
    assert.equal(blank.status, 200);
    // Every model is marked with its brand (the script keeps the chosen brand's only); the brand field names the list.
    assert.match(
      blank.body,
      /<input id="c-brand" name="brand" type="text" value="" maxlength="80" list="brands" autocomplete="off" data-models="models" required/,
    );
    assert.match(blank.body, /<option value="Toyota" data-slug="toyota"><\/option>/);
    assert.match(blank.body, /<option value="Corolla" data-brand="toyota">Toyota<\/option>/);
    assert.match(blank.body, /<option value="Gol" data-brand="volkswagen">Volkswagen<\/option>/);
    // A model name two brands share is listed for each (it used to be kept for one brand only).
    const options = [...blank.body.matchAll(/<option value="([^"]+)" data-brand="([^"]+)">/g)].map((m) => `${m[2]}/${m[1]}`);
    assert.equal(new Set(options).size, options.length);

    // Without scripts: the server checks the model against the brand, says so, and lists that brand's models only.
    const wrong = await postMultipart(t, client, '/panel/inventory/new', { brand: 'Toyota', model: 'Gol', year: '2019', price: '18500000', mileage: '45000' }, [
      { field: 'photos', bytes: await jpeg(10) },
    ]);
    assert.equal(wrong.status, 422);
    assert.match(wrong.body, /Modelo: «Gol» no es un modelo de Toyota en el catálogo/);
    const listed = [...wrong.body.matchAll(/<option value="[^"]+" data-brand="([^"]+)">/g)].map((m) => m[1]);
    assert.ok(listed.length > 5 && listed.every((b) => b === 'toyota'), 'only Toyota models after Toyota was chosen');
    assert.ok(!/<option value="Gol" data-brand/.test(wrong.body));
    assert.equal(await t.store.db.selectFrom('vehicles').select('id').where('model', '=', 'Gol').where('brand', '=', 'Toyota').executeTakeFirst(), undefined);
  });

  test('a car published in the panel gets the dealership’s city, and the buyer’s page shows it (P135)', async () => {
    const dealer = await seedDealer(t, { city: 'Villa Carlos Paz' });
    const user = await seedPanelUser(t, { slug: dealer.slug, role: 'staff' });
    const client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(user.email, user.password)).status, 303);
    await client.get('/panel/inventory/new');
    const res = await postMultipart(
      t,
      client,
      '/panel/inventory/new',
      { brand: 'Toyota', model: 'Corolla', year: '2019', price: '18500000', mileage: '45000' },
      [
        { field: 'photos', bytes: await jpeg(10) },
        { field: 'photos', bytes: await jpeg(90) },
        { field: 'photos', bytes: await jpeg(170) },
      ],
    );
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    const id = Number(/inventory\/(\d+)/.exec(res.location ?? '')?.[1]);
    const row = await carById(t, id);
    assert.equal(row.city, 'Villa Carlos Paz');
    await t.app.services.jobs.runDue();
    const got = await t.app.inject({ url: `/v1/vehicles/${row.external_id}`, headers: bearer(dealer.key) });
    const car = got.json<{ vehicle: { city: string; url: string; status: string } }>().vehicle;
    assert.equal(car.city, 'Villa Carlos Paz');
    assert.equal(car.status, 'active');
    const buyerPage = await t.app.inject({ url: pathOf(car.url) });
    assert.equal(buyerPage.statusCode, 200);
    assert.match(buyerPage.body, /Villa Carlos Paz/);
  });

  test('every file field of the panel is the localized control (P137)', () => {
    const sources = fs
      .readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && f !== path.join('core', 'web', 'file-input.ts'))
      .filter((f) => /<input[^>]*type="?file/.test(fs.readFileSync(path.join('src', f), 'utf8')));
    assert.deepEqual(sources, [], 'a file input drawn by hand (Chromium would show its English control)');
  });

  test('counts read as plurals in every language: no "(s)" in any catalogue (P138)', () => {
    const LEAD_TEXTS = textsOf('leads.');
    const OVERVIEW_TEXTS = textsOf('overview.');
    const LISTING_TEXTS = textsOf('public.');
    assert.equal(LEAD_TEXTS.pt.unreadCount(1), '1 não lido');
    assert.equal(LEAD_TEXTS.pt.unreadCount(2), '2 não lidos');
    assert.equal(LEAD_TEXTS.es.unreadCount(1), '1 sin leer');
    assert.equal(LEAD_TEXTS.es.unreadCount(3), '3 sin leer');
    assert.equal(LEAD_TEXTS.pt.messages(1), '1 mensagem');
    assert.equal(LEAD_TEXTS.en.messages(2), '2 messages');
    assert.equal(OVERVIEW_TEXTS.es.counts(1, 1, 0, 0, 1), '1 fila: 1 nuevo, 0 actualizados, 0 vendidos, 1 con error');
    assert.equal(OVERVIEW_TEXTS.pt.counts(2, 1, 2, 1, 2), '2 linhas: 1 novo, 2 atualizados, 1 vendido, 2 com erros');
    assert.equal(OVERVIEW_TEXTS.es.leadsCount(1), '1 comprador espera respuesta.');
    assert.equal(OVERVIEW_TEXTS.pt.webhooksOffText(2), '2 webhooks estão desativados por falhar repetidamente.');
    assert.match(LISTING_TEXTS.es.rateLimited(1), /en 1 minuto\.$/);
    assert.match(LISTING_TEXTS.pt.rateLimited(5), /em 5 minutos\.$/);
    // The page words (every texts file) and the catalogue's messages: no "lido(s)", "minuto(s)", "error(es)".
    const files = [
      ...fs.readdirSync('src/core/i18n/messages').map((f) => path.join('src/core/i18n/messages', f)),
      'src/core/web/texts.ts',
      ...fs
        .readdirSync('src/modules', { recursive: true, encoding: 'utf8' })
        .filter((f) => /texts\.ts$/.test(f))
        .map((f) => path.join('src/modules', f)),
    ];
    const found = files.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/\p{L}\((?:s|es|as|os)\)/gu)].map((m) => `${f}: ${m[0]}`));
    assert.deepEqual(found, []);
  });
});
