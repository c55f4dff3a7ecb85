// The dealer panel (D27) at /panel: one encapsulated scope with its own cookies, form bodies,
// CSRF protection, security headers, session and error pages; the doors (sign-in, links) open
// to anyone, every other page only to a signed-in user of the dealership it shows.
import cookie from '@fastify/cookie';
import csrf from '@fastify/csrf-protection';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../core/secret-box.js';
import type { VehicleRow } from '../../core/db/schema.js';
import type { Lang, PanelUser } from '../../core/web/context.js';
import { pickLang } from '../../core/i18n/index.js';
import { ASSETS } from '../../core/web/assets.js';
import { CSRF_COOKIE, csrfCookieOptions } from '../../core/web/csrf.js';
import { renderPageError } from '../../core/web/error-page.js';
import { PageError } from '../../core/web/errors.js';
import { panelHeaders } from '../../core/web/headers.js';
import { hasRepeatedParameter, redirectTo } from '../../core/web/render.js';
import { accountPages, type AccountPagesDeps } from '../users/account-pages.js';
import { leadPages, type LeadPagesDeps } from '../leads/pages.js';
import { unreadCount } from '../leads/repository.js';
import { authPages, type AuthPagesDeps } from '../users/auth-pages.js';
import { userPages, type UserPagesDeps } from '../users/pages.js';
import { csrfBinding, sessionHook } from '../users/session.js';
import { dealerPages, type DealerPagesDeps } from '../dealers/pages.js';
import { feedsPages, type FeedsPagesDeps } from '../feeds/pages.js';
import { keysPages, type KeysPagesDeps } from '../keys/pages.js';
import { inventoryPages, type InventoryDeps } from '../vehicles/pages.js';
import { webhookPages, type WebhookPagesDeps } from '../webhooks/pages.js';
import { overviewPages, type OverviewDeps } from './overview.js';
import { carStatsSection } from '../stats/car-section.js';
import { pricePreviewBox, pricePreviewPages } from '../stats/price-preview-page.js';
import { statsPages, type StatsPagesDeps } from '../stats/pages.js';
import { resetSandbox } from '../sandbox/service.js';
import { appShellRoutes, pushCard, pushPages, type PushPagesDeps } from '../push/pages.js';

export type PanelDeps = AuthPagesDeps &
  OverviewDeps &
  InventoryDeps &
  WebhookPagesDeps &
  UserPagesDeps &
  AccountPagesDeps &
  LeadPagesDeps &
  Omit<KeysPagesDeps, 'resetSandbox'> &
  FeedsPagesDeps &
  DealerPagesDeps &
  StatsPagesDeps &
  PushPagesDeps & {
    box: SecretBox;
    /** Where photo URLs redirect to (PHOTO_PUBLIC_BASE_URL), admitted for images by the policy. */
    photoOrigin: string | undefined;
  };

/** A panel form is short text; anything larger is refused with a page (413). */
const PANEL_FORM_LIMIT = 64 * 1024;

/** The signed-in pages: every feature module's pages, registered under /panel. */
async function signedInPages(app: FastifyInstance, deps: PanelDeps): Promise<void> {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.panelUser) return;
    const next = req.method === 'GET' ? `?next=${encodeURIComponent(req.url)}` : '';
    await redirectTo(reply, `/panel/sign-in${next}`);
  });
  // Every page's navigation shows the unread conversations (P101): one count on a partial index,
  // made here once so no page's own code has to know.
  app.addHook('preHandler', async (req) => {
    if (req.panelUser && req.method === 'GET') req.unreadLeads = await unreadCount(deps.store.db, req.panelUser.dealerId);
  });
  await app.register(overviewPages, { deps });
  // The car page shows the car's statistics (P118), handed in: stats reads vehicles, not the reverse.
  const carSection = (user: PanelUser, lang: Lang, row: VehicleRow) => carStatsSection(deps.store.db, user, lang, row, deps.clock.now());
  // The car form's price preview (P244), handed in likewise.
  const pricePreview = async (user: PanelUser, lang: Lang, row: VehicleRow, typed: string, currency?: string) =>
    (await pricePreviewBox(deps.store.db, deps.clock.now(), user, lang, row, typed, currency)).html;
  await app.register(inventoryPages, { deps: { ...deps, carSection, pricePreview } });
  await app.register(pricePreviewPages, { deps });
  await app.register(leadPages, { deps });
  await app.register(statsPages, { deps });
  await app.register(feedsPages, { deps });
  await app.register(keysPages, { deps: { ...deps, resetSandbox: (dealerId: number) => resetSandbox(deps.store, { dealerId }) } });
  await app.register(webhookPages, { deps });
  await app.register(userPages, { deps });
  await app.register(dealerPages, { deps });
  // My account shows the phone notifications' card (P216), handed in: users does not import push.
  await app.register(accountPages, { deps: { ...deps, accountSections: (req, me) => pushCard(deps, req, me) } });
  await app.register(pushPages, { deps });
}

