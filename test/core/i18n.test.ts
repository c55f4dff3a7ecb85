// The catalogue of words (D31, P75): complete by construction, and the API speaking the
// reader's language.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGUE, LANGS, msg, pick, pickLang, render, textsOf, word, type Msg } from '../../src/core/i18n/index.js';
import { VEHICLE_STATUSES } from '../../src/core/db/schema.js';
import { EVENT_TYPES } from '../../src/modules/events/events.js';
import { MARKET_CODES } from '../../src/modules/markets/markets.js';
import { SOURCES } from '../../src/modules/vehicles/sources.js';
import { VEHICLE_FIELDS } from '../../src/modules/vehicles/fields.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { aCar, GOL } from '../support/cars.js';
import { feedFor } from '../feeds/support.js';

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }>; children?: Node[] };

/** The names of the arguments an ICU message reads, nested ones (in plural and select branches) included. */
function argumentsOf(nodes: Node[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    // 0 literal, 7 pound, 8 tag: no argument of their own.
    if (n.type !== 0 && n.type !== 7 && n.type !== 8 && n.value) out.add(n.value);
    for (const o of Object.values(n.options ?? {})) argumentsOf(o.value, out);
    if (n.children) argumentsOf(n.children, out);
  }
  return out;
}

/** The words an ICU message writes as they are (its literal parts, in every branch). */
const literals = (nodes: Node[]): string =>
  nodes
    .map(
      (n) =>
        (n.type === 0 ? n.value! : ' ') +
        Object.values(n.options ?? {})
          .map((o) => ` ${literals(o.value)} `)
          .join('') +
        (n.children ? literals(n.children) : ''),
    )
    .join('');

// English words no Spanish or Portuguese sentence has (a text left untranslated has some of them;
// not "for", which Portuguese has: "se for enviado"; a hyphenated loanword, "plug-in", is one word).
const ENGLISH =
  /(?<![\p{L}-])(the|and|with|your|you|is|are|this|that|from|will|have|has|been|which|when|must|should|not|of|to|it|its|was|were|be|can|cannot|please|try|again|here|there|at|by|on|or|an|in|if|all|any|some|only|each|every|new|old|yet|but|than|then|now|more|less|after|before)(?![\p{L}-])/giu;

const entries = Object.entries(CATALOGUE) as [string, { p?: readonly string[]; es: string; pt: string; en: string }][];

