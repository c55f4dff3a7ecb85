// Listing quality on a feed's "check a file" and on its import's report (D43, issue 39, P246):
// every car's score and the fix that gains most, in the reader's language, with the average and
// the cars under 50 — before anything is published (the check writes nothing) and after the push.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { msg, render } from '../../src/core/i18n/index.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { signedInClient, type PanelClient } from '../support/panel.js';
import { snapshot } from '../support/snapshot.js';
import { feedFor, pushCsv } from '../feeds/support.js';
import { qualityCsv } from '../feeds/quality-file.js';

function multipart(csrf: string, body: string) {
  const boundary = '----quality' + Math.random().toString(16).slice(2);
  return {
    body:
      `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\n${body}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The report's line of one car: its text, tags removed. */
function carRow(body: string, id: string): string {
  const m = new RegExp(`<li data-car="${id}">([\\s\\S]*?)</li>`).exec(body);
  assert.ok(m, `a row for ${id}`);
  return m[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const LANGS = [
  {
    lang: 'es',
    market: 'ar',
    title: 'Calidad de los avisos',
    average: '80,3 de 100',
    under: '1 de 3',
    nothing: 'Nada para mejorar',
    points: ['+12 puntos', '+7 puntos'],
  },
  {
    lang: 'pt',
    market: 'br',
    title: 'Qualidade dos anúncios',
    average: '80,3 de 100',
    under: '1 de 3',
    nothing: 'Nada a melhorar',
    points: ['+12 pontos', '+7 pontos'],
  },
] as const;

describe(`listing quality on check a file and the import report (${STORE_NAME})`, () => {
  let t: TestApp;
  before(async () => {
    t = await makeApp({ env: { FEED_PUSH_PER_MINUTE: '1000' } });
  });
  after(() => t.close());

  async function checkFile(client: PanelClient, feedId: number, body: string) {
    await client.get(`/panel/feeds/tokens/${feedId}/mapping`);
    const m = multipart(client.csrf, body);
    const res = await t.app.inject({
      method: 'POST',
      url: `/panel/feeds/tokens/${feedId}/check`,
      headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'content-type': m.contentType },
      payload: m.body,
    });
    return { status: res.statusCode, body: res.body };
  }

  for (const l of LANGS) {
    test(`${l.lang}: each car's score and top hint, the average and the cars under 50, before and after the push`, async () => {
      const { client, user } = await signedInClient(t, { markets: [l.market] });
      const feed = await feedFor(t, user.slug);
      const file = qualityCsv(`Q${l.lang}`, l.lang);
      const photosFew = render(l.lang, msg('quality_photos_few', { min: 8 }));
      const colour = render(l.lang, msg('quality_attribute_missing', { attribute: 'color' }));

      // Check a file: the scores the cars would have; nothing is written.
      const before = await snapshot(t.store);
      const check = await checkFile(client, feed.id, file);
      assert.equal(check.status, 200, check.body.slice(0, 800));
      assert.deepEqual(await snapshot(t.store), before, 'a check writes nothing');
      for (const body of [check.body]) {
        assert.ok(body.includes(l.title), 'the section');
        assert.match(body, new RegExp(`data-quality="average">[\\s\\S]*?${l.average}`));
        assert.match(body, new RegExp(`data-quality="under">${l.under}<`));
        const bare = carRow(body, `Q${l.lang}-BARE`);
        assert.ok(bare.includes(' 48 '), bare);
        assert.ok(bare.includes(photosFew) && bare.includes(l.points[0]), bare);
        assert.ok(carRow(body, `Q${l.lang}-FULL`).includes(l.nothing));
        const nocolor = carRow(body, `Q${l.lang}-NOCOLOR`);
        assert.ok(nocolor.includes(' 93 ') && nocolor.includes(colour) && nocolor.includes(l.points[1]), nocolor);
        // Lowest first.
        assert.ok(body.indexOf(`data-car="Q${l.lang}-BARE"`) < body.indexOf(`data-car="Q${l.lang}-NOCOLOR"`));
        assert.ok(body.indexOf(`data-car="Q${l.lang}-NOCOLOR"`) < body.indexOf(`data-car="Q${l.lang}-FULL"`));
      }

      // The push, then its report: the same scores (photos not in yet), each car linked to its page.
      const pushed = await pushCsv(t, feed.path, file);
      assert.equal(pushed.statusCode, 200, pushed.body);
      const imp = await t.store.db.selectFrom('feed_imports').select(['id', 'cars']).where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
      assert.deepEqual(JSON.parse(imp.cars), [`Q${l.lang}-BARE`, `Q${l.lang}-FULL`, `Q${l.lang}-NOCOLOR`]);
      const report = await client.get(`/panel/feeds/imports/${imp.id}`);
      assert.equal(report.status, 200);
      assert.ok(report.body.includes(l.title));
      assert.match(report.body, new RegExp(`data-quality="average">[\\s\\S]*?${l.average}`));
      assert.match(report.body, new RegExp(`data-quality="under">${l.under}<`));
      const bare = carRow(report.body, `Q${l.lang}-BARE`);
      assert.ok(bare.includes(' 48 ') && bare.includes(photosFew) && bare.includes(l.points[0]), bare);
      const car = await t.store.db.selectFrom('vehicles').select('id').where('external_id', '=', `Q${l.lang}-BARE`).executeTakeFirstOrThrow();
      assert.ok(report.body.includes(`href="/panel/inventory/${car.id}#quality"`), 'linked to the car page');
      // Photos from a host never reached: still being checked, said so.
      assert.match(report.body, /notice warn" role="status">[^<]*3/);

      // The score as it is now: a fix shows on the same report.
      await t.store.db.updateTable('vehicles').set({ quality_score: 100, color: 'Gris' }).where('external_id', '=', `Q${l.lang}-NOCOLOR`).execute();
      const again = await client.get(`/panel/feeds/imports/${imp.id}`);
      assert.ok(carRow(again.body, `Q${l.lang}-NOCOLOR`).includes(' 100 '));
    });
  }

  test('an import whose rows fail lists only the cars it wrote; another dealership cannot read it', async () => {
    const { client, user } = await signedInClient(t);
    const feed = await feedFor(t, user.slug);
    const file = qualityCsv('QF', 'es').replace('QF-FULL,Volkswagen,Gol,2015', 'QF-FULL,Toyotta,Gol,2015');
    assert.equal((await pushCsv(t, feed.path, file)).statusCode, 200);
    const imp = await t.store.db.selectFrom('feed_imports').select(['id', 'cars']).where('feed_id', '=', feed.id).executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(imp.cars), ['QF-BARE', 'QF-NOCOLOR']);
    const report = await client.get(`/panel/feeds/imports/${imp.id}`);
    assert.match(report.body, /data-quality="under">1 de 2</);
    assert.ok(!report.body.includes('data-car="QF-FULL"'));
    const other = await signedInClient(t);
    assert.equal((await other.client.get(`/panel/feeds/imports/${imp.id}`)).status, 404);
  });
});
