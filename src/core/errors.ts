// The one catalogue of error codes (D22) and the exception every layer throws to answer with one.

import { isMessageCode } from './i18n/catalogue.js';
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

/**
 * The rule an input broke, for a program (`problems`, P175): JSON Schema's keyword where one
 * fits, in snake case; the service's own rules otherwise.
 */
export const PROBLEM_RULES = [
  'required',
  'type',
  'format',
  'enum',
  'minimum',
  'maximum',
  'exclusive_minimum',
  'exclusive_maximum',
  'min_length',
  'max_length',
  'min_items',
  'max_items',
  'pattern',
  'control_character',
  'unknown_field',
  'scheme',
  'credentials',
  'fragment',
  'address',
  'range_order',
  'range_length',
  'taken',
  'invalid',
] as const;
export type ProblemRule = (typeof PROBLEM_RULES)[number];

/** One entry of `problems`: an input at fault, the rule it broke and the rule's bound. */
export interface ProblemBody {
  field: string;
  rule: ProblemRule;
  limit?: number;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: string[]; problems?: ProblemBody[] };
}

/**
 * What an error says: a code of the catalogue of words (D31) with its parameters, rendered in
 * the reader's language when answered; never a sentence (P176).
 */
export type ErrorText = Msg;

/**
 * A broken rule of a request's input (P175): its sentence for a person (an entry of `fields`)
 * and, for a program, the input or inputs it is about (`problems`).
 */
export interface InputProblem {
  readonly text: Msg;
  readonly field: string | readonly string[];
  readonly rule: ProblemRule;
  readonly limit?: number;
}

/** An entry of an error's `fields`: a sentence, or a sentence with the input it is about. */
export type FieldText = Msg | InputProblem;

const isProblem = (f: unknown): f is InputProblem => typeof f === 'object' && f !== null && 'rule' in f;
const coded = (t: unknown): boolean => typeof t === 'object' && t !== null && isMessageCode((t as { code?: unknown }).code);
const textOf = (f: FieldText): Msg => (isProblem(f) ? f.text : f);

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly text: ErrorText,
    readonly fieldTexts?: readonly FieldText[],
    /** Extra response headers (e.g. Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    // The types forbid a sentence; this keeps a JavaScript caller or a cast from slipping one in.
    if (!coded(text) || fieldTexts?.some((f) => !coded(f) && !(isProblem(f) && coded(f.text))))
      throw new TypeError(`ApiError ${code}: every text must be a code of the catalogue of words`);
    super(render('en', text));
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  /** `fields` in English (logs, the CLI). */
  get fields(): string[] | undefined {
    return this.fieldTexts?.map((f) => render('en', textOf(f)));
  }

  /** `problems`: each input at fault (the panel picks its words by them). */
  get problems(): ProblemBody[] {
    return (this.fieldTexts ?? [])
      .filter(isProblem)
      .flatMap((p) =>
        (typeof p.field === 'string' ? [p.field] : p.field).map((field) => ({ field, rule: p.rule, ...(p.limit !== undefined ? { limit: p.limit } : {}) })),
      );
  }

  toBody(lang: Lang = 'en'): ErrorBody {
    const problems = this.problems;
    return {
      error: {
        code: this.code,
        message: render(lang, this.text),
        ...(this.fieldTexts ? { fields: this.fieldTexts.map((f) => render(lang, textOf(f))) } : {}),
        ...(problems.length > 0 ? { problems } : {}),
      },
    };
  }
}

/** A 400 for one broken rule of a request's input: its sentence is the message and the one entry of fields. */
export const inputError = (p: InputProblem): ApiError => new ApiError('invalid_request', p.text, [p]);

export const errors = {
  invalidRequest: (message: ErrorText) => new ApiError('invalid_request', message),
  unauthorized: () => new ApiError('unauthorized', msg('unauthorized')),
};
