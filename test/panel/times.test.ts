// Times as people read them (D32, P82): every time in the panel is in the dealership's time zone,
// never UTC: "ahora", "hace 5 min", then "hoy 16:13" / "ayer 22:10", then a date; a change of the
// profile's time zone moves them at once. The helper itself (core/web/time.ts) in each language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dateTime } from '../../src/core/web/time.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient } from '../support/panel.js';

/** 27 Nov 2026, 19:13 UTC: 16:13 in Buenos Aires and São Paulo, 20:13 in Madrid. */
const T0 = Date.UTC(2026, 10, 27, 19, 13);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('dateTime (core/web/time.ts)', () => {
  test('relative while recent, then today/yesterday with the local time, then a date; in the zone given', () => {
    const ar = { locale: 'es-AR', timeZone: 'America/Argentina/Buenos_Aires', now: T0 };
    const br = { locale: 'pt-BR', timeZone: 'America/Sao_Paulo', now: T0 };
    assert.equal(dateTime(T0 - 10_000, ar), 'ahora');
    assert.equal(dateTime(T0 - 5 * MIN, ar), 'hace 5 min');
    assert.equal(dateTime(T0 - 5 * MIN, br), 'há 5 min');
    assert.equal(dateTime(T0 - 2 * HOUR, ar), 'hoy 14:13');
    assert.equal(dateTime(T0 - 2 * HOUR, br), 'hoje 14:13');
    assert.equal(dateTime(T0 - 18 * HOUR, ar), 'ayer 22:13');
    assert.equal(dateTime(T0 + 10 * MIN, ar), 'dentro de 10 min');
    assert.match(dateTime(T0 - 30 * 24 * HOUR, ar), /^28 (de )?oct\.? (de )?2026,? 16:13$/);
    // The local day decides "today" and "yesterday": at 01:30 in Madrid, 23:50 there was yesterday and 00:10 today (both the 27th in UTC).
    const madrid = { locale: 'es-ES', timeZone: 'Europe/Madrid', now: Date.UTC(2026, 10, 28, 0, 30) };
    assert.equal(dateTime(Date.UTC(2026, 10, 27, 22, 50), madrid), 'ayer 23:50');
    assert.equal(dateTime(Date.UTC(2026, 10, 27, 23, 10), madrid), 'hoy 0:10');
    // Without a time to count from: a date, never "UTC".
    assert.doesNotMatch(dateTime(T0, { locale: 'es-AR', timeZone: 'America/Argentina/Buenos_Aires' }), /UTC/);
    assert.equal(dateTime(null, ar), '—');
  });
});

describe(`times in the panel (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  test("a key's times on the keys page follow the clock and the dealership's time zone, never UTC", async () => {
    const clock = manualClock(t);
    clock.set(T0);
    const { client, user } = await signedInClient(t, { markets: ['ar'] });
    await client.get('/panel/keys');
    await client.post('/panel/keys', { name: 'Sitio' });
    const created = async () => {
      const body = (await client.get('/panel/keys')).body;
      assert.doesNotMatch(body, /UTC/);
      return /data-label="Creada">([^<]*)</.exec(body)?.[1];
    };
    assert.equal(await created(), 'ahora');
    clock.advance(5 * MIN);
    assert.equal(await created(), 'hace 5 min');
    clock.advance(2 * HOUR);
    assert.equal(await created(), 'hoy 16:13');
    // The owner moves the dealership to Madrid: the same moment reads 20:13 at once.
    await client.get('/panel/profile');
    assert.equal((await client.post('/panel/profile', { time_zone: 'Europe/Madrid' })).status, 303);
    assert.equal(await created(), 'hoy 20:13');
    // Days later (a new sign-in: sessions idle out): a date.
    clock.advance(3 * 24 * HOUR);
    const { client: later } = await signedInClient(t, { slug: user.slug });
    const body = (await later.get('/panel/keys')).body;
    assert.match(body, /data-label="Creada">27 (de )?nov\.? (de )?2026,? 20:13</);
  });
});
