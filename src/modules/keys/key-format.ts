// API key format (D24): `dik_` + 40 random base64url characters (240 bits). Only the
// SHA-256 of the whole key is stored; the first 12 characters are its visible prefix.
import crypto from 'node:crypto';

const KEY_PREFIX = 'dik_';
/** A sandbox key (D35): `dik_test_` + the same 40 random characters; its visible prefix says so. */
const SANDBOX_KEY_PREFIX = 'dik_test_';
const VISIBLE_PREFIX_LENGTH = 12;
const KEY_PATTERN = /^dik_[A-Za-z0-9_-]{32,200}$/;

export function generateKey(sandbox = false): string {
  return (sandbox ? SANDBOX_KEY_PREFIX : KEY_PREFIX) + crypto.randomBytes(30).toString('base64url');
}

export const hashKey = (key: string): string => crypto.createHash('sha256').update(key).digest('hex');

export const visiblePrefix = (key: string): string => key.slice(0, VISIBLE_PREFIX_LENGTH);

/** Cheap shape check before touching the store: anything else is simply an invalid key. */
export const looksLikeKey = (s: string): boolean => KEY_PATTERN.test(s);

/** Constant-time comparison of two hex digests. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
