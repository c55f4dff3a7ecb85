// The one error type of outbound requests. Messages name the host (and port) of the URL at
// fault, never its path or query string, which may carry tokens, nor the addresses a name
// resolves to.

export type OutboundErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'port_not_allowed'
  | 'credentials_in_url'
  | 'address_not_allowed'
  | 'dns_failed'
  | 'connect_failed'
  | 'too_many_redirects'
  | 'redirect_not_allowed'
  | 'redirect_downgrade'
  | 'timeout'
  | 'too_large'
  | 'network_error';

/** Failures that may pass by themselves (the peer or the network), worth trying again later. */
const TRANSIENT: ReadonlySet<OutboundErrorCode> = new Set(['timeout', 'connect_failed', 'dns_failed', 'network_error']);

export class OutboundError extends Error {
  readonly code: OutboundErrorCode;
  /** `host[:port]` of the URL the error is about, when there was one. */
  readonly host: string | undefined;

  constructor(code: OutboundErrorCode, message: string, options: { host?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OutboundError';
    this.code = code;
    this.host = options.host;
  }

  /** Whether trying again later may succeed (a timeout, a refused or dropped connection, DNS). */
  get transient(): boolean {
    return TRANSIENT.has(this.code);
  }
}
