// The panel's webhook pages through the real app, against a real HTTPS receiver (D20, D27).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer } from '../support/dealers.js';
import { PanelClient, seedPanelUser, signedInClient } from '../support/panel.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

let rx: Receiver;
let t: TestApp;
before(async () => {
  rx = await startReceiver();
  // hooks.test is the receiver on loopback (allowed just for it); internal.test is a private
  // address, refused like any other, so the panel shows the address rule's refusal.
  const outbound = createOutbound({
    allowPrivateNetworks: false,
    allowedPorts: [80, 443, rx.port],
    resolve: async (host) => [{ address: host === 'internal.test' ? '10.20.30.40' : '127.0.0.1', family: 4 }],
    isAllowed: (address) => address === '127.0.0.1',
    ca: rx.cert,
  });
  t = await makeApp({ env: { WEBHOOK_TIMEOUT: '2s' }, outbound });
});
after(async () => {
  await t.close();
  await rx.close();
});

/** A form with repeated fields (checkboxes), sent with the client's cookies and CSRF token. */
async function postForm(client: PanelClient, url: string, fields: [string, string][]) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams([['_csrf', client.csrf], ...fields]).toString(),
  });
  return { status: res.statusCode, body: res.body, location: res.headers.location };
}

async function apiHooks(key: string) {
  const res = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: bearer(key) });
  assert.equal(res.statusCode, 200);
  return res.json<{ data: { id: number; url: string; events: string[]; active: boolean }[] }>().data;
}

async function addHook(client: PanelClient, path: string): Promise<number> {
  await client.get('/panel/webhooks');
  const res = await client.post('/panel/webhooks', { url: rx.url(path) });
  assert.equal(res.status, 200, res.body.slice(0, 500));
  assert.match(res.body, /<code id="secret">whsec_/);
  const row = await t.store.db.selectFrom('webhooks').select('id').where('url', '=', rx.url(path)).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return Number(row.id);
}

const deliveriesOf = (webhookId: number) => t.store.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('id').execute();

