// The panel's feeds pages (staff and owners, D27): the dealership's feeds with their push
// address (shown once, when made), who made each and when its address was last used, the file
// URL ("read now"), and the import history. A push address or a file URL writes the inventory as
// an API key does (D39, P64): only owners make and revoke feeds and set or remove their URL;
// staff get the 403 page there and no such forms. Same rules and jobs as the CLI and the API
// (service.ts); the import report and its CSV are in panel-import.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Catalog } from '../catalog/catalog.js';
import type { Config } from '../../core/config.js';
import type { Store } from '../../core/db/store.js';
import { ApiError } from '../../core/errors.js';
import { idParam, ownerOnly, signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { pick, textsOf, word } from '../../core/i18n/index.js';
import { copyButton, csrfField } from '../../core/web/layout.js';
import { dateTime } from '../../core/web/time.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';
import { SOURCES } from '../vehicles/sources.js';
import { importCounts, importPages, resultBadge } from './panel-import.js';
import { feedCheckPages } from './panel-check.js';
import { listDealerImports } from './repository.js';
import {
  createDealerFeed,
  dealerFeedRows,
  FEED_URL_MAX,
  FeedInputError,
  feedUrlPolicy,
  readDealerFeedNow,
  revokeDealerFeed,
  setDealerFeedUrl,
} from './service.js';

const FEED_TEXTS = textsOf('feeds.');
const MAPPING_TEXTS = textsOf('mapping.');

export interface FeedsPagesDeps {
  store: Store;
  clock: Clock;
  /** For checking a file (panel-check.ts), validated as an import validates it. */
  catalog: Catalog;
  publicBaseUrl: string;
  config: Pick<Config, 'outboundAllowPrivateNetworks'>;
}

const IMPORTS_PER_PAGE = 20;

type FeedView = Awaited<ReturnType<typeof dealerFeedRows>>[number];

/** A form's problem shown where it belongs: the new-feed form, or one feed's URL form. */
interface FormProblem {
  where: 'new' | number;
  message: string;
  values: Record<string, string>;
}

const notFound = () => new PageError(404, 'not_found');

/** The service's not_found (another dealership's, revoked or no such feed) is the 404 page. */
async function orNotFound<R>(work: Promise<R>): Promise<R> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') throw notFound();
    throw err;
  }
}

function pageNumber(v: unknown): number {
  return typeof v === 'string' && /^[1-9]\d{0,5}$/.test(v) ? Number(v) : 1;
}