describe('the catalogue of words (D31)', () => {
  test('every code has a text in every language, each a valid ICU message reading only the parameters its code gives', () => {
    assert.ok(entries.length > 100, `${entries.length} codes`);
    for (const [code, e] of entries) {
      const given = new Set(e.p ?? []);
      for (const lang of LANGS) {
        assert.ok(typeof e[lang] === 'string' && e[lang].trim() !== '', `${code} has no ${lang} text`);
        const ast = new IntlMessageFormat(e[lang], lang, undefined, { ignoreTag: true }).getAst() as unknown as Node[];
        for (const a of argumentsOf(ast)) assert.ok(given.has(a), `${code} (${lang}) reads {${a}}, which its code does not give`);
      }
      // Every parameter a code gives is said in English (else a caller computes it for nothing).
      const en = argumentsOf(new IntlMessageFormat(e.en, 'en', undefined, { ignoreTag: true }).getAst());
      for (const p of given) assert.ok(en.has(p), `${code} gives {${p}} but its English text does not say it`);
    }
  });

  test('every text renders with sample parameters in every language, leaving no braces and no English in Spanish and Portuguese', () => {
    for (const [code, e] of entries) {
      for (const lang of ['es', 'pt'] as const) {
        const english = literals(new IntlMessageFormat(e[lang], lang, undefined, { ignoreTag: true }).getAst()).match(ENGLISH);
        assert.equal(english, null, `${code} (${lang}) has English words: ${english?.join(', ')}`);
      }
      const params = Object.fromEntries((e.p ?? []).map((p) => [p, p === 'field' ? 'brand' : 3]));
      for (const lang of LANGS) {
        const text = render(lang, { code, ...(e.p ? { params } : {}) } as Msg);
        assert.ok(text.length > 0 && !/[{}]/.test(text), `${code} (${lang}): ${text}`);
      }
    }
    assert.equal(render('es', msg('field_required', { field: 'external_id' })), 'Código de stock: falta el dato');
    assert.equal(render('en', msg('field_required', { field: 'external_id' })), 'external_id is required');
    assert.equal(render('es', msg('mileage_too_high', { max: 2000000, unit: 'mi' })), 'Kilometraje: no puede superar 2.000.000 millas');
    assert.equal(render('pt', msg('mileage_too_high', { max: 2000000, unit: 'km' })), 'Quilometragem: não pode passar de 2.000.000 km');
    assert.equal(render('es', msg('field_not_whole', { field: 'year', got: 'null' })), 'Año: tiene que ser un número entero, no un valor vacío');
    assert.equal(render('pt', msg('sold_skipped', { failed: 2, channel: 'feed' })).startsWith('2 carros tiveram erros'), true);
    assert.equal(render('es', msg('sold_skipped', { failed: 1, channel: 'sync' })).startsWith('Un auto tuvo errores'), true);
  });

  test('every field, source, status, event and market of the service has its words', () => {
    for (const f of VEHICLE_FIELDS)
      for (const lang of LANGS) assert.notEqual(word(lang, 'field', f.name), f.name === 'vin' && lang === 'en' ? '' : f.name, `field ${f.name}`);
    for (const name of ['external_id', 'market', 'source', 'photos', 'status'])
      for (const lang of LANGS) assert.notEqual(word(lang, 'field', name), name, `field ${name}`);
    for (const s of [...SOURCES, 'panel']) for (const lang of LANGS) assert.ok(Object.hasOwn(CATALOGUE, `source.${s}`), `source ${s} (${lang})`);
    for (const s of VEHICLE_STATUSES) for (const lang of LANGS) assert.notEqual(word(lang, 'status', s), s, `status ${s}`);
    for (const e of EVENT_TYPES) for (const lang of LANGS) assert.notEqual(word(lang, 'event', e), e, `event ${e}`);
    for (const m of MARKET_CODES) for (const lang of LANGS) assert.notEqual(word(lang, 'market', m), m, `market ${m}`);
    assert.equal(word('es', 'source', 'woocommerce'), 'WooCommerce');
    assert.equal(word('pt', 'market', 'ar'), 'Argentina');
  });

  test("a page's texts (P179): the codes under a prefix as an object, a text with parameters a function of them in order", () => {
    const frame = textsOf('frame.');
    assert.equal(frame.es.nav.leads, 'Consultas');
    assert.equal(frame.pt.errors.not_found.title, 'Não encontrado');
    assert.equal(frame.en.file.many(3), '3 files chosen');
    assert.equal(frame.es, frame.es, 'made once per language');
    assert.ok(Object.isFrozen(frame.es.nav));
    // A key from a request reads only the group's own texts.
    assert.equal(pick(frame.en.nav, 'constructor'), undefined);
    assert.equal(pick(frame.en.nav, 'leads'), 'Leads');
    assert.throws(() => textsOf('nothing-here.' as 'frame.'), /no code starts with nothing-here\./);
  });

  test("the users' pages and mails read the catalogue (P195): plurals by ICU, limits as parameters", () => {
    const auth = textsOf('auth.');
    assert.match(auth.es.throttled(1), /Espere 1 minuto e/);
    assert.match(auth.pt.throttled(15), /Aguarde 15 minutos e/);
    const users = textsOf('users.');
    assert.match(users.es.tooManyInvites(30, 1), /envió 30 invitaciones en la última hora\. Intente de nuevo en 1 min\./);
    assert.match(users.pt.tooManyPasswordTries(5, 15, 2), /\(5 em 15 minutos\)\. Tente de novo em 2 min/);
    assert.equal(users.es.langNames.pt, 'Português');
    assert.equal(textsOf('accountMail.').pt.hello('Ana'), 'Olá Ana,');
  });

  test('every word of the service is in the catalogue: no other file holds texts in en, es and pt', () => {
    // An object of the three languages whose values are sentences, objects or functions; or a table per language.
    const holdsWords = (src: string) =>
      LANGS.every((lang) => new RegExp(`\\b${lang}: *(?:[{(]|(['"\`])[^'"\`\n]* )`).test(src)) || /\bconst (?:en|es|pt)\b/.test(src);
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join('src', f).replaceAll('\\', '/'))
      .filter((f) => !f.startsWith('src/core/i18n/messages/'));
    assert.ok(files.length > 100, `${files.length} files`);
    assert.deepEqual(
      files.filter((f) => holdsWords(readFileSync(f, 'utf8'))),
      [],
    );
  });

  test('Accept-Language by primary tag and q; anything else is the fallback', () => {
    assert.equal(pickLang('es-AR,es;q=0.9,en;q=0.8', 'en'), 'es');
    assert.equal(pickLang('pt-BR', 'en'), 'pt');
    assert.equal(pickLang('fr-FR, pt;q=0.5', 'en'), 'pt');
    assert.equal(pickLang('de', 'en'), 'en');
    assert.equal(pickLang('en;q=0.2, es;q=0.9', 'en'), 'es');
    assert.equal(pickLang('es;q=0, pt;q=0.1', 'en'), 'pt', 'q=0 is a refusal');
    assert.equal(pickLang('esperanto', 'en'), 'en', 'a tag is es only by its primary subtag');
    assert.equal(pickLang(undefined, 'es'), 'es');
    assert.equal(pickLang('*', 'en'), 'en');
  });
});

