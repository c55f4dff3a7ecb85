// Issue 37 §3 and §4 through the real app (D41, D42): a buyer's phone must be a number of the
// car's country — one missing its area code comes back with what was typed and the number
// completed as an example, in the market's language, and no lead; the panel's call and WhatsApp
// buttons (WhatsApp with the chosen saved reply) record the lead's first response and move it
// to contacted; a reply e-mailed does too, a note does not; first_response_at in GET /v1/leads,
// `response` in GET /v1/stats beside the market's median; the inbox, the conversation, the
// statistics page, the overview's nudge and the weekly mail say how soon.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { sendWeeklySummaries } from '../../src/modules/stats/weekly-mail.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { freshAddress, PanelClient, signedInClient, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const MIN = 60_000;
// Monday 2026-11-02 09:00 in Buenos Aires.
const T0 = Date.UTC(2026, 10, 2, 12);

describe(`a buyer's number and reply speed (D41, D42) (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: { client: PanelClient; user: SeededUser };
  let ar: CarAnswer;
  let br: CarAnswer;
  let brKey: string;

  const postForm = (c: CarAnswer, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `${pathOf(c.url)}/inquiries`,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '203.0.113.7',
    });
  const postJson = (c: CarAnswer, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${pathOf(c.url)}/inquiries`, payload, remoteAddress: '203.0.113.7' });
  const leadsOfCar = (c: CarAnswer) =>
    t.store.db
      .selectFrom('leads')
      .innerJoin('lead_contacts', 'lead_contacts.lead_id', 'leads.id')
      .select(['leads.id', 'leads.stage', 'leads.first_response_at', 'leads.created_at', 'lead_contacts.phone'])
      .where('leads.listing_id', '=', c.listing_id)
      .orderBy('leads.id')
      .execute();
  /** A new lead on the Argentine car (JSON): its id. */
  const newLead = async (fields: Record<string, string>) => {
    const res = await postJson(ar, { name: 'Comprador', message: 'Hola, ¿sigue disponible?', ...fields });
    assert.equal(res.statusCode, 201, res.body);
    const rows = await leadsOfCar(ar);
    return rows[rows.length - 1]!.id;
  };

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '1000' } });
    owner = await signedInClient(t, { role: 'owner', name: 'Olga Owner', markets: ['ar'] });
    ar = await publishCar(t, owner.user.key, host, 'AR-1', { brand: 'Volkswagen', model: 'Gol', year: 2019 });
    const brDealer = await seedDealer(t, { markets: ['br'], name: 'Carros do Sul' });
    brKey = brDealer.key;
    br = await publishCar(t, brKey, host, 'BR-1', { brand: 'Fiat', model: 'Uno', year: 2018, price: 42_000 });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('D41: a number missing its area code comes back with what was typed and the number completed, in the market’s language; no lead', async () => {
    const arPage = await postForm(ar, { name: 'Ana', phone: '15 4444 2222', message: 'Hola' });
    assert.equal(arPage.statusCode, 400);
    assert.match(arPage.body, /<input id="f-phone" name="phone" aria-invalid="true"[^>]*value="15 4444 2222">/);
    assert.ok(arPage.body.includes('Falta el código de área: escribí el número con el código de tu ciudad, por ejemplo 011 15-4444-2222.'), arPage.body);
    const brPage = await postForm(br, { name: 'Bia', phone: '99876-5432', message: 'Olá' });
    assert.equal(brPage.statusCode, 400);
    assert.match(brPage.body, /value="99876-5432"/);
    assert.ok(brPage.body.includes('Falta o DDD: escreva o número com o DDD da sua cidade, por exemplo (11) 99876-5432.'), brPage.body);
    // Not a number of the country at all: said so, with the country's name.
    const nonsense = await postForm(ar, { name: 'Ana', phone: '+54 12 3456', message: 'Hola' });
    assert.equal(nonsense.statusCode, 400);
    assert.ok(nonsense.body.includes('Este no es un número de teléfono de Argentina.'), nonsense.body);
    // The API says it too (D22 shape, the phone field, rule format).
    const api = await postJson(br, { name: 'Bia', phone: '99876-5432', message: 'Olá' });
    assert.equal(api.statusCode, 400);
    assert.deepEqual(api.json().error.problems, [{ field: 'phone', rule: 'format' }]);
    assert.match(api.json().error.fields[0], /area code: write the whole number, e\.g\. \(11\) 99876-5432/);
    assert.deepEqual(await leadsOfCar(ar), []);
    assert.deepEqual(await leadsOfCar(br), []);
  });

  test('D41: a whole number, local or with its country code (another country’s too), is kept as E.164', async () => {
    assert.equal((await postForm(ar, { name: 'Ana', phone: '11 15 4444-2222', message: 'Hola' })).statusCode, 303);
    assert.equal((await postForm(ar, { name: 'Uru', phone: '+598 94 123 456', message: 'Hola' })).statusCode, 303);
    assert.equal((await postForm(br, { name: 'Bia', phone: '(11) 99876-5432', message: 'Olá' })).statusCode, 303);
    assert.deepEqual(
      (await leadsOfCar(ar)).map((l) => l.phone),
      ['+5491144442222', '+59894123456'],
    );
    assert.deepEqual(
      (await leadsOfCar(br)).map((l) => l.phone),
      ['+5511998765432'],
    );
  });

  test('the WhatsApp button carries the chosen saved reply; opening it or the call button is the first response and moves a new lead to contacted', async () => {
    const id = await newLead({ phone: '11 4321-8765' });
    clock.advance(12 * MIN);
    await owner.client.get('/panel/leads/replies');
    await owner.client.post('/panel/leads/replies', { text: 'Hola, abrimos de 9 a 18.\nSí, tomamos permutas.' });
    const saved = await t.store.db.selectFrom('saved_replies').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const page = await owner.client.get(`/panel/leads/${id}?saved=${saved.id}`);
    assert.equal(page.status, 200);
    assert.ok(page.body.includes(`<input type="hidden" name="saved" value="${saved.id}" data-saved-choice>`));
    assert.ok(page.body.includes('Todavía nadie respondió'));
    // Without the form's token nothing happens (a link from another site cannot record a response).
    assert.equal((await owner.client.post(`/panel/leads/${id}/contact`, { via: 'whatsapp', _csrf: 'forged' })).status, 403);
    assert.equal((await leadsOfCar(ar)).find((l) => l.id === id)!.first_response_at, null);

    const wa = await owner.client.post(`/panel/leads/${id}/contact`, { via: 'whatsapp', saved: String(saved.id) });
    assert.equal(wa.status, 303);
    const url = new URL(wa.location!);
    assert.equal(`${url.origin}${url.pathname}`, 'https://wa.me/5491143218765');
    assert.equal(url.searchParams.get('text'), 'Hola, abrimos de 9 a 18.\nSí, tomamos permutas.');
    const lead = (await leadsOfCar(ar)).find((l) => l.id === id)!;
    assert.equal(lead.stage, 'contacted');
    assert.equal(lead.first_response_at, lead.created_at + 12 * MIN);
    const entries = await t.store.db.selectFrom('lead_messages').select(['author', 'stage', 'author_name']).where('lead_id', '=', id).orderBy('id').execute();
    assert.deepEqual(entries.at(-1), { author: 'stage', stage: 'contacted', author_name: 'Olga Owner' });

    // A later call is no first response; the call button goes to the number.
    clock.advance(30 * MIN);
    await owner.client.get(`/panel/leads/${id}`);
    const call = await owner.client.post(`/panel/leads/${id}/contact`, { via: 'phone' });
    assert.equal(call.location, 'tel:+5491143218765');
    assert.equal((await leadsOfCar(ar)).find((l) => l.id === id)!.first_response_at, lead.first_response_at);
    // Without a saved reply the WhatsApp link has no text; a buyer without a phone, or another dealership's lead, is 404.
    const plain = await owner.client.post(`/panel/leads/${id}/contact`, { via: 'whatsapp', saved: '' });
    assert.equal(plain.location, 'https://wa.me/5491143218765');
    const mailOnly = await newLead({ email: 'solo@example.org' });
    await owner.client.get(`/panel/leads/${mailOnly}`);
    assert.equal((await owner.client.post(`/panel/leads/${mailOnly}/contact`, { via: 'phone' })).status, 404);
    const stranger = await signedInClient(t, { role: 'owner' });
    await stranger.client.get('/panel/leads');
    assert.equal((await stranger.client.post(`/panel/leads/${id}/contact`, { via: 'phone' })).status, 404);

    // The conversation and the inbox say how soon.
    const convo = await owner.client.get(`/panel/leads/${id}`);
    assert.match(convo.body, /Primera respuesta: en 12 min \(/);
    const inbox = await owner.client.get('/panel/leads');
    assert.ok(inbox.body.includes('respondida en 12 min'), 'the inbox row');
  });

  test('a reply e-mailed is the first response; a note (no e-mail) is not; GET /v1/leads shows first_response_at', async () => {
    const mailed = await newLead({ email: 'buyer@example.org' });
    const noted = await newLead({ phone: '351 444-2222' });
    clock.advance(3 * 60 * MIN);
    for (const [id, text] of [
      [mailed, 'Sí, sigue disponible.'],
      [noted, 'Lo llamé, no atendió.'],
    ] as const) {
      await owner.client.get(`/panel/leads/${id}`);
      assert.equal((await owner.client.post(`/panel/leads/${id}/reply`, { reply: text })).status, 303);
    }
    const rows = await leadsOfCar(ar);
    assert.equal(rows.find((l) => l.id === mailed)!.first_response_at, clock.now());
    assert.equal(rows.find((l) => l.id === noted)!.first_response_at, null);
    const api = await t.app.inject({ url: '/v1/leads', headers: bearer(owner.user.key) });
    const byId = new Map((api.json().data as { id: number; first_response_at: string | null }[]).map((l) => [l.id, l.first_response_at]));
    assert.equal(byId.get(mailed), new Date(clock.now()).toISOString());
    assert.equal(byId.get(noted), null);
  });

  test('the overview nudges when a buyer has waited over an hour', async () => {
    const answerAll = async () => {
      const waiting = await t.store.db
        .selectFrom('leads')
        .select('id')
        .where('dealer_id', '=', owner.user.dealerId)
        .where('waiting_since', 'is not', null)
        .execute();
      for (const l of waiting) {
        await owner.client.get(`/panel/leads/${l.id}`);
        assert.equal((await owner.client.post(`/panel/leads/${l.id}/reply`, { reply: 'Ya te contestamos.' })).status, 303);
      }
    };
    await answerAll();
    const id = await newLead({ name: 'Ramiro Espera', phone: '351 555-1234' });
    clock.advance(50 * MIN);
    assert.doesNotMatch((await owner.client.get('/panel')).body, /id="reply-nudge"/, 'under an hour: no nudge');
    clock.advance(40 * MIN);
    const later = await owner.client.get('/panel');
    const nudge = /<section class="notice warn" id="reply-nudge"[\s\S]*?<\/section>/.exec(later.body)?.[0] ?? '';
    assert.ok(nudge.includes('Un comprador espera hace más de una hora'), later.body);
    assert.ok(nudge.includes('Ramiro Espera espera su respuesta hace 90 min. Cuanto antes responda'), nudge);
    assert.ok(nudge.includes(`<a href="/panel/leads/${id}">Responder ahora</a>`));
    // Answered (here by the WhatsApp button): no nudge.
    await owner.client.post(`/panel/leads/${id}/contact`, { via: 'whatsapp' });
    assert.doesNotMatch((await owner.client.get('/panel')).body, /id="reply-nudge"/);
  });

  test('GET /v1/stats `response`: the median and share within an hour, beside the market’s median; null under 5 answered; the page and the weekly mail say it', async () => {
    // A dealership of its own, its leads in a fresh week: 6 answered after 5, 10, 20, 40, 90, 300 minutes, 2 never.
    // Made before that week, so the weekly mail covers it (its first whole week).
    clock.set(Date.UTC(2026, 10, 8, 13));
    const { user } = await signedInClient(t, { role: 'owner', markets: ['ar'] });
    const car = await publishCar(t, user.key, host, 'SP-1');
    const other = await seedDealer(t, { markets: ['ar'] });
    const otherCar = await publishCar(t, other.key, host, 'SP-2');
    clock.set(Date.UTC(2026, 10, 10, 13));
    const client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(user.email, user.password)).status, 303);
    const delays = [5, 10, 20, 40, 90, 300];
    const ids: number[] = [];
    for (let i = 0; i < delays.length + 2; i++) {
      const res = await postJson(car, { name: `B${i}`, email: `b${i}@example.org`, message: 'Hola' });
      assert.equal(res.statusCode, 201, res.body);
      ids.push((await t.store.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id);
    }
    const created = clock.now();
    for (const [i, d] of delays.entries())
      await t.store.db
        .updateTable('leads')
        .set({ first_response_at: created + d * MIN })
        .where('id', '=', ids[i]!)
        .execute();
    // Another dealership of the market, answered slowly: the market's median covers both.
    for (let i = 0; i < 4; i++) {
      assert.equal((await postJson(otherCar, { name: `O${i}`, email: `o${i}@example.org`, message: 'Hola' })).statusCode, 201);
      await t.store.db
        .updateTable('leads')
        .set({ first_response_at: created + 600 * MIN })
        .where('id', '=', (await t.store.db.selectFrom('leads').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id)
        .execute();
    }
    const stats = await t.app.inject({ url: '/v1/stats?from=2026-11-10&to=2026-11-10', headers: bearer(user.key) });
    assert.equal(stats.statusCode, 200, stats.body);
    // Dealership: median of 5,10,20,40,90,300 = 30; within 1 h: 4 of 8 leads. Market: 10 answered, median (90+300)/2 = 195.
    assert.deepEqual(stats.json().response, { leads: 8, answered: 6, median_minutes: 30, within_1h_share: 0.5, market_median_minutes: 195 });
    // The other dealership has 4 answered: too few for its own median, the market's is there.
    const few = await t.app.inject({ url: '/v1/stats?from=2026-11-10&to=2026-11-10', headers: bearer(other.key) });
    assert.deepEqual(few.json().response, { leads: 4, answered: 4, median_minutes: null, within_1h_share: 0, market_median_minutes: 195 });
    // Another market's median is of its own leads only: none answered in br.
    const brStats = await t.app.inject({ url: '/v1/stats?from=2026-11-10&to=2026-11-10', headers: bearer(brKey) });
    assert.equal(brStats.json().response.market_median_minutes, null);

    // The statistics page (Rendimiento).
    const page = await client.get('/panel/stats');
    const section = /<section class="card" aria-labelledby="speed" id="reply-speed">[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
    assert.ok(section.includes('Velocidad de respuesta'), page.body);
    assert.match(section, /<dd data-speed="median">30 min<\/dd>/);
    assert.match(section, /<dd data-speed="within">50\s?%<\/dd>/);
    // The page's 30 days hold this file's earlier leads too: the market's median is theirs as well.
    assert.match(section, /<dd data-speed="market">\d+ (min|h)<\/dd>/);
    assert.ok(section.includes('6 de 8 consultas respondidas'));

    // The weekly mail of that week (Monday 2026-11-16, 09:00 local).
    clock.set(Date.UTC(2026, 10, 16, 12));
    await sendWeeklySummaries({ store: t.store, clock, publicBaseUrl: BASE });
    const mail = await t.store.db
      .selectFrom('mails')
      .selectAll()
      .where('kind', '=', 'stats_weekly')
      .where('to_address', '=', user.email)
      .executeTakeFirstOrThrow();
    assert.match(mail.text_body!, /Velocidad de respuesta: mediana de 30 min; 50\s?% respondidas dentro de 1 hora\. Mediana del mercado: 3 h\./);
    assert.ok(mail.html_body!.includes('Velocidad de respuesta'));
  });
});
