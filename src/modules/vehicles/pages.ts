// The panel's inventory (D27): the dealership's cars with filters and keyset paging, one car's
// page (every field, its photos, why it is in review, its recent events) and the two actions
// a salesperson takes on it, through the same services as the API (same rules, same events in
// the same transaction).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { VEHICLE_STATUSES, type VehicleRow, type VehicleStatus } from '../../core/db/schema.js';
import { idParam, signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { pick, render, storedText, textsOf, word, type Texts } from '../../core/i18n/index.js';
import { csrfField } from '../../core/web/layout.js';
import { dateTime } from '../../core/web/time.js';
import { redirectTo, sendPage } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';
import { marketFormat } from '../markets/format.js';
import { findMarket } from '../markets/markets.js';
import { decodeCursor, encodeCursor, type CursorFilters } from './cursor.js';
import type { PhotoStateEntry, ShownPhoto } from './photos/state.js';
import { photoUrl } from '../photos/url.js';
import { carActivity, findDealerVehicle, inventoryPage, vehicleEventCandidates, type InventoryFilter, type InventoryRow } from './repository.js';
import type { ListPosition } from './cursor.js';
import { FOR_SALE_STATUSES } from './schemas.js';
import { sellVehicle, withdrawVehicle } from './service.js';
import { byUser } from './panel-service.js';
import type { VehicleActivityRow } from '../../core/db/schema.js';
import { reviewFacts, reviewMsg } from './review.js';
import { toVehicle } from './serialize.js';
import { carFacts, type CarFact } from './facts.js';
import { isUploadRef } from './photos/upload-ref.js';
import { PANEL_SOURCE, SHOWN_SOURCES } from './sources.js';
import { carEditPages, type CarEditDeps } from './edit-pages.js';
import { qualityIn, qualityOf } from './quality.js';

export type InventoryDeps = CarEditDeps & {
  /** The car's statistics section (stats/car-section.ts, P118), handed in by the panel. */
  carSection?: (user: PanelUser, lang: PanelUser['lang'], row: VehicleRow) => Promise<Html>;
};

/** Cars a page of the list. */
const INVENTORY_TEXTS = textsOf('inventory.');
const QUALITY_TEXTS = textsOf('quality.');
const EDIT_TEXTS = textsOf('edit.');
type InventoryTexts = Texts<'inventory.'>;

const INVENTORY_PAGE_SIZE = 50;
/** The search box takes a stock ID's length (80) at most. */
const Q_MAX = 80;
const EVENTS_SHOWN = 20;

/** Badge colour of each status: published is good, held or gone need a look. */
const STATUS_BADGE: Record<VehicleStatus, string> = {
  active: 'ok',
  in_review: 'warn',
  importing_photos: '',
  sold: '',
  expired: 'bad',
  withdrawn: '',
};

export const statusBadge = (t: InventoryTexts, status: VehicleStatus): Html => html`<span class="badge ${STATUS_BADGE[status]}">${t.status[status]}</span>`;

/** "Toyota Corolla XEi 2019": how the panel names a car. */
export const carTitle = (r: Pick<VehicleRow, 'brand' | 'model' | 'version' | 'year'>): string =>
  [r.brand, r.model, r.version, r.year].filter(Boolean).join(' ');

/** The same-origin address of a stored photo (the panel's CSP allows images from itself only). */
const photoPath = (fileId: string, ext: string): string => photoUrl('', fileId, 'display', ext);

/** The dealership as the vehicle services take it (the city only matters to creating cars). */
const dealerOf = (u: PanelUser) => ({ id: u.dealerId, slug: u.dealerSlug, name: u.dealerName, city: null, markets: u.markets, timeZone: u.timeZone });

interface ListQuery {
  status?: VehicleStatus;
  market?: string;
  source?: string;
  q?: string;
  cursor?: string;
  /** D43, P223: lowest score first. */
  sort?: 'quality';
}

/** The list's filters from the query string; values outside their vocabulary are ignored. */
function readListQuery(req: FastifyRequest, user: PanelUser): ListQuery {
  const raw = (req.query ?? {}) as Record<string, unknown>;
  const str = (k: string): string => (typeof raw[k] === 'string' ? raw[k].trim() : '');
  const status = str('status');
  const market = str('market').toLowerCase();
  const source = str('source');
  const q = str('q').slice(0, Q_MAX);
  const cursor = str('cursor');
  return {
    status: (VEHICLE_STATUSES as readonly string[]).includes(status) ? (status as VehicleStatus) : undefined,
    market: user.markets.includes(market) ? market : undefined,
    source: (SHOWN_SOURCES as readonly string[]).includes(source) ? source : undefined,
    q: q || undefined,
    cursor: cursor || undefined,
    sort: str('sort') === 'quality' ? 'quality' : undefined,
  };
}

/** The list's address with these filters (and a cursor), for links. */
function listHref(q: ListQuery, cursor?: string): string {
  const p = new URLSearchParams();
  if (q.status) p.set('status', q.status);
  if (q.market) p.set('market', q.market);
  if (q.source) p.set('source', q.source);
  if (q.q) p.set('q', q.q);
  if (q.sort) p.set('sort', q.sort);
  if (cursor) p.set('cursor', cursor);
  const s = p.toString();
  return s ? `/panel/inventory?${s}` : '/panel/inventory';
}

function filtersForm(t: InventoryTexts, user: PanelUser, q: ListQuery): Html {
  const option = (value: string, label: string, current: string | undefined) =>
    html`<option value="${value}"${value === (current ?? '') ? html` selected` : ''}>${label}</option>`;
  return html`<form class="filters card" method="get" action="/panel/inventory" role="search">
<div><label for="f-q">${t.filters.q}</label><input id="f-q" name="q" type="search" maxlength="${Q_MAX}" value="${q.q ?? ''}" placeholder="${t.filters.qHint}"></div>
<div><label for="f-status">${t.filters.status}</label><select id="f-status" name="status">${option('', t.filters.any, q.status)}${VEHICLE_STATUSES.map((s) => option(s, t.status[s], q.status))}</select></div>
${
  user.markets.length > 1
    ? html`<div><label for="f-market">${t.filters.market}</label><select id="f-market" name="market">${option('', t.filters.any, q.market)}${user.markets.map((m) => option(m, word(user.lang, 'market', m), q.market))}</select></div>`
    : ''
}
<div><label for="f-source">${t.filters.source}</label><select id="f-source" name="source">${option('', t.filters.any, q.source)}${SHOWN_SOURCES.map((s) => option(s, word(user.lang, 'source', s), q.source))}</select></div>
<div class="actions"><button type="submit">${t.filters.apply}</button>${q.status || q.market || q.source || q.q ? html`<a href="/panel/inventory">${t.filters.clear}</a>` : ''}</div>
</form>`;
}

function thumbnail(t: InventoryTexts, shownJson: string): Html {
  const first = (JSON.parse(shownJson) as ShownPhoto[])[0];
  return first ? html`<img src="${photoPath(first.file_id, first.ext)}" alt="" width="96" loading="lazy">` : html`<span class="muted">${t.noPhoto}</span>`;
}

/** A score as a badge: good from 80, worth a look from 50 (docs/quality.md). */
export const scoreBadge = (score: number | null): Html => {
  const s = score ?? 100;
  return html`<span class="badge ${s >= 80 ? 'ok' : s >= 50 ? 'warn' : 'bad'}">${String(s)}</span>`;
};

function listTable(t: InventoryTexts, user: PanelUser, rows: InventoryRow[], q: ListQuery): Html {
  const qt = QUALITY_TEXTS[user.lang];
  // The column's heading sorts by score (lowest first) and back.
  const sortLink = html`<a href="${listHref({ ...q, cursor: undefined, sort: q.sort ? undefined : 'quality' })}" title="${q.sort ? qt.sortRecent : qt.sortLow}">${qt.col}${
    q.sort ? ' ↑' : ''
  }</a>`;
  return html`<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.col.photo}</th><th>${t.col.stockId}</th><th>${t.col.car}</th><th>${t.col.price}</th><th>${word(user.lang, 'field', 'mileage')}</th><th>${t.col.status}</th><th aria-sort="${q.sort ? 'ascending' : 'none'}">${sortLink}</th><th>${t.col.updated}</th></tr></thead>
<tbody>${rows.map(
    // The whole row is the car's link (the stock ID's link stretched over it by the stylesheet);
    // prices, mileages and dates never break inside (P107).
    (r) => html`<tr class="linked">
<td data-label="${t.col.photo}">${thumbnail(t, r.shown_photos)}</td>
<td data-label="${t.col.stockId}"><a class="row-link" href="/panel/inventory/${r.id}">${r.external_id}</a></td>
<td data-label="${t.col.car}">${carTitle(r)}</td>
<td data-label="${t.col.price}" class="nowrap">${marketFormat(r.market).price(r.price_cents, r.currency)}</td>
<td data-label="${word(user.lang, 'field', 'mileage')}" class="nowrap">${marketFormat(r.market).mileage(r.mileage, findMarket(r.market)?.mileage_unit ?? 'km')}</td>
<td data-label="${t.col.status}">${statusBadge(t, r.status)}</td>
<td data-label="${qt.col}">${scoreBadge(r.quality_score)}</td>
<td data-label="${t.col.updated}" class="nowrap">${dateTime(r.updated_at, user)}</td>
</tr>`,
  )}</tbody></table></div>`;
}

/**
 * What to do about a car in review, by where it comes from: a car made in the panel is fixed with
 * its Edit button; one a system or a file sends is fixed there (its next sync would write over an
 * edit made here, P190).
 */
function reviewHelp(t: InventoryTexts, lang: PanelUser['lang'], row: VehicleRow): string {
  if (row.source === PANEL_SOURCE) return t.reviewHelpPanel;
  return t.reviewHelpSynced(word(lang, 'source', row.source));
}

/** Does this event (its parsed data) concern this car? */
/** An activity entry as the car page says it (P211): what changed, and who changed it. */
function activityText(t: InventoryTexts, locale: ReturnType<typeof marketFormat>, a: VehicleActivityRow): { what: string; who: string } {
  const d = (a.detail ? JSON.parse(a.detail) : {}) as { from?: number; to?: number; currency?: string };
  const w = t.activity;
  const what =
    a.kind === 'price'
      ? w.price(locale.price(d.from ?? 0, d.currency ?? ''), locale.price(d.to ?? 0, d.currency ?? ''))
      : a.kind === 'photos'
        ? w.photos(d.from ?? 0, d.to ?? 0)
        : w.kind[a.kind];
  const who = a.channel === 'panel' ? (a.author_name ?? w.by.removed) : w.by[a.channel];
  return { what, who };
}

function concerns(car: VehicleRow, data: Record<string, unknown>): boolean {
  const lead = data.lead as Record<string, unknown> | undefined;
  if (data.listing_id === car.listing_id || lead?.listing_id === car.listing_id) return true;
  return data.external_id === car.external_id && data.market === car.market;
}

export const inventoryPages: FastifyPluginAsync<{ deps: InventoryDeps }> = async (app, { deps }) => {
  const { store } = deps;
  await app.register(carEditPages, { deps });

  app.get('/inventory', async (req, reply) => {
    const user = signedIn(req);
    const t = INVENTORY_TEXTS[req.panelLang];
    const f = FRAME_TEXTS[req.panelLang];
    const q = readListQuery(req, user);
    // The cursor is bound to the filters it was made with (a changed filter starts over).
    const bound: CursorFilters = { market: q.market, source: q.source, status: q.status, ...(q.sort ? { sort: q.sort } : {}) };
    let after: ListPosition | undefined;
    if (q.cursor) {
      try {
        after = decodeCursor(q.cursor, bound);
      } catch {
        // A link edited by hand or made for other filters: the first page of these filters.
        return redirectTo(reply, listHref({ ...q, cursor: undefined }));
      }
    }
    const filter: InventoryFilter = { dealerId: user.dealerId, status: q.status, market: q.market, source: q.source, q: q.q, sort: q.sort };
    const rows = await inventoryPage(store.db, filter, after, INVENTORY_PAGE_SIZE + 1);
    const shown = rows.slice(0, INVENTORY_PAGE_SIZE);
    const last = shown.at(-1);
    const next =
      rows.length > INVENTORY_PAGE_SIZE && last
        ? encodeCursor({ updatedAt: q.sort === 'quality' ? (last.quality_score ?? 100) : last.updated_at, id: last.id }, bound)
        : undefined;
    const filtered = Boolean(q.status || q.market || q.source || q.q);
    const pager =
      next || q.cursor
        ? html`<nav class="pager" aria-label="${t.title}">${q.cursor ? html`<a href="${listHref(q)}">${t.firstPage}</a>` : html`<span></span>`}${
            next ? html`<a class="button secondary" href="${listHref(q, next)}">${f.next}</a>` : ''
          }</nav>`
        : '';
    return sendPage(req, reply, {
      title: t.title,
      section: 'inventory',
      body: html`<h1>${t.title}</h1>
<p><a class="button" href="/panel/inventory/new">${EDIT_TEXTS[user.lang].newCar}</a></p>
${filtersForm(t, user, q)}
${
  // The order, in words: a phone shows no table heading to click (D43, P223).
  html`<p class="sort-order"><a href="${listHref({ ...q, cursor: undefined, sort: q.sort ? undefined : 'quality' })}">${
    q.sort ? QUALITY_TEXTS[user.lang].sortRecent : QUALITY_TEXTS[user.lang].sortLow
  }</a></p>`
}
${shown.length ? listTable(t, user, shown, q) : html`<p class="card muted">${filtered || q.cursor ? t.empty : t.emptyAll}</p>`}
${pager}`,
    });
  });

  /** The car of the path, of the signed-in user's dealership, or the 404 page. */
  async function carOf(req: FastifyRequest): Promise<{ user: PanelUser; row: VehicleRow }> {
    const user = signedIn(req);
    const id = idParam((req.params as { id?: unknown }).id);
    const row = await findDealerVehicle(store.db, user.dealerId, id);
    if (!row) throw new PageError(404, 'not_found');
    return { user, row };
  }

  app.get('/inventory/:id', async (req, reply) => {
    const { user, row } = await carOf(req);
    const t = INVENTORY_TEXTS[req.panelLang];
    const f = FRAME_TEXTS[req.panelLang];
    const v = toVehicle(row, deps.publicBaseUrl);
    const locale = marketFormat(row.market);
    const [candidates, activity] = await Promise.all([
      vehicleEventCandidates(store.db, user.dealerId, row, EVENTS_SHOWN * 3),
      carActivity(store.db, row.id, EVENTS_SHOWN),
    ]);
    // Every change with who made it (P211), beside what the webhooks said of the car; a sale
    // recorded in the activity is not listed twice (its vehicle.sold event is older only before P211).
    const soldLogged = activity.some((a) => a.kind === 'sold');
    const events = candidates.filter((e) => concerns(row, JSON.parse(e.data) as Record<string, unknown>) && !(soldLogged && e.type === 'vehicle.sold'));
    const entries: { at: number; id: number; what: string; who: string }[] = [
      ...activity.map((a) => ({ at: a.created_at, id: a.id, ...activityText(t, locale, a) })),
      ...events.map((e) => ({ at: e.created_at, id: 0, what: pick(t.eventType, e.type.replace('.', '_')) ?? e.type, who: '' })),
    ]
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .slice(0, EVENTS_SHOWN);
    const photos = JSON.parse(row.photo_state) as PhotoStateEntry[];
    const done = (req.query as { done?: unknown }).done;
    const e = EDIT_TEXTS[req.panelLang];
    const editDone: Record<string, string> = { created: e.created, saved: e.saved, restored: e.restored };
    const notice =
      done === 'sold' || done === 'withdrawn'
        ? html`<p class="notice ok" role="status">${t.done[done]}</p>`
        : typeof done === 'string' && pick(editDone, done)
          ? html`<p class="notice ok" role="status">${pick(editDone, done)}</p>`
          : '';
    const title = carTitle(row);

    // The car's content fields from the table (facts.ts, P189), between its identity and its listing.
    const facts = carFacts(row, req.panelLang, 'panel');
    const fact = (c: CarFact): [string, Html | string] => [c.label, c.value ?? '—'];
    const fields: [string, Html | string][] = [
      [t.field.external_id, v.external_id],
      [t.field.status, statusBadge(t, row.status)],
      ...facts.filter((c) => !c.long).map(fact),
      [t.field.market, word(req.panelLang, 'market', v.market)],
      [t.field.source, word(req.panelLang, 'source', v.source)],
      [t.field.listing_id, v.listing_id],
      [t.field.url, html`<a href="${v.url}" rel="noopener" target="_blank">${t.openPublic}</a>`],
      [t.field.updated_at, dateTime(row.updated_at, user)],
      ...facts.filter((c) => c.long).map(fact),
    ];

    const actions: Html[] = [html`<a class="button secondary" href="/panel/inventory/${row.id}/edit">${e.edit}</a>`];
    if (!(FOR_SALE_STATUSES as readonly string[]).includes(row.status)) {
      // Undo (D5's "sent again", D33): a sold, withdrawn or expired car back for sale.
      actions.push(
        html`<form class="inline" method="post" action="/panel/inventory/${row.id}/restore" data-confirm="${e.confirmRestore}">${csrfField(req.csrfToken)}<button type="submit">${e.restore}</button></form>`,
      );
    }
    if (row.status !== 'sold') {
      actions.push(
        html`<form class="inline" method="post" action="/panel/inventory/${row.id}/sold" data-confirm="${t.confirmSold}">${csrfField(req.csrfToken)}<button type="submit">${t.markSold}</button></form>`,
      );
    }
    if ((FOR_SALE_STATUSES as readonly string[]).includes(row.status)) {
      actions.push(
        html`<form class="inline" method="post" action="/panel/inventory/${row.id}/withdraw" data-confirm="${t.confirmWithdraw}">${csrfField(req.csrfToken)}<button type="submit" class="danger">${t.withdraw}</button></form>`,
      );
    }

    const reasons = reviewFacts(row);
    // D43: the score and each hint, linked to the photo or the field to fix (P223).
    const qt = QUALITY_TEXTS[req.panelLang];
    const quality = qualityIn(req.panelLang, qualityOf(row));
    const fixHref = (h: { field: string; photo?: number }) =>
      h.photo !== undefined
        ? `#photo-${h.photo + 1}`
        : h.field === 'photos'
          ? `/panel/inventory/${row.id}/edit#c-photos-help`
          : `/panel/inventory/${row.id}/edit#c-${h.field}`;
    const qualitySection = html`<section class="card quality" id="quality"><h2>${qt.title} ${scoreBadge(quality.score)} <span class="muted">${qt.score(quality.score)}</span></h2>
${
  quality.hints.length
    ? html`<p class="muted">${qt.intro}</p><ul class="hints">${quality.hints.map(
        (h) =>
          html`<li><span class="grow">${h.message}</span> <strong class="nowrap">${qt.points(h.points)}</strong> <a class="nowrap" href="${fixHref(h)}">${
            h.photo !== undefined ? qt.seePhoto(h.photo + 1) : qt.fix
          }</a></li>`,
      )}</ul>`
    : html`<p>${qt.perfect}</p>`
}
</section>`;
    return sendPage(req, reply, {
      title: `${v.external_id} · ${title}`,
      section: 'inventory',
      body: html`<p><a href="/panel/inventory">${t.backToList}</a></p>
<h1>${title}</h1>
${notice}
${
  reasons.length
    ? html`<div class="notice warn"><h2>${t.reviewTitle}</h2><ul>${reasons.map((r) => html`<li>${render(req.panelLang, reviewMsg(r))}</li>`)}</ul><p>${reviewHelp(t, req.panelLang, row)}</p></div>`
    : ''
}
${actions.length ? html`<div class="actions">${actions}</div>` : ''}
${qualitySection}
<section class="card"><h2>${t.details}</h2><dl class="fields">${fields.map(([k, val]) => html`<dt>${k}</dt><dd>${val}</dd>`)}</dl></section>
<section class="card"><h2>${t.photos}</h2>
${
  photos.length
    ? html`<div class="photos">${photos.map(
        (p, i) => html`<figure id="photo-${i + 1}">
${p.file_id && p.ext ? html`<img src="${photoPath(p.file_id, p.ext)}" alt="${i + 1}" loading="lazy">` : ''}
<figcaption><span class="badge ${p.status === 'ready' ? 'ok' : p.status === 'failed' ? 'bad' : ''}">${t.photoStatus[p.status]}</span> ${i + 1}
${p.reason ? html`<br><span class="muted">${storedText(user.lang, p.reason)}</span>` : ''}
<br><small class="muted">${
          // A photo uploaded in the panel is named by its file inside (upload:<file id>): no address anyone has.
          isUploadRef(p.source_url) ? t.photoUploaded : html`${t.photoSource}: ${p.source_url}`
        }</small></figcaption>
</figure>`,
      )}</div>`
    : html`<p class="muted">${t.noPhotos}</p>`
}
</section>
${deps.carSection ? await deps.carSection(user, req.panelLang, row) : ''}
<section class="card"><h2>${t.events}</h2>
${
  entries.length
    ? html`<div class="table-wrap"><table class="stack"><thead><tr><th>${t.eventWhat}</th><th>${t.activity.who}</th><th>${t.eventWhen}</th></tr></thead><tbody>${entries.map(
        (e) =>
          html`<tr><td data-label="${t.eventWhat}">${e.what}</td><td data-label="${t.activity.who}">${e.who}</td><td data-label="${t.eventWhen}">${dateTime(e.at, user)}</td></tr>`,
      )}</tbody></table></div>`
    : html`<p class="muted">${t.noEvents}</p>`
}
</section>
<p><a href="/panel/inventory">${f.back}</a></p>`,
    });
  });

  app.post('/inventory/:id/sold', async (req, reply) => {
    const { user, row } = await carOf(req);
    await sellVehicle(deps, dealerOf(user), row.external_id, row.market, byUser(user));
    return redirectTo(reply, `/panel/inventory/${row.id}?done=sold`);
  });

  app.post('/inventory/:id/withdraw', async (req, reply) => {
    const { user, row } = await carOf(req);
    await withdrawVehicle(deps, dealerOf(user), row.external_id, row.market, byUser(user));
    return redirectTo(reply, `/panel/inventory/${row.id}?done=withdrawn`);
  });
};
