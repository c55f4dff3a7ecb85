// The panel's page of one feed's columns (P29): its column mapping overrides (list, add,
// remove) and "check a file", a dry run (D30) of a file chosen in the browser, whose report
// shows what the import would do before the first real push. Staff and owners alike (D27:
// feeds are everyone's). The file comes as multipart/form-data, read in this scope only (the
// panel otherwise takes short forms), bounded like a push (10 MB).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors.js';
import { pick, render, renderAll, textsOf, word } from '../../core/i18n/index.js';
import type { DealerRow, FeedRow } from '../../core/db/schema.js';
import { idParam, signedIn } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { fileInput } from '../../core/web/file-input.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import type { VehicleDeps } from '../vehicles/service.js';
import { readPushedFile, type PushedFile } from './body.js';
import { importFeedFile, type FeedDryRun } from './import.js';
import { FEED_MAX_BYTES } from './limits.js';
import { mappingCard } from './panel-import.js';
import { qualityCard } from './panel-quality.js';
import { columnMapOf, MappingInputError, removeColumnOverride, setColumnOverride } from './mapping.js';
import { OVERRIDE_COLUMN_MAX, OVERRIDE_TARGETS } from './parse/overrides.js';
import { findFeedWithDealer } from './repository.js';

const FEED_TEXTS = textsOf('feeds.');
const MAPPING_TEXTS = textsOf('mapping.');
const QUALITY_TEXTS = textsOf('feedQuality.');

/** Stock IDs listed per "would" list on the report (the counts say how many in all). */
const LIST_SHOWN = 50;
/** Row errors shown on the report. */
const ERRORS_SHOWN = 200;

interface Problem {
  message: string;
  values?: Record<string, string>;
  status: number;
}

