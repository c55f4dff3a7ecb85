// The panel's feed columns page (issue 15): column mapping overrides (list, add, remove; a bad
// one is a 422 page message) and "check a file", a dry run of a multipart upload that shows
// the plan, the guard's verdict, the mapping and the row errors, and writes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { snapshot } from '../support/snapshot.js';
import { csv, csvCar, feedFor, ids, PHOTOS, pushCsv } from '../feeds/support.js';

function multipart(fields: [string, string][], file?: { name: string; body: string; type?: string }) {
  const boundary = '----check' + Math.random().toString(16).slice(2);
  const parts: string[] = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'text/csv'}\r\n\r\n${file.body}\r\n`,
    );
  }
  return { body: parts.join('') + `--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`panel feed columns and file check (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  /** Posts the check form as a browser does (multipart), with the client's cookies and CSRF token. */
  async function checkFile(client: PanelClient, feedId: number, body: string, csrf = client.csrf) {
    const m = multipart([['_csrf', csrf]], { name: 'stock.csv', body });
    const res = await t.app.inject({
      method: 'POST',
      url: `/panel/feeds/tokens/${feedId}/check`,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': m.contentType },
      payload: m.body,
    });
    return { status: res.statusCode, body: res.body };
  }

  test('staff check a file: the plan, the verdict, the mapping and the row errors; nothing written', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const feed = await feedFor(t, user.slug);
    await pushCsv(t, feed.path, csv(ids('A', 3).map((id) => csvCar(id))));
    const page = await client.get(`/panel/feeds/tokens/${feed.id}/mapping`);
    assert.equal(page.status, 200);
    assert.match(page.body, /enctype="multipart\/form-data"/);
    assert.match((await client.get('/panel/feeds')).body, new RegExp(`/panel/feeds/tokens/${feed.id}/mapping`), 'linked from the feeds page');

    const before = await snapshot(t.store);
    const res = await checkFile(client, feed.id, csv([csvCar('A-1'), csvCar('A-2'), csvCar('N-1'), csvCar('N-2', { year: 1900 })]));
    assert.equal(res.status, 200, res.body.slice(0, 800));
    assert.deepEqual(await snapshot(t.store), before, 'a check writes nothing, not even an import report');
    assert.match(res.body, /no se cambió nada|nothing was changed/);
    assert.match(res.body, /Se crearían: 1|Would be created: 1/);
    assert.match(res.body, /<code>N-1<\/code>/);
    assert.match(res.body, /Se actualizarían: 2|Would be updated: 2/);
    assert.match(res.body, /Se marcarían vendidos: 0|Would be marked sold: 0/, 'a failed row skips marking sold');
    assert.match(res.body, /Año: tiene que ser 1950 o posterior/);
    assert.match(res.body, /<code>mileage<\/code>/);
    assert.match(res.body, /El archivo se puede importar|The file can be imported/);
  });

  test('the guard would refuse: said on the report; an unreadable file is a 422 message; a bad CSRF token is refused', async () => {
    const { client, user } = await signedInClient(t);
    const feed = await feedFor(t, user.slug);
    await pushCsv(t, feed.path, csv(ids('G', 10).map((id) => csvCar(id))));
    await client.get(`/panel/feeds/tokens/${feed.id}/mapping`);
    const before = await snapshot(t.store);
    const refused = await checkFile(client, feed.id, csv([csvCar('G-1')]));
    assert.equal(refused.status, 200);
    assert.match(refused.body, /sería rechazado|would be refused/);
    assert.match(refused.body, /No se marcaron como vendidos 9 de los 10 autos publicados/);
    const unreadable = await checkFile(client, feed.id, 'a,b\n1,2\n');
    assert.equal(unreadable.status, 422);
    assert.match(unreadable.body, /No se pudo leer el archivo|could not be read/);
    const forged = await checkFile(client, feed.id, csv([csvCar('G-1')]), 'forged');
    assert.equal(forged.status, 403);
    assert.deepEqual(await snapshot(t.store), before);
  });

  test('column mapping: add (used by the check and by pushes), a bad one is a 422 message, remove', async () => {
    const { client, user } = await signedInClient(t, { role: 'staff' });
    const feed = await feedFor(t, user.slug);
    await client.get(`/panel/feeds/tokens/${feed.id}/mapping`);
    const bad = await client.post(`/panel/feeds/tokens/${feed.id}/mapping`, { column: 'Precio Final', field: 'precio' });
    assert.equal(bad.status, 422);
    assert.match(bad.body, /Elija un campo de la lista|Choose a field from the list/);
    const empty = await client.post(`/panel/feeds/tokens/${feed.id}/mapping`, { column: ' ', field: 'price' });
    assert.equal(empty.status, 422);

    const saved = await client.post(`/panel/feeds/tokens/${feed.id}/mapping`, { column: 'Precio Final', field: 'price' });
    assert.equal(saved.status, 303);
    const page = await client.get(saved.location!);
    assert.match(page.body, /<code>Precio Final<\/code><\/td><td data-label="Campo">Precio<\/td>/, "the override by its field's word (P198)");
    // The "Campo" choices are the fields' words; the value sent stays the API name.
    const options = [...page.body.matchAll(/<option value="([a-z_]+)"[^>]*>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(options.slice(0, 3), [
      ['external_id', 'Código de stock'],
      ['brand', 'Marca'],
      ['model', 'Modelo'],
    ]);
    for (const [value, label] of options) assert.notEqual(label, value, `the option ${value} shows a word`);

    const file =
      ['codigo,marca,modelo,año,Precio,Precio Final,km,fotos', `E-1,Volkswagen,Gol,2015,6000000,5500000,98000,${PHOTOS('E-1').join('|')}`].join('\n') + '\n';
    const check = await checkFile(client, feed.id, file);
    assert.equal(check.status, 200, check.body.slice(0, 500));
    assert.match(check.body, /<code>Precio Final<\/code><\/td><td data-label="[^"]+">Precio <span class="badge">/);

    // The import report page shows the mapping of the file a push brought, override marked.
    assert.equal((await pushCsv(t, feed.path, file)).statusCode, 200);
    const imp = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
    const report = await client.get(`/panel/feeds/imports/${imp.id}`);
    assert.equal(report.status, 200);
    assert.match(report.body, /<code>Precio Final<\/code><\/td><td data-label="[^"]+">Precio <span class="badge">/);
    assert.match(report.body, /<code>Precio<\/code>/, 'the column it replaced is listed as not used');

    await client.get(`/panel/feeds/tokens/${feed.id}/mapping`);
    const removed = await client.post(`/panel/feeds/tokens/${feed.id}/mapping/remove`, { column: 'Precio Final' });
    assert.equal(removed.status, 303);
    const row = await t.store.db.selectFrom('feeds').select('column_map').where('id', '=', feed.id).executeTakeFirstOrThrow();
    assert.equal(row.column_map, '{}');
  });

  test("another dealership's feed is a 404", async () => {
    const { user } = await signedInClient(t);
    const feed = await feedFor(t, user.slug);
    const { client: other } = await signedInClient(t);
    assert.equal((await other.get(`/panel/feeds/tokens/${feed.id}/mapping`)).status, 404);
    await other.get('/panel/feeds');
    assert.equal((await other.post(`/panel/feeds/tokens/${feed.id}/mapping`, { column: 'x', field: 'price' })).status, 404);
  });
});
