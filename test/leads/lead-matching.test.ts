// Leads are never merged into another buyer's (D37, P65): an inquiry joins a lead only when its
// e-mail and its phone both equal the lead's (e-mail trimmed and lower-cased, phone read as a
// number in the car's market; a missing one matching only a missing one), otherwise it is a new
// lead (with its lead.created); a lead's contact details never change, so a dealer's reply goes
// to the buyer who wrote first; the conversation page links the car's leads that share an
// e-mail or a phone. And migration 2026-11-26-002: the stored phone keys made again by the rule.
import { up as rekeyPhones } from '../../src/core/db/migrations/2026-11-26-002-lead-phone-keys.js';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock, systemClock } from '../../src/core/clock.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { receiveInquiry } from '../../src/modules/leads/service.js';
import { makeApp, openTestStore, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';
const BUYER = { name: 'José María Pérez', email: 'jose.perez@example.com', phone: '11 4567-8901' };
/** The buyer's phone as kept (D41): E.164, read as a mobile of the car's market. */
const STORED_PHONE = '+5491145678901';

describe(`an inquiry joins a lead only with the same e-mail and phone (D37) (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: SeededUser;
  let panel: PanelClient;
  let n = 0;

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 3, 12));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '1000' } });
    owner = await seedPanelUser(t, { name: 'Olga Titular' });
    panel = new PanelClient(t.app, '198.18.0.7');
    assert.equal((await panel.signIn(owner.email, owner.password)).status, 303);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  /** A new car of the dealership (each test its own), for sale. */
  const newCar = async (): Promise<CarAnswer> => publishCar(t, owner.key, host, `M-${++n}`);
  const inquire = async (car: CarAnswer, payload: Record<string, string>) => {
    clock.advance(60_000);
    const res = await t.app.inject({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, payload, remoteAddress: '203.0.113.40' });
    assert.equal(res.statusCode, 201, res.body);
  };
  const leadsOf = (car: CarAnswer) =>
    t.store.db
      .selectFrom('leads')
      .innerJoin('lead_contacts', 'lead_contacts.lead_id', 'leads.id')
      .select(['leads.id', 'leads.messages', 'lead_contacts.name', 'lead_contacts.email', 'lead_contacts.phone'])
      .where('leads.external_id', '=', car.external_id)
      .orderBy('leads.id')
      .execute();
  const createdEvents = async (car: CarAnswer) =>
    (await t.store.db.selectFrom('events').select('data').where('type', '=', 'lead.created').execute()).filter(
      (e) => (JSON.parse(e.data) as { lead: { external_id: string } }).lead.external_id === car.external_id,
    ).length;
  const original = (l: { name: string; email: string | null; phone: string | null }) => [l.name, l.email, l.phone];

  test('the same phone with another e-mail is a new lead: the first keeps its e-mail, and a reply goes to its buyer only', async () => {
    const car = await newCar();
    await inquire(car, { ...BUYER, message: 'Hola, ¿está disponible?' });
    // Someone who knows the buyer's phone, with their own e-mail (the phone written otherwise, as E.164 reads it the same).
    await inquire(car, { name: 'Mallory', email: 'mallory@evil.example', phone: '+54 9 11 4567 8901', message: 'Soy yo, escribime acá' });
    const [first, second, ...rest] = await leadsOf(car);
    assert.equal(rest.length, 0);
    assert.deepEqual(original(first!), [BUYER.name, BUYER.email, STORED_PHONE], 'the first lead is as its buyer made it');
    assert.equal(first!.messages, 1);
    assert.deepEqual(original(second!), ['Mallory', 'mallory@evil.example', STORED_PHONE]);
    assert.equal(await createdEvents(car), 2, 'a lead.created for each');

    // The dealer answers the first lead: mailed to its buyer, nothing to the other address.
    await panel.get(`/panel/leads/${first!.id}`);
    const sent = await panel.post(`/panel/leads/${first!.id}/reply`, { reply: 'Sí, está disponible.' });
    assert.equal(sent.status, 303);
    const replies = await t.store.db.selectFrom('mails').select(['to_address', 'text_body']).where('kind', '=', 'lead_reply').execute();
    assert.deepEqual(
      replies.map((r) => r.to_address),
      [BUYER.email],
    );

    // Each conversation names the other: same phone.
    const page = await panel.get(`/panel/leads/${second!.id}`);
    assert.equal(page.status, 200);
    assert.ok(
      page.body.includes(
        `<p class="related-lead" data-lead="${first!.id}">Mismo teléfono que la <a href="/panel/leads/${first!.id}">consulta n.º ${first!.id}</a></p>`,
      ),
      'the attacker’s lead says whose phone it gave',
    );
    assert.ok(page.body.includes('mailto:mallory@evil.example') && !page.body.includes(BUYER.email), 'each lead shows only its own e-mail');
    const back = await panel.get(`/panel/leads/${first!.id}`);
    assert.ok(back.body.includes(`Mismo teléfono que la <a href="/panel/leads/${second!.id}">consulta n.º ${second!.id}</a>`));
    assert.ok(back.body.includes(`mailto:${BUYER.email}`) && !back.body.includes('mallory@evil.example'));
  });

  test('the same e-mail with another phone, or without the phone the lead has, is a new lead; the first is unchanged', async () => {
    const car = await newCar();
    await inquire(car, { ...BUYER, message: 'Hola' });
    await inquire(car, { name: 'Mallory', email: BUYER.email.toUpperCase(), phone: '11 3999-0000', message: 'Cambié de número' });
    await inquire(car, { name: 'Mallory', email: BUYER.email, message: 'Sin teléfono' });
    const leads = await leadsOf(car);
    assert.equal(leads.length, 3);
    assert.deepEqual(original(leads[0]!), [BUYER.name, BUYER.email, STORED_PHONE]);
    assert.equal(leads[0]!.messages, 1);
    assert.deepEqual(leads.slice(1).map(original), [
      ['Mallory', BUYER.email.toUpperCase(), '+5491139990000'],
      ['Mallory', BUYER.email, null],
    ]);
    assert.equal(await createdEvents(car), 3);
    const page = await panel.get(`/panel/leads/${leads[0]!.id}`);
    assert.ok(page.body.includes(`Mismo correo que la <a href="/panel/leads/${leads[2]!.id}">consulta n.º ${leads[2]!.id}</a>`));
    assert.ok(page.body.includes(`Mismo correo que la <a href="/panel/leads/${leads[1]!.id}">consulta n.º ${leads[1]!.id}</a>`));
  });

  test('a lead with only an e-mail is not completed by a later phone: that is a new lead', async () => {
    const car = await newCar();
    await inquire(car, { name: BUYER.name, email: BUYER.email, message: 'Solo correo' });
    await inquire(car, { name: 'Mallory', email: BUYER.email, phone: '11 2222-3333', message: 'Y mi teléfono' });
    const leads = await leadsOf(car);
    assert.deepEqual(leads.map(original), [
      [BUYER.name, BUYER.email, null],
      ['Mallory', BUYER.email, '+5491122223333'],
    ]);
  });

  test('a buyer who gave only a phone: a stranger with that phone and an e-mail gets a lead of their own; the reply to the buyer is mailed to nobody', async () => {
    const car = await newCar();
    await inquire(car, { name: BUYER.name, phone: BUYER.phone, message: 'Llámenme' });
    await inquire(car, { name: 'Mallory', email: 'mallory@evil.example', phone: BUYER.phone, message: 'Mejor por correo' });
    const [buyer, stranger, ...rest] = await leadsOf(car);
    assert.equal(rest.length, 0);
    assert.deepEqual(original(buyer!), [BUYER.name, null, STORED_PHONE], 'no e-mail put on the buyer’s lead');
    assert.deepEqual(original(stranger!), ['Mallory', 'mallory@evil.example', STORED_PHONE]);
    const mailsBefore = await t.store.db.selectFrom('mails').select('id').where('kind', '=', 'lead_reply').execute();
    await panel.get(`/panel/leads/${buyer!.id}`);
    assert.equal((await panel.post(`/panel/leads/${buyer!.id}/reply`, { reply: 'Lo llamamos mañana.' })).location, `/panel/leads/${buyer!.id}?done=noted`);
    const mails = await t.store.db.selectFrom('mails').select('to_address').where('kind', '=', 'lead_reply').execute();
    assert.equal(mails.length, mailsBefore.length, 'kept as a note: no e-mail, least of all the stranger’s');
  });

  test('the same e-mail (case, spaces) and the same phone written otherwise join the lead; no second lead.created', async () => {
    const car = await newCar();
    await inquire(car, { ...BUYER, message: 'Primero' });
    for (const [email, phone] of [
      [BUYER.email.toUpperCase(), '+54 11 4567 8901'],
      [` ${BUYER.email} `, '(011) 4567-8901'],
      [BUYER.email, '+54 (11) 4567.8901'],
      // The mobile written with its 9 / 15: one line, as the ten digits after +54 say (P65).
      [BUYER.email, '+54 9 11 4567 8901'],
      [BUYER.email, '011 15 4567-8901'],
    ] as const) {
      await inquire(car, { name: 'José', email, phone, message: `Otra vez (${phone})` });
    }
    const leads = await leadsOf(car);
    assert.equal(leads.length, 1);
    assert.equal(leads[0]!.messages, 6);
    assert.deepEqual(original(leads[0]!), [BUYER.name, BUYER.email, STORED_PHONE], 'the details as first given');
    assert.equal(await createdEvents(car), 1);
    const page = await panel.get(`/panel/leads/${leads[0]!.id}`);
    assert.ok(!page.body.includes('related-lead'), 'no other lead to name');
  });

  test('a missing phone matches only a missing phone, a missing e-mail only a missing e-mail', async () => {
    const car = await newCar();
    await inquire(car, { name: 'Ana', email: 'ana@example.org', message: 'Solo correo' });
    await inquire(car, { name: 'Ana', email: 'Ana@Example.org', message: 'Otra vez, solo correo' });
    await inquire(car, { name: 'Beto', phone: '351 555-1234', message: 'Solo teléfono' });
    await inquire(car, { name: 'Beto', phone: '+54 9 351 555 1234', message: 'Otra vez, solo teléfono' });
    const leads = await leadsOf(car);
    assert.deepEqual(
      leads.map((l) => [l.name, l.messages]),
      [
        ['Ana', 2],
        ['Beto', 2],
      ],
    );
  });
});

describe(`migration 2026-11-26-002: phone keys made again (${STORE_NAME})`, () => {
  test('an old digits-only key becomes the number read in the car’s market; the buyer then joins their lead', async () => {
    // The store as it is now, with the keys the code before D37 wrote; then the migration's
    // step run again on them (running the service's code on the older schema would need
    // today's columns, D32's and D34's among them).
    const ts = await openTestStore();
    try {
      const db = ts.store.db;
      const clock = new ManualClock(Date.UTC(2026, 10, 4, 12));
      const deps = { store: ts.store, clock, publicBaseUrl: BASE };
      const dealer = await createDealer(db, systemClock, { slug: 'keys-before', name: 'Antes', markets: ['ar', 'uk'], city: null });
      const car = async (market: string, externalId: string) => {
        const now = clock.now();
        const row = await db
          .insertInto('vehicles')
          .values({
            dealer_id: dealer.id,
            market,
            external_id: externalId,
            listing_id: `L-${externalId}`,
            status: 'active',
            source: 'api',
            brand: 'Toyota',
            model: 'Corolla',
            year: 2020,
            price_cents: 1_000_000,
            currency: market === 'uk' ? 'GBP' : 'ARS',
            mileage: 1000,
            condition: 'used',
            photo_urls: '[]',
            photos_pending: 0,
            content_hash: externalId,
            last_sent_at: now,
            created_at: now,
            updated_at: now,
          })
          .returning(['id', 'dealer_id', 'external_id', 'listing_id', 'status', 'market'])
          .executeTakeFirstOrThrow();
        return row;
      };
      const ar = await car('ar', 'K-AR');
      const uk = await car('uk', 'K-UK');
      const ask = (c: typeof ar, phone: string | null, email: string | null = 'buyer@example.org') =>
        receiveInquiry(deps, c, { name: 'Comprador', email, phone, message: 'Hola' }).then((r) => ({ created: r.created }));
      assert.deepEqual(await ask(ar, '+54 9 351 555-0199'), { created: true });
      assert.deepEqual(await ask(uk, '020 7946 0018'), { created: true });
      assert.deepEqual(await ask(ar, '12-34-56'), { created: true });
      assert.deepEqual(await ask(ar, null, 'nophone@example.org'), { created: true });
      // As the code before D37 stored them: the digits typed.
      const contacts = await db.selectFrom('lead_contacts').select(['lead_id', 'phone']).orderBy('lead_id').execute();
      for (const c of contacts) {
        await db
          .updateTable('lead_contacts')
          .set({ phone_key: c.phone ? c.phone.replace(/\D/g, '') : null })
          .where('lead_id', '=', c.lead_id)
          .execute();
      }

      await rekeyPhones(db, ts.store.dialect);

      const keys = await db.selectFrom('lead_contacts').select('phone_key').orderBy('lead_id').execute();
      assert.deepEqual(
        keys.map((k) => k.phone_key),
        ['+543515550199', '+442079460018', '123456', null],
      );
      assert.deepEqual(await ask(ar, '0351 15 555-0199'), { created: false }, 'the buyer joins the lead made before the upgrade');
      assert.deepEqual(await ask(uk, '+44 20 7946 0018'), { created: false });
      assert.deepEqual(await ask(ar, '12 34 56'), { created: false });
    } finally {
      await ts.dispose();
    }
  });
});