describe(`the API in the reader's language (D31, ${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp();
  });
  after(() => t.close());

  test('an Error in es, pt and en, Content-Language saying which; codes and field names never change', async () => {
    const { key } = await seedDealer(t);
    const bad = { ...aCar({ ...GOL }), brand: 'Toyotta', year: 'dos mil' };
    const answers: Record<string, { code: string; message: string; fields: string[] }> = {};
    for (const [header, lang] of [
      ['es-AR,es;q=0.9', 'es'],
      ['pt-BR', 'pt'],
      ['fr', 'en'],
      [undefined, 'en'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/v1/vehicles/T-1',
        headers: { ...bearer(key), ...(header ? { 'accept-language': header } : {}) },
        payload: bad,
      });
      assert.equal(res.statusCode, 422);
      assert.equal(res.headers['content-language'], lang);
      answers[header ?? 'none'] = res.json().error;
    }
    assert.deepEqual(
      Object.values(answers).map((a) => a.code),
      ['invalid_vehicle', 'invalid_vehicle', 'invalid_vehicle', 'invalid_vehicle'],
    );
    assert.ok(
      answers['es-AR,es;q=0.9']!.fields.includes('Marca: «Toyotta» no está en el catálogo (¿está bien escrita?)'),
      answers['es-AR,es;q=0.9']!.fields.join(' | '),
    );
    assert.ok(answers['es-AR,es;q=0.9']!.fields.some((f) => f.startsWith('Año: tiene que ser un número entero, no un texto')));
    assert.ok(answers['pt-BR']!.fields.some((f) => f.startsWith('Marca: “Toyotta” não está no catálogo')));
    assert.ok(answers.none!.fields.includes('brand "Toyotta" is not in the catalog (see GET /catalog/brands)'), 'English as before D31');
    assert.ok(answers.none!.fields.includes('year must be a whole number, not a string'));
    assert.deepEqual(answers.fr, answers.none);
  });

  test("a sync's row errors and sold_skipped in the reader's language", async () => {
    const { key } = await seedDealer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/vehicles/sync',
      headers: { ...bearer(key), 'accept-language': 'es' },
      payload: { mark_missing_as_sold: true, vehicles: [{ external_id: 'A-1', ...aCar({ ...GOL }), price: -3 }] },
    });
    assert.equal(res.statusCode, 207);
    assert.equal(res.headers['content-language'], 'es');
    const body = res.json();
    assert.deepEqual(body.errors, [{ index: 0, external_id: 'A-1', message: 'Precio: tiene que ser mayor que 0' }]);
    assert.match(body.sold_skipped, /^Un auto tuvo errores, así que no se marcó ningún auto como vendido/);
  });

  test("the API's own errors, the HTTP layer's and a feed's unreadable file in es and pt; the import report keeps the code", async () => {
    const { key, slug } = await seedDealer(t);
    const ask = (lang: string, opts: { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: unknown }) =>
      t.app.inject({ method: opts.method ?? 'GET', url: opts.url, headers: { ...opts.headers, 'accept-language': lang }, payload: opts.payload as string });
    // The HTTP layer (auth.ts): a key in the URL.
    const inUrl = { url: '/v1/vehicles?api_key=abc' };
    assert.match((await ask('es', inUrl)).json().error.message, /^Las claves de API nunca se aceptan en la URL: hay que enviarla/);
    assert.match((await ask('pt-BR', inUrl)).json().error.message, /^Chaves de API nunca são aceitas na URL: é preciso enviá-la/);
    assert.match((await ask('en', inUrl)).json().error.message, /^API keys are never accepted in the URL/);
    // A service rule (sync.ts), with a parameter: the sync limit.
    const tooMany = {
      method: 'POST' as const,
      url: '/v1/vehicles/sync',
      headers: bearer(key),
      payload: { vehicles: Array.from({ length: 1001 }, () => ({})) },
    };
    const es = await ask('es', tooMany);
    assert.equal(es.statusCode, 413);
    assert.equal(
      es.json().error.message,
      'Una llamada de sync admite como máximo 500 autos (esta tiene 1001); hay que hacer varias llamadas y después un reconcile.',
    );
    assert.equal(
      (await ask('pt', tooMany)).json().error.message,
      'Uma chamada de sync aceita no máximo 500 carros (esta tem 1.001); é preciso fazer várias chamadas e depois um reconcile.',
    );
    assert.equal(
      (await ask('en', tooMany)).json().error.message,
      'A sync call takes at most 500 vehicles (this one has 1001); send several calls, then one reconcile.',
      'English as before D31',
    );
    // A feed file the parser process refuses: its reason crosses as a code, answered and reported in each reader's language.
    const feed = await feedFor(t, slug);
    const pdf = { method: 'POST' as const, url: feed.path, headers: { 'content-type': 'text/csv' }, payload: '%PDF-1.7 not a feed' };
    const pt = await ask('pt', pdf);
    assert.equal(pt.statusCode, 422);
    assert.equal(
      pt.json().error.message,
      'Não foi possível ler o arquivo do feed: O arquivo é um documento PDF; são aceitos CSV, JSON, XML ou uma planilha .xlsx.',
    );
    const report = (lang: string) => ask(lang, { url: `/v1/feeds/${feed.id}/imports`, headers: bearer(key) }).then((r) => r.json().data[0].message as string);
    assert.equal(await report('es'), 'No se pudo leer el archivo del feed: El archivo es un documento PDF; se aceptan CSV, JSON, XML o un libro .xlsx.');
    assert.equal(await report('en'), 'The feed file could not be read: The file is a PDF document; send CSV, JSON, XML or an .xlsx workbook.');
  });

  test('framework errors too: unknown route and bad JSON', async () => {
    const nf = await t.app.inject({ url: '/v1/nothing-here', headers: { 'accept-language': 'pt' } });
    assert.equal(nf.statusCode, 404);
    assert.equal(nf.headers['content-language'], 'pt');
    assert.equal(nf.json().error.message, 'Não existe a rota GET /v1/nothing-here.');
    const { key } = await seedDealer(t);
    const badJson = await t.app.inject({
      method: 'PUT',
      url: '/v1/vehicles/X',
      headers: { ...bearer(key), 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{"brand":',
    });
    assert.equal(badJson.statusCode, 400);
    assert.equal(badJson.json().error.message, 'El cuerpo de la solicitud no es un JSON válido.');
  });
});
