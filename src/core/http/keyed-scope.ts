// The one onRequest hook of the keyed scope (everything under /v1 but the docs and the feed
// push), run before any body is read: an address known to have sent too many invalid keys is
// turned away, then the key is checked, then its rate limit is counted (D23) in the same store
// call that looks at the address's lockout (failed-auth.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { authenticate, type KeyResolver } from './auth.js';
import { FailedAuthGuard } from './failed-auth.js';
import { rateLimitHeaders, type RateLimitStore } from './rate-limit.js';

export interface KeyedScopeOptions {
  resolveKey: KeyResolver;
  limiter: RateLimitStore;
  /** RATE_LIMIT_PER_MINUTE: calls per key in any 60 s. */
  perMinute: number;
  clock: Clock;
}

export function keyedScopeHook({ resolveKey, limiter, perMinute, clock }: KeyedScopeOptions) {
  const auth = authenticate(resolveKey);
  const failedAuth = new FailedAuthGuard(limiter);
  const lockedOut = (ms: number) => {
    const wait = Math.max(1, Math.ceil(ms / 1000));
    return new ApiError('rate_limited', `Too many calls with an invalid key from this address; retry in ${wait} s.`, undefined, {
      'retry-after': String(wait),
    });
  };
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const known = failedAuth.knownBlockedFor(req.ip, clock.now());
    if (known > 0) throw lockedOut(known);
    try {
      await auth(req, reply);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'unauthorized') {
        const blocked = await failedAuth.recordFailure(req.ip, clock.now());
        if (blocked > 0) throw lockedOut(blocked);
      }
      throw err;
    }
    // One store call: the address's lockout is looked at, then the key's call counted.
    const now = clock.now();
    const d = await limiter.hit(`key:${req.auth.keyId}`, now, perMinute, 60_000, failedAuth.guard(req.ip));
    if (d.guarded) {
      failedAuth.lockedOut(req.ip, now, d.resetMs);
      throw lockedOut(d.resetMs);
    }
    reply.headers(rateLimitHeaders(d));
    if (!d.allowed) {
      const wait = Math.max(1, Math.ceil(d.resetMs / 1000));
      throw new ApiError('rate_limited', `More than ${perMinute} calls in 60 seconds with this key; retry in ${wait} s.`);
    }
  };
}
