// The Redis connection (P30, P31): one per process, made from REDIS_URL. Commands never wait for
// a lost connection: with the offline queue off, a command sent while disconnected fails at
// once, and one sent on a connection that hangs fails after COMMAND_TIMEOUT_MS (withTimeout).
// The callers (the limiter) then fall back to their in-process state; ioredis keeps
// reconnecting meanwhile. ioredis is loaded with the first connection (P52): a process
// without REDIS_URL does not pay its ~100 ms and 6 MB at start.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';

const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2000;
/** How long a caller waits for the very first connection (process start), never after. */
const FIRST_CONNECT_WAIT_MS = 2000;

export interface RedisConnection {
  client: Redis;
  /** Resolves when the first connection is up (or after FIRST_CONNECT_WAIT_MS; then at once). */
  firstConnect(): Promise<void>;
  /** Throws when Redis does not answer PING (for a readiness check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectRedis(url: string): RedisConnection {
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    // A backstop only: withTimeout is the timeout callers see (it does not misfire after a stall).
    commandTimeout: 10 * COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Reconnect forever, backing off to one attempt every 2 s.
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Errors are reported by the commands that fail (with their own logging); an unhandled
  // 'error' event would otherwise be printed by ioredis on every reconnection attempt.
  client.on('error', () => {});
  let first: Promise<void> | undefined = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, FIRST_CONNECT_WAIT_MS);
    timer.unref();
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  }).then(() => {
    first = undefined;
  });
  return {
    client,
    firstConnect: () => first ?? Promise.resolve(),
    async ping() {
      await withTimeout(client.ping());
    },
    async close() {
      if (client.status === 'end') return;
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}

/**
 * Fails after COMMAND_TIMEOUT_MS. Not ioredis's commandTimeout: when this process's event loop
 * stalls (GC, a busy request) past the timeout, timers run before the socket is read, so an
 * answer already received would be counted as a timeout and the call decided twice (once by
 * Redis, once by the fallback). Deferring the rejection to setImmediate lets pending I/O, the
 * answer included, be read first.
 */
export function withTimeout<T>(command: Promise<T>, ms = COMMAND_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))), ms);
  });
  return Promise.race([command, timeout]).finally(() => clearTimeout(timer));
}