describe(`panel webhooks (${STORE_NAME})`, () => {
  test('an owner adds a webhook: the secret is shown once, and the API lists it', async () => {
    const { client, user } = await signedInClient(t);
    const list = await client.get('/panel/webhooks');
    assert.equal(list.status, 200);
    assert.match(list.body, /Todavía no hay webhooks/);
    assert.match(list.body, /name="events" value="lead\.created"/);
    const res = await postForm(client, '/panel/webhooks', [
      ['url', rx.url('/ok?who=panel')],
      ['events', 'lead.created'],
      ['events', 'vehicle.sold'],
    ]);
    assert.equal(res.status, 200, res.body.slice(0, 500));
    const secret = /<code id="secret">(whsec_[A-Za-z0-9_-]{43})<\/code>/.exec(res.body)?.[1];
    assert.ok(secret, 'the secret is in the answer');
    assert.match(res.body, /data-copy="secret"/);
    assert.match(res.body, /no se volverá a mostrar/);
    const hooks = await apiHooks(user.key);
    assert.equal(hooks.length, 1);
    assert.deepEqual([hooks[0]!.url, hooks[0]!.events, hooks[0]!.active], [rx.url('/ok?who=panel'), ['lead.created', 'vehicle.sold'], true]);
    const again = await client.get('/panel/webhooks');
    assert.ok(!again.body.includes(secret), 'never shown again');
    assert.match(again.body, /Nueva consulta, Marcado como vendido/);
    assert.match(again.body, /class="badge ok">Activo/);
    assert.match(again.body, /<td data-label="Dirección receptora">/);
    // No event checked: every event.
    const all = await postForm(client, '/panel/webhooks', [['url', rx.url('/ok?who=all')]]);
    assert.equal(all.status, 200);
    assert.deepEqual((await apiHooks(user.key)).find((h) => h.url.endsWith('who=all'))?.events, [
      'lead.created',
      'vehicle.sold',
      'vehicle.rejected',
      'sync.failed',
    ]);
  });

  test('refusals are 422 pages with the reason in the page’s language, and nothing is added', async () => {
    const { client, user } = await signedInClient(t);
    await client.get('/panel/webhooks');
    for (const [fields, reason] of [
      [[['url', 'http://hooks.test/ok']], /debe empezar con https:\/\//],
      [[['url', 'not a url']], /no es una dirección web completa/],
      [[['url', '']], /Escriba la dirección de su receptor/],
      [[['url', 'https://internal.test/hooks']], /no puede recibir webhooks\. Apunta a una red privada o local/],
      [[['url', 'https://user:pw@hooks.test/ok']], /Quite el usuario y la contraseña/],
      [
        [
          ['url', rx.url('/ok')],
          ['events', 'vehicle.created'],
        ],
        /Elija eventos de la lista/,
      ],
    ] as [[string, string][], RegExp][]) {
      const res = await postForm(client, '/panel/webhooks', fields);
      assert.equal(res.status, 422, JSON.stringify(fields));
      assert.match(res.body, reason);
      assert.match(res.body, /class="notice bad"/);
    }
    // The address typed is kept in the form.
    const kept = await postForm(client, '/panel/webhooks', [['url', 'http://hooks.test/kept']]);
    assert.match(kept.body, /value="http:\/\/hooks\.test\/kept"/);
    assert.equal((await apiHooks(user.key)).length, 0);
  });

  test('the refusals are in Portuguese for a Brazilian dealership, and in English for a user who chose it', async () => {
    const { client, user } = await signedInClient(t, { markets: ['br'] });
    await client.get('/panel/webhooks');
    const pt = await client.post('/panel/webhooks', { url: 'http://hooks.test/ok' });
    assert.equal(pt.status, 422);
    assert.match(pt.body, /O endereço deve começar com https:\/\//);
    await t.store.db.updateTable('users').set({ lang: 'en' }).where('email', '=', user.email).execute();
    const en = await client.post('/panel/webhooks', { url: 'https://internal.test/x' });
    assert.equal(en.status, 422);
    assert.match(en.body, /That address cannot receive webhooks\. It points to a private or local network/);
  });

  test('the 21st webhook is refused with a clear message', async () => {
    const { client, user } = await signedInClient(t);
    for (let i = 0; i < 20; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(user.key), payload: { url: rx.url(`/ok?n=${i}`) } });
      assert.equal(r.statusCode, 201);
    }
    await client.get('/panel/webhooks');
    const res = await client.post('/panel/webhooks', { url: rx.url('/ok?n=21') });
    assert.equal(res.status, 422);
    assert.match(res.body, /ya tiene 20 webhooks/);
  });

  test('send test reaches the receiver; the log shows the delivery with its attempt', async () => {
    const { client } = await signedInClient(t);
    const id = await addHook(client, '/ok?case=test');
    const before = rx.received.length;
    const res = await client.post(`/panel/webhooks/${id}/test`);
    assert.equal(res.status, 303);
    assert.match(res.location!, new RegExp(`^/panel/webhooks/${id}\\?tested=\\d+$`));
    assert.equal(rx.received.length, before + 1);
    const got = rx.received.at(-1)!;
    assert.equal(JSON.parse(got.raw.toString()).type, 'webhook.test');
    assert.ok(got.headers['x-service-signature']);
    const page = await client.get(res.location!);
    assert.equal(page.status, 200);
    assert.match(page.body, /Prueba entregada \(HTTP 200\) en \d+ ms/);
    // The event in words (words.ts), never its code (issue 26, P110).
    assert.match(page.body, /<td data-label="Evento">Prueba<\/td>/);
    assert.ok(!page.body.includes('webhook.test'));
    assert.match(page.body, /class="badge ok">Entregada/);
    assert.match(page.body, /<li>[^<]+ · HTTP 200 · \d+ ms<\/li>/);
    assert.equal((await deliveriesOf(id)).length, 1);
  });

  test('a failed test shows the status; a successful test turns an inactive webhook back on', async () => {
    const { client, user } = await signedInClient(t);
    const failing = await addHook(client, '/status/500');
    const bad = await client.post(`/panel/webhooks/${failing}/test`);
    const page = await client.get(bad.location!);
    assert.match(page.body, /La prueba no se entregó: HTTP 500<\/p>/);
    assert.match(page.body, /class="badge bad">Fallida/);
    // No answer at all: the error is shown instead of a status.
    const dropped = await addHook(client, '/close');
    const gone = await client.get((await client.post(`/panel/webhooks/${dropped}/test`)).location!);
    assert.match(gone.body, /La prueba no se entregó: [^<]+<\/p>/);
    assert.match(gone.body, /<li>[^<]+ · [^<]+ · \d+ ms<\/li>/);

    const id = await addHook(client, '/ok?case=off');
    await t.store.db.updateTable('webhooks').set({ active: 0, failures_in_a_row: 20 }).where('id', '=', id).execute();
    const list = await client.get('/panel/webhooks');
    assert.match(list.body, /class="badge bad">Desactivado<\/span> <span class="muted">20 entregas fallidas seguidas/);
    const details = await client.get(`/panel/webhooks/${id}`);
    assert.match(details.body, /Se desactivó tras 20 entregas fallidas seguidas/);
    const res = await client.post(`/panel/webhooks/${id}/test`);
    assert.match(res.location!, /&on=1$/);
    const after = await client.get(res.location!);
    assert.match(after.body, /Prueba entregada .* El webhook está activo de nuevo\./);
    assert.match(after.body, /class="badge ok">Activo/);
    assert.equal((await apiHooks(user.key)).find((h) => h.id === id)?.active, true);
    const row = await t.store.db.selectFrom('webhooks').select('failures_in_a_row').where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(Number(row.failures_in_a_row), 0);
  });

  test('retry queues a new delivery of the same event; refused while the webhook is off', async () => {
    const { client } = await signedInClient(t);
    const id = await addHook(client, '/ok?case=retry');
    await client.post(`/panel/webhooks/${id}/test`);
    const [first] = await deliveriesOf(id);
    await client.get(`/panel/webhooks/${id}`);
    const res = await client.post(`/panel/webhooks/${id}/deliveries/${first!.id}/retry`);
    assert.equal(res.status, 303);
    assert.equal(res.location, `/panel/webhooks/${id}?done=retried`);
    const all = await deliveriesOf(id);
    assert.equal(all.length, 2);
    assert.deepEqual([all[1]!.event_id, Number(all[1]!.replay_of)], [first!.event_id, first!.id]);
    const page = await client.get(res.location);
    assert.match(page.body, /La entrega se enviará de nuevo en un momento/);
    assert.match(page.body, new RegExp(`Reenvío de #${first!.id}`));
    // The job sends it.
    await t.app.services.jobs.runDue();
    assert.equal((await deliveriesOf(id))[1]!.status, 'succeeded');

    await t.store.db.updateTable('webhooks').set({ active: 0 }).where('id', '=', id).execute();
    const off = await client.post(`/panel/webhooks/${id}/deliveries/${first!.id}/retry`);
    assert.equal(off.status, 422);
    assert.match(off.body, /Este webhook está desactivado\. Envíe primero una prueba/);
    assert.equal((await deliveriesOf(id)).length, 2);
  });

  test('the delivery log is paged, newest first', async () => {
    const { client } = await signedInClient(t);
    const id = await addHook(client, '/ok?case=pages');
    for (let i = 0; i < 21; i++) await client.post(`/panel/webhooks/${id}/test`);
    const ids = (await deliveriesOf(id)).map((d) => Number(d.id));
    const first = await client.get(`/panel/webhooks/${id}`);
    assert.match(first.body, /Página 1 de 2/);
    assert.ok(first.body.indexOf(`#${ids[20]}`) < first.body.indexOf(`#${ids[19]}`), 'newest first');
    assert.ok(!first.body.includes(`>#${ids[0]}<`));
    assert.match(first.body, new RegExp(`href="/panel/webhooks/${id}\\?page=2"`));
    const second = await client.get(`/panel/webhooks/${id}?page=2`);
    assert.match(second.body, new RegExp(`>#${ids[0]}<`));
    assert.equal((await client.get(`/panel/webhooks/${id}?page=abc`)).status, 200);
  });

  test('delete asks first, then the webhook is gone from the panel and the API', async () => {
    const { client, user } = await signedInClient(t);
    const id = await addHook(client, '/ok?case=delete');
    const page = await client.get('/panel/webhooks');
    assert.match(page.body, new RegExp(`action="/panel/webhooks/${id}/delete" data-confirm="[^"]+"`));
    const res = await client.post(`/panel/webhooks/${id}/delete`);
    assert.deepEqual([res.status, res.location], [303, '/panel/webhooks?done=deleted']);
    assert.match((await client.get(res.location!)).body, /El webhook fue eliminado/);
    assert.equal((await apiHooks(user.key)).length, 0);
    assert.equal((await client.get(`/panel/webhooks/${id}`)).status, 404);
  });

  test('another dealership’s owner gets 404 on every webhook route; staff get 403; bad ids 404; no CSRF 403', async () => {
    const { client: owner, user: ownerUser } = await signedInClient(t);
    const id = await addHook(owner, '/ok?case=isolation');
    await owner.post(`/panel/webhooks/${id}/test`);
    const [delivery] = await deliveriesOf(id);

    const { client: other } = await signedInClient(t);
    await other.get('/panel/webhooks');
    assert.equal((await other.get(`/panel/webhooks/${id}`)).status, 404);
    for (const path of [`/panel/webhooks/${id}/test`, `/panel/webhooks/${id}/delete`, `/panel/webhooks/${id}/deliveries/${delivery!.id}/retry`]) {
      const res = await other.post(path);
      assert.equal(res.status, 404, path);
      assert.match(res.body, /No encontrado/);
    }
    assert.equal((await deliveriesOf(id)).length, 1, 'nothing was sent or replayed');
    assert.equal((await owner.get(`/panel/webhooks/${id}`)).status, 200, 'not deleted');

    // A delivery of another webhook, under this one's id, is not found either.
    const id2 = await addHook(owner, '/ok?case=isolation2');
    assert.equal((await owner.post(`/panel/webhooks/${id2}/deliveries/${delivery!.id}/retry`)).status, 404);

    const staffUser = await seedPanelUser(t, { role: 'staff', slug: ownerUser.slug });
    const staff = new PanelClient(t.app);
    assert.equal((await staff.signIn(staffUser.email, staffUser.password)).status, 303);
    for (const path of ['/panel/webhooks', `/panel/webhooks/${id}`]) {
      const res = await staff.get(path);
      assert.equal(res.status, 403, path);
      assert.match(res.body, /Solo para titulares/);
    }
    assert.equal((await staff.post('/panel/webhooks', { url: rx.url('/ok') })).status, 403);
    assert.doesNotMatch((await staff.get('/panel')).body, /href="\/panel\/webhooks"/);

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '123456789012345678901']) {
      assert.equal((await owner.get(`/panel/webhooks/${bad}`)).status, 404, bad);
      assert.equal((await owner.post(`/panel/webhooks/${bad}/test`)).status, 404, bad);
    }
    assert.equal((await owner.post(`/panel/webhooks/${id}/deliveries/x/retry`)).status, 404);

    const noCsrf = await owner.post(`/panel/webhooks/${id}/delete`, { _csrf: '' });
    assert.equal(noCsrf.status, 403);
    assert.equal((await owner.get(`/panel/webhooks/${id}`)).status, 200);
  });
});
