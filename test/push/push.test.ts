// Web Push end to end (issue 37 §5, P215–P218): a buyer's message reaches the browsers of the
// dealership's users who turned notifications on. The push service is a local HTTPS endpoint
// of this test that DECRYPTS what it receives (RFC 8291 aes128gcm, with the browser's private
// key made here) and checks the VAPID signature (RFC 8292), so the payload is read as a
// browser would read it. The sending goes through the service's one outbound client: the test
// lets it reach loopback as the webhook tests do (allowPrivateNetworks, a resolver that answers
// 127.0.0.1, the receiver's certificate trusted); the default client refuses loopback, and
// such a subscription is dropped.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { ConfigError, loadConfig } from '../../src/core/config.js';
import { writeTransaction } from '../../src/core/db/transaction.js';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { notifyBuyerMessage, subscribe } from '../../src/modules/push/service.js';
import { newVapidKeys } from '../../src/modules/push/vapid.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, publishCar, type CarAnswer } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { makeCertificate } from '../support/webhook-receiver.js';
import { seedPanelUser, signedInClient, type PanelClient, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const BASE = 'https://cars.example.com';

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function aBrowser() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url'), authB64: auth.toString('base64url') };
}
type Browser = ReturnType<typeof aBrowser>;

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: the plaintext of an aes128gcm body, as the browser decrypts it. */
function decrypt(body: Buffer, browser: Browser): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  assert.equal(idlen, 65, 'the keyid is the sender’s ephemeral public key');
  assert.ok(ciphertext.length <= rs, 'one record');
  const secret = browser.ecdh.computeSecret(asPublic);
  const prkKey = hmac(browser.auth, secret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), asPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'the last record ends with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed ES256 by that key, for this origin. */
function checkVapid(header: string | undefined, origin: string, publicKey: string): { sub: string } {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  assert.ok(m, `a VAPID Authorization header (got ${header})`);
  assert.equal(m[2], publicKey);
  const [h, p, s] = m[1]!.split('.');
  const key = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: Buffer.from(publicKey, 'base64url').subarray(1, 33).toString('base64url'),
      y: Buffer.from(publicKey, 'base64url').subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  assert.ok(
    crypto.verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url')),
    'the JWT is signed by the VAPID key',
  );
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  assert.equal(claims.aud, origin);
  return claims;
}

interface Push {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The local push service: /ok/… → 201, /gone/… → 410, /missing/… → 404, /busy/… → 503 while `busy`. */
async function pushService() {
  const pair = makeCertificate(['push.test']);
  const received: Push[] = [];
  const state = { busy: true };
  const server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      const kind = path.split('/')[1];
      res.statusCode = kind === 'ok' ? 201 : kind === 'gone' ? 410 : kind === 'missing' ? 404 : kind === 'busy' ? (state.busy ? 503 : 201) : 400;
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    state,
    cert: pair.cert,
    origin: `https://push.test:${port}`,
    endpoint: (p: string) => `https://push.test:${port}${p}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe(`Web Push (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  let ps: Awaited<ReturnType<typeof pushService>>;
  const host = new PhotoHost();
  let owner: { client: PanelClient; user: SeededUser };
  let staff: SeededUser;
  let gol: CarAnswer;
  let vapid: { publicKey: string; privateKey: string };

  const inquire = async (c: CarAnswer, payload: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: `${pathOf(c.url)}/inquiries`, payload, remoteAddress: '203.0.113.9' });
    assert.equal(res.statusCode, 201, res.body);
  };
  const pushJobs = () => t.store.db.selectFrom('jobs').selectAll().where('task', '=', 'push.send').execute();
  const subscriptions = () => t.store.db.selectFrom('push_subscriptions').selectAll().orderBy('id').execute();
  const userId = async (email: string) => Number((await t.store.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
  const subscribeAs = async (u: SeededUser, endpoint: string, b: Browser) =>
    subscribe({ store: t.store, clock }, { id: await userId(u.email), dealerId: u.dealerId }, { endpoint, p256dh: b.p256dh, auth: b.authB64 });

  before(async () => {
    await host.start();
    ps = await pushService();
    vapid = newVapidKeys();
    clock = new ManualClock(Date.UTC(2026, 10, 29, 12));
    t = await makeApp({
      clock,
      env: {
        PUBLIC_BASE_URL: BASE,
        INQUIRIES_PER_HOUR: '1000',
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        VAPID_SUBJECT: 'mailto:ops@cars.example.com',
      },
      outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: ps.cert }),
    });
    owner = await signedInClient(t, { role: 'owner', name: 'Olga Owner' });
    staff = await seedPanelUser(t, { slug: owner.user.slug, role: 'staff', name: 'Sam Staff' });
    gol = await publishCar(t, owner.user.key, host, 'A1043', { brand: 'Volkswagen', model: 'Gol', year: 2019, version: 'Trendline' });
  });
  after(async () => {
    await t.close();
    await host.stop();
    await ps.close();
  });

