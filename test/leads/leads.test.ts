// Buyer inquiries and leads (D18, D19, D21): the form and JSON ways in, every bad input, the
// honeypot and the per-address limit, leads grouped by buyer, GET /v1/leads, lead.created in
// the same transaction, PATCH /v1/leads/{id} and ?stage=, notices and replies by mail (D29), and
// the buyer's contact details found in no response, log line, event, webhook delivery, mail
// subject or notice address.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { ManualClock } from '../../src/core/clock.js';
import { loadConfig } from '../../src/core/config.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, publishCar, type CarAnswer } from '../support/cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';

const BASE = 'https://cars.example.com';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The buyer whose details must never leave the store. */
const BUYER = { name: 'Zebulon Quartermaine', email: 'Zeb.Quartermaine@Example.org', phone: '+54 9 351 555-0199' };
/**
 * Contact details typed into messages the ways the masking once let through (P66): a buyer
 * whose form says "José María Pérez" signs without accents, and writes numbers and addresses out.
 */
const TYPER = { name: 'José María Pérez', email: 'jmp@buyer.example', phone: '+54 9 11 2222-3333' };
const TYPED = [
  '11.4567.8901',
  '4567 8901',
  '11 45678901',
  '(11) 4567.8901',
  '11/4567/8901',
  'Jose Maria Perez',
  'jose.perez at example.com',
  'jose.perez arroba example.com',
  '11-4567-8901',
  'JOSE.PEREZ (at) EXAMPLE (dot) COM',
  'JOSÉ PÉREZ',
];
/** The API's sentence for an invisible formatting character in a field of an inquiry (P155). */
const invisible = (field: string, char: string, at: number) =>
  `${field} must not contain invisible formatting characters such as zero-width or bidirectional ones (it holds ${char} at character ${at})`;
const SECRETS = [
  BUYER.name,
  'Zebulon',
  'Quartermaine',
  BUYER.email.toLowerCase(),
  '5550199',
  '555-0199',
  '93515550199',
  ...TYPED,
  'jose.perez',
  'Pérez',
  'Perez',
];

