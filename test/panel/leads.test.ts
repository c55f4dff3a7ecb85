// The leads inbox and conversations in the panel (D29), through the real app: inbox order,
// filters, search and counts; the conversation with the buyer's details and links; replies
// mailed (or kept as notes), stage changes and who made them; a buyer's next message; notices;
// Lead.url through sign-in; another dealership's 404s; retention of contact details.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/core/config.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { PanelClient, seedPanelUser, signedInClient, type SeededUser } from '../support/panel.js';
import { removeUser } from '../../src/modules/users/service.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const DAY = 86_400_000;

describe(`panel leads (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: { client: PanelClient; user: SeededUser };
  let staff: SeededUser;
  let gol: CarAnswer;
  let corolla: CarAnswer;
  let stranger: { client: PanelClient; user: SeededUser };

  const inquire = async (c: CarAnswer, payload: Record<string, string>, ip = '203.0.113.5') => {
    const res = await t.app.inject({ method: 'POST', url: `${pathOf(c.url)}/inquiries`, payload, remoteAddress: ip });
    assert.equal(res.statusCode, 201, res.body);
  };
  const leadOf = async (externalId: string, nth = 0) =>
    (await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', externalId).orderBy('id').execute())[nth]!;
  const mailsOf = (kind: string) => t.store.db.selectFrom('mails').selectAll().where('kind', '=', kind).orderBy('id').execute();

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 2, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '1000' } });
    owner = await signedInClient(t, { role: 'owner', name: 'Olga Owner' });
    staff = await seedPanelUser(t, { slug: owner.user.slug, role: 'staff', name: 'Sam Staff' });
    stranger = await signedInClient(t, { role: 'owner' });
    gol = await publishCar(t, owner.user.key, host, 'A1043', { brand: 'Volkswagen', model: 'Gol', year: 2019, version: 'Trendline' });
    corolla = await publishCar(t, owner.user.key, host, 'B-77', { brand: 'Toyota', model: 'Corolla', year: 2021 });
    await inquire(gol, { name: 'Ana Pereyra', email: 'ana.p@example.org', phone: '+54 9 351 444-1234', message: 'Hola, ¿sigue disponible el Gol?\nGracias' });
    clock.advance(60_000);
    await inquire(corolla, { name: 'Bruno Díaz', phone: '351 555 6789', message: '¿Aceptan permuta?' });
    clock.advance(60_000);
    await inquire(gol, { name: 'Carla Gómez', email: 'carla@example.net', message: 'Quiero verlo el sábado' });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the inbox: newest activity first, buyers by name, unread marked, counts per stage, no e-mail or phone', async () => {
    const res = await owner.client.get('/panel/leads');
    assert.equal(res.status, 200);
    const carla = await leadOf('A1043', 1);
    const ana = await leadOf('A1043', 0);
    const bruno = await leadOf('B-77');
    const order = [...res.body.matchAll(/<a href="\/panel\/leads\/(\d+)">/g)].map((m) => Number(m[1]));
    assert.deepEqual(order, [carla.id, bruno.id, ana.id]);
    assert.equal((res.body.match(/<span class="badge warn">Sin leer<\/span>/g) ?? []).length, 3);
    assert.match(res.body, /Todas \(3\)/);
    assert.match(res.body, /Nueva \(<span data-stage-count="new">3<\/span>\)/);
    assert.match(res.body, /3 sin leer/);
    assert.ok(res.body.includes('2019 Volkswagen Gol Trendline') && res.body.includes('A1043'));
    assert.ok(res.body.includes('¿Aceptan permuta?'), 'the masked latest message');
    // Buyers by name (P100); their e-mail and phone only in the conversation (D29).
    for (const name of ['Ana Pereyra', 'Bruno Díaz', 'Carla Gómez']) assert.ok(res.body.includes(name), name);
    for (const secret of ['ana.p@example.org', '444-1234', '555 6789', 'carla@example.net']) {
      assert.ok(!res.body.includes(secret), `${secret} is shown only in the conversation`);
    }
  });

  test('the inbox filters by car and by stage, and searches by buyer name or stock ID', async () => {
    const ids = (body: string) => [...body.matchAll(/<a href="\/panel\/leads\/(\d+)">/g)].map((m) => Number(m[1]));
    const bruno = await leadOf('B-77');
    const byCar = await owner.client.get(`/panel/leads?car=${String(bruno.vehicle_id)}`);
    assert.deepEqual(ids(byCar.body), [bruno.id]);
    assert.ok(byCar.body.includes(`<option value="${String(bruno.vehicle_id)}" selected>B-77 · 2021 Toyota Corolla</option>`));
    const byName = await owner.client.get('/panel/leads?q=pereyra');
    assert.deepEqual(ids(byName.body), [(await leadOf('A1043', 0)).id]);
    const byStock = await owner.client.get('/panel/leads?q=b-7');
    assert.deepEqual(ids(byStock.body), [bruno.id]);
    const none = await owner.client.get('/panel/leads?q=%25');
    assert.deepEqual(ids(none.body), [], 'a % is searched as text');
    assert.match(none.body, /Ninguna consulta coincide/);
    const won = await owner.client.get('/panel/leads?stage=won');
    assert.deepEqual(ids(won.body), []);
    // Unknown filters are ignored rather than refused.
    assert.equal((await owner.client.get('/panel/leads?stage=zzz&car=abc&page=-1')).status, 200);
    assert.ok(!t.logs.text.includes('pereyra'), 'the search words stay out of the log');
  });

  test("the conversation: the car, the buyer's details with mailto/tel/WhatsApp links, every message with its time; opening it marks it read", async () => {
    const ana = await leadOf('A1043', 0);
    assert.equal(ana.unread, 1);
    const res = await owner.client.get(`/panel/leads/${String(ana.id)}`);
    assert.equal(res.status, 200);
    const b = res.body;
    assert.ok(b.includes('<h1>Conversación sobre 2019 Volkswagen Gol Trendline</h1>'));
    assert.ok(b.includes('<dd>Ana Pereyra</dd>'));
    assert.ok(b.includes('<a href="mailto:ana.p@example.org">ana.p@example.org</a>'));
    // Read in the car's market and shown as people there write it (D32, P83).
    // The call and WhatsApp buttons go through /contact, which records the first response (D42; test/leads/reply-speed.test.ts).
    assert.ok(b.includes('<dd>0351 15-444-1234'));
    assert.ok(b.includes(`action="/panel/leads/${String(ana.id)}/contact"`));
    assert.ok(b.includes(`href="${gol.url}"`), "the car's public page");
    assert.match(b, /<img src="https:\/\/cars\.example\.com\/photos\//);
    assert.match(b, /\$\s?18\.500\.000/);
    assert.ok(b.includes('Publicado'));
    assert.ok(b.includes('Hola, ¿sigue disponible el Gol?<br>Gracias'));
    // Times in the dealership's zone, as people say them, the exact moment in the title (D32, P82).
    assert.match(
      b,
      /<time class="muted" datetime="2026-11-0[^"]+" title="[^"]*2026[^"]*">(ahora|hace \d+ min|hoy \d{1,2}:\d{2}|ayer \d{1,2}:\d{2}|\d{1,2} (de )?nov)/,
    );
    assert.doesNotMatch(b, /UTC/);
    assert.ok(b.includes('Enviar respuesta'));
    assert.equal((await leadOf('A1043', 0)).unread, 0);
  });

  test('a reply is mailed to the buyer (Reply-To the lead’s address), kept in the conversation, and moves new to contacted', async () => {
    const ana = await leadOf('A1043', 0);
    clock.advance(60_000);
    const staffClient = new PanelClient(t.app, '10.9.0.1');
    await staffClient.signIn(staff.email, staff.password);
    await staffClient.get(`/panel/leads/${String(ana.id)}`);
    const res = await staffClient.post(`/panel/leads/${String(ana.id)}/reply`, { reply: 'Hola Ana, sí está disponible.\nLa esperamos.' });
    assert.equal(res.status, 303);
    assert.equal(res.location, `/panel/leads/${String(ana.id)}?done=replied`);
    const [mail, ...more] = await mailsOf('lead_reply');
    assert.equal(more.length, 0);
    assert.equal(mail!.to_address, 'ana.p@example.org');
    assert.match(mail!.reply_to ?? '', /^reply\+[a-z2-7]{26}@/, 'D40: Reply-To the lead, not the salesperson');
    assert.equal(mail!.status, 'queued');
    assert.match(mail!.subject, /^Dealer \d+ – 2019 Volkswagen Gol Trendline$/);
    assert.ok(mail!.text_body!.includes('Hola Ana, sí está disponible.'));
    assert.ok(mail!.text_body!.includes(gol.url));
    const after = await leadOf('A1043', 0);
    assert.equal(after.stage, 'contacted');
    assert.equal(after.updated_at, clock.now());
    const page = await staffClient.get(res.location);
    assert.ok(page.body.includes('Su respuesta se envió al comprador'));
    assert.ok(page.body.includes('Sam Staff respondió por correo'));
    assert.ok(page.body.includes('Hola Ana, sí está disponible.<br>La esperamos.'));
    assert.ok(page.body.includes('Sam Staff la pasó a Contactada'));
    // The job sends it.
    await t.app.services.jobs.runDue();
    assert.equal((await mailsOf('lead_reply'))[0]!.status, 'sent');
  });

  test('a lead with only a phone: the page says to call or message, and a reply is a note (no mail, stage unchanged)', async () => {
    const bruno = await leadOf('B-77');
    const page = await owner.client.get(`/panel/leads/${String(bruno.id)}`);
    assert.ok(page.body.includes('Este comprador dejó solo un teléfono: llámelo o escríbale por WhatsApp.'));
    assert.ok(page.body.includes('Guardar nota'));
    assert.ok(!page.body.includes('mailto:'));
    const before = (await mailsOf('lead_reply')).length;
    const res = await owner.client.post(`/panel/leads/${String(bruno.id)}/reply`, { reply: 'Lo llamé, viene el lunes.' });
    assert.equal(res.location, `/panel/leads/${String(bruno.id)}?done=noted`);
    assert.equal((await mailsOf('lead_reply')).length, before);
    assert.equal((await leadOf('B-77')).stage, 'new');
    const shown = await owner.client.get(res.location);
    assert.ok(shown.body.includes('Olga Owner escribió una nota'));
    assert.ok(shown.body.includes('Lo llamé, viene el lunes.'));
  });

  test('bad replies re-render the page (422) with the message and the text; never a 5xx', async () => {
    const carla = await leadOf('A1043', 1);
    await owner.client.get(`/panel/leads/${String(carla.id)}`);
    const empty = await owner.client.post(`/panel/leads/${String(carla.id)}/reply`, { reply: '   ' });
    assert.equal(empty.status, 422);
    assert.ok(empty.body.includes('Escriba un mensaje.'));
    const long = await owner.client.post(`/panel/leads/${String(carla.id)}/reply`, { reply: 'x'.repeat(5001) });
    assert.equal(long.status, 422);
    assert.ok(long.body.includes('como máximo 5000 caracteres'));
    const ctrl = await owner.client.post(`/panel/leads/${String(carla.id)}/reply`, { reply: 'hola\u0007' });
    assert.equal(ctrl.status, 422);
    assert.ok(ctrl.body.includes('hola'));
    const badStage = await owner.client.post(`/panel/leads/${String(carla.id)}/stage`, { stage: 'closed' });
    assert.equal(badStage.status, 400);
    assert.ok(badStage.body.includes('Elija una de las etapas'));
    const noCsrf = await owner.client.post(`/panel/leads/${String(carla.id)}/stage`, { stage: 'won', _csrf: '' });
    assert.equal(noCsrf.status, 403);
    assert.equal((await leadOf('A1043', 1)).stage, 'new');
  });

  test('the stage in one click, with who changed it; the API shows it', async () => {
    const carla = await leadOf('A1043', 1);
    await owner.client.get(`/panel/leads/${String(carla.id)}`);
    clock.advance(60_000);
    const res = await owner.client.post(`/panel/leads/${String(carla.id)}/stage`, { stage: 'won' });
    assert.equal(res.location, `/panel/leads/${String(carla.id)}?done=stage`);
    const page = await owner.client.get(res.location);
    assert.ok(page.body.includes('Se cambió la etapa.'));
    assert.ok(page.body.includes('Olga Owner la pasó a Ganada'));
    assert.ok(page.body.includes('<button class="secondary" type="submit" name="stage" value="lost">Perdida</button>'));
    const api = await t.app.inject({ url: '/v1/leads?stage=won', headers: bearer(owner.user.key) });
    assert.deepEqual(
      api.json().data.map((l: { id: number }) => l.id),
      [carla.id],
    );
    assert.equal(api.json().data[0].updated_at, new Date(clock.now()).toISOString());
    // An integration's change shows as such.
    await t.app.inject({ method: 'PATCH', url: `/v1/leads/${String(carla.id)}`, headers: bearer(owner.user.key), payload: { stage: 'lost' } });
    assert.ok((await owner.client.get(`/panel/leads/${String(carla.id)}`)).body.includes('Una integración (API) la pasó a Perdida'));
    const counts = await owner.client.get('/panel/leads');
    assert.match(counts.body, /Perdida \(<span data-stage-count="lost">1<\/span>\)/);
  });

  test("the buyer's next message lands in the same conversation, marks it unread and notifies the users who have notices on", async () => {
    const ana = await leadOf('A1043', 0);
    assert.equal(ana.unread, 0);
    const noticesBefore = await mailsOf('lead_notice');
    // Notices: default on for everyone; the staff user turns them off in the panel.
    const staffClient = new PanelClient(t.app, '10.9.0.2');
    await staffClient.signIn(staff.email, staff.password);
    const inbox = await staffClient.get('/panel/leads');
    assert.ok(inbox.body.includes('Recibe un correo por cada consulta nueva'));
    const off = await staffClient.post('/panel/leads/notices', { on: '0' });
    assert.equal(off.location, '/panel/leads?done=notices#notices');
    assert.ok((await staffClient.get('/panel/leads?done=notices')).body.includes('No recibe correos'));

    clock.advance(60_000);
    // The same e-mail (another case) and the same phone (written without the +54 9): her lead (D37).
    await inquire(gol, { name: 'Ana', email: 'ANA.P@example.org', phone: '0351 444-1234', message: 'Perfecto, voy mañana. Mi número es 351 444 1234' });
    const lead = await leadOf('A1043', 0);
    assert.equal(lead.id, ana.id);
    assert.equal(lead.unread, 1);
    assert.equal(lead.messages, 2);
    const notices = (await mailsOf('lead_notice')).slice(noticesBefore.length);
    assert.deepEqual(
      notices.map((m) => m.to_address),
      [owner.user.email],
    );
    const n = notices[0]!;
    assert.equal(n.subject, 'Nuevo mensaje sobre 2019 Volkswagen Gol Trendline (A1043)');
    assert.ok(n.text_body!.includes(`${BASE}/panel/leads/${String(ana.id)}`));
    assert.ok(n.text_body!.includes('Perfecto, voy mañana. Mi número es [hidden]'), 'the first lines, contact details masked');
    for (const m of await mailsOf('lead_notice')) {
      for (const secret of ['Ana', 'Pereyra', 'ana.p', '444', 'Bruno', 'Carla', 'carla@']) assert.ok(!m.subject.includes(secret), m.subject);
    }
    const page = await owner.client.get(`/panel/leads/${String(ana.id)}`);
    const texts = [...page.body.matchAll(/data-author="(\w+)"/g)].map((m) => m[1]);
    assert.deepEqual(texts, ['buyer', 'dealer', 'buyer'], 'in order');
    assert.ok(page.body.includes('Perfecto, voy mañana. Mi número es 351 444 1234'), 'the whole message in the panel');
  });

  test('Lead.url opened while signed out: sign-in, then straight to the conversation', async () => {
    const ana = await leadOf('A1043', 0);
    const url = (await t.app.inject({ url: '/v1/leads', headers: bearer(owner.user.key) })).json().data.find((l: { id: number }) => l.id === ana.id)
      .url as string;
    assert.equal(url, `${BASE}/panel/leads/${String(ana.id)}`);
    const c = new PanelClient(t.app, '10.9.0.3');
    const first = await c.get(new URL(url).pathname);
    assert.equal(first.status, 303);
    assert.equal(first.location, `/panel/sign-in?next=${encodeURIComponent(`/panel/leads/${String(ana.id)}`)}`);
    await c.get(first.location);
    const signed = await c.post('/panel/sign-in', { email: owner.user.email, password: owner.user.password, next: `/panel/leads/${String(ana.id)}` });
    assert.equal(signed.location, `/panel/leads/${String(ana.id)}`);
    assert.ok((await c.get(signed.location)).body.includes('ana.p@example.org'));
  });

  test("another dealership's user gets 404 on every lead route; bad ids 404", async () => {
    const ana = await leadOf('A1043', 0);
    const c = stranger.client;
    await c.get('/panel/leads');
    const page = await c.get(`/panel/leads/${String(ana.id)}`);
    assert.equal(page.status, 404);
    assert.ok(!page.body.includes('ana.p@example.org'));
    assert.equal((await c.post(`/panel/leads/${String(ana.id)}/reply`, { reply: 'hola' })).status, 404);
    assert.equal((await c.post(`/panel/leads/${String(ana.id)}/reply`, { reply: '' })).status, 404);
    assert.equal((await c.post(`/panel/leads/${String(ana.id)}/stage`, { stage: 'lost' })).status, 404);
    const inbox = await c.get('/panel/leads');
    assert.ok(inbox.body.includes('Todavía no hay consultas'));
    for (const bad of ['0', 'abc', '99999999', '1e3', '-1']) assert.equal((await owner.client.get(`/panel/leads/${bad}`)).status, 404, bad);
    assert.equal((await owner.client.post('/panel/leads/abc/stage', { stage: 'won' })).status, 404);
    assert.equal((await mailsOf('lead_reply')).length, 1, 'no mail from refused replies');
    assert.equal((await leadOf('A1043', 0)).stage, 'contacted');
  });

  test('a removed user’s replies and stage changes keep their name', async () => {
    const ana = await leadOf('A1043', 0);
    const row = await t.store.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow();
    await removeUser(t.store, owner.user.dealerId, row.id);
    const page = await owner.client.get(`/panel/leads/${String(ana.id)}`);
    assert.equal(page.status, 200);
    assert.ok(page.body.includes('Sam Staff respondió por correo'));
    assert.ok(page.body.includes('Sam Staff la pasó a Contactada'));
    const entries = await t.store.db.selectFrom('lead_messages').selectAll().where('author_name', '=', 'Sam Staff').execute();
    assert.ok(entries.length >= 2 && entries.every((e) => e.user_id === null));
  });

  test('after LEAD_RETENTION_DAYS without activity, a daily job erases the contact details; the conversation stays, anonymized', async () => {
    const bruno = await leadOf('B-77');
    clock.advance(729 * DAY);
    // (Sessions last 30 days at most: sign in again below.)
    await t.app.services.jobs.runDue();
    assert.equal((await t.store.db.selectFrom('lead_contacts').selectAll().where('erased_at', 'is not', null).execute()).length, 0, 'not yet');
    clock.advance(2 * DAY);
    await t.app.services.jobs.runDue();
    const contacts = await t.store.db.selectFrom('lead_contacts').selectAll().orderBy('lead_id').execute();
    assert.equal(contacts.length, 3);
    for (const c of contacts) {
      assert.deepEqual([c.name, c.email, c.phone, c.email_key, c.phone_key], ['', null, null, null, null]);
      assert.equal(c.erased_at, clock.now());
    }
    await owner.client.signIn(owner.user.email, owner.user.password);
    const page = await owner.client.get(`/panel/leads/${String(bruno.id)}`);
    assert.equal(page.status, 200);
    assert.ok(page.body.includes('Comprador (datos borrados)'));
    assert.ok(page.body.includes('¿Aceptan permuta?'));
    assert.ok(page.body.includes('Lo llamé, viene el lunes.'));
    assert.ok(!page.body.includes('Bruno') && !page.body.includes('6789') && !page.body.includes('tel:'));
    const ana = await owner.client.get(`/panel/leads/${String((await leadOf('A1043', 0)).id)}`);
    assert.ok(!ana.body.includes('351 444 1234') && !ana.body.includes('ana.p@'), 'numbers typed in messages are masked too');
    assert.ok(ana.body.includes('Mi número es [hidden]'));
    const reply = (await mailsOf('lead_reply'))[0]!;
    assert.equal(reply.to_address, '(erased)');
    // The same buyer writing again (about the car sent again) starts a new conversation: nothing left to match.
    corolla = await publishCar(t, owner.user.key, host, 'B-77', { brand: 'Toyota', model: 'Corolla', year: 2021, mileage: 46_000 });
    assert.equal(corolla.status, 'active');
    await inquire(corolla, { name: 'Bruno Díaz', phone: '351 555 6789', message: 'Hola de nuevo' });
    assert.equal((await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', 'B-77').execute()).length, 2);
  });

  test('LEAD_RETENTION_DAYS: default 730, a whole number of at least 1', () => {
    assert.equal(loadConfig({}).leadRetentionDays, 730);
    assert.equal(loadConfig({ LEAD_RETENTION_DAYS: '30' }).leadRetentionDays, 30);
    for (const bad of ['0', '-5', 'forever', '1.5']) assert.throws(() => loadConfig({ LEAD_RETENTION_DAYS: bad }), /LEAD_RETENTION_DAYS/);
  });
});
