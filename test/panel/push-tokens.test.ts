// Push tokens are credentials (D39, P64): only owners make and revoke feeds and set their file
// URL in the panel (staff get the 403 page and no such forms); the feeds page shows who made
// each token and when it last pushed (written at most once a minute); a token made by an owner
// who is later removed or made staff keeps working and is flagged; feeds made before this was
// recorded are kept, flagged for the owners, and those older than the panel are the operator's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { changeRole, removeUser } from '../../src/modules/users/service.js';
import { makeApp, manualClock, migrateTestStore, openTestStore, STORE_NAME, type TestApp } from '../support/app.js';
import { seedPanelUser, signedInClient, type PanelClient } from '../support/panel.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';

const pushPathOf = (body: string) => {
  const url = /<code id="push-url">([^<]+)<\/code>/.exec(body)?.[1];
  return url ? new URL(url).pathname : undefined;
};

/** One feed's card on the feeds page. */
function cardOf(body: string, feedId: number): string {
  const start = body.indexOf(`<section class="card" aria-labelledby="feed-${feedId}">`);
  assert.ok(start >= 0, `feed ${feedId} has a card`);
  return body.slice(start, body.indexOf('</section>', start));
}

/** What a card says for one of its fields. */
function field(card: string, label: string): string | undefined {
  return new RegExp(`<dt>${label}</dt><dd>([^<]*)</dd>`).exec(card)?.[1];
}

