// A feed's import report with row errors, as a salesperson reads it (D31, P75): in Spanish,
// Portuguese and English, at 375 px and 1280 px. The rules a row broke, why no car was marked
// sold, the market and the source are in the user's words: no English sentence, field name or
// raw value on a Spanish or Portuguese page.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { STORE_NAME } from '../support/app.js';
import { checkPage } from '../support/axe.js';
import { horizontalOverflow, launch, liveServer, screenshot, signedInPage, skipBrowser, VIEWS, type LiveServer } from '../support/browser.js';
import { seedPanelUser } from '../support/panel.js';
import { csv, csvCar, feedFor } from '../feeds/support.js';

/** What a Spanish or Portuguese report must not show: the API's English and raw values. */
// (The file's own column names, `external_id` here, are shown as the file has them: the dealer's words.)
const FOREIGN = [
  'is not in the catalog',
  'must be',
  'failed, so no car was marked sold',
  'is required',
  'Origen: api',
  'woocommerce',
  'undefined',
  'null',
  '"code"',
];

/** Raw values a Spanish or Portuguese page must not show (issue 26, P110). */
const RAW = ['owner', 'staff', 'vehicle.sold', 'lead.created', 'processed', 'AR', 'BR'];

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    locale: 'es-AR',
    says: [
      'Marca: «Toyotta» no está en el catálogo',
      'Año: tiene que ser un número entero',
      'no se marcó ningún auto como vendido',
      'WooCommerce',
      'Argentina',
      'Código de stock',
    ],
    partial: 'Importado con errores',
    counts: '1 nuevo · 2 con errores',
    overview: 'Procesada con errores (2 filas)',
    fields: ['Código de stock', 'Marca', 'Kilometraje'],
  },
  {
    lang: 'pt',
    market: 'br',
    locale: 'pt-BR',
    says: [
      'Marca: “Toyotta” não está no catálogo',
      'Ano: precisa ser um número inteiro',
      'nenhum carro foi marcado como vendido',
      'WooCommerce',
      'Brasil',
      'Código de estoque',
    ],
    partial: 'Importado com erros',
    counts: '1 novo · 2 com erros',
    overview: 'Processada com erros (2 linhas)',
    fields: ['Código de estoque', 'Marca', 'Quilometragem'],
  },
  {
    lang: 'en',
    market: 'us',
    locale: 'en-US',
    says: ['brand "Toyotta" is not in the catalog', 'year must be a whole number', 'so no car was marked sold', 'WooCommerce', 'United States'],
    partial: 'Imported with errors',
    counts: '1 new · 2 with errors',
    overview: 'Processed with errors (2 rows)',
    fields: ['Stock ID', 'Brand', 'Mileage'],
  },
] as const;

describe(`an import report in the reader's language (${STORE_NAME})`, { skip: skipBrowser }, () => {
  let s: LiveServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  before(async () => {
    s = await liveServer();
    browser = await launch();
  });
  after(async () => {
    for (const c of contexts) await c.close();
    await browser.close();
    await s.close();
  });

  for (const l of LANGS) {
    test(`${l.lang}: row errors, sold_skipped, market and source in words, at 375 and 1280 px`, async () => {
      const owner = await seedPanelUser(s, { markets: [l.market] });
      const feed = await feedFor(s, owner.slug, { source: 'woocommerce' });
      const pushed = await s.app.inject({
        method: 'POST',
        url: feed.path,
        headers: { 'content-type': 'text/csv' },
        payload: csv([csvCar(`OK-${l.lang}`), csvCar(`BAD-${l.lang}-1`, { brand: 'Toyotta' }), csvCar(`BAD-${l.lang}-2`, { year: 'dos mil' })]),
      });
      assert.equal(pushed.statusCode, 200, pushed.body);
      const imp = await s.store.db.selectFrom('feed_imports').select('id').where('feed_id', '=', feed.id).executeTakeFirstOrThrow();

      for (const v of VIEWS) {
        const { ctx, page } = await signedInPage(browser, s.base, owner, v.open, l.locale);
        contexts.push(ctx);
        await page.goto(`${s.base}/panel/feeds/imports/${imp.id}`);
        const text = await page.locator('main').innerText();
        for (const said of l.says) assert.ok(text.includes(said), `"${said}" on the ${l.lang} report:\n${text}`);
        if (l.lang !== 'en') for (const word of FOREIGN) assert.ok(!text.includes(word), `"${word}" on the ${l.lang} report`);
        assert.equal(await horizontalOverflow(page), 0, 'fits the width');
        await checkPage(page, `import report ${l.lang} ${v.name}`);
        await screenshot(page, `import-report-${l.lang}-${v.name}`);
        // The rows to fix are on the first screen (P197), not under the facts and the column table.
        const firstError = await page.locator('main table').first().locator('tbody tr').first().boundingBox();
        assert.ok(
          firstError && firstError.y + firstError.height < (v.name === 'phone' ? 740 : 860),
          `the first failing row on the first screen (${v.name}): ${firstError?.y}`,
        );
        assert.match(await page.locator('main table').first().innerText(), /BAD-/);
        // The overview says the import had errors, with how many, not in green (P196).
        await page.goto(`${s.base}/panel`);
        const badge = page.locator('main .badge', { hasText: l.overview });
        assert.equal(await badge.count(), 1, `"${l.overview}" on the overview`);
        assert.equal(await badge.getAttribute('class'), 'badge warn');
        assert.equal(await horizontalOverflow(page), 0, 'the overview fits the width');
        if (l.lang !== 'en') await screenshot(page, `overview-import-errors-${l.lang}-${v.name}`);
        // The mapping page's "Campo" choices are the fields' words (P198).
        await page.goto(`${s.base}/panel/feeds/tokens/${feed.id}/mapping`);
        const options = await page.locator('#map-field option').allInnerTexts();
        for (const f of l.fields) assert.ok(options.includes(f), `"${f}" among ${options.join(', ')}`);
        for (const raw of ['external_id', 'brand', 'mileage']) assert.ok(!options.includes(raw), `no raw ${raw}`);
        await checkPage(page, `mapping ${l.lang} ${v.name}`);
        if (l.lang !== 'en') await screenshot(page, `feed-mapping-${l.lang}-${v.name}`);
        // The history says how the import went in words, and the owner's other pages read well too
        // (issue 26, P109–P111): a warning with labelled counts, no raw value, no broken word.
        for (const [path, shot] of [
          ['/panel/feeds#history', 'feeds-history'],
          ['/panel/keys', 'keys'],
          ['/panel/webhooks', 'webhooks'],
          ['/panel/users', 'users'],
        ] as const) {
          await page.goto(`${s.base}${path}`);
          const seen = await page.locator('main').innerText();
          if (l.lang !== 'en') for (const word of [...FOREIGN, ...RAW]) assert.ok(!seen.includes(word), `"${word}" on ${path} (${l.lang})`);
          assert.equal(await horizontalOverflow(page), 0, `${path} fits the width`);
          await checkPage(page, `${path} ${l.lang} ${v.name}`);
          if (l.lang !== 'en') await screenshot(page, `${shot}-${l.lang}-${v.name}`);
        }
        await page.goto(`${s.base}/panel/feeds`);
        const history = await page.locator('#history + .table-wrap tbody tr').first().innerText();
        assert.ok(history.includes(l.partial), `"${l.partial}" in the history: ${history}`);
        assert.ok(history.includes(l.counts), `"${l.counts}" in the history: ${history}`);
      }
    });
  }
});
