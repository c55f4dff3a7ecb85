// Listing quality before (check a file) and after (an import's report) a feed file is loaded
// (D43, P246): a summary — the average score, the cars under 50, those whose photos are still
// being checked — and each car's score with the one fix that gains most, lowest score first.
import type { Lang } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';
import { render, textsOf } from '../../core/i18n/index.js';
import { hintMsg, qualitySummary, type QualityHintFact } from '../vehicles/quality.js';
import { scoreBadge } from '../vehicles/pages.js';

const TEXTS = textsOf('feedQuality.');
const QUALITY_TEXTS = textsOf('quality.');

/** Cars listed (the lowest scores); the summary counts them all. */
const QUALITY_SHOWN = 50;

export interface CarQuality {
  external_id: string;
  score: number;
  /** Most points first (qualityOf's order): the first is what to fix first. */
  hints: readonly QualityHintFact[];
  /** The car's panel page, once it exists. */
  href?: string;
  /** Its photos are still being checked: the score may still drop (D43). */
  pending?: boolean;
}

/**
 * The card. `help` says whose scores these are; `kept`: the report kept only the first `kept`
 * cars of the file (REPORT_MAX_CARS), said under the summary.
 */
export function qualityCard(lang: Lang, cars: readonly CarQuality[], o: { help: string; kept?: number }): Html {
  if (cars.length === 0) return html``;
  const t = TEXTS[lang];
  const qt = QUALITY_TEXTS[lang];
  // Stable: equal scores keep the file's order.
  const sorted = [...cars].sort((a, b) => a.score - b.score);
  const shown = sorted.slice(0, QUALITY_SHOWN);
  const summary = qualitySummary(cars);
  const pending = cars.filter((c) => c.pending).length;
  return html`<h2 id="quality">${t.title}</h2>
<section class="card quality" aria-labelledby="quality">
<p class="muted">${o.help}</p>
<dl class="fields">
<dt>${t.average}</dt><dd data-quality="average">${t.averageValue(summary.average!)}</dd>
<dt>${t.under}</dt><dd data-quality="under">${t.underValue(summary.under_50, cars.length)}</dd>
</dl>
${pending ? html`<p class="notice warn" role="status">${t.pending(pending)}</p>` : ''}
${o.kept ? html`<p class="muted">${t.firstCars(o.kept)}</p>` : ''}
${shown.length < cars.length ? html`<p class="muted">${t.lowest(shown.length, cars.length)}</p>` : ''}
<ul class="car-scores">${shown.map((c) => {
    const top = c.hints[0];
    const id = c.href ? html`<a href="${c.href}">${c.external_id}</a>` : html`<strong>${c.external_id}</strong>`;
    return html`<li data-car="${c.external_id}">${scoreBadge(c.score)} ${id}: ${
      top ? html`${render(lang, hintMsg(top))} <strong class="nowrap">${qt.points(top.points)}</strong>` : html`<span class="muted">${t.nothing}</span>`
    }</li>`;
  })}</ul>
</section>`;
}
