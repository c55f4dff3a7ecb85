// The panel's doors: sign in, sign out, "forgot password", and the one-time links that set a
// password (invitation, reset). Sign-in is throttled per address, per device cookie and per
// account for clients without one (sign-in.ts, P69); signing in gives the browser a device
// cookie and a fresh CSRF secret (P71).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import type { SecretBox } from '../../core/secret-box.js';
import { textsOf } from '../../core/i18n/index.js';
import { rotateCsrfSecret } from '../../core/web/csrf.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo, sendPage } from '../../core/web/render.js';
import { deviceCookies } from './device-cookie.js';
import { newPasswordFields } from './password-fields.js';
import { passwordProblem } from './password.js';
import { checkLink, nameProblem, normalizeEmail, requestPasswordReset, signOut, useLink } from './service.js';
import { attemptSignIn } from './sign-in.js';
import { clearSessionCookie, deviceCookieOf, safeNext, setDeviceCookie, setSessionCookie } from './session.js';

export interface AuthPagesDeps {
  store: Store;
  clock: Clock;
  publicBaseUrl: string;
  /** The panel's limits, kept in the store (P70). */
  storeLimiter: RateLimitStore;
  box: SecretBox;
}

const USER_TEXTS = textsOf('auth.');

const RESET_REQUESTS_PER_ADDRESS = 10;

const notice = (kind: 'ok' | 'bad' | 'warn', text: string | undefined): Html | '' => (text ? html`<p class="notice ${kind}" role="status">${text}</p>` : '');

