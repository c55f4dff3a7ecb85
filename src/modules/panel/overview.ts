// The panel's first page. (Filled in by the overview work: cars by status, cars needing action,
// last imports, webhooks off, new leads.)
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../core/db/store.js';
import { signedIn } from '../../core/web/context.js';
import { html } from '../../core/web/html.js';
import { sendPage } from '../../core/web/render.js';
import { FRAME_TEXTS } from '../../core/web/texts.js';

export interface OverviewDeps {
  store: Store;
}

export const overviewPages: FastifyPluginAsync<{ deps: OverviewDeps }> = async (app) => {
  app.get('/', async (req, reply) => {
    const user = signedIn(req);
    const t = FRAME_TEXTS[req.panelLang];
    return sendPage(req, reply, { title: t.nav.overview, section: 'overview', body: html`<h1>${t.nav.overview}</h1><p>${user.dealerName}</p>` });
  });
};
