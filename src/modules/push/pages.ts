// The panel as an installable app and its phone notifications (issue 37 §5, P215–P218):
// - the manifest, the service worker and the icons, open to anyone (a browser fetches the
//   manifest without cookies; they show nothing of a dealership);
// - the "Notifications on this device" card of My account (handed to users/account-pages.ts by
//   panel/routes.ts, so users does not import push) and its two forms: the panel's script fills
//   in the browser's subscription after the user's click (permission is asked only then) and
//   sends the form; CSRF as every panel form.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import { textsOf } from '../../core/i18n/index.js';
import { signedIn, type PanelUser } from '../../core/web/context.js';
import { PageError } from '../../core/web/errors.js';
import { html, type Html } from '../../core/web/html.js';
import { csrfField } from '../../core/web/layout.js';
import { formFields, redirectTo } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';
import { BACKGROUND_COLOUR, icon, ICON_SIZES, THEME_COLOUR } from './icons.js';
import { devicesOf, readSubscription, subscribe, unsubscribe } from './service.js';
import type { PushSettings } from './vapid.js';
import { WORKER_SCRIPT } from './worker-script.js';

export interface PushPagesDeps {
  store: Store;
  clock: Clock;
  push: PushSettings;
}

const T = textsOf('push.');

/** The card on My account: the switch for this browser, and how many of the user's browsers have it on. */
export async function pushCard(deps: PushPagesDeps, req: FastifyRequest, me: PanelUser): Promise<Html> {
  const t = T[req.panelLang];
  const done = (req.query as Record<string, unknown> | undefined)?.push;
  const notice = done === 'on' ? t.done.on : done === 'off' ? t.done.off : undefined;
  const devices = await devicesOf(deps.store.db, me.id);
  return html`<div class="card" id="push" data-push-key="${deps.push.vapid.publicKey}">
<h2>${t.title}</h2>
${notice ? html`<p class="notice ok" role="status">${notice}</p>` : ''}
<p>${t.intro}</p>
<p class="muted" data-push-devices>${t.devices(devices)}</p>
<p data-push-state="on" hidden><span class="badge ok">${t.stateOn}</span></p>
<p data-push-state="off" hidden><span class="badge">${t.stateOff}</span></p>
<p class="notice warn" data-push-state="blocked" hidden>${t.blocked}</p>
<p class="notice warn" data-push-state="unsupported" hidden>${t.unsupported}</p>
<p class="notice bad" data-push-state="failed" role="alert" hidden>${t.failed}</p>
<noscript><p class="muted">${t.needsScript}</p></noscript>
<form method="post" action="/panel/account/push" data-push-form>
${csrfField(req.csrfToken)}
<input type="hidden" name="endpoint" value="">
<input type="hidden" name="p256dh" value="">
<input type="hidden" name="auth" value="">
<div class="actions">
<button type="button" data-push-on hidden>${t.turnOn}</button>
<button type="button" class="secondary" data-push-off hidden>${t.turnOff}</button>
</div>
</form>
</div>`;
}

/** The signed-in forms: this browser's subscription on, or off. */
export const pushPages: FastifyPluginAsync<{ deps: PushPagesDeps }> = async (app, { deps }) => {
  app.post('/account/push', async (req, reply) => {
    const me = signedIn(req);
    const s = readSubscription(formFields(req.body));
    // Only the panel's script sends this form, with what the browser handed over: anything
    // else is not a subscription (a 400 page, never a 5xx).
    if (!s) throw new PageError(400, 'bad_request');
    await subscribe(deps, { id: me.id, dealerId: me.dealerId }, s);
    return redirectTo(reply, '/panel/account?push=on#push');
  });
  app.post('/account/push/off', async (req, reply) => {
    const me = signedIn(req);
    const endpoint = formFields(req.body).endpoint ?? '';
    if (endpoint !== '') await unsubscribe(deps.store.db, me.id, endpoint);
    return redirectTo(reply, '/panel/account?push=off#push');
  });
};

/** The web app manifest, in the language the browser asks for; the app opens on the overview. */
function manifest(req: FastifyRequest): string {
  const lang = req.panelLang;
  const icons = [
    { src: '/panel/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/panel/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/panel/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ];
  return JSON.stringify({
    id: '/panel',
    name: FRAME_TEXTS[lang].product,
    short_name: T[lang].app.shortName,
    lang,
    start_url: '/panel',
    scope: '/panel',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons,
  });
}

/** Open to anyone, under /panel: the manifest, the service worker (allowed the scope /panel) and the icons. */
export const appShellRoutes: FastifyPluginAsync = async (app) => {
  app.get('/manifest.webmanifest', async (req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .header('vary', 'accept-language')
      .type('application/manifest+json; charset=utf-8')
      .send(manifest(req)),
  );
  app.get('/sw.js', async (_req, reply) =>
    // Scope /panel (the overview's address has no trailing slash), wider than the script's folder.
    reply.header('service-worker-allowed', '/panel').header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(WORKER_SCRIPT),
  );
  for (const size of ICON_SIZES) {
    app.get(`/icons/icon-${size}.png`, async (_req, reply) => reply.header('cache-control', 'public, max-age=86400').type('image/png').send(icon(size)));
  }
};
