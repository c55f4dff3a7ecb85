// API keys (D3, D24): made and revoked by the operator (CLI, by dealership slug) or by the
// dealership's owners in the panel (by dealership id); checked on every keyed request. Both
// paths share the rules below.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { ApiKeyRow, DB } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { forbiddenControl } from '../../core/text.js';
import { findDealerById, findSandboxTwin } from '../dealers/repository.js';
import { ensureSandboxTwin } from '../dealers/sandbox.js';
import { getDealerBySlug } from '../dealers/service.js';
import { generateKey, hashKey, visiblePrefix } from './key-format.js';
import { insertKey, listDealerKeys, revokeKeyById, revokeKeysByPrefix } from './repository.js';

export const KEY_NAME_MAX = 80;

/** A key's name as kept (trimmed); ApiError when it breaks the rule (1 to 80 characters, no control or bidirectional characters: core/text.ts, P158). */
function keyName(raw: string | undefined): string {
  const name = (raw ?? 'default').trim();
  if (name.length === 0 || name.length > KEY_NAME_MAX) throw new ApiError('invalid_request', msg('key_name_length', { max: KEY_NAME_MAX }));
  const found = forbiddenControl(name);
  if (found) throw new ApiError('invalid_request', msg('field_control', { field: 'name', char: found }));
  return name;
}

/**
 * Makes a key for a dealership; the key itself is returned this once and never kept. A sandbox
 * key (D35, P122) belongs to the dealership's sandbox twin, made now if it has none.
 */
export async function createDealerKey(
  db: Kysely<DB>,
  clock: Clock,
  dealerId: number,
  rawName: string | undefined,
  sandbox = false,
): Promise<{ id: number; key: string; prefix: string; name: string; sandbox: boolean }> {
  const name = keyName(rawName);
  let ownerId = dealerId;
  if (sandbox) {
    const live = await findDealerById(db, dealerId);
    if (!live) throw new ApiError('not_found', msg('dealer_id_not_found', { id: dealerId }));
    ownerId = (await ensureSandboxTwin(db, live, clock.now())).id;
  }
  const key = generateKey(sandbox);
  const prefix = visiblePrefix(key);
  const row = await insertKey(db, { dealerId: ownerId, name, prefix, keyHash: hashKey(key), now: clock.now() });
  return { id: row.id, key, prefix, name, sandbox };
}

export async function createKey(
  db: Kysely<DB>,
  clock: Clock,
  input: { dealer: string; name?: string; sandbox?: boolean },
): Promise<{ key: string; prefix: string; name: string; sandbox?: true }> {
  const dealer = await getDealerBySlug(db, input.dealer);
  const { key, prefix, name, sandbox } = await createDealerKey(db, clock, dealer.id, input.name, input.sandbox === true);
  // D3's object exactly for a live key; a sandbox key says so (D35).
  return { key, prefix, name, ...(sandbox ? { sandbox: true as const } : {}) };
}

/** The live dealership's id and its sandbox twin's, when it has one: the keys both hold. */
async function keyOwners(db: Kysely<DB>, dealerId: number): Promise<number[]> {
  const twin = await findSandboxTwin(db, dealerId);
  return twin ? [dealerId, twin.id] : [dealerId];
}

export async function revokeKey(db: Kysely<DB>, clock: Clock, input: { dealer: string; prefix: string }): Promise<{ revoked: true; prefix: string }> {
  const dealer = await getDealerBySlug(db, input.dealer);
  const n = await revokeKeysByPrefix(db, await keyOwners(db, dealer.id), input.prefix, clock.now());
  if (n === 0) throw new ApiError('not_found', msg('key_prefix_not_found', { dealer: dealer.slug, prefix: input.prefix }));
  return { revoked: true, prefix: input.prefix };
}

/** Revokes one live key of the dealership (panel); another dealership's or a revoked key is not found. */
export async function revokeDealerKey(db: Kysely<DB>, clock: Clock, dealerId: number, keyId: number): Promise<void> {
  if (!(await revokeKeyById(db, await keyOwners(db, dealerId), keyId, clock.now()))) throw new ApiError('not_found', msg('key_not_found', { id: keyId }));
}

/** The dealership's keys, its sandbox's included (`sandbox`), live first; never their hashes. */
export async function dealerKeys(db: Kysely<DB>, dealerId: number): Promise<(Omit<ApiKeyRow, 'key_hash'> & { sandbox: boolean })[]> {
  const owners = await keyOwners(db, dealerId);
  return (await listDealerKeys(db, owners)).map(({ key_hash: _, ...k }) => ({ ...k, sandbox: k.dealer_id !== dealerId }));
}
