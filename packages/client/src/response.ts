// What the server said besides the body (P185). A method's promise resolves to the body, as
// stripe-node's do; `.withResponse()` on the same promise gives the body with the status (200 or
// 207…, typed from the document), the Response, and the headers an integrator acts on: the
// request id, the ETag, the rate limit. It is openapi-fetch's `{ data, response }`, kept on the
// promise so the plain `await client.x()` stays as short as it was (openai-node's APIPromise
// does the same).

/** RateLimit-* of an answer counted by the key's limit (spec §7). */
export interface RateLimit {
  limit: number;
  remaining: number;
  /** Seconds until a call is allowed again. */
  reset: number;
}

export interface ApiResponse<T, S extends number = number> {
  data: T;
  status: S;
  /** The Response itself (its body already read). */
  response: Response;
  /** X-Request-Id: quote it to support. */
  requestId: string | null;
  /** The ETag of a read that has one (vehicles.get, vehicles.page): send it back with `ifNoneMatch`. */
  etag: string | null;
  /** null on an answer the limit does not count. */
  rateLimit: RateLimit | null;
}

/** A method's answer: the body when awaited; `.withResponse()` adds the status and headers. */
export type ApiPromise<T, S extends number = number> = Promise<T> & {
  withResponse(): Promise<ApiResponse<T, S>>;
};

/**
 * 304 to a call made with `ifNoneMatch`: nothing it shows has changed since that ETag, and
 * no body came. `if (got instanceof NotModified)` (or `got.notModified`) tells it from an answer.
 */
export class NotModified {
  readonly notModified = true as const;
  readonly status = 304 as const;
  constructor(
    /** The tag, the same as sent: keep polling with it. */
    readonly etag: string | null,
    readonly requestId: string | null,
  ) {}
}

const integer = (value: string | null): number | null => (value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

export function responseMeta(response: Response): Pick<ApiResponse<unknown>, 'requestId' | 'etag' | 'rateLimit'> {
  const h = response.headers;
  const [limit, remaining, reset] = [integer(h.get('ratelimit-limit')), integer(h.get('ratelimit-remaining')), integer(h.get('ratelimit-reset'))];
  return {
    requestId: h.get('x-request-id'),
    etag: h.get('etag'),
    rateLimit: limit !== null && remaining !== null && reset !== null ? { limit, remaining, reset } : null,
  };
}

/** The promise of a call's body, carrying `withResponse()` for the whole answer. */
export function apiPromise<T, S extends number>(whole: Promise<ApiResponse<T, S>>): ApiPromise<T, S> {
  const body = whole.then((r) => r.data);
  // Awaiting only withResponse() must not leave this one rejected without a handler (an
  // "unhandled rejection" would end a Node process); awaiting it still throws.
  body.catch(() => {});
  return Object.assign(body, { withResponse: () => whole });
}
