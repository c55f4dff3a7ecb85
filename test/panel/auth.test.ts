// Sign-in, sessions and one-time links through the real app (D27).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { makeApp, manualClock, type TestApp } from '../support/app.js';
import { PanelClient, seedPanelUser, signedInClient } from '../support/panel.js';

describe('panel sign-in and sessions', () => {
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
});
