// One log line per request, at its end, with what an operator needs: method, redacted URL,
// status and time, bound to the request id. Every answer carries the id as X-Request-Id.
//
// Cheap by construction (P43, P53): the line is written by Fastify's log controller when the
// answer has gone (no onResponse hook to run), built by hand as the very line pino writes for
// the same fields (level, time, the root logger's bindings, request_id first, msg last) and
// handed to pino's own destination, so no object, serializer pass or pino child is made per
// request; each request's `req.log` is a child logger made only when something logs through it,
// which most requests never do.
import pino, { type ChildLoggerOptions } from 'pino';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from '../logger.js';

const REQUEST_ID_LABEL = 'request_id';
const INFO = 30;
/** What JSON.stringify would escape in a string; a URL from node's parser rarely has any. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\u007f-\uffff]/;

interface RequestLine {
  /** The logger's level, read at each line: a level changed at run time still holds. */
  logger: FastifyBaseLogger & { levelVal: number };
  stream: { write(s: string): unknown };
  /** `,"pid":…,"hostname":"…"` and any other binding of the root logger, as pino writes it. */
  bindings: string;
}

/** The root logger's pieces when its lines are pino's plain ones (no mixin, default time and keys); else undefined. */
function plainLine(log: FastifyBaseLogger): RequestLine | undefined {
  const l = log as unknown as Record<symbol, unknown> & FastifyBaseLogger & { levelVal: number };
  const s = pino.symbols;
  const stream = l[s.streamSym] as ({ write(s: string): unknown } & Record<symbol, unknown>) | undefined;
  const plain =
    typeof l.levelVal === 'number' &&
    typeof l[s.chindingsSym] === 'string' &&
    l[s.timeSym] === pino.stdTimeFunctions.epochTime &&
    l[s.mixinSym] === undefined &&
    l[s.messageKeySym] === 'msg' &&
    stream !== undefined &&
    typeof stream.write === 'function' &&
    !stream[s.needsMetadataGsym];
  return plain ? { logger: l, stream, bindings: l[s.chindingsSym] as string } : undefined;
}

/** Fastify's `logController`: its own per-request lines off, ours at the end of each request. */
export class RequestLogController extends LogController {
  private log: FastifyBaseLogger | undefined;
  private line: RequestLine | undefined;

  constructor() {
    super({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LABEL });
  }

  /** Starts the request lines (none when the logger's level is above info). */
  writeTo(log: FastifyBaseLogger): void {
    this.log = log;
    this.line = plainLine(log);
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = this.line;
    if (line) {
      if (line.logger.levelVal > INFO) return;
      // request.id is ours (a UUID or a checked X-Request-Id, app.ts) and the method an HTTP token: neither needs escaping.
      const url = redactUrl(request.url);
      line.stream.write(
        `{"level":30,"time":${Date.now()}${line.bindings},"request_id":"${request.id}","method":"${request.method}","url":${
          NEEDS_ESCAPE.test(url) ? JSON.stringify(url) : `"${url}"`
        },"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
      );
      return;
    }
    this.log?.info({ [REQUEST_ID_LABEL]: request.id, method: request.method, url: redactUrl(request.url), status: reply.statusCode, ms }, 'request');
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

export function installRequestLog(app: FastifyInstance, controller: RequestLogController): void {
  controller.writeTo(app.log);
}
