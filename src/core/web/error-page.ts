// What the panel shows when a page cannot be: a page in the user's language with a way on,
// never JSON and never a 5xx for bad input (an oversized form, a bad id, an expired form).
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import { render, type Lang } from '../i18n/index.js';
import { PageError, type PageErrorKind } from './errors.js';
import { html } from './html.js';
import { sendPage } from './render.js';
import { FRAME_TEXTS } from './texts.js';

function classify(err: FastifyError | Error, lang: Lang): PageError {
  if (err instanceof PageError) return err;
  if (err instanceof ApiError) {
    if (err.status === 404) return new PageError(404, 'not_found');
    if (err.status === 429) return new PageError(429, 'rate_limited');
    // The reader's words for what the service refused (D31): err.message is the log's English.
    if (err.status < 500) return new PageError(err.status, 'bad_request', render(lang, err.text));
    return new PageError(500, 'server_error');
  }
  const e = err as FastifyError;
  // A plain Error (a TypeError from a handler) has no code.
  if (((e.code as string | undefined) ?? '').startsWith('FST_CSRF')) return new PageError(403, 'csrf');
  if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PageError(413, 'too_large');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500)
    return new PageError(e.statusCode === 404 ? 404 : 400, e.statusCode === 404 ? 'not_found' : 'bad_request');
  return new PageError(500, 'server_error');
}

const ACTIONS: Partial<Record<PageErrorKind, 'home' | 'signIn' | 'forgot'>> = {
  not_found: 'home',
  owners_only: 'home',
  signed_out: 'signIn',
  link_invalid: 'forgot',
};

export function renderPageError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pe = classify(err, req.panelLang);
  if (pe.status >= 500) req.log.error({ err }, 'panel page failed');
  const t = FRAME_TEXTS[req.panelLang];
  const { title, body: sentence } = t.errors[pe.kind];
  const action = ACTIONS[pe.kind] ?? (req.panelUser ? 'home' : 'signIn');
  const link =
    action === 'forgot'
      ? html`<a class="button" href="/panel/forgot-password">${t.askNewLink}</a>`
      : action === 'home' && req.panelUser
        ? html`<a class="button" href="/panel">${t.goHome}</a>`
        : html`<a class="button" href="/panel/sign-in">${t.goSignIn}</a>`;
  return sendPage(req, reply, {
    title,
    status: pe.status,
    body: html`<div class="card narrow"><h1>${title}</h1><p>${pe.detail ?? sentence}</p><div class="actions">${link}</div></div>`,
  });
}
