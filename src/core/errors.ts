// The one catalogue of error codes (D22) and the exception every layer throws to answer with one.

export const ERROR_STATUS = {
  invalid_request: 400,
  market_required: 400,
  invalid_market: 400,
  unauthorized: 401,
  not_found: 404,
  // Beyond D22's list: statuses the HTTP layer answers before any route runs.
  request_timeout: 408,
  too_many_missing: 409,
  empty_list: 409,
  too_many_webhooks: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  expectation_failed: 417,
  invalid_vehicle: 422,
  unreadable_feed: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: string[] };
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: string[],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const errors = {
  invalidRequest: (message: string) => new ApiError('invalid_request', message),
  notFound: (what = 'Resource') => new ApiError('not_found', `${what} not found.`),
  unauthorized: () => new ApiError('unauthorized', 'A valid API key is required in the Authorization: Bearer or X-API-Key header.'),
};
