// One import's report in the panel: what happened, the counts, and its per-row errors as the
// stored report has them (row number, stock ID, message), also as a CSV download.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FeedImportResult } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { idParam, signedIn, type Lang } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { dateTime } from '../../core/web/time.js';
import { sendPage } from '../../core/web/render.js';
import { itemErrorText, type ItemError, type ItemErrorText } from '../vehicles/stock.js';
import { msg, render, renderStored, storedText, textsOf, word } from '../../core/i18n/index.js';
import { csvFile } from './panel-csv.js';
import { mappingReport, type MappingReport, type StoredColumn } from './mapping.js';
import { findDealerImport, importCars, type DealerImportRow } from './repository.js';
import { qualityCard, type CarQuality } from './panel-quality.js';
import { qualityOf } from '../vehicles/quality.js';

const FEED_TEXTS = textsOf('feeds.');
const MAPPING_TEXTS = textsOf('mapping.');
const QUALITY_TEXTS = textsOf('feedQuality.');

const BADGE: Record<FeedImportResult, 'ok' | 'warn' | 'bad' | ''> = {
  processed: 'ok',
  running: '',
  refused: 'warn',
  interrupted: 'warn',
  unreadable: 'bad',
  unreachable: 'bad',
};

/** What the panel needs of an import to say how it went. */
export interface ImportOutcome {
  result: FeedImportResult;
  rows: number;
  created: number;
  updated: number;
  sold: number;
  error_count: number;
}

/**
 * How an import went, as a salesperson reads it (issue 26, P109): a processed file whose rows
 * were refused in part is a warning ("imported with errors"), and one whose every row was
 * refused loaded nothing; never a green "Imported" over refused cars.
 */
export function outcomeOf(o: ImportOutcome): { kind: 'ok' | 'warn' | 'bad' | ''; partial?: 'some' | 'none' } {
  if (o.result === 'processed' && o.error_count > 0) {
    return o.rows > o.error_count ? { kind: 'warn', partial: 'some' } : { kind: 'bad', partial: 'none' };
  }
  return { kind: BADGE[o.result] };
}

export function resultBadge(lang: Lang, o: ImportOutcome): Html {
  const t = FEED_TEXTS[lang];
  const { kind, partial } = outcomeOf(o);
  const text = partial === 'some' ? t.resultPartial : partial === 'none' ? t.resultNoneLoaded : t.results[o.result];
  return html`<span class="${kind ? `badge ${kind}` : 'badge'}">${text}</span>`;
}

