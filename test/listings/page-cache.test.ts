// The car page's cache (P251): a new revision whose page shows the same bytes keeps the page
// already made, with its compressed copies; a change that shows keeps nothing of the old page.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { encodedPage, ListingPages } from '../../src/modules/listings/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, publishCar } from '../support/cars.js';
import { PhotoHost } from '../support/photos.js';

describe(`the car page's cache (${STORE_NAME})`, () => {
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

  test('a revision that changes no byte keeps the page and its brotli copy; a new price makes both again', async () => {
    const { key } = await seedDealer(t);
    const car = await publishCar(t, key, host, 'CACHE-1');
    const pages = new ListingPages(t.store.db, 'https://cars.example.com', t.clock);
    const first = (await pages.get(car.listing_id))!;
    assert.equal(first.status, 200);
    const br = encodedPage(first, 'br');
    assert.equal(zlib.brotliDecompressSync(br.body).toString('utf8'), first.body.toString('utf8'));

    // What a family's re-rating does when the car's words stay the same: the revision moves.
    await sql`update vehicles set revision = revision + 1 where external_id = 'CACHE-1'`.execute(t.store.db);
    const again = (await pages.get(car.listing_id))!;
    assert.equal(again, first, 'the same page object, not a new render');
    assert.equal(encodedPage(again, 'br'), br, 'its compressed copy kept');

    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/CACHE-1',
      headers: bearer(key),
      payload: aCar({ price: 17_900_000, photos: host.urls('CACHE-1', 3) }),
    });
    assert.equal(put.statusCode, 200, put.body);
    const repriced = (await pages.get(car.listing_id))!;
    assert.notEqual(repriced, first);
    assert.notEqual(repriced.etag, first.etag);
    assert.match(zlib.brotliDecompressSync(encodedPage(repriced, 'br').body).toString('utf8'), /17\.900\.000/);
  });
});
