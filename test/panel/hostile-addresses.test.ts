// Addresses nobody's link makes (P72): a repeated parameter on any route, a return address with
// a line break, a percent-encoded search name. Each gets a clear answer (a 400 page in the panel,
// never a 5xx) and nothing personal reaches the log.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { PanelClient, seedPanelUser, signedInClient, type SeededUser } from '../support/panel.js';

const REPEATED = 'q=a&q=b&done=x&done=y&page=1&page=2&next=%2Fpanel&next=%2Fpanel%2Fleads&stage=new&stage=won&who=a&who=b&market=ar&market=uy';

describe(`hostile panel addresses (${STORE_NAME})`, () => {
  let t: TestApp;
  let owner: PanelClient;
  let user: SeededUser;
  const routes: { method: string; url: string }[] = [];

  before(async () => {
    t = await makeApp({
      onRoute: (r: RouteOptions) => {
        for (const m of [r.method].flat()) if (m === 'GET') routes.push({ method: m, url: r.url });
      },
    });
    ({ client: owner, user } = await signedInClient(t));
  });
  after(() => t.close());

  test('GET /panel/leads?q=a&q=b answers a 400 page in the reader’s language, not a 500', async () => {
    const res = await owner.get('/panel/leads?q=a&q=b', { 'accept-language': 'es-AR' });
    assert.equal(res.status, 400);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, /La dirección no es correcta/);
    assert.doesNotMatch(res.body, /bad_address|Error|undefined/);
  });

  test('every route with every parameter repeated: a 400 page under /panel, never a 5xx anywhere', async () => {
    const signedOut = new PanelClient(t.app);
    const paths = routes.filter((r) => !r.url.includes('*'));
    assert.ok(paths.length > 30, `routes walked: ${paths.length}`);
    for (const r of paths) {
      const url = `${r.url.replace(/:[a-z_]+/g, '1')}?${REPEATED}`;
      for (const client of [owner, signedOut]) {
        const res = await client.get(url, { authorization: `Bearer ${user.key}` });
        assert.ok(res.status < 500, `${url} → ${res.status} ${res.body.slice(0, 200)}`);
        if (url.startsWith('/panel/') && !url.startsWith('/panel/assets/')) assert.equal(res.status, 400, `${url} → ${res.status}`);
      }
    }
  });

  test('a return address with a line break (or anything a Location header cannot carry) is dropped, signed in or not', async () => {
    for (const next of ['/panel/%0A/evil.com', '/panel/%0D%0ASet-Cookie:%20x=1', '/panel/%00', '/panel/%C3%B1', '/panel/%20x']) {
      const signedIn = await owner.get(`/panel/sign-in?next=${next}`);
      assert.equal(signedIn.status, 303, `${next}: ${signedIn.body.slice(0, 200)}`);
      assert.equal(signedIn.location, '/panel');
      const fresh = new PanelClient(t.app);
      const page = await fresh.get(`/panel/sign-in?next=${next}`);
      assert.equal(page.status, 200);
      assert.match(page.body, /name="next" value="\/panel"/);
      const res = await fresh.post('/panel/sign-in', { email: user.email, password: user.password, next: decodeURIComponent(next) });
      assert.equal(res.status, 303, `${next}: ${res.body.slice(0, 200)}`);
      assert.equal(res.location, '/panel');
      assert.equal((await fresh.get('/panel')).status, 200, 'signed in');
    }
    // The panel's own return addresses still work.
    const fresh = new PanelClient(t.app);
    await fresh.get('/panel/sign-in?next=%2Fpanel%2Fleads%3Fstage%3Dnew');
    const res = await fresh.post('/panel/sign-in', { email: user.email, password: user.password, next: '/panel/leads?stage=new' });
    assert.equal(res.location, '/panel/leads?stage=new');
  });

  test('a search whose parameter name is percent-encoded is redacted in the log like any search', async () => {
    const before = t.logs.lines.length;
    await owner.get('/panel/leads?%71=Jos%C3%A9+P%C3%A9rez');
    await owner.get('/panel/leads?%51=ana%40example.com');
    const lines = t.logs.lines.slice(before).join('\n');
    assert.match(lines, /\/panel\/leads\?%71=\[redacted\]/);
    assert.doesNotMatch(lines, /Jos|P%C3%A9rez|ana%40example/);
  });

  test('a staff member gets the same 400 page (the check is before any role check)', async () => {
    const staff = await seedPanelUser(t, { role: 'staff', slug: user.slug });
    const c = new PanelClient(t.app);
    await c.signIn(staff.email, staff.password);
    const res = await c.get('/panel/users?done=invited&done=role', { 'accept-language': 'pt-BR' });
    assert.equal(res.status, 400);
    assert.match(res.body, /O endereço não está correto/);
  });
});
