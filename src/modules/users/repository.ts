// All SQL of users, their sessions and their one-time links. Every query that a panel page
// reaches takes the dealership's id, so one dealership can never read or change another's.
import type { Kysely } from 'kysely';
import type { DB, PanelLang, UserRole, UserRow, UserTokenPurpose } from '../../core/db/schema.js';

export interface UserWithDealer extends UserRow {
  dealer_slug: string;
  dealer_name: string;
  dealer_markets: string;
}

function withDealer(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .innerJoin('dealers', 'dealers.id', 'users.dealer_id')
    .selectAll('users')
    .select(['dealers.slug as dealer_slug', 'dealers.name as dealer_name', 'dealers.markets as dealer_markets']);
}

export async function insertUser(db: Kysely<DB>, u: { dealerId: number; email: string; name: string; role: UserRole; now: number }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({ dealer_id: u.dealerId, email: u.email, name: u.name, role: u.role, lang: null, password_hash: null, created_at: u.now, last_sign_in_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The `email` of a pending user who stands for an invitation of an address that has an account at
 * another dealership (P160): unique per dealership and address, and never an address itself (no
 * address holds ':', emailProblem), so no sign-in, reset or invitation ever finds it by address.
 */
const elsewhereKey = (dealerId: number, email: string): string => `elsewhere:${dealerId}:${email}`;

/** A pending user of `dealerId` standing for its invitation of `email`, which has an account elsewhere (P160). */
export async function insertElsewhereUser(db: Kysely<DB>, u: { dealerId: number; email: string; name: string; role: UserRole; now: number }): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      dealer_id: u.dealerId,
      email: elsewhereKey(u.dealerId, u.email),
      elsewhere_email: u.email,
      name: u.name,
      role: u.role,
      lang: null,
      password_hash: null,
      created_at: u.now,
      last_sign_in_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export function findElsewhereUser(db: Kysely<DB>, dealerId: number, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', elsewhereKey(dealerId, email)).executeTakeFirst();
}

/** The address has no account any more: the row becomes an ordinary pending user of it (P160). */
export async function claimElsewhereUser(db: Kysely<DB>, dealerId: number, id: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email, elsewhere_email: null }).where('dealer_id', '=', dealerId).where('id', '=', id).execute();
}

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserWithDealer | undefined> {
  return withDealer(db).where('users.email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number): Promise<UserWithDealer | undefined> {
  return withDealer(db).where('users.id', '=', id).executeTakeFirst();
}

export function findDealerUser(db: Kysely<DB>, dealerId: number, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('dealer_id', '=', dealerId).where('id', '=', id).executeTakeFirst();
}

export function listDealerUsers(db: Kysely<DB>, dealerId: number): Promise<UserRow[]> {
  // By the address shown (P160's rows by theirs, not by their key).
  return db
    .selectFrom('users')
    .selectAll()
    .where('dealer_id', '=', dealerId)
    .orderBy((eb) => eb.fn.coalesce('elsewhere_email', 'email'))
    .execute();
}

export async function countOwners(db: Kysely<DB>, dealerId: number): Promise<number> {
  const r = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dealer_id', '=', dealerId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The users who want lead notices (D29 issue: on by default), with a password set. */
export function usersToNotify(db: Kysely<DB>, dealerId: number): Promise<Pick<UserRow, 'id' | 'email' | 'name' | 'lang'>[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'lang'])
    .where('dealer_id', '=', dealerId)
    .where('notify_leads', '=', 1)
    .where('password_hash', 'is not', null)
    .orderBy('id')
    .execute();
}

export async function deleteDealerUser(db: Kysely<DB>, dealerId: number, id: number): Promise<boolean> {
  // Their saved replies (P102) are theirs only: they go with them.
  await db.deleteFrom('saved_replies').where('dealer_id', '=', dealerId).where('user_id', '=', id).execute();
  const r = await db.deleteFrom('users').where('dealer_id', '=', dealerId).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function updateDealerUser(
  db: Kysely<DB>,
  dealerId: number,
  id: number,
  patch: Partial<{
    name: string;
    role: UserRole;
    lang: PanelLang | null;
    password_hash: string;
    notify_leads: number;
    weekly_stats: number;
    last_sign_in_at: number;
  }>,
): Promise<boolean> {
  const r = await db.updateTable('users').set(patch).where('dealer_id', '=', dealerId).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// Sessions

export async function insertSession(db: Kysely<DB>, s: { userId: number; tokenHash: string; now: number }): Promise<number> {
  const row = await db
    .insertInto('user_sessions')
    .values({ user_id: s.userId, token_hash: s.tokenHash, created_at: s.now, last_seen_at: s.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface SessionRow extends UserWithDealer {
  dealer_time_zone: string | null;
  session_id: number;
  session_created_at: number;
  session_last_seen_at: number;
}

export function findSession(db: Kysely<DB>, tokenHash: string): Promise<SessionRow | undefined> {
  return db
    .selectFrom('user_sessions')
    .innerJoin('users', 'users.id', 'user_sessions.user_id')
    .innerJoin('dealers', 'dealers.id', 'users.dealer_id')
    .selectAll('users')
    .select([
      'dealers.slug as dealer_slug',
      'dealers.name as dealer_name',
      'dealers.markets as dealer_markets',
      'dealers.time_zone as dealer_time_zone',
      'user_sessions.id as session_id',
      'user_sessions.created_at as session_created_at',
      'user_sessions.last_seen_at as session_last_seen_at',
    ])
    .where('user_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('user_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('user_sessions').where('id', '=', id).execute();
}

/** Every session of the user but `keep` (a password change signs out the others). */
export async function deleteOtherSessions(db: Kysely<DB>, userId: number, keep: number | null): Promise<void> {
  let q = db.deleteFrom('user_sessions').where('user_id', '=', userId);
  if (keep !== null) q = q.where('id', '!=', keep);
  await q.execute();
}

// One-time links

export async function insertToken(
  db: Kysely<DB>,
  t: { userId: number; purpose: UserTokenPurpose; tokenHash: string; now: number; expiresAt: number },
): Promise<void> {
  // A new link of a kind replaces the user's earlier ones.
  await db.deleteFrom('user_tokens').where('user_id', '=', t.userId).where('purpose', '=', t.purpose).execute();
  await db
    .insertInto('user_tokens')
    .values({ user_id: t.userId, purpose: t.purpose, token_hash: t.tokenHash, created_at: t.now, expires_at: t.expiresAt, used_at: null })
    .execute();
}

export function findToken(db: Kysely<DB>, tokenHash: string) {
  return db.selectFrom('user_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Uses the link once: false when it was used meanwhile (two tabs, a replay). */
export async function useToken(db: Kysely<DB>, id: number, now: number): Promise<boolean> {
  const r = await db.updateTable('user_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every link of the user, used or not: a password change ends them all (P71). */
export async function deleteUserTokens(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('user_tokens').where('user_id', '=', userId).execute();
}
