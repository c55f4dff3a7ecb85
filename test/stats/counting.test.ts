// Who counts (issue 35 §1): a contact redirect is counted as a view is (P152) — a person's GET,
// once per visitor, car, channel and local day — while it still redirects everyone; and one
// client address counts at most VISITORS_PER_ADDRESS visitors per car, figure and day (P153),
// in one process and across processes sharing Redis.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { connectRedis } from '../../src/core/redis/client.js';
import { StatsCounting, VISITORS_PER_ADDRESS, type ViewedCar } from '../../src/modules/stats/counting.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { startTestRedis } from '../support/redis.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** A different, plausible browser for each n: what a script rotating its user agent sends. */
const rotating = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + n}.0.${n}.0 Safari/537.36`;
// Noon in Buenos Aires (UTC-3) on 2026-11-10.
const T0 = Date.UTC(2026, 10, 10, 15);
const ENV = { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', STATS_FLUSH_INTERVAL: '60s' };
type Totals = { views: number; phone: number; whatsapp: number };

describe(`contacts counted as views, and the per-address bound (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let key: string;
  let n = 0;

  /** A new car of a dealership with both numbers: each test starts from zeros. */
  const newCar = async (): Promise<CarAnswer> => {
    const car = await publishCar(t, key, host, `K-${++n}`);
    const { dealer_id } = await t.store.db.selectFrom('vehicles').select('dealer_id').where('listing_id', '=', car.listing_id).executeTakeFirstOrThrow();
    await t.store.db.updateTable('dealers').set({ phone: '+541144442222', whatsapp: '+5491144442222' }).where('id', '=', dealer_id).execute();
    return car;
  };
  const contact = async (
    c: CarAnswer,
    channel: 'whatsapp' | 'phone',
    o: { ua?: string | undefined; ip?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.ua !== undefined) headers['user-agent'] = o.ua;
    const res = await t.app.inject({ method: o.method ?? 'GET', url: `${pathOf(c.url)}/contact/${channel}`, remoteAddress: o.ip ?? '203.0.113.7', headers });
    // The redirect is everyone's, whoever is counted.
    assert.equal(res.statusCode, 302, res.body);
    assert.match(String(res.headers.location), channel === 'phone' ? /^tel:\+541144442222$/ : /^https:\/\/wa\.me\/5491144442222\?text=/);
    return res;
  };
  const view = (c: CarAnswer, ua: string, ip: string) => t.app.inject({ url: pathOf(c.url), remoteAddress: ip, headers: { 'user-agent': ua } });
  const totals = async (c: CarAnswer, query = ''): Promise<Totals> => {
    await t.app.services.stats.flush();
    const res = await t.app.inject({ url: `/v1/vehicles/${c.external_id}/stats${query}`, headers: bearer(key) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().totals as Totals;
  };

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: ENV });
    ({ key } = await seedDealer(t, { markets: ['ar'] }));
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('one browser following WhatsApp 50 times is one contact; its call is another figure, another visitor another contact', async () => {
    const car = await newCar();
    for (let i = 0; i < 50; i++) await contact(car, 'whatsapp', { ua: BROWSER });
    for (let i = 0; i < 3; i++) await contact(car, 'phone', { ua: BROWSER });
    await contact(car, 'whatsapp', { ua: BROWSER, ip: '198.51.100.9' });
    const got = await totals(car);
    assert.deepEqual([got.whatsapp, got.phone, got.views], [2, 1, 0]);
  });

  test('bots, an empty or absent user agent, HEAD and prefetches are redirected and not counted', async () => {
    const car = await newCar();
    for (let i = 0; i < 20; i++) await contact(car, 'whatsapp', { ua: GOOGLEBOT, ip: `192.0.2.${i + 1}` });
    await contact(car, 'whatsapp', { ua: 'curl/8.5.0', ip: '192.0.2.30' });
    await contact(car, 'whatsapp', { ua: '', ip: '192.0.2.31' });
    await contact(car, 'phone', { ua: undefined, ip: '192.0.2.32' });
    await contact(car, 'whatsapp', { ua: BROWSER, ip: '192.0.2.33', method: 'HEAD' });
    await contact(car, 'phone', { ua: BROWSER, ip: '192.0.2.34', method: 'HEAD' });
    await contact(car, 'whatsapp', { ua: BROWSER, ip: '192.0.2.35', headers: { 'sec-purpose': 'prefetch' } });
    await contact(car, 'whatsapp', { ua: BROWSER, ip: '192.0.2.36', headers: { purpose: 'prefetch' } });
    await contact(car, 'phone', { ua: BROWSER, ip: '192.0.2.37', headers: { 'sec-purpose': 'prefetch;prerender' } });
    assert.deepEqual(await totals(car), { views: 0, phone: 0, whatsapp: 0, inquiries: 0, leads: 0 });
    // The same requests as a person's GET count: what left them out was who asked.
    await contact(car, 'whatsapp', { ua: BROWSER, ip: '192.0.2.33' });
    assert.equal((await totals(car)).whatsapp, 1);
  });

  test("the same visitor counts again on the dealership's next local day, not before", async () => {
    const car = await newCar();
    const ip = '203.0.113.50';
    // 23:30 on the 10th in Buenos Aires (02:30 UTC on the 11th): still the local 10th.
    clock.set(Date.UTC(2026, 10, 11, 2, 30));
    for (let i = 0; i < 3; i++) await contact(car, 'whatsapp', { ua: BROWSER, ip });
    clock.set(Date.UTC(2026, 10, 11, 2, 55));
    await contact(car, 'whatsapp', { ua: BROWSER, ip });
    // 00:10 local on the 11th.
    clock.set(Date.UTC(2026, 10, 11, 3, 10));
    for (let i = 0; i < 3; i++) await contact(car, 'whatsapp', { ua: BROWSER, ip });
    await t.app.services.stats.flush();
    const res = await t.app.inject({ url: `/v1/vehicles/${car.external_id}/stats?from=2026-11-10&to=2026-11-11`, headers: bearer(key) });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      res.json().days.map((d: { date: string; whatsapp: number }) => [d.date, d.whatsapp]),
      [
        ['2026-11-10', 1],
        ['2026-11-11', 1],
      ],
    );
    clock.set(T0);
  });

  test(`20 rotating user agents from one address count at most ${VISITORS_PER_ADDRESS} views and as many contacts a channel; other addresses are not held back`, async () => {
    const car = await newCar();
    for (let i = 0; i < 20; i++) {
      assert.equal((await view(car, rotating(i), '203.0.113.77')).statusCode, 200);
      await contact(car, 'whatsapp', { ua: rotating(i), ip: '203.0.113.77' });
      await contact(car, 'phone', { ua: rotating(i), ip: '203.0.113.77' });
    }
    let got = await totals(car);
    assert.deepEqual([got.views, got.whatsapp, got.phone], [VISITORS_PER_ADDRESS, VISITORS_PER_ADDRESS, VISITORS_PER_ADDRESS]);
    // An IPv6 host may use any address of its /64: one address, as far as the bound goes.
    for (let i = 0; i < 20; i++) await view(car, BROWSER, `2001:db8:1:2::${(i + 1).toString(16)}`);
    // Other addresses (another /64 too) and other cars are counted as before.
    await view(car, BROWSER, '198.51.100.20');
    await view(car, BROWSER, '2001:db8:1:3::1');
    const other = await newCar();
    await view(other, rotating(19), '203.0.113.77');
    got = await totals(car);
    assert.equal(got.views, VISITORS_PER_ADDRESS + VISITORS_PER_ADDRESS + 2);
    assert.equal((await totals(other)).views, 1);
    // The next local day, the address counts again.
    clock.set(T0 + 86_400_000);
    for (let i = 0; i < 20; i++) await view(car, rotating(i), '203.0.113.77');
    assert.equal((await totals(car, '?from=2026-11-11&to=2026-11-11')).views, VISITORS_PER_ADDRESS);
    clock.set(T0);
  });
});

