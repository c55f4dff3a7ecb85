// Headers of every panel response: no shared cache keeps a page (they show a dealership's
// data), no other site frames them, no inline script runs, and links leak no path to others.
import type { FastifyReply } from 'fastify';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

export function setPanelHeaders(reply: FastifyReply): void {
  reply.headers({
    'content-security-policy': CSP,
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cache-control': 'no-store',
  });
}
