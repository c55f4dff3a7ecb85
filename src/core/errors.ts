// The one catalogue of error codes (D22) and the exception every layer throws to answer with one.

import { msg, render, type Lang, type Msg } from './i18n/index.js';

export const ERROR_STATUS = {
  invalid_request: 400,
  market_required: 400,
  invalid_market: 400,
  unauthorized: 401,
  // D35: a live key calling a sandbox-only route.
  sandbox_only: 403,
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

/**
 * What an error says: a code of the catalogue of words (D31), rendered in the reader's language
 * when answered, or a sentence not yet in the catalogue (English in every language).
 */
export type ErrorText = Msg | string;
const say = (lang: Lang, t: ErrorText): string => (typeof t === 'string' ? t : render(lang, t));

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly text: ErrorText,
    readonly fieldTexts?: readonly ErrorText[],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(say('en', text));
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  /** `fields` in English (logs, the CLI). */
  get fields(): string[] | undefined {
    return this.fieldTexts?.map((f) => say('en', f));
  }

  toBody(lang: Lang = 'en'): ErrorBody {
    return {
      error: { code: this.code, message: say(lang, this.text), ...(this.fieldTexts ? { fields: this.fieldTexts.map((f) => say(lang, f)) } : {}) },
    };
  }
}

export const errors = {
  invalidRequest: (message: ErrorText) => new ApiError('invalid_request', message),
  unauthorized: () => new ApiError('unauthorized', msg('unauthorized')),
};
