// Sign-in throttling with device cookies (P69) and its counters kept in the store (P70): a
// guesser can neither try many passwords nor keep the owner out. Every try is counted, a right
// one too (counted before the password is compared), in any 15 minutes: 30 per address, 10 per
// device cookie, 10 per account for clients without the user's device cookie.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { LogCapture, makeApp, manualClock, STORE_NAME, testConfig, type TestApp } from '../support/app.js';
import { PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';

let t: TestApp;
before(async () => {
  t = await makeApp();
});
after(() => t.close());

let net = 0;
/** A client from an address of its own (the per-address limit stays out of the way unless tested). */
const stranger = (app: FastifyInstance = t.app) => new PanelClient(app, `10.50.${Math.floor(++net / 250)}.${(net % 250) + 1}`);

/** A browser that signed in as `user` (one of the account's untrusted tries) and whose session then ended: it keeps its device cookie. */
async function ownBrowser(user: SeededUser, app: FastifyInstance = t.app): Promise<PanelClient> {
  const c = stranger(app);
  assert.equal((await c.signIn(user.email, user.password)).status, 303);
  assert.ok(c.cookies.has('di_device'));
  c.cookies.delete('di_session');
  return c;
}

const statuses = async (n: number, fn: (i: number) => Promise<{ status: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await fn(i)).status);
  return out;
};

describe(`sign-in throttling (${STORE_NAME})`, () => {
  test('a sign-in gives the browser a device cookie: HttpOnly, SameSite=Lax, a year, sent to the sign-in form only', async () => {
    const user = await seedPanelUser(t);
    const c = stranger();
    const res = await c.signIn(user.email, user.password);
    assert.equal(res.status, 303);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    const device = cookies.find((x) => x.startsWith('di_device='));
    assert.match(device ?? '', /^di_device=[A-Za-z0-9_-]{22}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/panel\/sign-in; HttpOnly; SameSite=Lax$/);
  });

  test('strangers’ wrong tries lock out clients without the device cookie; the owner’s own browser still signs in', async () => {
    const user = await seedPanelUser(t);
    const owner = await ownBrowser(user); // the first of the account's ten untrusted tries
    const other = await ownBrowser(await seedPanelUser(t));
    // Strangers, each from another address: the account's other nine untrusted tries, then refused.
    assert.deepEqual(await statuses(10, (i) => stranger().signIn(user.email, `wrong guess ${i}`)), [...Array<number>(9).fill(401), 429]);
    const right = await stranger().signIn(user.email, user.password);
    assert.equal(right.status, 429, 'the right password from a client without the device cookie waits too');
    assert.match(right.body, /Demasiados intentos\. Espere 15 minutos/);
    assert.equal(right.headers['retry-after'], '900');
    // A forged device cookie, or another user's, is no device cookie.
    const forged = stranger();
    const real = owner.cookies.get('di_device')!;
    forged.cookies.set('di_device', real.slice(0, -2) + (real.endsWith('AA') ? 'BB' : 'AA'));
    assert.equal((await forged.signIn(user.email, user.password)).status, 429);
    assert.equal((await other.signIn(user.email, user.password)).status, 429);
    // The owner's browser is counted on its own.
    const own = await owner.signIn(user.email, user.password);
    assert.equal(own.status, 303);
    assert.equal((await owner.get('/panel')).status, 200);
  });

  test('a device cookie’s own wrong tries lock that browser only', async () => {
    const user = await seedPanelUser(t);
    const phone = await ownBrowser(user);
    const laptop = await ownBrowser(user);
    assert.deepEqual(await statuses(10, (i) => phone.signIn(user.email, `wrong guess ${i}`)), Array<number>(10).fill(401));
    assert.equal((await phone.signIn(user.email, user.password)).status, 429, 'the phone is locked, right password or not');
    assert.equal((await laptop.signIn(user.email, user.password)).status, 303, 'another device of the user is not');
    assert.equal((await stranger().signIn(user.email, user.password)).status, 303, 'nor are clients without a device cookie');
  });

  test('a lockout ends after its window', async () => {
    const user = await seedPanelUser(t);
    const phone = await ownBrowser(user);
    await statuses(9, (i) => stranger().signIn(user.email, `wrong guess ${i}`));
    await statuses(10, (i) => phone.signIn(user.email, `wrong guess ${i}`));
    assert.equal((await stranger().signIn(user.email, user.password)).status, 429);
    assert.equal((await phone.signIn(user.email, user.password)).status, 429);
    manualClock(t).advance(14 * 60_000);
    assert.equal((await stranger().signIn(user.email, user.password)).status, 429, 'still inside the 15 minutes');
    manualClock(t).advance(60_000 + 1000);
    assert.equal((await stranger().signIn(user.email, user.password)).status, 303);
    assert.equal((await phone.signIn(user.email, user.password)).status, 303);
  });

  test('an unknown address is throttled exactly as an account is (the answers do not tell them apart)', async () => {
    const answers = await statuses(11, (i) => stranger().signIn('nobody-here@example.com', `wrong guess ${i}`));
    assert.deepEqual(answers, [...Array<number>(10).fill(401), 429]);
  });

  test('one address gets 30 tries in 15 minutes, whatever the accounts', async () => {
    const c = new PanelClient(t.app, '10.60.0.1');
    const answers = await statuses(31, (i) => c.signIn(`someone-${i}@example.com`, 'a wrong password'));
    assert.deepEqual(answers, [...Array<number>(30).fill(401), 429]);
    assert.equal((await new PanelClient(t.app, '10.60.0.2').signIn('someone-0@example.com', 'a wrong password')).status, 401);
  });
});

describe(`sign-in throttling across processes (${STORE_NAME})`, () => {
  let a: TestApp;
  let b: FastifyInstance;
  before(async () => {
    // Two apps ("processes") on one store, without Redis: the counters live in the store.
    a = await makeApp();
    b = await buildApp({ config: testConfig(), store: a.store, clock: a.clock, logStream: new LogCapture() });
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  test('wrong tries on one process lock untrusted clients on the other; the device cookie works on both', async () => {
    const user = await seedPanelUser(a);
    const owner = await ownBrowser(user, a.app);
    const answers = await statuses(10, (i) => stranger(i % 2 ? b : a.app).signIn(user.email, `wrong guess ${i}`));
    assert.deepEqual(answers, [...Array<number>(9).fill(401), 429]);
    assert.equal((await stranger(b).signIn(user.email, user.password)).status, 429);
    const onB = new PanelClient(b, '10.70.0.1');
    onB.cookies.set('di_device', owner.cookies.get('di_device')!);
    assert.equal((await onB.signIn(user.email, user.password)).status, 303);
  });
});