/** The counts, each labelled and zeros left out: "2 nuevos · 2 con errores" (never "2 · 0 · 0 · 2"). */
export function importCounts(lang: Lang, o: Pick<ImportOutcome, 'created' | 'updated' | 'sold' | 'error_count'>): string {
  const parts = [
    o.created ? render(lang, msg('import_count_created', { n: o.created })) : '',
    o.updated ? render(lang, msg('import_count_updated', { n: o.updated })) : '',
    o.sold ? render(lang, msg('import_count_sold', { n: o.sold })) : '',
    o.error_count ? render(lang, msg('import_count_errors', { n: o.error_count })) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : render(lang, msg('import_count_none'));
}

/** The sentence over a report whose rows were refused in part or in whole, or nothing. */
function partialNotice(lang: Lang, o: ImportOutcome): Html {
  const { kind, partial } = outcomeOf(o);
  if (!partial) return html``;
  const text =
    partial === 'some'
      ? render(lang, msg('import_partial', { ok: o.rows - o.error_count, errors: o.error_count }))
      : render(lang, msg('import_none_loaded', { errors: o.error_count }));
  return html`<p class="notice ${kind}" role="status">${text}</p>`;
}

/** Which column fed which field (P29), as every report shows it; nothing for a file never read. */
export function mappingCard(lang: Lang, m: MappingReport): Html {
  if (m.columns.length + m.ignored.length + m.missing.length === 0) return html``;
  const t = MAPPING_TEXTS[lang];
  const names = (list: string[]) => list.map((c, i) => html`${i > 0 ? ', ' : ''}<code>${c}</code>`);
  return html`<h2>${t.mapping}</h2>
<div class="card">
<div class="table-wrap"><table class="stack"><thead><tr><th>${t.column}</th><th>${t.field}</th></tr></thead>
<tbody>${m.columns.map(
    (c) =>
      html`<tr><td data-label="${t.column}"><code>${c.column}</code></td><td data-label="${t.field}">${word(lang, 'field', c.field)}${c.override ? html` <span class="badge">${t.byHand}</span>` : ''}</td></tr>`,
  )}</tbody></table></div>
${m.ignored.length ? html`<p>${t.ignored}: ${names(m.ignored)}</p>` : ''}
${m.missing.length ? html`<p class="notice warn">${t.missing}: ${names(m.missing)}</p>` : ''}
</div>`;
}

export const importPages: FastifyPluginAsync<{ deps: { store: Store } }> = async (app, { deps }) => {
  const { store } = deps;

  async function dealerImport(req: FastifyRequest) {
    const user = signedIn(req);
    const id = idParam((req.params as { id: string }).id);
    const imp = await findDealerImport(store.db, user.dealerId, id);
    if (!imp) throw new PageError(404, 'not_found');
    return {
      user,
      imp,
      errors: (JSON.parse(imp.errors) as (ItemError | ItemErrorText)[]).map((e) => itemErrorText(req.panelLang, e)),
      warnings: (JSON.parse(imp.warnings) as { index: number; external_id: string; message: unknown }[]).map((w) => ({
        ...w,
        message: renderStored(req.panelLang, w.message),
      })),
    };
  }

  /** The cars the import wrote, with their listing quality as it is now (D43, P246); cars deleted since are left out. */
  async function importQuality(lang: Lang, imp: DealerImportRow): Promise<Html> {
    const ids = JSON.parse(imp.cars) as string[];
    if (ids.length === 0) return html``;
    const rows = new Map((await importCars(store.db, imp.dealer_id, imp.market, ids)).map((r) => [r.external_id, r]));
    const cars: CarQuality[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row) continue;
      const q = qualityOf(row);
      cars.push({ external_id: id, score: q.score, hints: q.hints, href: `/panel/inventory/${row.id}#quality`, pending: row.photos_pending > 0 });
    }
    const written = imp.created + imp.updated;
    return qualityCard(lang, cars, { help: QUALITY_TEXTS[lang].reportHelp, kept: written > ids.length ? ids.length : undefined });
  }

  app.get('/feeds/imports/:id', async (req, reply) => {
    const { user, imp, errors, warnings } = await dealerImport(req);
    const t = FEED_TEXTS[req.panelLang];
    const running = imp.result === 'running';
    // The rows to fix come first (P197): right under the title, not below the facts and the
    // column table (1,490 px down on a phone with 15 columns).
    return sendPage(req, reply, {
      title: t.importTitle(imp.id),
      section: 'feeds',
      body: html`<p><a href="/panel/feeds#history">${t.backToFeeds}</a></p>
<h1>${t.importTitle(imp.id)} ${resultBadge(req.panelLang, imp)}</h1>
${partialNotice(req.panelLang, imp)}
${
  errors.length === 0
    ? ''
    : html`<h2>${t.rowErrors}</h2>
${imp.error_count > errors.length ? html`<p class="notice warn">${t.errorsTruncated(errors.length, imp.error_count)}</p>` : ''}
<p><a class="button secondary" href="/panel/feeds/imports/${imp.id}/errors.csv" download>${t.downloadCsv}</a></p>
<div class="table-wrap"><table class="stack">
<thead><tr><th class="num">${t.row}</th><th>${t.stockId}</th><th>${t.error}</th></tr></thead>
<tbody>${errors.map(
        (e) =>
          html`<tr><td class="num" data-label="${t.row}">${e.index}</td><td class="nowrap" data-label="${t.stockId}">${e.external_id}</td><td data-label="${t.error}">${e.message}</td></tr>`,
      )}</tbody></table></div>`
}
<div class="card"><dl class="fields">
<dt>${t.feedColumn}</dt><dd>${imp.feed_id} · ${word(req.panelLang, 'market', imp.market)} · ${word(req.panelLang, 'source', imp.source)}</dd>
<dt>${t.trigger}</dt><dd>${t.triggers[imp.trigger]}</dd>
<dt>${t.started}</dt><dd class="date">${dateTime(imp.started_at, user)}</dd>
<dt>${t.finished}</dt><dd class="date">${running ? '—' : dateTime(imp.finished_at, user)}</dd>
${imp.format ? html`<dt>${t.format}</dt><dd>${imp.format.toUpperCase()}</dd>` : ''}
<dt>${t.counts}</dt><dd>${importCounts(req.panelLang, imp)}</dd>
<dt>${t.rowsN}</dt><dd>${imp.rows}</dd>
<dt>${t.createdN}</dt><dd>${imp.created}</dd>
<dt>${t.updatedN}</dt><dd>${imp.updated}</dd>
<dt>${t.soldN}</dt><dd>${imp.sold}</dd>
<dt>${t.errorsN}</dt><dd>${imp.error_count}</dd>
${imp.message ? html`<dt>${t.message}</dt><dd>${storedText(req.panelLang, imp.message)}</dd>` : ''}
${imp.sold_skipped ? html`<dt>${t.soldSkipped}</dt><dd>${storedText(req.panelLang, imp.sold_skipped)}</dd>` : ''}
</dl></div>
${await importQuality(req.panelLang, imp)}
${mappingCard(req.panelLang, mappingReport(JSON.parse(imp.columns) as StoredColumn[]))}
${
  errors.length === 0
    ? html`<h2>${t.rowErrors}</h2>
<p class="muted">${t.noRowErrors}</p>`
    : ''
}
${
  warnings.length === 0
    ? ''
    : html`<h2>${t.rowWarnings}</h2>
<div class="table-wrap"><table class="stack">
<thead><tr><th class="num">${t.row}</th><th>${t.stockId}</th><th>${t.warning}</th></tr></thead>
<tbody>${warnings.map(
        (w) =>
          html`<tr><td class="num" data-label="${t.row}">${w.index}</td><td class="nowrap" data-label="${t.stockId}">${w.external_id}</td><td data-label="${t.warning}">${w.message}</td></tr>`,
      )}</tbody></table></div>`
}`,
    });
  });

  app.get('/feeds/imports/:id/errors.csv', async (req, reply) => {
    const { imp, errors } = await dealerImport(req);
    const t = FEED_TEXTS[req.panelLang];
    const body = csvFile([[t.row, t.stockId, t.error], ...errors.map((e) => [e.index, e.external_id, e.message])]);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${t.csvName}-${imp.id}.csv"`).send(body);
  });
};
