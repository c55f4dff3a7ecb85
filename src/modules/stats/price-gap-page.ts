// The statistics page's section of cars by distance from their expected price, and one car's
// comparables on a small page of its own, one tap from its row (D44, issue 40 §3, P253, P254).
// No script: the row's link opens /panel/stats/prices/{id}; pages.ts registers the route (this
// file does not import pages.ts, which imports it).
import type { Lang, PanelUser } from '../../core/web/context.js';
import { textsOf } from '../../core/i18n/index.js';
import { html, type Html } from '../../core/web/html.js';
import { marketFormat } from '../markets/format.js';
import { findMarket } from '../markets/markets.js';
import { YEAR_SPAN, type PriceLabel } from '../pricing/model.js';
import { roundGap } from '../pricing/service.js';
import { carTitle } from '../vehicles/pages.js';
import { listingUrl } from '../vehicles/serialize.js';
import { COMPARABLES_SHOWN, GAP_ROWS, type CarComparables, type GapRow, type PriceGaps } from './price-gap.js';

const T = textsOf('stats.gap.');
const RATING = textsOf('public.rating.');

/** The badge of each label, as the price preview shows it (P245). */
const BADGE: Record<PriceLabel, string> = { great: 'ok', good: 'ok', fair: '', high: 'warn', overpriced: 'bad' };

/** The comparables page of a car. */
const comparablesPath = (id: number): string => `/panel/stats/prices/${id}`;

function table(head: string[], rows: Html[][], nowrap: readonly number[] = []): Html {
  return html`<div class="table-wrap"><table class="stack"><thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${r.map((cell, i) => html`<td data-label="${head[i]}"${nowrap.includes(i) ? html` class="nowrap"` : ''}>${cell}</td>`)}</tr>`,
  )}</tbody></table></div>`;
}

/** The gap in words: "8 % arriba ($ 1.230.000)"; within half a percent, "en el precio esperado" (as the car page, P232). */
function gapText(lang: Lang, locale: string, r: GapRow): string {
  const c = r.car;
  const abs = Math.abs(r.gap_cents);
  const dir = abs * 200 < c.price_expected_cents ? 'same' : r.gap_cents < 0 ? 'below' : 'above';
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.abs(r.gap_share));
  // The money is the price less the expected price as shown beside it (rounded), so the row adds up.
  const shown = Math.abs(c.price_cents - roundGap(c.price_expected_cents));
  return T[lang].diff(dir, marketFormat(c.market).price(roundGap(shown), c.currency), pct);
}

const badge = (lang: Lang, label: PriceLabel): Html => html`<span class="badge ${BADGE[label]}" data-label="${label}">${RATING[lang][label]}</span>`;

const days = (locale: string, d: number | null): string => (d === null ? '—' : new Intl.NumberFormat(locale).format(d));

/** The section of the statistics page: the list, bounded to GAP_ROWS, and the unrated cars in one line. */
export function priceGapSection(lang: Lang, user: Pick<PanelUser, 'locale'>, g: PriceGaps): Html {
  const t = T[lang];
  const n = new Intl.NumberFormat(user.locale);
  const head = [t.col.car, t.col.price, t.col.expected, t.col.gap, t.col.rating, t.col.days, t.col.comparables];
  const rows = g.rows.map((r) => {
    const c = r.car;
    const money = marketFormat(c.market);
    return [
      html`<a href="/panel/inventory/${c.id}">${carTitle(c)}</a> <span class="muted nowrap">${c.external_id}</span>`,
      html`${money.price(c.price_cents, c.currency)}`,
      html`${money.price(roundGap(c.price_expected_cents), c.currency)}`,
      html`<span data-gap="${r.gap_cents < 0 ? 'below' : 'above'}">${gapText(lang, user.locale, r)}</span>`,
      badge(lang, r.label),
      html`${days(user.locale, r.days)}`,
      html`<a href="${comparablesPath(c.id)}" data-comparables="${c.id}">${t.see(c.price_comparables)}</a>`,
    ];
  });
  const body =
    g.rows.length === 0
      ? html`<p class="muted">${t.none}</p>`
      : html`${table(head, rows, [1, 2])}${g.rated > g.rows.length ? html`<p class="muted" data-gap-partly>${t.partly(n.format(GAP_ROWS), n.format(g.rated))}</p>` : ''}`;
  return html`<section class="card" aria-labelledby="price-gap-title" id="price-gap"><h2 id="price-gap-title">${t.title}</h2><p class="muted">${t.help}</p>
${body}
${g.unrated > 0 ? html`<p data-unrated="${g.unrated}">${t.unrated(g.unrated)}</p>` : ''}</section>`;
}

/** The comparables page's body for one car of the user's dealership. */
export function comparablesBody(
  lang: Lang,
  user: Pick<PanelUser, 'locale' | 'dealerId'>,
  car: { id: number; brand: string; model: string; version: string | null; year: number; mileage: number; market: string },
  c: CarComparables,
  o: { statsTitle: string; publicBaseUrl: string },
): Html {
  const t = T[lang];
  const n = new Intl.NumberFormat(user.locale);
  const top = html`<p><a href="/panel/stats#price-gap">${t.back(o.statsTitle)}</a></p>
<h1>${t.pageTitle(carTitle(car))}</h1>
<p><a href="/panel/inventory/${car.id}">${t.openCar}</a></p>`;
  const r = c.row;
  if (!r) return html`${top}<p data-no-rating>${t.noRating}</p>`;
  const money = marketFormat(car.market);
  const unit = findMarket(car.market)?.mileage_unit ?? 'km';
  const facts: [string, Html][] = [
    [t.col.price, html`${money.price(r.car.price_cents, r.car.currency)}`],
    [t.col.expected, html`${money.price(roundGap(r.car.price_expected_cents), r.car.currency)}`],
    [t.col.gap, html`${gapText(lang, user.locale, r)}`],
    [t.col.rating, badge(lang, r.label)],
    [t.col.mileage, html`${money.mileage(car.mileage, unit)}`],
    [t.col.days, html`${days(user.locale, r.days)}`],
  ];
  const head = [t.col.car, t.col.price, t.col.year, t.col.mileage, t.col.days];
  const rows = c.cars.map((x) => [
    html`<a href="${listingUrl(o.publicBaseUrl, x.listing_id)}" data-listing="${x.listing_id}">${carTitle(x)}</a>${
      x.dealer_id === user.dealerId ? html` <span class="badge">${t.yours}</span>` : ''
    }`,
    html`${money.price(x.price_cents, x.currency)}`,
    html`${String(x.year)}`,
    html`${money.mileage(x.mileage, unit)}`,
    html`${days(user.locale, x.days)}`,
  ]);
  const shown = Math.min(c.cars.length, COMPARABLES_SHOWN);
  return html`${top}
<section class="card" aria-label="${t.title}"><dl class="fields" id="car-gap">${facts.map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl></section>
<section class="card" aria-labelledby="comparables-title" id="comparables"><h2 id="comparables-title">${t.col.comparables}</h2>
<p data-total="${c.total}">${t.window(c.total, `${car.brand} ${car.model}`, String(car.year - YEAR_SPAN), String(car.year + YEAR_SPAN))}</p>
<p class="muted">${t.method}</p>
${c.cars.length ? html`${c.total > shown ? html`<p>${t.closest(n.format(shown))}</p>` : ''}${table(head, rows, [1, 3])}` : ''}</section>`;
}
