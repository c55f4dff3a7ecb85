// The rules of users, sign-in and sessions (D27): invitations and resets are one-time links
// (72 h and 1 h); a session lasts 12 h without a request and 30 days at most; a password change
// or reset signs out every other session and ends every outstanding link (P71); a dealership
// always keeps one owner (under a lock per dealership, P71). Sign-in itself: sign-in.ts (P69).
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB, PanelLang, UserRole, UserRow, UserTokenPurpose } from '../../core/db/schema.js';
import type { Store } from '../../core/db/store.js';
import { lockDealerUsers } from '../../core/db/locks.js';
import { writeTransaction } from '../../core/db/transaction.js';
import { ApiError, inputError } from '../../core/errors.js';
import { localeFor, msg } from '../../core/i18n/index.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import { queueMail } from '../../core/mail/outbox.js';
import { forbiddenControl } from '../../core/text.js';
import type { Lang, PanelUser } from '../../core/web/context.js';
import { getDealerBySlug } from '../dealers/service.js';
import { dealerTimeZone, languageOf, localeTagOf } from '../markets/markets.js';
import { elsewhereMail, invitationMail, resetMail } from './mails.js';
import { hashPassword, passwordProblem, verifyPassword } from './password.js';
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
/** Tries of the current password on the account page (P69): per user, in any 15 minutes; each counted before the check. */
export const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
export function emailProblem(email: string): 'invalid' | undefined {
  return email.length <= 254 && /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/.test(email) ? undefined : 'invalid';
}

/**
 * What is wrong with a user's name (trimmed), if anything: too long, or a control character
 * (CR, LF, NUL…), refused as core/text.ts refuses them in any other one-line text (D26, P71).
 */
export function nameProblem(name: string): 'too_long' | 'control' | undefined {
  if (forbiddenControl(name)) return 'control';
  return name.length > NAME_MAX ? 'too_long' : undefined;
}

function checkName(name: string): void {
  const found = forbiddenControl(name);
  if (found) throw inputError({ text: msg('user_name_control', { char: found }), field: 'name', rule: 'control_character' });
  if (name.length > NAME_MAX) throw inputError({ text: msg('user_name_too_long', { max: NAME_MAX }), field: 'name', rule: 'max_length', limit: NAME_MAX });
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
  /** An owner takes the weekly statistics summary (P119). */
  weekly_stats: boolean;
  /** False until the invitation is accepted. */
  active: boolean;
  created_at: number;
  last_sign_in_at: number | null;
}

const toView = (u: UserRow): UserView => ({
  id: Number(u.id),
  // A P160 row shows the address the owner invited, as any pending user's.
  email: u.elsewhere_email ?? u.email,
  name: u.name,
  role: u.role,
  lang: u.lang,
  notify_leads: u.notify_leads === 1,
  weekly_stats: u.weekly_stats === 1,
  active: u.password_hash !== null,
  created_at: Number(u.created_at),
  last_sign_in_at: u.last_sign_in_at === null ? null : Number(u.last_sign_in_at),
});

export interface InviteInput {
  email: string;
  name?: string | undefined;
  role?: string | undefined;
}

interface InviteDealer {
  id: number;
  name: string;
  markets: string[];
}

function readInvite(input: InviteInput): { email: string; name: string; role: UserRole } {
  const email = normalizeEmail(input.email);
  if (emailProblem(email)) throw inputError({ text: msg('email_invalid', { email: input.email }), field: 'email', rule: 'format' });
  const name = (input.name ?? '').trim();
  checkName(name);
  const role = (input.role ?? 'staff') as UserRole;
  if (!ROLES.includes(role)) throw inputError({ text: msg('role_invalid'), field: 'role', rule: 'enum' });
  return { email, name, role };
}

/** A new user (or a pending one's fresh link) of `dealer`, and the invitation mail, in `trx`. */
async function issueInvitation(
  trx: Kysely<DB>,
  clock: Clock,
  publicBaseUrl: string,
  dealer: InviteDealer,
  existing: UserRow | undefined,
  v: { email: string; name: string; role: UserRole },
): Promise<{ user: UserView; inviteUrl: string }> {
  const now = clock.now();
  let id: number;
  // This dealership's earlier invitation of the address while it had an account elsewhere (P160):
  // the address is free now, so that row becomes its pending user (same row, same place in the list).
  const stood = existing ? undefined : await repo.findElsewhereUser(trx, dealer.id, v.email);
  if (stood) await repo.claimElsewhereUser(trx, dealer.id, Number(stood.id), v.email);
  const pending = existing ?? stood;
  if (pending) {
    id = Number(pending.id);
    await repo.updateDealerUser(trx, dealer.id, id, { role: v.role, ...(v.name ? { name: v.name } : {}) });
  } else {
    id = await repo.insertUser(trx, { dealerId: dealer.id, email: v.email, name: v.name, role: v.role, now });
  }
  const { token, hash } = newSecretToken();
  await repo.insertToken(trx, { userId: id, purpose: 'invite', tokenHash: hash, now, expiresAt: now + INVITE_TTL_MS });
  const inviteUrl = linkUrl(publicBaseUrl, 'invite', token);
  const user = (await repo.findDealerUser(trx, dealer.id, id))!;
  await queueMail(
    trx,
    clock,
    invitationMail(userLang(user, dealer.markets), { email: v.email, name: user.name, dealerId: dealer.id, dealerName: dealer.name }, inviteUrl),
  );
  return { user: toView(user), inviteUrl };
}