export const feedsPages: FastifyPluginAsync<{ deps: FeedsPagesDeps }> = async (app, { deps }) => {
  const { store, clock, publicBaseUrl } = deps;
  const policy = feedUrlPolicy(deps.config.outboundAllowPrivateNetworks);

  /** Who made the feed's token (P64): a user (marked when no longer one), the operator, or unknown. */
  function makerOf(req: FastifyRequest, f: FeedView): string {
    const t = FEED_TEXTS[req.panelLang];
    if (f.created_by === 'operator') return t.makerOperator;
    if (f.created_by === 'user') {
      const name = f.created_by_name ?? '?';
      if (f.created_by_user_id === null) return t.makerRemoved(name);
      return f.maker_role === 'staff' ? t.makerDemoted(name) : name;
    }
    return t.makerUnknown;
  }

  /** What an owner should look at on a live feed: one made by nobody knows whom, by someone who left, or by someone no longer an owner. */
  function makerWarning(req: FastifyRequest, f: FeedView): string | undefined {
    const t = FEED_TEXTS[req.panelLang];
    if (f.created_by === 'unknown') return t.unknownWarning;
    if (f.created_by === 'user' && f.created_by_user_id === null) return t.removedWarning;
    if (f.created_by === 'user' && f.maker_role === 'staff') return t.demotedWarning;
    return undefined;
  }

  function feedCard(req: FastifyRequest, user: PanelUser, f: FeedView, problem: FormProblem | undefined): Html {
    const t = FEED_TEXTS[req.panelLang];
    const csrf = csrfField(req.csrfToken);
    const mine = problem?.where === f.id ? problem : undefined;
    const owner = user.role === 'owner';
    const warning = owner ? makerWarning(req, f) : undefined;
    return html`<section class="card" aria-labelledby="feed-${f.id}">
<h2 id="feed-${f.id}">${t.feed(f.id)} <span class="badge ok">${t.live}</span></h2>
${warning ? html`<p class="notice warn" role="status">${warning}</p>` : ''}
<dl class="fields">
<dt>${t.market}</dt><dd>${word(req.panelLang, 'market', f.market)}</dd>
<dt>${t.source}</dt><dd>${word(req.panelLang, 'source', f.source)}</dd>
<dt>${t.created}</dt><dd>${dateTime(f.created_at, user)}</dd>
<dt>${t.madeBy}</dt><dd>${makerOf(req, f)}</dd>
<dt>${t.pushAddress}</dt><dd class="muted">${t.pushHidden}</dd>
<dt>${t.lastUsed}</dt><dd>${f.last_used_at === null ? t.never : dateTime(f.last_used_at, user)}</dd>
<dt>${t.feedUrl}</dt><dd>${f.url ? html`<code>${f.url}</code>` : html`<span class="muted">${t.noUrl}</span>`}</dd>
${f.url ? html`<dt>${t.lastRead}</dt><dd>${dateTime(f.last_polled_at, user)}</dd>` : ''}
</dl>
${owner ? urlForm(req, f, mine) : ''}
<div class="actions">
${f.url ? html`<form class="inline" method="post" action="/panel/feeds/tokens/${f.id}/read-now">${csrf}<button class="secondary" type="submit">${t.readNow}</button></form>` : ''}
${
  owner && f.url
    ? html`<form class="inline" method="post" action="/panel/feeds/tokens/${f.id}/url/remove" data-confirm="${t.confirmRemoveUrl}">${csrf}<button class="danger" type="submit">${t.removeUrl}</button></form>`
    : ''
}
${
  owner
    ? html`<form class="inline" method="post" action="/panel/feeds/tokens/${f.id}/revoke" data-confirm="${t.confirmRevoke(f.id)}">${csrf}<button class="danger" type="submit">${t.revoke}</button></form>`
    : ''
}
<a class="button secondary" href="/panel/feeds/tokens/${f.id}/mapping">${MAPPING_TEXTS[req.panelLang].link}</a>
</div>
</section>`;
  }

  function urlForm(req: FastifyRequest, f: FeedView, mine: FormProblem | undefined): Html {
    const t = FEED_TEXTS[req.panelLang];
    const fieldId = `url-${f.id}`;
    return html`<form method="post" action="/panel/feeds/tokens/${f.id}/url">
${csrfField(req.csrfToken)}
${mine ? html`<p class="notice bad" role="alert">${mine.message}</p>` : ''}
<label for="${fieldId}">${f.url ? t.changeUrl : t.addUrl}</label>
<input id="${fieldId}" name="url" type="url" inputmode="url" required maxlength="${FEED_URL_MAX}" placeholder="https://" value="${mine ? (mine.values.url ?? '') : (f.url ?? '')}" aria-describedby="${fieldId}-help"${mine ? html` aria-invalid="true"` : ''}>
<p id="${fieldId}-help" class="muted">${t.urlHelp}</p>
<div class="actions"><button type="submit">${t.saveUrl}</button></div>
</form>`;
  }

  /** A sandbox feed's card (P141): who made it, its last use and (owners) revoke; the URL actions stay with the CLI. */
  function sandboxCard(req: FastifyRequest, user: PanelUser, f: FeedView): Html {
    const t = FEED_TEXTS[req.panelLang];
    return html`<section class="card" aria-labelledby="feed-${f.id}">
<h2 id="feed-${f.id}">${t.feed(f.id)} <span class="badge warn">${t.sandbox}</span> <span class="badge ok">${t.live}</span></h2>
<dl class="fields">
<dt>${t.market}</dt><dd>${word(req.panelLang, 'market', f.market)}</dd>
<dt>${t.source}</dt><dd>${word(req.panelLang, 'source', f.source)}</dd>
<dt>${t.created}</dt><dd>${dateTime(f.created_at, user)}</dd>
<dt>${t.madeBy}</dt><dd>${makerOf(req, f)}</dd>
<dt>${t.lastUsed}</dt><dd>${f.last_used_at === null ? t.never : dateTime(f.last_used_at, user)}</dd>
</dl>
${
  user.role === 'owner'
    ? html`<div class="actions"><form class="inline" method="post" action="/panel/feeds/tokens/${f.id}/revoke" data-confirm="${t.confirmRevoke(f.id)}">${csrfField(req.csrfToken)}<button class="danger" type="submit">${t.revoke}</button></form></div>`
    : ''
}
</section>`;
  }

  function revokedTable(req: FastifyRequest, user: PanelUser, feeds: FeedView[]): Html {
    const t = FEED_TEXTS[req.panelLang];
    return html`<details><summary>${t.revokedFeeds(feeds.length)}</summary><div class="table-wrap"><table class="stack">
<thead><tr><th>ID</th><th>${t.market}</th><th>${t.source}</th><th>${t.created}</th><th>${t.madeBy}</th><th>${t.lastUsed}</th><th>${t.state}</th></tr></thead>
<tbody>${feeds.map(
      (
        f,
      ) => html`<tr><td data-label="ID">${f.id}</td><td data-label="${t.market}">${word(req.panelLang, 'market', f.market)}</td><td data-label="${t.source}">${word(req.panelLang, 'source', f.source)}</td>
<td class="date" data-label="${t.created}">${dateTime(f.created_at, user)}</td><td data-label="${t.madeBy}">${makerOf(req, f)}</td>
<td class="date" data-label="${t.lastUsed}">${f.last_used_at === null ? t.never : dateTime(f.last_used_at, user)}</td><td data-label="${t.state}">${f.sandbox ? html`<span class="badge warn">${t.sandbox}</span> ` : ''}<span class="badge bad">${t.revoked}</span> ${dateTime(f.revoked_at, user)}</td></tr>`,
    )}</tbody></table></div></details>`;
  }

  function newFeedForm(req: FastifyRequest, user: PanelUser, problem: FormProblem | undefined): Html {
    const t = FEED_TEXTS[req.panelLang];
    const mine = problem?.where === 'new' ? problem : undefined;
    const v = mine?.values ?? {};
    const market = v.market ?? user.markets[0] ?? '';
    const source = v.source ?? 'feed';
    return html`<form class="card" method="post" action="/panel/feeds/tokens">
${csrfField(req.csrfToken)}
<p class="muted">${t.newFeedHelp}</p>
${mine ? html`<p class="notice bad" role="alert">${mine.message}</p>` : ''}
<div class="filters">
<div><label for="market">${t.market}</label>
<select id="market" name="market">${user.markets.map((m) => html`<option value="${m}"${m === market ? html` selected` : ''}>${word(req.panelLang, 'market', m)}</option>`)}</select></div>
<div><label for="source">${t.source}</label>
<select id="source" name="source">${SOURCES.map((s) => html`<option value="${s}"${s === source ? html` selected` : ''}>${word(req.panelLang, 'source', s)}</option>`)}</select></div>
</div>
<label for="new-url">${t.urlOptional}</label>
<input id="new-url" name="url" type="url" inputmode="url" maxlength="${FEED_URL_MAX}" placeholder="https://" value="${v.url ?? ''}">
<div class="actions"><button type="submit">${t.create}</button></div>
</form>`;
  }

  async function historyTable(req: FastifyRequest, user: PanelUser, page: number): Promise<Html> {
    const t = FEED_TEXTS[req.panelLang];
    const frame = FRAME_TEXTS[req.panelLang];
    const { rows, total } = await listDealerImports(store.db, user.dealerId, page, IMPORTS_PER_PAGE);
    if (total === 0) return html`<p class="muted">${t.noImports}</p>`;
    const pages = Math.max(1, Math.ceil(total / IMPORTS_PER_PAGE));
    return html`<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.time}</th><th>${t.feedColumn}</th><th>${t.trigger}</th><th>${t.result}</th><th>${t.counts}</th><th><span class="visually-hidden">${t.actions}</span></th></tr></thead>
<tbody>${rows.map(
      (r) => html`<tr>
<td class="date" data-label="${t.time}">${dateTime(r.started_at, user)}</td>
<td data-label="${t.feedColumn}">${r.feed_id} · ${word(req.panelLang, 'market', r.market)} · ${word(req.panelLang, 'source', r.source)}</td>
<td data-label="${t.trigger}">${t.triggers[r.trigger]}</td>
<td data-label="${t.result}">${resultBadge(req.panelLang, r)}</td>
<td data-label="${t.counts}">${importCounts(req.panelLang, r)}</td>
<td><a href="/panel/feeds/imports/${r.id}">${t.details}</a></td>
</tr>`,
    )}</tbody></table></div>
${
  pages > 1
    ? html`<nav class="pager" aria-label="${t.history}">
${page > 1 ? html`<a href="/panel/feeds?page=${page - 1}#history">${frame.previous}</a>` : html`<span></span>`}
<span class="muted">${page} / ${pages}</span>
${page < pages ? html`<a href="/panel/feeds?page=${page + 1}#history">${frame.next}</a>` : html`<span></span>`}
</nav>`
    : ''
}`;
  }

  async function feedsPage(req: FastifyRequest, reply: FastifyReply, o: { problem?: FormProblem; status?: number } = {}) {
    const user = signedIn(req);
    const t = FEED_TEXTS[req.panelLang];
    const q = req.query as { done?: string; page?: string };
    const feeds = await dealerFeedRows(store, user.dealerId);
    const live = feeds.filter((f) => f.revoked_at === null && !f.sandbox);
    const sandbox = feeds.filter((f) => f.revoked_at === null && f.sandbox);
    const revoked = feeds.filter((f) => f.revoked_at !== null);
    const doneText = q.done ? pick(t.done, q.done) : undefined;
    return sendPage(req, reply, {
      title: t.title,
      section: 'feeds',
      status: o.status,
      body: html`<h1>${t.title}</h1>
${doneText ? html`<p class="notice ok" role="status">${doneText}</p>` : ''}
<p class="muted">${t.intro}</p>
${live.length ? live.map((f) => feedCard(req, user, f, o.problem)) : html`<p>${t.noFeeds}</p>`}
${
  sandbox.length
    ? html`<h2>${t.sandboxFeeds}</h2>
<p class="muted">${t.sandboxFeedsIntro}</p>
${sandbox.map((f) => sandboxCard(req, user, f))}`
    : ''
}
${revoked.length ? revokedTable(req, user, revoked) : ''}
<h2>${t.newFeed}</h2>
${user.role === 'owner' ? newFeedForm(req, user, o.problem) : html`<p class="muted">${t.ownersOnly}</p>`}
<h2 id="history">${t.history}</h2>
${await historyTable(req, user, pageNumber(q.page))}`,
    });
  }

  const problemText = (req: FastifyRequest, err: FeedInputError) => FEED_TEXTS[req.panelLang].problems[err.problem];

  app.get('/feeds', async (req, reply) => feedsPage(req, reply));

  app.post('/feeds/tokens', async (req, reply) => {
    const user = ownerOnly(req);
    const t = FEED_TEXTS[req.panelLang];
    const f = formFields(req.body);
    const values = { market: (f.market ?? '').slice(0, 20), source: (f.source ?? '').slice(0, 40), url: (f.url ?? '').trim().slice(0, FEED_URL_MAX + 1) };
    let made;
    try {
      made = await createDealerFeed(
        store,
        clock,
        publicBaseUrl,
        { id: user.dealerId, slug: user.dealerSlug, markets: user.markets },
        { kind: 'user', userId: user.id, name: user.name || user.email },
        { market: values.market || undefined, source: values.source, url: values.url || undefined },
        policy,
      );
    } catch (err) {
      if (err instanceof FeedInputError) return feedsPage(req, reply, { problem: { where: 'new', message: problemText(req, err), values }, status: 422 });
      throw err;
    }
    // The token exists only in this answer (only its hash is kept): it cannot be shown again.
    reply.header('cache-control', 'no-store');
    return sendPage(req, reply, {
      title: t.createdTitle,
      section: 'feeds',
      body: html`<h1>${t.createdTitle}</h1>
<div class="card">
<p>${t.createdHelp}</p>
<div class="secret"><code id="push-url">${made.push_url}</code>${copyButton('push-url', req.panelLang)}</div>
<p class="notice warn" role="status">${t.notShownAgain}</p>
<div class="actions"><a class="button secondary" href="/panel/feeds">${t.backToFeeds}</a></div>
</div>`,
    });
  });

  app.post('/feeds/tokens/:id/revoke', async (req, reply) => {
    const user = ownerOnly(req);
    const id = idParam((req.params as { id: string }).id);
    await orNotFound(revokeDealerFeed(store, clock, user.dealerId, id));
    return redirectTo(reply, '/panel/feeds?done=revoked');
  });

  app.post('/feeds/tokens/:id/url', async (req, reply) => {
    const user = ownerOnly(req);
    const id = idParam((req.params as { id: string }).id);
    const url = (formFields(req.body).url ?? '').trim().slice(0, FEED_URL_MAX + 1);
    try {
      await orNotFound(setDealerFeedUrl(store, clock, user.dealerId, id, url, policy));
    } catch (err) {
      if (err instanceof FeedInputError) return feedsPage(req, reply, { problem: { where: id, message: problemText(req, err), values: { url } }, status: 422 });
      throw err;
    }
    return redirectTo(reply, '/panel/feeds?done=url-saved');
  });

  app.post('/feeds/tokens/:id/url/remove', async (req, reply) => {
    const user = ownerOnly(req);
    const id = idParam((req.params as { id: string }).id);
    await orNotFound(setDealerFeedUrl(store, clock, user.dealerId, id, null));
    return redirectTo(reply, '/panel/feeds?done=url-removed');
  });

  app.post('/feeds/tokens/:id/read-now', async (req, reply) => {
    const user = signedIn(req);
    const id = idParam((req.params as { id: string }).id);
    let state;
    try {
      state = await orNotFound(readDealerFeedNow(store, clock, user.dealerId, id));
    } catch (err) {
      if (err instanceof FeedInputError) return feedsPage(req, reply, { problem: { where: id, message: problemText(req, err), values: {} }, status: 422 });
      throw err;
    }
    return redirectTo(reply, `/panel/feeds?done=read-${state}`);
  });

  await app.register(importPages, { deps: { store } });
  await app.register(feedCheckPages, { deps });
};