  test('a buyer’s message reaches each browser of the dealership’s users, encrypted and signed; another dealership’s users get nothing', async () => {
    const phone = aBrowser();
    const laptop = aBrowser();
    const strangers = aBrowser();
    await subscribeAs(owner.user, ps.endpoint('/ok/owner-phone'), phone);
    await subscribeAs(owner.user, ps.endpoint('/ok/owner-laptop'), laptop);
    const other = await seedPanelUser(t, { role: 'owner' });
    await subscribeAs(other, ps.endpoint('/ok/stranger'), strangers);
    ps.received.length = 0;
    await inquire(gol, {
      name: 'Carla Gómez',
      email: 'carla@example.net',
      message: 'Hola, soy Carla. ¿Sigue disponible el Gol? Llamame al 351 555 6789 después de las 18',
    });
    // Queued with the message (same transaction): one job per browser of this dealership.
    assert.equal((await pushJobs()).length, 2);
    await t.app.services.jobs.runDue();
    assert.deepEqual(ps.received.map((r) => r.path).sort(), ['/ok/owner-laptop', '/ok/owner-phone']);
    const lead = await t.store.db.selectFrom('leads').selectAll().where('external_id', '=', 'A1043').executeTakeFirstOrThrow();
    for (const r of ps.received) {
      const browser = r.path.endsWith('phone') ? phone : laptop;
      assert.equal(r.headers['content-encoding'], 'aes128gcm');
      assert.equal(r.headers.ttl, '43200');
      assert.equal(r.headers.urgency, 'high');
      assert.equal(r.headers.topic, `lead${lead.id}`);
      const claims = checkVapid(r.headers.authorization as string, ps.origin, vapid.publicKey);
      assert.equal(claims.sub, 'mailto:ops@cars.example.com');
      const payload = JSON.parse(decrypt(r.body, browser)) as Record<string, string>;
      assert.equal(payload.title, 'Nuevo mensaje: 2019 Volkswagen Gol Trendline');
      assert.equal(payload.url, `/panel/leads/${lead.id}`);
      assert.equal(payload.tag, `lead-${lead.id}`);
      assert.equal(payload.lang, 'es');
      // The buyer's first words, masked as everywhere outside the conversation (D18).
      assert.match(payload.body!, /¿Sigue disponible el Gol\?/);
      assert.ok(!payload.body!.includes('555 6789') && !payload.body!.includes('Carla'), payload.body);
      // Another browser's keys cannot read it.
      assert.throws(() => decrypt(r.body, browser === phone ? laptop : phone));
    }
    assert.equal((await pushJobs()).length, 0);
    assert.ok((await subscriptions()).filter((s) => s.last_sent_at !== null).length === 2);
  });

  test('each user reads it in their language; a later message of the same conversation is sent too', async () => {
    const b = aBrowser();
    await t.store.db.updateTable('users').set({ lang: 'pt' }).where('email', '=', staff.email).execute();
    await subscribeAs(staff, ps.endpoint('/ok/staff'), b);
    ps.received.length = 0;
    await inquire(gol, { name: 'Carla Gómez', email: 'carla@example.net', message: 'Puedo ir el sábado a las 10.' });
    await t.app.services.jobs.runDue();
    const mine = ps.received.find((r) => r.path === '/ok/staff');
    assert.ok(mine, 'the staff member’s browser got it');
    const payload = JSON.parse(decrypt(mine.body, b)) as Record<string, string>;
    assert.equal(payload.title, 'Nova mensagem: 2019 Volkswagen Gol Trendline');
    assert.equal(payload.body, 'Puedo ir el sábado a las 10.');
    assert.equal(payload.lang, 'pt');
  });

  test('a gone browser (410, 404) loses its subscription; a busy push service (503) is retried and delivers', async () => {
    const db = t.store.db;
    await db.deleteFrom('push_subscriptions').execute();
    await subscribeAs(owner.user, ps.endpoint('/gone/1'), aBrowser());
    await subscribeAs(owner.user, ps.endpoint('/missing/1'), aBrowser());
    const busy = aBrowser();
    await subscribeAs(owner.user, ps.endpoint('/busy/1'), busy);
    ps.received.length = 0;
    ps.state.busy = true;
    await inquire(gol, { name: 'Dani', email: 'dani@example.org', message: '¿Tiene service oficial?' });
    await t.app.services.jobs.runDue();
    assert.deepEqual(
      (await subscriptions()).map((s) => s.endpoint),
      [ps.endpoint('/busy/1')],
    );
    const waiting = await pushJobs();
    assert.equal(waiting.length, 1, 'the busy one waits for its retry');
    assert.ok(Number(waiting[0]!.run_at) > clock.now());
    ps.state.busy = false;
    clock.advance(60_000);
    await t.app.services.jobs.runDue();
    assert.equal((await pushJobs()).length, 0);
    const delivered = ps.received.filter((r) => r.path === '/busy/1');
    assert.equal(delivered.length, 2);
    assert.equal(JSON.parse(decrypt(delivered[1]!.body, busy)).body, '¿Tiene service oficial?');
  });