/**
 * Invites a user (or sends a pending user a fresh link): the user, the link and the invitation
 * mail commit together. An address already active, or in another dealership, is refused (the
 * operator's CLI is told which; the panel uses inviteFromPanel).
 */
export async function inviteUser(
  store: Store,
  clock: Clock,
  publicBaseUrl: string,
  dealer: InviteDealer,
  input: InviteInput,
): Promise<{ user: UserView; inviteUrl: string }> {
  const v = readInvite(input);
  return writeTransaction(store, async (trx) => {
    const existing = await repo.findUserByEmail(trx, v.email);
    if (existing && (Number(existing.dealer_id) !== dealer.id || existing.password_hash !== null)) {
      throw inputError({
        text: msg('email_taken', { email: v.email, elsewhere: Number(existing.dealer_id) === dealer.id ? 'no' : 'yes' }),
        field: 'email',
        rule: 'taken',
      });
    }
    return issueInvitation(trx, clock, publicBaseUrl, dealer, existing, v);
  });
}

/**
 * An owner's invitation from the panel (P71). An address of another dealership (active or
 * pending) is answered exactly as any invitation, so an owner cannot learn which addresses have
 * accounts elsewhere; the person is told by mail instead, in their language, in the same
 * transaction. The invitation is kept as a pending user of this dealership (P160) — made, or its
 * role and name set, as issueInvitation does for an address nobody has — so the users list, its
 * "send a new link", role and removal show and treat it as any pending invitation. An address
 * active in this dealership is refused: the owner sees it in the list.
 */
export async function inviteFromPanel(store: Store, clock: Clock, publicBaseUrl: string, dealer: InviteDealer, input: InviteInput): Promise<{ email: string }> {
  const v = readInvite(input);
  return writeTransaction(store, async (trx) => {
    const existing = await repo.findUserByEmail(trx, v.email);
    if (existing && Number(existing.dealer_id) !== dealer.id) {
      const stood = await repo.findElsewhereUser(trx, dealer.id, v.email);
      if (stood) await repo.updateDealerUser(trx, dealer.id, Number(stood.id), { role: v.role, ...(v.name ? { name: v.name } : {}) });
      else await repo.insertElsewhereUser(trx, { dealerId: dealer.id, email: v.email, name: v.name, role: v.role, now: clock.now() });
      await queueMail(
        trx,
        clock,
        elsewhereMail(
          userLang(existing, marketsOf(existing.dealer_markets)),
          { email: v.email, name: existing.name, dealerId: Number(existing.dealer_id) },
          dealer.name,
        ),
      );
      return { email: v.email };
    }
    if (existing && existing.password_hash !== null)
      throw inputError({ text: msg('email_taken', { email: v.email, elsewhere: 'no' }), field: 'email', rule: 'taken' });
    return { email: (await issueInvitation(trx, clock, publicBaseUrl, dealer, existing, v)).user.email };
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
    await lockDealerUsers(trx, store.dialect, dealerId);
    const user = await repo.findDealerUser(trx, dealerId, userId);
    if (!user) throw new ApiError('not_found', msg('user_not_found'));
    if (user.role === 'owner' && (await repo.countOwners(trx, dealerId)) <= 1) {
      throw new ApiError('invalid_request', msg('last_owner'));
    }
    await repo.deleteDealerUser(trx, dealerId, userId);
    return toView(user);
  });
}

export async function removeUserByEmail(store: Store, slug: string, email: string): Promise<UserView> {
  const d = await getDealerBySlug(store.db, slug);
  const address = normalizeEmail(email);
  const found = await repo.findUserByEmail(store.db, address);
  // The dealership's own user of the address, else its P160 invitation of it.
  const u = found && Number(found.dealer_id) === d.id ? found : await repo.findElsewhereUser(store.db, d.id, address);
  if (!u) throw new ApiError('not_found', msg('user_not_in_dealer', { dealer: d.slug, email: address }));
  return removeUser(store, d.id, Number(u.id));
}

export async function changeRole(store: Store, dealerId: number, userId: number, role: string): Promise<void> {
  if (!ROLES.includes(role as UserRole)) throw inputError({ text: msg('role_invalid'), field: 'role', rule: 'enum' });
  await writeTransaction(store, async (trx) => {
    // Two owners demoting each other at once would each count two owners without it (P71).
    await lockDealerUsers(trx, store.dialect, dealerId);
    const user = await repo.findDealerUser(trx, dealerId, userId);
    if (!user) throw new ApiError('not_found', msg('user_not_found'));
    if (user.role === 'owner' && role !== 'owner' && (await repo.countOwners(trx, dealerId)) <= 1) {
      throw new ApiError('invalid_request', msg('last_owner'));
    }
    await repo.updateDealerUser(trx, dealerId, userId, { role: role as UserRole });
  });
}

