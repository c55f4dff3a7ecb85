// The panel's statistics page (D34, P117; one name, P170): the dealership's views, calls and WhatsApp, and
// leads per local day over the last 30 or 90 days as charts (each with its numbers as a table),
// and the cars to act on: viewed and never contacted, leads without an answer, days on the
// market, priced above the market. Every signed-in user of the dealership sees it.
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { textsOf, type Texts } from '../../core/i18n/index.js';
import { idParam, signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { sendPage } from '../../core/web/render.js';
import { dateTime } from '../../core/web/time.js';
import { marketFormat } from '../markets/format.js';
import { carTitle } from '../vehicles/pages.js';
import { findDealerVehicle } from '../vehicles/repository.js';
import { barChart, chartFormat, type ChartFormat } from './chart.js';
import { MIN_BAND_CARS, panelStats, PRICED_CARS, qualityBands, type PanelStats, type QualityBand, type QualityBands } from './panel-stats.js';
import type { PanelCar } from './repository.js';
import { MIN_ANSWERED } from './response.js';
import { durationText, SPEED_TEXTS } from './response-words.js';
import { carComparables, priceGaps, type PriceGaps } from './price-gap.js';
import { comparablesBody, priceGapSection } from './price-gap-page.js';

/** The page's and a car's section's words (car-section.ts reads them from here). */
export const STATS_TEXTS = textsOf('stats.');
type StatsTexts = Texts<'stats.'>;

export interface StatsPagesDeps {
  store: Store;
  clock: Clock;
  /** The buyers' pages' origin: the comparables link to them (P253). */
  publicBaseUrl: string;
}

/** The periods the page offers (?days=); 30 by default. */
const RANGES = [30, 90] as const;

const carLink = (c: PanelCar): Html => html`<a href="/panel/inventory/${c.id}">${carTitle(c)}</a> <span class="muted nowrap">${c.external_id}</span>`;
const priceOf = (c: Pick<PanelCar, 'market' | 'price_cents' | 'currency'>): string => marketFormat(c.market).price(c.price_cents, c.currency);

/** A signed percent as the locale writes it ("+12 %", "−8 %"). */
export function signedPercent(locale: string, pct: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'exceptZero' }).format(pct / 100);
}

/** The three charts of the statistics page (also the car section's, with one car's days). */
export function statsCharts(idPrefix: string, t: StatsTexts, f: ChartFormat, days: PanelStats['days']): Html {
  const dates = days.map((d) => d.date);
  const words = { summary: t.chartSummary, empty: t.chartEmpty, showNumbers: t.showNumbers, day: t.day };
  return html`${barChart(`${idPrefix}-views`, t.chartViews, dates, [{ label: t.figure.views, values: days.map((d) => d.views) }], f, words)}
${barChart(
  `${idPrefix}-contacts`,
  t.chartContacts,
  dates,
  [
    { label: t.figure.phone, values: days.map((d) => d.phone) },
    { label: t.figure.whatsapp, values: days.map((d) => d.whatsapp) },
  ],
  f,
  words,
)}
${barChart(`${idPrefix}-leads`, t.chartLeads, dates, [{ label: t.figure.leads, values: days.map((d) => d.leads) }], f, words)}`;
}

function table(head: string[], rows: Html[][]): Html {
  return html`<div class="table-wrap"><table class="stack"><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${r.map((cell, i) => html`<td data-label="${head[i]}">${cell}</td>`)}</tr>`,
  )}</tbody></table></div>`;
}

function section(id: string, title: string, help: string, body: Html | string): Html {
  return html`<section class="card" aria-labelledby="${id}"><h2 id="${id}">${title}</h2><p class="muted">${help}</p>${body}</section>`;
}

/** Reply speed (D42): the dealership's median and share within an hour, beside the market's median. */
function speedSection(user: PanelUser, r: PanelStats['response']): Html {
  const sp = SPEED_TEXTS[user.lang];
  const n = (x: number) => new Intl.NumberFormat(user.locale).format(x);
  const median = (m: number | null) =>
    m === null ? html`<span class="muted">${sp.tooFew(n(MIN_ANSWERED))}</span>` : html`${durationText(user.lang, m * 60_000)}`;
  const share = new Intl.NumberFormat(user.locale, { style: 'percent' }).format(r.within_1h_share);
  return html`<section class="card" aria-labelledby="speed" id="reply-speed"><h2 id="speed">${sp.title}</h2><p class="muted">${sp.help}</p>
