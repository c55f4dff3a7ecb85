// The panel session cookie (D27): HttpOnly, SameSite=Lax, Secure when the service is served
// over https, scoped to /panel. It holds 32 random bytes; the database keeps their hash. Also the
// device cookie (P69), sent to the sign-in form only, and what a CSRF token is bound to (P71).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { DEVICE_COOKIE_MAX_MS } from './device-cookie.js';
import { resolveSession, SESSION_MAX_MS } from './service.js';

const SESSION_COOKIE = 'di_session';
const DEVICE_COOKIE = 'di_device';

/**
 * D35, P124: the same session is also sent to the car pages (path /listings), where it lets the
 * dealership's own people see its sandbox cars; nothing else is read from it there.
 */
const PREVIEW_PATH = '/listings';

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, { path: '/panel', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_MS / 1000 });
  reply.setCookie(SESSION_COOKIE, token, { path: PREVIEW_PATH, httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_MAX_MS / 1000 });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/panel', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_COOKIE, { path: PREVIEW_PATH, httpOnly: true, sameSite: 'lax', secure });
}

/**
 * The dealership of the signed-in user a car page's request comes from (D35), read from the raw
 * Cookie header (the public pages parse no cookies otherwise); undefined for anyone else.
 */
export async function previewDealerOf(deps: { store: Store; clock: Clock }, cookieHeader: string | undefined): Promise<number | undefined> {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const user = await resolveSession(deps.store, deps.clock, decodeURIComponent(part.slice(eq + 1).trim()));
    if (user) return user.dealerId;
  }
  return undefined;
}

/** Long-lived and sent only where it is read: the sign-in form's POST. */
export function setDeviceCookie(reply: FastifyReply, value: string, secure: boolean): void {
  reply.setCookie(DEVICE_COOKIE, value, { path: '/panel/sign-in', httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_COOKIE_MAX_MS / 1000 });
}

export const deviceCookieOf = (req: FastifyRequest): string | undefined => req.cookies[DEVICE_COOKIE];

/**
 * What this request's CSRF tokens are bound to (P71): the session cookie when it names a live
 * session, else one value for "nobody signed in". The plugin keeps only an HMAC of it in a token.
 */
export function csrfBinding(req: FastifyRequest): string {
  return req.panelUser ? `session:${req.cookies[SESSION_COOKIE]}` : 'nobody';
}

/** onRequest hook of the whole panel: who is signed in (an unknown or ended session is nobody). */
export function sessionHook(deps: { store: Store; clock: Clock }) {
  return async (req: FastifyRequest): Promise<void> => {
    // The stylesheet and script are the same for everyone: no session lookup for them.
    if (req.url.startsWith('/panel/assets/')) return;
    const user = await resolveSession(deps.store, deps.clock, req.cookies[SESSION_COOKIE]);
    if (user) {
      req.panelUser = user;
      req.panelLang = user.lang;
    }
  };
}

/**
 * Where to go after signing in: only a panel address of this site (no open redirect), written
 * in printable ASCII, as the panel's own links are: a line break or any other character a
 * Location header cannot carry (`/panel/%0A/evil.com`) drops it (P72).
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 500) return '/panel';
  return /^\/panel(?:[/?#][\x21-\x7e]*)?$/.test(next) && !next.includes('\\') ? next : '/panel';
}
