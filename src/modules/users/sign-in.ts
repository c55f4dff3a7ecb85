// Sign-in and its throttling (P69), after OWASP's device cookies: a guesser can neither try many
// passwords nor lock the owner out. Three sliding logs, kept in the store (P70, so every process
// shares them), each in any 15 minutes:
//   - per address: 30 tries;
//   - per device cookie (a browser that signed in as this user before): 10 tries; only that
//     browser waits when they are used up;
//   - per account, for every other client ("untrusted"): 10 tries; once they are used up, only
//     clients without the user's device cookie are refused, so the owner's own browser still
//     signs in while strangers wait.
// A try is counted before the password is compared, right or wrong: counting only failures
// would let tries sent at once all pass the check before any failure is recorded.
import type { Clock } from '../../core/clock.js';
import type { Store } from '../../core/db/store.js';
import type { RateLimitStore } from '../../core/http/rate-limit.js';
import type { DeviceCookies } from './device-cookie.js';
import { decoyHash, verifyPassword } from './password.js';
import * as repo from './repository.js';
import { normalizeEmail, startSession } from './service.js';

const SIGN_IN_LIMITS = { perAddress: 30, perDevice: 10, perAccountUntrusted: 10, windowMs: 15 * 60_000 };

export type SignInOutcome =
  | { kind: 'ok'; session: string; device: string }
  | { kind: 'wrong' }
  /** `retryMs`: until one more try is allowed. */
  | { kind: 'throttled'; retryMs: number };

export interface SignInDeps {
  store: Store;
  clock: Clock;
  storeLimiter: RateLimitStore;
  devices: DeviceCookies;
}

export async function attemptSignIn(
  deps: SignInDeps,
  a: { email: string; password: string; ip: string; deviceCookie: string | undefined },
): Promise<SignInOutcome> {
  const { store, clock, storeLimiter, devices } = deps;
  const email = normalizeEmail(a.email).slice(0, 254);
  const now = clock.now();
  const byAddress = await storeLimiter.hit(`signin:ip:${a.ip}`, now, SIGN_IN_LIMITS.perAddress, SIGN_IN_LIMITS.windowMs);
  if (!byAddress.allowed) return { kind: 'throttled', retryMs: byAddress.resetMs };
  if (!email || !a.password) return { kind: 'wrong' };
  const user = await repo.findUserByEmail(store.db, email);
  // An unknown address is counted as an account's untrusted tries are: the answers stay alike.
  const device = user ? devices.read(a.deviceCookie, Number(user.id), now) : undefined;
  const byClient = device
    ? await storeLimiter.hit(`signin:device:${device}`, now, SIGN_IN_LIMITS.perDevice, SIGN_IN_LIMITS.windowMs)
    : await storeLimiter.hit(`signin:untrusted:${email}`, now, SIGN_IN_LIMITS.perAccountUntrusted, SIGN_IN_LIMITS.windowMs);
  if (!byClient.allowed) return { kind: 'throttled', retryMs: byClient.resetMs };
  const ok = await verifyPassword(a.password, user?.password_hash ?? (await decoyHash()));
  if (!user || user.password_hash === null || !ok) return { kind: 'wrong' };
  const userId = Number(user.id);
  const session = await startSession(store, clock, { id: userId, dealerId: Number(user.dealer_id) });
  return { kind: 'ok', session, device: devices.make(userId, clock.now()) };
}