async function userId(t: TestApp, email: string): Promise<number> {
  return (await t.store.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

const feedRow = (t: TestApp, id: number) =>
  t.store.db
    .selectFrom('feeds')
    .select(['created_by', 'created_by_user_id', 'created_by_name', 'last_used_at', 'revoked_at', 'url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe(`push tokens are the owners' (D39) (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  async function ownerMakesFeed(client: PanelClient) {
    await client.get('/panel/feeds');
    const res = await client.post('/panel/feeds/tokens', { market: 'ar', source: 'api', url: '' });
    assert.equal(res.status, 200, res.body.slice(0, 400));
    const path = pushPathOf(res.body);
    assert.ok(path);
    const { id } = await t.store.db.selectFrom('feeds').select('id').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    return { path, id };
  }

  test('staff: no form to create, revoke or set a URL; posting them is the 403 page and changes nothing', async () => {
    const owner = await seedPanelUser(t, { name: 'Olga Titular' });
    const { client } = await signedInClient(t, { role: 'staff', slug: owner.slug });
    const feed = await feedFor(t, owner.slug, { source: 'api' });

    const page = await client.get('/panel/feeds');
    assert.equal(page.status, 200);
    assert.ok(!page.body.includes('action="/panel/feeds/tokens"'), 'no form to create a feed');
    assert.ok(!page.body.includes(`/panel/feeds/tokens/${feed.id}/revoke`), 'no form to revoke one');
    assert.ok(!page.body.includes(`action="/panel/feeds/tokens/${feed.id}/url"`), 'no form to set its URL');
    assert.match(page.body, /Solo los titulares del concesionario pueden crear y revocar feeds/);
    const card = cardOf(page.body, feed.id);
    assert.equal(field(card, 'Creado por'), 'El operador del servicio', 'staff see who made it');
    assert.equal(field(card, 'Último uso de la dirección'), 'Nunca');

    const feedsBefore = await t.store.db.selectFrom('feeds').select('id').execute();
    const create = await client.post('/panel/feeds/tokens', { market: 'ar', source: 'api', url: '' });
    assert.equal(create.status, 403);
    assert.match(create.body, /Solo para titulares/);
    assert.ok(!create.body.includes('push-url'));
    assert.equal((await t.store.db.selectFrom('feeds').select('id').execute()).length, feedsBefore.length, 'no feed made');

    for (const [path, form] of [
      [`/panel/feeds/tokens/${feed.id}/revoke`, {}],
      [`/panel/feeds/tokens/${feed.id}/url`, { url: 'https://evil.example.com/stock.csv' }],
      [`/panel/feeds/tokens/${feed.id}/url/remove`, {}],
    ] as const) {
      const res = await client.post(path, form);
      assert.equal(res.status, 403, path);
      assert.match(res.body, /Solo para titulares/, path);
    }
    const row = await feedRow(t, feed.id);
    assert.deepEqual([row.revoked_at, row.url], [null, null], 'still live, still no URL');
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('S-1')]))).statusCode, 200, 'and it still works');
  });

  test('an owner makes a feed: the page names them and "never"; a push shows its time, written at most once a minute', async () => {
    const clock = manualClock(t);
    const { client, user } = await signedInClient(t, { name: 'Olga Dueña' });
    const feed = await ownerMakesFeed(client);
    const row = await feedRow(t, feed.id);
    assert.deepEqual(
      [row.created_by, row.created_by_user_id, row.created_by_name, row.last_used_at],
      ['user', await userId(t, user.email), 'Olga Dueña', null],
    );

    let card = cardOf((await client.get('/panel/feeds')).body, feed.id);
    assert.equal(field(card, 'Creado por'), 'Olga Dueña');
    assert.equal(field(card, 'Último uso de la dirección'), 'Nunca');
    assert.ok(!card.includes('notice warn'), 'nothing to warn about');

    const pushedAt = clock.now();
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('O-1')]))).statusCode, 200);
    card = cardOf((await client.get('/panel/feeds')).body, feed.id);
    // Just now, in the dealership's time (D32, P82): "ahora".
    assert.equal(field(card, 'Último uso de la dirección'), 'ahora');

    // Within a minute: not written again. After it: written.
    clock.advance(30_000);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('O-1')]))).statusCode, 200);
    assert.equal((await feedRow(t, feed.id)).last_used_at, pushedAt);
    clock.advance(31_000);
    // A refused push (a file without any car: 409) is a use of the token too.
    const refused = await pushCsv(t, feed.path, csv([]));
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal((await feedRow(t, feed.id)).last_used_at, clock.now());
  });

  test('an owner who made a feed is removed: its address keeps working; the other owners see who made it and a warning', async () => {
    const { client: maker, user: made } = await signedInClient(t, { name: 'Rita Saliente' });
    const feed = await ownerMakesFeed(maker);
    const { client: other, user: stays } = await signedInClient(t, { slug: made.slug, name: 'Otro Titular' });
    await removeUser(t.store, stays.dealerId, await userId(t, made.email));

    assert.equal((await pushCsv(t, feed.path, csv([csvCar('R-1')]))).statusCode, 200, "the dealership's credential, as an API key");
    const row = await feedRow(t, feed.id);
    assert.deepEqual([row.created_by, row.created_by_user_id, row.created_by_name], ['user', null, 'Rita Saliente']);
    const card = cardOf((await other.get('/panel/feeds')).body, feed.id);
    assert.equal(field(card, 'Creado por'), 'Rita Saliente (ya no es usuario)');
    assert.match(card, /<p class="notice warn" role="status">La persona que creó este feed ya no puede entrar al panel/);

    const revoked = await other.post(`/panel/feeds/tokens/${feed.id}/revoke`);
    assert.equal(revoked.status, 303);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('R-1')]))).statusCode, 404);
    const page = await other.get('/panel/feeds');
    assert.match(page.body, /<td data-label="Creado por">Rita Saliente \(ya no es usuario\)<\/td>/, 'the revoked list names the maker too');
  });

  test('an owner who made a feed is made staff: the address works, the page says they are no longer an owner, and they cannot revoke it', async () => {
    const { client: maker, user: made } = await signedInClient(t, { name: 'Dora Degradada' });
    const feed = await ownerMakesFeed(maker);
    const { client: other, user: stays } = await signedInClient(t, { slug: made.slug, name: 'Otra Titular' });
    await changeRole(t.store, stays.dealerId, await userId(t, made.email), 'staff');

    assert.equal((await pushCsv(t, feed.path, csv([csvCar('D-1')]))).statusCode, 200);
    const card = cardOf((await other.get('/panel/feeds')).body, feed.id);
    assert.equal(field(card, 'Creado por'), 'Dora Degradada (ya no es titular)');
    assert.match(card, /<p class="notice warn" role="status">La persona que creó este feed ya no es titular/);
    const own = await maker.get('/panel/feeds');
    assert.ok(!own.body.includes(`/panel/feeds/tokens/${feed.id}/revoke`), 'now staff: no revoke form, even for their own feed');
    assert.equal((await maker.post(`/panel/feeds/tokens/${feed.id}/revoke`)).status, 403);
  });

  test('a feed nobody knows the maker of (made before D39): flagged for the owners, not for staff', async () => {
    const { client: owner, user } = await signedInClient(t);
    const { client: staff } = await signedInClient(t, { role: 'staff', slug: user.slug });
    const feed = await feedFor(t, user.slug);
    await t.store.db.updateTable('feeds').set({ created_by: 'unknown' }).where('id', '=', feed.id).execute();

    const ownerCard = cardOf((await owner.get('/panel/feeds')).body, feed.id);
    assert.equal(field(ownerCard, 'Creado por'), 'Desconocido');
    assert.match(ownerCard, /<p class="notice warn" role="status">Este feed se creó antes de que el panel registrara quién crea los feeds/);
    const staffCard = cardOf((await staff.get('/panel/feeds')).body, feed.id);
    assert.equal(field(staffCard, 'Creado por'), 'Desconocido');
    assert.ok(!staffCard.includes('notice warn'), 'staff cannot act on it');

    const pt = await signedInClient(t, { markets: ['br'] });
    const ptFeed = await feedFor(t, pt.user.slug);
    await t.store.db.updateTable('feeds').set({ created_by: 'unknown' }).where('id', '=', ptFeed.id).execute();
    const ptCard = cardOf((await pt.client.get('/panel/feeds')).body, ptFeed.id);
    assert.equal(field(ptCard, 'Criado por'), 'Desconhecido');
    assert.equal(field(ptCard, 'Último uso do endereço'), 'Nunca');
    assert.match(ptCard, /Este feed foi criado antes de o painel registrar quem cria os feeds/);
  });
});

