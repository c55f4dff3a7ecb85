// A panel page that cannot be shown: the panel's error handler renders it as a page in the
// user's language (core/web/texts.ts), never as JSON and never as a 5xx for bad input.
export type PageErrorKind =
  'not_found' | 'owners_only' | 'signed_out' | 'csrf' | 'too_large' | 'bad_request' | 'bad_address' | 'rate_limited' | 'link_invalid' | 'server_error';

export class PageError extends Error {
  override name = 'PageError';
  constructor(
    readonly status: number,
    readonly kind: PageErrorKind,
    /** A sentence already in the page's language, shown under the title. */
    readonly detail?: string,
  ) {
    super(kind);
  }
}
