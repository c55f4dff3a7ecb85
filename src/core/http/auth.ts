// Keyed routes: the key comes only from `Authorization: Bearer` or `X-API-Key` (spec §5).
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
export function extractKey(req: FastifyRequest): string | undefined {
  const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
  if (query && URL_KEY_PARAMS.test(query)) {
    throw errors.invalidRequest(
      'API keys are never accepted in the URL: send it in the Authorization: Bearer or X-API-Key header, and revoke a key that was put in a URL.',
    );
  }
  const authz = req.headers.authorization;
  const headerKey = req.headers['x-api-key'];
  let bearer: string | undefined;
  if (authz !== undefined) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authz);
    if (!m) throw errors.unauthorized();
    bearer = m[1];
  }
  const xKey = Array.isArray(headerKey) ? undefined : headerKey?.trim();
  if (Array.isArray(headerKey)) throw errors.invalidRequest('Send X-API-Key once.');
  if (bearer !== undefined && xKey !== undefined && bearer !== xKey) {
    throw errors.invalidRequest('Authorization and X-API-Key carry different keys; send one key.');
  }
  return bearer ?? xKey;
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

