// Every route of the OpenAPI document (and the public pages it does not list), every query and
// path parameter, filled with absurd values: no answer is a 5xx, and every error has the Error
// shape (D22), asked in Spanish and said in Spanish: the same error in English says something
// else (P176: every ApiError is a code of the catalogue of words, none a sentence answered in
// every language). Path ids point at real rows, so that the other parameters reach the store.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { insertWebhook } from '../../src/modules/webhooks/repository.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';
import { hostileMails } from '../support/inbound-mail.js';

const NUMBERS = ['99999999999999999999', '9007199254740992', '9007199254740991', '-1', '0', '1e3', '0x10', 'NaN', 'Infinity', '1.5', '', '%20', '%00', '+1'];
const DATES = ['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2026-02-30T25:61:00Z', '99999999999999999999', '%00'];
const TEXTS = ['%00', '%1F', '%7F', '%C0%80', '%FF', 'x'.repeat(300), '%25', '..'];
/** Days (YYYY-MM-DD) out of every range: past year 9999 once a day is added, year 0, before the epoch, Date's own ends (±275760), negative, impossible. */
const DAYS = [
  '9999-12-31',
  '9999-12-30',
  '9999-12-01',
  '0000-01-01',
  '1969-12-31',
  '275760-09-13',
  '+275760-09-13',
  '-271821-04-20',
  '-001-01-01',
  '2026-02-30',
  '%00',
];

/** D40: POST /inbound/mail's secret in this app. */
const INBOUND_SECRET = 'sweep-inbound-secret-0123456789';

/** Words of English sentences that no Spanish one has. */
const ENGLISH = /\b(must|required|should|the|allowed|not valid|is not|equal to)\b/i;

interface Param {
  name: string;
  in: 'query' | 'path';
  description?: string;
  schema?: { type?: string; format?: string; description?: string };
}

/** The parts of the OpenAPI document the sweep reads. */
interface OpenApiDoc {
  servers: { url: string }[];
  paths: Record<string, Record<string, { servers?: { url: string }[]; parameters?: Param[] }>>;
}

function absurd(p: Param): string[] {
  if (p.schema?.type === 'integer' || p.schema?.type === 'number') return NUMBERS;
  if (p.schema?.format === 'date-time') return DATES;
  if (p.schema?.type === 'string' && /YYYY-MM-DD/.test(p.description ?? p.schema.description ?? '')) return DAYS;
  if (p.schema?.type === 'boolean') return ['2', 'yes%00', '%00'];
  return TEXTS;
}

