// The unread rest of a request body after an early answer (413, 401, 404, 429…). Closing the
// connection at once makes the client's TCP stack reset it while the client is still sending,
// often before it read the answer (EPIPE / ECONNRESET instead of the 413). So the rest is read
// and thrown away, never kept — but only up to a bound and for a while, so that an endless or
// huge body cannot keep a connection busy: then the connection is closed.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface DrainLimits {
  /** Bytes of a refused body read after the answer before the connection is closed. */
  maxBytes: number;
  /** How long they are read at most. */
  maxMs: number;
}

/** Reads and drops what is left of `req`'s body within the limits, then closes the connection. */
function discardRest(req: IncomingMessage, res: ServerResponse, limits: DrainLimits): void {
  if (req.readableEnded || req.destroyed) return;
  let seen = 0;
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData);
  };
  // Only once the answer is on its way out, so that the client can still read it.
  const cut = () => {
    stop();
    if (res.writableFinished) req.socket.destroy();
    else res.once('finish', () => req.socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.maxBytes) cut();
  };
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', stop);
  req.once('close', stop);
  req.resume();
}

/**
 * What request-start.ts calls for every request (P59: no onSend hook, which every answer would
 * pass through): a request that may carry a body drains what is left of it once its answer is
 * written ('prefinish' of the response, before node's own 'finish' handler would discard the rest
 * itself, without any bound). A GET without a body costs two header reads.
 */
export function bodyDrain(limits: DrainLimits): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (!mayHaveBody(req)) return;
    res.once('prefinish', () => {
      if (!req.complete) discardRest(req, res, limits);
    });
  };
}

/**
 * Whether a body can follow the headers (RFC 9112 6.3: only with Content-Length or
 * Transfer-Encoding). A GET answered synchronously (P44) is sent before node's parser marks the
 * request complete: without this it would be drained, for nothing, with a timer and listeners.
 */
function mayHaveBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
