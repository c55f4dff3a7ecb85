// One request's deadline and abort signal (a "flight"), shared by its hops, and the
// translation of what can go wrong on the way into OutboundErrors that name no address.
import net from 'node:net';
import { OutboundError } from './errors.js';
import { describeHost } from './policy.js';

/** Per-request state shared by the hops: the deadline, the abort signal and why it fired. */
export interface Flight {
  signal: AbortSignal;
  timeoutMs: number;
  timedOut: () => boolean;
  callerAborted: () => boolean;
  callerReason: () => unknown;
}

/** One deadline (and the caller's signal, if any) for a request; `end()` clears them. */
export function startFlight(timeoutMs: number, external?: AbortSignal): { f: Flight; end: () => void } {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('outbound deadline passed'));
  }, timeoutMs);
  const onExternalAbort = () => controller.abort(external?.reason);
  if (external?.aborted) controller.abort(external.reason);
  else external?.addEventListener('abort', onExternalAbort, { once: true });
  const f: Flight = {
    signal: controller.signal,
    timeoutMs,
    timedOut: () => timedOut,
    callerAborted: () => !timedOut && external?.aborted === true,
    callerReason: (): unknown => external?.reason,
  };
  return {
    f,
    end: () => {
      clearTimeout(timer);
      external?.removeEventListener('abort', onExternalAbort);
    },
  };
}

export function timeoutError(url: URL, f: Flight): OutboundError {
  return new OutboundError('timeout', `The request to ${describeHost(url)} did not complete within ${f.timeoutMs} ms.`, {
    host: describeHost(url),
  });
}

export function abortedError(url: URL, f: Flight): OutboundError {
  return new OutboundError('network_error', `The request to ${describeHost(url)} was aborted.`, {
    host: describeHost(url),
    cause: f.callerReason(),
  });
}

/** Waits for `promise` unless the flight is aborted first (a DNS lookup cannot be cancelled). */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // The abort reason is passed on as it is, so a caller sees the reason it aborted with.
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed on as it came
        reject(e);
      },
    );
  });
}

export function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return (err as { code: string }).code;
  }
  return undefined;
}

/** `text` with every IP address (and its port) replaced: messages never show resolved addresses. */
export function withoutAddresses(text: string): string {
  return text.replace(/\[?[0-9A-Fa-f:.]*[.:][0-9A-Fa-f:.%]*\]?(?::\d+)?/g, (token) => {
    const bare = token.replace(/^\[|\](?::\d+)?$/g, '').replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1');
    return net.isIP(bare) !== 0 ? 'an address' : token;
  });
}

/** Maps any failure of a hop to an OutboundError (the deadline and the caller's abort first). */
export function wrapError(err: unknown, url: URL, f: Flight): OutboundError {
  if (f.timedOut()) return timeoutError(url, f);
  if (f.callerAborted()) return abortedError(url, f);
  if (err instanceof OutboundError) return err;
  const code = errorCode(err);
  const host = describeHost(url);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return timeoutError(url, f);
  }
  let detail: string;
  if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'EPIPE') detail = 'the connection closed unexpectedly';
  else if (code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH') detail = 'the body ended before its announced length';
  else if (code?.startsWith('HPE_')) detail = 'the answer was not valid HTTP';
  else if (code === 'UND_ERR_HEADERS_OVERFLOW') detail = 'the response headers were too large';
  else detail = withoutAddresses(err instanceof Error ? err.message : String(err));
  return new OutboundError('network_error', `The request to ${host} failed: ${detail}${code ? ` (${code})` : ''}.`, { host, cause: err });
}
