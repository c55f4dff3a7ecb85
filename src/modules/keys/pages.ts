// The panel's API keys pages (owners only, D27): the dealership's keys with their last use, a
// new key (shown once, in the answer to the form), and revoking one. Same rules as the CLI
// (service.ts).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { ApiError } from '../../core/errors.js';
import { pick, textsOf } from '../../core/i18n/index.js';
import { idParam, pageUser, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { copyButton, csrfField } from '../../core/web/layout.js';
import { dateTime } from '../../core/web/time.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { createDealerKey, dealerKeys, KEY_NAME_MAX, revokeDealerKey } from './service.js';

export interface KeysPagesDeps {
  store: Store;
  clock: Clock;
  /** Empties the dealership's sandbox (modules/sandbox, given by the panel: keys does not import it). */
  resetSandbox: (dealerId: number) => Promise<unknown>;
}

const KEY_TEXTS = textsOf('keys.');

type KeyView = Awaited<ReturnType<typeof dealerKeys>>[number];

export const keysPages: FastifyPluginAsync<{ deps: KeysPagesDeps }> = async (app, { deps }) => {
  const { store, clock } = deps;

  function keyRows(req: FastifyRequest, user: PanelUser, keys: KeyView[]): Html {
    const t = KEY_TEXTS[req.panelLang];
    return html`<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.name}</th><th>${t.prefix}</th><th>${t.created}</th><th>${t.lastUsed}</th><th>${t.state}</th><th><span class="visually-hidden">${t.actions}</span></th></tr></thead>
<tbody>
${keys.map(
  (k) => html`<tr>
<td data-label="${t.name}">${k.name}${k.sandbox ? html` <span class="badge warn">${t.sandbox}</span>` : ''}</td>
<td data-label="${t.prefix}"><code>${k.prefix}&hellip;</code></td>
<td class="date" data-label="${t.created}">${dateTime(k.created_at, user)}</td>
<td class="date" data-label="${t.lastUsed}">${k.last_used_at === null ? t.never : dateTime(k.last_used_at, user)}</td>
<td data-label="${t.state}">${
    k.revoked_at === null
      ? html`<span class="badge ok">${t.live}</span>`
      : html`<span class="badge bad">${t.revoked}</span> <span class="muted">${dateTime(k.revoked_at, user)}</span>`
  }</td>
<td>${
    k.revoked_at === null
      ? html`<form class="inline" method="post" action="/panel/keys/${k.id}/revoke" data-confirm="${t.confirmRevoke(k.name)}">${csrfField(req.csrfToken)}<button class="danger" type="submit">${t.revoke}</button></form>`
      : ''
  }</td>
</tr>`,
)}
</tbody></table></div>`;
  }

  async function keysPage(req: FastifyRequest, reply: FastifyReply, o: { name?: string; sandbox?: boolean; error?: string; status?: number } = {}) {
    const user = pageUser(req, 'keys');
    const t = KEY_TEXTS[req.panelLang];
    const keys = await dealerKeys(store.db, user.dealerId);
    const live = keys.filter((k) => k.revoked_at === null);
    const revoked = keys.filter((k) => k.revoked_at !== null);
    const done = (req.query as { done?: string }).done;
    const doneText = done ? pick(t.done, done) : undefined;
    return sendPage(req, reply, {
      title: t.title,
      section: 'keys',
      status: o.status,
      body: html`<h1>${t.title}</h1>
${doneText ? html`<p class="notice ok" role="status">${doneText}</p>` : ''}
<p class="muted">${t.intro}</p>
${live.length ? keyRows(req, user, live) : html`<p>${t.noKeys}</p>`}
${revoked.length ? html`<details><summary>${t.revokedKeys(revoked.length)}</summary>${keyRows(req, user, revoked)}</details>` : ''}
<h2>${t.newKey}</h2>
<form class="card" method="post" action="/panel/keys">
${csrfField(req.csrfToken)}
${o.error ? html`<p class="notice bad" role="alert">${o.error}</p>` : ''}
<label for="name">${t.name}</label>
<input id="name" name="name" type="text" required maxlength="${KEY_NAME_MAX}" value="${o.name ?? ''}" aria-describedby="name-help"${o.error ? html` aria-invalid="true"` : ''}>
<p id="name-help" class="muted">${t.nameHelp}</p>
<label class="check"><input type="checkbox" name="sandbox" value="1" aria-describedby="sandbox-help"${o.sandbox ? html` checked` : ''}> <span>${t.sandboxKey}</span></label>
<p id="sandbox-help" class="muted">${t.sandboxHelp}</p>
<div class="actions"><button type="submit">${t.create}</button></div>
</form>
${
  keys.some((k) => k.sandbox)
    ? html`<h2>${t.sandboxTitle}</h2>
<div class="card"><p class="muted">${t.sandboxIntro}</p>
<form class="inline" method="post" action="/panel/keys/sandbox/reset" data-confirm="${t.confirmSandboxReset}">${csrfField(req.csrfToken)}<button class="danger" type="submit">${t.sandboxReset}</button></form></div>`
    : ''
}`,
    });
  }

  app.get('/keys', async (req, reply) => keysPage(req, reply));

  app.post('/keys', async (req, reply) => {
    const user = pageUser(req, 'keys');
    const t = KEY_TEXTS[req.panelLang];
    const fields = formFields(req.body);
    const name = (fields.name ?? '').slice(0, 1000);
    // D35: a sandbox key works on the dealership's sandbox twin (made with the first such key).
    const sandbox = fields.sandbox !== undefined && fields.sandbox !== '';
    let made;
    try {
      made = await createDealerKey(store.db, clock, user.dealerId, name, sandbox);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'invalid_request') {
        const control = typeof err.text !== 'string' && err.text.code === 'field_control';
        return keysPage(req, reply, { name, sandbox, error: control ? t.nameControl : t.nameInvalid, status: 422 });
      }
      throw err;
    }
    // The key exists only in this answer: it is not kept, so it cannot be shown again.
    reply.header('cache-control', 'no-store');
    return sendPage(req, reply, {
      title: t.createdTitle,
      section: 'keys',
      body: html`<h1>${t.createdTitle}</h1>
<div class="card">
<p>${t.createdHelp(made.name)}</p>
<div class="secret"><code id="new-key">${made.key}</code>${copyButton('new-key', req.panelLang)}</div>
<p class="notice warn" role="status">${t.notShownAgain}</p>
<div class="actions"><a class="button secondary" href="/panel/keys">${t.backToKeys}</a></div>
</div>`,
    });
  });

  // D35, P125: an owner empties the sandbox (its cars, leads, webhooks, feeds); its keys stay.
  app.post('/keys/sandbox/reset', async (req, reply) => {
    const user = pageUser(req, 'keys');
    await deps.resetSandbox(user.dealerId);
    return redirectTo(reply, '/panel/keys?done=sandbox-reset');
  });

  app.post('/keys/:id/revoke', async (req, reply) => {
    const user = pageUser(req, 'keys');
    const id = idParam((req.params as { id: string }).id);
    try {
      await revokeDealerKey(store.db, clock, user.dealerId, id);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') throw new PageError(404, 'not_found');
      throw err;
    }
    return redirectTo(reply, '/panel/keys?done=revoked');
  });
};
