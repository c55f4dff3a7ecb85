// One car's statistics on its panel page (D34, P118): its views, contacts and leads of the
// last 30 local days as charts, its price history, days on the market and market position
// ("$ 18.500.000 — 8 % bajo el precio medio de 14 autos comparables"). Rendered here and
// called from the car page through the panel's deps (vehicles/pages.ts cannot import this
// module: stats reads vehicles, so the import would make a cycle).
import type { Kysely } from 'kysely';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import type { Lang, PanelUser } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';
import { dateTime } from '../../core/web/time.js';
import { marketFormat } from '../markets/format.js';
import { chartFormat } from './chart.js';
import { statsCharts, signedPercent, STATS_TEXTS } from './pages.js';
import { carPosition, daysOnMarketOf, type StatsDay } from './panel-stats.js';
import { leadTimes, priceHistory, vehicleDays } from './repository.js';
import { addDays, localDate, localDayStart } from './time-zone.js';

/** The days the car's charts show. */
const CAR_DAYS = 30;

/** The section's HTML for `car` (a car of `user`'s dealership, already checked by the page). */
export async function carStatsSection(db: Kysely<DB>, user: PanelUser, lang: Lang, car: VehicleRow, now: number): Promise<Html> {
  const t = STATS_TEXTS[lang];
  const f = chartFormat(user.locale);
  const money = marketFormat(car.market);
  const zone = user.timeZone;
  const to = localDate(now, zone);
  const from = addDays(to, -(CAR_DAYS - 1));
  const [rows, prices, priced, times] = await Promise.all([
    vehicleDays(db, car.id, from, to),
    priceHistory(db, car.id),
    carPosition(db, car),
    leadTimes(db, car.dealer_id, localDayStart(from, zone), localDayStart(addDays(to, 1), zone), car.id),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const leadsOn = new Map<string, number>();
  for (const ms of times) leadsOn.set(localDate(ms, zone), (leadsOn.get(localDate(ms, zone)) ?? 0) + 1);
  const days: StatsDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const r = byDay.get(d);
    days.push({ date: d, views: r?.views ?? 0, phone: r?.phone ?? 0, whatsapp: r?.whatsapp ?? 0, inquiries: r?.inquiries ?? 0, leads: leadsOn.get(d) ?? 0 });
  }
  const onMarket = car.status === 'active' ? daysOnMarketOf(car.active_since, now, zone) : null;

  let position: Html;
  if (!priced) position = html`<p class="muted" id="market-position">${t.marketNone}</p>`;
  else {
    const p = priced.position;
    const pct = Math.abs(priced.diffPercent);
    const dir = priced.diffPercent < 0 ? 'below' : priced.diffPercent > 0 ? 'above' : 'at';
    const cents = (d: string) => Math.round(Number(d) * 100);
    const badge = p.label === 'below' ? 'ok' : p.label === 'above' ? 'warn' : '';
    position = html`<p id="market-position"><strong>${t.marketSentence(money.price(car.price_cents, car.currency), signedPercent(user.locale, pct).replace(/^\+/, ''), dir, f.number(p.comparables))}</strong>
<span class="badge ${badge}">${t.label[p.label]}</span></p>
<p class="muted">${t.marketBand(money.price(cents(p.price_band.min), p.currency), money.price(cents(p.price_band.max), p.currency), money.price(cents(p.median_price), p.currency))}</p>`;
  }

  return html`<section class="card" aria-labelledby="car-stats"><h2 id="car-stats">${t.carTitle(CAR_DAYS)}</h2>
<dl class="totals">
<div><dt>${t.daysOnMarket}</dt><dd id="days-on-market">${onMarket === null ? '—' : f.number(onMarket)}</dd></div>
<div><dt>${t.figure.views}</dt><dd>${f.number(days.reduce((s, d) => s + d.views, 0))}</dd></div>
<div><dt>${t.figure.phone}</dt><dd>${f.number(days.reduce((s, d) => s + d.phone, 0))}</dd></div>
<div><dt>${t.figure.whatsapp}</dt><dd>${f.number(days.reduce((s, d) => s + d.whatsapp, 0))}</dd></div>
<div><dt>${t.figure.leads}</dt><dd>${f.number(days.reduce((s, d) => s + d.leads, 0))}</dd></div>
</dl>
${onMarket === null ? html`<p class="muted">${t.notForSale}</p>` : ''}
<h3>${t.marketPosition}</h3>
${position}
${statsCharts('car', t, f, days)}
<h3>${t.priceHistory}</h3>
${
  prices.length
    ? html`<div class="table-wrap"><table class="stack" id="price-history"><thead><tr><th scope="col">${t.since}</th><th scope="col">${t.price}</th></tr></thead><tbody>${prices.map(
        (p) =>
          html`<tr><td data-label="${t.since}">${dateTime(p.since, { locale: user.locale, timeZone: zone })}</td><td data-label="${t.price}">${money.price(p.price_cents, p.currency)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="muted">${t.priceHistoryNone}</p>`
}
<p><a href="/panel/stats">${t.seeAll}</a></p>
</section>`;
}
