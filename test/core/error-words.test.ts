// Every API error from the catalogue of words (D31, P175, P176): an ApiError takes a code, never
// a sentence; the errors that answered English whatever the reader asked (the statistics' dates,
// a car's statistics, webhooks, a route's schema, a buyer's inquiry) speak Spanish and
// Portuguese; `fields` are always sentences, and `problems` names the input, the rule and its
// bound for a program.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Type } from 'typebox';
import { ManualClock } from '../../src/core/clock.js';
import { ApiError } from '../../src/core/errors.js';
import { msg } from '../../src/core/i18n/index.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { pathOf, PhotoHost } from '../support/photos.js';

type ErrorAnswer = { code: string; message: string; fields?: string[]; problems?: { field: string; rule: string; limit?: number }[] };

describe('an ApiError carries a code of the catalogue (P176)', () => {
  test('a sentence does not compile, and is refused at run time too', () => {
    // @ts-expect-error: a free sentence is no ErrorText.
    assert.throws(() => new ApiError('invalid_request', 'name is required'), TypeError);
    // @ts-expect-error: nor is a field name among the fields.
    assert.throws(() => new ApiError('invalid_request', msg('invalid_request_plain'), ['name']), TypeError);
    assert.throws(() => new ApiError('invalid_request', { code: 'no_such_code' } as never), TypeError);
    const e = new ApiError('invalid_request', msg('stats_range_order', { from: '2026-02-01', to: '2026-01-01' }), [
      { text: msg('stats_range_order', { from: '2026-02-01', to: '2026-01-01' }), field: ['from', 'to'], rule: 'range_order' },
    ]);
    assert.deepEqual(e.toBody('es').error, {
      code: 'invalid_request',
      message: 'from (2026-02-01) es posterior a to (2026-01-01).',
      fields: ['from (2026-02-01) es posterior a to (2026-01-01).'],
      problems: [
        { field: 'from', rule: 'range_order' },
        { field: 'to', rule: 'range_order' },
      ],
    });
    assert.equal(e.message, 'from (2026-02-01) is after to (2026-01-01).', 'the log line and the CLI say it in English');
  });
});

