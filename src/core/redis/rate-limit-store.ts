// The limits shared by every process (P30): the same sliding log as MemoryRateLimitStore, kept
// as a Redis sorted set per key (score = time of an accepted call), read and written by one Lua
// script, so a call costs one round trip and concurrent calls from several processes cannot
// both take the last slot. Times are the caller's clock (services.clock), not Redis's TIME: the
// decisions are then exactly the memory store's for the same calls (tests run both on a
// ManualClock), and the processes' clocks are NTP-synchronised far closer than the windows.
//
// When Redis cannot answer (P31), the call is decided by an in-process MemoryRateLimitStore
// instead: limits become per process for the outage (as without REDIS_URL), never an error,
// and a warning is logged at most once per WARN_EVERY_MS.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { withTimeout } from './client.js';
import { MemoryRateLimitStore, type RateLimitDecision, type RateLimitGuard, type RateLimitStore } from '../http/rate-limit.js';

// KEYS[1]: the log counted; KEYS[2] (optional): the guard's log, looked at only.
// ARGV: now, windowMs, limit, member[, guardLimit, guardWindowMs].
// Returns {1, in-window before the call, oldest score} when accepted, {0, in-window, score of the
// call that blocks} when refused, {2, in-guard, score of the guard's blocking entry} when guarded.
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
if #KEYS == 2 then
  local gLimit = tonumber(ARGV[5])
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - tonumber(ARGV[6]))
  local g = redis.call('ZCARD', KEYS[2])
  if g >= gLimit then
    local b = redis.call('ZRANGE', KEYS[2], g - gLimit, g - gLimit, 'WITHSCORES')
    return {2, g, b[2]}
  end
end
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
local n = redis.call('ZCARD', KEYS[1])
if n >= limit then
  local b = redis.call('ZRANGE', KEYS[1], n - limit, n - limit, 'WITHSCORES')
  return {0, n, b[2]}
end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local o = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {1, n, o[2]}
`;

type HitReply = [number, number, string];

interface LimiterCommands {
  diLimitHit(key: string, now: number, windowMs: number, limit: number, member: string): Promise<HitReply>;
  diLimitHitGuarded(
    key: string,
    guardKey: string,
    now: number,
    windowMs: number,
    limit: number,
    member: string,
    guardLimit: number,
    guardWindowMs: number,
  ): Promise<HitReply>;
}

const WARN_EVERY_MS = 10_000;

interface WarnLog {
  warn(obj: object, msg: string): void;
}

export interface RedisRateLimitOptions {
  /** Put before every key (REDIS_PREFIX). */
  prefix: string;
  log: WarnLog;
  /** Waited for before a call while the first connection is being made (connection.ts). */
  firstConnect?: () => Promise<void>;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & LimiterCommands;
  /** Decides while Redis cannot (P31). */
  private readonly fallback = new MemoryRateLimitStore();
  /** Calls decided by the fallback since start (for metrics and tests). */
  fallbacks = 0;
  private lastWarning = -Infinity;
  /** Members of the sorted sets must be unique: this process's id and a counter. */
  private readonly memberPrefix = crypto.randomBytes(6).toString('base64url');
  private seq = 0;

  constructor(
    redis: Redis,
    private readonly options: RedisRateLimitOptions,
  ) {
    if (!('diLimitHit' in redis)) {
      redis.defineCommand('diLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
      redis.defineCommand('diLimitHitGuarded', { numberOfKeys: 2, lua: HIT_SCRIPT });
    }
    this.redis = redis as Redis & LimiterCommands;
  }

  async hit(key: string, now: number, limit: number, windowMs: number, guard?: RateLimitGuard): Promise<RateLimitDecision> {
    const { prefix, firstConnect } = this.options;
    const member = `${this.memberPrefix}.${(this.seq = (this.seq + 1) % 1e9)}`;
    let reply: HitReply;
    try {
      if (firstConnect) await firstConnect();
      reply = await withTimeout(
        guard
          ? this.redis.diLimitHitGuarded(`${prefix}rl:${key}`, `${prefix}rl:${guard.key}`, now, windowMs, limit, member, guard.limit, guard.windowMs)
          : this.redis.diLimitHit(`${prefix}rl:${key}`, now, windowMs, limit, member),
      );
    } catch (err) {
      return this.fallBack(err, key, now, limit, windowMs, guard);
    }
    const [state, count, score] = reply;
    if (state === 2) return { allowed: false, limit: guard!.limit, remaining: 0, resetMs: Number(score) - (now - guard!.windowMs), guarded: true };
    const resetMs = Number(score) - (now - windowMs);
    return state === 1 ? { allowed: true, limit, remaining: limit - count - 1, resetMs } : { allowed: false, limit, remaining: 0, resetMs };
  }

  private fallBack(err: unknown, key: string, now: number, limit: number, windowMs: number, guard?: RateLimitGuard): RateLimitDecision {
    this.fallbacks++;
    // The warning is timed by the wall clock: a test's ManualClock may stand still.
    const wall = Date.now();
    if (wall - this.lastWarning >= WARN_EVERY_MS) {
      this.lastWarning = wall;
      this.options.log.warn(
        { err: err instanceof Error ? err.message : String(err), fallbacks: this.fallbacks },
        'Redis did not answer: rate limits are counted in this process only until it does',
      );
    }
    return this.fallback.hit(key, now, limit, windowMs, guard);
  }
}
