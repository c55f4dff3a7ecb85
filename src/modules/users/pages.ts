// The panel's Users page (owners only, D27): who can sign in, invitations (a fresh link for a
// pending one), roles and removal. Every change goes through the users service, which keeps a
// dealership from losing its last owner and writes the invitation mail with the user.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { ApiError } from '../../core/errors.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import { idParam, pageUser, type PanelUser } from '../../core/web/context.js';
import { html, type Html } from '../../core/web/html.js';
import { textsOf, word } from '../../core/i18n/index.js';
import { csrfField } from '../../core/web/layout.js';
import { dateTime } from '../../core/web/time.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import {
  changeRole,
  emailProblem,
  findUser,
  INVITES_PER_HOUR,
  inviteFromPanel,
  listUsers,
  NAME_MAX,
  nameProblem,
  normalizeEmail,
  removeUser,
  ROLES,
} from './service.js';

export interface UserPagesDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
  /** The panel's limits, kept in the store (P70). */
  storeLimiter: RateLimitStore;
}

const USER_PANEL_TEXTS = textsOf('users.');
type Texts = (typeof USER_PANEL_TEXTS)['en'];

const notice = (kind: 'ok' | 'bad', text: string | undefined): Html | '' =>
  text ? html`<p class="notice ${kind}" role="${kind === 'bad' ? 'alert' : 'status'}">${text}</p>` : '';

/** The service's refusal of an invitation, in the page's words. */
function inviteRefusal(t: Texts, err: ApiError, input: { email: string; name: string }): string {
  const field = err.problems[0]?.field;
  const email = input.email;
  if (field === 'name') return nameProblem(input.name.trim()) === 'control' ? t.nameControl : t.nameTooLong;
  if (field === 'role') return t.badRole;
  return emailProblem(normalizeEmail(email)) ? t.badEmail : t.alreadyHasAccount(normalizeEmail(email));
}

/** A refusal of changeRole/removeUser: a bad role, or the dealership's last owner. */
const ownerRefusal = (t: Texts, err: ApiError): string => (err.problems[0]?.field === 'role' ? t.badRole : t.lastOwner);

