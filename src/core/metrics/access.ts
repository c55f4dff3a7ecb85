// Who may read /metrics (P38): with METRICS_TOKEN set, only a request that sends it as a Bearer
// token, compared in constant time.
import crypto from 'node:crypto';
import { ApiError } from '../errors.js';
import { msg } from '../i18n/index.js';

/** Whether an Authorization header carries the token. Hashes first: equal lengths for timingSafeEqual. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!m) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(m[1]!), digest(token));
}

export const metricsUnauthorized = () => new ApiError('unauthorized', msg('metrics_unauthorized'));
