// The panel's CSRF protection (P21, P71): @fastify/csrf-protection keeps a secret in cookie
// `di_csrf`, and every token is also bound to who asks (panel/routes.ts `getUserInfo`: the
// session, or "nobody signed in"), so a token read before sign-in, or by another session, is
// refused. Signing in also replaces the secret: nothing made before it survives.
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const CSRF_COOKIE = 'di_csrf';

export const csrfCookieOptions = (secure: boolean) => ({ path: '/panel', httpOnly: true, sameSite: 'lax' as const, secure });

/** A fresh secret (as the plugin makes them: 18 random bytes) for the browser that just signed in. */
export function rotateCsrfSecret(reply: FastifyReply, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, crypto.randomBytes(18).toString('base64url'), csrfCookieOptions(secure));
}
