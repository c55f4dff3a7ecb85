// A car's "recent activity" in the panel (issue 37 §6, P211): every change — added, price,
// photos, other edits, sold, back for sale, withdrawn — with who made it (the API, a sync, a
// panel user by name), not only "marked as sold"; a change that changes nothing logs nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { signedInClient, type PanelClient, type SeededUser } from '../support/panel.js';
import { PhotoHost } from '../support/photos.js';

describe(`a car's recent activity (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: { client: PanelClient; user: SeededUser };

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com' } });
    owner = await signedInClient(t, { role: 'owner', name: 'Olga Owner', markets: ['ar'] });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('price, photos, edits, sold, back for sale and withdrawn, each with who made it, on the car page', async () => {
    const key = owner.user.key;
    const photos = host.urls('ACT-1', 3);
    const car = await publishCar(t, key, host, 'ACT-1', { price: 18_500_000, photos });
    const id = Number((await t.store.db.selectFrom('vehicles').select('id').where('listing_id', '=', car.listing_id).executeTakeFirstOrThrow()).id);
    const put = async (over: Record<string, unknown>) => {
      clock.advance(60_000);
      const res = await t.app.inject({ method: 'PUT', url: '/v1/vehicles/ACT-1', headers: bearer(key), payload: aCar({ price: 18_500_000, photos, ...over }) });
      assert.ok(res.statusCode === 200, res.body);
    };
    await put({});
    await put({ price: 17_900_000 });
    await put({ price: 17_900_000, photos: host.urls('ACT-1', 4) });
    await put({ price: 17_900_000, photos: host.urls('ACT-1', 4), mileage: 46_000 });
    await owner.client.get(`/panel/inventory/${id}`);
    clock.advance(60_000);
    assert.equal((await owner.client.post(`/panel/inventory/${id}/sold`)).status, 303);
    clock.advance(60_000);
    assert.equal((await owner.client.post(`/panel/inventory/${id}/restore`)).status, 303);
    clock.advance(60_000);
    assert.equal((await t.app.inject({ method: 'DELETE', url: '/v1/vehicles/ACT-1', headers: bearer(key) })).statusCode, 200);

    const rows = await t.store.db
      .selectFrom('vehicle_activity')
      .select(['kind', 'channel', 'author_name', 'detail'])
      .where('vehicle_id', '=', id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((r) => [r.kind, r.channel, r.author_name]),
      [
        ['created', 'api', null],
        ['price', 'api', null],
        ['photos', 'api', null],
        ['edited', 'api', null],
        ['sold', 'panel', 'Olga Owner'],
        ['for_sale_again', 'panel', 'Olga Owner'],
        ['withdrawn', 'api', null],
      ],
      'the unchanged PUT logged nothing',
    );
    assert.deepEqual(JSON.parse(rows[1]!.detail!), { from: 18_500_000_00, to: 17_900_000_00, currency: 'ARS' });
    assert.deepEqual(JSON.parse(rows[2]!.detail!), { from: 3, to: 4 });

    const page = (await owner.client.get(`/panel/inventory/${id}`)).body;
    const section = /<h2>Actividad reciente<\/h2>[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    const cells = [...section.matchAll(/<tr><td data-label="Qué">([^<]*)<\/td><td data-label="Quién">([^<]*)<\/td>/g)].map((m) => [
      m[1]!.replace(/\u00a0/g, ' '),
      m[2],
    ]);
    assert.deepEqual(cells, [
      ['Retirado', 'Su sistema (API)'],
      ['De nuevo a la venta', 'Olga Owner'],
      ['Marcado como vendido', 'Olga Owner'],
      ['Datos editados', 'Su sistema (API)'],
      ['Fotos cambiadas: 3 fotos → 4 fotos', 'Su sistema (API)'],
      ['Precio: $ 18.500.000 → $ 17.900.000', 'Su sistema (API)'],
      ['Auto cargado', 'Su sistema (API)'],
    ]);
  });
});
