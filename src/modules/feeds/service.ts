// Feed tokens (D3, D15): a random UUID is the push address's secret; only its hash is kept.
// A feed with a URL gets its recurring pull job in the transaction that creates it (or sets its
// URL); revoking a feed, or removing its URL, removes that job in the same transaction. The
// operator (CLI, by dealership slug) and the panel (by the signed-in user's dealership) share
// these rules. A token writes as much as an API key (D39): only the operator and owners make and
// revoke them (the panel checks the role), and each feed records who made it.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import { type Store } from '../../core/db/store.js';
import { afterCommit, writeTransaction } from '../../core/db/transaction.js';
import type { DB, FeedRow, UserRole } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { deleteJobByKey } from '../../core/jobs/repository.js';
import { jobsQueued } from '../../core/jobs/wake.js';
import { ipLiteral, isPublicAddress } from '../../core/outbound/address.js';
import { DEFAULT_ALLOWED_PORTS, effectivePort, type UrlPolicy } from '../../core/outbound/policy.js';
import { getDealerBySlug } from '../dealers/service.js';
import { findDealerById, findSandboxTwin } from '../dealers/repository.js';
import { ensureSandboxTwin } from '../dealers/sandbox.js';
import { isSource, SOURCES } from '../vehicles/sources.js';
import { pullJobKey, schedulePull } from './pull-schedule.js';
import { TOKEN_SHAPE } from './schemas.js';
import {
  findDealerFeed,
  findLiveFeedByTokenHash,
  hurryPullJob,
  insertFeed,
  listDealerFeeds,
  listDealerFeedsWithMaker,
  revokeFeedRow,
  setFeedUrlRow,
  touchFeedUsed,
  type FeedMaker,
} from './repository.js';

export type { FeedMaker } from './repository.js';

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token.toLowerCase()).digest('hex');

const pushUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/v1/feeds/${token}/`;

/** A push token as feeds create makes them (a UUID); anything else cannot be a feed's. */
export const TOKEN_PATTERN = new RegExp(TOKEN_SHAPE);

const invalid = (m: Msg) => new ApiError('invalid_request', m);

/** A feed URL longer than this is refused (no real feed address comes close). */
export const FEED_URL_MAX = 2000;

export type FeedUrlProblem = 'not_absolute' | 'too_long' | 'scheme' | 'credentials' | 'port' | 'private_address';
export type FeedInputProblem = FeedUrlProblem | 'market_required' | 'market_not_sold' | 'unknown_source' | 'no_url';

/** A refused feed input, with what was wrong (the panel words it in the user's language). */
export class FeedInputError extends ApiError {
  constructor(
    readonly field: 'market' | 'source' | 'url',
    readonly problem: FeedInputProblem,
    message: Msg,
  ) {
    super('invalid_request', message);
  }
}

/**
 * The feed URL rule, for the CLI and the panel: an absolute http(s) URL without credentials. With
 * the outbound policy (the panel passes the server's), also what the outbound client would
 * refuse anyway, said at once: a port other than 80/443, or a private IP literal (a host name
 * is judged when it is read, as its addresses may change).
 */
function checkFeedUrl(input: string, policy?: UrlPolicy): string {
  const fail = (problem: FeedUrlProblem, message: Msg) => new FeedInputError('url', problem, message);
  if (input.length > FEED_URL_MAX) throw fail('too_long', msg('feed_url_too_long', { max: FEED_URL_MAX }));
  let parsed: URL;
  try {
    parsed = new URL(input);
  } catch {
    throw fail('not_absolute', msg('feed_url_not_absolute', { url: input }));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw fail('scheme', msg('feed_url_scheme', { scheme: parsed.protocol.slice(0, -1).slice(0, 20) }));
  if (parsed.username || parsed.password) throw fail('credentials', msg('feed_url_credentials'));
  if (policy && !policy.allowPrivateNetworks) {
    if (!policy.allowedPorts.includes(effectivePort(parsed))) throw fail('port', msg('feed_url_port', { ports: policy.allowedPorts.join(', ') }));
    const ip = ipLiteral(parsed.hostname);
    if (ip !== undefined && !isPublicAddress(ip)) throw fail('private_address', msg('feed_url_private'));
  }
  return parsed.toString();
}

/** The outbound policy of a server, for checkFeedUrl. */
export const feedUrlPolicy = (allowPrivateNetworks: boolean): UrlPolicy => ({ allowPrivateNetworks, allowedPorts: DEFAULT_ALLOWED_PORTS });

export async function createFeed(
  store: Store,
  clock: Clock,
  publicBaseUrl: string,
  input: { dealer: string; market?: string; source?: string; url?: string; sandbox?: boolean },
): Promise<{ token: string; push_url: string }> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  // A sandbox token (D35, P122) belongs to the sandbox twin: its pushes write the sandbox's cars.
  const owner = input.sandbox ? { ...dealer, id: (await ensureSandboxTwin(store.db, (await findDealerById(store.db, dealer.id))!, clock.now())).id } : dealer;
  const { id: _, ...made } = await createDealerFeed(store, clock, publicBaseUrl, owner, { kind: 'operator' }, input);
  return made;
}

/** Makes a feed of a dealership (CLI by slug, panel by the signed-in owner's dealership); `by` is recorded with it (D39). */
export async function createDealerFeed(
  store: Store,
  clock: Clock,
  publicBaseUrl: string,
  dealer: { id: number; slug: string; markets: string[] },
  by: FeedMaker,
  input: { market?: string; source?: string; url?: string },
  policy?: UrlPolicy,
): Promise<{ id: number; token: string; push_url: string }> {
  const market = input.market?.trim().toLowerCase() || (dealer.markets.length === 1 ? dealer.markets[0]! : undefined);
  if (!market) throw new FeedInputError('market', 'market_required', msg('feed_market_required', { dealer: dealer.slug, markets: dealer.markets.join(', ') }));
  if (!dealer.markets.includes(market)) {
    throw new FeedInputError('market', 'market_not_sold', msg('feed_market_not_sold', { dealer: dealer.slug, market, markets: dealer.markets.join(', ') }));
  }
  const source = input.source?.trim() || 'feed';
  if (!isSource(source)) throw new FeedInputError('source', 'unknown_source', msg('feed_source_unknown', { source, sources: SOURCES.join(', ') }));
  const url = input.url !== undefined ? checkFeedUrl(input.url, policy) : null;
  const token = crypto.randomUUID();
  const id = await writeTransaction(store, async (trx) => {
    const feed = await insertFeed(trx, { dealerId: dealer.id, tokenHash: hashToken(token), market, source, url, now: clock.now(), by });
    if (url) await schedulePull(trx, clock, feed.id);
    return feed.id;
  });
  return { id, token, push_url: pushUrl(publicBaseUrl, token) };
}

/** What an operator or the dealer sees of a feed: never its token (only its hash is kept). */
export function describeFeed(f: FeedRow) {
  return {
    id: f.id,
    market: f.market,
    source: f.source,
    url: f.url,
    created_at: new Date(f.created_at).toISOString(),
    revoked: f.revoked_at !== null,
  };
}

/** A token's last push is written at most this often (as an API key's last use). */
const FEED_LAST_USED_EVERY_MS = 60_000;

/**
 * A push with the feed's token (D39: the panel shows its last use). The feed row was just read,
 * so most pushes write nothing; the UPDATE's own condition covers several processes.
 */
export async function noteFeedPush(db: Kysely<DB>, feed: Pick<FeedRow, 'id' | 'last_used_at'>, now: number): Promise<void> {
  if (feed.last_used_at !== null && now - feed.last_used_at < FEED_LAST_USED_EVERY_MS) return;
  await touchFeedUsed(db, feed.id, now, FEED_LAST_USED_EVERY_MS);
}

/** Who made a feed's token, as the operator reads it: "operator", "unknown", or the user's name (P64). */
function feedMaker(f: Pick<FeedRow, 'created_by' | 'created_by_name' | 'created_by_user_id'>): string {
  if (f.created_by === 'user') return `${f.created_by_name ?? '?'}${f.created_by_user_id === null ? ' (removed)' : ''}`;
  return f.created_by;
}

/** The operator's list (CLI): the API's view, plus who made each token and when it last pushed (D39). */
export async function listFeeds(
  store: Store,
  input: { dealer: string },
): Promise<(ReturnType<typeof describeFeed> & { created_by: string; last_used_at: string | null; sandbox?: true })[]> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  // The sandbox's tokens (P141) are the owners' credentials too: listed here, said so.
  const twin = await findSandboxTwin(store.db, dealer.id);
  const describe = (f: FeedRow, sandbox: boolean) => ({
    ...describeFeed(f),
    created_by: feedMaker(f),
    last_used_at: f.last_used_at === null ? null : new Date(f.last_used_at).toISOString(),
    ...(sandbox ? { sandbox: true as const } : {}),
  });
  return [
    ...(await listDealerFeeds(store.db, dealer.id)).map((f) => describe(f, false)),
    ...(twin ? (await listDealerFeeds(store.db, twin.id)).map((f) => describe(f, true)) : []),
  ];
}

/** Revokes a feed named by its id (feeds list) or its token; its push address answers 404 and its URL is no longer read. */
export async function revokeFeed(store: Store, clock: Clock, input: { dealer: string; id?: string; token?: string }): Promise<{ revoked: true; id: number }> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  if ((input.id === undefined) === (input.token === undefined)) throw invalid(msg('feed_name_one'));
  let feed: FeedRow | undefined;
  if (input.id !== undefined) {
    if (!/^\d{1,15}$/.test(input.id)) throw invalid(msg('feed_id_invalid', { id: input.id }));
    feed = await findOwnedFeed(store, dealer.id, Number(input.id));
    if (feed?.revoked_at !== null) feed = undefined;
  } else {
    const found = TOKEN_PATTERN.test(input.token!) ? await findLiveFeedByTokenHash(store.db, hashToken(input.token!)) : undefined;
    const owners = [dealer.id, (await findSandboxTwin(store.db, dealer.id))?.id];
    feed = found && owners.includes(found.feed.dealer_id) ? found.feed : undefined;
  }
  if (!feed) throw new ApiError('not_found', msg('feed_not_live_of', { dealer: dealer.slug, id: input.id ?? 'none' }));
  await revokeLiveFeed(store, clock, feed.id);
  return { revoked: true, id: feed.id };
}

async function revokeLiveFeed(store: Store, clock: Clock, id: number): Promise<void> {
  await writeTransaction(store, async (trx) => {
    if (!(await revokeFeedRow(trx, id, clock.now()))) throw new ApiError('not_found', msg('feed_already_revoked', { id }));
    await deleteJobByKey(trx, pullJobKey(id));
  });
}

/** A live feed of the dealership, or not_found (another dealership's, revoked or no such id). */
async function liveDealerFeed(store: Store, dealerId: number, feedId: number): Promise<FeedRow> {
  const feed = await findDealerFeed(store.db, dealerId, feedId);
  if (!feed || feed.revoked_at !== null) throw new ApiError('not_found', msg('feed_not_live', { id: feedId }));
  return feed;
}

/** The dealership's feeds (panel), with their maker's role now (P64): never their token hashes. */
export async function dealerFeedRows(
  store: Store,
  dealerId: number,
): Promise<(Omit<FeedRow, 'token_hash'> & { maker_role: UserRole | null; sandbox: boolean })[]> {
  // The sandbox twin's tokens too (P141): owners see and revoke them on the same page.
  const twin = await findSandboxTwin(store.db, dealerId);
  const rows = (id: number, sandbox: boolean) => listDealerFeedsWithMaker(store.db, id).then((fs) => fs.map(({ token_hash: _, ...f }) => ({ ...f, sandbox })));
  return [...(await rows(dealerId, false)), ...(twin ? await rows(twin.id, true) : [])];
}

/** A feed of the dealership or of its sandbox twin (P141): the two kinds of token the owners hold. */
async function findOwnedFeed(store: Store, dealerId: number, feedId: number): Promise<FeedRow | undefined> {
  const own = await findDealerFeed(store.db, dealerId, feedId);
  if (own) return own;
  const twin = await findSandboxTwin(store.db, dealerId);
  return twin ? findDealerFeed(store.db, twin.id, feedId) : undefined;
}

/** Revokes a live feed of the dealership or of its sandbox (panel, P141). */
export async function revokeDealerFeed(store: Store, clock: Clock, dealerId: number, feedId: number): Promise<void> {
  const feed = await findOwnedFeed(store, dealerId, feedId);
  if (!feed || feed.revoked_at !== null) throw new ApiError('not_found', msg('feed_not_live', { id: feedId }));
  await revokeLiveFeed(store, clock, feed.id);
}

/**
 * Sets, changes (url) or removes (null) the URL of a live feed of the dealership. A new URL is
 * read at once (its pull job made, or made due now); without one the pull job goes.
 */
export async function setDealerFeedUrl(store: Store, clock: Clock, dealerId: number, feedId: number, rawUrl: string | null, policy?: UrlPolicy): Promise<void> {
  const feed = await liveDealerFeed(store, dealerId, feedId);
  const url = rawUrl === null ? null : checkFeedUrl(rawUrl.trim(), policy);
  await writeTransaction(store, async (trx) => {
    await setFeedUrlRow(trx, feed.id, url);
    if (url) await pullNow(trx, clock, feed.id);
    else await deleteJobByKey(trx, pullJobKey(feed.id));
  });
}

/** The feed's pull job, due now: made when there is none, moved to now when it waits. */
async function pullNow(db: Kysely<DB>, clock: Clock, feedId: number): Promise<'pending' | 'running'> {
  await schedulePull(db, clock, feedId);
  const status = await hurryPullJob(db, pullJobKey(feedId), clock.now());
  afterCommit(db, jobsQueued);
  return status === 'running' ? 'running' : 'pending';
}

/**
 * "Read now" (panel): the feed's URL is read as soon as a worker is free, through its one pull
 * job (never a second one). 'running' when a read is already under way.
 */
export async function readDealerFeedNow(store: Store, clock: Clock, dealerId: number, feedId: number): Promise<'queued' | 'running'> {
  const feed = await liveDealerFeed(store, dealerId, feedId);
  if (!feed.url) throw new FeedInputError('url', 'no_url', msg('feed_no_url', { id: feedId }));
  const status = await writeTransaction(store, (trx) => pullNow(trx, clock, feed.id));
  return status === 'running' ? 'running' : 'queued';
}
