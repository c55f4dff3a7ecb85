// The panel's API keys pages (owners only, D27) and the key's last use, written at most once a
// minute per key (modules/keys/resolver.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { keyResolver, LAST_USED_EVERY_MS } from '../../src/modules/keys/resolver.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer } from '../support/dealers.js';
import { signedInClient } from '../support/panel.js';

/** Counts the UPDATE statements a Kysely instance runs. */
class UpdateCounter implements KyselyPlugin {
  updates = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind === 'UpdateQueryNode') this.updates++;
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const newKeyOf = (body: string) => /<code id="new-key">(dik_[A-Za-z0-9_-]+)<\/code>/.exec(body)?.[1];

describe(`panel API keys (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const lastUsed = async (prefix: string) =>
    (await t.store.db.selectFrom('api_keys').select('last_used_at').where('prefix', '=', prefix).executeTakeFirstOrThrow()).last_used_at;
  /** The write is not awaited by the request: wait until it landed (or give up). */
  const settle = async (prefix: string, expected: number) => {
    for (let i = 0; i < 100 && (await lastUsed(prefix)) !== expected; i++) await new Promise((r) => setTimeout(r, 10));
  };

  test('a key is created once, works for GET /v1/me, shows its last use, and once revoked gets 401', async () => {
    const { client } = await signedInClient(t);
    const page = await client.get('/panel/keys');
    assert.equal(page.status, 200);
    assert.match(page.body, /Claves de API|API keys/);
    assert.match(page.body, /maxlength="80"/);

    const made = await client.post('/panel/keys', { name: '  Sitio web  ' });
    assert.equal(made.status, 200);
    const key = newKeyOf(made.body);
    assert.ok(key, 'the new key is in the answer');
    assert.match(made.body, /class="secret"/);
    assert.match(made.body, /data-copy="new-key"/);
    assert.match(made.body, /No se volverá a mostrar|will not be shown again/);
    const prefix = key.slice(0, 12);

    // Listed by name and prefix, never the key itself; not used yet.
    const list = await client.get('/panel/keys');
    assert.match(list.body, /Sitio web/);
    assert.ok(list.body.includes(`<code>${prefix}&hellip;</code>`));
    assert.ok(!list.body.includes(key));
    assert.match(list.body, />Nunca<|>Never</);

    const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json<{ key: { prefix: string } }>().key.prefix, prefix);
    const usedAt = manualClock(t).now();
    await settle(prefix, usedAt);
    assert.equal(await lastUsed(prefix), usedAt);
    const shown = await client.get('/panel/keys');
    assert.doesNotMatch(shown.body.slice(shown.body.indexOf('Sitio web'), shown.body.indexOf('Sitio web') + 600), />Nunca<|>Never</);

    // Revoked: listed as revoked, and refused by the API once the 1 s key cache has passed.
    const id = (await t.store.db.selectFrom('api_keys').select('id').where('prefix', '=', prefix).executeTakeFirstOrThrow()).id;
    const revoked = await client.post(`/panel/keys/${id}/revoke`);
    assert.equal(revoked.status, 303);
    assert.equal(revoked.location, '/panel/keys?done=revoked');
    const after = await client.get(revoked.location);
    assert.match(after.body, /notice ok/);
    assert.match(after.body, /Claves revocadas \(1\)|Revoked keys \(1\)/);
    // A notice's key from the query names a text of the page only, never an Object property (P179).
    for (const done of ['constructor', 'toString', '__proto__']) {
      const odd = await client.get(`/panel/keys?done=${done}`);
      assert.equal(odd.status, 200);
      assert.doesNotMatch(odd.body, /notice ok|native code/, done);
    }
    manualClock(t).advance(1001);
    const refused = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key) });
    assert.equal(refused.statusCode, 401);
    // Revoking again: there is no live key with that id.
    assert.equal((await client.post(`/panel/keys/${id}/revoke`)).status, 404);
  });

  test('a bad key name is refused with 422 and nothing is made', async () => {
    const { client } = await signedInClient(t);
    await client.get('/panel/keys');
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const res = await client.post('/panel/keys', { name });
      assert.equal(res.status, 422, JSON.stringify(name));
      assert.match(res.body, /entre 1 y 80 caracteres|between 1 and 80 characters/);
    }
    const keys = await t.store.db.selectFrom('api_keys').select('name').where('name', 'like', 'xxxx%').execute();
    assert.equal(keys.length, 0);
  });

  test('the last use is written at most once a minute per key, then again after a minute', async () => {
    const { user } = await signedInClient(t);
    const counter = new UpdateCounter();
    const clock = manualClock(t);
    const resolve = keyResolver(t.store.db.withPlugin(counter), clock);
    const prefix = user.key.slice(0, 12);
    const first = clock.now();
    assert.ok(await resolve(user.key));
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000);
      assert.ok(await resolve(user.key));
    }
    await settle(prefix, first);
    assert.equal(counter.updates, 1, 'one write for six calls within a minute');
    assert.equal(await lastUsed(prefix), first);

    clock.advance(LAST_USED_EVERY_MS - 50_000);
    const later = clock.now();
    assert.ok(await resolve(user.key));
    await settle(prefix, later);
    assert.equal(counter.updates, 2);
    assert.equal(await lastUsed(prefix), later);

    // The same through the real app: its own resolver writes once for a burst of calls.
    clock.advance(LAST_USED_EVERY_MS);
    const burst = clock.now();
    for (let i = 0; i < 3; i++) assert.equal((await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(user.key) })).statusCode, 200);
    await settle(prefix, burst);
    assert.equal(await lastUsed(prefix), burst);
  });

  test('a failed last-use write is logged and never fails the call', async () => {
    const { user } = await signedInClient(t);
    const failing: KyselyPlugin = {
      transformQuery(args) {
        if (args.node.kind === 'UpdateQueryNode') throw new Error('disk full');
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    };
    const warnings: string[] = [];
    const resolve = keyResolver(t.store.db.withPlugin(failing), manualClock(t), { warn: (_obj, msg) => warnings.push(msg) });
    const auth = await resolve(user.key);
    assert.equal(auth?.dealer.id, user.dealerId);
    for (let i = 0; i < 50 && warnings.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(warnings, ["recording an API key's last use failed"]);
  });

  test('staff get 403 on every keys page; another dealership’s key and bad ids are 404; no CSRF token is 403', async () => {
    const staff = await signedInClient(t, { role: 'staff' });
    const staffPage = await staff.client.get('/panel/keys');
    assert.equal(staffPage.status, 403);
    assert.match(staffPage.body, /Solo para titulares|Owners only/);
    assert.doesNotMatch(staffPage.body, /href="\/panel\/keys"/, 'not in the staff navigation');
    await staff.client.get('/panel');
    assert.equal((await staff.client.post('/panel/keys', { name: 'x' })).status, 403);

    const other = await signedInClient(t);
    const otherKey = await t.store.db.selectFrom('api_keys').select('id').where('dealer_id', '=', other.user.dealerId).executeTakeFirstOrThrow();
    assert.equal((await staff.client.post(`/panel/keys/${otherKey.id}/revoke`)).status, 403);

    const { client } = await signedInClient(t);
    await client.get('/panel/keys');
    assert.equal((await client.post(`/panel/keys/${otherKey.id}/revoke`)).status, 404);
    const still = await t.store.db.selectFrom('api_keys').select('revoked_at').where('id', '=', otherKey.id).executeTakeFirstOrThrow();
    assert.equal(still.revoked_at, null);
    for (const bad of ['0', 'abc', '-1', '99999999999999999999', '1.5']) {
      assert.equal((await client.post(`/panel/keys/${bad}/revoke`)).status, 404, bad);
    }
    assert.equal((await client.post(`/panel/keys/999999/revoke`)).status, 404);

    const noCsrf = await client.post('/panel/keys', { name: 'sin token', _csrf: '' });
    assert.equal(noCsrf.status, 403);
    const none = await t.store.db.selectFrom('api_keys').select('id').where('name', '=', 'sin token').execute();
    assert.equal(none.length, 0);
  });
});
