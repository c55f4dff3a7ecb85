// Feed tokens (D3, D15): a random UUID is the push address's secret; only its hash is kept.
// A feed with a URL gets its recurring pull job in the transaction that creates it; revoking
// a feed removes that job in the transaction that revokes it.
import crypto from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { type Store } from '../../core/db/store.js';
import { writeTransaction } from '../../core/db/transaction.js';
import type { FeedRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { deleteJobByKey } from '../../core/jobs/repository.js';
import { getDealerBySlug } from '../dealers/service.js';
import { isSource, SOURCES } from '../vehicles/sources.js';
import { pullJobKey, schedulePull } from './pull-schedule.js';
import { findDealerFeed, findLiveFeedByTokenHash, insertFeed, listDealerFeeds, revokeFeedRow } from './repository.js';

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token.toLowerCase()).digest('hex');

const pushUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/v1/feeds/${token}/`;

/** A push token as feeds create makes them (a UUID); anything else cannot be a feed's. */
export const TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (m: string) => new ApiError('invalid_request', m);

export async function createFeed(
  store: Store,
  clock: Clock,
  publicBaseUrl: string,
  input: { dealer: string; market?: string; source?: string; url?: string },
): Promise<{ token: string; push_url: string }> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  const market = input.market?.trim().toLowerCase() || (dealer.markets.length === 1 ? dealer.markets[0]! : undefined);
  if (!market) throw invalid(`--market is required: ${dealer.slug} sells in ${dealer.markets.join(', ')}`);
  if (!dealer.markets.includes(market)) throw invalid(`${dealer.slug} does not sell in market "${market}" (it sells in ${dealer.markets.join(', ')})`);
  const source = input.source?.trim() || 'feed';
  if (!isSource(source)) throw invalid(`unknown source "${source}"; one of ${SOURCES.join(', ')}`);
  let url: string | null = null;
  if (input.url !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(input.url);
    } catch {
      throw invalid(`feed url "${input.url}" is not an absolute URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid('feed url must be http or https');
    if (parsed.username || parsed.password) throw invalid('feed url must not carry a user name or password');
    url = parsed.toString();
  }
  const token = crypto.randomUUID();
  await writeTransaction(store, async (trx) => {
    const feed = await insertFeed(trx, { dealerId: dealer.id, tokenHash: hashToken(token), market, source, url, now: clock.now() });
    if (url) await schedulePull(trx, clock, feed.id);
  });
  return { token, push_url: pushUrl(publicBaseUrl, token) };
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

export async function listFeeds(store: Store, input: { dealer: string }): Promise<ReturnType<typeof describeFeed>[]> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  return (await listDealerFeeds(store.db, dealer.id)).map(describeFeed);
}

/** Revokes a feed named by its id (feeds list) or its token; its push address answers 404 and its URL is no longer read. */
export async function revokeFeed(store: Store, clock: Clock, input: { dealer: string; id?: string; token?: string }): Promise<{ revoked: true; id: number }> {
  const dealer = await getDealerBySlug(store.db, input.dealer);
  if ((input.id === undefined) === (input.token === undefined)) throw invalid('name the feed with either --id (see feeds list) or --token');
  let feed: FeedRow | undefined;
  if (input.id !== undefined) {
    if (!/^\d{1,15}$/.test(input.id)) throw invalid(`--id must be a feed id as feeds list shows it (got "${input.id}")`);
    feed = await findDealerFeed(store.db, dealer.id, Number(input.id));
    if (feed?.revoked_at !== null) feed = undefined;
  } else {
    const found = TOKEN_PATTERN.test(input.token!) ? await findLiveFeedByTokenHash(store.db, hashToken(input.token!)) : undefined;
    feed = found && found.feed.dealer_id === dealer.id ? found.feed : undefined;
  }
  if (!feed)
    throw new ApiError('not_found', `dealership "${dealer.slug}" has no live feed ${input.id !== undefined ? `with id ${input.id}` : 'with that token'}`);
  const id = feed.id;
  await writeTransaction(store, async (trx) => {
    if (!(await revokeFeedRow(trx, id, clock.now()))) throw new ApiError('not_found', `feed ${id} is already revoked`);
    await deleteJobByKey(trx, pullJobKey(id));
  });
  return { revoked: true, id };
}
