// All SQL of the feeds and feed_imports tables. Every read a dealer can reach names its dealership.
import { sql, type Kysely } from 'kysely';
import type { DB, DealerRow, FeedImportRow, FeedRow, NewFeedImport, UserRole } from '../../core/db/schema.js';

/** Who makes a feed's token (D39): the operator's CLI, or an owner in the panel. */
export type FeedMaker = { kind: 'operator' } | { kind: 'user'; userId: number; name: string };

export function insertFeed(
  db: Kysely<DB>,
  f: { dealerId: number; tokenHash: string; market: string; source: string; url: string | null; now: number; by: FeedMaker },
): Promise<FeedRow> {
  return db
    .insertInto('feeds')
    .values({
      dealer_id: f.dealerId,
      token_hash: f.tokenHash,
      market: f.market,
      source: f.source,
      url: f.url,
      created_at: f.now,
      revoked_at: null,
      created_by: f.by.kind,
      created_by_user_id: f.by.kind === 'user' ? f.by.userId : null,
      created_by_name: f.by.kind === 'user' ? f.by.name : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface FeedWithDealer {
  feed: FeedRow;
  dealer: DealerRow;
}

async function withDealer(db: Kysely<DB>, feed: FeedRow | undefined): Promise<FeedWithDealer | undefined> {
  if (!feed) return undefined;
  const dealer = await db.selectFrom('dealers').selectAll().where('id', '=', feed.dealer_id).executeTakeFirst();
  return dealer ? { feed, dealer } : undefined;
}

/** The live (not revoked) feed whose token hashes to this, with its dealership. */
export async function findLiveFeedByTokenHash(db: Kysely<DB>, tokenHash: string): Promise<FeedWithDealer | undefined> {
  const feed = await db.selectFrom('feeds').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return withDealer(db, feed);
}

export async function findFeedWithDealer(db: Kysely<DB>, feedId: number): Promise<FeedWithDealer | undefined> {
  return withDealer(db, await db.selectFrom('feeds').selectAll().where('id', '=', feedId).executeTakeFirst());
}

/** A feed's market and source (what its events name), whoever's it is. */
export function findFeedScope(db: Kysely<DB>, feedId: number): Promise<Pick<FeedRow, 'market' | 'source'> | undefined> {
  return db.selectFrom('feeds').select(['market', 'source']).where('id', '=', feedId).executeTakeFirst();
}

export function findDealerFeed(db: Kysely<DB>, dealerId: number, feedId: number): Promise<FeedRow | undefined> {
  return db.selectFrom('feeds').selectAll().where('dealer_id', '=', dealerId).where('id', '=', feedId).executeTakeFirst();
}

export function listDealerFeeds(db: Kysely<DB>, dealerId: number): Promise<FeedRow[]> {
  return db.selectFrom('feeds').selectAll().where('dealer_id', '=', dealerId).orderBy('id').execute();
}

/** The dealership's feeds with the role their maker has now (null: the operator, unknown, or a removed user). */
export function listDealerFeedsWithMaker(db: Kysely<DB>, dealerId: number): Promise<(FeedRow & { maker_role: UserRole | null })[]> {
  return db
    .selectFrom('feeds')
    .leftJoin('users', 'users.id', 'feeds.created_by_user_id')
    .selectAll('feeds')
    .select('users.role as maker_role')
    .where('feeds.dealer_id', '=', dealerId)
    .orderBy('feeds.id')
    .execute();
}

/** Live feeds with a URL to read (pull jobs are made sure of at start). */
export function listPulledFeeds(db: Kysely<DB>): Promise<Pick<FeedRow, 'id'>[]> {
  return db.selectFrom('feeds').select('id').where('url', 'is not', null).where('revoked_at', 'is', null).execute();
}

/**
 * Records a push with the feed's token, unless one within `minGapMs` is already recorded (the
 * condition keeps several processes from writing more than about once per gap between them).
 */
export async function touchFeedUsed(db: Kysely<DB>, feedId: number, now: number, minGapMs: number): Promise<void> {
  await db
    .updateTable('feeds')
    .set({ last_used_at: now })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - minGapMs)]))
    .execute();
}