export const authPages: FastifyPluginAsync<{ deps: AuthPagesDeps }> = async (app, { deps }) => {
  const { store, clock, publicBaseUrl, storeLimiter } = deps;
  const secure = publicBaseUrl.startsWith('https:');
  const devices = deviceCookies(deps.box.subkey('panel-device'));

  /** A browser that just proved who it is: a session, a device cookie, a fresh CSRF secret. */
  function signedInNow(reply: FastifyReply, session: string, device: string): void {
    setSessionCookie(reply, session, secure);
    setDeviceCookie(reply, device, secure);
    rotateCsrfSecret(reply, secure);
  }

  function signInPage(req: FastifyRequest, reply: FastifyReply, o: { email?: string; error?: string; info?: string; next?: string; status?: number }) {
    const t = USER_TEXTS[req.panelLang];
    return sendPage(req, reply, {
      title: t.signIn,
      status: o.status,
      body: html`<div class="card narrow">
<h1>${t.signIn}</h1>
${notice('bad', o.error)}${notice('ok', o.info)}
<form method="post" action="/panel/sign-in">
${csrfField(req.csrfToken)}
<input type="hidden" name="next" value="${safeNext(o.next)}">
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${o.email ?? ''}">
<label for="password">${t.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
<div class="actions"><button type="submit">${t.signIn}</button><a href="/panel/forgot-password">${t.forgot}</a></div>
</form></div>`,
    });
  }

  app.get<{ Querystring: { next?: string; done?: string } }>('/sign-in', async (req, reply) => {
    if (req.panelUser) return redirectTo(reply, safeNext(req.query.next));
    const t = USER_TEXTS[req.panelLang];
    return signInPage(req, reply, { next: req.query.next, info: req.query.done === 'signed-out' ? t.signedOutNotice : undefined });
  });

  app.post('/sign-in', async (req, reply) => {
    const t = USER_TEXTS[req.panelLang];
    const f = formFields(req.body);
    const email = normalizeEmail(f.email ?? '').slice(0, 254);
    const outcome = await attemptSignIn(
      { store, clock, storeLimiter, devices },
      { email, password: (f.password ?? '').slice(0, 1000), ip: req.ip, deviceCookie: deviceCookieOf(req) },
    );
    if (outcome.kind === 'throttled') {
      const minutes = Math.max(1, Math.ceil(outcome.retryMs / 60_000));
      reply.header('retry-after', String(minutes * 60));
      return signInPage(req, reply, { email, next: f.next, error: t.throttled(minutes), status: 429 });
    }
    if (outcome.kind === 'wrong') return signInPage(req, reply, { email, next: f.next, error: t.wrong, status: 401 });
    signedInNow(reply, outcome.session, outcome.device);
    return redirectTo(reply, safeNext(f.next));
  });

  app.post('/sign-out', async (req, reply) => {
    if (req.panelUser) await signOut(store, req.panelUser.sessionId);
    clearSessionCookie(reply, secure);
    return redirectTo(reply, '/panel/sign-in?done=signed-out');
  });

  function forgotPage(req: FastifyRequest, reply: FastifyReply, sent: boolean) {
    const t = USER_TEXTS[req.panelLang];
    return sendPage(req, reply, {
      title: t.forgotTitle,
      body: html`<div class="card narrow">
<h1>${t.forgotTitle}</h1>
${sent ? notice('ok', t.forgotSent) : html`<p>${t.forgotHelp}</p>`}
<form method="post" action="/panel/forgot-password">
${csrfField(req.csrfToken)}
<label for="email">${t.email}</label>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254">
<div class="actions"><button type="submit">${t.forgotSend}</button><a href="/panel/sign-in">${t.signIn}</a></div>
</form></div>`,
    });
  }

  app.get('/forgot-password', async (req, reply) => forgotPage(req, reply, false));
  app.post('/forgot-password', async (req, reply) => {
    const f = formFields(req.body);
    const allowed = await storeLimiter.hit(`reset:ip:${req.ip}`, clock.now(), RESET_REQUESTS_PER_ADDRESS, 3_600_000);
    if (!allowed.allowed) throw new PageError(429, 'rate_limited');
    await requestPasswordReset(store, clock, publicBaseUrl, (f.email ?? '').slice(0, 254));
    return forgotPage(req, reply, true);
  });

  // One-time links: GET shows the form (the link still valid), POST sets the password.
  for (const [path, purpose] of [
    ['/invitation/:token', 'invite'],
    ['/reset/:token', 'reset'],
  ] as const) {
    const linkPage = (req: FastifyRequest, reply: FastifyReply, o: { email: string; name: string; error?: string; status?: number }) => {
      const t = USER_TEXTS[req.panelLang];
      const { token } = req.params as { token: string };
      return sendPage(req, reply, {
        title: purpose === 'invite' ? t.inviteTitle : t.resetTitle,
        status: o.status,
        body: html`<div class="card narrow">
<h1>${purpose === 'invite' ? t.inviteTitle : t.resetTitle}</h1>
<p>${t.inviteHelp(o.email)}</p>
${notice('bad', o.error)}
<form method="post" action="/panel/${purpose === 'invite' ? 'invitation' : 'reset'}/${token}">
${csrfField(req.csrfToken)}
<input type="hidden" name="username" autocomplete="username" value="${o.email}">
${purpose === 'invite' ? html`<label for="name">${t.yourName}</label><input id="name" name="name" type="text" maxlength="80" autocomplete="name" value="${o.name}">` : ''}
${newPasswordFields(t, 'password')}
<div class="actions"><button type="submit">${t.setPassword}</button></div>
</form></div>`,
      });
    };
    const invalid = () => new PageError(410, 'link_invalid');

    app.get(path, async (req, reply) => {
      const state = await checkLink(store.db, clock, purpose, (req.params as { token: string }).token);
      if (!state.ok) throw invalid();
      if (!req.panelUser) req.panelLang = state.lang;
      return linkPage(req, reply, { email: state.email, name: state.name });
    });

    app.post(path, async (req, reply) => {
      const t = USER_TEXTS[req.panelLang];
      const token = (req.params as { token: string }).token;
      const state = await checkLink(store.db, clock, purpose, token);
      if (!state.ok) throw invalid();
      const f = formFields(req.body);
      const password = f.password ?? '';
      const problem = passwordProblem(password);
      const name = purpose === 'invite' ? (f.name ?? '').trim() : '';
      const error =
        nameProblem(name) === 'control'
          ? t.nameControl
          : problem === 'too_short'
            ? t.tooShort
            : problem === 'too_long'
              ? t.tooLong
              : password !== f.password2
                ? t.mismatch
                : undefined;
      if (error) return linkPage(req, reply, { email: state.email, name: f.name ?? state.name, error, status: 422 });
      const session = await useLink(store, clock, purpose, token, password, purpose === 'invite' ? f.name : undefined);
      if (!session) throw invalid();
      // The link came by mail to the user: this browser is theirs as much as one that signed in.
      signedInNow(reply, session, devices.make(state.userId, clock.now()));
      return redirectTo(reply, '/panel?done=password-set');
    });
  }
};
