// Listing quality where dealers see it beyond the car (D43, issue 39 §3, P248, P249), on both
// stores: the weekly mail names the overview's cars to improve (at most five, lowest score first,
// for sale only, this dealership's) each with its score, its first hint in the owner's language
// and a link to its page; the statistics page sums views and leads per quality band over its
// period (a sold car viewed in it counts, a view or lead outside it does not, another
// dealership's never) and says only what the figures allow; an empty dealership gets neither a
// table nor a claim.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { bandFinding, qualityBands, type QualityBand } from '../../src/modules/stats/panel-stats.js';
import { addToDays } from '../../src/modules/stats/repository.js';
import { sendWeeklySummaries } from '../../src/modules/stats/weekly-mail.js';
import { qualityScore } from '../../src/modules/vehicles/quality.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar } from '../support/cars.js';
import { bearer } from '../support/dealers.js';
import { freshAddress, PanelClient, seedPanelUser, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

const ZONE = 'America/Argentina/Buenos_Aires';
// Thursday 2026-10-01, noon local: the band dealership's cars are made, and a lead comes that
// falls before the page's period.
const T_EARLY = Date.UTC(2026, 9, 1, 15);
// Friday 2026-11-06, noon local: the mail dealership is made.
const T0 = Date.UTC(2026, 10, 6, 15);
// Friday 2026-11-13, noon local: the page's 30 days are 2026-10-15 … 2026-11-13.
const T1 = Date.UTC(2026, 10, 13, 15);
// Monday 2026-11-16, 09:00 local: the week of 2026-11-09 is summed up.
const T_MAIL = Date.UTC(2026, 10, 16, 12);

const LONG = 'Único dueño, service oficial al día, cubiertas nuevas, tapizado impecable, sin choques. '.repeat(6);
const SOUND8 = '[0,0,0,0,0,0,0,0]';

interface Facts {
  fuel?: string | null;
  transmission?: string | null;
  version?: string | null;
  color?: string | null;
  description?: string | null;
  photo_checks?: string;
}

describe(`Listing quality in the weekly mail and on the statistics page (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: SeededUser;
  let bandOwner: SeededUser;
  const ids: Record<string, number> = {};

  const idOf = async (listingId: string) =>
    Number((await t.store.db.selectFrom('vehicles').select('id').where('listing_id', '=', listingId).executeTakeFirstOrThrow()).id);

  /** Sets a car's quality facts and stores the score the writer would (P220's one arithmetic). */
  async function setFacts(id: number, over: Facts): Promise<number> {
    const facts = { fuel: 'gasoline', transmission: 'manual', version: 'XEi', color: 'Blanco', description: LONG, photo_checks: SOUND8, ...over };
    const score = qualityScore(facts);
    await t.store.db
      .updateTable('vehicles')
      .set({ ...facts, quality_score: score })
      .where('id', '=', id)
      .execute();
    return score;
  }

  const setScore = (id: number, score: number) => t.store.db.updateTable('vehicles').set({ quality_score: score }).where('id', '=', id).execute();

  async function inquiry(url: string, who: string): Promise<void> {
    const res = await t.app.inject({
      method: 'POST',
      url: `${pathOf(url)}/inquiries`,
      remoteAddress: freshAddress(),
      payload: { name: 'Ana', email: `${who}@example.com`, message: '¿Sigue disponible?' },
    });
    assert.ok(res.statusCode < 400, res.body);
  }

  before(async () => {
    await host.start();
    clock = new ManualClock(T_EARLY);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', STATS_FLUSH_INTERVAL: '60s' } });

    // The band dealership: twelve cars for sale and two sold, scores set by hand (the bands read the stored score).
    bandOwner = await seedPanelUser(t, { markets: ['ar'] });
    const urls: Record<string, string> = {};
    for (const name of ['L1', 'L2', 'L3', 'L4', 'L5', 'M1', 'M2', 'H1', 'H2', 'H3', 'H4', 'S1', 'S2', 'S3']) {
      const car = await publishCar(t, bandOwner.key, host, name, { price: 10_000_000 });
      ids[name] = await idOf(car.listing_id);
      urls[name] = car.url;
    }
    // A lead on H1 before the period: not counted.
    await inquiry(urls.H1!, 'early');
    const scores: Record<string, number> = { L1: 10, L2: 20, L3: 30, L4: 40, L5: 49, M1: 50, M2: 69, H1: 85, H2: 90, H3: 100, H4: 100, S1: 95, S2: 30, S3: 88 };
    for (const [name, score] of Object.entries(scores)) await setScore(ids[name]!, score);
    // S1 and S2 sold, S3 withdrawn: S1 is viewed in the period (it counts, 85–100), S2 and S3 are not (they do not).
    for (const name of ['S1', 'S2'])
      assert.equal((await t.app.inject({ method: 'POST', url: `/v1/vehicles/${name}/sold`, headers: bearer(bandOwner.key) })).statusCode, 200);
    await t.store.db.updateTable('vehicles').set({ status: 'withdrawn' }).where('id', '=', ids.S3!).execute();

    // The mail dealership, a week later.
    clock.set(T0);
    owner = await seedPanelUser(t, { markets: ['ar'] });
    const facts: Record<string, Facts> = {
      Q1: { description: null }, // 90: description_short +10
      Q2: { fuel: null, color: null }, // 85: fuel +8 first
      Q3: { transmission: null, description: null }, // 82: description_short +10
      Q4: { photo_checks: '[0,0,0,0]' }, // 90: photos_few +10
      Q5: { fuel: null, transmission: null, version: null, color: null }, // 70: fuel +8 first
      Q6: {}, // 100: nothing to improve
      Q7: { description: LONG.slice(0, 200) }, // 95: sixth, past the mail's five
      Q8: { fuel: null, transmission: null, version: null, color: null, description: null }, // 60, but sold
    };
    for (const [name, f] of Object.entries(facts)) {
      const car = await publishCar(t, owner.key, host, name, { price: 10_000_000 });
      ids[name] = await idOf(car.listing_id);
      await setFacts(ids[name], f);
    }
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/Q8/sold', headers: bearer(owner.key) })).statusCode, 200);
    // A Portuguese-reading owner of the same dealership.
    const pt = await seedPanelUser(t, { slug: owner.slug });
    await t.store.db.updateTable('users').set({ lang: 'pt' }).where('email', '=', pt.email).execute();

    // The period's views and leads of the band dealership (and some outside it).
    clock.set(T1);
    const row = (name: string, day: string, views: number) => ({
      vehicle_id: ids[name]!,
      day,
      dealer_id: bandOwner.dealerId,
      market: 'ar',
      views,
      phone: 0,
      whatsapp: 0,
      inquiries: 0,
    });
    await addToDays(t.store.db, [
      // 0–49: 50 views over five cars.
      row('L1', '2026-11-13', 20),
      row('L2', '2026-11-01', 10),
      row('L3', '2026-10-15', 20),
      // 50–69: 30 over two.
      row('M1', '2026-11-10', 30),
      // 85–100: 150 over five (S1 sold, viewed in the period).
      row('H1', '2026-11-12', 60),
      row('H2', '2026-11-12', 40),
      row('S1', '2026-10-20', 50),
      // Outside the period: the day before it.
      row('L1', '2026-10-14', 500),
      row('S2', '2026-10-14', 70),
    ]);
    // Another dealership's viewed car counts nowhere.
    await addToDays(t.store.db, [
      { vehicle_id: ids.Q1!, day: '2026-11-12', dealer_id: owner.dealerId, market: 'ar', views: 999, phone: 0, whatsapp: 0, inquiries: 0 },
    ]);
    // Leads: one on L4, three on 85–100 (two on H3, one on H4).
    await inquiry(urls.L4!, 'l4');
    await inquiry(urls.H3!, 'h3a');
    await inquiry(urls.H3!, 'h3b');
    await inquiry(urls.H4!, 'h4');
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the weekly mail names the five cars with the most to gain, each with its score, first hint and link, in es and pt', async () => {
    clock.set(T_MAIL);
    await sendWeeklySummaries({ store: t.store, clock, publicBaseUrl: 'https://cars.example.com' });
    const mails = await t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'stats_weekly').where('dealer_id', '=', owner.dealerId).execute();
    assert.equal(mails.length, 2);
    const es = mails.find((m) => m.to_address === owner.email)!;
    const pt = mails.find((m) => m.to_address !== owner.email)!;
    const named = (text: string) => [...(text.split('Autos para mejorar:')[1]?.matchAll(/\((Q\d)\) — /g) ?? [])].map((m) => m[1]);
    const namedPt = (text: string) => [...(text.split('Carros para melhorar:')[1]?.matchAll(/\((Q\d)\) — /g) ?? [])].map((m) => m[1]);
    // Lowest first, a tie by the older car; Q7 (95) is sixth, Q6 scores 100, Q8 is sold.
    assert.deepEqual(named(es.text_body!), ['Q5', 'Q3', 'Q2', 'Q1', 'Q4'], es.text_body!);
    assert.deepEqual(namedPt(pt.text_body!), ['Q5', 'Q3', 'Q2', 'Q1', 'Q4'], pt.text_body!);
    const line = (name: string, rest: string, body: string) =>
      assert.ok(body.includes(`(${name}) — ${rest}\n     https://cars.example.com/panel/inventory/${ids[name]}#quality`), `${name} in\n${body}`);
    line('Q5', '70 de 100 — Complete el combustible: los compradores filtran por ese dato. (+8 puntos)', es.text_body!);
    line('Q3', '82 de 100 — Escriba una descripción más larga (al menos 400 caracteres): estado, service, equipamiento. (+10 puntos)', es.text_body!);
    line(
      'Q4',
      '90 de 100 — Agregue fotos: las publicaciones con al menos 8 fotos (frente, atrás, laterales, interior, tablero, baúl) reciben más consultas. (+10 puntos)',
      es.text_body!,
    );
    line('Q5', '70 de 100 — Preencha o combustível: os compradores filtram por esse dado. (+8 pontos)', pt.text_body!);
    line('Q2', '85 de 100 — Preencha o combustível: os compradores filtram por esse dado. (+8 pontos)', pt.text_body!);
    line('Q1', '90 de 100 — Escreva uma descrição mais longa (pelo menos 400 caracteres): estado, revisões, equipamentos. (+10 pontos)', pt.text_body!);
    assert.ok(es.text_body!.includes('Ver todos por calidad: https://cars.example.com/panel/inventory?sort=quality'));
    // The HTML part: the same cars, linked to their pages.
    assert.match(es.html_body!, /<h2[^>]*>Autos para mejorar<\/h2>/);
    assert.ok(es.html_body!.includes(`<a href="https://cars.example.com/panel/inventory/${ids.Q5}#quality">`));
    assert.ok(!es.html_body!.includes(`/panel/inventory/${ids.Q7}#quality`));
    assert.match(pt.html_body!, /<h2[^>]*>Carros para melhorar<\/h2>/);
    // The band dealership's owner (this week's mail; earlier ones went when the jobs ran): no car of another dealership.
    const band = await t.store.db
      .selectFrom('mails')
      .selectAll()
      .where('kind', '=', 'stats_weekly')
      .where('to_address', '=', bandOwner.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(band.text_body!, /\(Q\d\)/);
  });

  test("views and leads per band: the period's, this dealership's, sold cars viewed in it included", async () => {
    clock.set(T1);
    const q = await qualityBands(t.store.db, { dealerId: bandOwner.dealerId, zone: ZONE, now: T1, length: 30 });
    assert.deepEqual(q.bands, [
      { low: 0, high: 49, cars: 5, views: 50, leads: 1 },
      { low: 50, high: 69, cars: 2, views: 30, leads: 0 },
      { low: 70, high: 84, cars: 0, views: 0, leads: 0 },
      { low: 85, high: 100, cars: 5, views: 150, leads: 3 },
    ]);
    // 30 views a car against 10: more; 0–49 and 85–100 compared (50–69 has too few cars).
    assert.equal(q.finding.kind, 'more');
    assert.deepEqual([q.finding.top.low, q.finding.bottom.low], [85, 0]);

    const client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(bandOwner.email, bandOwner.password)).status, 303);
    const page = await client.get('/panel/stats');
    assert.equal(page.status, 200);
    const section = /<section class="card" aria-labelledby="bands" id="quality-bands">([\s\S]*?)<\/section>/.exec(page.body)?.[1];
    assert.ok(section, 'the bands section');
    assert.match(section, /<h2 id="bands">Visitas y consultas según la calidad del aviso<\/h2>/);
    const rows = [
      ...section.matchAll(
        /<tr><td data-label="Puntaje de calidad">([^<]+)<\/td><td data-label="Autos">([^<]+)<\/td><td data-label="Visitas por auto">([^<]+)<\/td><td data-label="Consultas por auto">([^<]+)<\/td><\/tr>/g,
      ),
    ].map((m) => m.slice(1));
    assert.deepEqual(rows, [
      ['85–100', '5', '30,0', '0,60'],
      ['70–84', '0', '—', '—'],
      ['50–69', '2', '15,0', '0,00'],
      ['0–49', '5', '10,0', '0,20'],
    ]);
    assert.match(
      section,
      /<p data-finding="more">En este período sus autos con puntaje 85–100 tuvieron más visitas por auto que los de 0–49 \(30,0 contra 10,0; consultas por auto: 0,60 contra 0,20\); es una relación, no una prueba/,
    );
  });

  test('what the page may say: too few cars, about the same, fewer, no views', () => {
    const band = (low: number, cars: number, views: number, leads = 0): QualityBand => ({ low, high: low + 9, cars, views, leads });
    assert.equal(bandFinding([band(0, 0, 0), band(50, 0, 0)]).kind, 'no_cars');
    // Only one band with five cars: no comparison, however different the figures.
    assert.equal(bandFinding([band(0, 4, 0), band(50, 0, 0), band(85, 9, 900)]).kind, 'too_few');
    assert.equal(bandFinding([band(0, 5, 0), band(85, 5, 0)]).kind, 'no_views');
    assert.equal(bandFinding([band(0, 5, 50), band(85, 5, 55)]).kind, 'similar');
    assert.equal(bandFinding([band(0, 5, 50), band(85, 5, 60)]).kind, 'more');
    assert.equal(bandFinding([band(0, 5, 60), band(85, 5, 50)]).kind, 'fewer');
    assert.equal(bandFinding([band(0, 5, 0), band(85, 5, 3)]).kind, 'more');
  });

  test('an empty dealership: no table, no claim, no cars to improve in its mail', async () => {
    clock.set(T1);
    const empty = await seedPanelUser(t, { markets: ['br'] });
    const q = await qualityBands(t.store.db, { dealerId: empty.dealerId, zone: 'America/Sao_Paulo', now: T1, length: 90 });
    assert.deepEqual(
      q.bands.map((b) => b.cars),
      [0, 0, 0, 0],
    );
    assert.equal(q.finding.kind, 'no_cars');
    const client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(empty.email, empty.password)).status, 303);
    const page = await client.get('/panel/stats?days=90');
    const section = /<section class="card" aria-labelledby="bands" id="quality-bands">([\s\S]*?)<\/section>/.exec(page.body)?.[1];
    assert.ok(section);
    assert.doesNotMatch(section, /<table/);
    assert.match(section, /<p data-finding="no_cars">Ainda não houve carros à venda nem vistos neste período.<\/p>/);
    // Its first whole week ends: the summary goes, without a section on cars to improve.
    clock.set(Date.UTC(2026, 10, 23, 12));
    await sendWeeklySummaries({ store: t.store, clock, publicBaseUrl: 'https://cars.example.com' });
    const mail = await t.store.db
      .selectFrom('mails')
      .selectAll()
      .where('kind', '=', 'stats_weekly')
      .where('to_address', '=', empty.email)
      .executeTakeFirstOrThrow();
    assert.doesNotMatch(mail.text_body!, /Carros para melhorar|Todos os carros à venda têm 100 pontos/);
    assert.match(mail.text_body!, /Ver as suas estatísticas/);
  });
});
