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
});
