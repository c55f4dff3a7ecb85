// The rules of users, sign-in and sessions (D27): invitations and resets are one-time links
// (72 h and 1 h); a session lasts 12 h without a request and 30 days at most; a password change
// or reset signs out every other session; a dealership always keeps one owner.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, PanelLang, UserRole, UserRow, UserTokenPurpose } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError } from '../../core/errors.js';
import { queueMail } from '../../core/mail/outbox.js';
import type { Lang, PanelUser } from '../../core/web/context.js';
import { getDealerBySlug } from '../dealers/service.js';
import { languageOf, localeTagOf } from '../markets/markets.js';
import { invitationMail, resetMail } from './mails.js';
import { decoyHash, hashPassword, passwordProblem, verifyPassword } from './password.js';
import * as repo from './repository.js';
import { hashToken, looksLikeToken, newSecretToken } from './secret-token.js';

const INVITE_TTL_MS = 72 * 3_600_000;
const RESET_TTL_MS = 3_600_000;
const SESSION_IDLE_MS = 12 * 3_600_000;
export const SESSION_MAX_MS = 30 * 86_400_000;
/** last_seen_at is written at most this often per session, not on every page. */
const SESSION_TOUCH_MS = 60_000;
export const ROLES: readonly UserRole[] = ['owner', 'staff'];
export const NAME_MAX = 80;
/** Invitation mails a dealership's owners may send in any hour from the panel (P61): each goes to an address they type. */
export const INVITES_PER_HOUR = 30;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export function emailProblem(email: string): 'invalid' | undefined {
  return email.length <= 254 && /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(email) ? undefined : 'invalid';
}

/** The user's language: their own choice, else their dealership's first market's. */
export function userLang(user: Pick<UserRow, 'lang'>, dealerMarkets: string[]): Lang {
  return user.lang ?? languageOf(dealerMarkets[0] ?? 'us');
}

const marketsOf = (json: string): string[] => JSON.parse(json) as string[];

const linkUrl = (publicBaseUrl: string, purpose: UserTokenPurpose, token: string): string =>
  `${publicBaseUrl}/panel/${purpose === 'invite' ? 'invitation' : 'reset'}/${token}`;

export interface UserView {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  lang: PanelLang | null;
  notify_leads: boolean;
  /** False until the invitation is accepted. */
  active: boolean;
  created_at: number;
  last_sign_in_at: number | null;
}

const toView = (u: UserRow): UserView => ({
  id: Number(u.id),
  email: u.email,
  name: u.name,
  role: u.role,
  lang: u.lang,
  notify_leads: u.notify_leads === 1,
  active: u.password_hash !== null,
  created_at: Number(u.created_at),
  last_sign_in_at: u.last_sign_in_at === null ? null : Number(u.last_sign_in_at),
});

export interface InviteInput {
  email: string;
  name?: string | undefined;
  role?: string | undefined;
}

/**
 * Invites a user (or sends a pending user a fresh link): the user, the link and the invitation
 * mail commit together. An address already active, or in another dealership, is refused.
 */
export async function inviteUser(
  store: Store,
  clock: Clock,
  publicBaseUrl: string,
  dealer: { id: number; name: string; markets: string[] },
  input: InviteInput,
): Promise<{ user: UserView; inviteUrl: string }> {
  const email = normalizeEmail(input.email);
  if (emailProblem(email)) throw new ApiError('invalid_request', `"${input.email}" is not an e-mail address`, ['email']);
  const name = (input.name ?? '').trim();
  if (name.length > NAME_MAX) throw new ApiError('invalid_request', `name must be at most ${NAME_MAX} characters`, ['name']);
  const role = (input.role ?? 'staff') as UserRole;
  if (!ROLES.includes(role)) throw new ApiError('invalid_request', 'role must be owner or staff', ['role']);
  const now = clock.now();
  return writeTransaction(store, async (trx) => {
    const existing = await repo.findUserByEmail(trx, email);
    if (existing && (Number(existing.dealer_id) !== dealer.id || existing.password_hash !== null)) {
      throw new ApiError('invalid_request', `${email} already has an account${Number(existing.dealer_id) === dealer.id ? '' : ' with another dealership'}`, [
        'email',
      ]);
    }
    let id: number;
    if (existing) {
      id = Number(existing.id);
      await repo.updateDealerUser(trx, dealer.id, id, { role, ...(name ? { name } : {}) });
    } else {
      id = await repo.insertUser(trx, { dealerId: dealer.id, email, name, role, now });
    }
    const { token, hash } = newSecretToken();
    await repo.insertToken(trx, { userId: id, purpose: 'invite', tokenHash: hash, now, expiresAt: now + INVITE_TTL_MS });
    const inviteUrl = linkUrl(publicBaseUrl, 'invite', token);
    const user = (await repo.findDealerUser(trx, dealer.id, id))!;
    await queueMail(
      trx,
      clock,
      invitationMail(userLang(user, dealer.markets), { email, name: user.name, dealerId: dealer.id, dealerName: dealer.name }, inviteUrl),
    );
    return { user: toView(user), inviteUrl };
  });
}

