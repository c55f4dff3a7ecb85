// Every panel route that takes an id, walked with a second dealership's session (D27): each
// answers 404 for the first dealership's car, key, feed, import, webhook, delivery, user and
// lead, and nothing of the first dealership changes. A new id route fails this test until it is
// taught what its id points at (SEGMENT_TO_ROW below).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { RouteOptions } from 'fastify';
import { addSavedReply } from '../../src/modules/leads/saved-replies.js';
import { insertWebhook } from '../../src/modules/webhooks/repository.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar } from '../support/cars.js';
import { PhotoHost, pathOf } from '../support/photos.js';
import { seedPanelUser, signedInClient, type SeededUser } from '../support/panel.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';
import type { PanelClient } from '../support/panel.js';

/** The static segment before an id names what the id is. */
const SEGMENT_TO_ROW = {
  inventory: 'vehicle',
  keys: 'key',
  tokens: 'feed',
  imports: 'import',
  webhooks: 'webhook',
  deliveries: 'delivery',
  users: 'user',
  leads: 'lead',
  replies: 'reply',
  prices: 'vehicle',
} as const;
type RowKind = (typeof SEGMENT_TO_ROW)[keyof typeof SEGMENT_TO_ROW];
/** Routes whose parameter is not a row of a dealership (one-time links, assets). */
const NOT_SCOPED = [/^\/panel\/(invitation|reset)\/:token$/];

describe(`panel isolation between dealerships (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  const routes: { method: string; url: string }[] = [];
  const ids = {} as Record<RowKind, number>;
  let first: SeededUser;
  let intruder: PanelClient;

  before(async () => {
    await host.start();
    t = await makeApp({
      env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', INQUIRIES_PER_HOUR: '1000' },
      onRoute: (r: RouteOptions) => {
        for (const m of [r.method].flat()) if (r.url.startsWith('/panel/') && r.url.includes(':')) routes.push({ method: m, url: r.url });
      },
    });
    first = await seedPanelUser(t, { role: 'owner', markets: ['ar'] });
    const staff = await seedPanelUser(t, { role: 'staff', slug: first.slug });
    const car = await publishCar(t, first.key, host, 'ISO-1');
    const vehicle = await t.store.db.selectFrom('vehicles').select('id').where('external_id', '=', 'ISO-1').executeTakeFirstOrThrow();
    const key = await t.store.db.selectFrom('api_keys').select('id').where('dealer_id', '=', first.dealerId).executeTakeFirstOrThrow();
    const feed = await feedFor(t, first.slug);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('ISO-2')]))).statusCode, 200);
    const imp = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
    const hook = await insertWebhook(t.store.db, {
      dealerId: first.dealerId,
      url: 'https://hooks.example.com/x',
      events: ['lead.created'],
      secretSealed: 'x',
      now: t.clock.now(),
    });
    const inquiry = await t.app.inject({
      method: 'POST',
      url: `${pathOf(car.url)}/inquiries`,
      payload: { name: 'Comprador', email: 'comprador@example.com', phone: '+54 9 11 5555 0000', message: 'Hola, ¿sigue disponible?' },
    });
    assert.ok(inquiry.statusCode < 400, inquiry.body);
    const lead = await t.store.db.selectFrom('leads').select('id').where('dealer_id', '=', first.dealerId).executeTakeFirstOrThrow();
    const delivery = await t.store.db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hook.id).executeTakeFirstOrThrow();
    Object.assign(ids, {
      vehicle: Number(vehicle.id),
      key: Number(key.id),
      feed: feed.id,
      import: Number(imp.id),
      webhook: Number(hook.id),
      delivery: Number(delivery.id),
      user: (await t.store.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow()).id,
      lead: Number(lead.id),
    });
    // A saved reply (P102) of the first dealership's owner.
    const owner = await t.store.db.selectFrom('users').select('id').where('email', '=', first.email).executeTakeFirstOrThrow();
    const reply = await addSavedReply(t, { dealerId: first.dealerId, id: Number(owner.id) }, '¿Cuándo podés venir a verlo?');
    assert.ok('id' in reply);
    ids.reply = reply.id;
    ({ client: intruder } = await signedInClient(t, { role: 'owner', markets: ['ar'] }));
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  function fill(url: string): string | undefined {
    const parts = url.split('/');
    for (let i = 0; i < parts.length; i++) {
      if (!parts[i]!.startsWith(':')) continue;
      const kind = SEGMENT_TO_ROW[parts[i - 1] as keyof typeof SEGMENT_TO_ROW] as RowKind | undefined;
      if (!kind) return undefined;
      parts[i] = String(ids[kind]);
    }
    return parts.join('/');
  }

  test('every id route answers 404 to another dealership, and changes nothing', async () => {
    const before = await snapshot();
    const walked = routes.filter((r) => !NOT_SCOPED.some((re) => re.test(r.url)) && r.method !== 'HEAD');
    assert.ok(walked.length >= 10, `panel id routes found: ${walked.map((r) => r.url).join(', ')}`);
    const unknown = walked.filter((r) => fill(r.url) === undefined);
    assert.deepEqual(unknown, [], 'teach SEGMENT_TO_ROW what these ids are');
    for (const r of walked) {
      const url = fill(r.url)!;
      await intruder.get('/panel/account');
      const res =
        r.method === 'GET'
          ? await intruder.get(url)
          : await intruder.post(url, { stage: 'won', role: 'staff', body: 'intrusion', name: 'x', url: 'https://x.example.com', market: 'ar' });
      assert.equal(res.status, 404, `${r.method} ${url} answered ${res.status}`);
      assert.ok(!res.body.includes('comprador@example.com'), `${r.method} ${url} showed the buyer`);
    }
    assert.deepEqual(await snapshot(), before);
  });

  async function snapshot() {
    const db = t.store.db;
    return {
      vehicle: await db.selectFrom('vehicles').select(['status', 'revision']).where('id', '=', ids.vehicle).executeTakeFirst(),
      key: await db.selectFrom('api_keys').select(['revoked_at', 'name']).where('id', '=', ids.key).executeTakeFirst(),
      feed: await db.selectFrom('feeds').select(['revoked_at', 'url']).where('id', '=', ids.feed).executeTakeFirst(),
      webhook: await db.selectFrom('webhooks').select(['active', 'deleted_at', 'url']).where('id', '=', ids.webhook).executeTakeFirst(),
      deliveries: (await db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', ids.webhook).execute()).length,
      user: await db.selectFrom('users').select(['role', 'name']).where('id', '=', ids.user).executeTakeFirst(),
      lead: await db.selectFrom('leads').select(['stage', 'messages']).where('id', '=', ids.lead).executeTakeFirst(),
      reply: await db.selectFrom('saved_replies').select(['body']).where('id', '=', ids.reply).executeTakeFirst(),
      mails: (await db.selectFrom('mails').select('id').execute()).length,
    };
  }
});
