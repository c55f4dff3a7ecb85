// Pages that read well (issue 26, P109–P110): an import that refused some rows is a warning with
// labelled counts, one that refused every row loaded nothing; and the feeds, import report,
// webhooks, keys, users and profile pages show words, never a raw value (a source, a market code,
// an event name, a role, a delivery status, a time zone's path), in Spanish, Portuguese and English.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { EVENT_TYPES } from '../../src/modules/events/events.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { csv, csvCar, feedFor, pushCsv } from '../feeds/support.js';

/** The text a reader sees: no tags, no attributes, no script; entities read. */
function visibleText(body: string): string {
  return body
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const RAW_EVERYWHERE = [
  ...[...EVENT_TYPES, 'webhook.test'].map((e) => new RegExp(`\\b${e.replace('.', '\\.')}\\b`)),
  // Sources as the API spells them (their words are capitalised: WooCommerce, Tiendanube, API…).
  /\b(woocommerce|tiendanube|shopify|prestashop|wordpress|odoo|zapier|api)\b/,
  // Market codes, as in "País: AR".
  /\b(AR|BR|US|UY)\b/,
  // A time zone's path.
  /America\/|America \/ /,
];
/** Values that are English words: raw only on a Spanish or Portuguese page. */
const RAW_NOT_EN = [/\b(owner|staff|succeeded|pending|failed|processed|refused|running|push|pull|active|revoked)\b/];

function assertNoRaw(lang: string, what: string, body: string): void {
  const text = visibleText(body);
  for (const re of [...RAW_EVERYWHERE, ...(lang === 'en' ? [] : RAW_NOT_EN)]) {
    const m = re.exec(text);
    assert.equal(m, null, `${what} (${lang}) shows the raw value "${m?.[0]}": …${m ? text.slice(Math.max(0, m.index - 60), m.index + 60) : ''}…`);
  }
}

async function postForm(t: TestApp, client: PanelClient, url: string, fields: [string, string][]) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams([['_csrf', client.csrf], ...fields]).toString(),
  });
  return { status: res.statusCode, body: res.body, location: res.headers.location };
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    partial: 'Importado con errores',
    none: 'Nada cargado',
    counts: '1 nuevo · 2 con errores',
    allBad: 'No se cargó ningún auto del archivo: las 2 filas tenían errores.',
  },
  {
    lang: 'pt',
    market: 'br',
    partial: 'Importado com erros',
    none: 'Nada carregado',
    counts: '1 novo · 2 com erros',
    allBad: 'Nenhum carro do arquivo foi carregado: as 2 linhas tinham erros.',
  },
  {
    lang: 'en',
    market: 'us',
    partial: 'Imported with errors',
    none: 'Nothing loaded',
    counts: '1 new · 2 with errors',
    allBad: 'No car of the file was loaded: all 2 rows had errors.',
  },
] as const;

describe(`panel pages read well (${STORE_NAME})`, () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    rx = await startReceiver();
    const outbound = createOutbound({
      allowPrivateNetworks: false,
      allowedPorts: [80, 443, rx.port],
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      isAllowed: (address) => address === '127.0.0.1',
      ca: rx.cert,
    });
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000', WEBHOOK_TIMEOUT: '2s' }, outbound });
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  for (const l of LANGS) {
    test(`${l.lang}: a partly refused import is a warning with labelled counts; a wholly refused one loaded nothing; no raw value on the owner's pages`, async () => {
      const { client, user } = await signedInClient(t, { markets: [l.market] });
      const feed = await feedFor(t, user.slug, { source: 'woocommerce' });
      const partly = await pushCsv(
        t,
        feed.path,
        csv([csvCar(`OK-${l.lang}`), csvCar(`BAD-${l.lang}-1`, { year: 'x' }), csvCar(`BAD-${l.lang}-2`, { year: 'y' })]),
      );
      assert.equal(partly.statusCode, 200, partly.body);
      const wholly = await pushCsv(
        t,
        feed.path,
        csv([csvCar(`OK-${l.lang}`), csvCar(`BAD-${l.lang}-3`, { year: 'x' }), csvCar(`BAD-${l.lang}-4`, { year: 'y' })].slice(1)),
      );
      assert.equal(wholly.statusCode, 200, wholly.body);
      const [first, second] = await t.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).orderBy('id').execute();

      const feeds = await client.get('/panel/feeds');
      assert.equal(feeds.status, 200);
      assert.ok(feeds.body.includes(`<span class="badge warn">${l.partial}</span>`), 'the partial import is a warning');
      assert.ok(feeds.body.includes(`<span class="badge bad">${l.none}</span>`), 'the wholly refused import loaded nothing');
      assert.ok(feeds.body.includes(l.counts), `labelled counts "${l.counts}"`);
      assert.ok(!/<td[^>]*>\d+ · \d+ · \d+ · \d+<\/td>/.test(feeds.body), 'no bare numbers');
      assert.ok(!/<th><\/th>/.test(feeds.body), 'no empty table header');
      assertNoRaw(l.lang, '/panel/feeds', feeds.body);

      const report = await client.get(`/panel/feeds/imports/${first!.id}`);
      assert.ok(report.body.includes(`<span class="badge warn">${l.partial}</span>`));
      assert.ok(report.body.includes('class="notice warn"'));
      assertNoRaw(l.lang, 'import report', report.body);
      const none = await client.get(`/panel/feeds/imports/${second!.id}`);
      assert.ok(none.body.includes(l.allBad), `"${l.allBad}"`);
      assertNoRaw(l.lang, 'import report', none.body);

      // A webhook for two events, and its test delivery in the log.
      await client.get('/panel/webhooks');
      const made = await postForm(t, client, '/panel/webhooks', [
        ['url', rx.url(`/${l.lang}`)],
        ['events', 'vehicle.sold'],
        ['events', 'lead.created'],
      ]);
      assert.equal(made.status, 200, made.body.slice(0, 300));
      const hook = await t.store.db.selectFrom('webhooks').select('id').where('dealer_id', '=', user.dealerId).executeTakeFirstOrThrow();
      const list = await client.get('/panel/webhooks');
      assertNoRaw(l.lang, '/panel/webhooks', list.body);
      await client.get(`/panel/webhooks/${hook.id}`);
      const tested = await client.post(`/panel/webhooks/${hook.id}/test`, {});
      assert.ok(tested.status === 303 || tested.status === 200, String(tested.status));
      const detail = await client.get(`/panel/webhooks/${hook.id}`);
      assert.ok(/<tbody>\s*<tr>/.test(detail.body), 'the test delivery is listed');
      assertNoRaw(l.lang, '/panel/webhooks/:id', detail.body);

      for (const path of ['/panel/keys', '/panel/users', '/panel/profile']) {
        const page = await client.get(path);
        assert.equal(page.status, 200, path);
        assert.ok(!/<th><\/th>/.test(page.body), `${path}: no empty table header`);
        assertNoRaw(l.lang, path, page.body);
      }
    });
  }
});
