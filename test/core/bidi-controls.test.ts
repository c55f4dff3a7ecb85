// Bidirectional controls (U+202E and the rest of Unicode's Bidi_Control) in a person's text are
// refused like control characters (core/text.ts, P158, issue 35): invisible, they would show
// "S2\u202Eevil" reversed on the users page, in an invitation mail, on a listing. Every way a
// person's text comes in: dealership name and city, key name, profile, car fields, the buyer's
// inquiry, query values (user names: test/panel/users.test.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiError } from '../../src/core/errors.js';
import { forbiddenControl } from '../../src/core/text.js';
import { checkProfile, updateProfile } from '../../src/modules/dealers/profile.js';
import { createDealer, getDealerBySlug } from '../../src/modules/dealers/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { aCar, GOL, publishCar } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { signedInClient } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';
import { PHOTOS, vehiclesOf } from '../feeds/support.js';

const RLO = '\u202e';
const code = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

describe(`bidirectional controls in text (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let key: string;
  let slug: string;

  before(async () => {
    await host.start();
    t = await makeApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com' } });
    ({ key, slug } = await seedDealer(t));
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the rule: each of the twelve Bidi_Control characters is refused, in one-line and multi-line text alike', () => {
    const bidi: string[] = [];
    for (let c = 0; c <= 0xffff; c++) if (/\p{Bidi_Control}/u.test(String.fromCharCode(c))) bidi.push(String.fromCharCode(c));
    assert.deepEqual(bidi.map(code), ['U+061C', 'U+200E', 'U+200F', 'U+202A', 'U+202B', 'U+202C', 'U+202D', 'U+202E', 'U+2066', 'U+2067', 'U+2068', 'U+2069']);
    for (const c of bidi) {
      assert.equal(forbiddenControl(`S2${c}evil`), code(c));
      assert.equal(forbiddenControl(`línea 1\nS2${c}evil`, true), code(c));
    }
    // Right-to-left text itself, and the joiners some scripts need, are not controls.
    for (const text of ['שלום', 'مرحبا', 'क्‍ष', 'ZWJ: 👨‍👩‍👧']) assert.equal(forbiddenControl(text), undefined, text);
  });

  test("a dealership's name or city (the operator's dealers create) is refused, nothing stored", async () => {
    for (const [field, input] of [
      ['name', { name: `Autos S2${RLO}evil` }],
      ['city', { name: 'Autos', city: `Córdoba\u2066` }],
    ] as const) {
      const s = `bidi-${field}-${process.pid}`;
      await assert.rejects(createDealer(t.store.db, t.clock, { slug: s, markets: ['ar'], ...input }), (err: unknown) => {
        assert.ok(err instanceof ApiError);
        assert.equal(err.code, 'invalid_request');
        assert.match(err.message, new RegExp(`^${field} must not contain control characters \\(it holds U\\+(202E|2066)\\)$`));
        assert.match(err.toBody('es').error.message, /carácter invisible no permitido/);
        return true;
      });
      assert.equal(await t.store.db.selectFrom('dealers').select('id').where('slug', '=', s).executeTakeFirst(), undefined);
    }
  });

  test("a key's name: refused by the CLI's service and on the panel's keys page, in the page's words", async () => {
    await assert.rejects(createKey(t.store.db, t.clock, { dealer: slug, name: `web${RLO}` }), /name must not contain control characters \(it holds U\+202E\)/);
    const { client } = await signedInClient(t);
    await client.get('/panel/keys');
    const res = await client.post('/panel/keys', { name: `Sitio${RLO}bew` });
    assert.equal(res.status, 422);
    assert.match(res.body, /marcas invisibles de dirección del texto/);
    const names = (await t.store.db.selectFrom('api_keys').select('name').execute()).map((k) => k.name);
    assert.deepEqual(
      names.filter((n) => n.includes(RLO)),
      [],
    );
  });

  test("the dealership's profile: refused on the panel and by the CLI's service; nothing changed", async () => {
    assert.deepEqual(checkProfile({ opening_hours: `Lun a vie\u200f 9 a 18` }, 'ar'), { ok: false, problems: { opening_hours: 'control' } });
    const { client, user } = await signedInClient(t);
    await client.get('/panel/profile');
    const res = await client.post('/panel/profile', {
      address: `Av. ${RLO}setneirroC 1234`,
      phone: '',
      whatsapp: '',
      website: '',
      opening_hours: '',
      time_zone: '',
    });
    assert.equal(res.status, 422);
    assert.match(res.body, /sin marcas invisibles de dirección del texto ni otros caracteres de control/);
    const d = await getDealerBySlug(t.store.db, user.slug);
    await assert.rejects(updateProfile(t.store.db, d, { address: `Av. ${RLO}x` }), /address must not contain control characters \(it holds U\+202E\)/);
    const row = await t.store.db.selectFrom('dealers').select(['address', 'opening_hours']).where('id', '=', user.dealerId).executeTakeFirstOrThrow();
    assert.deepEqual(row, { address: null, opening_hours: null });
  });

  test("a car's text fields, one-line and the description, are 422 invalid_vehicle; never stored", async () => {
    for (const [field, value, multiline] of [
      ['version', `Highline${RLO}`, false],
      ['color', `Rojo\u061c`, false],
      ['description', `Único dueño.\nS2${RLO}evil`, true],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/vehicles/BIDI-1',
        headers: bearer(key),
        payload: aCar({ ...GOL, photos: PHOTOS('BIDI-1'), [field]: value }),
      });
      assert.equal(res.statusCode, 422, res.body);
      const error = res.json().error;
      assert.equal(error.code, 'invalid_vehicle');
      const char = code(value.match(/[\u061c\u202e]/)![0]);
      assert.deepEqual(error.fields, [
        multiline
          ? `${field} must not contain control characters other than line breaks and tabs (it holds ${char})`
          : `${field} must not contain control characters (it holds ${char})`,
      ]);
    }
    assert.deepEqual(await vehiclesOf(t, slug), []);
  });

  test("the buyer's inquiry: a name with a bidirectional control is 400 invalid_request naming it; no lead", async () => {
    const car = await publishCar(t, key, host, 'BIDI-CAR');
    const res = await t.app.inject({
      method: 'POST',
      url: `${pathOf(car.url)}/inquiries`,
      payload: { name: `Ana${RLO}`, email: 'ana@example.com', message: 'Hola' },
      remoteAddress: '203.0.113.9',
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().error.code, 'invalid_request');
    // The inquiry's own sentence names the character and its place (P155).
    assert.deepEqual(res.json().error.fields, [
      'name must not contain invisible formatting characters such as zero-width or bidirectional ones (it holds U+202E at character 4)',
    ]);
    assert.equal((await t.store.db.selectFrom('leads').select('id').execute()).length, 0);
  });

  test('a query value holding one is 400 invalid_request', async () => {
    const res = await t.app.inject({ url: '/v1/vehicles?source=feed%E2%80%AE', headers: bearer(key) });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().error.code, 'invalid_request');
    assert.match(res.json().error.message, /must not contain control characters \(it holds U\+202E\)/);
  });
});