describe(`API errors in the reader's language (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;

  before(async () => {
    t = await makeApp({
      clock: new ManualClock(Date.UTC(2026, 10, 20, 12)),
      // A route of these tests only: the schema rules no API route combines in one place.
      setup(app) {
        app.post(
          '/v1/test-schema',
          {
            schema: {
              querystring: Type.Object({ n: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })) }),
              body: Type.Object(
                {
                  name: Type.String({ maxLength: 5 }),
                  tags: Type.Optional(Type.Array(Type.String(), { minItems: 1, maxItems: 2 })),
                  kind: Type.Optional(Type.Union([Type.Literal('car'), Type.Literal('van')])),
                  at: Type.Optional(Type.String({ format: 'date-time' })),
                },
                { additionalProperties: false },
              ),
            },
          },
          async () => ({ ok: true }),
        );
      },
    });
    ({ key } = await seedDealer(t));
  });
  after(() => t.close());

  const ask = async (lang: string, url: string, opts: { method?: 'GET' | 'POST'; payload?: unknown } = {}) => {
    const res = await t.app.inject({
      method: opts.method ?? 'GET',
      url,
      headers: { ...bearer(key), 'accept-language': lang },
      ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
    });
    assert.equal(res.headers['content-language'], lang.slice(0, 2));
    return { status: res.statusCode, error: res.json().error as ErrorAnswer };
  };

  test('GET /stats: a bad date, a range backwards or too long, in es and pt; fields are sentences, problems name the inputs', async () => {
    const bad = await ask('es', '/v1/stats?from=2026-13-01');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.error, {
      code: 'invalid_request',
      message: 'from tiene que ser un día entre el 1970-01-01 y el 9999-12-30, escrito AAAA-MM-DD, como 2026-11-01 (llegó «2026-13-01»).',
      fields: ['from tiene que ser un día entre el 1970-01-01 y el 9999-12-30, escrito AAAA-MM-DD, como 2026-11-01 (llegó «2026-13-01»).'],
      problems: [{ field: 'from', rule: 'format' }],
    });
    const backwards = await ask('pt-BR', '/v1/stats?from=2026-11-10&to=2026-11-01');
    assert.equal(backwards.error.message, 'from (2026-11-10) é posterior a to (2026-11-01).');
    assert.deepEqual(backwards.error.problems, [
      { field: 'from', rule: 'range_order' },
      { field: 'to', rule: 'range_order' },
    ]);
    const long = await ask('es', '/v1/stats?from=2024-01-01&to=2026-01-01');
    assert.equal(long.error.message, 'El período tiene 732 días; como máximo 366.');
    assert.deepEqual(long.error.problems, [
      { field: 'from', rule: 'range_length', limit: 366 },
      { field: 'to', rule: 'range_length', limit: 366 },
    ]);
    const en = await ask('en', '/v1/stats?from=2024-01-01&to=2026-01-01');
    assert.equal(en.error.message, 'The range has 732 days; at most 366.', 'English as before');
    assert.deepEqual(en.error.fields, ['The range has 732 days; at most 366.'], 'a sentence, no longer the field names');
  });

  test('GET /vehicles/{external_id}/stats of no car: 404 in es and pt', async () => {
    const es = await ask('es', '/v1/vehicles/NO-SUCH/stats');
    assert.equal(es.status, 404);
    assert.equal(es.error.message, 'No hay ningún auto con el código de stock «NO-SUCH».');
    assert.equal((await ask('pt', '/v1/vehicles/NO-SUCH/stats')).error.message, 'Não há nenhum carro com o código de estoque “NO-SUCH”.');
    assert.equal((await ask('en', '/v1/vehicles/NO-SUCH/stats')).error.message, 'No vehicle with stock ID "NO-SUCH".');
  });

  test('POST /webhooks: every 400 in es and pt, each problem a sentence of fields and an entry of problems', async () => {
    const post = (lang: string, payload: object) => ask(lang, '/v1/webhooks', { method: 'POST', payload });
    const http = await post('es', { url: 'http://hooks.example.com/in', events: ['lead.created', 'car.flew'] });
    assert.equal(http.status, 400);
    assert.deepEqual(http.error, {
      code: 'invalid_request',
      message:
        'El webhook no es válido: url tiene que usar https; events tiene un valor desconocido ("car.flew"); los válidos son lead.created, vehicle.sold, vehicle.rejected, sync.failed.',
      fields: [
        'url tiene que usar https',
        'events tiene un valor desconocido ("car.flew"); los válidos son lead.created, vehicle.sold, vehicle.rejected, sync.failed',
      ],
      problems: [
        { field: 'url', rule: 'scheme' },
        { field: 'events', rule: 'enum' },
      ],
    });
    const pt = await post('pt', { events: [] });
    assert.equal(
      pt.error.message,
      'O webhook não é válido: falta url: o endereço https do receptor; events precisa ser uma lista não vazia de: lead.created, vehicle.sold, vehicle.rejected, sync.failed.',
    );
    assert.deepEqual(pt.error.problems, [
      { field: 'url', rule: 'required' },
      { field: 'events', rule: 'min_items', limit: 1 },
    ]);
    for (const [url, es, rule] of [
      ['not a url', 'url «not a url» no es una URL absoluta', 'format'],
      ['https://user:pw@hooks.example.com/in', 'url no puede llevar usuario ni contraseña', 'credentials'],
      ['https://hooks.example.com/in#frag', 'url no puede tener un #fragmento', 'fragment'],
      [`https://hooks.example.com/${'x'.repeat(2100)}`, 'url tiene más de 2048 caracteres', 'max_length'],
      // The outbound rule (the same as every delivery's): a private address.
      ['https://10.1.2.3/in', 'url no se puede usar: su dirección no está permitida; solo se envía a direcciones públicas', 'address'],
    ] as const) {
      const res = await post('es', { url });
      assert.equal(res.status, 400, url);
      assert.equal(res.error.message, `El webhook no es válido: ${es}.`, url);
      assert.equal(res.error.problems?.[0]?.rule, rule, url);
    }
    const en = await post('en', { url: 'http://hooks.example.com/in' });
    assert.equal(en.error.message, 'The webhook is not valid: url must use https.', 'English as before');
  });

  test("a schema's 400 wholly in es and pt: the parameter, the rule and the limit; problems for a program", async () => {
    const perPage = await ask('es', '/v1/vehicles?per_page=101');
    assert.deepEqual(perPage.error, {
      code: 'invalid_request',
      message: 'El parámetro per_page tiene que ser como máximo 100.',
      fields: ['El parámetro per_page tiene que ser como máximo 100.'],
      problems: [{ field: 'per_page', rule: 'maximum', limit: 100 }],
    });
    assert.equal((await ask('pt', '/v1/vehicles?per_page=101')).error.message, 'O parâmetro per_page precisa ser no máximo 100.');
    assert.equal((await ask('en', '/v1/vehicles?per_page=101')).error.message, 'The parameter per_page must be at most 100.');
    const page = await ask('pt-BR', '/v1/vehicles?page=0');
    assert.equal(page.error.message, 'O parâmetro page precisa ser no mínimo 1.');
    assert.deepEqual(page.error.problems, [{ field: 'page', rule: 'minimum', limit: 1 }]);
    const status = await ask('es', '/v1/vehicles?status=parked');
    assert.equal(
      status.error.message,
      'El parámetro status tiene que ser uno de estos valores: active, in_review, importing_photos, sold, expired, withdrawn.',
    );
    assert.equal(
      (await ask('es', '/v1/vehicles?updated_since=ayer')).error.message,
      'El parámetro updated_since tiene que ser una fecha y hora como 2026-11-01T10:00:00Z.',
    );
    assert.equal((await ask('pt', '/v1/vehicles?per_page=1e3')).error.message, 'O parâmetro per_page precisa ser um número escrito com dígitos decimais.');
    assert.equal((await ask('es', '/v1/vehicles?status=%00')).error.message, 'El parámetro status no puede contener caracteres de control (tiene U+0000).');
    const vin = await ask('es', `/v1/vehicles?vin=${'A'.repeat(41)}`);
    assert.equal(vin.error.message, 'El parámetro vin puede tener como máximo 40 caracteres.');
    assert.deepEqual(vin.error.problems, [{ field: 'vin', rule: 'max_length', limit: 40 }]);
    const path = await ask('pt', '/v1/webhooks/abc');
    assert.equal(path.error.message, 'O parâmetro id precisa ser um número escrito com dígitos decimais.');

    // A body against its schema: fields, not parameters, whatever rule it breaks.
    const body = (lang: string, payload: object, query = '') => ask(lang, `/v1/test-schema${query}`, { method: 'POST', payload });
    const cases: [object, string, string, { field: string; rule: string; limit?: number }][] = [
      [{}, 'Falta el campo name.', 'Falta o campo name.', { field: 'name', rule: 'required' }],
      [{ name: 7 }, 'El campo name tiene que ser un texto.', 'O campo name precisa ser um texto.', { field: 'name', rule: 'type' }],
      [
        { name: 'abcdef' },
        'El campo name puede tener como máximo 5 caracteres.',
        'O campo name pode ter no máximo 5 caracteres.',
        { field: 'name', rule: 'max_length', limit: 5 },
      ],
      [
        { name: 'a', tags: [] },
        'El campo tags tiene que tener como mínimo 1 elemento.',
        'O campo tags precisa ter no mínimo 1 item.',
        { field: 'tags', rule: 'min_items', limit: 1 },
      ],
      [
        { name: 'a', tags: ['x', 'y', 'z'] },
        'El campo tags puede tener como máximo 2 elementos.',
        'O campo tags pode ter no máximo 2 itens.',
        { field: 'tags', rule: 'max_items', limit: 2 },
      ],
      [{ name: 'a', tags: [1] }, 'El campo tags[0] tiene que ser un texto.', 'O campo tags[0] precisa ser um texto.', { field: 'tags[0]', rule: 'type' }],
      [
        { name: 'a', kind: 'bus' },
        'El campo kind tiene que ser uno de estos valores: car, van.',
        'O campo kind precisa ser um destes valores: car, van.',
        { field: 'kind', rule: 'enum' },
      ],
      [
        { name: 'a', at: 'noon' },
        'El campo at tiene que ser una fecha y hora como 2026-11-01T10:00:00Z.',
        'O campo at precisa ser uma data e hora como 2026-11-01T10:00:00Z.',
        { field: 'at', rule: 'format' },
      ],
      [{ name: 'a', colour: 'red' }, 'El campo colour no se admite.', 'O campo colour não é aceito.', { field: 'colour', rule: 'unknown_field' }],
    ];
    for (const [payload, es, pt, problem] of cases) {
      const res = await body('es', payload);
      assert.equal(res.status, 400, JSON.stringify(payload));
      assert.deepEqual(res.error, { code: 'invalid_request', message: es, fields: [es], problems: [problem] }, JSON.stringify(payload));
      assert.equal((await body('pt', payload)).error.message, pt, JSON.stringify(payload));
    }
    assert.equal((await body('es', { name: 'a' }, '?n=11')).error.message, 'El parámetro n tiene que ser como máximo 10.');
    assert.equal((await body('en', {})).error.message, 'The field name is required.');
  });
});