/** The CLI's form: the dealership by slug. */
export async function inviteUserToDealer(store: Store, clock: Clock, publicBaseUrl: string, slug: string, input: InviteInput) {
  const d = await getDealerBySlug(store.db, slug);
  const r = await inviteUser(store, clock, publicBaseUrl, { id: d.id, name: d.name, markets: d.markets }, input);
  return { ...r, dealer: d.slug };
}

export async function listUsers(db: Kysely<DB>, dealerId: number): Promise<UserView[]> {
  return (await repo.listDealerUsers(db, dealerId)).map(toView);
}

export async function findUser(db: Kysely<DB>, dealerId: number, id: number): Promise<UserView | undefined> {
  const u = await repo.findDealerUser(db, dealerId, id);
  return u && toView(u);
}

/** Removes a user (their sessions end with them); the last owner cannot be removed. */
export async function removeUser(store: Store, dealerId: number, userId: number): Promise<UserView> {
  return writeTransaction(store, async (trx) => {
    const user = await repo.findDealerUser(trx, dealerId, userId);
    if (!user) throw new ApiError('not_found', 'No such user in this dealership.');
    if (user.role === 'owner' && (await repo.countOwners(trx, dealerId)) <= 1) {
      throw new ApiError('invalid_request', 'A dealership keeps at least one owner: make someone else an owner first.');
    }
    await repo.deleteDealerUser(trx, dealerId, userId);
    return toView(user);
  });
}

export async function removeUserByEmail(store: Store, slug: string, email: string): Promise<UserView> {
  const d = await getDealerBySlug(store.db, slug);
  const u = await repo.findUserByEmail(store.db, normalizeEmail(email));
  if (!u || Number(u.dealer_id) !== d.id) throw new ApiError('not_found', `dealership "${d.slug}" has no user ${normalizeEmail(email)}`);
  return removeUser(store, d.id, Number(u.id));
}

export async function changeRole(store: Store, dealerId: number, userId: number, role: string): Promise<void> {
  if (!ROLES.includes(role as UserRole)) throw new ApiError('invalid_request', 'role must be owner or staff', ['role']);
  await writeTransaction(store, async (trx) => {
    const user = await repo.findDealerUser(trx, dealerId, userId);
    if (!user) throw new ApiError('not_found', 'No such user in this dealership.');
    if (user.role === 'owner' && role !== 'owner' && (await repo.countOwners(trx, dealerId)) <= 1) {
      throw new ApiError('invalid_request', 'A dealership keeps at least one owner: make someone else an owner first.');
    }
    await repo.updateDealerUser(trx, dealerId, userId, { role: role as UserRole });
  });
}

export async function updateAccount(db: Kysely<DB>, user: PanelUser, patch: { name?: string; lang?: PanelLang | null; notifyLeads?: boolean }): Promise<void> {
  await repo.updateDealerUser(db, user.dealerId, user.id, {
    ...(patch.name !== undefined ? { name: patch.name.trim().slice(0, NAME_MAX) } : {}),
    ...(patch.lang !== undefined ? { lang: patch.lang } : {}),
    ...(patch.notifyLeads !== undefined ? { notify_leads: patch.notifyLeads ? 1 : 0 } : {}),
  });
}

// Sign-in and sessions

async function openSession(trx: Kysely<DB>, userId: number, now: number): Promise<string> {
  const { token, hash } = newSecretToken();
  await repo.insertSession(trx, { userId, tokenHash: hash, now });
  return token;
}

/** A session cookie value, or undefined when the address or password is wrong (never which). */
export async function signIn(store: Store, clock: Clock, emailInput: string, password: string): Promise<string | undefined> {
  const user = await repo.findUserByEmail(store.db, normalizeEmail(emailInput));
  const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
  if (!user || user.password_hash === null || !ok) return undefined;
  const now = clock.now();
  return writeTransaction(store, async (trx) => {
    await repo.updateDealerUser(trx, Number(user.dealer_id), Number(user.id), { last_sign_in_at: now });
    return openSession(trx, Number(user.id), now);
  });
}

export async function signOut(store: Store, sessionId: number): Promise<void> {
  await repo.deleteSession(store.db, sessionId);
}

