// Headers of every panel response: no shared cache keeps a page (they show a dealership's
// data), no other site frames them, no inline script runs, and links leak no path to others.
import type { FastifyReply } from 'fastify';

/** The panel's policy; `photoOrigin`: where photo URLs redirect to (PHOTO_PUBLIC_BASE_URL), if anywhere. */
function panelCsp(photoOrigin: string | undefined): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${photoOrigin ? ` ${photoOrigin}` : ''}`,
    // The conversation's call and WhatsApp buttons post here and are sent on to the buyer's number (D42).
    "form-action 'self' https://wa.me tel:",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The panel's headers, the policy built once. */
export function panelHeaders(photoOrigin: string | undefined): (reply: FastifyReply) => void {
  const csp = panelCsp(photoOrigin);
  return (reply) => setPanelHeaders(reply, csp);
}

function setPanelHeaders(reply: FastifyReply, csp: string): void {
  reply.headers({
    'content-security-policy': csp,
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cache-control': 'no-store',
  });
}