export const feedCheckPages: FastifyPluginAsync<{ deps: VehicleDeps }> = async (app, { deps }) => {
  const { store } = deps;

  // The file and the CSRF token (a text part) of the check form; read before the CSRF check,
  // which then finds `_csrf` in the body as for any panel form.
  app.addContentTypeParser('multipart/form-data', async (req: FastifyRequest) => {
    const file = await readPushedFile(req.raw, req.raw, FEED_MAX_BYTES);
    return { ...file.fields, file };
  });

  async function liveFeed(req: FastifyRequest): Promise<{ feed: FeedRow; dealer: DealerRow; dealerId: number }> {
    const user = signedIn(req);
    const found = await findFeedWithDealer(store.db, idParam((req.params as { id: string }).id));
    // Another dealership's feed is the same 404 as no feed at all.
    if (!found || found.feed.dealer_id !== user.dealerId || found.feed.revoked_at !== null) throw new PageError(404, 'not_found');
    return { ...found, dealerId: user.dealerId };
  }

  function mappingSection(req: FastifyRequest, feed: FeedRow, problem?: Problem): Html {
    const t = MAPPING_TEXTS[req.panelLang];
    const csrf = csrfField(req.csrfToken);
    const overrides = Object.entries(columnMapOf(feed));
    const v = problem?.values ?? {};
    // The fields by their words (P198), as the report's column table names them; the value stays the API name.
    const fieldWord = (f: string) => (f === 'ignore' ? t.ignore : word(req.panelLang, 'field', f));
    return html`<section class="card" aria-labelledby="mapping">
<h2 id="mapping">${t.mappingTitle}</h2>
<p class="muted">${t.mappingHelp}</p>
${
  overrides.length === 0
    ? html`<p class="muted">${t.noOverrides}</p>`
    : html`<div class="table-wrap"><table class="stack"><thead><tr><th>${t.column}</th><th>${t.field}</th><th></th></tr></thead>
<tbody>${overrides.map(
        ([column, field]) => html`<tr><td data-label="${t.column}"><code>${column}</code></td><td data-label="${t.field}">${fieldWord(field)}</td>
<td><form class="inline" method="post" action="/panel/feeds/tokens/${feed.id}/mapping/remove">${csrf}<input type="hidden" name="column" value="${column}"><button class="danger" type="submit">${t.remove}</button></form></td></tr>`,
      )}</tbody></table></div>`
}
<form method="post" action="/panel/feeds/tokens/${feed.id}/mapping">
${csrf}
${problem ? html`<p class="notice bad" role="alert">${problem.message}</p>` : ''}
<div class="filters">
<div><label for="map-column">${t.column}</label>
<input id="map-column" name="column" required maxlength="${OVERRIDE_COLUMN_MAX}" value="${v.column ?? ''}"${problem ? html` aria-invalid="true"` : ''}></div>
<div><label for="map-field">${t.field}</label>
<select id="map-field" name="field">${OVERRIDE_TARGETS.map(
      (f) => html`<option value="${f}"${f === v.field ? html` selected` : ''}>${fieldWord(f)}</option>`,
    )}</select></div>
</div>
<div class="actions"><button type="submit">${t.add}</button></div>
</form>
</section>`;
  }

  function checkForm(req: FastifyRequest, feed: FeedRow, problem?: Problem): Html {
    const t = MAPPING_TEXTS[req.panelLang];
    return html`<section class="card" aria-labelledby="check">
<h2 id="check">${t.checkTitle}</h2>
<p class="muted">${t.checkHelp}</p>
<form method="post" action="/panel/feeds/tokens/${feed.id}/check" enctype="multipart/form-data">
${csrfField(req.csrfToken)}
${problem ? html`<p class="notice bad" role="alert">${problem.message}</p>` : ''}
<p id="check-file-help">${t.file}</p>
${fileInput({
  id: 'check-file',
  name: 'file',
  lang: req.panelLang,
  label: t.pickFile,
  required: true,
  accept: '.csv,.json,.xml,.xlsx,text/csv,application/json,application/xml,text/xml',
  describedBy: 'check-file-help',
})}
<div class="actions"><button type="submit">${t.check}</button></div>
</form>
</section>`;
  }

  function feedPage(req: FastifyRequest, reply: FastifyReply, feed: FeedRow, o: { mapping?: Problem; check?: Problem; done?: string } = {}) {
    const t = MAPPING_TEXTS[req.panelLang];
    return sendPage(req, reply, {
      title: t.title(feed.id),
      section: 'feeds',
      status: o.mapping?.status ?? o.check?.status,
      body: html`<p><a href="/panel/feeds">${FEED_TEXTS[req.panelLang].backToFeeds}</a></p>
<h1>${t.title(feed.id)}</h1>
${o.done ? html`<p class="notice ok" role="status">${o.done}</p>` : ''}
${checkForm(req, feed, o.check)}
${mappingSection(req, feed, o.mapping)}`,
    });
  }

  function idList(req: FastifyRequest, title: string, ids: string[]): Html {
    const t = MAPPING_TEXTS[req.panelLang];
    const shown = ids.slice(0, LIST_SHOWN);
    return html`<h3>${title}: ${ids.length}</h3>
${
  ids.length === 0
    ? html`<p class="muted">${t.none}</p>`
    : html`${ids.length > shown.length ? html`<p class="muted">${t.firstOf(shown.length, ids.length)}</p>` : ''}<p>${shown.map((id, i) => html`${i > 0 ? ', ' : ''}<code>${id}</code>`)}</p>`
}`;
  }

  function reportPage(req: FastifyRequest, reply: FastifyReply, feed: FeedRow, r: FeedDryRun) {
    const t = MAPPING_TEXTS[req.panelLang];
    const errorsShown = r.errors.slice(0, ERRORS_SHOWN);
    return sendPage(req, reply, {
      title: t.reportTitle(feed.id),
      section: 'feeds',
      body: html`<p><a href="/panel/feeds/tokens/${feed.id}/mapping">${t.title(feed.id)}</a></p>
<h1>${t.reportTitle(feed.id)}</h1>
<p class="notice warn" role="status">${t.nothingChanged}</p>
<div class="card">
${r.guard.allowed ? html`<p class="notice ok">${t.guardOk}</p>` : html`<p class="notice bad" role="alert">${t.guardRefused} ${r.guard.reason ? render(req.panelLang, r.guard.reason) : ''}</p>`}
${r.sold_skipped ? html`<p class="notice warn">${render(req.panelLang, r.sold_skipped)}</p>` : ''}
<dl class="fields">
<dt>${FEED_TEXTS[req.panelLang].format}</dt><dd>${r.format.toUpperCase()}</dd>
<dt>${FEED_TEXTS[req.panelLang].rowsN}</dt><dd>${r.rows}</dd>
<dt>${FEED_TEXTS[req.panelLang].errorsN}</dt><dd>${r.error_count}</dd>
</dl>
${idList(req, t.wouldCreate, r.would_create)}
${idList(req, t.wouldUpdate, r.would_update)}
${idList(req, t.wouldSell, r.would_mark_sold)}
</div>
${qualityCard(req.panelLang, r.would_quality ?? [], { help: QUALITY_TEXTS[req.panelLang].checkHelp })}
${mappingCard(req.panelLang, r.mapping)}
<h2>${FEED_TEXTS[req.panelLang].rowErrors}: ${r.error_count}</h2>
${
  errorsShown.length === 0
    ? ''
    : html`<div class="table-wrap"><table class="stack"><thead><tr><th>${FEED_TEXTS[req.panelLang].row}</th><th>${FEED_TEXTS[req.panelLang].stockId}</th><th>${FEED_TEXTS[req.panelLang].error}</th></tr></thead>
<tbody>${errorsShown.map((e) => html`<tr><td>${e.index}</td><td>${e.external_id}</td><td>${renderAll(req.panelLang, e.rules)}</td></tr>`)}</tbody></table></div>`
}`,
    });
  }

  app.get('/feeds/tokens/:id/mapping', async (req, reply) => {
    const { feed } = await liveFeed(req);
    const q = req.query as { done?: string };
    const t = MAPPING_TEXTS[req.panelLang];
    return feedPage(req, reply, feed, { done: q.done === 'saved' ? t.saved : q.done === 'removed' ? t.removed : undefined });
  });

  async function changeMapping(req: FastifyRequest, reply: FastifyReply, remove: boolean) {
    const { feed, dealerId } = await liveFeed(req);
    const f = formFields(req.body);
    const values = { column: (f.column ?? '').slice(0, OVERRIDE_COLUMN_MAX + 1), field: (f.field ?? '').slice(0, 40) };
    try {
      if (remove) await removeColumnOverride(store, dealerId, feed.id, values.column);
      else await setColumnOverride(store, dealerId, feed.id, values.column, values.field);
    } catch (err) {
      if (err instanceof MappingInputError && err.problem !== 'feed_not_found') {
        const message = pick(MAPPING_TEXTS[req.panelLang].problems, err.problem) ?? err.message;
        return feedPage(req, reply, feed, { mapping: { message, values, status: 422 } });
      }
      throw err;
    }
    return redirectTo(reply, `/panel/feeds/tokens/${feed.id}/mapping?done=${remove ? 'removed' : 'saved'}`);
  }

  app.post('/feeds/tokens/:id/mapping', async (req, reply) => changeMapping(req, reply, false));
  app.post('/feeds/tokens/:id/mapping/remove', async (req, reply) => changeMapping(req, reply, true));

  app.post('/feeds/tokens/:id/check', async (req, reply) => {
    const { feed, dealer } = await liveFeed(req);
    const t = MAPPING_TEXTS[req.panelLang];
    const file = (req.body as { file?: PushedFile } | undefined)?.file;
    if (!file || file.body.length === 0) return feedPage(req, reply, feed, { check: { message: t.noFile, status: 422 } });
    let report: FeedDryRun;
    try {
      report = await importFeedFile(deps, feed, dealer, file, { mode: 'plan' });
    } catch (err) {
      // A file that cannot be read (or lists no car) is the form's message, never a 5xx.
      if (err instanceof ApiError && (err.code === 'unreadable_feed' || err.code === 'empty_list')) {
        return feedPage(req, reply, feed, { check: { message: `${t.unreadable} ${err.toBody(req.panelLang).error.message}`, status: 422 } });
      }
      throw err;
    }
    return reportPage(req, reply, feed, report);
  });
};
