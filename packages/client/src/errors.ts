// Typed errors (P128, P185): every refusal of the API becomes an ApiError carrying what the
// Error shape says (code, message, fields), the HTTP status and the request id to quote to
// support; a call that got no answer at all is an ApiConnectionError (ApiTimeoutError when it
// waited too long), never fetch's bare `TypeError: fetch failed`.
import type { components } from './schema.js';

/** The codes the document declares (D22), or `unexpected_response` for an answer not in the Error shape (a proxy's 502 page…). */
export type ErrorCode = components['schemas']['Error']['error']['code'] | 'unexpected_response';

/** An input at fault, for a program: the field, the rule it broke and the rule's bound (P175). */
export type Problem = NonNullable<components['schemas']['Error']['error']['problems']>[number];

export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** One entry per broken rule, written for a person (422 `invalid_vehicle`, 400 `invalid_request`); [] otherwise. */
    readonly fields: string[],
    /** The X-Request-Id of the answer: quote it to support. */
    readonly requestId: string | null,
    /** Seconds the answer asked to wait (Retry-After), when it did. */
    readonly retryAfter: number | null = null,
    /** Each input at fault with its rule and bound, to mark the field in a form; [] when the answer names none. */
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/**
 * No answer came: the connection could not be made or broke, or (ApiTimeoutError) no whole
 * answer arrived within `timeoutMs`. Whether the server acted on the call is unknown; a call
 * that may be repeated was already tried `attempts` times. `cause` is what fetch threw.
 */
export class ApiConnectionError extends Error {
  override readonly name: string = 'ApiConnectionError';
  constructor(
    message: string,
    /** Tries made, the first included. */
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No whole answer arrived within `timeoutMs` (per try). */
export class ApiTimeoutError extends ApiConnectionError {
  override readonly name: string = 'ApiTimeoutError';
}

/**
 * The mass-sold guard (spec §8) refused marking the missing cars sold (409 `too_many_missing`, or
 * `empty_list` for an empty stock): nothing was marked sold. The cars sent before the refusal
 * were applied; `applied` says how many, so a caller can tell a half-done run from a failed one.
 */
export class SoldGuardError extends ApiError {
  override readonly name: string = 'SoldGuardError';
  constructor(
    cause: ApiError,
    readonly applied: { created: number; updated: number },
  ) {
    super(cause.status, cause.code, cause.message, cause.fields, cause.requestId, cause.retryAfter);
  }
}

type ErrorBody = components['schemas']['Error'];

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const e = body.error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'string';
}

/** Seconds from a Retry-After header (whole seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The ApiError for a non-2xx answer whose body openapi-fetch has already read (`body`). */
export function toApiError(response: Response, body: unknown): ApiError {
  const requestId = response.headers.get('x-request-id');
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  if (isErrorBody(body))
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields ?? [], requestId, retryAfter, body.error.problems ?? []);
  const text = typeof body === 'string' && body !== '' ? `: ${body.slice(0, 200)}` : '';
  return new ApiError(response.status, 'unexpected_response', `HTTP ${response.status}${text}`, [], requestId, retryAfter);
}
