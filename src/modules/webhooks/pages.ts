// The panel's webhook pages (owners only, D27): the list, adding one (its secret shown once),
// deleting, "send test" and the delivery log with its replays. Every action goes through the
// same service as /v1/webhooks, so the rules (https, the address rule, 20 at most, D20's
// re-activation by a successful test) are the API's.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { idParam, pageUser, type Lang, type PanelUser } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';
import { copyButton, csrfField } from '../../core/web/layout.js';
import { dateTime, type TimeViewer } from '../../core/web/time.js';
import { redirectTo, sendPage } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';
import { pick, textsOf, word } from '../../core/i18n/index.js';
import { EVENT_TYPES } from '../events/events.js';
import type { Delivery } from './schemas.js';
import {
  createWebhook,
  getDelivery,
  MAX_WEBHOOKS,
  removeWebhook,
  retryDelivery,
  testWebhook,
  webhookDeliveries,
  WebhookRefusal,
  webhooksWithState,
  webhookWithState,
  type WebhookDeps,
  type WebhookWithState,
} from './service.js';

export type WebhookPagesDeps = WebhookDeps;

const PER_PAGE = 20;
const URL_MAX = 2048;

const WEBHOOK_TEXTS = textsOf('webhooks.');
type Texts = (typeof WEBHOOK_TEXTS)['en'];

/** A Delivery as the service builds it (its schema's $refs and nullables type loosely). */
interface Attempt {
  attempted_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}
type DeliveryView = Omit<Delivery, 'attempts' | 'replay_of' | 'next_attempt_at'> & {
  attempts: Attempt[];
  replay_of: number | null;
  next_attempt_at: string | null;
};
const view = (d: Delivery): DeliveryView => d as DeliveryView;

const notice = (kind: 'ok' | 'bad' | 'warn', text: Html | string | undefined): Html | '' =>
  text ? html`<p class="notice ${kind}" role="${kind === 'bad' ? 'alert' : 'status'}">${text}</p>` : '';

/** The refusal in the page's words: one sentence per reason, the address rule's own detail too. */
function refusalText(t: Texts, err: WebhookRefusal): string {
  const parts = [...new Set(err.reasons)].map((r) => t.refusals[r]);
  const address = err.outboundCode ? pick(t.addressProblems, err.outboundCode) : undefined;
  if (address) parts.push(address);
  return parts.join(' ');
}

const eventsOf = (t: Texts, lang: Lang, events: string[]): string =>
  events.length === EVENT_TYPES.length ? t.allEvents : events.map((e) => word(lang, 'event', e)).join(', ');

function stateBadge(t: Texts, w: WebhookWithState): Html {
  return html`${w.active ? html`<span class="badge ok">${t.active}</span>` : html`<span class="badge bad">${t.off}</span>`}${
    w.failures_in_a_row > 0 ? html` <span class="muted">${t.failures(w.failures_in_a_row)}</span>` : ''
  }`;
}

/** The events a form checked: none means every event (the service's default). */
function checkedEvents(body: unknown): string[] | undefined {
  const v = body && typeof body === 'object' ? (body as Record<string, unknown>).events : undefined;
  const list = (Array.isArray(v) ? v : [v]).filter((e): e is string => typeof e === 'string' && e !== '');
  return list.length > 0 ? list.slice(0, 20) : undefined;
}

function pageNumber(v: unknown): number {
  return typeof v === 'string' && /^[1-9]\d{0,5}$/.test(v) ? Number(v) : 1;
}

