// Who is asking, on a panel page: set by the panel's session hook (modules/users/session.ts)
// and read by every page. Pages of a feature module take the signed-in user from here, so no
// module needs to import the users module to know who is signed in.
import type { FastifyRequest } from 'fastify';
import { PageError } from './errors.js';

// The languages are the catalogue's (D31); pages import them from here.
export { LANGS, isLang, type Lang } from '../i18n/lang.js';
import type { Lang } from '../i18n/lang.js';

export interface PanelUser {
  id: number;
  dealerId: number;
  dealerSlug: string;
  dealerName: string;
  /** The dealership's markets (its first one gives the default language). */
  markets: string[];
  email: string;
  name: string;
  role: 'owner' | 'staff';
  lang: Lang;
  /** BCP 47 tag for dates and numbers, e.g. es-AR. */
  locale: string;
  /** The dealership's IANA time zone (D32): every time on its pages is shown in it (core/web/time.ts). */
  timeZone: string;
  /** The clock's time as this request was signed in: "hace 5 min" counts from it. */
  now: number;
  notifyLeads: boolean;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set in the signed-in part of the panel. */
    panelUser?: PanelUser;
    /** The language of this panel page (the user's, or the browser's before sign-in). */
    panelLang: Lang;
    /** The CSRF token every form of this page carries. */
    csrfToken: string;
    /** Signed-in pages: the dealership's unread conversations, for the navigation (P101). */
    unreadLeads?: number;
  }
}

export function signedIn(req: FastifyRequest): PanelUser {
  if (!req.panelUser) throw new PageError(401, 'signed_out');
  return req.panelUser;
}

/**
 * Who may open each owners-only page (D27: keys, webhooks and users are the owners'). The one
 * rule both the page (pageUser) and the navigation (mayOpen, core/web/layout.ts) read (P136), so
 * no link is ever shown to a role its page turns away. A page not named here is every role's.
 */
export const PAGE_ROLES = {
  keys: ['owner'],
  webhooks: ['owner'],
  users: ['owner'],
} as const satisfies Record<string, readonly PanelUser['role'][]>;

export type GuardedPage = keyof typeof PAGE_ROLES;

/** Whether a user of `role` may open the page of navigation section `section`. */
export const mayOpen = (role: PanelUser['role'], section: string): boolean =>
  Object.hasOwn(PAGE_ROLES, section) ? (PAGE_ROLES[section as GuardedPage] as readonly string[]).includes(role) : true;

/** The signed-in user, when their role may open `section`'s page; else the clear 403 page. */
export function pageUser(req: FastifyRequest, section: GuardedPage): PanelUser {
  const user = signedIn(req);
  if (!mayOpen(user.role, section)) throw new PageError(403, 'owners_only');
  return user;
}

/** Owners' actions (D27): staff get a clear 403 page. */
export function ownerOnly(req: FastifyRequest): PanelUser {
  const user = signedIn(req);
  if (user.role !== 'owner') throw new PageError(403, 'owners_only');
  return user;
}

/** A positive whole-number id from a path, or the 404 page (never a 500). */
export function idParam(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,15}$/.test(value) || !Number.isSafeInteger(Number(value))) throw new PageError(404, 'not_found');
  return Number(value);
}
