// My account (every signed-in user): name, language, lead notices, and the password change
// that signs out every other session of the user while this one stays (D27), its check of the
// current password limited per user (P69).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import { isLang, LANGS, signedIn, type PanelUser } from '../../core/web/context.js';
import { textsOf } from '../../core/i18n/index.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { newPasswordFields } from './password-fields.js';
import { changePassword, findUser, NAME_MAX, nameProblem, updateAccount, userLang, PASSWORD_CHECKS } from './service.js';

export interface AccountPagesDeps {
  store: Store;
  clock: Clock;
  /** The panel's limits, kept in the store (P70). */
  storeLimiter: RateLimitStore;
  /** Cards of other modules shown under the profile (the phone notifications', P216). */
  accountSections?: (req: FastifyRequest, me: PanelUser) => Promise<Html>;
}

const USER_PANEL_TEXTS = textsOf('users.');

const notice = (kind: 'ok' | 'bad', text: string | undefined): Html | '' =>
  text ? html`<p class="notice ${kind}" role="${kind === 'bad' ? 'alert' : 'status'}">${text}</p>` : '';

export const accountPages: FastifyPluginAsync<{ deps: AccountPagesDeps }> = async (app, { deps }) => {
  const { store } = deps;

  interface AccountOptions {
    status?: number;
    notice?: string | undefined;
    profileError?: string;
    passwordError?: string;
  }

  async function accountPage(req: FastifyRequest, reply: FastifyReply, me: PanelUser, o: AccountOptions) {
    const t = USER_PANEL_TEXTS[req.panelLang];
    // The stored choice (null = automatic); the PanelUser carries only the language in effect.
    const row = await findUser(store.db, me.dealerId, me.id);
    const stored = row?.lang ?? null;
    const automatic = userLang({ lang: null }, me.markets);
    const sections = deps.accountSections ? await deps.accountSections(req, me) : '';
    const option = (value: string, label: string) => html`<option value="${value}"${(stored ?? '') === value ? html` selected` : ''}>${label}</option>`;
    return sendPage(req, reply, {
      title: t.accountTitle,
      section: 'account',
      status: o.status,
      body: html`<h1>${t.accountTitle}</h1>
${notice('ok', o.notice)}
<div class="card">
<h2>${t.profile}</h2>
<p class="muted">${t.signedInAs(me.email)}</p>
${notice('bad', o.profileError)}
<form method="post" action="/panel/account">
${csrfField(req.csrfToken)}
<label for="name">${t.yourName}</label>
<input id="name" name="name" type="text" maxlength="${NAME_MAX}" autocomplete="name" value="${me.name}">
<label for="lang">${t.language}</label>
<select id="lang" name="lang" aria-describedby="lang-hint">
${option('', t.automatic(t.langNames[automatic]))}
${LANGS.map((l) => option(l, t.langNames[l]))}
</select>
<p id="lang-hint" class="muted">${t.langHint}</p>
<fieldset>
<legend>${t.notifications}</legend>
<label class="check"><input type="checkbox" name="notify_leads" value="1"${me.notifyLeads ? html` checked` : ''}> ${t.notifyLeads}</label>
${me.role === 'owner' ? html`<label class="check"><input type="checkbox" name="weekly_stats" value="1"${row?.weekly_stats !== false ? html` checked` : ''}> ${t.weeklyStats}</label>` : ''}
</fieldset>
<div class="actions"><button type="submit">${t.saveProfile}</button></div>
</form>
</div>
${sections}
<div class="card">
<h2 id="password">${t.passwordTitle}</h2>
${notice('bad', o.passwordError)}
<form method="post" action="/panel/account/password">
${csrfField(req.csrfToken)}
<input type="hidden" name="username" autocomplete="username" value="${me.email}">
<label for="current">${t.currentPassword}</label>
<input id="current" name="current" type="password" autocomplete="current-password" required maxlength="200">
${newPasswordFields(t, 'new-password')}
<div class="actions"><button type="submit">${t.changePassword}</button></div>
</form>
</div>`,
    });
  }

  app.get<{ Querystring: { done?: string } }>('/account', async (req, reply) => {
    const me = signedIn(req);
    const t = USER_PANEL_TEXTS[req.panelLang];
    const done = req.query.done;
    return accountPage(req, reply, me, { notice: done === 'saved' ? t.savedNotice : done === 'password' ? t.passwordChangedNotice : undefined });
  });

  app.post('/account', async (req, reply) => {
    const me = signedIn(req);
    const f = formFields(req.body);
    const lang = f.lang ?? '';
    if (lang !== '' && !isLang(lang)) return accountPage(req, reply, me, { status: 422, profileError: USER_PANEL_TEXTS[req.panelLang].badLang });
    if (nameProblem((f.name ?? '').trim().slice(0, NAME_MAX)) === 'control') {
      return accountPage(req, reply, me, { status: 422, profileError: USER_PANEL_TEXTS[req.panelLang].nameControl });
    }
    await updateAccount(store.db, me, {
      name: f.name ?? me.name,
      lang: lang === '' ? null : lang,
      notifyLeads: f.notify_leads === '1',
      // The weekly summary is the owners' (P119): a staff member's form does not carry the box.
      ...(me.role === 'owner' ? { weeklyStats: f.weekly_stats === '1' } : {}),
    });
    return redirectTo(reply, '/panel/account?done=saved');
  });

  app.post('/account/password', async (req, reply) => {
    const me = signedIn(req);
    const t = USER_PANEL_TEXTS[req.panelLang];
    const f = formFields(req.body);
    const next = f.password ?? '';
    if (next !== (f.password2 ?? '')) return accountPage(req, reply, me, { status: 422, passwordError: t.mismatch });
    const result = await changePassword(deps, me, (f.current ?? '').slice(0, 1000), next);
    if (result.outcome === 'throttled') {
      const minutes = Math.max(1, Math.ceil(result.retryMs / 60_000));
      void reply.header('retry-after', String(Math.max(1, Math.ceil(result.retryMs / 1000))));
      return accountPage(req, reply, me, {
        status: 429,
        passwordError: t.tooManyPasswordTries(PASSWORD_CHECKS.limit, PASSWORD_CHECKS.windowMs / 60_000, minutes),
      });
    }
    if (result.outcome !== 'ok') {
      const error = result.outcome === 'wrong_current' ? t.wrongCurrent : result.outcome === 'too_short' ? t.tooShort : t.tooLong;
      return accountPage(req, reply, me, { status: 422, passwordError: error });
    }
    return redirectTo(reply, '/panel/account?done=password');
  });
};
