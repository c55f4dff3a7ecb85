// D32, P80: a dealership's profile and time zone in the store, on both stores: the default time
// zone from the first market, numbers read in the market's country and kept in E.164, the
// website and time zone checked, GET /v1/me's dealer.time_zone.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { checkProfile, isTimeZone, profileOf, updateProfile } from '../../src/modules/dealers/profile.js';
import { getDealerBySlug } from '../../src/modules/dealers/service.js';
import { KEY_CACHE_TTL_MS } from '../../src/modules/keys/resolver.js';
import { makeApp, manualClock, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';

describe(`dealership profile and time zone (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  const me = async (key: string) => (await t.app.inject({ url: '/v1/me', headers: bearer(key) })).json().dealer;

  test("the time zone defaults to the first market's, exactly D32's table; GET /v1/me says it", async () => {
    const table: [string[], string][] = [
      [['ar', 'uy'], 'America/Argentina/Buenos_Aires'],
      [['uy'], 'America/Montevideo'],
      [['cl'], 'America/Santiago'],
      [['mx'], 'America/Mexico_City'],
      [['br'], 'America/Sao_Paulo'],
      [['co'], 'America/Bogota'],
      [['pe'], 'America/Lima'],
      [['es'], 'Europe/Madrid'],
      [['uk'], 'Europe/London'],
      [['us', 'ar'], 'America/New_York'],
    ];
    for (const [markets, zone] of table) {
      const { key, slug } = await seedDealer(t, { markets });
      assert.equal((await me(key)).time_zone, zone, markets.join(','));
      const row = await t.store.db.selectFrom('dealers').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
      assert.equal(profileOf(row).time_zone, zone);
    }
  });

  test('an update is stored in E.164 read in the market, checked, and reaches GET /v1/me', async () => {
    const { key, slug } = await seedDealer(t, { markets: ['ar'] });
    const d = await getDealerBySlug(t.store.db, slug);
    const row = await updateProfile(t.store.db, d, {
      phone: '(011) 4444-2222',
      whatsapp: '11 4444-2222',
      address: '  Av.  Corrientes 1234 ',
      website: 'autos.example.com.ar',
      opening_hours: 'Lun a vie 9 a 18 h, sáb 9 a 13 h',
      time_zone: 'europe/madrid',
    });
    assert.deepEqual(profileOf(row), {
      phone: '+541144442222',
      whatsapp: '+5491144442222',
      address: 'Av. Corrientes 1234',
      website: 'https://autos.example.com.ar/',
      opening_hours: 'Lun a vie 9 a 18 h, sáb 9 a 13 h',
      time_zone: 'Europe/Madrid',
    });
    manualClock(t).advance(KEY_CACHE_TTL_MS + 1);
    assert.equal((await me(key)).time_zone, 'Europe/Madrid');

    // A refused update changes nothing, and names every problem.
    await assert.rejects(updateProfile(t.store.db, d, { phone: '11 4444-2223', website: 'javascript:alert(1)', time_zone: 'Mars/Olympus' }), (err: Error) => {
      assert.match(err.message, /website/);
      assert.match(err.message, /Mars\/Olympus/);
      return true;
    });
    const again = await t.store.db.selectFrom('dealers').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    assert.equal(again.phone, '+541144442222');
    assert.equal(again.time_zone, 'Europe/Madrid');
  });

  test('what is refused, field by field', () => {
    const bad = checkProfile(
      {
        phone: '123',
        whatsapp: 'no tengo',
        website: 'http://localhost',
        address: 'x'.repeat(201),
        opening_hours: 'y'.repeat(201),
        time_zone: 'GMT-3',
      },
      'ar',
    );
    assert.deepEqual(bad, {
      ok: false,
      problems: {
        phone: 'phone_invalid',
        whatsapp: 'whatsapp_invalid',
        website: 'website_invalid',
        address: 'too_long',
        opening_hours: 'too_long',
        time_zone: 'time_zone_invalid',
      },
    });
    for (const z of ['America/Argentina/Buenos_Aires', 'America/Sao_Paulo', 'Europe/London', 'UTC']) assert.ok(isTimeZone(z), z);
    for (const z of ['', 'Buenos Aires', '+03:00', 'America/Nowhere', '../etc/passwd']) assert.ok(!isTimeZone(z), z);
    // A number written with its country code is read as written, whatever the market.
    assert.deepEqual(checkProfile({ phone: '+598 2 900 1234', whatsapp: '+55 11 91234-5678' }, 'ar'), {
      ok: true,
      values: { phone: '+59829001234', whatsapp: '+5511912345678' },
    });
    // Brazil's local numbers are read in Brazil.
    assert.deepEqual(checkProfile({ whatsapp: '(11) 91234-5678' }, 'br'), { ok: true, values: { whatsapp: '+5511912345678' } });
  });
});
