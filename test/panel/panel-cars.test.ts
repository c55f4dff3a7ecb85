// Cars made and fixed in the panel (D33, P104–P107): published with photos uploaded as files
// (the image pipeline: orientation applied, metadata gone), edited (price, photo order), sold
// and put back for sale; the source `panel` shown and filtered by the API but refused as input,
// and never marked sold by another source's reconcile; a panel price change leaves the same
// trace (price history, events) as the API's; a synced car's edit is overwritten by its next sync.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { carById, carByStockId, postMultipart, putCar, syncCars } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';
import { hiddenIn, jpegWithHiddenWords } from '../support/hidden-jpeg.js';
import { readPrice } from '../../src/modules/vehicles/edit-pages.js';

/** A phone-like JPEG: EXIF orientation 6 (rotated), a GPS-ish comment in its metadata. */
async function phoneJpeg(shade: number): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: shade, g: 100, b: 200 - shade } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS -34.6 -58.4', Make: 'PhoneCo' } } })
    .toBuffer();
}

describe(`panel cars (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const car = (id: number) => carById(t, id);
  const publish = async (c: PanelClient, files: Buffer[], extra: Record<string, string> = {}) => {
    await c.get('/panel/inventory/new');
    const res = await postMultipart(
      t,
      c,
      '/panel/inventory/new',
      { brand: 'Toyota', model: 'Corolla', year: '2019', price: '18.500.000', mileage: '45.000', ...extra },
      files,
    );
    assert.equal(res.status, 303, res.body.slice(0, 2000));
    const id = Number(/\/panel\/inventory\/(\d+)\?done=created/.exec(res.location ?? '')?.[1]);
    assert.ok(id > 0, res.location);
    return id;
  };

  test('a car published from the panel with three uploaded photos goes active, is edited, sold and put back for sale', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const id = await publish(client, [await phoneJpeg(10), await phoneJpeg(80), await phoneJpeg(160)]);
    let row = await car(id);
    assert.equal(row.source, 'panel');
    assert.equal(row.status, 'importing_photos');
    assert.equal(row.price_cents, 1_850_000_000);
    assert.equal(row.mileage, 45_000);
    const urls = JSON.parse(row.photo_urls) as string[];
    assert.equal(urls.length, 3);
    assert.ok(urls.every((u) => /^upload:[0-9a-f]{64}$/.test(u)));
    await t.app.services.jobs.runDue();
    row = await car(id);
    assert.equal(row.status, 'active');
    // The stored copy: orientation applied (400×300 rotated is 300×400), no EXIF left.
    const first = (JSON.parse(row.shown_photos) as { file_id: string; ext: string }[])[0]!;
    const stored = await t.app.inject({ method: 'GET', url: `/photos/${first.file_id}/original.${first.ext}` });
    assert.equal(stored.statusCode, 200);
    const meta = await sharp(stored.rawPayload).metadata();
    assert.equal(meta.width, 300);
    assert.equal(meta.height, 400);
    assert.equal(meta.exif, undefined);
    assert.ok(!stored.rawPayload.includes('PhoneCo'));

    // The API shows it and filters by it.
    const listed = await t.app.inject({ method: 'GET', url: '/v1/vehicles?source=panel', headers: bearer(user.key) });
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      listed.json<{ data: { external_id: string; source: string }[] }>().data.map((v) => v.source),
      ['panel'],
    );

    // Edit: price and photo order (the third photo first), a new photo added.
    const page = await client.get(`/panel/inventory/${id}/edit`);
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.body, /sincronización/);
    const edited = await postMultipart(
      t,
      client,
      `/panel/inventory/${id}/edit`,
      {
        price: '17900000',
        mileage: '45000',
        version: 'XEi',
        color: 'Gris',
        description: '',
        pos_0: '3',
        pos_1: '2',
        pos_2: '1',
        photo_0: urls[0]!,
        photo_1: urls[1]!,
        photo_2: urls[2]!,
      },
      [],
    );
    assert.equal(edited.status, 303, edited.body.slice(0, 1500));
    row = await car(id);
    assert.equal(row.price_cents, 1_790_000_000);
    assert.equal(row.version, 'XEi');
    assert.deepEqual(JSON.parse(row.photo_urls), [urls[2], urls[1], urls[0]]);
    await t.app.services.jobs.runDue();
    row = await car(id);
    assert.equal(row.status, 'active');
    assert.equal(row.source, 'panel');

    // Sold, then put back for sale from its page.
    await client.get(`/panel/inventory/${id}`);
    assert.equal((await client.post(`/panel/inventory/${id}/sold`)).status, 303);
    assert.equal((await car(id)).status, 'sold');
    const soldPage = await client.get(`/panel/inventory/${id}`);
    assert.match(soldPage.body, /\/restore"/);
    const restored = await client.post(`/panel/inventory/${id}/restore`);
    assert.equal(restored.status, 303);
    assert.equal((await car(id)).status, 'active');
  });

  test('P159: an uploaded upright JPEG keeps no word hidden in its JFIF, JFXX, Adobe, other APPn, comment or DNL segments', async () => {
    const { client } = await signedInClient(t, { role: 'staff' });
    const id = await publish(client, await Promise.all([1, 2, 3].map((seed) => jpegWithHiddenWords(320, 240, seed))));
    await t.app.services.jobs.runDue();
    const row = await car(id);
    assert.equal(row.status, 'active');
    const shown = JSON.parse(row.shown_photos) as { file_id: string; ext: string }[];
    assert.equal(shown.length, 3);
    for (const p of shown) {
      const stored = await t.app.inject({ method: 'GET', url: `/photos/${p.file_id}/original.${p.ext}` });
      assert.equal(stored.statusCode, 200);
      assert.deepEqual(hiddenIn(stored.rawPayload), []);
      assert.equal((await sharp(stored.rawPayload).metadata()).width, 320, 'upright: the original kept its size');
    }
  });

  test('source panel is refused as API input; a reconcile of another source never marks a panel car sold', async () => {
    const { client, user } = await signedInClient(t);
    const id = await publish(client, [await phoneJpeg(1), await phoneJpeg(2), await phoneJpeg(3)]);
    await t.app.services.jobs.runDue();
    const put = await putCar(t, user.key, 'X1', { source: 'panel' });
    assert.equal(put.statusCode, 400, put.body);
    const sync = await syncCars(t, user.key, [], { source: 'panel' });
    assert.equal(sync.statusCode, 400, sync.body);
    // An API car, then a reconcile of `api` that lists it alone: the panel car stays for sale.
    const one = await putCar(t, user.key, 'API-1', { photos: [`${host.base}/a/1.jpg`, `${host.base}/a/2.jpg`, `${host.base}/a/3.jpg`] });
    assert.ok([200, 201].includes(one.statusCode), one.body);
    for (const source of ['api', 'feed', 'woocommerce']) {
      const rec = await t.app.inject({
        method: 'POST',
        url: '/v1/vehicles/reconcile',
        headers: bearer(user.key),
        payload: { external_ids: ['API-1'], source },
      });
      assert.equal(rec.statusCode, 200, rec.body);
    }
    assert.equal((await car(id)).status, 'active');
  });

  test('a panel price change leaves the same price history and events as one from the API', async () => {
    const { client, user } = await signedInClient(t);
    const photos = [`${host.base}/h/1.jpg`, `${host.base}/h/2.jpg`, `${host.base}/h/3.jpg`];
    const put = (price: number, ext: string) => putCar(t, user.key, ext, { price, photos });
    assert.equal((await put(5_000_000, 'VIA-API')).statusCode, 201);
    assert.equal((await put(5_000_000, 'VIA-PANEL')).statusCode, 201);
    await t.app.services.jobs.runDue();
    const eventsBefore = await t.store.db.selectFrom('events').select(['type']).where('dealer_id', '=', user.dealerId).execute();
    const deliveriesBefore = await t.store.db.selectFrom('webhook_deliveries').select('id').execute();
    assert.equal((await put(4_800_000, 'VIA-API')).statusCode, 200);
    const viaPanel = await carByStockId(t, user.dealerId, 'VIA-PANEL');
    await client.get(`/panel/inventory/${viaPanel.id}/edit`);
    const urls = JSON.parse(viaPanel.photo_urls) as string[];
    const res = await postMultipart(
      t,
      client,
      `/panel/inventory/${viaPanel.id}/edit`,
      { price: '4800000', mileage: String(viaPanel.mileage), photo_0: urls[0]!, photo_1: urls[1]!, photo_2: urls[2]! },
      [],
    );
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    const history = async (ext: string) => {
      const v = await t.store.db
        .selectFrom('vehicles')
        .select(['id', 'source', 'content_hash'])
        .where('external_id', '=', ext)
        .where('dealer_id', '=', user.dealerId)
        .executeTakeFirstOrThrow();
      const prices = await t.store.db
        .selectFrom('vehicle_prices')
        .select(['price_cents', 'currency'])
        .where('vehicle_id', '=', v.id)
        .orderBy('since')
        .execute();
      return { prices: prices.map((p) => [Number(p.price_cents), p.currency]), source: v.source, hash: v.content_hash };
    };
    const a = await history('VIA-API');
    const p = await history('VIA-PANEL');
    assert.deepEqual(p.prices, a.prices);
    assert.equal(p.prices.length, 2);
    // The panel edit kept the source; the content is the same as the API's (one hash).
    assert.equal(p.source, 'api');
    assert.equal(p.hash, a.hash);
    // Neither change made an event of its own (no event type for a price; D33 adds none): same count after both.
    const eventsAfter = await t.store.db.selectFrom('events').select(['type']).where('dealer_id', '=', user.dealerId).execute();
    assert.deepEqual(eventsAfter, eventsBefore);
    assert.equal((await t.store.db.selectFrom('webhook_deliveries').select('id').execute()).length, deliveriesBefore.length);
    // Sold from the panel: the same vehicle.sold event as the API's sold call.
    await client.get(`/panel/inventory/${viaPanel.id}`);
    await client.post(`/panel/inventory/${viaPanel.id}/sold`);
    const sold = await t.app.inject({ method: 'POST', url: '/v1/vehicles/VIA-API/sold', headers: bearer(user.key) });
    assert.equal(sold.statusCode, 200, sold.body);
    const soldEvents = await t.store.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('dealer_id', '=', user.dealerId)
      .where('type', '=', 'vehicle.sold')
      .execute();
    assert.deepEqual(soldEvents.map((e) => (JSON.parse(e.data) as { external_id: string }).external_id).sort(), ['VIA-API', 'VIA-PANEL']);
  });

  test('a synced car says its next sync overwrites the edit, and the next sync does', async () => {
    const { client, user } = await signedInClient(t, { lang: 'es' });
    const photos = [`${host.base}/s/1.jpg`, `${host.base}/s/2.jpg`, `${host.base}/s/3.jpg`];
    const sync = () => syncCars(t, user.key, [aCar({ external_id: 'WC-9', price: 7_000_000, photos })], { source: 'woocommerce' });
    assert.equal((await sync()).statusCode, 200);
    await t.app.services.jobs.runDue();
    const v = await carByStockId(t, user.dealerId, 'WC-9');
    const page = await client.get(`/panel/inventory/${v.id}/edit`, { 'accept-language': 'es' });
    assert.match(page.body, /la próxima sincronización de WooCommerce/);
    const res = await postMultipart(
      t,
      client,
      `/panel/inventory/${v.id}/edit`,
      { price: '6500000', mileage: String(v.mileage), photo_0: photos[0]!, photo_1: photos[1]!, photo_2: photos[2]! },
      [],
    );
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    let row = await car(v.id);
    assert.equal(row.price_cents, 650_000_000);
    assert.equal(row.source, 'woocommerce');
    assert.equal((await sync()).statusCode, 200);
    row = await car(v.id);
    assert.equal(row.price_cents, 700_000_000);
  });

  test('bad input is a clear page: a file that is no photo, a missing brand', async () => {
    const { client } = await signedInClient(t);
    await client.get('/panel/inventory/new');
    const res = await postMultipart(t, client, '/panel/inventory/new', { brand: 'Toyota', model: 'Corolla', year: '2019', price: '1000', mileage: '1' }, [
      Buffer.from('<svg></svg>'),
    ]);
    assert.equal(res.status, 422);
    assert.match(res.body, /IMG_0\.jpg/);
    await client.get('/panel/inventory/new');
    const res2 = await postMultipart(t, client, '/panel/inventory/new', { brand: '', model: 'Corolla', year: '2019', price: '1000', mileage: '1' }, [
      await phoneJpeg(5),
    ]);
    assert.equal(res2.status, 422);
    assert.match(res2.body, /role="alert"/);
  });

  test('the inventory shows mileage, links the whole row and keeps prices and dates whole', async () => {
    const { client, user } = await signedInClient(t);
    const photos = [`${host.base}/l/1.jpg`, `${host.base}/l/2.jpg`, `${host.base}/l/3.jpg`];
    await putCar(t, user.key, 'L-1', { mileage: 98_000, photos });
    const res = await client.get('/panel/inventory');
    assert.match(res.body, /<tr class="linked">/);
    assert.match(res.body, /class="row-link"/);
    assert.match(res.body, /class="nowrap">98\.000 km</);
  });

  test('prices as people type them', () => {
    assert.equal(readPrice('18.500.000'), 18_500_000);
    assert.equal(readPrice('18500'), 18_500);
    assert.equal(readPrice('18 500,50'), 18_500.5);
    assert.equal(readPrice('abc'), 'abc');
  });
});
