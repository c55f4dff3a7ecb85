// Listing statistics (D34, P95–P99): views counted once per visitor, car and local day of the
// dealership (bots, HEAD, prefetch left out; the daily salt; TRUST_PROXY), contacts and
// inquiries, the flush, price history and days on market, market position, and the two
// endpoints with their ranges and scope.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { connectRedis } from '../../src/core/redis/client.js';
import { StatsCounting, isCountable } from '../../src/modules/stats/counting.js';
import { positionOf } from '../../src/modules/stats/service.js';
import { localDayStart } from '../../src/modules/stats/time-zone.js';
import { timeZoneOfMarket as defaultTimeZone } from '../../src/modules/markets/markets.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { startTestRedis } from '../support/redis.js';
import { until } from '../support/until.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DAY_MS = 86_400_000;
// Noon in Buenos Aires (UTC-3) on 2026-11-10.
const T0 = Date.UTC(2026, 10, 10, 15);

describe(`listing statistics (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let key: string;
  let otherKey: string;
  let car: CarAnswer;

  const view = (c: CarAnswer, o: { ua?: string; ip?: string; method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: o.method ?? 'GET',
      url: pathOf(c.url),
      remoteAddress: o.ip ?? '203.0.113.7',
      headers: { 'user-agent': o.ua ?? BROWSER, ...o.headers },
    });
  const stats = async (externalId: string, query = '', k = key) => t.app.inject({ url: `/v1/vehicles/${externalId}/stats${query}`, headers: bearer(k) });
  const flush = () => t.app.services.stats.flush();
  type Day = { date: string; views: number; inquiries: number; phone: number; whatsapp: number };
  const dayOf = (body: { days: Day[] }, date: string) => body.days.find((d) => d.date === date);

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    // A long flush interval: the tests flush when they mean to.
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', STATS_FLUSH_INTERVAL: '60s' } });
    ({ key } = await seedDealer(t, { markets: ['ar'] }));
    ({ key: otherKey } = await seedDealer(t, { markets: ['ar'] }));
    car = await publishCar(t, key, host, 'V-1');
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('a visitor counts once per car and local day; another user agent or address is another visitor', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await view(car)).statusCode, 200);
    await view(car, { ua: PHONE });
    await view(car, { ip: '198.51.100.9' });
    // A revalidation (304) is the same page: the same visitor, still once.
    const etag = (await view(car)).headers.etag as string;
    assert.equal((await view(car, { headers: { 'if-none-match': etag } })).statusCode, 304);
    // Nothing is written before the flush (D34: figures may lag).
    assert.equal(dayOf((await stats('V-1')).json(), '2026-11-10')!.views, 0);
    await flush();
    const body = (await stats('V-1')).json();
    assert.equal(dayOf(body, '2026-11-10')!.views, 3);
    assert.equal(body.totals.views, 3);
  });

  test('bots, HEAD, prefetches, the service itself and pages not answered 200 are not views', async () => {
    const before = (await stats('V-1')).json().totals.views;
    await view(car, { ua: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', ip: '192.0.2.1' });
    await view(car, { ua: 'curl/8.5.0', ip: '192.0.2.2' });
    await view(car, { ua: '', ip: '192.0.2.3' });
    await view(car, { ua: 'DealerInventory-Webhooks/1.0 (+https://cars.example.com)', ip: '192.0.2.4' });
    assert.equal((await view(car, { method: 'HEAD', ip: '192.0.2.5' })).statusCode, 200);
    await view(car, { ip: '192.0.2.6', headers: { 'sec-purpose': 'prefetch' } });
    await view(car, { ip: '192.0.2.7', headers: { purpose: 'prefetch' } });
    await view(car, { ip: '192.0.2.8', headers: { 'sec-purpose': 'prefetch;prerender' } });
    assert.equal((await t.app.inject({ url: '/listings/ZZZZZZZZZZ', headers: { 'user-agent': BROWSER } })).statusCode, 404);
    await flush();
    assert.equal((await stats('V-1')).json().totals.views, before);
    // The rule alone, for the record: a person's GET counts.
    assert.equal(isCountable({ method: 'GET', ip: '1.2.3.4', headers: { 'user-agent': BROWSER } }), true);
  });

  test("days are the dealership's local days: the same visitor counts again after local midnight, not after UTC midnight", async () => {
    const ip = '203.0.113.50';
    // 2026-11-10 23:30 in Buenos Aires is 02:30 UTC on the 11th: still the local 10th.
    clock.set(Date.UTC(2026, 10, 11, 2, 30));
    await view(car, { ip });
    clock.set(Date.UTC(2026, 10, 11, 2, 50));
    await view(car, { ip });
    // 00:10 local on the 11th.
    clock.set(Date.UTC(2026, 10, 11, 3, 10));
    await view(car, { ip });
    await flush();
    const body = (await stats('V-1', '?from=2026-11-10&to=2026-11-11')).json();
    assert.equal(dayOf(body, '2026-11-10')!.views, 4);
    assert.equal(dayOf(body, '2026-11-11')!.views, 1);
    clock.set(T0);
  });

  test('the salt changes daily: one address and user agent are one visitor all day and another the next day', async () => {
    const s = t.app.services.stats;
    const a = await s.visitorId('203.0.113.7', BROWSER, '2026-11-10');
    assert.equal(await s.visitorId('203.0.113.7', BROWSER, '2026-11-10'), a);
    assert.notEqual(await s.visitorId('203.0.113.7', BROWSER, '2026-11-11'), a);
    assert.notEqual(await s.visitorId('203.0.113.8', BROWSER, '2026-11-10'), a);
    // Neither the address nor the agent is in it.
    assert.doesNotMatch(a, /203|Mozilla/);
  });

  test('contacts by channel (the redirects, once per visitor: P152) and inquiries (with the message) are counted per local day', async () => {
    const dealerId = (await t.store.db.selectFrom('vehicles').select('dealer_id').where('listing_id', '=', car.listing_id).executeTakeFirstOrThrow()).dealer_id;
    await t.store.db.updateTable('dealers').set({ phone: '+541144442222', whatsapp: '+5491144442222' }).where('id', '=', dealerId).execute();
    const tap = (channel: string, ua = BROWSER) =>
      t.app.inject({ url: `${pathOf(car.url)}/contact/${channel}`, remoteAddress: '203.0.113.7', headers: { 'user-agent': ua } });
    assert.equal((await tap('phone')).statusCode, 302);
    await tap('phone');
    await tap('phone', PHONE);
    await tap('whatsapp');
    assert.equal((await t.app.inject({ url: '/listings/ZZZZZZZZZZ/contact/phone', headers: { 'user-agent': BROWSER } })).statusCode, 404);
    const sent = await t.app.inject({
      method: 'POST',
      url: `${pathOf(car.url)}/inquiries`,
      payload: { name: 'Ana', email: 'ana@example.com', message: '¿Sigue disponible?' },
    });
    assert.equal(sent.statusCode, 201, sent.body);
    await t.app.inject({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, payload: { name: 'Ana', email: 'ana@example.com', message: '¿Precio final?' } });
    // Inquiries commit with the message: no flush needed.
    let day = dayOf((await stats('V-1')).json(), '2026-11-10')!;
    assert.deepEqual([day.phone, day.whatsapp, day.inquiries], [0, 0, 2]);
    await flush();
    const body = (await stats('V-1')).json();
    day = dayOf(body, '2026-11-10')!;
    assert.deepEqual([day.phone, day.whatsapp], [2, 1]);
    assert.equal(body.totals.leads, 1, 'two messages of one buyer: one lead');
    assert.equal(body.totals.inquiries, 2);
  });

  test('a graceful stop writes what was counted', async () => {
    const before = (await stats('V-1')).json().totals.views as number;
    await view(car, { ip: '203.0.113.99' });
    await t.app.services.stats.stop();
    assert.equal((await stats('V-1')).json().totals.views, before + 1);
    t.app.services.stats.start();
  });

  test('TRUST_PROXY: the forwarded client is the visitor', async () => {
    const p = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', TRUST_PROXY: '127.0.0.1' } });
    try {
      const { key: k } = await seedDealer(p, { markets: ['ar'] });
      const c = await publishCar(p, k, host, 'P-1');
      for (const xff of ['198.51.100.1', '198.51.100.2', '198.51.100.2'])
        await p.app.inject({ url: pathOf(c.url), remoteAddress: '127.0.0.1', headers: { 'user-agent': BROWSER, 'x-forwarded-for': xff } });
      await p.app.services.stats.flush();
      assert.equal((await p.app.inject({ url: '/v1/vehicles/P-1/stats', headers: bearer(k) })).json().totals.views, 2);
    } finally {
      await p.close();
    }
  });

  test('price history: every change of price appends {price, currency, since}, from PUT and sync alike; an unchanged price does not', async () => {
    const put = (price: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/vehicles/PH-1',
        headers: bearer(key),
        payload: { brand: 'Fiat', model: 'Cronos', year: 2022, price, mileage: 10_000, photos: host.urls('PH-1', 3) },
      });
    assert.equal((await put(20_000_000)).statusCode, 201);
    clock.set(T0 + 60_000);
    assert.equal((await put(19_500_000)).statusCode, 200);
    clock.set(T0 + 120_000);
    await put(19_500_000);
    const sync = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(key),
      payload: {
        vehicles: [{ external_id: 'PH-1', brand: 'Fiat', model: 'Cronos', year: 2022, price: 19_000_000, mileage: 10_000, photos: host.urls('PH-1', 3) }],
      },
    });
    assert.equal(sync.statusCode, 200, sync.body);
    clock.set(T0);
    const body = (await stats('PH-1')).json();
    assert.deepEqual(body.price_history, [
      { price: '20000000.00', currency: 'ARS', since: new Date(T0).toISOString() },
      { price: '19500000.00', currency: 'ARS', since: new Date(T0 + 60_000).toISOString() },
      { price: '19000000.00', currency: 'ARS', since: new Date(T0 + 120_000).toISOString() },
    ]);
  });

  test('days on market: null until first active, whole local days since then, null once sold; a new period starts again', async () => {
    clock.set(T0);
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/vehicles/DM-1',
        headers: bearer(key),
        payload: { brand: 'Fiat', model: 'Argo', year: 2021, price: 15_000_000, mileage: 30_000, photos: host.urls('DM-1', 3) },
      });
    await put();
    assert.equal((await stats('DM-1')).json().days_on_market, null, 'importing photos: not published yet');
    await t.app.services.jobs.runDue();
    assert.equal((await stats('DM-1')).json().days_on_market, 0);
    // 23:59 local the same day, then 00:01 local on the next, then 3 days on.
    clock.set(localDayStart('2026-11-11', defaultTimeZone('ar')) - 60_000);
    assert.equal((await stats('DM-1')).json().days_on_market, 0);
    clock.set(localDayStart('2026-11-11', defaultTimeZone('ar')) + 60_000);
    assert.equal((await stats('DM-1')).json().days_on_market, 1);
    clock.set(T0 + 3 * DAY_MS);
    // A change that keeps it active does not restart the count.
    await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/DM-1',
      headers: bearer(key),
      payload: { brand: 'Fiat', model: 'Argo', year: 2021, price: 14_000_000, mileage: 30_000, photos: host.urls('DM-1', 3) },
    });
    assert.equal((await stats('DM-1')).json().days_on_market, 3);
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/DM-1/sold', headers: bearer(key) })).statusCode, 200);
    assert.equal((await stats('DM-1')).json().days_on_market, null);
    // Back for sale: a new period from its new first `active`.
    clock.set(T0 + 5 * DAY_MS);
    await put();
    await t.app.services.jobs.runDue();
    clock.set(T0 + 6 * DAY_MS);
    assert.equal((await stats('DM-1')).json().days_on_market, 1);
    clock.set(T0);
  });

  test('market position: comparables of any dealership, same market/currency/brand/model/condition, year ±1, active only; null under 5', async () => {
    const mk = (k: string, id: string, over: Record<string, unknown>) =>
      publishCar(t, k, host, id, { brand: 'Renault', model: 'Sandero', year: 2020, mileage: 50_000, ...over });
    await mk(key, 'MP-0', { price: 9_000_000 });
    await mk(key, 'MP-1', { price: 10_000_000 });
    await mk(otherKey, 'MP-2', { price: 11_000_000, year: 2019 });
    await mk(otherKey, 'MP-3', { price: 12_000_000, year: 2021 });
    // Not comparable: two model years away, another condition, another currency, sold.
    await mk(otherKey, 'MP-X1', { price: 1_000_000, year: 2018 });
    await mk(otherKey, 'MP-X2', { price: 1_000_000, condition: 'new' });
    await mk(otherKey, 'MP-X3', { price: 1_000, currency: 'USD' });
    await mk(otherKey, 'MP-X4', { price: 1_000_000 });
    await t.app.inject({ method: 'POST', url: '/v1/vehicles/MP-X4/sold', headers: bearer(otherKey) });
    assert.equal((await stats('MP-0')).json().market_position, null, '3 comparables: under 5');
    await mk(otherKey, 'MP-4', { price: 13_000_000 });
    await mk(otherKey, 'MP-5', { price: 14_000_000 });
    const pos = (await stats('MP-0')).json().market_position;
    // Comparables of MP-0: 10, 11, 12, 13, 14 million; it is priced under every one.
    assert.deepEqual(pos, {
      comparables: 5,
      median_price: '12000000.00',
      percentile: 0,
      label: 'below',
      currency: 'ARS',
      price_band: { min: '10000000.00', max: '14000000.00' },
    });
    const mid = (await stats('MP-1')).json().market_position;
    // MP-1 (10 M) against 9, 11, 12, 13, 14: median 12, one below.
    assert.deepEqual([mid.comparables, mid.median_price, mid.percentile, mid.label], [5, '12000000.00', 20, 'below']);
  });

  test('the label and percentile rules', () => {
    const five = [100_00, 100_00, 100_00, 100_00, 100_00];
    assert.equal(positionOf(95_00, 'ARS', five)!.label, 'fair');
    assert.equal(positionOf(94_99, 'ARS', five)!.label, 'below');
    assert.equal(positionOf(105_00, 'ARS', five)!.label, 'fair');
    assert.equal(positionOf(105_01, 'ARS', five)!.label, 'above');
    assert.equal(positionOf(105_01, 'ARS', five)!.percentile, 100);
    assert.equal(positionOf(100_00, 'ARS', [1, 2, 3, 4, 5, 6])!.median_price, '0.03');
    assert.equal(positionOf(1, 'ARS', [1, 2, 3, 4]), null);
  });

  test("GET /vehicles/{id}/stats: the last 30 local days by default, every day listed; ranges checked; another dealership's car is 404", async () => {
    const body = (await stats('V-1')).json();
    assert.equal(body.to, '2026-11-10');
    assert.equal(body.from, '2026-10-12');
    assert.equal(body.days.length, 30);
    assert.equal(body.days[0].date, '2026-10-12');
    assert.deepEqual(body.days[0], { date: '2026-10-12', views: 0, inquiries: 0, phone: 0, whatsapp: 0 });
    assert.equal(body.external_id, 'V-1');
    assert.equal(body.listing_id, car.listing_id);
    assert.equal((await stats('V-1', '?from=2025-11-10&to=2026-11-10')).json().days.length, 366);
    for (const q of ['?from=2025-11-09&to=2026-11-10', '?from=2026-11-11&to=2026-11-10', '?from=2026-02-30', '?to=20261110', '?from=yesterday']) {
      const r = await stats('V-1', q);
      assert.equal(r.statusCode, 400, q);
      assert.equal(r.json().error.code, 'invalid_request', q);
    }
    const other = await stats('V-1', '', otherKey);
    assert.equal(other.statusCode, 404);
    assert.equal(other.json().error.code, 'not_found');
    assert.equal((await stats('NOPE')).statusCode, 404);
  });

  test('days out of range (year 9999 and on, year 0, before the epoch, Date’s own ends) are 400 invalid_request, in the language asked for (P156)', async () => {
    const cases: [string, string][] = [
      ['?to=9999-12-31', 'to'],
      ['?from=9999-12-01&to=9999-12-31', 'to'],
      ['?from=9999-12-31&to=2026-11-10', 'from'],
      ['?from=0000-01-01', 'from'],
      ['?to=0000-01-01', 'to'],
      ['?from=1969-12-31', 'from'],
      ['?to=-001-01-01', 'to'],
    ];
    for (const path of ['/v1/stats', '/v1/vehicles/V-1/stats']) {
      for (const [q, field] of cases) {
        const r = await t.app.inject({ url: `${path}${q}`, headers: bearer(key) });
        assert.equal(r.statusCode, 400, `${path}${q}: ${r.body}`);
        assert.deepEqual(Object.keys(r.json()), ['error']);
        assert.equal(r.json().error.code, 'invalid_request');
        // fields are sentences (P175); problems name the input.
        assert.deepEqual(
          r.json().error.problems.map((p: { field: string }) => p.field),
          [field],
          `${path}${q}`,
        );
      }
      // Beyond Date's own range (year 275760) the query's 10 characters stop it first.
      for (const q of ['?to=275760-09-13', '?from=%2B275760-09-13', '?to=-271821-04-20']) {
        const r = await t.app.inject({ url: `${path}${q}`, headers: bearer(key) });
        assert.equal(r.statusCode, 400, `${path}${q}: ${r.body}`);
        assert.equal(r.json().error.code, 'invalid_request');
      }
    }
    const words: [string, RegExp][] = [
      ['en', /^to must be a day from 1970-01-01 to 9999-12-30, written YYYY-MM-DD such as 2026-11-01 \(got "9999-12-31"\)\.$/],
      ['es', /^to tiene que ser un día entre el 1970-01-01 y el 9999-12-30, escrito AAAA-MM-DD, como 2026-11-01 \(llegó «9999-12-31»\)\.$/],
      ['pt', /^to precisa ser um dia entre 1970-01-01 e 9999-12-30, escrito AAAA-MM-DD, como 2026-11-01 \(veio “9999-12-31”\)\.$/],
    ];
    for (const [lang, sentence] of words) {
      const r = await t.app.inject({ url: '/v1/stats?to=9999-12-31', headers: { ...bearer(key), 'accept-language': lang } });
      assert.match(r.json().error.message, sentence, lang);
    }
    const es = await t.app.inject({ url: '/v1/stats?from=2026-11-11&to=2026-11-10', headers: { ...bearer(key), 'accept-language': 'es' } });
    assert.equal(es.json().error.message, 'from (2026-11-11) es posterior a to (2026-11-10).');
    const pt = await t.app.inject({ url: '/v1/stats?from=2025-11-09&to=2026-11-10', headers: { ...bearer(key), 'accept-language': 'pt' } });
    assert.equal(pt.json().error.message, 'O período tem 367 dias; no máximo 366.');
    // The last day there is still answers: every day listed, the range ending at the day after's start.
    const last = await t.app.inject({ url: '/v1/stats?from=9999-12-01&to=9999-12-30', headers: bearer(key) });
    assert.equal(last.statusCode, 200, last.body);
    assert.equal(last.json().days.length, 30);
  });

  test('GET /stats: totals and days of the dealership, its cars with any figure, most viewed first', async () => {
    const second = await publishCar(t, key, host, 'V-2');
    for (let i = 1; i <= 20; i++) await view(second, { ip: `10.1.0.${i}` });
    await flush();
    const r = await t.app.inject({ url: '/v1/stats?from=2026-11-01&to=2026-11-11', headers: bearer(key) });
    assert.equal(r.statusCode, 200, r.body);
    const body = r.json();
    assert.equal(body.days.length, 11);
    assert.deepEqual(
      body.vehicles.slice(0, 2).map((v: { external_id: string }) => v.external_id),
      ['V-2', 'V-1'],
    );
    const v1 = body.vehicles.find((v: { external_id: string }) => v.external_id === 'V-1');
    assert.equal(v1.leads, 1);
    assert.equal(v1.phone, 2);
    const sum = body.days.reduce((n: number, d: { views: number }) => n + d.views, 0);
    assert.equal(body.totals.views, sum);
    // The other dealership sees none of it.
    const theirs = (await t.app.inject({ url: '/v1/stats?from=2026-11-01&to=2026-11-11', headers: bearer(otherKey) })).json();
    assert.equal(theirs.totals.views, 0);
    assert.equal((await t.app.inject({ url: '/v1/stats?from=2026-11-12&to=2026-11-11', headers: bearer(key) })).statusCode, 400);
    assert.equal((await t.app.inject({ url: '/v1/stats?market=uy', headers: bearer(key) })).statusCode, 400);
  });

  test('the contact redirects are counted: a buyer tapping WhatsApp and call on the car page (D34)', async () => {
    const dealerId = (await t.store.db.selectFrom('vehicles').select('dealer_id').where('listing_id', '=', car.listing_id).executeTakeFirstOrThrow()).dealer_id;
    await t.store.db.updateTable('dealers').set({ phone: '+541144442222', whatsapp: '+5491144442222' }).where('id', '=', dealerId).execute();
    const before = (await stats('V-1')).json().totals;
    const wa = await t.app.inject({ url: `${pathOf(car.url)}/contact/whatsapp`, headers: { 'user-agent': BROWSER } });
    assert.equal(wa.statusCode, 302);
    assert.match(String(wa.headers.location), /^https:\/\/wa\.me\/5491144442222\?text=/);
    const call = await t.app.inject({ url: `${pathOf(car.url)}/contact/phone`, headers: { 'user-agent': BROWSER } });
    assert.equal(call.headers.location, 'tel:+541144442222');
    // Counting happens beside the answer (not awaited by the redirect): flush until both are in.
    const after = await until('both taps counted', 10_000, async () => {
      await flush();
      const now = (await stats('V-1')).json().totals;
      return now.whatsapp > before.whatsapp && now.phone > before.phone ? now : undefined;
    });
    assert.deepEqual([after.whatsapp - before.whatsapp, after.phone - before.phone], [1, 1]);
  });
});

describe(`views across processes sharing Redis (${STORE_NAME})`, () => {
  test('two processes, one visitor: counted once; the salt is shared', async () => {
    const redis = await startTestRedis();
    const clock = new ManualClock(T0);
    const // A long flush interval: the tests flush when they mean to.
      t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', STATS_FLUSH_INTERVAL: '60s' } });
    const host = new PhotoHost();
    await host.start();
    const conns = [connectRedis(redis.url), connectRedis(redis.url)];
    try {
      await Promise.all(conns.map((c) => c.firstConnect()));
      const prefix = redis.prefix();
      const procs = conns.map((c) => new StatsCounting({ store: t.store, clock, log: t.app.log, flushMs: 0, redis: c, redisPrefix: prefix }));
      const { key } = await seedDealer(t, { markets: ['ar'] });
      const c = await publishCar(t, key, host, 'R-1');
      const car = {
        vehicleId: (await t.store.db.selectFrom('vehicles').select('id').where('listing_id', '=', c.listing_id).executeTakeFirstOrThrow()).id,
        dealerId: 0,
        market: 'ar',
      };
      car.dealerId = (await t.store.db.selectFrom('vehicles').select('dealer_id').where('id', '=', car.vehicleId).executeTakeFirstOrThrow()).dealer_id;
      assert.equal(await procs[0]!.visitorId('203.0.113.7', BROWSER, '2026-11-10'), await procs[1]!.visitorId('203.0.113.7', BROWSER, '2026-11-10'));
      for (let i = 0; i < 3; i++) for (const p of procs) p.countView({ method: 'GET', ip: '203.0.113.7', headers: { 'user-agent': BROWSER } }, car);
      procs[1]!.countView({ method: 'GET', ip: '203.0.113.8', headers: { 'user-agent': BROWSER } }, car);
      for (const p of procs) await p.flush();
      assert.equal((await t.app.inject({ url: '/v1/vehicles/R-1/stats', headers: bearer(key) })).json().totals.views, 2);
    } finally {
      for (const c of conns) await c.close();
      await t.close();
      await host.stop();
      await redis.stop();
    }
  });
});
