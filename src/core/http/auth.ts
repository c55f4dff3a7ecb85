// Keyed routes: the key comes only from `Authorization: Bearer` or `X-API-Key` (D24, P1).
// Missing, malformed, unknown and revoked keys get the same 401; a key in the URL is refused.
import type { FastifyRequest } from 'fastify';
import { errors } from '../errors.js';
import { msg } from '../i18n/index.js';

export interface AuthContext {
  keyId: number;
  keyName: string;
  keyPrefix: string;
  /**
   * D35, P122: false for a sandbox key, whose `dealer.id` is the dealership's sandbox twin (so
   * everything scoped by dealer_id is the sandbox's); `dealer.slug` is the live one's all the same.
   */
  livemode: boolean;
  /** `timeZone`: the dealership's own or its first market's (D32); `logoFileId`: its logo's file (P132), for /me. */
  dealer: { id: number; slug: string; name: string; city: string | null; markets: string[]; timeZone: string; logoFileId?: string | null };
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/** Synchronous when the key is in the resolver's cache: the common call costs no promise. */
export type KeyResolver = (key: string) => AuthContext | undefined | Promise<AuthContext | undefined>;

const URL_KEY_PARAMS = /[?&](api_?key|apikey|key|access_token|x-api-key)=|dik_/i;
const BEARER = /^Bearer\s+(\S+)\s*$/i;
const WHITESPACE = /\s/;

/** What the key headers of one request carried, read in one pass over its raw headers. */
class KeyHeaders {
  bearers = 0;
  xKeys = 0;
  malformed = false;
  first: string | undefined;
  firstBearer: string | undefined;
  firstXKey: string | undefined;
  different = false;

  add(name: 'authorization' | 'x-api-key', value: string): void {
    let key: string;
    if (name === 'authorization') {
      this.bearers++;
      // "Bearer <key>" as clients send it, read without a match array (P53); anything else by the full rule.
      const rest = value.startsWith('Bearer ') ? value.slice(7) : '';
      if (rest !== '' && !WHITESPACE.test(rest)) key = rest;
      else {
        const m = BEARER.exec(value);
        if (!m) {
          this.malformed = true;
          return;
        }
        key = m[1]!;
      }
      this.firstBearer ??= key;
    } else {
      this.xKeys++;
      key = value.trim();
      this.firstXKey ??= key;
    }
    if (this.first === undefined) this.first = key;
    else if (key !== this.first) this.different = true;
  }
}

/** The key the request carries, or undefined; throws when the request carries it wrongly. */
function extractKey(req: FastifyRequest): string | undefined {
  const url = req.url;
  const q = url.indexOf('?');
  if (q >= 0 && URL_KEY_PARAMS.test(url.slice(q))) {
    throw errors.invalidRequest(msg('key_in_url'));
  }
  // Every occurrence counts: node keeps only the first Authorization and joins repeated
  // X-API-Key values with ", ", so the raw headers are read instead.
  const found = new KeyHeaders();
  const raw = req.raw.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 13 && name.toLowerCase() === 'authorization') found.add('authorization', raw[i + 1]!);
    else if (name.length === 9 && name.toLowerCase() === 'x-api-key') found.add('x-api-key', raw[i + 1]!);
  }
  if (found.bearers === 0) for (const value of parsedValues(req, 'authorization')) found.add('authorization', value);
  if (found.xKeys === 0) for (const value of parsedValues(req, 'x-api-key')) found.add('x-api-key', value);
  if (found.malformed) throw errors.unauthorized();
  if (found.different) {
    throw errors.invalidRequest(found.bearers > 0 && found.xKeys > 0 ? msg('keys_differ') : msg('key_header_repeated'));
  }
  return found.firstBearer ?? found.firstXKey;
}

/** A header's values as parsed (requests made without raw headers). */
function parsedValues(req: FastifyRequest, name: string): string[] {
  const parsed = req.headers[name];
  return parsed === undefined ? [] : Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * The request's dealership, or a throw (401 or 400) when it carries no valid key; a value when
 * the key was in the resolver's cache, else a promise.
 */
export function authenticate(resolve: KeyResolver) {
  const check = (auth: AuthContext | undefined): AuthContext => {
    if (!auth) throw errors.unauthorized();
    return auth;
  };
  return function authenticateRequest(req: FastifyRequest): AuthContext | Promise<AuthContext> {
    const key = extractKey(req);
    if (!key) throw errors.unauthorized();
    const auth = resolve(key);
    return auth instanceof Promise ? auth.then(check) : check(auth);
  };
}
