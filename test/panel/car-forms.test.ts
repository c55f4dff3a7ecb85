// The panel's car forms derived from the field table (issue 36 §2, P189–P191): every field the
// API takes, with the API's own bounds and the market's vocabulary by its words; fuel and
// transmission saved and shown to buyers; a form refused keeps what was typed and the photos
// chosen (uploads kept server-side, the dealership's own only), marks and focuses the field in
// error, and says the photo rule before any refusal. The car page names an uploaded photo's
// origin in words and says how to fix a car in review by where it comes from (P190).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { word } from '../../src/core/i18n/index.js';
import { findMarket } from '../../src/modules/markets/markets.js';
import { VEHICLE_FIELDS, type VehicleField } from '../../src/modules/vehicles/fields.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { carById, carByStockId, photoFiles, postMultipart, putCar } from '../support/panel-cars.js';
import { PhotoHost } from '../support/photos.js';

const fields = VEHICLE_FIELDS as readonly VehicleField[];

/** The opening tag of the control named `name` in a page. */
function controlOf(body: string, name: string): string {
  const m = new RegExp(`<(input|select|textarea) id="c-${name}" [^>]*>`).exec(body);
  assert.ok(m, `a control for ${name}`);
  return m[0];
}

/** The options of the select named `name`: [value, words, selected]. */
function optionsOf(body: string, name: string): [string, string, boolean][] {
  const m = new RegExp(`<select id="c-${name}" [^>]*>(.*?)</select>`, 's').exec(body);
  assert.ok(m, `a select for ${name}`);
  return [...m[1]!.matchAll(/<option value="([^"]*)"( selected)?>([^<]*)<\/option>/g)].map((o) => [o[1]!, o[3]!, o[2] !== undefined]);
}

const attr = (tag: string, a: string): string | undefined => new RegExp(` ${a}="([^"]*)"`).exec(tag)?.[1];

