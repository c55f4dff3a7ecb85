// Control characters in text from outside (core/text.ts): refused the same way on SQLite and
// PostgreSQL (which cannot store NUL) — 422 in a vehicle body or a feed row, 400 in a query
// string; only a description keeps line breaks and tabs. And the invisible formatting characters
// a buyer's inquiry refuses (P155).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { controlSentence, forbiddenControl, forbiddenFormat } from '../../src/core/text.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { feedFor, PHOTOS, vehiclesOf } from '../feeds/support.js';
import { aCar, GOL } from '../support/cars.js';

describe(`control characters in text (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  let slug: string;

  before(async () => {
    t = await makeApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    ({ key, slug } = await seedDealer(t));
  });
  after(() => t.close());

  const put = (id: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/v1/vehicles/${id}`, headers: bearer(key), payload: aCar({ ...GOL, photos: PHOTOS(id), ...body }) });

  test('the rule: Cc characters refused; a multi-line text keeps line breaks and tabs', () => {
    assert.equal(forbiddenControl('Highline 1.6'), undefined);
    assert.equal(forbiddenControl('a\u0000b'), 'U+0000');
    assert.equal(forbiddenControl('a\u007fb'), 'U+007F');
    assert.equal(forbiddenControl('a\u0085b'), 'U+0085');
    assert.equal(forbiddenControl('a\nb'), 'U+000A');
    assert.equal(forbiddenControl('a\u2028b'), 'U+2028');
    assert.equal(forbiddenControl('a\r\nb\tc\u2028', true), undefined);
    assert.equal(forbiddenControl('a\nb\u0000', true), 'U+0000');
    assert.equal(forbiddenControl('a\u000bb', true), 'U+000B');
    assert.equal(controlSentence('color', 'U+0007'), 'color must not contain control characters (it holds U+0007)');
  });

  test('invisible formatting characters (P155): zero-width and bidirectional ones found with their place; ZWJ, ZWNJ, soft hyphen and variation selectors kept', () => {
    assert.equal(forbiddenFormat('Hola, ¿está disponible?'), undefined);
    assert.deepEqual(forbiddenFormat('11\u200b4567'), { char: 'U+200B', position: 3 });
    assert.deepEqual(forbiddenFormat('ñ\u202e1098'), { char: 'U+202E', position: 2 });
    // Positions count characters, not UTF-16 units: "🚗" is one.
    assert.deepEqual(forbiddenFormat('🚗 \u2066x\u2069'), { char: 'U+2066', position: 3 });
    for (const ch of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202c', '\u2060', '\u2064', '\u2069', '\ufeff', '\u180e'])
      assert.ok(forbiddenFormat(`a${ch}b`), ch);
    for (const ok of ['👨\u200d👩\u200d👧', 'می\u200cخواهم', 'Volks\u00adwagen', '1\ufe0f\u20e3', '❤\ufe0f']) assert.equal(forbiddenFormat(ok), undefined, ok);
  });

  test('a vehicle body: NUL or another control character in a text field is 422 invalid_vehicle, never stored', async () => {
    const cases: [string, string, boolean][] = [
      ['version', 'Highline\u0000', false],
      ['color', 'Rojo\u0007', false],
      ['city', 'Córdoba\u0000', false],
      ['description', 'Único dueño\u0000', true],
      ['description', 'Único dueño\u000c', true],
      ['version', '1.6\nHighline', false],
      ['brand', 'Volks\u0000wagen', false],
    ];
    for (const [field, value, multiline] of cases) {
      const res = await put('CTL-1', { [field]: value });
      assert.equal(res.statusCode, 422, `${field}: ${res.body}`);
      const error = res.json().error;
      assert.equal(error.code, 'invalid_vehicle');
      assert.deepEqual(error.fields, [controlSentence(field, forbiddenControl(value, multiline)!, multiline)]);
    }
    assert.equal((await vehiclesOf(t, slug)).length, 0);
  });

  test('a description keeps its line breaks and tabs, read back the same on both stores', async () => {
    const description = 'Único dueño.\nService oficial:\n\t- 10 000 km\r\n\t- 20 000 km';
    const res = await put('CTL-2', { description, version: 'Highline 1.6' });
    assert.equal(res.statusCode, 201, res.body);
    const got = await t.app.inject({ url: '/v1/vehicles/CTL-2', headers: bearer(key) });
    assert.equal(got.json().vehicle.description, description);
  });

  test('sync: the car with a control character fails alone, with the same sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: bearer(key),
      payload: {
        vehicles: [
          { external_id: 'CTL-3', ...aCar({ ...GOL, photos: PHOTOS('CTL-3'), color: 'Azul\u0000' }) },
          { external_id: 'CTL-4', ...aCar({ ...GOL, photos: PHOTOS('CTL-4') }) },
        ],
      },
    });
    assert.ok(res.statusCode < 500, res.body);
    assert.match(res.body, /color must not contain control characters \(it holds U\+0000\)/);
    const ids = (await vehiclesOf(t, slug)).map((v) => v.external_id);
    assert.ok(ids.includes('CTL-4') && !ids.includes('CTL-3'), ids.join());
  });

  test('a feed row with a control character fails alone, with the same sentence', async () => {
    const feed = await feedFor(t, slug);
    const rows = [
      { external_id: 'CTL-5', ...aCar({ ...GOL, photos: PHOTOS('CTL-5'), version: 'Trendline\u0000' }) },
      { external_id: 'CTL-6', ...aCar({ ...GOL, photos: PHOTOS('CTL-6'), description: 'Línea 1\nLínea 2' }) },
    ];
    const res = await t.app.inject({ method: 'POST', url: feed.path, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(rows) });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.errors.length, 1, res.body);
    assert.equal(body.errors[0].external_id, 'CTL-5');
    assert.match(body.errors[0].message, /version must not contain control characters \(it holds U\+0000\)/);
    const six = (await vehiclesOf(t, slug)).find((v) => v.external_id === 'CTL-6');
    assert.equal(six?.description, 'Línea 1\nLínea 2');
  });

  test('a query value with a control character is 400 invalid_request', async () => {
    for (const query of ['market=%00', 'source=a%0Ab', 'status=active%7F', 'updated_since=2026-01-01T00:00:00Z%00']) {
      const res = await t.app.inject({ url: `/v1/vehicles?${query}`, headers: bearer(key) });
      assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
      assert.equal(res.json().error.code, 'invalid_request');
    }
  });
});