describe(`the per-address bound and contacts across processes sharing Redis (${STORE_NAME})`, () => {
  test('two processes: rotating agents of one address count at most the bound; a contact repeated on either counts once', async () => {
    const redis = await startTestRedis();
    const clock = new ManualClock(T0);
    const t = await makeApp({ clock, env: ENV });
    const host = new PhotoHost();
    await host.start();
    const conns = [connectRedis(redis.url), connectRedis(redis.url)];
    try {
      await Promise.all(conns.map((c) => c.firstConnect()));
      const prefix = redis.prefix();
      const procs = conns.map((c) => new StatsCounting({ store: t.store, clock, log: t.app.log, flushMs: 0, redis: c, redisPrefix: prefix }));
      const { key } = await seedDealer(t, { markets: ['ar'] });
      const c = await publishCar(t, key, host, 'R-1');
      const row = await t.store.db.selectFrom('vehicles').select(['id', 'dealer_id']).where('listing_id', '=', c.listing_id).executeTakeFirstOrThrow();
      const car: ViewedCar = { vehicleId: row.id, dealerId: row.dealer_id, market: 'ar' };
      const req = (ua: string, ip = '203.0.113.7') => ({ method: 'GET', ip, headers: { 'user-agent': ua } });
      for (let i = 0; i < 20; i++) {
        const p = procs[i % 2]!;
        p.countView(req(rotating(i)), car);
        p.countContact(req(rotating(i)), car, 'whatsapp');
      }
      for (const p of procs) await p.settled();
      for (let i = 0; i < 5; i++) for (const p of procs) p.countContact(req(BROWSER, '198.51.100.5'), car, 'phone');
      for (const p of procs) await p.flush();
      const totals = (await t.app.inject({ url: '/v1/vehicles/R-1/stats', headers: bearer(key) })).json().totals;
      assert.deepEqual([totals.views, totals.whatsapp, totals.phone], [VISITORS_PER_ADDRESS, VISITORS_PER_ADDRESS, 1]);
    } finally {
      for (const c of conns) await c.close();
      await t.close();
      await host.stop();
      await redis.stop();
    }
  });
});