describe(`a buyer's inquiry: fields in the market's language (${STORE_NAME})`, () => {
  let t: TestApp;
  const host = new PhotoHost();
  let ar: CarAnswer;
  let br: CarAnswer;

  before(async () => {
    await host.start();
    t = await makeApp({ env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', INQUIRIES_PER_HOUR: '1000' } });
    ar = await publishCar(t, (await seedDealer(t)).key, host, 'AR-1');
    br = await publishCar(t, (await seedDealer(t, { markets: ['br'] })).key, host, 'BR-1', { brand: 'Fiat', model: 'Uno', year: 2016, price: 35_000 });
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  const inquire = async (car: CarAnswer, lang: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `${pathOf(car.url)}/inquiries`, headers: { 'accept-language': lang }, payload });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.headers['content-language'], lang.slice(0, 2));
    return res.json().error as ErrorAnswer;
  };

  test('a Spanish-speaking buyer of an Argentine car and a Portuguese-speaking one of a Brazilian car read sentences; problems name the fields', async () => {
    const es = await inquire(ar, 'es-AR,es;q=0.9', { email: 'no-es-un-correo', message: 'x'.repeat(2001) });
    assert.deepEqual(es, {
      code: 'invalid_request',
      message: 'El mensaje tiene 3 problemas; el detalle está en fields.',
      fields: ['Falta el nombre', 'El correo electrónico no es válido', 'El mensaje puede tener como máximo 2000 caracteres'],
      problems: [
        { field: 'name', rule: 'required' },
        { field: 'email', rule: 'format' },
        { field: 'message', rule: 'max_length', limit: 2000 },
      ],
    });
    const pt = await inquire(br, 'pt-BR', { name: 'Ana', message: 'Olá' });
    assert.deepEqual(pt.fields, ['É preciso informar um e-mail ou um telefone (pelo menos um)']);
    assert.deepEqual(pt.problems, [
      { field: 'email', rule: 'required' },
      { field: 'phone', rule: 'required' },
    ]);
    assert.deepEqual((await inquire(br, 'pt', { name: 'Ana\u0007', phone: '12ab', message: 'Olá' })).fields, [
      'O nome contém caracteres não permitidos',
      'O telefone não é válido: são aceitos dígitos, espaços, +, -, ., parênteses, com 6 a 15 dígitos',
    ]);
    assert.deepEqual((await inquire(ar, 'en', { name: 'Ana', message: 'Hola' })).fields, ['email or phone is required (at least one)'], 'English as before');
  });
});
