// Every error of every route, the framework's own included, leaves in the Error shape (D22).
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ApiError, type ErrorCode } from '../errors.js';
import { msg, pickLang, type Msg } from '../i18n/index.js';
import { redactText } from '../logger.js';
import { isDrainingBody } from './drain.js';
import { schemaError } from './schema-problem.js';

const FRAMEWORK_ERRORS: Record<string, (e: FastifyError) => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('invalid_request', msg('body_not_json')),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError('invalid_request', msg('body_empty')),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('payload_too_large', msg('body_too_large')),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new ApiError('invalid_request', msg('body_media_type')),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('invalid_request', msg('body_length')),
};

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'unauthorized',
  404: 'not_found',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  429: 'rate_limited',
  431: 'headers_too_large',
};

const PLAIN: Partial<Record<ErrorCode, Msg>> = {
  unauthorized: msg('unauthorized'),
  not_found: msg('not_found_plain'),
  request_timeout: msg('request_timeout_plain'),
  payload_too_large: msg('body_too_large'),
  uri_too_long: msg('uri_too_long_plain'),
  rate_limited: msg('rate_limited_plain'),
  headers_too_large: msg('headers_too_large'),
};

export function toApiError(err: FastifyError | ApiError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError;
  if (fe.validation) return schemaError(fe.validation, fe.validationContext);
  const mapped = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
  if (mapped) return mapped(fe);
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Another 4xx of the framework or a plugin: its own message is English, so its status's words (P176).
    const code = STATUS_CODES[status] ?? 'invalid_request';
    return new ApiError(code, PLAIN[code] ?? msg('invalid_request_plain'));
  }
  return new ApiError('internal_error', msg('internal_error'));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err as FastifyError);
    if (apiError.status >= 500) request.log.error({ err }, 'request failed');
    // The message may echo the path (a stock ID that is a key, a route not found): secrets masked (P157).
    else request.log.info({ code: apiError.code }, redactText(apiError.message));
    if (apiError.headers) reply.headers(apiError.headers);
    // Fastify closes the connection after a body it refused; the client, still sending, would
    // get a reset instead of this answer. The rest of the body is drained instead (drain.ts).
    if (reply.hasHeader('connection')) reply.removeHeader('connection');
    reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody(request.lang));
  });

  // The Host check of HTTP/1.1 is in request-start.ts (the one onRequest hook of every request).

  // An Expect other than 100-continue: node would answer an empty 417.
  app.server.on('checkExpectation', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const e = new ApiError('expectation_failed', msg('expectation_unsupported', { expect: String(req.headers.expect).slice(0, 64) }));
    const lang = pickLang(req.headers['accept-language'], 'en');
    const body = JSON.stringify(e.toBody(lang));
    res.writeHead(e.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-language': lang,
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.end(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const e = new ApiError('not_found', msg('no_route', { method: request.method, path: pathname }));
    reply.code(404).type('application/json; charset=utf-8').send(e.toBody(request.lang));
  });
}

/** Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`). */
function routerError(err: FastifyError): ApiError {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return new ApiError('invalid_request', msg('bad_url'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new ApiError('uri_too_long', msg('path_segment_too_long'));
    default:
      return toApiError(err);
  }
}

export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
  const apiError = routerError(err);
  if (apiError.status >= 500) req.log.error({ err }, 'request failed');
  else req.log.info({ code: apiError.code }, redactText(apiError.message));
  const lang = pickLang(req.headers['accept-language'], 'en');
  reply
    .header('x-request-id', req.id)
    .header('content-language', lang)
    .code(apiError.status)
    .type('application/json; charset=utf-8')
    .send(apiError.toBody(lang));
};

/** What node's HTTP parser refused, before Fastify saw a request; `timeoutMs`: the server's requestTimeout. */
function parserError(err: NodeJS.ErrnoException, timeoutMs: number): ApiError {
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return new ApiError('headers_too_large', msg('headers_too_large'));
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    // D38 (P67): headersTimeout = requestTimeout = REQUEST_TIMEOUT, both from the first byte.
    return new ApiError('request_timeout', msg('request_too_slow', { seconds: timeoutMs / 1000 }));
  }
  return new ApiError('invalid_request', msg('not_http'));
}

/**
 * Fastify's `clientErrorHandler`: node's parser refused the request (headers over the size
 * limit, malformed HTTP), or the request did not arrive within REQUEST_TIMEOUT (D38, P67: node's
 * own requestTimeout/headersTimeout, for a route's request still reading its body too), so there
 * is no request to answer; the answer in the Error shape is written on the socket, then the
 * connection closed. A request already answered (a refused body being drained) gets no second
 * answer: its connection just ends.
 *
 * Closed gently: the answer is followed by a FIN (end), the rest of what the client sends is
 * read and dropped, and the socket destroyed when the client closes or after CLOSE_GRACE_MS. A
 * socket destroyed at once with the client's bytes still unread (the tail of a 100 KB header)
 * makes the kernel send a reset (RST), and a client on Node 24 then gets ECONNRESET instead of
 * the 431 (on Node 20 it read the answer first). The parser reports each later chunk as an error
 * again: once answered, those are ignored.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || socket.writableEnded) return;
  const apiError = parserError(err, this.server.requestTimeout);
  // A cut slow request has no request log line of its own (P43): this one says it happened.
  if (apiError.code === 'request_timeout')
    this.log.info({ code: apiError.code, address: (socket as Duplex & { remoteAddress?: string }).remoteAddress }, apiError.message);
  else this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  // The request was answered already (its body is being drained, or the answer has begun): a
  // second answer on the socket would be garbage to the client; the connection just ends (P67).
  if (!socket.writable || isDrainingBody(socket) || answerStarted(socket)) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(apiError.toBody());
  socket.end(
    `HTTP/1.1 ${apiError.status} ${http.STATUS_CODES[apiError.status]}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  const timer = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/** Whether node has begun writing an answer on this socket (its in-flight response, node's own field). */
function answerStarted(socket: Duplex): boolean {
  return (socket as Duplex & { _httpMessage?: http.ServerResponse | null })._httpMessage?.headersSent === true;
}

/** How long a refused client may take to close after its answer before the socket is destroyed. */
const CLOSE_GRACE_MS = 2_000;
