// The frame of every panel page: head, the dealership's bar with sign-out, the navigation
// (each link only to the roles its page lets in: mayOpen, D27, P136) and the page's own content.
import { cssHref, jsHref } from './assets.js';
import { mayOpen, type Lang, type PanelUser } from './context.js';
import { html, type Html } from './html.js';
import { FRAME_TEXTS, type FrameTexts } from './texts.js';

export type Section = keyof FrameTexts['nav'];

const SECTIONS: { key: Section; href: string }[] = [
  { key: 'overview', href: '/panel' },
  { key: 'inventory', href: '/panel/inventory' },
  { key: 'leads', href: '/panel/leads' },
  { key: 'stats', href: '/panel/stats' },
  { key: 'feeds', href: '/panel/feeds' },
  { key: 'keys', href: '/panel/keys' },
  { key: 'webhooks', href: '/panel/webhooks' },
  { key: 'users', href: '/panel/users' },
  { key: 'profile', href: '/panel/profile' },
  { key: 'account', href: '/panel/account' },
];

export interface PageOptions {
  lang: Lang;
  title: string;
  body: Html;
  /** Signed in: the bar and navigation are shown. */
  user?: PanelUser | undefined;
  /** The navigation entry marked current. */
  section?: Section;
  csrfToken?: string;
  /** Unread conversations, shown beside "Leads" in the navigation (P101). */
  unreadLeads?: number | undefined;
}

/** A hidden field carrying the CSRF token: every form that changes anything has one. */
export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

export function page(o: PageOptions): Html {
  const t = FRAME_TEXTS[o.lang];
  const user = o.user;
  const nav = user
    ? html`<header class="top">
  <div class="bar">
    <span class="dealer">${user.dealerName}</span>
    <span class="muted who">${user.name || user.email}</span>
    <form class="inline" method="post" action="/panel/sign-out">${csrfField(o.csrfToken ?? '')}<button class="secondary signout" type="submit">${t.signOut}</button></form>
  </div>
  <nav class="main" aria-label="${t.menu}">
    ${SECTIONS.filter((s) => mayOpen(user.role, s.key)).map(
      (s) =>
        html`<a href="${s.href}"${s.key === o.section ? html` aria-current="page"` : ''}>${t.nav[s.key]}${
          s.key === 'leads' && o.unreadLeads ? html` <span class="count">${o.unreadLeads}<span class="vh"> ${t.unreadNav}</span></span>` : ''
        }</a>`,
    )}
  </nav>
</header>`
    : '';
  return html`<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${o.title} · ${t.product}</title>
<link rel="stylesheet" href="${cssHref}">
<link rel="manifest" href="/panel/manifest.webmanifest">
<meta name="theme-color" content="#0b5cad">
<link rel="apple-touch-icon" href="/panel/icons/icon-180.png">
<script src="${jsHref}" defer></script>
</head>
<body>
${nav}
<main id="main">
${o.body}
</main>
</body>
</html>`;
}

/** A button that copies the text of element `id` (shown only when scripts run). */
export function copyButton(id: string, lang: Lang): Html {
  const t = FRAME_TEXTS[lang];
  return html`<button type="button" class="secondary" data-copy="${id}" data-copied="${t.copied}" hidden>${t.copy}</button>`;
}