describe(`panel car forms from the field table (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let jpegs: Buffer[] = [];
  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' } });
    jpegs = (await photoFiles([30, 120, 210, 60], 80)).map((f) => f.buffer);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const BASE = { brand: 'Toyota', model: 'Corolla', year: '2019', price: '18.500.000', mileage: '45.000' };

  async function publish(client: PanelClient, extra: Record<string, string>, files: Buffer[]) {
    await client.get('/panel/inventory/new');
    return postMultipart(t, client, '/panel/inventory/new', { ...BASE, ...extra }, files);
  }
  const idOf = (location: string | undefined) => Number(/\/panel\/inventory\/(\d+)\?done=created/.exec(location ?? '')?.[1]);

  test("both forms ask every field with the API's bounds, lists by their words; the photo rule is said before any refusal", async () => {
    for (const market of ['ar', 'br']) {
      const { client } = await signedInClient(t, { markets: [market], lang: market === 'br' ? 'pt' : 'es', role: 'staff' });
      const m = findMarket(market)!;
      const lang = market === 'br' ? 'pt' : 'es';
      const created = await publish(client, {}, jpegs.slice(0, 3));
      assert.equal(created.status, 303, created.body.slice(0, 1500));
      for (const url of ['/panel/inventory/new', `/panel/inventory/${idOf(created.location)}/edit`]) {
        const page = await client.get(url);
        assert.equal(page.status, 200);
        for (const f of fields) {
          // One currency: nothing to choose (the market's).
          if (f.name === 'currency' && m.currencies.length === 1) {
            assert.ok(!page.body.includes('name="currency"'), `${url}: no currency for ${market}`);
            continue;
          }
          const tag = controlOf(page.body, f.name);
          assert.ok(page.body.includes(`<label for="c-${f.name}">${word(lang, 'field', f.name)}</label>`), `${url}: ${f.name}'s label is its word`);
          const r = f.rule;
          if (r.kind === 'text') assert.equal(attr(tag, 'maxlength'), String(r.max), `${url}: ${f.name} maxlength`);
          if (r.kind === 'whole') {
            assert.deepEqual(
              [attr(tag, 'min'), attr(tag, 'max'), attr(tag, 'step'), attr(tag, 'inputmode')],
              [String(r.min), String(r.max), '1', 'numeric'],
              f.name,
            );
          }
          if (r.kind === 'vocabulary') {
            const options = optionsOf(page.body, f.name).filter(([v]) => v !== '');
            assert.deepEqual(
              options.map(([v]) => v),
              [...r.values(m)],
              `${url}: ${f.name} offers the market's vocabulary`,
            );
            if (f.name !== 'currency') for (const [v, w] of options) assert.equal(w, word(lang, 'value', v), `${f.name} ${v} by its word`);
            for (const [v, w] of options) assert.notEqual(w, v, `${f.name}: ${v} never shown raw`);
          }
        }
        assert.equal(attr(controlOf(page.body, 'vin'), 'maxlength'), '40');
        // The rule, with the market's numbers, before any refusal.
        const rule = lang === 'pt' ? `precisa de ${m.photos.min} a ${m.photos.max} fotos` : `necesita de ${m.photos.min} a ${m.photos.max} fotos`;
        assert.ok(page.body.includes(rule), `${url}: the photo rule`);
        assert.ok(!page.body.includes('aria-invalid'), `${url}: nothing marked before a refusal`);
      }
    }
  });

  test('fuel and transmission chosen in the panel are saved and shown to buyers in their words', async () => {
    const { client } = await signedInClient(t, { role: 'staff' });
    const res = await publish(client, { fuel: 'diesel', transmission: 'manual', doors: '5', body_style: 'hatchback', color: 'Rojo' }, jpegs.slice(0, 3));
    assert.equal(res.status, 303, res.body.slice(0, 2000));
    const id = idOf(res.location);
    let row = await carById(t, id);
    assert.deepEqual([row.fuel, row.transmission, row.doors, row.body_style, row.color], ['diesel', 'manual', 5, 'hatchback', 'Rojo']);
    await t.app.services.jobs.runDue();
    row = await carById(t, id);
    assert.equal(row.status, 'active');
    const page = await t.app.inject({ method: 'GET', url: `/listings/${row.listing_id}` });
    assert.equal(page.statusCode, 200);
    for (const [label, value] of [
      ['Combustible', 'Diésel'],
      ['Transmisión', 'Manual'],
      ['Puertas', '5'],
      ['Carrocería', 'Hatchback'],
      ['Color', 'Rojo'],
    ]) {
      assert.ok(page.body.includes(`<dt>${label}</dt><dd>${value}</dd>`), `${label}: ${value}`);
    }
    // The panel's car page from the same table.
    const panel = await client.get(`/panel/inventory/${id}`);
    assert.ok(panel.body.includes('<dt>Combustible</dt><dd>Diésel</dd>'));
    // A field cleared in the edit form is cleared; one left out of the form keeps its value.
    const cleared = await postMultipart(t, client, `/panel/inventory/${id}/edit`, { ...BASE, fuel: '', doors: '' }, []);
    assert.equal(cleared.status, 303, cleared.body.slice(0, 1500));
    row = await carById(t, id);
    assert.deepEqual([row.fuel, row.doors, row.transmission], [null, null, 'manual']);
  });

  test('a refused form keeps what was typed and the photos chosen; the field in error is marked and focused', async () => {
    const { client } = await signedInClient(t, { role: 'staff' });
    const typed = { year: '1900', version: 'XEi 1.8', fuel: 'diesel', description: 'Único dueño' };
    const refused = await publish(client, typed, jpegs.slice(0, 3));
    assert.equal(refused.status, 422);
    const year = controlOf(refused.body, 'year');
    assert.equal(attr(year, 'value'), '1900');
    assert.equal(attr(year, 'aria-invalid'), 'true');
    assert.equal(attr(year, 'aria-describedby'), 'c-year-error');
    assert.match(year, / autofocus/);
    assert.match(refused.body, /<p id="c-year-error" class="field-error">[^<]*1950[^<]*<\/p>/);
    assert.equal((refused.body.match(/ autofocus/g) ?? []).length, 1, 'one field focused');
    assert.equal(attr(controlOf(refused.body, 'version'), 'value'), 'XEi 1.8');
    assert.deepEqual(
      optionsOf(refused.body, 'fuel').filter(([, , s]) => s),
      [['diesel', 'Diésel', true]],
    );
    assert.match(refused.body, /<textarea id="c-description"[^>]*>\nÚnico dueño<\/textarea>/);
    // The three photos, stored, come back as thumbnails named by hidden fields; none is asked again.
    const kept = [...refused.body.matchAll(/<input type="hidden" name="kept_(\d)" value="(upload:[0-9a-f]{64})">/g)].map((m) => m[2]!);
    assert.equal(kept.length, 3);
    assert.equal((refused.body.match(/<img src="\/photos\/[0-9a-f]{64}\/display\.jpg" alt="Foto subida \d"/g) ?? []).length, 3);
    assert.ok(refused.body.includes('3 fotos ya subidas'));
    assert.ok(!/<input id="c-photos"[^>]* required/.test(refused.body), 'the picker is no longer required');
    for (const n of [1, 2]) {
      const shot = await t.app.inject({ method: 'GET', url: `/photos/${kept[n]!.slice('upload:'.length)}/display.jpg` });
      assert.equal(shot.statusCode, 200, 'the thumbnail opens');
    }

    // Sent again with the year fixed and no file: published with the three photos, in order.
    const sent = Object.fromEntries(kept.map((r, i) => [`kept_${i}`, r]));
    const ok = await postMultipart(t, client, '/panel/inventory/new', { ...BASE, ...typed, year: '2019', ...sent }, []);
    assert.equal(ok.status, 303, ok.body.slice(0, 2000));
    const row = await carById(t, idOf(ok.location));
    assert.deepEqual(JSON.parse(row.photo_urls), kept);
    assert.deepEqual([row.version, row.fuel, row.description], ['XEi 1.8', 'diesel', 'Único dueño']);

    // A photo ticked to leave out, and a new one added, on a second refusal and then a success.
    const again = await postMultipart(t, client, '/panel/inventory/new', { ...BASE, year: '1900', ...sent, kept_drop_1: '1' }, [jpegs[3]!]);
    assert.equal(again.status, 422);
    const second = [...again.body.matchAll(/name="kept_\d" value="(upload:[0-9a-f]{64})"/g)].map((m) => m[1]!);
    assert.equal(second.length, 3);
    assert.deepEqual(second.slice(0, 2), [kept[0], kept[2]]);
    assert.ok(!second.includes(kept[1]!));
  });

  test("kept photos are the dealership's own uploads only", async () => {
    const a = await signedInClient(t, { role: 'staff' });
    const b = await signedInClient(t, { role: 'staff' });
    const refusedA = await publish(a.client, { year: '1900' }, jpegs.slice(0, 3));
    const theirs = [...refusedA.body.matchAll(/name="kept_\d" value="(upload:[0-9a-f]{64})"/g)].map((m) => m[1]!);
    assert.equal(theirs.length, 3);
    // B names A's uploads (and one made up): none is taken, none shown.
    await b.client.get('/panel/inventory/new');
    const fields = { ...BASE, kept_0: theirs[0]!, kept_1: theirs[1]!, kept_2: `upload:${'a'.repeat(64)}`, kept_3: 'https://example.com/x.jpg' };
    const res = await postMultipart(t, b.client, '/panel/inventory/new', fields, []);
    assert.equal(res.status, 422);
    assert.ok(!res.body.includes(theirs[0]!) && !res.body.includes(theirs[1]!), "another dealership's upload is not shown");
    const photos = controlOf(res.body, 'photos');
    assert.equal(attr(photos, 'aria-invalid'), 'true');
    assert.match(photos, / autofocus/);
    assert.equal(attr(photos, 'aria-describedby'), 'c-photos-error c-photos-help c-photos-chosen');
    assert.equal((await t.store.db.selectFrom('vehicles').select('id').where('dealer_id', '=', b.user.dealerId).execute()).length, 0);
  });

  test('the car page: an uploaded photo says where it came from; a car in review says how to fix it by its source', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const res = await publish(client, { description: 'Llamar al 11 4567-8901' }, jpegs.slice(0, 3));
    assert.equal(res.status, 303, res.body.slice(0, 1500));
    const id = idOf(res.location);
    await t.app.services.jobs.runDue();
    assert.equal((await carById(t, id)).status, 'in_review');
    const page = await client.get(`/panel/inventory/${id}`);
    assert.equal((page.body.match(/Subida desde el panel/g) ?? []).length, 3);
    assert.ok(!page.body.includes('upload:'), 'no internal address');
    assert.ok(page.body.includes('Corríjalo con Editar y guarde'));
    assert.ok(!page.body.includes('en su sistema'));
    // The fix the words promise: Edit and save.
    const fixed = await postMultipart(t, client, `/panel/inventory/${id}/edit`, { description: 'Único dueño' }, []);
    assert.equal(fixed.status, 303, fixed.body.slice(0, 1500));
    assert.equal((await carById(t, id)).status, 'active');

    // A car the API sent: fixed where it comes from.
    const photos = [1, 2, 3].map((n) => `${host.base}/review/${n}.jpg`);
    assert.equal((await putCar(t, user.key, 'API-1', { description: 'Llamar al 11 4567-8901', photos })).statusCode, 201);
    await t.app.services.jobs.runDue();
    const api = await carByStockId(t, user.dealerId, 'API-1');
    assert.equal(api.status, 'in_review');
    const apiPage = await client.get(`/panel/inventory/${api.id}`);
    assert.ok(apiPage.body.includes('Este auto viene de API: corríjalo allí y vuelva a enviarlo.'));
    assert.ok(apiPage.body.includes(`Dirección original: ${photos[0]}`), 'a downloaded photo keeps its address');
  });
});