export const userPages: FastifyPluginAsync<{ deps: UserPagesDeps }> = async (app, { deps }) => {
  const { store, clock, publicBaseUrl, storeLimiter } = deps;

  interface ListOptions {
    status?: number;
    notice?: string | undefined;
    error?: string;
    form?: { email: string; name: string; role: string };
  }

  async function usersPage(req: FastifyRequest, reply: FastifyReply, me: PanelUser, o: ListOptions) {
    const t = USER_PANEL_TEXTS[req.panelLang];
    const users = await listUsers(store.db, me.dealerId);
    const form = o.form ?? { email: '', name: '', role: 'staff' };
    const roleOptions = (current: string) =>
      ROLES.map((r) => html`<option value="${r}"${r === current ? html` selected` : ''}>${word(req.panelLang, 'role', r)}</option>`);
    const rows = users.map((u) => {
      const who = u.name || u.email;
      return html`<tr>
<td data-label="${t.name}">${u.name || '—'}${u.id === me.id ? html` <span class="muted">${t.you}</span>` : ''}</td>
<td class="nowrap" data-label="${t.email}">${u.email}</td>
<td data-label="${t.role}">${word(req.panelLang, 'role', u.role)}</td>
<td data-label="${t.state}">${u.active ? html`<span class="badge ok">${t.activeState}</span>` : html`<span class="badge warn">${t.pendingState}</span>`}</td>
<td class="date" data-label="${t.lastSignIn}">${u.last_sign_in_at === null ? t.never : dateTime(u.last_sign_in_at, me)}</td>
<td data-label="${t.actions}"><div class="actions">
<form class="inline" method="post" action="/panel/users/${u.id}/role">${csrfField(req.csrfToken)}<select name="role" aria-label="${t.roleFor(who)}">${roleOptions(u.role)}</select> <button type="submit" class="secondary">${t.changeRole}</button></form>
${
  u.active
    ? ''
    : html`<form class="inline" method="post" action="/panel/users/invite">${csrfField(req.csrfToken)}<input type="hidden" name="email" value="${u.email}"><input type="hidden" name="role" value="${u.role}"><button type="submit" class="secondary">${t.resend}</button></form>`
}
<form class="inline" method="post" action="/panel/users/${u.id}/remove" data-confirm="${t.removeConfirm(who)}">${csrfField(req.csrfToken)}<button type="submit" class="danger">${t.remove}</button></form>
</div></td>
</tr>`;
    });
    return sendPage(req, reply, {
      title: t.usersTitle,
      section: 'users',
      status: o.status,
      body: html`<h1>${t.usersTitle}</h1>
<p class="muted">${t.usersIntro}</p>
${notice('ok', o.notice)}${o.form ? '' : notice('bad', o.error)}
<div class="table-wrap"><table class="stack">
<thead><tr><th>${t.name}</th><th>${t.email}</th><th>${t.role}</th><th>${t.state}</th><th>${t.lastSignIn}</th><th>${t.actions}</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>
<div class="card">
<h2 id="invite">${t.inviteTitle}</h2>
<p class="muted">${t.inviteHelp}</p>
${o.form ? notice('bad', o.error) : ''}
<form method="post" action="/panel/users/invite">
${csrfField(req.csrfToken)}
<label for="invite-email">${t.email}</label>
<input id="invite-email" name="email" type="email" required maxlength="254" autocomplete="off" value="${form.email}">
<label for="invite-name">${t.name}</label>
<input id="invite-name" name="name" type="text" maxlength="${NAME_MAX}" autocomplete="off" value="${form.name}">
<label for="invite-role">${t.role}</label>
<select id="invite-role" name="role">${roleOptions(form.role)}</select>
<div class="actions"><button type="submit">${t.invite}</button></div>
</form>
</div>`,
    });
  }

  app.get<{ Querystring: { done?: string; who?: string } }>('/users', async (req, reply) => {
    const me = pageUser(req, 'users');
    const t = USER_PANEL_TEXTS[req.panelLang];
    const who = (req.query.who ?? '').slice(0, 254);
    const done = req.query.done;
    const text = done === 'invited' ? t.invitedNotice(who) : done === 'role' ? t.roleChangedNotice(who) : done === 'removed' ? t.removedNotice(who) : undefined;
    return usersPage(req, reply, me, { notice: text });
  });

  app.post('/users/invite', async (req, reply) => {
    const me = pageUser(req, 'users');
    const t = USER_PANEL_TEXTS[req.panelLang];
    const f = formFields(req.body);
    const input = { email: (f.email ?? '').slice(0, 300), name: (f.name ?? '').slice(0, NAME_MAX + 20), role: f.role ?? 'staff' };
    // Counted before the service is asked: a refused address counts too (it is still a try), and
    // so does an address of another dealership, answered as any invitation (P71).
    const allowed = await storeLimiter.hit(`invite:dealer:${me.dealerId}`, clock.now(), INVITES_PER_HOUR, 3_600_000);
    if (!allowed.allowed) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(allowed.resetMs / 1000))));
      return usersPage(req, reply, me, {
        status: 429,
        error: t.tooManyInvites(INVITES_PER_HOUR, Math.max(1, Math.ceil(allowed.resetMs / 60_000))),
        form: input,
      });
    }
    let invited;
    try {
      invited = await inviteFromPanel(store, clock, publicBaseUrl, { id: me.dealerId, name: me.dealerName, markets: me.markets }, input);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
      return usersPage(req, reply, me, { status: 422, error: inviteRefusal(t, err, input), form: input });
    }
    return redirectTo(reply, `/panel/users?done=invited&who=${encodeURIComponent(invited.email)}`);
  });

  app.post<{ Params: { id: string } }>('/users/:id/role', async (req, reply) => {
    const me = pageUser(req, 'users');
    const id = idParam(req.params.id);
    const role = formFields(req.body).role ?? '';
    try {
      await changeRole(store, me.dealerId, id, role);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
      return usersPage(req, reply, me, { status: 422, error: ownerRefusal(USER_PANEL_TEXTS[req.panelLang], err) });
    }
    // An owner who made themself staff can no longer see this page.
    if (id === me.id && role !== 'owner') return redirectTo(reply, '/panel');
    const u = await findUser(store.db, me.dealerId, id);
    return redirectTo(reply, `/panel/users?done=role&who=${encodeURIComponent(u?.name || u?.email || '')}`);
  });

  app.post<{ Params: { id: string } }>('/users/:id/remove', async (req, reply) => {
    const me = pageUser(req, 'users');
    const id = idParam(req.params.id);
    let removed;
    try {
      removed = await removeUser(store, me.dealerId, id);
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'invalid_request') throw err;
      return usersPage(req, reply, me, { status: 422, error: ownerRefusal(USER_PANEL_TEXTS[req.panelLang], err) });
    }
    // Removing oneself ends one's own session too (the rows cascade): off to sign in.
    if (id === me.id) return redirectTo(reply, '/panel/sign-in');
    return redirectTo(reply, `/panel/users?done=removed&who=${encodeURIComponent(removed.name || removed.email)}`);
  });
};
