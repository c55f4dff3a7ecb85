import type { Kysely } from 'kysely';
import type { DB, FeedRow } from '../../core/db/schema.js';

export function insertFeed(
  db: Kysely<DB>,
  f: { dealerId: number; tokenHash: string; market: string; source: string; url: string | null; now: number },
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
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