describe(`migration 2026-11-26-001: feeds made before it (${STORE_NAME})`, () => {
  test('none is revoked; those made before the panel existed are the operator’s, the others unknown', async () => {
    const ts = await openTestStore({ upTo: '2026-11-24-006-feed-mapping' });
    try {
      const db = ts.store.db;
      const { rows: ran } = await sql<{ timestamp: string }>`select "timestamp" from kysely_migration where name = '2026-11-24-002-panel'`.execute(db);
      const panelSince = Date.parse(ran[0]?.timestamp ?? '');
      assert.ok(Number.isFinite(panelSince));
      const dealer = await db
        .insertInto('dealers')
        .values({ slug: 'before-d39', name: 'Antes', city: null, markets: '["ar"]', created_at: panelSince - 30 * 86_400_000 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const feed = (hash: string, createdAt: number, revokedAt: number | null = null) =>
        db
          .insertInto('feeds')
          .values({ dealer_id: dealer.id, token_hash: hash, market: 'ar', source: 'feed', url: null, created_at: createdAt, revoked_at: revokedAt })
          .returning('id')
          .executeTakeFirstOrThrow();
      const old = await feed('a'.repeat(64), panelSince - 10 * 86_400_000);
      const oldRevoked = await feed('b'.repeat(64), panelSince - 9 * 86_400_000, panelSince - 8 * 86_400_000);
      // Within the clock margin of the panel's start, and after it: nobody can tell.
      const edge = await feed('c'.repeat(64), panelSince - 60_000);
      const recent = await feed('d'.repeat(64), panelSince + 86_400_000);

      await migrateTestStore(ts.store);

      const rows = await db
        .selectFrom('feeds')
        .select(['id', 'created_by', 'created_by_user_id', 'created_by_name', 'last_used_at', 'revoked_at'])
        .orderBy('id')
        .execute();
      assert.deepEqual(
        rows.map((r) => [r.id, r.created_by, r.created_by_user_id, r.created_by_name, r.last_used_at, r.revoked_at]),
        [
          [old.id, 'operator', null, null, null, null],
          [oldRevoked.id, 'operator', null, null, null, panelSince - 8 * 86_400_000],
          [edge.id, 'unknown', null, null, null, null],
          [recent.id, 'unknown', null, null, null, null],
        ],
      );
    } finally {
      await ts.dispose();
    }
  });
});
