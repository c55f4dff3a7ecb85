// One log line per request, at its end, with what an operator needs: method, redacted URL,
// status and time, bound to the request id. Every answer carries the id as X-Request-Id.
//
// Cheap by construction (P43): the line is written by Fastify's log controller when the answer
// has gone (no onResponse hook to run), straight from the root logger with request_id as its
// first field (the same line a per-request child logger wrote), and each request's `req.log` is
// a child logger made only when something logs through it, which most requests never do.
import type { ChildLoggerOptions } from 'pino';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../logger.js';

const REQUEST_ID_LABEL = 'request_id';
const REQUEST_LEVELS = new Set(['info', 'debug', 'trace']);

/** Fastify's `logController`: its own per-request lines off, ours at the end of each request. */
export class RequestLogController extends LogController {
  private log: FastifyBaseLogger | undefined;

  constructor() {
    super({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LABEL });
  }

  /** Starts the request lines (none when LOG_LEVEL is above info). */
  writeTo(log: FastifyBaseLogger, level: string): void {
    this.log = REQUEST_LEVELS.has(level) ? log : undefined;
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    this.log?.info(
      {
        [REQUEST_ID_LABEL]: request.id,
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type LogFn = FastifyBaseLogger['info'];

/** A request's logger: pino's child (bound to the request id) made on first use. */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Record<string, unknown>,
    private readonly options: ChildLoggerOptions,
  ) {}
  get real(): FastifyBaseLogger {
    // Fastify passes {} when the route sets no level or serializers: pino's faster path takes none.
    return (this.made ??= this.parent.child(this.bindings, Object.keys(this.options).length > 0 ? this.options : undefined));
  }
  get level(): string {
    return this.made ? this.made.level : (this.options.level ?? this.parent.level);
  }
  set level(level: string) {
    this.real.level = level;
  }
  silent(): void {}
  child(bindings: Record<string, unknown>, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}
// The log methods live on the prototype: a request that logs nothing allocates no closures.
for (const level of LEVELS) {
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value: function (this: LazyChildLogger, ...args: unknown[]) {
      const log: (...a: unknown[]) => void = this.real[level];
      log.apply(this.real, args);
    },
  });
}

/** Fastify's `childLoggerFactory`. */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as FastifyBaseLogger;
}

export function installRequestLog(app: FastifyInstance, controller: RequestLogController, logLevel: string): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  controller.writeTo(app.log, logLevel);
}