<dl class="totals">
<div><dt>${sp.median}</dt><dd data-speed="median">${median(r.median_minutes)}</dd></div>
<div><dt>${sp.within1h}</dt><dd data-speed="within">${share}</dd></div>
<div><dt>${sp.market}</dt><dd data-speed="market">${median(r.market_median_minutes)}</dd></div>
</dl>
<p>${sp.answered(n(r.answered), n(r.leads), r.leads)}</p>
<p class="muted">${sp.marketHelp}</p></section>`;
}

/**
 * Views and leads by quality band (D43, P249): per band the cars, views per car and leads per
 * car, and one sentence of what the figures allow — no trend from too few cars.
 */
function bandsSection(t: StatsTexts, user: PanelUser, q: QualityBands): Html {
  const b = t.bands;
  const n = new Intl.NumberFormat(user.locale);
  const perCar = (x: number, cars: number, digits: number) =>
    cars === 0 ? '—' : new Intl.NumberFormat(user.locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x / cars);
  const range = (band: QualityBand) => b.range(n.format(band.low), n.format(band.high));
  const f = q.finding;
  const sentence =
    f.kind === 'no_cars'
      ? b.noCars
      : f.kind === 'too_few'
        ? b.tooFew(n.format(MIN_BAND_CARS))
        : f.kind === 'no_views'
          ? b.noViews(range(f.top), range(f.bottom))
          : b.finding(
              f.kind,
              range(f.top),
              range(f.bottom),
              perCar(f.top.views, f.top.cars, 1),
              perCar(f.bottom.views, f.bottom.cars, 1),
              perCar(f.top.leads, f.top.cars, 2),
              perCar(f.bottom.leads, f.bottom.cars, 2),
            );
  const head = [b.col.band, b.col.cars, b.col.views, b.col.leads];
  // Best band first, as a dealer reads a ranking.
  const rows = [...q.bands]
    .reverse()
    .map((band) => [html`${range(band)}`, html`${n.format(band.cars)}`, html`${perCar(band.views, band.cars, 1)}`, html`${perCar(band.leads, band.cars, 2)}`]);
  return html`<section class="card" aria-labelledby="bands" id="quality-bands"><h2 id="bands">${b.title}</h2><p class="muted">${b.help}</p>
${f.kind === 'no_cars' ? '' : table(head, rows)}
<p data-finding="${f.kind}">${sentence}</p></section>`;
}

function statsBody(t: StatsTexts, user: PanelUser, r: PanelStats, length: number, q: QualityBands, gaps: PriceGaps, lang: PanelUser['lang']): Html {
  const f = chartFormat(user.locale);
  const n = f.number;
  const empty = (text: string) => html`<p class="muted">${text}</p>`;
  const totals: [string, number][] = [
    [t.figure.views, r.totals.views],
    [t.figure.phone, r.totals.phone],
    [t.figure.whatsapp, r.totals.whatsapp],
    [t.figure.inquiries, r.totals.inquiries],
    [t.figure.leads, r.totals.leads],
  ];
  return html`<h1>${t.title}</h1>
<p class="muted">${t.intro}</p>
<nav class="range" aria-label="${t.rangeLabel}">${RANGES.map(
    (d) => html`<a href="/panel/stats?days=${d}"${d === length ? html` aria-current="page"` : ''}>${t.range(d)}</a>`,
  )}</nav>
