// The price preview beside the price field of the panel's car form (D44, issue 40 §3, P244): the
// car at the price typed, before saving — its rating's label in the user's language, the line of
// why buyers would read, its market position (D34) and its expected days to sell, or a sentence
// saying why there is none. Everything is read, nothing written (previewAt, as the API's preview).
// Two ways in: GET /panel/inventory/{id}/price-preview?price= answers the box's content as an
// HTML fragment for the panel's script, as the salesperson types; the form's "Ver valoración"
// button (no script) posts the form to the edit page, which shows the same box without saving
// (vehicles/edit-pages.ts, handed this box by the panel: vehicles does not import stats).
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB, VehicleRow } from '../../core/db/schema.js';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { textsOf } from '../../core/i18n/index.js';
import { idParam, signedIn, type Lang, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { marketFormat } from '../markets/format.js';
import { roundGap } from '../pricing/service.js';
import type { PriceLabel } from '../pricing/model.js';
import { readPrice } from '../vehicles/car-form.js';
import { findDealerVehicle } from '../vehicles/repository.js';
import { signedPercent, STATS_TEXTS } from './pages.js';
import { previewAt } from './service.js';

const T = textsOf('pricePreview.');
const RATING = textsOf('public.rating.');

/** The most a price may be, in whole cents (the API's: 13 digits of units). */
const MAX_CENTS = 1e15;
/** Longer than any price typed: the rest is not read. */
const TYPED_MAX = 40;

/** The badge of each label: a bargain is good news, a price over the market a warning. */
const BADGE: Record<PriceLabel, string> = { great: 'ok', good: 'ok', fair: '', high: 'warn', overpriced: 'bad' };

/** A price as typed in the form ("18.500.000", "18500000,50") in whole cents, or null when it is none. */
function typedCents(typed: string): number | null {
  const n = readPrice(typed.slice(0, TYPED_MAX));
  if (typeof n !== 'number') return null;
  const cents = Math.round(n * 100);
  return cents > 0 && cents < MAX_CENTS ? cents : null;
}

/** What the box says for `car` at the price `typed`; `ok` false when what was typed is no price. */
export async function pricePreviewBox(
  db: Kysely<DB>,
  now: number,
  user: Pick<PanelUser, 'locale'>,
  lang: Lang,
  car: VehicleRow,
  typed: string,
  /** The currency chosen in the form, when it offers a choice. */
  currency?: string,
): Promise<{ ok: boolean; html: Html }> {
  const t = T[lang];
  const money = marketFormat(car.market);
  const price = typedCents(typed);
  if (price === null) {
    // The example is the car's own price, written as the market writes numbers.
    const example = new Intl.NumberFormat(money.tag, { maximumFractionDigits: 2 }).format(car.price_cents / 100);
    return { ok: false, html: html`<p class="field-error" data-preview="invalid">${t.invalid(example)}</p>` };
  }
  // Rated against cars priced in the stored currency only (D44): another one is not compared.
  if (currency && currency.toUpperCase() !== car.currency) return { ok: true, html: html`<p data-preview="none">${t.otherCurrency(car.currency)}</p>` };
  const at = await previewAt(db, now, car, price);
  const shown = money.price(price, car.currency);
  const s = STATS_TEXTS[lang];
  const number = new Intl.NumberFormat(user.locale);

  // The label goes on the line of the price tried ("Con $ 17.000.000: Muy buen precio"), its why under it.
  let badge: Html | string = '';
  let rating: Html;
  if (car.status !== 'active') rating = html`<p data-preview="none">${t.notForSale}</p>`;
  else if (!at.rating) rating = html`<p data-preview="none">${t.noRating}</p>`;
  else {
    const r = at.rating;
    const expected = Number(car.price_expected_cents);
    const gap = Math.abs(price - expected);
    const words = RATING[lang];
    // As the car page says it (listings/page.ts): within half a percent, "the expected price".
    const why =
      gap * 200 < expected
        ? words.same(r.comparables)
        : price < expected
          ? words.below(money.price(roundGap(gap), car.currency), r.comparables)
          : words.above(money.price(roundGap(gap), car.currency), r.comparables);
    badge = html` <span class="badge ${BADGE[r.label]}" data-label="${r.label}">${words[r.label]}</span>`;
    rating = html`<p>${why}</p>
<p class="muted">${t.expected(money.price(roundGap(expected), car.currency))}</p>`;
  }

  let position: Html;
  const p = at.position;
  if (!p) position = html`<p class="muted">${s.marketNone}</p>`;
  else {
    const median = Math.round(Number(p.median_price) * 100);
    const pct = median === 0 ? 0 : Math.round(((price - median) * 100) / median);
    const dir = pct < 0 ? 'below' : pct > 0 ? 'above' : 'at';
    position = html`<p><span class="muted">${t.position}:</span> ${t.market(signedPercent(user.locale, Math.abs(pct)).replace(/^\+/, ''), dir, number.format(p.comparables))}</p>`;
  }

  // Days to sell are a rated car's only (D44): without a rating, the sentence above says why.
  const days = at.rating === null ? '' : at.days === null ? html`<p class="muted">${t.daysNone}</p>` : html`<p>${t.days(at.days)}</p>`;

  return {
    ok: true,
    html: html`<p class="preview-at"><strong>${t.at(shown)}</strong>${badge}</p>
${rating}
${position}
${days}`,
  };
}

export interface PricePreviewPagesDeps {
  store: Store;
  clock: Clock;
}

/**
 * GET /panel/inventory/{id}/price-preview?price=[&currency=]: the box's content for the panel's script. A car
 * of another dealership is the panel's 404, as every car page; what is not a price, 422 with the
 * sentence that says so (the script shows it all the same). Reads only: GET, no CSRF token needed.
 */
export const pricePreviewPages: FastifyPluginAsync<{ deps: PricePreviewPagesDeps }> = async (app, { deps }) => {
  app.get('/inventory/:id/price-preview', async (req, reply) => {
    const user = signedIn(req);
    const car = await findDealerVehicle(deps.store.db, user.dealerId, idParam((req.params as { id?: unknown }).id));
    if (!car) throw new PageError(404, 'not_found');
    const q = req.query as { price?: unknown; currency?: unknown };
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    const box = await pricePreviewBox(deps.store.db, deps.clock.now(), user, req.panelLang, car, text(q.price), text(q.currency));
    return reply
      .code(box.ok ? 200 : 422)
      .type('text/html; charset=utf-8')
      .header('content-language', req.panelLang)
      .send(box.html.value);
  });
};
