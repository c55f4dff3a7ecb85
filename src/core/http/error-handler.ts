// Every error of every route, the framework's own included, leaves in the Error shape (D22).
import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, type ErrorCode } from '../errors.js';

const FRAMEWORK_ERRORS: Record<string, (e: FastifyError) => ApiError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ApiError('invalid_request', 'The request body is not valid JSON.'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError('invalid_request', 'The request body is empty; send a JSON object.'),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('payload_too_large', 'The request body is too large.'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError('invalid_request', 'Unsupported Content-Type; send the body as application/json.'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError('invalid_request', 'The Content-Length header does not match the body.'),
};

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'unauthorized',
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
};

export function toApiError(err: FastifyError | ApiError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError;
  if (fe.validation) {
    return new ApiError('invalid_request', `Invalid request: ${fe.message}.`);
  }
  const mapped = fe.code ? FRAMEWORK_ERRORS[fe.code] : undefined;
  if (mapped) return mapped(fe);
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return new ApiError(STATUS_CODES[status] ?? 'invalid_request', fe.message || 'Invalid request.');
  }
  return new ApiError('internal_error', 'Something went wrong on our side; the request id in X-Request-Id helps us find it.');
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const apiError = toApiError(err as FastifyError);
    if (apiError.status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: apiError.code }, apiError.message);
    if (apiError.headers) reply.headers(apiError.headers);
    reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const e = new ApiError('not_found', `No route ${request.method} ${pathname}.`);
    reply.code(404).type('application/json; charset=utf-8').send(e.toBody());
  });
}
