// Device cookies (P69; OWASP's "Slow Down Online Guessing Attacks with Device Cookies"): a
// browser that has signed in as a user gets a value only the server can make, bound to that
// user. Its wrong sign-ins are then counted for that browser alone, so strangers failing against
// the account cannot lock its owner out. The value is `<nonce>.<issued, base 36>.<MAC>`, the MAC
// an HMAC-SHA256 of the user's id, the nonce and the time under a key of the server key's own
// (secret-box.ts `subkey`); nothing is stored. It is trusted for a year from when it was issued.
import crypto from 'node:crypto';

export const DEVICE_COOKIE_MAX_MS = 365 * 86_400_000;
/** A value issued this far in the future (another process's clock) is still read. */
const CLOCK_SKEW_MS = 5 * 60_000;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** A new value for a browser that just signed in as `userId`. */
  make(userId: number, now: number): string;
  /** The device's id (its nonce) when `value` is a valid, unexpired device cookie of `userId`; else undefined. */
  read(value: unknown, userId: number, now: number): string | undefined;
}

export function deviceCookies(key: Buffer): DeviceCookies {
  const mac = (userId: number, nonce: string, issued: string) => crypto.createHmac('sha256', key).update(`${userId}.${nonce}.${issued}`).digest();
  return {
    make(userId, now) {
      const nonce = crypto.randomBytes(16).toString('base64url');
      const issued = now.toString(36);
      return `${nonce}.${issued}.${mac(userId, nonce, issued).toString('base64url')}`;
    },
    read(value, userId, now) {
      if (typeof value !== 'string') return undefined;
      const m = SHAPE.exec(value);
      if (!m) return undefined;
      const [, nonce, issued, given] = m as unknown as [string, string, string, string];
      const at = parseInt(issued, 36);
      if (!(at <= now + CLOCK_SKEW_MS && now - at <= DEVICE_COOKIE_MAX_MS)) return undefined;
      const expected = mac(userId, nonce, issued);
      const got = Buffer.from(given, 'base64url');
      return got.length === expected.length && crypto.timingSafeEqual(got, expected) ? nonce : undefined;
    },
  };
}
