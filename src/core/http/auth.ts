// Keyed routes: the key comes only from `Authorization: Bearer` or `X-API-Key` (D24, P1).
// Missing, malformed, unknown and revoked keys get the same 401; a key in the URL is refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../errors.js';

export interface AuthContext {
  keyId: number;
  keyName: string;
  keyPrefix: string;
  dealer: { id: number; slug: string; name: string; city: string | null; markets: string[] };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export type KeyResolver = (key: string) => Promise<AuthContext | undefined>;

const URL_KEY_PARAMS = /[?&](api_?key|apikey|key|access_token|x-api-key)=|dik_/i;

/** The key the request carries, or undefined; throws when the request carries it wrongly. */
function extractKey(req: FastifyRequest): string | undefined {
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  if (query && URL_KEY_PARAMS.test(query)) {
    throw errors.invalidRequest(
      'API keys are never accepted in the URL: send it in the Authorization: Bearer or X-API-Key header, and revoke a key that was put in a URL.',
    );
  }
  // Every occurrence counts: node keeps only the first Authorization and joins repeated
  // X-API-Key values with ", ", so the raw headers are read instead.
  const bearers = headerValues(req, 'authorization').map((value) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(value);
    if (!m) throw errors.unauthorized();
    return m[1]!;
  });
  const xKeys = headerValues(req, 'x-api-key').map((value) => value.trim());
  const keys = new Set([...bearers, ...xKeys]);
  if (keys.size > 1) {
    throw errors.invalidRequest(
      bearers.length > 0 && xKeys.length > 0
        ? 'Authorization and X-API-Key carry different keys; send one key.'
        : 'The key header is repeated with different keys; send one key.',
    );
  }
  return bearers[0] ?? xKeys[0];
}

/** Each value the request sent for a header, in order (one per occurrence). */
function headerValues(req: FastifyRequest, name: string): string[] {
  const raw = req.raw.rawHeaders;
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === name) out.push(raw[i + 1]!);
  if (out.length > 0) return out;
  const parsed = req.headers[name];
  return parsed === undefined ? [] : Array.isArray(parsed) ? parsed : [parsed];
}

export function authenticate(resolve: KeyResolver) {
  return async function authenticateHook(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const key = extractKey(req);
    if (!key) throw errors.unauthorized();
    const auth = await resolve(key);
    if (!auth) throw errors.unauthorized();
    req.auth = auth;
  };
}
