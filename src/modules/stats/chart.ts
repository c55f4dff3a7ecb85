// A server-rendered bar chart (D34's "charts", P117): an SVG of one bar per local day (series
// stacked), its axis written as HTML (legible at any width, no text scaled with the drawing),
// and the same numbers as a table in a <details>, so a screen reader or a copy reads the
// figures themselves. No script; the panel's CSP allows it as it is (no inline style).
import { html, type Html } from '../../core/web/html.js';

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

export interface ChartFormat {
  /** "10 nov." for a YYYY-MM-DD local date. */
  day: (date: string) => string;
  /** "1.234". */
  number: (n: number) => string;
}

/** Bar colours per series (swatches .s0, .s1… in the stylesheet match them). */
const FILLS = ['#0b5cad', '#1e7b34', '#9a5b00'];
const WIDTH = 600;
const HEIGHT = 160;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The chart's formats in a locale (kept: Intl formatters are costly to make). */
export function chartFormat(locale: string): ChartFormat {
  let d = dayFormats.get(locale);
  if (!d) {
    // A local date is a calendar date: formatted at UTC midnight in UTC, it stays that date.
    d = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    dayFormats.set(locale, d);
  }
  let n = numberFormats.get(locale);
  if (!n) {
    n = new Intl.NumberFormat(locale);
    numberFormats.set(locale, n);
  }
  const day = d;
  const number = n;
  return { day: (date) => day.format(Date.parse(`${date}T00:00:00Z`)), number: (x) => number.format(x) };
}

export interface ChartWords {
  summary: (total: string, max: string, peak: string) => string;
  empty: string;
  showNumbers: string;
  day: string;
}

/** The chart `id` (unique on the page) titled `title`, for `dates` and the series' values per date. */
export function barChart(id: string, title: string, dates: readonly string[], series: readonly ChartSeries[], f: ChartFormat, w: ChartWords): Html {
  const n = dates.length;
  const sums = dates.map((_, i) => series.reduce((s, x) => s + (x.values[i] ?? 0), 0));
  const max = Math.max(0, ...sums);
  const total = sums.reduce((a, b) => a + b, 0);
  const peak = sums.indexOf(max);
  const slot = WIDTH / Math.max(1, n);
  const bar = Math.max(1, slot * 0.75);
  const bars: Html[] = [];
  if (max > 0) {
    dates.forEach((_, i) => {
      let y = HEIGHT;
      series.forEach((s, k) => {
        const v = s.values[i] ?? 0;
        if (v <= 0) return;
        const h = (v / max) * (HEIGHT - 4);
        y -= h;
        bars.push(
          html`<rect x="${(i * slot + (slot - bar) / 2).toFixed(2)}" y="${y.toFixed(2)}" width="${bar.toFixed(2)}" height="${h.toFixed(2)}" fill="${FILLS[k % FILLS.length]}"></rect>`,
        );
      });
    });
  }
  const summary = max > 0 ? w.summary(f.number(total), f.number(max), f.day(dates[peak]!)) : w.empty;
  const legend =
    series.length > 1
      ? html`<p class="legend">${series.map((s, k) => html`<span><span class="swatch s${k}" aria-hidden="true"></span>${s.label}</span>`)}</p>`
      : '';
  return html`<figure class="chart" id="${id}">
<figcaption><h3 id="${id}-title">${title}</h3><p class="muted" id="${id}-summary">${summary}</p></figcaption>
${legend}
<div class="chart-plot"><span class="chart-max muted" aria-hidden="true">${f.number(max)}</span>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" role="img" aria-labelledby="${id}-title" aria-describedby="${id}-summary" focusable="false">
<line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}" stroke="#aab2bc" stroke-width="1"></line>
${bars}
</svg></div>
<div class="chart-axis muted" aria-hidden="true"><span>${n ? f.day(dates[0]!) : ''}</span><span>${n ? f.day(dates[n - 1]!) : ''}</span></div>
<details><summary>${w.showNumbers}</summary>
<div class="table-wrap"><table class="numbers"><caption class="visually-hidden">${title}</caption>
<thead><tr><th scope="col">${w.day}</th>${series.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead>
<tbody>${dates.map((d, i) => html`<tr><th scope="row">${f.day(d)}</th>${series.map((s) => html`<td class="num">${f.number(s.values[i] ?? 0)}</td>`)}</tr>`)}</tbody>
</table></div></details>
</figure>`;
}