describe(`absurd parameters on every route (${STORE_NAME})`, () => {
  let t: TestApp;
  let key: string;
  /** A plausible value for each path parameter, pointing at a real row where there is one. */
  const real: Record<string, string> = { external_id: 'SWEEP-1', code: 'ar', slug: 'volkswagen', listing_id: 'nope', file_id: 'nope', name: 'x.jpg' };

  before(async () => {
    // Unlimited: past 120 calls a minute (D23) every answer would be a 429 and prove nothing.
    t = await makeApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000', INBOUND_MAIL_SECRET: INBOUND_SECRET } });
    const seeded = await seedDealer(t);
    key = seeded.key;
    const feed = await feedFor(t, seeded.slug);
    assert.equal((await pushCsv(t, feed.path, csv([csvCar('SWEEP-1')]))).statusCode, 200);
    const imp = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
    const dealer = await t.store.db.selectFrom('dealers').select('id').where('slug', '=', seeded.slug).executeTakeFirstOrThrow();
    const hook = await insertWebhook(t.store.db, {
      dealerId: dealer.id,
      url: 'https://hooks.example.com/x',
      events: ['vehicle.created'],
      secretSealed: 'x',
      now: t.clock.now(),
    });
    Object.assign(real, { token: feed.token, id: String(feed.id), import_id: String(imp.id), webhook_id: String(hook.id), delivery_id: '1' });
  });
  after(() => t.close());

  function check(method: string, url: string, status: number, body: string): boolean {
    const where = `${method} ${url.slice(0, 120)}`;
    assert.ok(status < 500, `${where} answered ${status}: ${body.slice(0, 200)}`);
    if (status >= 400 && !url.startsWith('/listings/')) {
      const parsed = JSON.parse(body);
      assert.deepEqual(Object.keys(parsed), ['error'], where);
      assert.equal(typeof parsed.error.code, 'string', where);
      assert.equal(typeof parsed.error.message, 'string', where);
      return true;
    }
    return false;
  }

  /** The Spanish and English answers of one error: the same code and problems, other words. */
  function sameErrorOtherWords(where: string, es: string, en: string): void {
    const a = JSON.parse(es).error as { code: string; message: string; fields?: string[]; problems?: unknown };
    const b = JSON.parse(en).error as typeof a;
    assert.equal(a.code, b.code, where);
    assert.deepEqual(a.problems, b.problems, where);
    assert.notEqual(a.message, b.message, `${where}: "${a.message}" is the same in es and en`);
    // Nor half of it in English (a framework's sentence inside a Spanish frame).
    for (const text of [a.message, ...(a.fields ?? [])]) assert.doesNotMatch(text, ENGLISH, `${where}: "${text}"`);
    assert.equal(a.fields?.length, b.fields?.length, where);
    for (const [i, f] of (a.fields ?? []).entries()) assert.notEqual(f, b.fields![i], `${where}: field "${f}" is the same in es and en`);
  }

  test('no 5xx, and errors in the Error shape', async () => {
    const doc = (t.app as unknown as { swagger(): OpenApiDoc }).swagger();
    const base = new URL(doc.servers[0]!.url).pathname;
    const operations: { method: string; path: string; params: Param[] }[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const prefix = op.servers ? new URL(op.servers[0]!.url).pathname.replace(/\/$/, '') : base;
        operations.push({ method: method.toUpperCase(), path: `${prefix}${path}`, params: op.parameters ?? [] });
      }
    }
    // Public pages and photos, outside the OpenAPI document.
    for (const path of ['/listings/{listing_id}', '/listings/{listing_id}/thanks', '/photos/{file_id}/{name}']) {
      operations.push({
        method: 'GET',
        path,
        params: [
          { name: 'listing_id', in: 'path' },
          { name: 'file_id', in: 'path' },
          { name: 'name', in: 'path' },
        ].filter((p) => path.includes(`{${p.name}}`)) as Param[],
      });
    }
    // D40: the inbound mail hook, outside the document too (an API key is no secret of it: 401).
    operations.push({ method: 'POST', path: '/inbound/mail', params: [] });
    assert.ok(operations.length >= 20, `${operations.length} operations`);

    // The statistics' from/to (D34) get days, not just text: `to=9999-12-31` was a 500 (P156).
    const dayParams = operations.flatMap((op) => op.params.filter((p) => absurd(p) === DAYS).map((p) => `${op.path} ${p.name}`));
    assert.ok(
      ['/v1/stats from', '/v1/stats to', '/v1/vehicles/{external_id}/stats from', '/v1/vehicles/{external_id}/stats to'].every((d) => dayParams.includes(d)),
      dayParams.join(', '),
    );

    let calls = 0;
    const limited: string[] = [];
    let compared = 0;
    for (const op of operations) {
      const fill = (path: string, over: Record<string, string> = {}) =>
        path.replace(/\{(\w+)\}/g, (_, name: string) => {
          if (name in over) return over[name]!;
          // The webhook routes' `id` is a webhook's, the feeds routes' a feed's.
          if (name === 'id' && path.includes('/webhooks/')) return real.webhook_id!;
          return encodeURIComponent(real[name] ?? 'x');
        });
      const cases: string[] = [];
      for (const p of op.params) {
        for (const value of absurd(p)) {
          cases.push(p.in === 'path' ? fill(op.path, { [p.name]: value }) : `${fill(op.path)}?${p.name}=${value}`);
        }
      }
      cases.push(
        `${fill(op.path)}?${op.params
          .filter((p) => p.in === 'query')
          .map((p) => `${p.name}=${absurd(p)[0]}`)
          .join('&')}`,
      );
      for (const url of cases) {
        const body = ['POST', 'PUT'].includes(op.method) ? '{}' : undefined;
        const ask = (lang: string) =>
          t.app.inject({
            method: op.method as 'GET',
            url,
            headers: { ...bearer(key), 'accept-language': lang, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { payload: body } : {}),
          });
        const res = await ask('es');
        if (res.statusCode === 429) limited.push(`${op.method} ${url.slice(0, 80)}`);
        calls++;
        if (!check(op.method, url, res.statusCode, res.body)) continue;
        const en = await ask('en');
        if (en.statusCode !== res.statusCode) continue;
        sameErrorOtherWords(`${op.method} ${url.slice(0, 120)}`, res.body, en.body);
        compared++;
      }
    }
    assert.ok(calls > 200, `${calls} calls`);
    // A 429 proves nothing about the parameters it was sent.
    assert.deepEqual(limited, []);
    assert.ok(compared > 150, `${compared} errors compared`);
  });
  test('hostile MIME to POST /inbound/mail (D40): every message answered in time, 2xx or 4xx in the Error shape, never a 5xx', async () => {
    for (const [name, raw] of hostileMails('reply+aaaaaaaaaaaaaaaaaaaaaaaaaa@localhost')) {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/inbound/mail',
        headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${INBOUND_SECRET}`, 'accept-language': 'es' },
        payload: raw,
      });
      const ms = performance.now() - started;
      assert.ok(res.statusCode < 500, `${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 400) assert.deepEqual(Object.keys(res.json()), ['error'], name);
      assert.ok(ms < 15_000, `${name}: ${Math.round(ms)} ms`);
    }
    // Still serving.
    assert.equal((await t.app.inject({ url: '/health' })).statusCode, 200);
  });
});
