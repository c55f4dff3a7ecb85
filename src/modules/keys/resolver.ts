// Turns a presented key into its dealership, for the auth hook.
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import type { AuthContext, KeyResolver } from '../../core/http/auth.js';
import { hashKey, looksLikeKey, sameHash } from './key-format.js';
import { keyOwnerLookup } from './repository.js';

export function keyResolver(db: Kysely<DB>): KeyResolver {
  const lookup = keyOwnerLookup(db);
  return async (key): Promise<AuthContext | undefined> => {
    if (!looksLikeKey(key)) return undefined;
    const hash = hashKey(key);
    const row = await lookup(hash);
    if (!row || !sameHash(row.key_hash, hash)) return undefined;
    return {
      keyId: row.key_id,
      keyName: row.key_name,
      keyPrefix: row.key_prefix,
      dealer: { id: row.dealer_id, slug: row.slug, name: row.name, city: row.city, markets: JSON.parse(row.markets) as string[] },
    };
  };
}
