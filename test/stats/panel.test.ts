// The statistics page, a car's statistics section and the weekly summary mail (D34, P117–P119),
// on both stores: the lists name the right cars (viewed with no contact, unanswered leads,
// priced above the market, days on the market), the charts' tables carry the day's numbers,
// the car page states its market position, and the weekly mail goes once per dealership and
// local week to the owners who did not turn it off, each in their language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ManualClock } from '../../src/core/clock.js';
import { marketFormat } from '../../src/modules/markets/format.js';
import { chartFormat } from '../../src/modules/stats/chart.js';
import { addToDays } from '../../src/modules/stats/repository.js';
import { mondayOf, sendWeeklySummaries, weekDue } from '../../src/modules/stats/weekly-mail.js';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';
import { publishCar, type CarAnswer } from '../support/cars.js';
import { bearer, seedDealer } from '../support/dealers.js';
import { freshAddress, PanelClient, seedPanelUser, signedInClient, type SeededUser } from '../support/panel.js';
import { pathOf, PhotoHost } from '../support/photos.js';

// Friday 2026-11-06, noon in Buenos Aires (UTC-3): the dealerships are made then.
const T0 = Date.UTC(2026, 10, 6, 15);
// Friday 2026-11-13, noon local: the page is read then; the figures are of 2026-11-09…13.
const T1 = Date.UTC(2026, 10, 13, 15);

/** The numbers of a chart's table: per row (day label) the cells, as the page writes them. */
function chartRows(body: string, id: string): Map<string, string[]> {
  const figure = new RegExp(`<figure class="chart" id="${id}">([\\s\\S]*?)</figure>`).exec(body);
  assert.ok(figure, `chart ${id} on the page`);
  const rows = new Map<string, string[]>();
  for (const m of figure[1]!.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td class="num">[^<]*<\/td>)+)<\/tr>/g)) {
    rows.set(
      m[1]!,
      [...m[2]!.matchAll(/<td class="num">([^<]*)<\/td>/g)].map((c) => c[1]!),
    );
  }
  return rows;
}

/** The rows of the list section `id`, as the link texts of their cars. */
function listCars(body: string, id: string): string[] {
  const section = new RegExp(`<section class="card" aria-labelledby="${id}">([\\s\\S]*?)</section>`).exec(body);
  assert.ok(section, `section ${id} on the page`);
  return [...section[1]!.matchAll(/<span class="muted nowrap">([^<]+)<\/span><\/td>/g)].map((m) => m[1]!);
}

