// D40: the conversation stays in one place. Each lead's reply address is the Reply-To of every
// mail to its buyer (the confirmation of an inquiry, a salesperson's reply); what the buyer
// answers there, by SMTP or POST /inbound/mail, becomes their message — quoted history and
// signature cut (Gmail, Outlook, Apple Mail in es, pt, en: test/fixtures/inbound/), unread, with
// the team's notice, masked in the API — once per Message-ID; automatic replies and bounces are
// not added, attachments are left out and counted. The thank-you page says what comes next by
// what the buyer gave (P206); the buyer's mails speak as the pages do (issue 37 §6).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import net from 'node:net';
import nodemailer from 'nodemailer';
import { ManualClock } from '../../src/core/clock.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { startInboundSmtp, type InboundSmtp } from '../../src/modules/leads/inbound-smtp.js';
import { loadMailLibraries, newText } from '../../src/modules/leads/inbound.js';
import { addBuyerMessage } from '../../src/modules/leads/service.js';
import { writeTransaction } from '../../src/core/db/transaction.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { updateProfile } from '../../src/modules/dealers/profile.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';
import { hostileMails, inboundFixture } from '../support/inbound-mail.js';

const BASE = 'https://cars.example.com';
const SECRET = 'inbound-secret-0123456789abcdef';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const REPLY_ADDRESS = /^reply\+([a-z2-7]{26})@cars\.example\.com$/;

const fixture = inboundFixture;

/** Says each line to an SMTP server, one after the other's answer; resolves with everything it answered. */
function smtpTalk(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let heard = '';
    let next = 0;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      heard += chunk;
      // Each complete answer (its last line "NNN text") lets the next line go.
      if (!heard.endsWith('\r\n') || !/^\d{3} /.test(heard.trimEnd().split('\r\n').at(-1)!)) return;
      if (next < lines.length) socket.write(`${lines[next++]!}\r\n`);
      else if (next++ === lines.length) socket.end('QUIT\r\n');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(heard));
  });
}