  test('the job is queued in the message’s transaction: rolled back with it', async () => {
    const lead = await t.store.db.selectFrom('leads').select(['id', 'dealer_id']).orderBy('id').executeTakeFirstOrThrow();
    await assert.rejects(
      writeTransaction(t.store, async (trx) => {
        await notifyBuyerMessage(trx, clock, { dealerId: Number(lead.dealer_id), leadId: Number(lead.id) });
        assert.equal((await trx.selectFrom('jobs').select('id').where('task', '=', 'push.send').execute()).length, 1);
        throw new Error('the message could not be stored');
      }),
      /could not be stored/,
    );
    assert.equal((await pushJobs()).length, 0);
  });
});

describe(`Web Push through the default outbound rules (${STORE_NAME})`, () => {
  test('a push endpoint on loopback is refused by the SSRF-safe client, and its subscription dropped', async () => {
    const ps = await pushService();
    const host = new PhotoHost();
    await host.start();
    // Photos are read from loopback in this test only through the photo host's own address; the
    // push endpoint goes through the default rules (no private networks).
    const t = await makeApp({ env: { PUBLIC_BASE_URL: BASE, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'false' } });
    try {
      const user = await seedPanelUser(t, { role: 'owner' });
      const b = aBrowser();
      const id = Number((await t.store.db.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirstOrThrow()).id);
      await subscribe(
        { store: t.store, clock: t.clock },
        { id, dealerId: user.dealerId },
        { endpoint: 'https://127.0.0.1/ok/x', p256dh: b.p256dh, auth: b.authB64 },
      );
      const put = await t.app.inject({ method: 'PUT', url: '/v1/vehicles/X1', headers: bearer(user.key), payload: aCar({ photos: host.urls('X1', 3) }) });
      assert.ok(put.statusCode < 300, put.body);
      const vehicle = await t.store.db.selectFrom('vehicles').select('id').where('external_id', '=', 'X1').executeTakeFirstOrThrow();
      const leadId = Number(
        (
          await t.store.db
            .insertInto('leads')
            .values({
              dealer_id: user.dealerId,
              vehicle_id: vehicle.id,
              external_id: 'X1',
              listing_id: 'l1',
              stage: 'new',
              messages: 1,
              last_message: 'Hola',
              created_at: 0,
              updated_at: 0,
              last_activity_at: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
      await writeTransaction(t.store, (trx) => notifyBuyerMessage(trx, t.clock, { dealerId: user.dealerId, leadId }));
      await t.app.services.jobs.runDue();
      assert.equal(ps.received.length, 0, 'nothing reached loopback');
      assert.equal((await t.store.db.selectFrom('push_subscriptions').selectAll().execute()).length, 0);
      assert.match(t.logs.text, /"reason":"address_not_allowed","msg":"push subscription dropped"/);
    } finally {
      await t.close();
      await host.stop();
      await ps.close();
    }
  });
});

describe('VAPID configuration (P215)', () => {
  test('a pair is read once at start; half a pair, a wrong pair or a bad subject is refused naming the variable', () => {
    const k = newVapidKeys();
    const other = newVapidKeys();
    const c = loadConfig({ VAPID_PUBLIC_KEY: k.publicKey, VAPID_PRIVATE_KEY: k.privateKey });
    assert.deepEqual(c.vapid, k);
    assert.equal(c.vapidSubject, 'mailto:no-reply@localhost');
    assert.equal(loadConfig({}).vapid, undefined);
    const refused = (env: Record<string, string>, variable: string) =>
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && e.variable === variable,
      );
    refused({ VAPID_PUBLIC_KEY: k.publicKey }, 'VAPID_PRIVATE_KEY');
    refused({ VAPID_PRIVATE_KEY: k.privateKey }, 'VAPID_PUBLIC_KEY');
    refused({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: k.privateKey }, 'VAPID_PUBLIC_KEY');
    refused({ VAPID_PUBLIC_KEY: k.publicKey, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY');
    refused({ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT');
    assert.equal(loadConfig({ VAPID_SUBJECT: 'https://cars.example.com/contact' }).vapidSubject, 'https://cars.example.com/contact');
  });
});
