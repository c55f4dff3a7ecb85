// The sandbox is never public (D35, P123–P125): a sandbox car's page answers 404 except to the
// live dealership's signed-in people (who see it under a banner), and no sandbox car is in the
// sitemap, a storefront, a contact link, the inquiry form or another car's market position.
// Owners make sandbox keys and empty the sandbox in the panel; the operator with the CLI's service.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { resetSandbox } from '../../src/modules/sandbox/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { freshAddress, PanelClient, seedPanelUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe(`sandbox: nothing public (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let slug: string;
  let liveKey: string;
  let sandboxKey: string;
  let liveCar: CarAnswer;
  let sandboxCar: CarAnswer;
  let owner: PanelClient;
  let stranger: PanelClient;

  before(async () => {
    await host.start();
    t = await makeApp({ clock: new ManualClock(Date.UTC(2026, 10, 1, 12)), env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE } });
    const d = await seedDealer(t, { name: 'Autos del Sur' });
    slug = d.slug;
    liveKey = d.key;
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, slug), { phone: '11 4444-2222', whatsapp: '11 4444-2222' });
    sandboxKey = (await createKey(t.store.db, t.clock, { dealer: slug, name: 'sbx', sandbox: true })).key;
    liveCar = await publishCar(t, liveKey, host, 'LIVE-1');
    sandboxCar = await publishCar(t, sandboxKey, host, 'SBX-1');
    assert.equal(sandboxCar.status, 'active');
    const user = await seedPanelUser(t, { slug });
    owner = new PanelClient(t.app, freshAddress());
    assert.equal((await owner.signIn(user.email, user.password)).status, 303);
    const other = await seedPanelUser(t);
    stranger = new PanelClient(t.app, freshAddress());
    assert.equal((await stranger.signIn(other.email, other.password)).status, 303);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test("a sandbox car's page: 404 to the public and to other dealerships, 200 with a banner to its own people", async () => {
    assert.equal((await t.app.inject({ url: pathOf(liveCar.url) })).statusCode, 200);
    const anon = await t.app.inject({ url: pathOf(sandboxCar.url) });
    assert.equal(anon.statusCode, 404);
    assert.ok(!anon.body.includes('SBX-1'));
    assert.equal((await stranger.get(pathOf(sandboxCar.url))).status, 404);
    const mine = await owner.get(pathOf(sandboxCar.url));
    assert.equal(mine.status, 200, mine.body.slice(0, 300));
    assert.match(mine.body, /class="sandbox-banner"[^>]*>Sandbox: este auto es solo una prueba/);
    assert.equal(mine.headers['cache-control'], 'private, no-store');
    assert.equal(mine.headers['x-robots-tag'], 'noindex');
    // The live car's page carries no banner, also to the signed-in owner.
    assert.ok(!(await owner.get(pathOf(liveCar.url))).body.includes('sandbox-banner'));
  });

  test('the session cookie is also set for /listings, where it shows the sandbox', async () => {
    const user = await seedPanelUser(t, { slug });
    await t.app.inject({ url: '/panel/sign-in' });
    const c = new PanelClient(t.app, freshAddress());
    await c.get('/panel/sign-in');
    const res = await t.app.inject({
      method: 'POST',
      url: '/panel/sign-in',
      remoteAddress: c.ip,
      headers: { cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: c.csrf, email: user.email, password: user.password }).toString(),
    });
    assert.equal(res.statusCode, 303);
    const paths = res.cookies.filter((k) => k.name === 'di_session').map((k) => k.path);
    assert.deepEqual(paths.sort(), ['/listings', '/panel']);
  });

  test('no contact link, no inquiry through the public form', async () => {
    assert.equal((await t.app.inject({ url: `${pathOf(liveCar.url)}/contact/phone` })).statusCode, 302);
    assert.equal((await t.app.inject({ url: `${pathOf(sandboxCar.url)}/contact/phone` })).statusCode, 404);
    const inq = await t.app.inject({
      method: 'POST',
      url: `${pathOf(sandboxCar.url)}/inquiries`,
      payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola' },
    });
    assert.equal(inq.statusCode, 404);
    assert.equal(inq.json().error.code, 'not_found');
  });

  test("P161: a sandbox lead's url opens its conversation for the dealership's own people (banner, notes only), 404 to others, sign-in to visitors", async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/v1/sandbox/leads',
      headers: bearer(sandboxKey),
      payload: { external_id: 'SBX-1', message: 'Is it still for sale?' },
    });
    assert.equal(made.statusCode, 201, made.body);
    const lead = made.json<{ lead: { id: number; url: string } }>().lead;
    assert.equal(lead.url, `${BASE}/panel/leads/${lead.id}`);
    const listed = (await t.app.inject({ url: '/v1/leads', headers: bearer(sandboxKey) })).json<{ data: { id: number; url: string }[] }>().data;
    assert.equal(listed.find((l) => l.id === lead.id)?.url, lead.url, 'GET /leads gives the same url');
    const path = pathOf(lead.url);

    const page = await owner.get(path);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    assert.match(page.body, /class="notice warn sandbox-banner" role="status">Sandbox: esta consulta es una prueba de su integración/);
    assert.match(page.body, /Is it still for sale\?/);
    assert.match(page.body, /Desde el sandbox no se envían correos/);
    assert.match(page.body, /Guardar nota/, 'a note, not an e-mail');
    const staff = await seedPanelUser(t, { slug, role: 'staff' });
    const colleague = new PanelClient(t.app, freshAddress());
    assert.equal((await colleague.signIn(staff.email, staff.password)).status, 303);
    assert.equal((await colleague.get(path)).status, 200, "the dealership's staff too");

    // Another dealership's people: 404, as for any lead not theirs; a visitor: sign in first, nothing shown.
    const theirs = await stranger.get(path);
    assert.equal(theirs.status, 404);
    assert.ok(!theirs.body.includes('Is it still for sale'));
    for (const [action, form] of [
      ['reply', { reply: 'hola' }],
      ['stage', { stage: 'won' }],
    ] as const) {
      await stranger.get('/panel/leads');
      assert.equal((await stranger.post(`${path}/${action}`, form)).status, 404, action);
    }
    const anon = await t.app.inject({ url: path });
    assert.equal(anon.statusCode, 303);
    assert.match(String(anon.headers.location), /^\/panel\/sign-in/);
    assert.ok(!anon.body.includes('Is it still for sale'));

    // Its forms work where the lead is: a reply is kept as a note (nothing e-mailed to the made-up buyer), the stage moves.
    await owner.get(path);
    const replied = await owner.post(`${path}/reply`, { reply: 'Yes, come and see it.' });
    assert.deepEqual([replied.status, replied.location], [303, `${path}?done=noted`]);
    const entries = await t.store.db.selectFrom('lead_messages').select(['author', 'body']).where('lead_id', '=', lead.id).orderBy('id').execute();
    assert.deepEqual(entries.at(-1), { author: 'note', body: 'Yes, come and see it.' });
    const buyer = await t.store.db.selectFrom('lead_contacts').select('email').where('lead_id', '=', lead.id).executeTakeFirstOrThrow();
    assert.equal((await t.store.db.selectFrom('mails').select('id').where('to_address', '=', buyer.email!).execute()).length, 0);
    await owner.get(path);
    const staged = await owner.post(`${path}/stage`, { stage: 'won' });
    assert.deepEqual([staged.status, staged.location], [303, `${path}?done=stage`]);
    const after = (await t.app.inject({ url: '/v1/leads', headers: bearer(sandboxKey) })).json<{ data: { id: number; stage: string }[] }>().data;
    assert.equal(after.find((l) => l.id === lead.id)?.stage, 'won');

    // Not in the live inbox; a live key still gets 404 for it (D35).
    assert.ok(!(await owner.get('/panel/leads')).body.includes(`/panel/leads/${lead.id}"`));
    const live = await t.app.inject({ method: 'PATCH', url: `/v1/leads/${lead.id}`, headers: bearer(liveKey), payload: { stage: 'lost' } });
    assert.equal(live.statusCode, 404);
  });

  test('sitemap and storefront: the live car and storefront only', async () => {
    const listed = locs((await t.app.inject({ url: '/sitemap.xml' })).body);
    assert.ok(listed.includes(liveCar.url), listed.join(' '));
    assert.ok(listed.includes(`${BASE}/dealers/${slug}`));
    assert.ok(!listed.includes(sandboxCar.url), 'no sandbox car');
    assert.ok(!listed.some((u) => u.includes('--sandbox')), 'no sandbox storefront');
    const front = await t.app.inject({ url: `/dealers/${slug}` });
    assert.equal(front.statusCode, 200);
    assert.ok(front.body.includes(liveCar.listing_id));
    assert.ok(!front.body.includes(sandboxCar.listing_id));
    assert.equal((await t.app.inject({ url: `/dealers/${slug}--sandbox` })).statusCode, 404);
  });

  test("market position: sandbox cars are nobody's comparables; a sandbox car is priced against the live ones", async () => {
    const stats = (key: string, id: string) => t.app.inject({ url: `/v1/vehicles/${id}/stats`, headers: bearer(key) });
    for (let i = 2; i <= 6; i++) await publishCar(t, sandboxKey, host, `SBX-${i}`);
    // Six sandbox cars of the same model, but no live comparable: no position for the live car.
    assert.equal((await stats(liveKey, 'LIVE-1')).json().market_position, null);
    const other = await seedDealer(t);
    for (let i = 1; i <= 5; i++) await publishCar(t, other.key, host, `OTHER-${i}`);
    assert.equal((await stats(liveKey, 'LIVE-1')).json().market_position.comparables, 5);
    // The sandbox car: the six live cars, none of its own (it is not among them to be taken out).
    assert.equal((await stats(sandboxKey, 'SBX-1')).json().market_position.comparables, 6);
  });

  test('the panel: owners make a sandbox key (dik_test_), see it marked, and empty the sandbox', async () => {
    const page = await owner.get('/panel/keys');
    assert.equal(page.status, 200);
    assert.match(page.body, /Clave de sandbox/);
    assert.match(page.body, /<span class="badge warn">Sandbox<\/span>/);
    const made = await owner.post('/panel/keys', { name: 'pruebas', sandbox: '1' });
    assert.equal(made.status, 200);
    const key = /<code id="new-key">(dik_test_[^<]+)<\/code>/.exec(made.body)?.[1];
    assert.ok(key, 'a sandbox key is shown');
    const me = (await t.app.inject({ url: '/v1/me', headers: bearer(key) })).json();
    assert.equal(me.livemode, false);
    assert.ok((await t.app.inject({ url: '/v1/vehicles', headers: bearer(key) })).json().total >= 6, 'the same sandbox as the first sandbox key');
    await owner.get('/panel/keys');
    const reset = await owner.post('/panel/keys/sandbox/reset');
    assert.equal(reset.status, 303);
    assert.equal(reset.location, '/panel/keys?done=sandbox-reset');
    assert.equal((await t.app.inject({ url: '/v1/vehicles', headers: bearer(key) })).json().total, 0);
    assert.equal((await t.app.inject({ url: '/v1/leads', headers: bearer(sandboxKey) })).json().data.length, 0);
    // The live dealership's cars are untouched; the sandbox keys still work.
    assert.equal((await t.app.inject({ url: '/v1/vehicles/LIVE-1', headers: bearer(liveKey) })).statusCode, 200);
    assert.equal((await t.app.inject({ url: '/v1/me', headers: bearer(sandboxKey) })).statusCode, 200);
    assert.equal((await t.app.inject({ url: pathOf(sandboxCar.url) })).statusCode, 404);
  });

  test('the operator: resetSandbox (cli sandbox reset) empties it in one go and says what went', async () => {
    await publishCar(t, sandboxKey, host, 'SBX-R');
    assert.equal(
      (await t.app.inject({ method: 'POST', url: '/v1/sandbox/leads', headers: bearer(sandboxKey), payload: { external_id: 'SBX-R' } })).statusCode,
      201,
    );
    const hook = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(sandboxKey), payload: { url: 'https://127.0.0.1/x' } });
    assert.equal(hook.statusCode, 201, hook.body);
    const r = await resetSandbox(t.store, { dealer: slug });
    assert.deepEqual(r, { dealer: slug, vehicles: 1, leads: 1, webhooks: 1, feeds: 0 });
    const twin = await t.store.db.selectFrom('dealers').select('id').where('sandbox_of', 'is not', null).execute();
    for (const table of ['vehicles', 'leads', 'webhooks', 'webhook_deliveries', 'events', 'photos'] as const) {
      const left = await t.store.db
        .selectFrom(table)
        .select('dealer_id')
        .where(
          'dealer_id',
          'in',
          twin.map((d) => d.id),
        )
        .execute();
      assert.equal(left.length, 0, table);
    }
    await t.app.services.jobs.runDue();
    assert.equal((await t.app.inject({ url: '/v1/vehicles', headers: bearer(sandboxKey) })).json().total, 0);
  });
});