describe(`Statistics page and weekly summary (${STORE_NAME})`, () => {
  let t: TestApp;
  let clock: ManualClock;
  const host = new PhotoHost();
  let owner: SeededUser;
  let client: PanelClient;
  let dealerId: number;
  const cars: Record<string, CarAnswer & { id: number }> = {};

  const idOf = async (listingId: string) =>
    Number((await t.store.db.selectFrom('vehicles').select('id').where('listing_id', '=', listingId).executeTakeFirstOrThrow()).id);

  before(async () => {
    await host.start();
    clock = new ManualClock(T0);
    t = await makeApp({ clock, env: { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true', PUBLIC_BASE_URL: 'https://cars.example.com', STATS_FLUSH_INTERVAL: '60s' } });
    owner = await seedPanelUser(t, { markets: ['ar'] });
    dealerId = owner.dealerId;
    // Every car a 2019 Toyota Corolla (aCar): each is the others' comparable (D34, any dealership).
    for (const [name, price] of [
      ['A', 18_500_000],
      ['B', 10_000_000],
      ['C', 10_000_000],
      ['D', 10_000_000],
      ['E', 10_000_000],
    ] as const) {
      const car = await publishCar(t, owner.key, host, `P-${name}`, { price });
      cars[name] = { ...car, id: await idOf(car.listing_id) };
    }
    const other = await seedDealer(t, { markets: ['ar'] });
    for (let i = 1; i <= 3; i++) await publishCar(t, other.key, host, `O-${i}`, { price: 10_000_000 });
    // E is sold: its views count nowhere in the lists of cars for sale.
    assert.equal((await t.app.inject({ method: 'POST', url: '/v1/vehicles/P-E/sold', headers: bearer(owner.key) })).statusCode, 200);

    clock.set(T1);
    // Signed in now (a session ends after 12 idle hours).
    client = new PanelClient(t.app, freshAddress());
    assert.equal((await client.signIn(owner.email, owner.password)).status, 303);
    const row = (name: string, day: string, f: { views?: number; phone?: number; whatsapp?: number }) => ({
      vehicle_id: cars[name]!.id,
      day,
      dealer_id: dealerId,
      market: 'ar',
      views: f.views ?? 0,
      phone: f.phone ?? 0,
      whatsapp: f.whatsapp ?? 0,
      inquiries: 0,
    });
    await addToDays(t.store.db, [
      row('A', '2026-11-12', { views: 30 }),
      row('A', '2026-11-13', { views: 20 }),
      row('B', '2026-11-13', { views: 30, phone: 1, whatsapp: 2 }),
      row('C', '2026-11-11', { views: 10 }),
      row('E', '2026-11-13', { views: 100 }),
    ]);
    // Leads: one on B (nobody answers), one on D (answered from the panel).
    for (const name of ['B', 'D']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${pathOf(cars[name]!.url)}/inquiries`,
        remoteAddress: freshAddress(),
        payload: { name: 'Ana', email: `ana-${name}@example.com`, message: '¿Sigue disponible?' },
      });
      assert.ok(res.statusCode < 400, res.body);
    }
    const leadD = await t.store.db.selectFrom('leads').select('id').where('vehicle_id', '=', cars.D!.id).executeTakeFirstOrThrow();
    await client.get(`/panel/leads/${leadD.id}`);
    assert.equal((await client.post(`/panel/leads/${leadD.id}/reply`, { reply: 'Sí, está disponible.' })).status, 303);
  });
  after(async () => {
    await t.close();
    await host.stop();
  });

  test('the page lists the most viewed cars with no contact, the unanswered leads and the cars priced above the market', async () => {
    const page = await client.get('/panel/stats');
    assert.equal(page.status, 200, page.body.slice(0, 300));
    assert.match(page.body, /<h1>Estadísticas<\/h1>/);
    assert.match(page.body, /<a href="\/panel\/stats" aria-current="page">Estadísticas<\/a>/);
    // A: 50 views and nothing else; C: 10. B was called; E is sold; D has no views.
    assert.deepEqual(listCars(page.body, 'quiet'), ['P-A', 'P-C']);
    assert.deepEqual(listCars(page.body, 'unanswered'), ['P-B']);
    // A: 18.5 M against a median of 10 M over 6 comparables (B, C, D and the other dealership's three; E is sold).
    assert.deepEqual(listCars(page.body, 'above'), ['P-A']);
    assert.ok(page.body.includes(new Intl.NumberFormat('es-AR', { style: 'percent', signDisplay: 'exceptZero' }).format(0.85)));
    // Days on the market: published a week ago, every one of the four for sale.
    assert.deepEqual(listCars(page.body, 'on-market').sort(), ['P-A', 'P-B', 'P-C', 'P-D']);
    assert.match(page.body, /data-label="Días">7</);
  });

  test("the charts' tables carry each day's numbers, zeros included, in the dealership's words", async () => {
    const page = await client.get('/panel/stats');
    const day = chartFormat('es-AR').day;
    const views = chartRows(page.body, 'dealer-views');
    assert.equal(views.size, 30);
    // The sold car's views are the dealership's views all the same (the API's totals, D34).
    assert.deepEqual(views.get(day('2026-11-13')), ['150']);
    assert.deepEqual(views.get(day('2026-11-12')), ['30']);
    assert.deepEqual(views.get(day('2026-11-11')), ['10']);
    assert.deepEqual(views.get(day('2026-11-10')), ['0']);
    const contacts = chartRows(page.body, 'dealer-contacts');
    assert.deepEqual(contacts.get(day('2026-11-13')), ['1', '2']);
    const leads = chartRows(page.body, 'dealer-leads');
    assert.deepEqual(leads.get(day('2026-11-13')), ['2']);
    // The drawing is described by its title and summary; the totals say the same.
    assert.match(page.body, /role="img" aria-labelledby="dealer-views-title" aria-describedby="dealer-views-summary"/);
    assert.match(page.body, /<dt>Visitas<\/dt><dd>190<\/dd>/);
    // 90 days: as many rows; any other period is a clear page.
    assert.equal(chartRows((await client.get('/panel/stats?days=90')).body, 'dealer-views').size, 90);
    assert.equal((await client.get('/panel/stats?days=7')).status, 400);
    // Portuguese words for a user who reads Portuguese.
    const pt = await signedInClient(t, { slug: owner.slug });
    await pt.client.get('/panel/account');
    await pt.client.post('/panel/account', { name: 'Paula', lang: 'pt', notify_leads: '1', weekly_stats: '1' });
    const ptPage = await pt.client.get('/panel/stats');
    assert.match(ptPage.body, /<h1>Estatísticas<\/h1>/);
    assert.match(ptPage.body, /Os mais vistos, sem nenhum contato/);
  });

  test('the old address (bookmarks, weekly mails sent before P170) moves for good to /panel/stats, its period kept', async () => {
    const old = await client.get('/panel/performance?days=90');
    assert.equal(old.status, 301);
    assert.equal(old.location, '/panel/stats?days=90');
    const plain = await client.get('/panel/performance');
    assert.equal(plain.status, 301);
    assert.equal(plain.location, '/panel/stats');
    // Signed out: sign in first, then back to the old address, which moves on.
    const stranger = new PanelClient(t.app, freshAddress());
    const out = await stranger.get('/panel/performance?days=30');
    assert.equal(out.status, 303);
    assert.match(out.location ?? '', /^\/panel\/sign-in\?next=/);
  });

  test("a car's page shows its market position, days on the market, price history and its own chart", async () => {
    const page = await client.get(`/panel/inventory/${cars.A!.id}`);
    assert.equal(page.status, 200);
    const pct = new Intl.NumberFormat('es-AR', { style: 'percent' }).format(0.85);
    assert.ok(
      page.body.includes(`${marketFormat('ar').price(1_850_000_000, 'ARS')} — ${pct} sobre el precio medio de 6 autos comparables`),
      /id="market-position">[^\n]*/.exec(page.body)?.[0],
    );
    assert.match(page.body, /<dd id="days-on-market">7<\/dd>/);
    assert.match(page.body, /<table class="stack" id="price-history">[\s\S]*?\$\s18\.500\.000/);
    const views = chartRows(page.body, 'car-views');
    assert.deepEqual(views.get(chartFormat('es-AR').day('2026-11-12')), ['30']);
    // B is at the median: the sentence says so.
    const b = await client.get(`/panel/inventory/${cars.B!.id}`);
    assert.match(b.body, /en el precio medio de 6 autos comparables/);
  });

  test('the weekly mail: owners only, in their language, not to one who turned it off, once per dealership and local week', async () => {
    // Another owner turns it off in My account; a staff member never has the box.
    const quiet = await signedInClient(t, { slug: owner.slug });
    const account = await quiet.client.get('/panel/account');
    assert.match(account.body, /name="weekly_stats" value="1" checked/);
    assert.equal((await quiet.client.post('/panel/account', { name: 'Quiet', lang: '', notify_leads: '1' })).status, 303);
    assert.doesNotMatch((await quiet.client.get('/panel/account')).body, /name="weekly_stats" value="1" checked/);
    const staff = await signedInClient(t, { slug: owner.slug, role: 'staff' });
    assert.doesNotMatch((await staff.client.get('/panel/account')).body, /name="weekly_stats"/);

    const weekly = () => t.store.db.selectFrom('mails').selectAll().where('kind', '=', 'stats_weekly').orderBy('id').execute();
    const deps = { store: t.store, clock, publicBaseUrl: 'https://cars.example.com' };
    // Monday 2026-11-16 07:00 local: not yet.
    clock.set(Date.UTC(2026, 10, 16, 10));
    assert.equal(weekDue(clock.now(), 'America/Argentina/Buenos_Aires'), null);
    assert.equal(await sendWeeklySummaries(deps), 0);
    // 09:00 local: the week of 2026-11-09 goes, twice asked at once and once more: once.
    clock.set(Date.UTC(2026, 10, 16, 12));
    assert.equal(weekDue(clock.now(), 'America/Argentina/Buenos_Aires'), '2026-11-09');
    assert.equal(mondayOf('2026-11-15'), '2026-11-09');
    await Promise.all([sendWeeklySummaries(deps), sendWeeklySummaries(deps)]);
    await sendWeeklySummaries(deps);
    const mails = await weekly();
    const others = await t.store.db.selectFrom('users').select(['email', 'lang']).where('dealer_id', '=', dealerId).where('role', '=', 'owner').execute();
    assert.deepEqual(
      mails.map((m) => m.to_address).sort(),
      others
        .filter((u) => u.email !== quiet.user.email)
        .map((u) => u.email)
        .sort(),
    );
    const es = mails.find((m) => m.to_address === owner.email)!;
    assert.match(es.subject, /su semana — 190 visitas, 2 consultas/);
    // Why each car: counts as ICU plurals (P179), "1 consulta", never "1 consultas".
    assert.match(es.text_body!, /\(P-B\) — [^—]+ — 1 consulta sin respuesta\n/);
    assert.match(es.text_body!, /\(P-C\) — [^—]+ — 10 visitas y ningún contacto\n/);
    assert.match(es.text_body!, /Del|del 9 nov/);
    // The three cars to act on: B (unanswered), A (over the market), C (seen, never asked about).
    const order = ['P-B', 'P-A', 'P-C'].map((s) => es.text_body!.indexOf(`(${s})`));
    assert.ok(order.every((i) => i > 0) && order[0]! < order[1]! && order[1]! < order[2]!, es.text_body!);
    assert.ok(es.text_body!.includes(`https://cars.example.com/panel/inventory/${cars.B!.id}`));
    assert.ok(es.text_body!.includes('https://cars.example.com/panel/account'));
    assert.ok(es.text_body!.includes('Ver sus estadísticas: https://cars.example.com/panel/stats?days=30'), es.text_body!);
    assert.match(es.html_body!, /<html lang="es">/);
    const pt = mails.find((m) => m.to_address !== owner.email)!;
    assert.match(pt.subject, /sua semana — 190 visualizações, 2 contatos/);
    // The next hour's run (the job's), a restart, nothing more; the week after, again.
    assert.equal(await sendWeeklySummaries(deps), 0);
    assert.equal((await weekly()).length, mails.length);
    clock.set(Date.UTC(2026, 10, 23, 12));
    assert.equal(await sendWeeklySummaries(deps), mails.length);
  });
});
