// The one onRequest hook of the keyed scope (everything under /v1 but the docs and the feed
// push), run before any body is read: an address known to have sent too many invalid keys is
// turned away, then the key is checked, then its rate limit is counted (D23) in the same store
// call that looks at the address's lockout (failed-auth.ts).
//
// Written with Fastify's `done` callback rather than as an async function: with the key in the
// resolver's cache and the in-process limiter, the whole check runs synchronously, without a
// promise per step (P44); the resolver and a shared limiter (Redis, P30) may still answer later.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Clock } from '../clock.js';
import { ApiError } from '../errors.js';
import { msg } from '../i18n/index.js';
import { authenticate, type AuthContext, type KeyResolver } from './auth.js';
import { FailedAuthGuard } from './failed-auth.js';
import { rateLimitHeaders, type RateLimitDecision, type RateLimitStore } from './rate-limit.js';

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
    return new ApiError('rate_limited', msg('invalid_key_lockout', { wait }), undefined, {
      'retry-after': String(wait),
    });
  };

  // An invalid key counts against its address (one store call); the rarer path, so a promise.
  const refused = (req: FastifyRequest, err: unknown, done: HookHandlerDoneFunction): void => {
    if (!(err instanceof ApiError && err.code === 'unauthorized')) {
      done(err as Error);
      return;
    }
    failedAuth.recordFailure(req.ip, clock.now()).then(
      (blocked) => done(blocked > 0 ? lockedOut(blocked) : err),
      (storeErr: unknown) => done(storeErr as Error),
    );
  };
  // An allowed call's limit is always perMinute: its header value made once.
  const limitHeader = String(perMinute);
  const counted = (ip: string, reply: FastifyReply, d: RateLimitDecision, now: number, done: HookHandlerDoneFunction): void => {
    if (d.guarded) {
      failedAuth.lockedOut(ip, now, d.resetMs);
      done(lockedOut(d.resetMs));
      return;
    }
    if (d.allowed) {
      // The three headers set one by one: no object per request (P53); a 429's come with Retry-After below.
      reply.header('ratelimit-limit', limitHeader);
      reply.header('ratelimit-remaining', String(d.remaining));
      reply.header('ratelimit-reset', String(Math.max(0, Math.ceil(d.resetMs / 1000))));
      done();
      return;
    }
    reply.headers(rateLimitHeaders(d));
    const wait = Math.max(1, Math.ceil(d.resetMs / 1000));
    done(new ApiError('rate_limited', msg('key_rate_limited', { limit: perMinute, wait })));
  };
  // The last key's limiter key is reused (a string made and hashed once, not per request).
  let lastKeyId = -1;
  let lastLimitKey = '';
  const limitKey = (keyId: number): string => {
    if (keyId !== lastKeyId) {
      lastKeyId = keyId;
      lastLimitKey = `key:${keyId}`;
    }
    return lastLimitKey;
  };
  // One store call: the address's lockout is looked at, then the key's call counted.
  const admitted = (req: FastifyRequest, ip: string, reply: FastifyReply, a: AuthContext, done: HookHandlerDoneFunction): void => {
    req.auth = a;
    const now = clock.now();
    let d: RateLimitDecision | Promise<RateLimitDecision>;
    try {
      d = limiter.hit(limitKey(a.keyId), now, perMinute, 60_000, failedAuth.guard(ip));
    } catch (err) {
      done(err as Error);
      return;
    }
    if (d instanceof Promise)
      d.then(
        (x) => counted(ip, reply, x, now, done),
        (err: unknown) => done(err as Error),
      );
    else counted(ip, reply, d, now, done);
  };

  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    // The address read once: req.ip is a getter (proxy-addr's walk when TRUST_PROXY is set).
    const ip = req.ip;
    const known = failedAuth.knownBlockedFor(ip, clock.now());
    if (known > 0) {
      done(lockedOut(known));
      return;
    }
    let a: AuthContext | Promise<AuthContext>;
    try {
      a = auth(req);
    } catch (err) {
      refused(req, err, done);
      return;
    }
    if (a instanceof Promise)
      a.then(
        (x) => admitted(req, ip, reply, x, done),
        (err: unknown) => refused(req, err, done),
      );
    else admitted(req, ip, reply, a, done);
  };
}
