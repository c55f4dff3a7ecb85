// API keys: created and revoked by the operator (D3, D24); checked on every keyed request.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { DB } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { getDealerBySlug } from '../dealers/service.js';
import { generateKey, hashKey, visiblePrefix } from './key-format.js';
import { insertKey, revokeKeysByPrefix } from './repository.js';

export async function createKey(
  db: Kysely<DB>,
  clock: Clock,
  input: { dealer: string; name?: string },
): Promise<{ key: string; prefix: string; name: string }> {
  const dealer = await getDealerBySlug(db, input.dealer);
  const name = (input.name ?? 'default').trim();
  if (name.length === 0 || name.length > 80) throw new ApiError('invalid_request', 'key name must be 1 to 80 characters');
  const key = generateKey();
  const prefix = visiblePrefix(key);
  await insertKey(db, { dealerId: dealer.id, name, prefix, keyHash: hashKey(key), now: clock.now() });
  return { key, prefix, name };
}

export async function revokeKey(db: Kysely<DB>, clock: Clock, input: { dealer: string; prefix: string }): Promise<{ revoked: true; prefix: string }> {
  const dealer = await getDealerBySlug(db, input.dealer);
  const n = await revokeKeysByPrefix(db, dealer.id, input.prefix, clock.now());
  if (n === 0) throw new ApiError('not_found', `dealership "${dealer.slug}" has no live key with prefix "${input.prefix}"`);
  return { revoked: true, prefix: input.prefix };
}
