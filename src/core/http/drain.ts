// The unread rest of a request body after an early answer (413, 401, 404, 429…). Closing the
// connection at once makes the client's TCP stack reset it while the client is still sending,
// often before it read the answer (EPIPE / ECONNRESET instead of the 413). So the rest is read
// and thrown away, never kept — but only up to a bound and for a while, so that an endless or
// huge body cannot keep a connection busy: then the connection is closed.
//
// An answer that ends its connection (`Connection: close`: the client asked for it, as node's
// client without an agent does, or the process is draining, P37) would have node destroy the
// socket as soon as the answer is written, with the body still arriving: the very reset above
// (P68). Node's server decides that from the response's `_last` when the answer is finished; it
// is cleared here and the connection ended by the drain itself, once the body has been read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface DrainLimits {
  /** Bytes of a refused body read after the answer before the connection is closed. */
  maxBytes: number;
  /** How long they are read at most. */
  maxMs: number;
}

/** Node's own flag (lib/_http_server.js resOnFinish): close the connection once this answer is written. */
type ClosingResponse = ServerResponse & { _last?: boolean };

/**
 * Ends the connection once what was written has left. An injected request (light-my-request,
 * in tests) has a socket of its own without destroySoon: nothing to close there.
 */
function closeSoon(socket: Socket): void {
  if (typeof (socket as Partial<Socket>).destroySoon === 'function') socket.destroySoon();
}

/**
 * How long a connection cut at the bound stays open, not read, for the client to read the
 * answer and close (nginx's lingering_timeout is 5 s; the client has the answer already).
 */
const LINGER_MS = 2_000;

/** Sockets whose request was answered while its body is still being read and dropped. */
const draining = new WeakSet<Socket>();

/**
 * Whether this socket's request has its answer already and only the rest of its body is being
 * read (error-handler.ts: a request timeout or a malformed tail then closes it without writing
 * a second answer).
 */
export function isDrainingBody(socket: object): boolean {
  return draining.has(socket as Socket);
}

/** Reads and drops what is left of `req`'s body within the limits, then closes the connection. */
function discardRest(req: IncomingMessage, res: ClosingResponse, limits: DrainLimits): void {
  if (req.readableEnded || req.destroyed) return;
  const socket = req.socket;
  // Node would destroy the socket when the answer is written (see the top of this file): the
  // drain closes it instead, after the body.
  const closeAfter = res._last === true;
  if (closeAfter) res._last = false;
  draining.add(socket);
  let seen = 0;
  let done = false;
  const stop = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData);
    draining.delete(socket);
  };
  // The whole body was read: the connection goes on, or ends as the answer said.
  const ended = () => {
    stop();
    if (!closeAfter) return;
    if (res.writableFinished) closeSoon(socket);
    else res.once('finish', () => closeSoon(socket));
  };
  // At the bound: reading stops (the client's writes then wait, its reads do not), our side
  // ends after the answer (a FIN behind it), and the connection is destroyed only after a linger
  // or when the client closes. Destroying at once reset the connection while the 413 sat
  // unread in a busy client (Node 24 under load, CI): its next write failed first (P131).
  const cut = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.pause();
    const linger = () => {
      if (typeof (socket as Partial<Socket>).end === 'function') socket.end();
      // Not unref'd: a socket neither read nor written is no work for the event loop, so with
      // this timer unref'd a closing server (app.close waits for it) had nothing left to run
      // and the process ended with the close still pending. A shutdown waits 2 s at most.
      const last = setTimeout(() => socket.destroy(), LINGER_MS);
      socket.once('close', () => {
        clearTimeout(last);
        draining.delete(socket);
      });
    };
    if (res.writableFinished) linger();
    else res.once('finish', linger);
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.maxBytes) cut();
  };
  const timer = setTimeout(cut, limits.maxMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', ended);
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