export const webhookPages: FastifyPluginAsync<{ deps: WebhookPagesDeps }> = async (app, { deps }) => {
  interface ListOptions {
    status?: number;
    done?: string | undefined;
    error?: string;
    form?: { url: string; events: string[] };
    created?: { id: number; url: string; secret: string };
  }

  async function listPage(req: FastifyRequest, reply: FastifyReply, user: PanelUser, o: ListOptions) {
    const t = WEBHOOK_TEXTS[req.panelLang];
    const f = FRAME_TEXTS[req.panelLang];
    const hooks = await webhooksWithState(deps, user.dealerId);
    const doneText = o.done === 'deleted' ? t.removedNotice : undefined;
    const form = o.form ?? { url: '', events: [] };
    const created = o.created
      ? html`<div class="card" id="new-secret">
<p class="notice ok" role="status">${t.createdNotice}</p>
<p><strong>${o.created.url}</strong></p>
<label for="secret">${t.secretLabel}</label>
<div class="secret"><code id="secret">${o.created.secret}</code>${copyButton('secret', req.panelLang)}</div>
<p class="muted">${f.shownOnce} ${t.secretHelp}</p>
</div>`
      : '';
    const rows = hooks.map(
      (w) => html`<tr>
<td data-label="${t.url}"><a href="/panel/webhooks/${w.id}">${w.url}</a></td>
<td data-label="${t.events}">${eventsOf(t, req.panelLang, w.events)}</td>
<td data-label="${t.state}">${stateBadge(t, w)}</td>
<td class="date" data-label="${t.created}">${dateTime(Date.parse(w.created_at), user)}</td>
<td data-label="${t.actions}"><div class="actions">
<a class="button secondary" href="/panel/webhooks/${w.id}">${t.open}</a>
<form class="inline" method="post" action="/panel/webhooks/${w.id}/test">${csrfField(req.csrfToken)}<button type="submit" class="secondary">${t.sendTest}</button></form>
<form class="inline" method="post" action="/panel/webhooks/${w.id}/delete" data-confirm="${t.removeConfirm}">${csrfField(req.csrfToken)}<button type="submit" class="danger">${t.remove}</button></form>
</div></td>
</tr>`,
    );
    return sendPage(req, reply, {
      title: t.title,
      section: 'webhooks',
      status: o.status,
      body: html`<h1>${t.title}</h1>
<p class="muted">${t.intro}</p>
${notice('ok', doneText)}${created}
${
  hooks.length === 0
    ? html`<p>${t.none}</p>`
    : html`<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.url}</th><th>${t.events}</th><th>${t.state}</th><th>${t.created}</th><th>${t.actions}</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`
}
<div class="card">
<h2 id="add">${t.createTitle}</h2>
${notice('bad', o.error)}
<form method="post" action="/panel/webhooks">
${csrfField(req.csrfToken)}
<label for="url">${t.url}</label>
<input id="url" name="url" type="url" required maxlength="${URL_MAX}" placeholder="https://" value="${form.url}" aria-describedby="url-hint">
<p id="url-hint" class="muted">${t.urlHint}</p>
<fieldset>
<legend>${t.events}</legend>
${EVENT_TYPES.map(
  (e) =>
    html`<label class="check"><input type="checkbox" name="events" value="${e}"${form.events.includes(e) ? html` checked` : ''}> <span>${word(req.panelLang, 'event', e)}</span></label>`,
)}
<p class="muted">${t.eventsHint}</p>
</fieldset>
<div class="actions"><button type="submit">${t.create}</button><span class="muted">${t.limitNote(MAX_WEBHOOKS)}</span></div>
</form>
</div>`,
    });
  }

  app.get<{ Querystring: { done?: string } }>('/webhooks', async (req, reply) => listPage(req, reply, pageUser(req, 'webhooks'), { done: req.query.done }));

  app.post('/webhooks', async (req, reply) => {
    const user = pageUser(req, 'webhooks');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const url = typeof body.url === 'string' ? body.url.slice(0, URL_MAX + 1) : '';
    const events = checkedEvents(body);
    try {
      const w = await createWebhook(deps, user.dealerId, { url, ...(events ? { events } : {}) });
      // The secret exists only in this answer (D20): shown here, never again.
      return await listPage(req, reply, user, { created: { id: w.id, url: w.url, secret: w.secret } });
    } catch (err) {
      if (!(err instanceof WebhookRefusal)) throw err;
      const t = WEBHOOK_TEXTS[req.panelLang];
      return listPage(req, reply, user, { status: 422, error: refusalText(t, err), form: { url, events: events ?? [] } });
    }
  });

  interface DetailsOptions {
    status?: number;
    error?: string;
    page?: number;
    done?: string | undefined;
    tested?: number | undefined;
    reactivated?: boolean;
  }

  // The receiver's status when one came (the sender's note then only repeats it), else why none did.
  const outcomeOf = (t: Texts, a: Attempt): string => (a.status_code !== null ? t.httpStatus(a.status_code) : (a.error ?? ''));

  const attemptLine = (t: Texts, a: Attempt, viewer: TimeViewer): Html =>
    html`<li>${dateTime(Date.parse(a.attempted_at), viewer)} · ${outcomeOf(t, a)} · ${t.duration(a.duration_ms)}</li>`;

  async function detailsPage(req: FastifyRequest, reply: FastifyReply, user: PanelUser, id: number, o: DetailsOptions) {
    const t = WEBHOOK_TEXTS[req.panelLang];
    const f = FRAME_TEXTS[req.panelLang];
    const w = await webhookWithState(deps, user.dealerId, id);
    const page = o.page ?? 1;
    const log = await webhookDeliveries(deps, user.dealerId, id, { page, per_page: PER_PAGE });
    const pages = Math.max(1, Math.ceil(log.total / PER_PAGE));

    let testNotice: Html | '' = '';
    if (o.tested !== undefined) {
      const d = await getDelivery(deps, user.dealerId, id, o.tested).then(view, () => undefined);
      const a = d?.attempts[0];
      if (d && a) {
        testNotice =
          d.status === 'succeeded'
            ? notice('ok', html`${t.testOk(a.status_code ?? 'none', a.duration_ms)}${o.reactivated ? html` ${t.testOkReactivated}` : ''}`)
            : notice('bad', t.testFailed(outcomeOf(t, a)));
      }
    }

    const rows = log.data.map(view).map(
      (d) => html`<tr>
<td data-label="${t.delivery}">#${d.id}${d.replay_of !== null ? html`<br><span class="muted">${t.replayOf(d.replay_of)}</span>` : ''}<br><span class="muted">${dateTime(Date.parse(d.created_at), user)}</span></td>
<td data-label="${t.event}">${word(req.panelLang, 'event', d.event_type)}</td>
<td data-label="${t.state}"><span class="badge ${d.status === 'succeeded' ? 'ok' : d.status === 'pending' ? 'warn' : 'bad'}">${pick(t.statuses, d.status) ?? d.status}</span>${
        d.next_attempt_at ? html`<br><span class="muted">${t.nextAttempt(dateTime(Date.parse(d.next_attempt_at), user))}</span>` : ''
      }</td>
<td data-label="${t.attempts}">${d.attempts.length === 0 ? html`<span class="muted">${t.noAttempts}</span>` : html`<ol>${d.attempts.map((a) => attemptLine(t, a, user))}</ol>`}</td>
<td data-label="${t.actions}">${
        d.status === 'pending'
          ? ''
          : html`<form class="inline" method="post" action="/panel/webhooks/${w.id}/deliveries/${d.id}/retry">${csrfField(req.csrfToken)}<button type="submit" class="secondary">${t.retry}</button></form>`
      }</td>
</tr>`,
    );
    const doneText = o.done === 'retried' ? t.retriedNotice : undefined;
    return sendPage(req, reply, {
      title: `${t.detailsTitle} #${w.id}`,
      section: 'webhooks',
      status: o.status,
      body: html`<p><a href="/panel/webhooks">&larr; ${t.backToList}</a></p>
<h1>${t.detailsTitle} #${w.id}</h1>
${testNotice}${notice('ok', doneText)}${notice('bad', o.error)}
<div class="card">
<dl class="fields">
<dt>${t.url}</dt><dd>${w.url}</dd>
<dt>${t.events}</dt><dd>${eventsOf(t, req.panelLang, w.events)}</dd>
<dt>${t.state}</dt><dd>${stateBadge(t, w)}${w.active ? '' : html`<br><span class="muted">${t.offHelp}</span>`}</dd>
<dt>${t.created}</dt><dd>${dateTime(Date.parse(w.created_at), user)}</dd>
</dl>
<p class="muted">${t.signatureHelp}</p>
<div class="actions">
<form class="inline" method="post" action="/panel/webhooks/${w.id}/test">${csrfField(req.csrfToken)}<button type="submit">${t.sendTest}</button></form>
<form class="inline" method="post" action="/panel/webhooks/${w.id}/delete" data-confirm="${t.removeConfirm}">${csrfField(req.csrfToken)}<button type="submit" class="danger">${t.remove}</button></form>
</div>
</div>
<h2>${t.deliveries}</h2>
<p class="muted">${t.deliveriesHelp}</p>
${
  log.data.length === 0
    ? html`<p>${t.noDeliveries}</p>`
    : html`<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.delivery}</th><th>${t.event}</th><th>${t.state}</th><th>${t.attempts}</th><th>${t.actions}</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`
}
${
  pages > 1
    ? html`<nav class="pager" aria-label="${t.deliveries}">
${page > 1 ? html`<a href="/panel/webhooks/${w.id}?page=${page - 1}">${f.previous}</a>` : html`<span></span>`}
<span class="muted">${t.page(page, pages)}</span>
${page < pages ? html`<a href="/panel/webhooks/${w.id}?page=${page + 1}">${f.next}</a>` : html`<span></span>`}
</nav>`
    : ''
}`,
    });
  }

  app.get<{ Params: { id: string }; Querystring: { page?: string; done?: string; tested?: string; on?: string } }>('/webhooks/:id', async (req, reply) => {
    const user = pageUser(req, 'webhooks');
    const id = idParam(req.params.id);
    const tested = req.query.tested !== undefined && /^[1-9]\d{0,15}$/.test(req.query.tested) ? Number(req.query.tested) : undefined;
    return detailsPage(req, reply, user, id, { page: pageNumber(req.query.page), done: req.query.done, tested, reactivated: req.query.on === '1' });
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/delete', async (req, reply) => {
    const user = pageUser(req, 'webhooks');
    await removeWebhook(deps, user.dealerId, idParam(req.params.id));
    return redirectTo(reply, '/panel/webhooks?done=deleted');
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/test', async (req, reply) => {
    const user = pageUser(req, 'webhooks');
    const id = idParam(req.params.id);
    const before = await webhookWithState(deps, user.dealerId, id);
    const r = await testWebhook(deps, user.dealerId, id);
    // The outcome is read back from the delivery log, so a reload shows it without sending again.
    const on = !before.active && r.webhook.active ? '&on=1' : '';
    return redirectTo(reply, `/panel/webhooks/${id}?tested=${r.delivery.id}${on}`);
  });

  app.post<{ Params: { id: string; deliveryId: string } }>('/webhooks/:id/deliveries/:deliveryId/retry', async (req, reply) => {
    const user = pageUser(req, 'webhooks');
    const id = idParam(req.params.id);
    const deliveryId = idParam(req.params.deliveryId);
    try {
      await retryDelivery(deps, user.dealerId, id, deliveryId);
    } catch (err) {
      if (!(err instanceof WebhookRefusal)) throw err;
      return detailsPage(req, reply, user, id, { status: 422, error: refusalText(WEBHOOK_TEXTS[req.panelLang], err) });
    }
    return redirectTo(reply, `/panel/webhooks/${id}?done=retried`);
  });
};
