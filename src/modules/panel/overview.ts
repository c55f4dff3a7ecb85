// The panel's first page (D27), what waits for the user first (issue 26, P100): the buyers
// waiting for an answer (name, car, age of their message in the dealership's zone — never their
// e-mail or phone, D29), then the cars that need someone (held in review, photos that failed),
// then the cars by status, the latest feed imports and webhooks turned off (owners). One query
// per block, each scoped to the dealership and served by an index.
import { render, storedText, textsOf } from '../../core/i18n/index.js';
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../core/db/store.js';
import type { Clock } from '../../core/clock.js';
import { VEHICLE_STATUSES } from '../../core/db/schema.js';
import { signedIn } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';
import { dateTime } from '../../core/web/time.js';
import { sendPage } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';
import { outcomeOf } from '../feeds/panel-import.js';
import { latestDealerImports } from '../feeds/repository.js';
import { waitingLeads } from '../leads/repository.js';
import { carTitle, scoreBadge, statusBadge } from '../vehicles/pages.js';
import type { PhotoStateEntry } from '../vehicles/photos/state.js';
import { carsInReview, carsToImprove, countByStatus, failedPhotoCars, type ReviewRow } from '../vehicles/repository.js';
import { reviewFacts, reviewMsg } from '../vehicles/review.js';
import { countInactiveWebhooks } from '../webhooks/repository.js';
import { durationText, SPEED_TEXTS } from '../stats/response-words.js';

export interface OverviewDeps {
  store: Store;
  clock: Clock;
}

/** D42: a buyer waiting longer than this is named at the top of the overview. */
const NUDGE_AFTER_MS = 3_600_000;

const OVERVIEW_TEXTS = textsOf('overview.');
const INVENTORY_TEXTS = textsOf('inventory.');
const QUALITY_TEXTS = textsOf('quality.');

/** Cars listed in each "needs you" block. */
const NEEDS_SHOWN = 10;
const IMPORTS_SHOWN = 5;
const LEADS_SHOWN = 8;

/** The failed photos of a car's current list (photos of a list it no longer has are not its problem). */
function failedNow(row: ReviewRow): { n: number; reason: string | null }[] {
  return (JSON.parse(row.photo_state) as PhotoStateEntry[]).flatMap((p, i) => (p.status === 'failed' ? [{ n: i + 1, reason: p.reason }] : []));
}