export const panelRoutes: FastifyPluginAsync<{ deps: PanelDeps }> = async (panel, { deps }) => {
  const secure = deps.publicBaseUrl.startsWith('https:');
  await panel.register(cookie);
  await panel.register(formbody, { bodyLimit: PANEL_FORM_LIMIT });
  await panel.register(csrf, {
    sessionPlugin: '@fastify/cookie',
    cookieKey: CSRF_COOKIE,
    cookieOpts: csrfCookieOptions(secure),
    // Tokens bound to the session (P71): one made before sign-in, or for another session, fails.
    csrfOpts: { hmacKey: deps.box.subkey('panel-csrf') },
    getUserInfo: csrfBinding,
    getToken: (req) => {
      const body = req.body as Record<string, unknown> | undefined;
      return typeof body?._csrf === 'string' ? body._csrf : undefined;
    },
  });
  panel.decorateRequest('panelLang', 'es');
  panel.decorateRequest('csrfToken', '');

  const setPanelHeaders = panelHeaders(deps.photoOrigin);
  panel.addHook('onRequest', async (req, reply) => {
    setPanelHeaders(reply);
    req.panelLang = pickLang(req.headers['accept-language'], 'es');
    // The panel writes its own links with each parameter once; a repeated one (`?q=a&q=b`)
    // arrives as an array no page reads, so the address was altered: a 400 page (P72).
    if (hasRepeatedParameter(req.query)) throw new PageError(400, 'bad_address');
  });
  panel.addHook('onRequest', sessionHook(deps));
  // Every form that changes anything carries the token; every page gets one for its forms.
  panel.addHook('preHandler', async (req, reply) => {
    // Signing out without a session (it ended meanwhile) changes nothing: no token needed, and
    // the page's token, bound to the ended session, would only turn it into a 403.
    const nothingToProtect = !req.panelUser && req.routeOptions.url === '/panel/sign-out';
    if (req.method !== 'GET' && req.method !== 'HEAD' && !nothingToProtect) {
      await new Promise<void>((resolve, reject) => {
        panel.csrfProtection(req, reply, (err?: Error) => (err ? reject(err) : resolve()));
      });
    }
    req.csrfToken = reply.generateCsrf({ userInfo: csrfBinding(req) });
  });
  panel.setErrorHandler((err: FastifyError, req, reply) => renderPageError(err, req, reply));
  panel.setNotFoundHandler((req, reply) => renderPageError(new PageError(404, 'not_found'), req, reply));

  for (const a of Object.values(ASSETS)) {
    panel.get(`/assets/panel.${a.hash}.${a.type.startsWith('text/css') ? 'css' : 'js'}`, async (_req, reply) =>
      reply.header('cache-control', 'public, max-age=31536000, immutable').type(a.type).send(a.body),
    );
  }

  // The installable app (P218): manifest, service worker, icons; open before sign-in.
  await panel.register(appShellRoutes);
  await panel.register(authPages, { deps });
  await panel.register(async (app) => signedInPages(app, deps));
};