<p>${t.period(f.day(r.from), f.day(r.to))} · ${t.forSale(n(r.forSale), r.forSale)}</p>
<dl class="totals" id="totals">${totals.map(([k, v]) => html`<div><dt>${k}</dt><dd>${n(v)}</dd></div>`)}</dl>
<section class="card" aria-label="${t.range(length)}">${statsCharts('dealer', t, f, r.days)}</section>
${speedSection(user, r.response)}
${bandsSection(t, user, q)}
${section(
  'quiet',
  t.quietTitle,
  t.quietHelp,
  r.viewedNoContacts.length
    ? table(
        [t.car, t.figure.views, t.price],
        r.viewedNoContacts.map((c) => [carLink(c), html`${n(c.views)}`, html`${priceOf(c)}`]),
      )
    : empty(t.quietNone),
)}
${section(
  'unanswered',
  t.unansweredTitle,
  t.unansweredHelp,
  r.unanswered.length
    ? table(
        [t.car, t.leads, t.waitingSince],
        r.unanswered.map((c) => [carLink(c), html`${n(c.leads)}`, html`${dateTime(c.oldest, user)}`]),
      )
    : empty(t.unansweredNone),
)}
${section(
  'above',
  t.aboveTitle,
  t.aboveHelp,
  r.aboveMarket.length
    ? html`${table(
        [t.car, t.price, t.position],
        r.aboveMarket.map((p) => [carLink(p.car), html`${priceOf(p.car)}`, html`<span class="badge warn">${signedPercent(user.locale, p.diffPercent)}</span>`]),
      )}${r.pricedPartly ? html`<p class="muted">${t.abovePartly(n(PRICED_CARS))}</p>` : ''}`
    : empty(t.aboveNone),
)}
${priceGapSection(lang, user, gaps)}
${section(
  'on-market',
  t.onMarketTitle,
  t.onMarketHelp,
  r.onMarket.length
    ? table(
        [t.car, t.days, t.price],
        r.onMarket.map((c) => [carLink(c), html`${n(c.days)}`, html`${priceOf(c)}`]),
      )
    : empty(t.onMarketNone),
)}`;
}

export const statsPages: FastifyPluginAsync<{ deps: StatsPagesDeps }> = async (app, { deps }) => {
  // The page's address until P170 (bookmarks, weekly mails already sent): moved for good, query kept.
  app.get('/performance', async (req, reply) => {
    const query = req.url.indexOf('?');
    return reply.redirect(`/panel/stats${query < 0 ? '' : req.url.slice(query)}`, 301);
  });

  app.get('/stats', async (req, reply) => {
    const user = signedIn(req);
    const asked = (req.query as { days?: unknown }).days;
    const length = asked === undefined ? 30 : RANGES.find((d) => String(d) === asked);
    // Only the page's own links make ?days=: anything else is an altered address.
    if (length === undefined) throw new PageError(400, 'bad_address');
    const t = STATS_TEXTS[req.panelLang];
    const now = deps.clock.now();
    const [stats, bands, gaps] = await Promise.all([
      panelStats(deps.store.db, { dealerId: user.dealerId, markets: user.markets, zone: user.timeZone, now, length }),
      qualityBands(deps.store.db, { dealerId: user.dealerId, zone: user.timeZone, now, length }),
      priceGaps(deps.store.db, { dealerId: user.dealerId, now, zone: user.timeZone }),
    ]);
    return sendPage(req, reply, { title: t.title, section: 'stats', body: statsBody(t, user, stats, length, bands, gaps, req.panelLang) });
  });

  // One car's comparables (P253, P254): a car of another dealership is the panel's 404, as every car page.
  app.get('/stats/prices/:id', async (req, reply) => {
    const user = signedIn(req);
    const car = await findDealerVehicle(deps.store.db, user.dealerId, idParam((req.params as { id?: unknown }).id));
    if (!car) throw new PageError(404, 'not_found');
    const t = STATS_TEXTS[req.panelLang];
    const found = await carComparables(deps.store.db, car, deps.clock.now(), user.timeZone);
    const body = comparablesBody(req.panelLang, user, car, found, { statsTitle: t.title, publicBaseUrl: deps.publicBaseUrl });
    return sendPage(req, reply, { title: t.gap.pageTitle(carTitle(car)), section: 'stats', body });
  });
};
