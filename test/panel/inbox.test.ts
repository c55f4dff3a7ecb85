// The panel answers buyers first (issue 26 §1, P100–P103), through the real app on both stores:
// a conversation waits from a buyer's message until a reply or note; the overview lists the
// waiting ones (longest wait first) and the navigation counts the unread on every page; saved
// replies are a user's own (at most 20, each ≤ 1000 characters), put into the reply box with
// ?saved=; a reply is sent From the dealership's name with Reply-To the lead's address and no greeting of
// ours; the From name is encoded header-safe.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { createMailTransport } from '../../src/core/mail/transport.js';
import { removeUser } from '../../src/modules/users/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { PanelClient, seedPanelUser, signedInClient, freshAddress, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { until } from '../support/until.js';

const DEALER = 'Autos del Sur';

describe(`panel inbox, saved replies and replies From the dealership (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: { client: PanelClient; user: SeededUser };
  let staff: { client: PanelClient; user: SeededUser };
  let stranger: { client: PanelClient; user: SeededUser };
  let gol: CarAnswer;

  const inquire = async (payload: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: `${pathOf(gol.url)}/inquiries`, payload, remoteAddress: '203.0.113.9' });
    assert.equal(res.statusCode, 201, res.body);
  };
  const lead = (email: string) =>
    t.store.db
      .selectFrom('leads')
      .innerJoin('lead_contacts', 'lead_contacts.lead_id', 'leads.id')
      .select(['leads.id', 'leads.waiting_since', 'leads.unread'])
      .where('lead_contacts.email', '=', email)
      .executeTakeFirstOrThrow();
  const navCount = (body: string) => /<a href="\/panel\/leads"[^>]*>[^<]*<span class="count">(\d+)</.exec(body)?.[1];

  before(async () => {
    await host.start();
    clock = new ManualClock(Date.UTC(2026, 10, 27, 15));
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000' } });
    owner = await signedInClient(t, { role: 'owner', name: 'Olga' });
    await t.store.db.updateTable('dealers').set({ name: DEALER }).where('id', '=', owner.user.dealerId).execute();
    const staffUser = await seedPanelUser(t, { slug: owner.user.slug, role: 'staff', name: 'Sergio' });
    staff = { user: staffUser, client: new PanelClient(t.app, freshAddress()) };
    await staff.client.signIn(staffUser.email, staffUser.password);
    stranger = await signedInClient(t, { role: 'owner' });
    gol = await publishCar(t, owner.user.key, host, 'G-1', { brand: 'Volkswagen', model: 'Gol', year: 2019 });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('a conversation waits from the buyer’s message until a reply; the overview lists the waiting, longest first, and every page counts the unread', async () => {
    await inquire({ name: 'Lucía Fernández', email: 'lucia@example.com', message: '¿Sigue disponible?\nGracias' });
    clock.advance(5 * 60_000);
    await inquire({ name: 'Pedro Gil', email: 'pedro@example.com', message: '¿Acepta permuta?' });
    clock.advance(60_000);
    const lucia = await lead('lucia@example.com');
    const pedro = await lead('pedro@example.com');
    assert.ok(lucia.waiting_since !== null && pedro.waiting_since !== null);

    const overview = await owner.client.get('/panel');
    assert.equal(navCount(overview.body), '2');
    const l = overview.body.indexOf('Lucía Fernández');
    const p = overview.body.indexOf('Pedro Gil');
    assert.ok(l > 0 && p > l, 'the longest wait first');
    assert.match(overview.body, /2 compradores esperan respuesta/);
    assert.match(overview.body, /hace 6 min/, 'the age in words, in the dealership’s zone');
    // Every panel page carries the count; another dealership's does not.
    for (const page of ['/panel/inventory', '/panel/account', '/panel/feeds']) assert.equal(navCount((await owner.client.get(page)).body), '2', page);
    assert.equal(navCount((await stranger.client.get('/panel')).body), undefined);

    // Opening one reads it (the count drops) but it still waits; the reply answers it.
    await owner.client.get(`/panel/leads/${lucia.id}`);
    assert.equal(navCount((await owner.client.get('/panel')).body), '1');
    assert.notEqual((await lead('lucia@example.com')).waiting_since, null);
    const res = await owner.client.post(`/panel/leads/${lucia.id}/reply`, { reply: 'Sí, sigue disponible.' });
    assert.equal(res.status, 303);
    assert.equal((await lead('lucia@example.com')).waiting_since, null);
    const after = await owner.client.get('/panel');
    assert.ok(!after.body.includes('Lucía Fernández'), 'answered: no longer waiting');
    assert.match(after.body, /1 comprador espera respuesta/);

    // The buyer writes again: waiting and unread again.
    clock.advance(60_000);
    await inquire({ name: 'Lucía Fernández', email: 'lucia@example.com', message: '¿Puedo ir el sábado?' });
    assert.equal((await lead('lucia@example.com')).waiting_since, clock.now());
    assert.equal(navCount((await owner.client.get('/panel/leads')).body), '2');
  });

  test('the inbox lists buyers by name with the car’s photo, the first line of the latest message and its age; the filters fold away', async () => {
    const res = await owner.client.get('/panel/leads');
    const b = res.body;
    assert.ok(b.includes('Lucía Fernández') && b.includes('Pedro Gil'));
    assert.doesNotMatch(b, /Consulta n\.º/);
    assert.match(b, /<img class="thumb" src="\/photos\/[0-9a-f]+\/(w480|display)\.\w+"/);
    assert.ok(b.includes('<span class="line1">¿Puedo ir el sábado?</span>'));
    assert.ok(b.includes('<span class="line1">¿Acepta permuta?</span>'));
    assert.match(b, /<details class="fold card"><summary>Filtros y búsqueda<\/summary>/);
    // A filter set: the fold is open.
    assert.match((await owner.client.get('/panel/leads?q=gil')).body, /<details class="fold card" open>/);
  });

  test('the conversation: messages first, newest at the bottom, the reply box under them, then the buyer, car and stage', async () => {
    const lucia = await lead('lucia@example.com');
    const b = (await owner.client.get(`/panel/leads/${lucia.id}`)).body;
    const at = (s: string) => b.indexOf(s);
    assert.ok(at('¿Sigue disponible?') < at('Sí, sigue disponible.') && at('Sí, sigue disponible.') < at('¿Puedo ir el sábado?'));
    assert.ok(at('¿Puedo ir el sábado?') < at('id="reply"'));
    assert.ok(at('id="reply"') < at('id="buyer-title"') && at('id="buyer-title"') < at('id="car-title"') && at('id="car-title"') < at('id="stage-title"'));
  });

  test('saved replies: a user’s own, at most 20 of at most 1000 characters; ?saved= puts one in the reply box', async () => {
    const c = owner.client;
    assert.match((await c.get('/panel/leads/replies')).body, /Todavía no tiene respuestas guardadas/);
    const made = await c.post('/panel/leads/replies', { text: '¿Cuándo podés venir a verlo?\r\nTe espero.' });
    assert.equal(made.status, 303);
    assert.equal(made.location, '/panel/leads/replies?done=added');
    const [mine] = await t.store.db
      .selectFrom('saved_replies')
      .selectAll()
      .where('user_id', '=', await userId(owner.user.email))
      .execute();
    assert.equal(mine!.body, '¿Cuándo podés venir a verlo?\nTe espero.');
    assert.equal(mine!.dealer_id, owner.user.dealerId);

    // Bad texts: a page that says why, nothing kept.
    const long = await c.post('/panel/leads/replies', { text: 'x'.repeat(1001) });
    assert.equal(long.status, 422);
    assert.match(long.body, /hasta 1000 caracteres/);
    assert.equal((await c.post('/panel/leads/replies', { text: '   ' })).status, 422);
    assert.equal((await c.post('/panel/leads/replies', { text: 'a\u0007b' })).status, 422);
    assert.equal((await c.post('/panel/leads/replies', { text: 'ñ'.repeat(1000) })).status, 303, '1000 characters are fine');

    // The conversation offers them; ?saved= fills the box (another user's id fills nothing).
    const lucia = await lead('lucia@example.com');
    const page = (await c.get(`/panel/leads/${lucia.id}?saved=${mine!.id}`)).body;
    assert.ok(page.includes(`<option value="${mine!.id}" data-text="¿Cuándo podés venir a verlo?\nTe espero." selected>`));
    assert.match(page, /<textarea id="reply"[^>]*>\n¿Cuándo podés venir a verlo\?\nTe espero\.<\/textarea>/);
    const theirs = (await staff.client.get(`/panel/leads/${lucia.id}?saved=${mine!.id}`)).body;
    assert.ok(!theirs.includes('Cuándo podés venir'), 'another user sees none of them');
    assert.ok(!(await staff.client.get('/panel/leads/replies')).body.includes('Cuándo podés venir'));

    // Another user cannot delete it (404); its owner can.
    assert.equal((await staff.client.post(`/panel/leads/replies/${mine!.id}/delete`, {})).status, 404);
    assert.equal((await stranger.client.post(`/panel/leads/replies/${mine!.id}/delete`, {})).status, 404);
    assert.equal((await c.post(`/panel/leads/replies/${mine!.id}/delete`, {})).location, '/panel/leads/replies?done=deleted');
    assert.equal((await c.post(`/panel/leads/replies/${mine!.id}/delete`, {})).status, 404, 'gone');

    // The limit: 20 each (1 kept above + 19), the 21st refused; the staff user has their own 20.
    for (let i = 0; i < 19; i++) assert.equal((await c.post('/panel/leads/replies', { text: `Respuesta ${i}` })).status, 303);
    const over = await c.post('/panel/leads/replies', { text: 'Una más' });
    assert.equal(over.status, 422);
    assert.match(over.body, /Ya tiene 20 respuestas guardadas/);
    assert.equal((await staff.client.post('/panel/leads/replies', { text: 'La mía' })).status, 303);

    // A removed user's saved replies go with them.
    const staffId = await userId(staff.user.email);
    await removeUser(t.store, owner.user.dealerId, staffId);
    assert.equal((await t.store.db.selectFrom('saved_replies').select('id').where('user_id', '=', staffId).execute()).length, 0);
  });

  test('a reply is sent From the dealership’s name, Reply-To the lead’s address, with the user’s own words first', async () => {
    const pedro = await lead('pedro@example.com');
    const res = await owner.client.post(`/panel/leads/${pedro.id}/reply`, { reply: '¡Hola Pedro! Sí, tomamos permutas.' });
    assert.equal(res.status, 303);
    const mail = await t.store.db
      .selectFrom('mails')
      .selectAll()
      .where('kind', '=', 'lead_reply')
      .where('to_address', '=', 'pedro@example.com')
      .executeTakeFirstOrThrow();
    assert.equal(mail.from_name, DEALER);
    // D40: Reply-To the lead's own address, so the buyer's answer comes back to the conversation.
    assert.match(mail.reply_to ?? '', /^reply\+[a-z2-7]{26}@/);
    assert.ok(mail.text_body!.startsWith('¡Hola Pedro! Sí, tomamos permutas.'), mail.text_body!);
    assert.ok(!/^(Hola|Hello|Olá) Pedro/m.test(mail.text_body!.replace('¡Hola Pedro!', '')), 'no greeting of ours');
  });

  async function userId(email: string): Promise<number> {
    return Number((await t.store.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
  }
});

describe('the From of a reply (P103)', () => {
  test('the dealership’s name at MAIL_FROM’s address, quoted and encoded so it is never header syntax', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'from-'));
    const mailer = createMailTransport({ smtpUrl: undefined, from: 'Dealer Inventory <no-reply@dealers.test>', dataDir });
    const send = (id: number, fromName: string | null) =>
      mailer.send({ id, to: 'buyer@example.com', replyTo: 'sales@example.com', fromName, subject: 's', text: 't', html: '' });
    await send(1, 'Autos del Sur');
    await send(2, 'Ñandú "Motors", S.A.\r\nBcc: victim@example.com');
    await send(3, null);
    // Headers unfolded: a long one goes on over the next line.
    const emls = await until('three .eml files', 5000, () => {
      const files = fs.readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
      return files.length === 3 ? files.map((f) => fs.readFileSync(path.join(dataDir, 'mail', f), 'utf8').replace(/\r?\n[ \t]+/g, ' ')) : undefined;
    });
    const fromOf = (eml: string) => /^From: (.*)$/m.exec(eml)?.[1];
    const froms = emls.map(fromOf).sort();
    assert.ok(froms.includes('Autos del Sur <no-reply@dealers.test>'), froms.join(' | '));
    assert.ok(froms.includes('Dealer Inventory <no-reply@dealers.test>'));
    const odd = emls.find((e) => !/^From: (Autos del Sur|Dealer Inventory) /m.test(e))!;
    assert.match(fromOf(odd)!, /^=\?UTF-8\?[BQ]\?.+\?= <no-reply@dealers\.test>$/);
    assert.doesNotMatch(odd, /^Bcc:/m, 'a line break in a name is no new header');
    assert.match(odd, /^Reply-To: sales@example\.com$/m);
    mailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
