// Feed tokens (D3, D15): a random UUID is the push address's secret; only its hash is kept.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { getDealerBySlug } from '../dealers/service.js';
import { isSource, SOURCES } from '../vehicles/sources.js';
import { insertFeed } from './repository.js';

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token.toLowerCase()).digest('hex');

export const pushUrl = (publicBaseUrl: string, token: string): string => `${publicBaseUrl}/v1/feeds/${token}/`;

const invalid = (m: string) => new ApiError('invalid_request', m);

export async function createFeed(
  db: Kysely<DB>,
  clock: Clock,
  publicBaseUrl: string,
  input: { dealer: string; market?: string; source?: string; url?: string },
): Promise<{ token: string; push_url: string }> {
  const dealer = await getDealerBySlug(db, input.dealer);
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
  await insertFeed(db, { dealerId: dealer.id, tokenHash: hashToken(token), market, source, url, now: clock.now() });
  return { token, push_url: pushUrl(publicBaseUrl, token) };
}
