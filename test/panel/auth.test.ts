// Sign-in, sessions and one-time links through the real app (D27).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { inviteUser } from '../../src/modules/users/service.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { freshAddress, PanelClient, seedPanelUser, signedInClient } from '../support/panel.js';

describe(`panel sign-in and sessions (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  test('an anonymous visit goes to sign-in, and back after signing in', async () => {
    const user = await seedPanelUser(t);
    const c = new PanelClient(t.app);
    const first = await c.get('/panel/?from=mail');
    assert.equal(first.status, 303);
    assert.equal(first.location, '/panel/sign-in?next=%2Fpanel%2F%3Ffrom%3Dmail');
    await c.get(first.location);
    const signed = await c.post('/panel/sign-in', { email: user.email.toUpperCase(), password: user.password, next: '/panel/?from=mail' });
    assert.equal(signed.status, 303);
    assert.equal(signed.location, '/panel/?from=mail');
    const cookie = signed.headers['set-cookie'];
    assert.match(String(cookie), /di_session=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/panel; HttpOnly; SameSite=Lax/);
    const home = await c.get('/panel');
    assert.equal(home.status, 200);
    assert.equal(home.headers['cache-control'], 'no-store');
    assert.match(String(home.headers['content-security-policy']), /frame-ancestors 'none'/);
    assert.doesNotMatch(String(home.headers['content-security-policy']), /unsafe-inline/);
  });

  test('a wrong password gets a clear message and no session', async () => {
    const user = await seedPanelUser(t);
    const c = new PanelClient(t.app, '10.0.0.2');
    const res = await c.signIn(user.email, 'not the password at all');
    assert.equal(res.status, 401);
    assert.match(res.body, /do not match an account|no corresponden a una cuenta/);
    assert.equal(c.cookies.has('di_session'), false);
  });

  test('sign-in attempts are throttled per account', async () => {
    const user = await seedPanelUser(t);
    const answers = [];
    for (let i = 0; i < 11; i++) {
      const c = new PanelClient(t.app, `10.1.0.${i + 1}`);
      answers.push(await c.signIn(user.email, `wrong password number ${i}`));
    }
    assert.deepEqual(
      answers.map((a) => a.status),
      [...Array<number>(10).fill(401), 429],
    );
    assert.match(answers[10]!.body, /Demasiados intentos|Too many sign-in attempts/);
    // Even the right password waits: the account is throttled, not the address.
    const right = await new PanelClient(t.app, '10.2.0.1').signIn(user.email, user.password);
    assert.equal(right.status, 429);
  });

  test('a form without its CSRF token is refused with a clear page', async () => {
    const { client } = await signedInClient(t);
    const res = await client.post('/panel/sign-out', { _csrf: '' });
    assert.equal(res.status, 403);
    assert.match(res.body, /El formulario venció|This form has expired/);
  });

  test('a session ends after 12 idle hours', async () => {
    const { client } = await signedInClient(t);
    assert.equal((await client.get('/panel')).status, 200);
    manualClock(t).advance(12 * 3_600_000 + 1000);
    const res = await client.get('/panel');
    assert.equal(res.status, 303);
  });

  test('tampered cookies are nobody, never an error', async () => {
    const c = new PanelClient(t.app);
    for (const v of ['x', 'a'.repeat(43), '%%%', 'é'.repeat(50)]) {
      c.cookies.set('di_session', encodeURIComponent(v));
      const res = await c.get('/panel');
      assert.equal(res.status, 303);
    }
  });

  test('an oversized form gets a 413 page', async () => {
    const { client } = await signedInClient(t);
    await client.get('/panel');
    const res = await client.post('/panel/sign-out', { pad: 'x'.repeat(70_000) });
    assert.equal(res.status, 413);
    assert.match(res.body, /<h1>/);
  });

  test('forgot password: the same answer for any address, a one-hour link that works once and signs out every session', async () => {
    const user = await seedPanelUser(t);
    const old = new PanelClient(t.app, '10.3.0.1');
    assert.equal((await old.signIn(user.email, user.password)).status, 303);
    const c = new PanelClient(t.app, '10.3.0.2');
    await c.get('/panel/forgot-password');
    const unknown = await c.post('/panel/forgot-password', { email: 'nobody@example.com' });
    await c.get('/panel/forgot-password');
    const known = await c.post('/panel/forgot-password', { email: user.email });
    assert.equal(unknown.status, 200);
    assert.equal(known.status, 200);
    assert.equal(unknown.body.replace(/name="_csrf" value="[^"]+"/, ''), known.body.replace(/name="_csrf" value="[^"]+"/, ''));
    const mail = await t.store.db.selectFrom('mails').selectAll().where('to_address', '=', user.email).where('kind', '=', 'reset').executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+\/panel\/reset\/[A-Za-z0-9_-]{43}/.exec(mail.text_body ?? '')![0];
    const path = new URL(link).pathname;
    assert.equal((await c.get(path)).status, 200);
    const set = await c.post(path, { password: 'a brand new passphrase', password2: 'a brand new passphrase' });
    assert.equal(set.status, 303);
    assert.equal(set.location, '/panel?done=password-set');
    assert.equal((await c.get('/panel')).status, 200, 'signed in by the link');
    assert.equal((await old.get('/panel')).status, 303, 'the old session ended');
    assert.equal((await new PanelClient(t.app, '10.3.0.3').signIn(user.email, user.password)).status, 401, 'the old password no longer works');
    assert.equal((await new PanelClient(t.app, '10.3.0.4').signIn(user.email, 'a brand new passphrase')).status, 303);
    // Used once; and a fresh one expires after an hour.
    assert.equal((await new PanelClient(t.app).get(path)).status, 410);
    await c.get('/panel/forgot-password');
    await c.post('/panel/forgot-password', { email: user.email });
    const again = await t.store.db
      .selectFrom('mails')
      .select('text_body')
      .where('to_address', '=', user.email)
      .where('kind', '=', 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const second = new URL(/https?:\/\/\S+\/panel\/reset\/[A-Za-z0-9_-]{43}/.exec(again.text_body ?? '')![0]).pathname;
    manualClock(t).advance(3_600_000 + 1);
    const expired = await new PanelClient(t.app).get(second);
    assert.equal(expired.status, 410);
    assert.match(expired.body, /Este enlace ya no funciona|This link no longer works/);
  });
  test('forgot password for a user who has not accepted the invitation: the same page, nothing sent, the invitation unchanged (P71)', async () => {
    const owner = await seedPanelUser(t);
    const d = await getDealerBySlug(t.store.db, owner.slug);
    const email = `pending-${process.pid}-${Date.now()}@example.com`;
    const { inviteUrl, user } = await inviteUser(
      t.store,
      t.clock,
      'http://localhost',
      { id: d.id, name: d.name, markets: d.markets },
      { email, name: 'Paula' },
    );
    const tokens = () => t.store.db.selectFrom('user_tokens').selectAll().where('user_id', '=', user.id).execute();
    const mails = () => t.store.db.selectFrom('mails').select('id').where('to_address', '=', email).execute();
    const [tokensBefore, mailsBefore] = [await tokens(), await mails()];
    const c = new PanelClient(t.app, freshAddress());
    await c.get('/panel/forgot-password');
    const unknown = await c.post('/panel/forgot-password', { email: 'nobody-at-all@example.com' });
    await c.get('/panel/forgot-password');
    const pending = await c.post('/panel/forgot-password', { email: email.toUpperCase() });
    assert.equal(pending.status, 200);
    const strip = (body: string) => body.replace(/name="_csrf" value="[^"]+"/, '');
    assert.equal(strip(pending.body), strip(unknown.body));
    assert.deepEqual(await tokens(), tokensBefore, 'the invitation link is the one the owner sent');
    assert.deepEqual(await mails(), mailsBefore, 'nothing sent');
    assert.equal((await new PanelClient(t.app).get(new URL(inviteUrl).pathname)).status, 200, 'the invitation still works');
  });

  test('a CSRF token from before sign-in, or of another session, is refused after sign-in; the session cookie is always a new one (P71)', async () => {
    const user = await seedPanelUser(t);
    const c = new PanelClient(t.app, freshAddress());
    const planted = 'A'.repeat(43);
    c.cookies.set('di_session', planted);
    await c.get('/panel/sign-in');
    const [tokenBefore, secretBefore] = [c.csrf, c.cookies.get('di_csrf')!];
    const signed = await c.post('/panel/sign-in', { email: user.email, password: user.password });
    assert.equal(signed.status, 303);
    assert.notEqual(c.cookies.get('di_session'), planted, 'no session fixation: the planted value is replaced');
    assert.notEqual(c.cookies.get('di_csrf'), secretBefore, 'the CSRF secret is replaced at sign-in');
    const name = async () => (await t.store.db.selectFrom('users').select('name').where('email', '=', user.email).executeTakeFirstOrThrow()).name;
    const nameBefore = await name();
    // The token read before sign-in: refused with the new secret, and with the old one put back.
    assert.equal((await c.post('/panel/account', { _csrf: tokenBefore, name: 'Changed' })).status, 403);
    c.cookies.set('di_csrf', secretBefore);
    const withOldSecret = await c.post('/panel/account', { _csrf: tokenBefore, name: 'Changed' });
    assert.equal(withOldSecret.status, 403);
    assert.match(withOldSecret.body, /El formulario venció|This form has expired/);
    // Another session's token, even with that session's CSRF cookie: refused.
    const other = await signedInClient(t);
    await other.client.get('/panel/account');
    c.cookies.set('di_csrf', other.client.cookies.get('di_csrf')!);
    assert.equal((await c.post('/panel/account', { _csrf: other.client.csrf, name: 'Changed' })).status, 403);
    assert.equal(await name(), nameBefore);
    // This session's own token works.
    await c.get('/panel/account');
    assert.equal((await c.post('/panel/account', { name: 'Changed' })).status, 303);
    assert.equal(await name(), 'Changed');
  });

  test('signing out after the session ended needs no token: back to sign-in, not a 403', async () => {
    const { client } = await signedInClient(t);
    await client.get('/panel');
    manualClock(t).advance(12 * 3_600_000 + 1000);
    const res = await client.post('/panel/sign-out');
    assert.deepEqual([res.status, res.location], [303, '/panel/sign-in?done=signed-out']);
  });
});
