import type { Kysely } from 'kysely';
import { compiledQuery } from '../../core/db/compiled.js';
import type { ApiKeyRow, DB } from '../../core/db/schema.js';

export function insertKey(db: Kysely<DB>, k: { dealerId: number; name: string; prefix: string; keyHash: string; now: number }): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ dealer_id: k.dealerId, name: k.name, prefix: k.prefix, key_hash: k.keyHash, created_at: k.now, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revokes the dealer's live keys with that prefix; returns how many. */
export async function revokeKeysByPrefix(db: Kysely<DB>, dealerId: number, prefix: string, now: number): Promise<number> {
  const res = await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('dealer_id', '=', dealerId)
    .where('prefix', '=', prefix)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface KeyOwnerRow {
  key_id: number;
  key_hash: string;
  key_name: string;
  key_prefix: string;
  dealer_id: number;
  slug: string;
  name: string;
  city: string | null;
  markets: string;
}

/** The lookup every keyed request makes (compiled once; see core/db/compiled.ts). */
const keyOwnerByHash = compiledQuery<KeyOwnerRow, [string]>((db) =>
  db
    .selectFrom('api_keys')
    .innerJoin('dealers', 'dealers.id', 'api_keys.dealer_id')
    .select([
      'api_keys.id as key_id',
      'api_keys.key_hash',
      'api_keys.name as key_name',
      'api_keys.prefix as key_prefix',
      'dealers.id as dealer_id',
      'dealers.slug',
      'dealers.name',
      'dealers.city',
      'dealers.markets',
    ])
    .where('api_keys.key_hash', '=', '')
    .where('api_keys.revoked_at', 'is', null),
);

export async function findKeyOwner(db: Kysely<DB>, keyHash: string): Promise<KeyOwnerRow | undefined> {
  return (await keyOwnerByHash(db, keyHash))[0];
}