/** Who holds this cookie, or undefined (unknown, idle over 12 h, older than 30 days). */
export async function resolveSession(store: Store, clock: Clock, cookie: string | undefined): Promise<PanelUser | undefined> {
  if (!looksLikeToken(cookie)) return undefined;
  const row = await repo.findSession(store.db, hashToken(cookie));
  if (!row) return undefined;
  const now = clock.now();
  const lastSeen = Number(row.session_last_seen_at);
  if (now - lastSeen > SESSION_IDLE_MS || now - Number(row.session_created_at) > SESSION_MAX_MS || row.password_hash === null) {
    await repo.deleteSession(store.db, Number(row.session_id));
    return undefined;
  }
  if (now - lastSeen > SESSION_TOUCH_MS) await repo.touchSession(store.db, Number(row.session_id), now);
  const markets = marketsOf(row.dealer_markets);
  const lang = userLang(row, markets);
  const marketLocale = localeTagOf(markets[0] ?? 'us');
  return {
    id: Number(row.id),
    dealerId: Number(row.dealer_id),
    dealerSlug: row.dealer_slug,
    dealerName: row.dealer_name,
    markets,
    email: row.email,
    name: row.name,
    role: row.role,
    lang,
    // The market's number and date formats when its language is the user's; else the language's.
    locale: marketLocale.startsWith(lang) ? marketLocale : { es: 'es-ES', pt: 'pt-BR', en: 'en-US' }[lang],
    notifyLeads: row.notify_leads === 1,
    sessionId: Number(row.session_id),
  };
}

/** Changes the password after checking the current one; every other session ends. */
export async function changePassword(store: Store, user: PanelUser, current: string, next: string): Promise<'wrong_current' | 'too_short' | 'too_long' | 'ok'> {
  const problem = passwordProblem(next);
  if (problem) return problem;
  const row = await repo.findUserById(store.db, user.id);
  if (!row?.password_hash || !(await verifyPassword(current, row.password_hash))) return 'wrong_current';
  const hash = await hashPassword(next);
  await writeTransaction(store, async (trx) => {
    await repo.updateDealerUser(trx, user.dealerId, user.id, { password_hash: hash });
    await repo.deleteOtherSessions(trx, user.id, user.sessionId);
  });
  return 'ok';
}

// One-time links

export type LinkState = { ok: true; userId: number; email: string; name: string; lang: Lang } | { ok: false };

/** Whether a link can still be used (the page that asks for the new password shows it first). */
export async function checkLink(db: Kysely<DB>, clock: Clock, purpose: UserTokenPurpose, token: unknown): Promise<LinkState> {
  if (!looksLikeToken(token)) return { ok: false };
  const t = await repo.findToken(db, hashToken(token));
  if (!t || t.purpose !== purpose || t.used_at !== null || Number(t.expires_at) <= clock.now()) return { ok: false };
  const user = await repo.findUserById(db, Number(t.user_id));
  if (!user) return { ok: false };
  return { ok: true, userId: Number(user.id), email: user.email, name: user.name, lang: userLang(user, marketsOf(user.dealer_markets)) };
}

/**
 * Sets the password through an invitation or reset link, uses the link, ends every other
 * session, and opens a session (the user is signed in). Undefined: the link is no longer valid.
 */
export async function useLink(
  store: Store,
  clock: Clock,
  purpose: UserTokenPurpose,
  token: unknown,
  password: string,
  name?: string,
): Promise<string | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const hash = await hashPassword(password);
  const now = clock.now();
  return writeTransaction(store, async (trx) => {
    const t = await repo.findToken(trx, hashToken(token));
    if (!t || t.purpose !== purpose || Number(t.expires_at) <= now) return undefined;
    if (!(await repo.useToken(trx, Number(t.id), now))) return undefined;
    const user = await repo.findUserById(trx, Number(t.user_id));
    if (!user) return undefined;
    await repo.updateDealerUser(trx, Number(user.dealer_id), Number(user.id), {
      password_hash: hash,
      last_sign_in_at: now,
      ...(name?.trim() ? { name: name.trim().slice(0, NAME_MAX) } : {}),
    });
    await repo.deleteOtherSessions(trx, Number(user.id), null);
    return openSession(trx, Number(user.id), now);
  });
}

/**
 * Sends a reset link to an active user (a pending one gets a fresh invitation instead). The
 * answer is the same whether or not the address has an account.
 */
export async function requestPasswordReset(store: Store, clock: Clock, publicBaseUrl: string, emailInput: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  if (emailProblem(email)) return;
  const user = await repo.findUserByEmail(store.db, email);
  if (!user) return;
  const markets = marketsOf(user.dealer_markets);
  if (user.password_hash === null) {
    await inviteUser(store, clock, publicBaseUrl, { id: Number(user.dealer_id), name: user.dealer_name, markets }, { email, role: user.role });
    return;
  }
  const now = clock.now();
  await writeTransaction(store, async (trx) => {
    const { token, hash } = newSecretToken();
    await repo.insertToken(trx, { userId: Number(user.id), purpose: 'reset', tokenHash: hash, now, expiresAt: now + RESET_TTL_MS });
    await queueMail(
      trx,
      clock,
      resetMail(userLang(user, markets), { email, name: user.name, dealerId: Number(user.dealer_id) }, linkUrl(publicBaseUrl, 'reset', token)),
    );
  });
}

/** Who gets lead notices (D29): the dealership's active users with notices on, each in their language. */
export async function leadNoticeRecipients(db: Kysely<DB>, dealerId: number, dealerMarkets: string[]): Promise<{ email: string; lang: Lang }[]> {
  return (await repo.usersToNotify(db, dealerId)).map((u) => ({ email: u.email, lang: userLang(u, dealerMarkets) }));
}
