// The sandbox's push tokens (D35, D39, P141) are the owners' credentials like the live ones: the
// panel's feeds page lists them (marked "Sandbox", in a section of their own), owners revoke them
// there (staff get no form), and the CLI's `feeds list` / `feeds revoke` name them by id or token.
// A revoked sandbox token's address answers 404. Nobody else's dealership reaches them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFeed, listFeeds, revokeFeed } from '../../src/modules/feeds/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient } from '../support/panel.js';
import { csv, csvCar, pushCsv } from '../feeds/support.js';

const BASE = 'http://localhost:3000';

function cardOf(body: string, feedId: number): string {
  const start = body.indexOf(`<section class="card" aria-labelledby="feed-${feedId}">`);
  assert.ok(start >= 0, `feed ${feedId} has a card`);
  return body.slice(start, body.indexOf('</section>', start));
}

describe(`the sandbox's push tokens are listed and revoked like live ones (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  async function feeds(slug: string) {
    const live = await createFeed(t.store, t.clock, BASE, { dealer: slug, source: 'api' });
    const sandbox = await createFeed(t.store, t.clock, BASE, { dealer: slug, sandbox: true });
    const listed = await listFeeds(t.store, { dealer: slug });
    const liveId = listed.find((f) => !f.sandbox)!.id;
    const sandboxId = listed.find((f) => f.sandbox)!.id;
    return { live: { ...live, id: liveId, path: `/v1/feeds/${live.token}/` }, sandbox: { ...sandbox, id: sandboxId, path: `/v1/feeds/${sandbox.token}/` } };
  }

  test('panel: the sandbox feed is on the feeds page, marked; an owner revokes it and its address is 404', async () => {
    const { client, user } = await signedInClient(t, { name: 'Olga Titular' });
    const f = await feeds(user.slug);
    assert.equal((await pushCsv(t, f.sandbox.path, csv([csvCar('S-1')]))).statusCode, 200, 'the sandbox token pushes');

    const page = await client.get('/panel/feeds');
    assert.equal(page.status, 200);
    assert.match(page.body, /<h2>Feeds del sandbox<\/h2>/);
    const card = cardOf(page.body, f.sandbox.id);
    assert.match(card, /<span class="badge warn">Sandbox<\/span>/);
    assert.match(card, /El operador del servicio/, 'who made it');
    assert.doesNotMatch(card, /<dt>Último uso de la dirección<\/dt><dd>Nunca<\/dd>/, 'its last push is shown');
    assert.ok(card.includes(`action="/panel/feeds/tokens/${f.sandbox.id}/revoke"`));
    assert.doesNotMatch(cardOf(page.body, f.live.id), /Sandbox/, 'the live feed is not marked');

    const res = await client.post(`/panel/feeds/tokens/${f.sandbox.id}/revoke`, {});
    assert.equal(res.status, 303);
    assert.equal((await pushCsv(t, f.sandbox.path, csv([csvCar('S-1')]))).statusCode, 404, 'a revoked sandbox token is refused');
    assert.equal((await pushCsv(t, f.live.path, csv([csvCar('L-1')]))).statusCode, 200, 'the live one is untouched');
    const after = await client.get('/panel/feeds');
    assert.ok(!after.body.includes('<h2>Feeds del sandbox</h2>'), 'no live sandbox feed left');
    assert.match(after.body, /<span class="badge warn">Sandbox<\/span> <span class="badge bad">Revocado<\/span>/, 'listed among the revoked, marked');
    assert.deepEqual(
      (await listFeeds(t.store, { dealer: user.slug })).map((x) => [x.id, x.revoked, x.sandbox === true]),
      [
        [f.live.id, false, false],
        [f.sandbox.id, true, true],
      ],
    );
  });

  test("panel: staff see the sandbox feed without a revoke form; another dealership's owner gets 404", async () => {
    const { client: owner, user } = await signedInClient(t);
    const f = await feeds(user.slug);
    const { client: staff } = await signedInClient(t, { role: 'staff', slug: user.slug });
    const page = await staff.get('/panel/feeds');
    assert.ok(!cardOf(page.body, f.sandbox.id).includes('/revoke'), 'no revoke form for staff');
    assert.equal((await staff.post(`/panel/feeds/tokens/${f.sandbox.id}/revoke`, {})).status, 403);

    const { client: other } = await signedInClient(t);
    await other.get('/panel/feeds');
    assert.equal((await other.post(`/panel/feeds/tokens/${f.sandbox.id}/revoke`, {})).status, 404);
    assert.equal((await pushCsv(t, f.sandbox.path, csv([csvCar('S-1')]))).statusCode, 200, 'still live');
    await owner.get('/panel/feeds');
  });

  test('CLI: feeds list marks the sandbox feed; feeds revoke takes its id or its token, only for its own dealership', async () => {
    const { user } = await signedInClient(t);
    const { user: stranger } = await signedInClient(t);
    const f = await feeds(user.slug);
    const listed = await listFeeds(t.store, { dealer: user.slug });
    assert.deepEqual(
      listed.map((x) => x.sandbox ?? false),
      [false, true],
    );
    await assert.rejects(revokeFeed(t.store, t.clock, { dealer: stranger.slug, id: String(f.sandbox.id) }), { code: 'not_found' });
    await assert.rejects(revokeFeed(t.store, t.clock, { dealer: stranger.slug, token: f.sandbox.token }), { code: 'not_found' });
    assert.deepEqual(await revokeFeed(t.store, t.clock, { dealer: user.slug, token: f.sandbox.token }), { revoked: true, id: f.sandbox.id });
    assert.equal((await pushCsv(t, f.sandbox.path, csv([csvCar('S-1')]))).statusCode, 404);

    const again = await createFeed(t.store, t.clock, BASE, { dealer: user.slug, sandbox: true });
    const againId = (await listFeeds(t.store, { dealer: user.slug })).find((x) => x.sandbox && !x.revoked)!.id;
    assert.deepEqual(await revokeFeed(t.store, t.clock, { dealer: user.slug, id: String(againId) }), { revoked: true, id: againId });
    assert.equal((await pushCsv(t, `/v1/feeds/${again.token}/`, csv([csvCar('S-2')]))).statusCode, 404);
  });
});