describe(`replies by e-mail come back to the conversation (D40, ${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let key: string;
  let car: CarAnswer;
  let brCar: CarAnswer;
  let seller: SeededUser;
  let paulo: SeededUser;
  let smtp: InboundSmtp;

  const inbound = (raw: Buffer | string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/inbound/mail',
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${SECRET}`, ...headers },
      payload: raw,
    });
  const post = (c: CarAnswer, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `${pathOf(c.url)}/inquiries`,
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: '203.0.113.9',
    });
  const leadOf = async (email: string) => {
    const c = await t.store.db.selectFrom('lead_contacts').select('lead_id').where('email', '=', email).executeTakeFirstOrThrow();
    return t.store.db.selectFrom('leads').selectAll().where('id', '=', c.lead_id).executeTakeFirstOrThrow();
  };
  const entries = (leadId: number) => t.store.db.selectFrom('lead_messages').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  const mailsTo = (to: string, kind: string) =>
    t.store.db.selectFrom('mails').selectAll().where('to_address', '=', to).where('kind', '=', kind).orderBy('id').execute();
  const notices = () => t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'lead_notice').orderBy('id').execute();

  /** A buyer's inquiry by the form; the lead, and the reply address of its confirmation. */
  async function inquire(c: CarAnswer, buyer: { name: string; email: string }, message: string) {
    const res = await post(c, { ...buyer, message });
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, `${c.url}/thanks?sent=email`);
    const [confirmation] = await mailsTo(buyer.email, 'lead_confirmation');
    assert.ok(confirmation, 'a confirmation was queued');
    assert.match(confirmation.reply_to!, REPLY_ADDRESS);
    return { lead: await leadOf(buyer.email), address: confirmation.reply_to!, confirmation };
  }

  before(async () => {
    await host.start();
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 26, 12)),
      env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: BASE, INQUIRIES_PER_HOUR: '1000', INBOUND_MAIL_SECRET: SECRET },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
    });
    let slug: string;
    ({ key, slug } = await seedDealer(t, { name: 'Autos del Sur', city: 'Córdoba' }));
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, slug), { phone: '351 444-2222', whatsapp: '351 15 555-6666', address: 'Av. Colón 1234' });
    seller = await seedPanelUser(t, { slug, name: 'Vera Vendedora' });
    car = await publishCar(t, key, host, 'C-1', { version: 'XEi' });
    const br = await seedDealer(t, { name: 'Autos do Sul', city: 'Porto Alegre', markets: ['br'] });
    await updateProfile(t.store.db, await getDealerBySlug(t.store.db, br.slug), {
      phone: '51 3333-4444',
      whatsapp: '51 99876-5432',
      address: 'Av. Ipiranga 100',
    });
    paulo = await seedPanelUser(t, { slug: br.slug, name: 'Paulo Vendedor' });
    brCar = await publishCar(t, br.key, host, 'BR-1', { brand: 'Volkswagen', model: 'Gol', year: 2020, price: 65_000 });
    smtp = await startInboundSmtp(t.app.services, { host: '127.0.0.1', port: 0, domain: 'cars.example.com', log: t.app.log });
  });
  after(async () => {
    await smtp.close();
    await t.close();
    await host.stop();
  });

  test('the confirmation (es): From the dealership, Reply-To the lead, the car with photo, price and link, what they wrote, phone, WhatsApp, address', async () => {
    const { confirmation: m, lead } = await inquire(car, { name: 'Lucía Gómez', email: 'lucia.gomez@gmail.example' }, '¿Está disponible? ¿Aceptan permuta?');
    assert.equal(m.from_name, 'Autos del Sur');
    assert.equal(m.subject, 'Tu consulta a Autos del Sur por 2019 Toyota Corolla XEi');
    const text = m.text_body!;
    for (const part of [
      '¡Hola, Lucía Gómez!',
      'Autos del Sur recibió tu consulta por este auto y te va a responder pronto.',
      '2019 Toyota Corolla XEi',
      car.url,
      '> ¿Está disponible? ¿Aceptan permuta?',
      'Teléfono: 0351 444-2222',
      'WhatsApp: 0351 15-555-6666',
      'Dirección: Av. Colón 1234, Córdoba',
      'Si querés agregar algo, respondé este correo',
    ])
      assert.ok(text.includes(part), `${part} in:\n${text}`);
    assert.match(text, /^2019 Toyota Corolla XEi · \$\s[\d.]+$/m, 'the price');
    assert.ok(m.html_body!.includes(`${BASE}/photos/`), 'the car photo');
    assert.ok(m.html_body!.includes(`href="${car.url}/contact/whatsapp"`), 'the WhatsApp button, through the counted redirect');
    assert.doesNotMatch(text, /\b(usted|conteste|puede)\b/i, 'the pages speak with vos');
    // The same address on every mail of this lead: the reply's too.
    const panel = new PanelClient(t.app, '198.18.0.2');
    assert.equal((await panel.signIn(seller.email, seller.password)).status, 303);
    await panel.get(`/panel/leads/${lead.id}`);
    assert.equal((await panel.post(`/panel/leads/${lead.id}/reply`, { reply: '¡Hola Lucía! Sí, está disponible.' })).status, 303);
    const [reply] = await mailsTo('lucia.gomez@gmail.example', 'lead_reply');
    assert.equal(reply!.reply_to, m.reply_to);
    assert.equal(reply!.from_name, 'Autos del Sur');
    // §6: signed by the salesperson, with the dealership's phone and WhatsApp, in the pages' register.
    const footer = reply!.text_body!.split('\n-- \n')[1]!.replace(/\$\s[\d.]+/, '$ PRICE');
    assert.equal(
      footer,
      'Vera Vendedora\nAutos del Sur\nTeléfono: 0351 444-2222\nWhatsApp: 0351 15-555-6666\nSobre el auto: 2019 Toyota Corolla XEi · $ PRICE\n' +
        `${car.url}\n\nPodés responder este correo: tu respuesta le llega a Autos del Sur.\n`,
    );
  });

  test('the confirmation and the reply in Portuguese (br): no "Para responder, responda"', async () => {
    const { confirmation: m, lead } = await inquire(brCar, { name: 'Ana Souza', email: 'ana.souza@gmail.example' }, 'Ainda está disponível?');
    assert.equal(m.subject, 'Sua mensagem para Autos do Sul sobre 2020 Volkswagen Gol');
    for (const part of [
      'Olá, Ana Souza!',
      'Autos do Sul recebeu sua mensagem',
      'Telefone: (51) 3333-4444',
      'WhatsApp: (51) 99876-5432',
      'Endereço: Av. Ipiranga 100, Porto Alegre',
    ])
      assert.ok(m.text_body!.includes(part), `${part} in:\n${m.text_body}`);
    assert.match(m.text_body!, /^2020 Volkswagen Gol · R\$\s[\d.]+$/m, 'the price');
    const panel = new PanelClient(t.app, '198.18.0.3');
    assert.equal((await panel.signIn(paulo.email, paulo.password)).status, 303);
    await panel.get(`/panel/leads/${lead.id}`);
    assert.equal((await panel.post(`/panel/leads/${lead.id}/reply`, { reply: 'Olá Ana! Está sim.' })).status, 303);
    const [reply] = await mailsTo('ana.souza@gmail.example', 'lead_reply');
    assert.ok(reply!.text_body!.includes('Paulo Vendedor\nAutos do Sul\nTelefone: (51) 3333-4444\nWhatsApp: (51) 99876-5432'), reply!.text_body!);
    assert.ok(reply!.text_body!.includes('Você pode responder a este e-mail: sua resposta chega a Autos do Sul.'));
    assert.doesNotMatch(reply!.text_body!, /Para responder, responda/);
  });

  test('the thank-you page says what comes next by what the buyer gave: e-mail → a copy; phone only → a call or WhatsApp, with its button', async () => {
    const confirmations = async () => (await t.store.db.selectFrom('mails').select('id').where('kind', '=', 'lead_confirmation').execute()).length;
    const before = await confirmations();
    const phoneOnly = await post(car, { name: 'Sin Correo', phone: '351 15 444-1111', message: 'Llamame por favor' });
    assert.equal(phoneOnly.headers.location, `${car.url}/thanks?sent=phone`);
    assert.equal(await confirmations(), before, 'no e-mail, no confirmation');
    const byPhone = (await t.app.inject({ url: `${pathOf(car.url)}/thanks?sent=phone` })).body;
    assert.ok(byPhone.includes('Autos del Sur te va a llamar o escribir por WhatsApp al número que dejaste.'));
    assert.ok(byPhone.includes(`<a class="btn wa" href="${car.url}/contact/whatsapp" rel="nofollow">Escribir por WhatsApp</a>`));
    assert.ok(!byPhone.includes('spam'), 'no inbox to look at');
    const byMail = (await t.app.inject({ url: `${pathOf(car.url)}/thanks?sent=email` })).body;
    assert.ok(byMail.includes('Te enviamos una copia de tu mensaje por correo, con el teléfono y el WhatsApp de Autos del Sur.'));
    const pt = (await t.app.inject({ url: `${pathOf(brCar.url)}/thanks?sent=email` })).body;
    assert.ok(pt.includes('Enviamos uma cópia da sua mensagem por e-mail'));
    // Anything else: the page as before, both ways.
    assert.ok(
      (await t.app.inject({ url: `${pathOf(car.url)}/thanks?sent=%00` })).body.includes('Te va a responder al correo electrónico o teléfono que dejaste.'),
    );
  });

  test('HTTP: each client’s answer (Gmail, Outlook, Apple Mail; es, pt, en) becomes the buyer’s message, its history and signature cut, unread, with the notice', async () => {
    const cases: [string, string][] = [
      [
        'gmail-es',
        '¡Genial! ¿Puedo pasar el sábado a las 11 a verlo? Si me\ntoman el Gol 2012 como parte de pago mejor. Mi celular: 351 15 555-0199.\n\nGracias,\nLucía',
      ],
      ['apple-es', 'Perfecto, el sábado a la mañana estoy por ahí.'],
      ['outlook-en-original', 'Is the price negotiable?'],
      ['gmail-en-wrote', 'Great, see you Saturday.'],
    ];
    const { lead, address } = await inquire(car, { name: 'Martín Ruiz', email: 'martin.ruiz@icloud.example' }, 'Hola');
    for (const [name, expected] of cases) {
      await t.store.db.updateTable('leads').set({ unread: 0 }).where('id', '=', lead.id).execute();
      const before = (await notices()).length;
      const res = await inbound(fixture(name, address));
      assert.equal(res.statusCode, 202, res.body);
      assert.deepEqual(res.json(), { accepted: true, lead_id: lead.id });
      const last = (await entries(lead.id)).at(-1)!;
      assert.equal(last.author, 'buyer', name);
      assert.equal(last.body, expected, name);
      const row = await t.store.db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
      assert.equal(row.unread, 1, `${name}: unread again`);
      assert.ok(row.waiting_since !== null, `${name}: waiting for an answer`);
      const added = (await notices()).slice(before);
      assert.equal(added.length, 1, `${name}: one notice`);
      assert.equal(added[0]!.subject, 'Nuevo mensaje sobre 2019 Toyota Corolla XEi (C-1)');
      assert.ok(added[0]!.text_body!.startsWith('Un comprador le respondió por correo a Autos del Sur sobre este auto:'));
    }
    // D18: the buyer's phone typed in the answer is masked in the API and the notices.
    const api = (await t.app.inject({ url: '/v1/leads', headers: bearer(key) })).json().data as { id: number; last_message: string; messages: number }[];
    const mine = api.find((l) => l.id === lead.id)!;
    assert.equal(mine.messages, 1 + cases.length);
    const gmailNotice = (await notices()).find((n) => n.text_body?.includes('Gol 2012'));
    for (const shown of [JSON.stringify(api), gmailNotice!.text_body!]) assert.ok(!shown.includes('555-0199'), shown);
  });

  test('HTTP, Portuguese clients and an attachment: Gmail, Outlook (Android), Apple Mail; the files left out and said so', async () => {
    const { lead, address } = await inquire(brCar, { name: 'Beatriz Alves', email: 'bia.alves@icloud.example' }, 'Oi');
    for (const [name, expected] of [
      ['gmail-pt', 'Oi! Consigo ver o carro no sábado de manhã? Aceitam financiamento?\n\nAbraços,\nAna'],
      ['outlook-pt', 'Bom dia, qual o valor à vista? Posso passar aí amanhã às 15h.'],
      ['apple-pt', 'Combinado, passo aí no sábado.'],
    ]) {
      assert.equal((await inbound(fixture(name!, address))).statusCode, 202);
      assert.equal((await entries(lead.id)).at(-1)!.body, expected, name);
    }
    const es = await inquire(car, { name: 'Jorge Perez', email: 'jorge.perez@outlook.example' }, 'Hola');
    assert.equal((await inbound(fixture('outlook-es', es.address))).statusCode, 202);
    assert.equal(
      (await entries(es.lead.id)).at(-1)!.body,
      'Buenas tardes, les mando fotos de mi auto para la permuta. ¿Cuánto me\npodrían tomar?\n\nSaludos cordiales\n\nJorge\n\n' +
        '(El comprador adjuntó 2 archivos a este correo; los adjuntos no se guardan.)',
    );
  });

  test('the same Message-ID twice, automatic replies and bounces: accepted (202), not added', async () => {
    const { lead, address } = await inquire(car, { name: 'Sam Taylor', email: 'sam@corp.example' }, 'Hi');
    const count = async () => (await entries(lead.id)).filter((e) => e.author === 'buyer').length;
    assert.equal(await count(), 1);
    const once = fixture('gmail-en-wrote', address, 'dup');
    assert.equal((await inbound(once)).statusCode, 202);
    assert.equal((await inbound(once)).statusCode, 202);
    assert.equal(await count(), 2, 'added once');
    for (const name of ['auto-reply', 'bounce']) {
      const res = await inbound(fixture(name, address));
      assert.equal(res.statusCode, 202, name);
      assert.deepEqual(res.json(), { accepted: true, lead_id: lead.id });
    }
    // Precedence: bulk, X-Autoreply, a null Return-Path: each an automatic message.
    for (const h of ['Precedence: bulk', 'X-Autoreply: yes', 'Return-Path: <>', 'Auto-Submitted: auto-generated']) {
      const raw = `${h}\r\nMessage-ID: <${h.length}-${Math.random()}@x.example>\r\nFrom: sam@corp.example\r\nTo: ${address}\r\nSubject: x\r\n\r\nI am away.\r\n`;
      assert.equal((await inbound(raw)).statusCode, 202, h);
    }
    assert.equal(await count(), 2, 'none added');
    // Auto-Submitted: no is a person's message.
    assert.equal((await inbound(`Auto-Submitted: no\r\nFrom: sam@corp.example\r\nTo: ${address}\r\nSubject: x\r\n\r\nStill interested.\r\n`)).statusCode, 202);
    assert.equal(await count(), 3);
  });

  test('the address: X-Original-To or Delivered-To when To names another (a Bcc, an alias); unknown, foreign or malformed → 404', async () => {
    const { lead, address } = await inquire(car, { name: 'Oculto', email: 'bcc@buyer.example' }, 'Hola');
    const viaHeader = `X-Original-To: ${address.toUpperCase()}\r\nFrom: bcc@buyer.example\r\nTo: someone@else.example\r\nSubject: x\r\n\r\nVía copia oculta.\r\n`;
    assert.deepEqual((await inbound(viaHeader)).json(), { accepted: true, lead_id: lead.id });
    const token = REPLY_ADDRESS.exec(address)![1]!;
    for (const to of [
      'reply+aaaaaaaaaaaaaaaaaaaaaaaaaa@cars.example.com',
      `reply+${token}@other.example`,
      `reply+${token}x@cars.example.com`,
      'nobody@cars.example.com',
    ]) {
      const res = await inbound(`From: x@y.example\r\nTo: ${to}\r\nSubject: x\r\n\r\nHola\r\n`, { 'accept-language': 'es' });
      assert.equal(res.statusCode, 404, to);
      assert.equal(res.json().error.code, 'not_found');
      assert.equal(res.json().error.message, 'Ningún destinatario de este mensaje es la dirección de respuesta de una consulta.');
    }
  });

  test('HTTP authentication (Bearer INBOUND_MAIL_SECRET), bad bodies and the 10 MB limit: 4xx in the Error shape', async () => {
    const { address } = await inquire(car, { name: 'Auth', email: 'auth@buyer.example' }, 'Hola');
    const raw = fixture('gmail-en-wrote', address);
    for (const authorization of [undefined, 'Bearer wrong-secret-0123456789', `Basic ${SECRET}`, `Bearer ${SECRET}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/inbound/mail',
        headers: { 'content-type': 'message/rfc822', ...(authorization ? { authorization } : {}) },
        payload: raw,
      });
      assert.equal(res.statusCode, 401, String(authorization));
      assert.equal(res.json().error.code, 'unauthorized');
    }
    for (const [body, type] of [
      ['', 'message/rfc822'],
      ['{"to":"x"}', 'application/json'],
    ] as const) {
      const res = await inbound(body, { 'content-type': type });
      assert.ok(res.statusCode === 400, `${type}: ${res.statusCode}`);
      assert.deepEqual(Object.keys(res.json()), ['error']);
    }
    const big = await inbound(Buffer.concat([raw, Buffer.alloc(10 * 1024 * 1024, 'a')]));
    assert.equal(big.statusCode, 413);
    assert.equal(big.json().error.code, 'payload_too_large');
  });

  test('no INBOUND_MAIL_SECRET configured: 401 for any token', async () => {
    const bare = await makeApp({ env: { PUBLIC_BASE_URL: BASE } });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/inbound/mail',
        headers: { 'content-type': 'message/rfc822', authorization: 'Bearer undefined' },
        payload: 'x',
      });
      assert.equal(res.statusCode, 401);
    } finally {
      await bare.close();
    }
  });

  test('SMTP: RCPT TO only for live reply addresses (else 550), messages up to 10 MB (else 552); a reply is added once', async () => {
    const { lead, address } = await inquire(car, { name: 'Por SMTP', email: 'smtp@buyer.example' }, 'Hola');
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, tls: { rejectUnauthorized: false } });
    try {
      const raw = fixture('apple-es', address);
      const sent = await transport.sendMail({ envelope: { from: 'smtp@buyer.example', to: [address] }, raw });
      assert.deepEqual(sent.accepted, [address]);
      assert.equal((await entries(lead.id)).at(-1)!.body, 'Perfecto, el sábado a la mañana estoy por ahí.');
      await transport.sendMail({ envelope: { from: 'smtp@buyer.example', to: [address] }, raw });
      assert.equal((await entries(lead.id)).filter((e) => e.author === 'buyer').length, 2, 'the same Message-ID once');
      await assert.rejects(
        transport.sendMail({ envelope: { from: 'x@y.example', to: ['reply+aaaaaaaaaaaaaaaaaaaaaaaaaa@cars.example.com'] }, raw }),
        (err: { responseCode?: number }) => err.responseCode === 550,
      );
      await assert.rejects(
        transport.sendMail({ envelope: { from: 'x@y.example', to: ['postmaster@cars.example.com'] }, raw }),
        (err: { responseCode?: number }) => err.responseCode === 550,
      );
      // Over 10 MB: refused when announced (SIZE=), and when sent without saying so.
      assert.match(await smtpTalk(smtp.port, ['EHLO test', `MAIL FROM:<x@y.example> SIZE=${11 * 1024 * 1024}`]), /^552 /m);
      const dialog = await smtpTalk(smtp.port, [
        'EHLO test',
        'MAIL FROM:<x@y.example>',
        `RCPT TO:<${address}>`,
        'DATA',
        `Subject: x\r\n\r\n${'a'.repeat(998)}\r\n`.repeat(10_600) + '.',
      ]);
      assert.match(dialog, /^552 /m, dialog.slice(-300));
      // A bounce (null sender) is taken and not added.
      await transport.sendMail({ envelope: { from: '', to: [address] }, raw: fixture('gmail-en-wrote', address) });
      assert.equal((await entries(lead.id)).filter((e) => e.author === 'buyer').length, 2);
    } finally {
      transport.close();
    }
  });

  test('hostile MIME to a live reply address, by HTTP and by SMTP: answered (2xx or 4xx; SMTP 250 or 5xx), the store takes what is kept, the server goes on', async () => {
    const { lead, address } = await inquire(car, { name: 'Hostil', email: 'hostile@buyer.example' }, 'Hola');
    for (const [name, raw] of hostileMails(address)) {
      const res = await inbound(raw);
      assert.ok(res.statusCode < 500, `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const stored = (await entries(lead.id)).filter((e) => e.author === 'buyer').map((e) => e.body);
    assert.ok(stored.includes('Hola 351 5550199'), `NUL, bidi and zero-width characters dropped: ${JSON.stringify(stored.slice(0, 12))}`);
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    try {
      for (const [name, raw] of hostileMails(address).slice(0, 8)) {
        await transport.sendMail({ envelope: { from: 'x@attacker.example', to: [address] }, raw }).catch((err: unknown) => {
          const code = (err as { responseCode?: number }).responseCode;
          assert.ok(code !== undefined && code >= 500 && code !== 451, `${name}: ${code ?? 'no SMTP code'}`);
        });
      }
    } finally {
      transport.close();
    }
    assert.equal((await t.app.inject({ url: '/health' })).statusCode, 200);
  });

  test('addBuyerMessage, the one way a buyer message is stored: entry, count, unread and notice in the caller’s transaction, gone with its rollback', async () => {
    const { lead } = await inquire(car, { name: 'Uno Solo', email: 'one@buyer.example' }, 'Hola');
    const before = { entries: (await entries(lead.id)).length, notices: (await notices()).length };
    await assert.rejects(
      writeTransaction(t.store, async (trx) => {
        await addBuyerMessage(t.app.services, trx, lead.id, { body: 'revertido', preview: 'revertido', via: 'mail' });
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal((await entries(lead.id)).length, before.entries);
    assert.equal((await notices()).length, before.notices);
    await writeTransaction(t.store, (trx) => addBuyerMessage(t.app.services, trx, lead.id, { body: 'guardado', preview: 'guardado', via: 'inquiry' }));
    const row = await t.store.db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.messages, row.last_message, row.unread], [2, 'guardado', 1]);
    assert.equal((await entries(lead.id)).at(-1)!.body, 'guardado');
    assert.equal((await notices()).length, before.notices + 1);
  });

  test('hostile text: a huge line, thousands of quote-like lines and control characters end in time, as bounded plain text', async () => {
    // Loaded on the first message (P261); this test calls newText without one.
    await loadMailLibraries();
    const started = performance.now();
    const out = [
      newText('a'.repeat(100_000)),
      newText('El '.repeat(30_000)),
      newText('> x\n'.repeat(20_000)),
      newText('De: x\n'.repeat(20_000)),
      newText('\n'.repeat(100_000)),
      newText(' \nx'.repeat(50_000)),
      newText(`Hola\u0000\u200b\u202e mundo\n${' '.repeat(50_000)}escribió:`),
    ];
    assert.ok(performance.now() - started < 5000, `${Math.round(performance.now() - started)} ms`);
    assert.ok(out[0]!.length <= 5000);
    assert.equal(out.at(-1)!.split('\n')[0], 'Hola mundo');
  });
});
