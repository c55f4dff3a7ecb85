// Session cookies and one-time links carry 32 random bytes; the database keeps only their
// SHA-256, so a copy of the database opens no session and no link.
import crypto from 'node:crypto';

export function newSecretToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** The shape of a token we issue; anything else is refused before touching the database. */
export const looksLikeToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