/** Saves the account page; a name holding a control character is refused (ApiError on `name`). */
export async function updateAccount(
  db: Kysely<DB>,
  user: PanelUser,
  patch: { name?: string; lang?: PanelLang | null; notifyLeads?: boolean; weeklyStats?: boolean },
): Promise<void> {
  const name = patch.name?.trim().slice(0, NAME_MAX);
  if (name !== undefined) checkName(name);
  await repo.updateDealerUser(db, user.dealerId, user.id, {
    ...(name !== undefined ? { name } : {}),
    ...(patch.lang !== undefined ? { lang: patch.lang } : {}),
    ...(patch.notifyLeads !== undefined ? { notify_leads: patch.notifyLeads ? 1 : 0 } : {}),
    ...(patch.weeklyStats !== undefined ? { weekly_stats: patch.weeklyStats ? 1 : 0 } : {}),
  });
}

// Sign-in and sessions

async function openSession(trx: Kysely<DB>, userId: number, now: number): Promise<string> {
  const { token, hash } = newSecretToken();
  await repo.insertSession(trx, { userId, tokenHash: hash, now });
  return token;
}

/** Opens a session for a user whose password was just checked (sign-in.ts); returns the cookie value. */
export async function startSession(store: Store, clock: Clock, user: { id: number; dealerId: number }): Promise<string> {
  const now = clock.now();
  return writeTransaction(store, async (trx) => {
    await repo.updateDealerUser(trx, user.dealerId, user.id, { last_sign_in_at: now });
    return openSession(trx, user.id, now);
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
    locale: localeFor(lang, marketLocale),
    timeZone: dealerTimeZone(row.dealer_time_zone, markets),
    now,
    notifyLeads: row.notify_leads === 1,
    sessionId: Number(row.session_id),
  };
}

export type PasswordChange = { outcome: 'ok' | 'wrong_current' | 'too_short' | 'too_long' } | { outcome: 'throttled'; retryMs: number };

/**
 * Changes the password after checking the current one; every other session and every
 * outstanding link of the user end (P71). The check is limited per user (PASSWORD_CHECKS, P69):
 * each try is counted before the hash is compared, so tries sent at once cannot slip past it.
 */
export async function changePassword(
  deps: { store: Store; clock: Clock; storeLimiter: RateLimitStore },
  user: PanelUser,
  current: string,
  next: string,
): Promise<PasswordChange> {
  const { store, clock, storeLimiter } = deps;
  const problem = passwordProblem(next);
  if (problem) return { outcome: problem };
  const allowed = await storeLimiter.hit(`password:user:${user.id}`, clock.now(), PASSWORD_CHECKS.limit, PASSWORD_CHECKS.windowMs);
  if (!allowed.allowed) return { outcome: 'throttled', retryMs: allowed.resetMs };
  const row = await repo.findUserById(store.db, user.id);
  if (!row?.password_hash || !(await verifyPassword(current, row.password_hash))) return { outcome: 'wrong_current' };
  const hash = await hashPassword(next);
  await writeTransaction(store, async (trx) => {
    await repo.updateDealerUser(trx, user.dealerId, user.id, { password_hash: hash });
    await repo.deleteOtherSessions(trx, user.id, user.sessionId);
    await repo.deleteUserTokens(trx, user.id);
  });
  return { outcome: 'ok' };
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
 * session and link, and opens a session (the user is signed in). Undefined: the link is no
 * longer valid. A name holding a control character is refused (ApiError on `name`).
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
  const newName = name?.trim().slice(0, NAME_MAX);
  if (newName) checkName(newName);
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
      ...(newName ? { name: newName } : {}),
    });
    await repo.deleteOtherSessions(trx, Number(user.id), null);
    // Any other link of the user (a reset asked for earlier) ends with the password it was for.
    await repo.deleteUserTokens(trx, Number(user.id));
    return openSession(trx, Number(user.id), now);
  });
}

/**
 * Sends a reset link to an active user. The answer is the same whether or not the address has
 * an account. A user who has not accepted their invitation gets nothing: a stranger typing the
 * address must not replace the link their owner sent, nor send mail past the invitation limit
 * (P71); the owner's "send a new link" is the way to a fresh invitation.
 */
export async function requestPasswordReset(store: Store, clock: Clock, publicBaseUrl: string, emailInput: string): Promise<void> {
  const email = normalizeEmail(emailInput);
  if (emailProblem(email)) return;
  const user = await repo.findUserByEmail(store.db, email);
  if (!user || user.password_hash === null) return;
  const markets = marketsOf(user.dealer_markets);
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