describe(`buyer inquiries and leads (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let key: string;
  let other: { key: string };
  let car: CarAnswer;
  /** The dealership's users: one with lead notices on (the default), one who turned them off. */
  let notified: SeededUser;
  let quiet: SeededUser;
  /** A webhook subscribed to every event: its deliveries are searched too. */
  let rx: Receiver;
  /** Every response of these tests, searched at the end for the buyer's details. */
  const bodies: string[] = [];

  const send = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const res = await t.app.inject(opts);
    bodies.push(`${JSON.stringify(res.headers)}\n${res.body}`);
    return res;
  };
  const inquire = (c: CarAnswer, payload: Record<string, unknown>, ip = '203.0.113.1') =>
    send({ method: 'POST', url: `${pathOf(c.url)}/inquiries`, payload, remoteAddress: ip });
  const post = (c: CarAnswer, fields: Record<string, string>, ip = '203.0.113.1') =>
    send({ method: 'POST', url: `${pathOf(c.url)}/inquiries`, headers: FORM, payload: form(fields), remoteAddress: ip });
  const leads = async (k = key, query = '') => {
    const res = await send({ url: `/v1/leads${query}`, headers: bearer(k) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as Record<string, unknown>[];
  };
  const countRows = async (table: 'leads' | 'lead_messages' | 'lead_contacts' | 'events') => (await t.store.db.selectFrom(table).selectAll().execute()).length;

  before(async () => {
    await host.start();
    rx = await startReceiver();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    t = await makeApp({
      clock,
      env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '1000' },
      // hooks.test (the receiver) and the photo host, both on loopback.
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
    });
    let slug: string;
    ({ key, slug } = await seedDealer(t, { name: 'Autos del Sur' }));
    other = await seedDealer(t, { name: 'Otra Concesionaria' });
    notified = await seedPanelUser(t, { slug, name: 'Vera Vendedora' });
    quiet = await seedPanelUser(t, { slug, role: 'staff' });
    await t.store.db.updateTable('users').set({ notify_leads: 0 }).where('email', '=', quiet.email).execute();
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: bearer(key), payload: { url: rx.url('/ok') } })).statusCode, 201);
    car = await publishCar(t, key, host, 'C-1', { version: 'XEi' });
    assert.equal(car.status, 'active');
  });
  after(async () => {
    await t.close();
    await host.stop();
    await rx.close();
  });

  test('the form: 303 to the thank-you page; the lead, its event and the masked last message', async () => {
    const res = await post(car, {
      ...BUYER,
      message: `Hola, soy ${BUYER.name}. ¿Está disponible? Llamame al ${BUYER.phone} o escribime a ${BUYER.email}`,
      website: '',
    });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `${car.url}/thanks?sent=email`);
    assert.equal(res.body, '');
    const thanks = await send({ url: pathOf(String(res.headers.location)) });
    assert.equal(thanks.statusCode, 200);
    assert.equal(thanks.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(thanks.headers['cache-control'], 'no-store');
    assert.ok(thanks.body.includes('<h1>Gracias, tu mensaje fue enviado</h1>'));
    assert.ok(thanks.body.includes('Autos del Sur te responderá pronto.'));
    assert.ok(thanks.body.includes(`<a href="${car.url}">`));

    const [lead, ...rest] = await leads();
    assert.equal(rest.length, 0);
    assert.deepEqual(Object.keys(lead!).sort(), [
      'created_at',
      'external_id',
      'first_response_at',
      'id',
      'last_message',
      'listing_id',
      'messages',
      'stage',
      'updated_at',
      'url',
    ]);
    assert.equal(lead!.first_response_at, null, 'not answered yet (D42)');
    assert.equal(typeof lead!.id, 'number');
    assert.equal(lead!.external_id, 'C-1');
    assert.equal(lead!.listing_id, car.listing_id);
    assert.equal(lead!.stage, 'new');
    assert.equal(lead!.messages, 1);
    assert.equal(lead!.created_at, new Date(clock.now()).toISOString());
    assert.equal(lead!.updated_at, lead!.created_at);
    assert.equal(lead!.url, `${BASE}/panel/leads/${String(lead!.id)}`);
    assert.equal(lead!.last_message, 'Hola, soy [hidden]. ¿Está disponible? Llamame al [hidden] o escribime a [hidden]');

    // lead.created: once, with the same Lead the API shows.
    const events = await t.store.db.selectFrom('events').selectAll().where('type', '=', 'lead.created').execute();
    assert.equal(events.length, 1);
    assert.deepEqual(JSON.parse(events[0]!.data), { lead });
    // The whole message and the contact details are kept apart, for the dealer panel.
    const contact = await t.store.db.selectFrom('lead_contacts').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual(
      { name: contact.name, email: contact.email, phone: contact.phone, email_key: contact.email_key, phone_key: contact.phone_key },
      {
        ...BUYER,
        // Kept as E.164 (D41).
        phone: '+5493515550199',
        email_key: BUYER.email.toLowerCase(),
        // E.164 read in the car's market (AR), its mobile 9 left out (D37, contact-key.ts).
        phone_key: '+543515550199',
      },
    );
    const msg = await t.store.db.selectFrom('lead_messages').selectAll().executeTakeFirstOrThrow();
    assert.ok(msg.body.includes(BUYER.phone));
  });

  test('JSON: 201 { result: "received" }; the same buyer (e-mail in another case, the same phone written otherwise) adds to the lead; no second event', async () => {
    clock.advance(60_000);
    const a = await inquire(car, { name: 'Zeb', email: BUYER.email.toUpperCase(), phone: '0351 15 555-0199', message: 'Segundo mensaje de Zebulon' });
    assert.equal(a.statusCode, 201);
    assert.deepEqual(a.json(), { result: 'received' });
    assert.equal(a.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal((await leads())[0]!.last_message, 'Segundo mensaje de [hidden]', 'the name given in the first message is hidden too');
    clock.advance(60_000);
    const b = await inquire(car, {
      name: 'Z. Q.',
      email: ` ${BUYER.email.toLowerCase()} `,
      phone: '(54) 9-351-555-0199',
      message: 'Tercero <script>alert(1)</script>',
    });
    assert.equal(b.statusCode, 201);
    const second = await t.store.db.selectFrom('lead_messages').select('body').orderBy('id').execute();
    assert.equal(second[1]!.body, 'Segundo mensaje de Zebulon');
    const list = await leads();
    assert.equal(list.length, 1);
    assert.equal(list[0]!.messages, 3);
    assert.equal(list[0]!.last_message, 'Tercero <script>alert(1)</script>', 'stored as written; JSON carries it as text');
    assert.equal((await t.store.db.selectFrom('events').selectAll().where('type', '=', 'lead.created').execute()).length, 1);
    assert.equal(await countRows('lead_messages'), 3);
  });

  test('a new buyer, or the same buyer about another car, is a new lead; newest first', async () => {
    clock.advance(60_000);
    assert.equal((await inquire(car, { name: 'Ana', email: 'ana@example.com', message: 'Hola' })).statusCode, 201);
    const car2 = await publishCar(t, key, host, 'C-2');
    clock.advance(60_000);
    assert.equal((await inquire(car2, { name: 'Ana', email: 'ana@example.com', message: 'Y este otro?' })).statusCode, 201);
    const list = await leads();
    assert.equal(list.length, 3);
    assert.deepEqual(
      list.map((l) => l.external_id),
      ['C-2', 'C-1', 'C-1'],
    );
    assert.deepEqual(
      list.map((l) => l.messages),
      [1, 1, 3],
    );
    assert.equal((await t.store.db.selectFrom('events').selectAll().where('type', '=', 'lead.created').execute()).length, 3, 'one lead.created per lead');
  });

  test('every problem of a JSON inquiry in fields (400 invalid_request); nothing stored', async () => {
    const before = await countRows('lead_messages');
    const cases: [Record<string, unknown>, string[]][] = [
      [{ name: 'Ana', message: 'Hola' }, ['email or phone is required (at least one)']],
      [{ name: 'Ana', email: 'not-an-email', message: 'Hola' }, ['email is not a valid e-mail address']],
      [{ name: 'Ana', email: 'a@b', message: 'Hola' }, ['email is not a valid e-mail address']],
      [{ name: 'Ana', phone: '12ab', message: 'Hola' }, ['phone must be a phone number: digits, spaces, +, -, ., parentheses, with 6 to 15 digits']],
      [{ name: 'Ana', email: 'ana@example.com', message: '   ' }, ['message is required (1 to 2000 characters)']],
      [{ name: 'Ana', email: 'ana@example.com', message: 'x'.repeat(2001) }, ['message must be at most 2000 characters']],
      [
        { name: 'A'.repeat(121), email: `${'a'.repeat(250)}@x.io`, phone: '1'.repeat(41), message: 'Hola' },
        ['name must be at most 120 characters', 'email must be at most 254 characters', 'phone must be at most 40 characters'],
      ],
      [{ email: 'bad', message: '' }, ['name is required', 'email is not a valid e-mail address', 'message is required (1 to 2000 characters)']],
      [{ name: 42, email: ['x'], message: 'Hola' }, ['name must be a string', 'email must be a string', 'name is required']],
      [
        { name: 'Ana\u0000', email: 'ana@example.com', message: 'Hola\u0007' },
        ['name must not contain control characters', 'message must not contain control characters other than line breaks and tabs'],
      ],
      // NUL in an e-mail address: PostgreSQL could not store it (core/text.ts).
      [{ name: 'Ana', email: 'an\u0000a@example.com', message: 'Hola\n\tchau' }, ['email is not a valid e-mail address']],
      // Invisible formatting characters (P155): zero-width ones split a number past the masking,
      // bidirectional ones show text in another order than it is stored.
      [
        { name: 'Ana\u200b', email: 'ana@example.com', message: 'Hola \u202e1098 7654 11' },
        [invisible('name', 'U+200B', 4), invisible('message', 'U+202E', 6)],
      ],
      [
        { name: 'Ana', email: 'a\u2060na@example.com', phone: '+54 9 11\ufeff4567-8901', message: 'cel 11\u200b4567\u200b8901' },
        [invisible('email', 'U+2060', 2), invisible('phone', 'U+FEFF', 9), invisible('message', 'U+200B', 7)],
      ],
      [{ name: 'Ana', email: 'ana@example.com', message: 'Hola\u2066 11 4567 8901\u2069' }, [invisible('message', 'U+2066', 5)]],
    ];
    for (const [payload, fields] of cases) {
      const res = await inquire(car, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      assert.equal(res.json().error.code, 'invalid_request');
      assert.deepEqual([...res.json().error.fields].sort(), [...fields].sort(), JSON.stringify(payload).slice(0, 80));
    }
    // Exactly at the limits is fine.
    clock.advance(60_000);
    const ok = await inquire(car, { name: 'N'.repeat(120), phone: '+1 (212) 555-9999', message: 'm'.repeat(2000) }, '203.0.113.9');
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(await countRows('lead_messages'), before + 1);
    // Kept (P155): ZWJ in an emoji sequence, a soft hyphen, an emoji's variation selector.
    const kept = await inquire(car, { name: 'Ana', phone: '+1 (212) 555-9999', message: '👨‍👩‍👧 somos 4, ¿entra la silla? Volks\u00adwagen ❤️' }, '203.0.113.9');
    assert.equal(kept.statusCode, 201, kept.body);
    // Not JSON, not an object, too large.
    assert.equal(
      (await send({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, headers: { 'content-type': 'application/json' }, payload: '[1]' })).json().error.code,
      'invalid_request',
    );
    assert.equal(
      (await send({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, headers: { 'content-type': 'application/json' }, payload: '{bad' })).statusCode,
      400,
    );
    const big = await send({
      method: 'POST',
      url: `${pathOf(car.url)}/inquiries`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'A', email: 'a@b.co', message: 'x'.repeat(17_000) }),
    });
    assert.equal(big.statusCode, 413);
    assert.equal(big.json().error.code, 'payload_too_large');
  });

  test('the form with problems: the page again (400), the messages and the entered values, escaped', async () => {
    const res = await post(car, { name: '<script>alert("n")</script>', email: '"><img src=x onerror=alert(1)>', phone: '', message: '</textarea><b>hola</b>' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'no-store');
    const html = res.body;
    assert.ok(html.includes('<p>Revisá el formulario:</p><ul><li><a href="#f-email">El correo electrónico no es válido.</a></li></ul></div>'));
    assert.ok(html.includes('value="&lt;script&gt;alert(&quot;n&quot;)&lt;/script&gt;"'));
    assert.ok(html.includes('aria-invalid="true" aria-describedby="f-email-error"'));
    assert.ok(html.includes('value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"'));
    assert.ok(html.includes('rows="6">\n&lt;/textarea&gt;&lt;b&gt;hola&lt;/b&gt;</textarea>'));
    for (const raw of ['<script>alert', '<img src=x', '<b>hola']) assert.ok(!html.includes(raw), raw);
    const tooLong = await post(car, { name: 'Ana', email: 'ana@example.com', message: 'x'.repeat(2001) });
    assert.equal(tooLong.statusCode, 400);
    assert.ok(tooLong.body.includes('El mensaje puede tener como máximo 2000 caracteres.'));
    const empty = await send({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, headers: FORM, payload: '' });
    assert.equal(empty.statusCode, 400);
    assert.ok(empty.body.includes('Indicá tu nombre.') && empty.body.includes('Escribí un mensaje.'));
    const missing = await post(car, { name: 'Ana', message: 'hola' });
    assert.ok(missing.body.includes('Indicá un correo electrónico o un teléfono.'));
    // An invisible formatting character (P155): named, with its place, at the field; what was typed kept.
    const stored = await countRows('lead_messages');
    const hidden = await post(car, { name: 'Ana', email: 'ana@example.com', message: 'Mi cel 11\u200b2345 6789' });
    assert.equal(hidden.statusCode, 400);
    const sentence =
      'El mensaje tiene un carácter invisible no permitido (U+200B, en la posición 10). Borralo, o escribí el mensaje de nuevo en lugar de pegarlo.';
    assert.ok(hidden.body.includes(`<li><a href="#f-message">${sentence}</a></li>`), hidden.body);
    assert.ok(hidden.body.includes(`<p class="field-error" id="f-message-error">${sentence}</p>`));
    assert.ok(hidden.body.includes('rows="6">\nMi cel 11\u200b2345 6789</textarea>'));
    assert.equal(await countRows('lead_messages'), stored);
    // Over 16 KB: 413 and a page saying so (the body is not read).
    const big = await post(car, { name: 'Ana', email: 'ana@example.com', message: 'x'.repeat(17_000) });
    assert.equal(big.statusCode, 413);
    assert.equal(big.headers['content-type'], 'text/html; charset=utf-8');
    assert.ok(big.body.includes('Tu mensaje es demasiado largo para enviarlo.'));
    assert.ok(big.body.includes(`<a href="${car.url}">`));
  });

  test('only cars for sale take messages: sold 400 (form: the "no longer available" page), not yet public or unknown 404', async () => {
    const sold = await publishCar(t, key, host, 'C-SOLD');
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/C-SOLD/sold', headers: bearer(key) })).statusCode, 200);
    const json = await inquire(sold, { name: 'Ana', email: 'ana@example.com', message: 'Hola' });
    assert.equal(json.statusCode, 400);
    assert.equal(json.json().error.code, 'invalid_request');
    assert.match(json.json().error.message, /no longer for sale/);
    const page = await post(sold, { name: 'Ana', email: 'ana@example.com', message: 'Hola' });
    assert.equal(page.statusCode, 400);
    assert.ok(page.body.includes('Tu mensaje no se envió porque este auto ya no está disponible.'));
    assert.ok(!page.body.includes('<form'));

    const put = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/C-NEW',
      headers: bearer(key),
      payload: aCar({ brand: 'Fiat', model: 'Cronos', year: 2022, price: 1, mileage: 0 }),
    });
    const importing = put.json().vehicle as CarAnswer;
    assert.equal(importing.status, 'importing_photos');
    const notYet = await inquire(importing, { name: 'Ana', email: 'ana@example.com', message: 'Hola' });
    assert.equal(notYet.statusCode, 404);
    assert.equal(notYet.json().error.code, 'not_found');

    const unknown = await send({ method: 'POST', url: '/listings/ZZZZZZZZZZ/inquiries', payload: { name: 'Ana', email: 'ana@example.com', message: 'Hola' } });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.code, 'not_found');
    const unknownForm = await send({
      method: 'POST',
      url: '/listings/ZZZZZZZZZZ/inquiries',
      headers: FORM,
      payload: form({ name: 'Ana', email: 'ana@example.com', message: 'Hola' }),
    });
    assert.equal(unknownForm.statusCode, 404);
    assert.ok(unknownForm.body.includes('<h1>No encontramos este auto</h1>'));
    assert.equal((await t.store.db.selectFrom('leads').selectAll().where('external_id', 'in', ['C-SOLD', 'C-NEW']).execute()).length, 0);
  });

  test('honeypot filled: the same success answers, nothing stored', async () => {
    const before = [await countRows('leads'), await countRows('lead_messages'), await countRows('events')];
    const a = await post(car, { name: 'Bot', email: 'bot@spam.example', message: 'Buy now', website: 'http://spam.example' });
    assert.equal(a.statusCode, 303);
    assert.equal(a.headers.location, `${car.url}/thanks`);
    const b = await inquire(car, { name: 'Bot', email: 'bot@spam.example', message: 'Buy now', website: 'x' });
    assert.equal(b.statusCode, 201);
    assert.deepEqual(b.json(), { result: 'received' });
    assert.deepEqual([await countRows('leads'), await countRows('lead_messages'), await countRows('events')], before);
  });

  test('GET /v1/leads: since (exclusive), malformed since 400, at most 100 newest, another dealership sees nothing', async () => {
    const all = await leads();
    const newest = all[0]!;
    assert.deepEqual(await leads(key, `?since=${encodeURIComponent(String(newest.created_at))}`), []);
    const since = await leads(key, `?since=${encodeURIComponent(String(all[1]!.created_at))}`);
    assert.deepEqual(
      since.map((l) => l.id),
      [newest.id],
    );
    assert.equal((await leads(key, '?since=2020-01-01T00:00:00Z')).length, all.length);
    for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-11-21', '']) {
      const res = await send({ url: `/v1/leads?since=${encodeURIComponent(bad)}`, headers: bearer(key) });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().error.code, 'invalid_request');
    }
    assert.deepEqual(await leads(other.key), [], 'another dealership sees none of them');
    assert.equal((await send({ url: '/v1/leads' })).statusCode, 401);

    // 105 buyers: the 100 newest, newest first.
    const many = await publishCar(t, key, host, 'C-MANY');
    for (let i = 0; i < 105; i++) {
      clock.advance(1000);
      assert.equal((await inquire(many, { name: 'Comprador', email: `buyer${i}@example.com`, message: `Message ${i}` }, `198.51.100.${i}`)).statusCode, 201);
    }
    const list = await leads();
    assert.equal(list.length, 100);
    assert.equal(list[0]!.last_message, 'Message 104');
    assert.equal(list[99]!.last_message, 'Message 5');
    const times = list.map((l) => Date.parse(String(l.created_at)));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    assert.deepEqual(await leads(other.key), []);
  });

  test('GET /v1/leads pages by cursor (D45): every lead once, newest first, ties broken by id; since combines; bad cursors 400', async () => {
    const page = async (k: string, query: string) => {
      const res = await send({ url: `/v1/leads${query}`, headers: bearer(k) });
      assert.equal(res.statusCode, 200, res.body);
      const body: { data: { id: number; created_at: string; external_id: string }[]; next_cursor: string | null } = res.json();
      return body;
    };
    const c = await publishCar(t, key, host, 'C-PAGES');
    const start = new Date(clock.now()).toISOString();
    // 230 buyers, three at a time at the same millisecond: the order needs the id to be total.
    for (let i = 0; i < 230; i++) {
      if (i % 3 === 0) clock.advance(1000);
      assert.equal((await inquire(c, { name: 'Comprador', email: `pager${i}@example.com`, message: `Pregunta ${i}` }, `192.0.2.${i % 250}`)).statusCode, 201);
    }
    const mine = (await t.store.db.selectFrom('leads').select('id').where('external_id', '=', 'C-PAGES').execute()).map((r) => r.id);
    const dealerOf = (await t.store.db.selectFrom('leads').select('dealer_id').where('external_id', '=', 'C-PAGES').executeTakeFirstOrThrow()).dealer_id;
    const since = `?since=${encodeURIComponent(start)}`;
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const p = await page(key, cursor ? `${since}&cursor=${encodeURIComponent(cursor)}` : since);
      assert.ok(p.data.length <= 100);
      if (p.next_cursor) assert.equal(p.data.length, 100, 'a page before the last is full');
      seen.push(...p.data.map((l) => l.id));
      cursor = p.next_cursor;
      pages++;
    } while (cursor);
    assert.equal(pages, 3);
    assert.equal(new Set(seen).size, seen.length, 'no lead twice');
    assert.deepEqual(
      [...seen].sort((a, b) => a - b),
      [...mine].sort((a, b) => a - b),
      'every lead once',
    );
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => b - a),
      'newest first (ids grow with time here)',
    );

    // Without since: the walk goes on to the older leads of the other tests, and ends.
    let all = 0;
    cursor = null;
    do {
      const p = await page(key, cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');
      all += p.data.length;
      cursor = p.next_cursor;
    } while (cursor);
    assert.equal(
      all,
      Number(
        (
          await t.store.db
            .selectFrom('leads')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('dealer_id', '=', dealerOf)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

    const first = await page(key, since);
    const next = first.next_cursor!;
    for (const bad of ['x', 'not-a-cursor!', Buffer.from('[1,2]').toString('base64url'), next.slice(0, -2)]) {
      const res = await send({ url: `/v1/leads${since}&cursor=${encodeURIComponent(bad)}`, headers: bearer(key) });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().error.code, 'invalid_request');
    }
    const otherFilters = await send({ url: `/v1/leads?stage=new&cursor=${encodeURIComponent(next)}`, headers: bearer(key) });
    assert.equal(otherFilters.statusCode, 400, 'a cursor is bound to its since and stage');
    // Another dealership's key with this cursor reads its own leads only.
    const foreign = await page(other.key, `${since}&cursor=${encodeURIComponent(next)}`);
    assert.deepEqual(foreign.data, []);
    assert.equal(foreign.next_cursor, null);
  });

  test("messages of one buyer arriving at once make one lead; other sites' JavaScript may post (CORS)", async () => {
    const c = await publishCar(t, key, host, 'C-RACE');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => inquire(c, { name: 'Rita', phone: '351 444 0000', message: `Hola ${i}` })));
    assert.deepEqual(
      answers.map((a) => a.statusCode),
      [201, 201, 201, 201, 201, 201],
    );
    assert.equal(answers[0]!.headers['access-control-allow-origin'], '*');
    const rows = await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', 'C-RACE').execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.messages, 6);
    const preflight = await send({
      method: 'OPTIONS',
      url: `${pathOf(c.url)}/inquiries`,
      headers: { origin: 'https://dealer.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], '*');
    assert.equal(preflight.headers['access-control-allow-headers'], 'content-type');
  });

  test('PATCH /v1/leads/{id}: 200 { lead } with the stage and updated_at; 400 for an unknown stage; 404 for another dealership; GET ?stage=', async () => {
    // The first lead (105 newer ones push it out of GET /v1/leads's 100).
    const row = await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', 'C-1').orderBy('id').executeTakeFirstOrThrow();
    const first = { id: row.id, created_at: new Date(row.created_at).toISOString() };
    const eventsBefore = await countRows('events');
    const url = `/v1/leads/${String(first.id)}`;
    clock.advance(60_000);
    const won = await send({ method: 'PATCH', url, headers: bearer(key), payload: { stage: 'won' } });
    assert.equal(won.statusCode, 200, won.body);
    const lead = won.json().lead as Record<string, unknown>;
    assert.equal(lead.stage, 'won');
    assert.equal(lead.updated_at, new Date(clock.now()).toISOString());
    assert.equal(lead.created_at, first.created_at);
    assert.equal(Object.keys(won.json()).join(), 'lead');
    // The same stage again: 200, nothing changes.
    clock.advance(60_000);
    const again = await send({ method: 'PATCH', url, headers: bearer(key), payload: { stage: 'won' } });
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().lead.updated_at, lead.updated_at);
    for (const payload of [{ stage: 'closed' }, { stage: 'WON' }, { stage: 3 }, {}]) {
      const bad = await send({ method: 'PATCH', url, headers: bearer(key), payload });
      assert.equal(bad.statusCode, 400, JSON.stringify(payload));
      assert.equal(bad.json().error.code, 'invalid_request');
    }
    const foreign = await send({ method: 'PATCH', url, headers: bearer(other.key), payload: { stage: 'lost' } });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().error.code, 'not_found');
    assert.equal((await send({ method: 'PATCH', url: '/v1/leads/99999999', headers: bearer(key), payload: { stage: 'lost' } })).statusCode, 404);
    assert.equal((await send({ method: 'PATCH', url: '/v1/leads/abc', headers: bearer(key), payload: { stage: 'lost' } })).statusCode, 400);
    assert.equal((await send({ method: 'PATCH', url, payload: { stage: 'lost' } })).statusCode, 401);

    const wonList = await leads(key, '?stage=won');
    assert.deepEqual(
      wonList.map((l) => l.id),
      [first.id],
    );
    assert.ok((await leads(key, '?stage=new')).every((l) => l.stage === 'new'));
    const badStage = await send({ url: '/v1/leads?stage=closed', headers: bearer(key) });
    assert.equal(badStage.statusCode, 400);
    // The change is in the conversation, made through the API; no webhook event type exists for it.
    const entry = await t.store.db.selectFrom('lead_messages').selectAll().where('lead_id', '=', Number(first.id)).where('author', '=', 'stage').execute();
    assert.deepEqual(
      entry.map((e) => [e.stage, e.user_id, e.author_name]),
      [['won', null, null]],
    );
    assert.equal(await countRows('events'), eventsBefore);
  });

  test('notices: to the users who have them on, naming the car and never the buyer; a reply from the panel is mailed to the buyer', async () => {
    const mails = await t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'lead_notice').orderBy('id').execute();
    assert.ok(mails.length >= 4, String(mails.length));
    assert.deepEqual([...new Set(mails.map((m) => m.to_address))], [notified.email], 'not to the user who turned them off');
    assert.equal(mails[0]!.subject, 'Nueva consulta por 2019 Toyota Corolla XEi (C-1)');
    assert.equal(mails[1]!.subject, 'Nuevo mensaje sobre 2019 Toyota Corolla XEi (C-1)');

    const panel = new PanelClient(t.app, '198.18.0.1');
    assert.equal((await panel.signIn(notified.email, notified.password)).status, 303);
    // A search by the buyer's name finds the lead; the name stays out of the request's log line.
    const found = await panel.get(`/panel/leads?q=${encodeURIComponent('quartermaine')}`);
    assert.equal(found.status, 200);
    const [lead] = await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', 'C-1').orderBy('id').execute();
    assert.ok(found.body.includes(`href="/panel/leads/${String(lead!.id)}"`));
    await panel.get(`/panel/leads/${String(lead!.id)}`);
    const sent = await panel.post(`/panel/leads/${String(lead!.id)}/reply`, { reply: 'Sí, está disponible. ¿Cuándo quiere verlo?' });
    assert.equal(sent.status, 303);
    const reply = await t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'lead_reply').executeTakeFirstOrThrow();
    assert.equal(reply.to_address, BUYER.email);
    // D40: Reply-To the lead's own address, so the buyer's answer comes back to the conversation.
    assert.match(reply.reply_to!, /^reply\+[a-z2-7]{26}@cars\.example\.com$/);
    assert.equal(reply.subject, 'Autos del Sur – 2019 Toyota Corolla XEi');
    await t.app.services.jobs.runDue();
    assert.equal((await t.store.db.selectFrom('mails').select('status').where('id', '=', reply.id).executeTakeFirstOrThrow()).status, 'sent');
  });

  test('contact details typed into messages, however written, reach neither GET /v1/leads, lead.created (event and delivery) nor the notices (P66)', async () => {
    const c = await publishCar(t, key, host, 'C-MASK');
    clock.advance(60_000);
    const first =
      'Hola, soy Jose Maria Perez. Llamame al 11.4567.8901 o al 4567 8901 (también 11 45678901, (11) 4567.8901 o 11/4567/8901). ' +
      'Mail: jose.perez at example.com o jose.perez arroba example.com. ¿Acepta $ 12.500.000? Tengo un Gol 1.6 modelo 2018/2019 con 45.000 km.';
    const masked =
      'Hola, soy [hidden]. Llamame al [hidden] o al [hidden] (también [hidden], [hidden] o [hidden]). ' +
      'Mail: [hidden] o [hidden]. ¿Acepta $ 12.500.000? Tengo un Gol 1.6 modelo 2018/2019 con 45.000 km.';
    assert.equal((await post(c, { ...TYPER, message: first })).statusCode, 303);
    const [lead] = (await leads()).filter((l) => l.external_id === 'C-MASK');
    assert.equal(lead!.last_message, masked);
    const [event, ...more] = (await t.store.db.selectFrom('events').selectAll().where('type', '=', 'lead.created').execute()).filter((e) =>
      e.data.includes('C-MASK'),
    );
    assert.equal(more.length, 0);
    assert.deepEqual(JSON.parse(event!.data), { lead });
    const noticeOf = async () => {
      const m = await t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'lead_notice').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return `${m.subject}\n${m.text_body}\n${m.html_body}`;
    };
    const notice = await noticeOf();
    assert.ok(notice.includes('> Hola, soy [hidden]. Llamame al [hidden] o al [hidden]'), notice);

    // The same buyer again (same e-mail and phone): the new last_message and its notice.
    clock.advance(60_000);
    const again = await inquire(c, { ...TYPER, message: 'Otra vez: wsp 11-4567-8901, JOSE.PEREZ (at) EXAMPLE (dot) COM. Saludos, JOSÉ PÉREZ' });
    assert.equal(again.statusCode, 201);
    const [later] = (await leads()).filter((l) => l.external_id === 'C-MASK');
    assert.equal(later!.messages, 2);
    assert.equal(later!.last_message, 'Otra vez: wsp [hidden], [hidden]. Saludos, [hidden]');
    const second = await noticeOf();
    assert.ok(second.includes('> Otra vez: wsp [hidden], [hidden]. Saludos, [hidden]'), second);

    await t.app.services.jobs.runDue();
    const delivered = rx.received.map((r) => r.raw.toString()).filter((b) => b.includes('C-MASK'));
    assert.equal(delivered.length, 1, 'lead.created, delivered');
    assert.equal(JSON.parse(delivered[0]!).data.lead.last_message, masked);
    for (const text of [event!.data, notice, second, delivered[0]!]) {
      for (const typed of [...TYPED, 'jose.perez', 'Perez', 'Pérez']) assert.ok(!text.toLowerCase().includes(typed.toLowerCase()), `${typed} in ${text}`);
    }
    // Of the digits, only the price, the engine, the years and the mileage are left.
    assert.deepEqual([lead!.last_message, later!.last_message].join(' ').match(/\d+/g), ['12', '500', '000', '1', '6', '2018', '2019', '45', '000']);
    // The conversation keeps the messages whole, for the panel.
    const bodies = await t.store.db.selectFrom('lead_messages').select('body').where('lead_id', '=', Number(lead!.id)).orderBy('id').execute();
    assert.equal(bodies[0]!.body, first);
  });

  test('contact details disguised (numbers in words, other digits, odd spaces, line breaks, O for 0, spaced and full-width addresses, handles) are masked in GET /v1/leads, lead.created and the notices (P154)', async () => {
    const c = await publishCar(t, key, host, 'D-154');
    clock.advance(60_000);
    const first =
      'Hola! mi cel once cuarenta y cinco sesenta y siete ochenta y nueve cero uno, o 1️⃣1️⃣4️⃣5️⃣6️⃣7️⃣8️⃣9️⃣0️⃣1️⃣, o ١١ ٤٥٦٧ ٨٩٠١, ' +
      'o 𝟏𝟏 𝟒𝟓𝟔𝟕 𝟖𝟗𝟎𝟏, o 11\u20034567\u20038901, o 11\u00ad4567\u00ad8901, o 11-4567-89O1, o\n11\n4567\n8901\n' +
      'Mail: j u a n x @ g m a i l . c o m o juanx＠gmail．com. ig: juanperez_autos, t.me/juanperez99. ' +
      '¿Acepta $ 12.500.000? Tengo una Hilux 2.8 2019 con 45.000 km, pago en 12 cuotas.';
    const masked =
      'Hola! mi cel [hidden], o [hidden], o [hidden], o [hidden], o [hidden], o [hidden], o [hidden], o\n[hidden]\n' +
      'Mail: [hidden]. ig: [hidden], [hidden]. ¿Acepta $ 12.500.000? Tengo una Hilux 2.8 2019 con 45.000 km, pago en 12 cuotas.';
    assert.equal((await post(c, { ...TYPER, message: first })).statusCode, 303);
    const [lead] = (await leads()).filter((l) => l.external_id === 'D-154');
    assert.equal(lead!.last_message, masked);
    const events = (await t.store.db.selectFrom('events').selectAll().where('type', '=', 'lead.created').execute()).filter((e) => e.data.includes('D-154'));
    assert.equal(events.length, 1);
    assert.deepEqual(JSON.parse(events[0]!.data), { lead });
    const noticeOf = async () => {
      const m = await t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'lead_notice').orderBy('id', 'desc').executeTakeFirstOrThrow();
      return `${m.subject}\n${m.text_body}\n${m.html_body}`;
    };
    const notice = await noticeOf();
    assert.ok(notice.includes('Hola! mi cel [hidden], o [hidden], o [hidden]'), notice);

    // The same buyer again, as JSON: Portuguese number words, a handle, the name in capitals.
    clock.advance(60_000);
    const again = await inquire(c, { ...TYPER, message: 'Otra vez: onze nove oito sete seis cinco quatro três dois um, tiktok @juanperez. Saludos, JOSE' });
    assert.equal(again.statusCode, 201);
    const [later] = (await leads()).filter((l) => l.external_id === 'D-154');
    assert.equal(later!.last_message, 'Otra vez: [hidden], [hidden]. Saludos, [hidden]');
    const second = await noticeOf();
    assert.ok(second.includes('Otra vez: [hidden], [hidden]. Saludos, [hidden]'), second);

    await t.app.services.jobs.runDue();
    const delivered = rx.received.map((r) => r.raw.toString()).filter((b) => b.includes('D-154'));
    assert.equal(delivered.length, 1, 'lead.created, delivered');
    assert.equal(JSON.parse(delivered[0]!).data.lead.last_message, masked);
    const disguised = ['cuarenta', '4️⃣5️⃣', '٤٥٦٧', '𝟒𝟓𝟔𝟕', '4567', '8901', '89O1', 'j u a n', 'juanx', 'ｊ', 'juanperez', 'nove oito', 'três dois'];
    for (const text of [events[0]!.data, notice, second, delivered[0]!]) {
      for (const d of disguised) assert.ok(!text.toLowerCase().includes(d.toLowerCase()), `${d} in ${text}`);
    }
    // Of the digits, only the price, the engine, the year, the mileage and the instalments are left.
    assert.deepEqual([lead!.last_message, later!.last_message].join(' ').match(/\d+/g), ['12', '500', '000', '2', '8', '2019', '45', '000', '12']);
    // The conversation keeps the message whole, for the panel.
    const bodies = await t.store.db.selectFrom('lead_messages').select('body').where('lead_id', '=', Number(lead!.id)).orderBy('id').execute();
    assert.equal(bodies[0]!.body, first);
  });

  test("the buyer's e-mail, phone and name are in no response, log line, event, webhook delivery or mail subject of these tests", async () => {
    await t.app.services.jobs.runDue();
    const events = (await t.store.db.selectFrom('events').selectAll().execute()).map((e) => e.data);
    const deliveries = rx.received.map((r) => `${JSON.stringify(r.headers)}\n${r.raw.toString()}`);
    const mails = await t.store.db.selectFrom('mails').selectAll().execute();
    const notices = mails.filter((m) => m.kind === 'lead_notice');
    const haystacks = {
      responses: bodies.join('\n'),
      logs: t.logs.text,
      events: events.join('\n'),
      'webhook deliveries': deliveries.join('\n'),
      'mail subjects': mails.map((m) => m.subject).join('\n'),
      // A notice quotes the message, masked (P66).
      'notice bodies': notices.map((m) => `${m.text_body}\n${m.html_body}`).join('\n'),
      // Notices go to the dealership's users: neither their subject nor their address is the buyer's.
      'notice addresses': notices.map((m) => `${m.to_address} ${m.reply_to ?? ''}`).join('\n'),
    };
    assert.ok(notices.length >= 4 && mails.some((m) => m.kind === 'lead_reply'));
    assert.ok(deliveries.length >= 100, `deliveries: ${deliveries.length}`);
    assert.ok(bodies.length > 100 && t.logs.lines.length > 100 && events.length >= 4);
    for (const [where, text] of Object.entries(haystacks)) {
      for (const secret of SECRETS) assert.ok(!text.toLowerCase().includes(secret.toLowerCase()), `${secret} found in ${where}`);
    }
  });
});

describe(`inquiry rate limit (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let car: CarAnswer;

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '3' } });
    const { key } = await seedDealer(t);
    car = await publishCar(t, key, host, 'R-1');
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('INQUIRIES_PER_HOUR per client address in any hour: then 429 rate_limited with Retry-After (form: a page)', async () => {
    const url = `${pathOf(car.url)}/inquiries`;
    const payload = { name: 'Ana', email: 'ana@example.com', message: 'Hola' };
    for (let i = 0; i < 3; i++) assert.equal((await t.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.7' })).statusCode, 201);
    clock.advance(10 * 60_000);
    const json = await t.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.7' });
    assert.equal(json.statusCode, 429);
    assert.equal(json.json().error.code, 'rate_limited');
    assert.equal(json.headers['retry-after'], String(50 * 60));
    const page = await t.app.inject({ method: 'POST', url, headers: FORM, payload: form(payload), remoteAddress: '192.0.2.7' });
    assert.equal(page.statusCode, 429);
    assert.equal(page.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(page.headers['retry-after'], String(50 * 60));
    assert.ok(page.body.includes('Intentá de nuevo en 50 minutos.'));
    // Another address is not affected; an hour after the first message, this one may write again.
    assert.equal((await t.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.8' })).statusCode, 201);
    clock.advance(50 * 60_000);
    assert.equal((await t.app.inject({ method: 'POST', url, payload, remoteAddress: '192.0.2.7' })).statusCode, 201);
    const lead = (await t.store.db.selectFrom('leads').selectAll().execute())[0]!;
    assert.equal(lead.messages, 5, 'refused messages were not stored');
  });

  test('INQUIRIES_PER_HOUR: default 20, a whole number of at least 1', () => {
    assert.equal(loadConfig({}).inquiriesPerHour, 20);
    assert.equal(loadConfig({ INQUIRIES_PER_HOUR: '5' }).inquiriesPerHour, 5);
    for (const bad of ['0', '-1', 'many', '2.5']) assert.throws(() => loadConfig({ INQUIRIES_PER_HOUR: bad }), /INQUIRIES_PER_HOUR/);
  });
});