export async function revokeFeedRow(db: Kysely<DB>, feedId: number, now: number): Promise<boolean> {
  const res = await db.updateTable('feeds').set({ revoked_at: now }).where('id', '=', feedId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** What the last read of the feed URL answered. */
export async function updatePullState(
  db: Kysely<DB>,
  feedId: number,
  state: { etag?: string | null; last_modified?: string | null; content_hash?: string | null; last_polled_at: number },
): Promise<void> {
  await db.updateTable('feeds').set(state).where('id', '=', feedId).execute();
}

export async function insertFeedImport(db: Kysely<DB>, row: NewFeedImport): Promise<number> {
  const r = await db.insertInto('feed_imports').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Writes an import's report over its `running` row (every column the import decides). */
export async function finishFeedImport(db: Kysely<DB>, id: number, row: Omit<NewFeedImport, 'id'>): Promise<void> {
  await db
    .updateTable('feed_imports')
    .set({ ...row, heartbeat_at: null })
    .where('id', '=', id)
    .execute();
}

/** A running import's sign of life. */
export async function touchFeedImport(db: Kysely<DB>, id: number, now: number): Promise<void> {
  await db.updateTable('feed_imports').set({ heartbeat_at: now }).where('id', '=', id).where('result', '=', 'running').execute();
}

/** Running imports whose last sign of life is older than `before` (every running one: Infinity). */
export function staleRunningImports(db: Kysely<DB>, before: number): Promise<FeedImportRow[]> {
  let q = db.selectFrom('feed_imports').selectAll().where('result', '=', 'running');
  if (Number.isFinite(before)) q = q.where('heartbeat_at', '<', before);
  return q.orderBy('id').execute();
}

/** Marks a running import interrupted; false when it is no longer running (it ended meanwhile). */
export async function interruptFeedImport(db: Kysely<DB>, id: number, message: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('feed_imports')
    .set({ result: 'interrupted', message, finished_at: now, heartbeat_at: null })
    .where('id', '=', id)
    .where('result', '=', 'running')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The newest import of each of these feeds. */
export async function lastImports(db: Kysely<DB>, feedIds: number[]): Promise<Map<number, FeedImportRow>> {
  const out = new Map<number, FeedImportRow>();
  if (feedIds.length === 0) return out;
  const newest = db
    .selectFrom('feed_imports')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('feed_id', 'in', feedIds)
    .groupBy('feed_id');
  const rows = await db.selectFrom('feed_imports').selectAll().where('id', 'in', newest).execute();
  for (const r of rows) out.set(r.feed_id, r);
  return out;
}

export async function listFeedImports(
  db: Kysely<DB>,
  dealerId: number,
  feedId: number,
  page: number,
  perPage: number,
): Promise<{ rows: FeedImportRow[]; total: number }> {
  const q = db.selectFrom('feed_imports').where('dealer_id', '=', dealerId).where('feed_id', '=', feedId);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findFeedImport(db: Kysely<DB>, dealerId: number, feedId: number, importId: number): Promise<FeedImportRow | undefined> {
  return db
    .selectFrom('feed_imports')
    .selectAll()
    .where('dealer_id', '=', dealerId)
    .where('feed_id', '=', feedId)
    .where('id', '=', importId)
    .executeTakeFirst();
}

/** A new feed URL (or none): the last read's validators and hash belong to the old one. */
/** Stores a feed's column mapping overrides (P29; checked by mapping.ts). */
export async function setFeedColumnMap(db: Kysely<DB>, feedId: number, map: Record<string, string>): Promise<void> {
  await db
    .updateTable('feeds')
    .set({ column_map: JSON.stringify(map) })
    .where('id', '=', feedId)
    .execute();
}

export async function setFeedUrlRow(db: Kysely<DB>, feedId: number, url: string | null): Promise<void> {
  await db.updateTable('feeds').set({ url, etag: null, last_modified: null, content_hash: null }).where('id', '=', feedId).execute();
}

/**
 * The pull job of a feed (this module's own row of the jobs table): made due now when it waits
 * for a later time; returns its status afterwards (undefined: no live job).
 */
export async function hurryPullJob(db: Kysely<DB>, jobKey: string, now: number): Promise<'pending' | 'running' | 'failed' | undefined> {
  await db
    .updateTable('jobs')
    .set({ run_at: now, updated_at: now })
    .where('job_key', '=', jobKey)
    .where('status', '=', 'pending')
    .where('run_at', '>', now)
    .execute();
  const row = await db.selectFrom('jobs').select('status').where('job_key', '=', jobKey).executeTakeFirst();
  return row?.status;
}

export type DealerImportRow = FeedImportRow & { market: string; source: string };

/** Every import of the dealership's feeds, newest first (the panel's history). */
export async function listDealerImports(db: Kysely<DB>, dealerId: number, page: number, perPage: number): Promise<{ rows: DealerImportRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('feed_imports')
      .innerJoin('feeds', 'feeds.id', 'feed_imports.feed_id')
      .selectAll('feed_imports')
      .select(['feeds.market', 'feeds.source'])
      .where('feed_imports.dealer_id', '=', dealerId)
      .orderBy('feed_imports.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('feed_imports')
      .select(sql<number>`count(*)`.as('n'))
      .where('dealer_id', '=', dealerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One import of the dealership's feeds; another dealership's is not found. */
export function findDealerImport(db: Kysely<DB>, dealerId: number, importId: number): Promise<DealerImportRow | undefined> {
  return db
    .selectFrom('feed_imports')
    .innerJoin('feeds', 'feeds.id', 'feed_imports.feed_id')
    .selectAll('feed_imports')
    .select(['feeds.market', 'feeds.source'])
    .where('feed_imports.dealer_id', '=', dealerId)
    .where('feed_imports.id', '=', importId)
    .executeTakeFirst();
}

/** The dealership's cars of `market` among `externalIds` (an import's written cars), as they are now: their listing quality's inputs (P246). */
export async function importCars(db: Kysely<DB>, dealerId: number, market: string, externalIds: readonly string[]) {
  const rows = [];
  // In parts: an IN list well under every store's limit on parameters.
  for (let i = 0; i < externalIds.length; i += 500) {
    const part = externalIds.slice(i, i + 500);
    rows.push(
      ...(await db
        .selectFrom('vehicles')
        .select(['id', 'external_id', 'status', 'photos_pending', 'fuel', 'transmission', 'version', 'color', 'description', 'photo_checks'])
        .where('dealer_id', '=', dealerId)
        .where('market', '=', market)
        .where('external_id', 'in', part)
        .execute()),
    );
  }
  return rows;
}

/** The dealership's newest imports, of any of its feeds (the panel's overview). */
export function latestDealerImports(db: Kysely<DB>, dealerId: number, limit: number): Promise<FeedImportRow[]> {
  return db.selectFrom('feed_imports').selectAll().where('dealer_id', '=', dealerId).orderBy('id', 'desc').limit(limit).execute();
}