export const overviewPages: FastifyPluginAsync<{ deps: OverviewDeps }> = async (app, { deps }) => {
  const { store } = deps;

  app.get('/', async (req, reply) => {
    const user = signedIn(req);
    const t = OVERVIEW_TEXTS[req.panelLang];
    const it = INVENTORY_TEXTS[req.panelLang];
    const f = FRAME_TEXTS[req.panelLang];
    const owner = user.role === 'owner';
    const db = store.db;
    const qt = QUALITY_TEXTS[req.panelLang];
    const [counts, review, failedRows, imports, hooksOff, leads, toImprove] = await Promise.all([
      countByStatus(db, user.dealerId),
      carsInReview(db, user.dealerId, NEEDS_SHOWN),
      // A car's failed photos come as several rows: read enough for ten cars.
      failedPhotoCars(db, user.dealerId, NEEDS_SHOWN * 5),
      latestDealerImports(db, user.dealerId, IMPORTS_SHOWN),
      owner ? countInactiveWebhooks(db, user.dealerId) : Promise.resolve(0),
      waitingLeads(db, user.dealerId, LEADS_SHOWN),
      carsToImprove(db, user.dealerId, NEEDS_SHOWN),
    ]);

    const failed: { row: ReviewRow; photos: { n: number; reason: string | null }[] }[] = [];
    const seen = new Set<number>();
    for (const row of failedRows) {
      if (seen.has(row.id) || failed.length >= NEEDS_SHOWN) continue;
      seen.add(row.id);
      const photos = failedNow(row);
      if (photos.length) failed.push({ row, photos });
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const waiting = leads[0]?.total ?? 0;
    const carLink = (r: ReviewRow) => html`<a href="/panel/inventory/${r.id}">${r.external_id}</a> · ${carTitle(r)}`;

    // Compact (P135): three to a row on a phone, the six in one row on a desktop — after what waits for the user.
    const statusCards = html`<div class="stat-grid">${VEHICLE_STATUSES.map(
      (s) => html`<a class="card stat-card" href="/panel/inventory?status=${s}"><span class="stat">${counts.get(s) ?? 0}</span>${statusBadge(it, s)}</a>`,
    )}</div>`;

    const reviewBlock = review.length
      ? html`<ul>${review.map((r) => html`<li>${carLink(r)}<ul>${reviewFacts({ ...r, status: 'in_review' }).map((reason) => html`<li class="muted">${render(req.panelLang, reviewMsg(reason))}</li>`)}</ul></li>`)}</ul>`
      : html`<p class="muted">${t.inReviewNone}</p>`;

    const failedBlock = failed.length
      ? html`<ul>${failed.map(
          ({ row, photos }) =>
            html`<li>${carLink(row)}<ul>${photos.map((p) => html`<li class="muted">${t.photoN(p.n)}: ${storedText(user.lang, p.reason) ?? it.photoStatus.failed}</li>`)}</ul></li>`,
        )}</ul>`
      : html`<p class="muted">${t.failedPhotosNone}</p>`;

    // An import whose rows were refused says so, with how many (P196), as the feeds page's badge (P109).
    const importBadge = (i: (typeof imports)[number]): Html => {
      const { kind, partial } = outcomeOf(i);
      if (partial)
        return html`<span class="badge ${kind}">${partial === 'some' ? t.processedWithErrors(i.error_count) : t.nothingLoaded(i.error_count)}</span>`;
      return html`<span class="badge ${i.result === 'processed' ? 'ok' : i.result === 'running' ? '' : 'bad'}">${t.result[i.result]}</span>`;
    };

    const importsBlock = imports.length
      ? html`<div class="table-wrap"><table class="stack"><thead><tr><th>${t.col.when}</th><th>${t.col.trigger}</th><th>${t.col.result}</th><th>${t.col.counts}</th><th></th></tr></thead><tbody>${imports.map(
          (i) => html`<tr>
<td data-label="${t.col.when}">${dateTime(i.started_at, user)}</td>
<td data-label="${t.col.trigger}">${t.trigger[i.trigger]}</td>
<td data-label="${t.col.result}">${importBadge(i)}</td>
<td data-label="${t.col.counts}">${t.counts(i.rows, i.created, i.updated, i.sold, i.error_count)}</td>
<td><a href="/panel/feeds/imports/${i.id}">${t.seeImport}</a></td>
</tr>`,
        )}</tbody></table></div>`
      : html`<p class="muted">${t.importsNone}</p>`;

    // D43, P223: "Autos para mejorar", the cars for sale with the most points to gain.
    const improveBlock = html`<section class="card" aria-labelledby="improve-title"><h2 id="improve-title">${qt.toImprove}</h2>
${
  toImprove.length
    ? html`<p class="muted">${qt.toImproveHelp}</p><ul>${toImprove.map(
        (r) => html`<li>${scoreBadge(r.quality_score)} <a href="/panel/inventory/${r.id}#quality">${r.external_id}</a> · ${carTitle(r)}</li>`,
      )}</ul><p><a href="/panel/inventory?sort=quality">${qt.toImproveAll}</a></p>`
    : html`<p class="muted">${qt.toImproveNone}</p>`
}
</section>`;

    const hooksBlock: Html | '' =
      owner && hooksOff > 0
        ? html`<section class="notice warn"><h2>${t.webhooksOff}</h2><p>${t.webhooksOffText(hooksOff)}</p><a href="/panel/webhooks">${t.webhooksLink}</a></section>`
        : '';

    // The longest wait first (waitingLeads' order): over an hour, the overview says so first (issue 37 §4).
    const now = deps.clock.now();
    const overdue = leads.filter((l) => now - l.waiting_since > NUDGE_AFTER_MS);
    const first = overdue[0];
    const sp = SPEED_TEXTS[req.panelLang];
    const nudge: Html | '' = first
      ? html`<section class="notice warn" id="reply-nudge" role="status"><h2>${sp.nudgeTitle}</h2><p>${sp.nudgeText(
          first.erased_at !== null ? t.erasedBuyer : first.buyer_name,
          durationText(req.panelLang, now - first.waiting_since),
          overdue.length - 1,
        )}</p><a href="/panel/leads/${first.id}">${sp.nudgeLink}</a></section>`
      : '';

    const leadsBlock = html`<section class="card" aria-labelledby="waiting-title"><h2 id="waiting-title">${t.leads}</h2>
${
  leads.length
    ? html`<p class="muted">${t.leadsCount(waiting)}</p><ul class="waiting">${leads.map(
        (l) =>
          html`<li><span class="grow"><a href="/panel/leads/${l.id}">${l.erased_at !== null ? t.erasedBuyer : l.unread ? html`<strong>${l.buyer_name}</strong>` : l.buyer_name}</a>${
            l.unread ? html` <span class="badge warn">${t.unread}</span>` : ''
          }<br><span class="muted">${l.brand ? carTitle({ brand: l.brand, model: l.model ?? '', version: l.version, year: l.year ?? 0 }) : t.unknownCar} · ${l.external_id}</span></span><time class="age muted" datetime="${new Date(l.waiting_since).toISOString()}">${dateTime(l.waiting_since, user)}</time></li>`,
      )}</ul>`
    : html`<p class="muted">${t.leadsNone}</p>`
}
<p><a href="/panel/leads">${t.leadsAll}</a></p></section>`;

    return sendPage(req, reply, {
      title: f.nav.overview,
      section: 'overview',
      body: html`<h1>${f.nav.overview}</h1>
${(req.query as { done?: unknown }).done === 'password-set' ? html`<p class="notice ok" role="status">${t.passwordSet}</p>` : ''}
${nudge}
${leadsBlock}
<section class="card"><h2>${t.needsAction}</h2>
<h3>${t.inReview}</h3>${reviewBlock}
<h3>${t.failedPhotos}</h3>${failedBlock}
</section>
${improveBlock}
${hooksBlock}
<section class="cars-by-status"><h2>${t.cars} <span class="muted">(${t.total(total)})</span></h2>${statusCards}</section>
<section class="card"><h2>${t.imports}</h2>${importsBlock}</section>`,
    });
  });
};
