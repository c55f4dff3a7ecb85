import { sql, type Kysely } from 'kysely';
import { announceChange } from '../../core/db/change-watch.js';
import { compiledQuery } from '../../core/db/compiled.js';
import type { ApiKeyRow, DB } from '../../core/db/schema.js';

export function insertKey(db: Kysely<DB>, k: { dealerId: number; name: string; prefix: string; keyHash: string; now: number }): Promise<ApiKeyRow> {
  return db
    .insertInto('api_keys')
    .values({ dealer_id: k.dealerId, name: k.name, prefix: k.prefix, key_hash: k.keyHash, created_at: k.now, revoked_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The channel every revocation is announced on (P32): each process drops its cached keys. */
export const KEY_REVOCATIONS = 'di_api_key_revoked';

/** Revokes the dealer's live keys with that prefix; returns how many. */
export async function revokeKeysByPrefix(db: Kysely<DB>, dealerIds: number[], prefix: string, now: number): Promise<number> {
  const res = await announceChange(db, KEY_REVOCATIONS, (trx) =>
    trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('dealer_id', 'in', dealerIds)
      .where('prefix', '=', prefix)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );
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
  time_zone: string | null;
  /** P132: the logo's file, for /me's logo_url. */
  logo_file_id: string | null;
  /** D35: the live dealership's id when the key is a sandbox key (its dealer_id is the twin's). */
  sandbox_of: number | null;
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
      'dealers.time_zone',
      'dealers.logo_file_id',
      'dealers.sandbox_of',
    ])
    .where('api_keys.key_hash', '=', '')
    .where('api_keys.revoked_at', 'is', null),
);

export async function findKeyOwner(db: Kysely<DB>, keyHash: string): Promise<KeyOwnerRow | undefined> {
  return (await keyOwnerByHash(db, keyHash))[0];
}

/** The dealership's keys for the panel: live ones first, newest first within each. */
export function listDealerKeys(db: Kysely<DB>, dealerIds: number[]): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('dealer_id', 'in', dealerIds)
    .orderBy(sql`case when revoked_at is null then 0 else 1 end`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one live key of the dealership by its id; false when there is none. */
export async function revokeKeyById(db: Kysely<DB>, dealerIds: number[], keyId: number, now: number): Promise<boolean> {
  const res = await announceChange(db, KEY_REVOCATIONS, (trx) =>
    trx
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('dealer_id', 'in', dealerIds)
      .where('id', '=', keyId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  );
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Records a key's use, unless a use within `minGapMs` is already recorded (the condition keeps
 * several processes from writing more than about once per gap between them).
 */
export async function touchKeyUsed(db: Kysely<DB>, keyId: number, now: number, minGapMs: number): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', now - minGapMs)]))
    .execute();
}
