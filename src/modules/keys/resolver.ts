// Turns a presented key into its dealership, for the auth hook.
//
// Resolved keys are kept in memory for a short time (KEY_CACHE_TTL_MS): a burst of calls
// (a sync run, a plugin paging through GET /vehicles) costs one store lookup, not one per
// call. A revocation (CLI or panel, any process) is announced (P32, core/db/change-watch.ts):
// a cached key is used only while the watch's version is the one it was cached under, so a
// revoked key stops at the next request on every process. Unknown keys are never cached, so
// guessing fills no memory.
//
// A key's last use (shown in the panel) is written at most once a LAST_USED_EVERY_MS per key:
// remembered here per process, and the UPDATE itself is conditional, so several processes add
// at most one write each per minute. It is not awaited: a failed write is logged, never the
// caller's problem.
import type { Kysely } from 'kysely';
import type { Clock } from '../../core/clock.js';
import type { ChangeWatch } from '../../core/db/change-watch.js';
import type { DB } from '../../core/db/schema.js';
import type { AuthContext, KeyResolver } from '../../core/http/auth.js';
import { hashKey, looksLikeKey, sameHash } from './key-format.js';
import { findKeyOwner, touchKeyUsed } from './repository.js';
import { BoundedMap } from '../../core/util/bounded-map.js';
import { dealerTimeZone } from '../markets/markets.js';
import { SANDBOX_SLUG_SUFFIX } from '../dealers/sandbox.js';

export const KEY_CACHE_TTL_MS = 1000;
const KEY_CACHE_MAX = 10_000;
export const LAST_USED_EVERY_MS = 60_000;

interface ErrorLog {
  warn(obj: object, msg: string): void;
}

/** `revocations`: the watch of KEY_REVOCATIONS; without one (unit tests), the TTL alone bounds a revoked key's use. */
export function keyResolver(db: Kysely<DB>, clock: Clock, log?: ErrorLog, revocations?: ChangeWatch): KeyResolver {
  const cache = new BoundedMap<string, { auth: AuthContext; until: number; version: string | undefined }>(KEY_CACHE_MAX);
  /** Per key id: when this process last wrote its last use. */
  const written = new BoundedMap<number, number>(KEY_CACHE_MAX);
  const noteUse = (keyId: number, now: number): void => {
    const last = written.get(keyId);
    if (last !== undefined && now - last < LAST_USED_EVERY_MS) return;
    written.set(keyId, now);
    touchKeyUsed(db, keyId, now, LAST_USED_EVERY_MS).catch((err: unknown) => {
      if (log) log.warn({ err, key_id: keyId }, "recording an API key's last use failed");
      else process.emitWarning(`recording the last use of API key ${keyId} failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  };
  const lookUp = async (key: string, now: number, version: string | undefined): Promise<AuthContext | undefined> => {
    const hash = hashKey(key);
    const row = await findKeyOwner(db, hash);
    if (!row || !sameHash(row.key_hash, hash)) return undefined;
    const markets = JSON.parse(row.markets) as string[];
    const livemode = row.sandbox_of === null;
    // A twin's slug is the live one's plus SANDBOX_SLUG_SUFFIX: /me names the dealership itself.
    const slug = livemode ? row.slug : row.slug.slice(0, -SANDBOX_SLUG_SUFFIX.length);
    const auth: AuthContext = {
      keyId: row.key_id,
      keyName: row.key_name,
      keyPrefix: row.key_prefix,
      livemode,
      dealer: {
        id: row.dealer_id,
        slug,
        name: row.name,
        city: row.city,
        markets,
        timeZone: dealerTimeZone(row.time_zone, markets),
        logoFileId: row.logo_file_id,
      },
    };
    if (version !== undefined) cache.set(key, { auth, until: now + KEY_CACHE_TTL_MS, version });
    noteUse(auth.keyId, now);
    return auth;
  };
  // A cached key is answered synchronously (the auth hook then needs no promise).
  return (key) => {
    const now = clock.now();
    // Read before the lookup: a revocation announced meanwhile moves it, and the entry is not trusted.
    const version = revocations ? revocations.version() : '';
    const hit = cache.get(key);
    if (hit && hit.until > now && version !== undefined && hit.version === version) {
      noteUse(hit.auth.keyId, now);
      return hit.auth;
    }
    if (hit) cache.delete(key);
    if (!looksLikeKey(key)) return undefined;
    return lookUp(key, now, version);
  };
}
