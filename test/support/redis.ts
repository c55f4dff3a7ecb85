// A Redis server for the tests: TEST_REDIS_URL when set (CI's Redis leg), otherwise a
// throw-away redis-server (Debian's package; scripts/redis.sh install) started on a free port,
// without persistence, and stopped by the caller. Each user keeps its keys apart with a prefix.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { freePort } from './server-process.js';
import { until } from './until.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.startsWith('redis') ? process.env.TEST_REDIS_URL : undefined;

export interface TestRedis {
  url: string;
  /** A fresh key prefix, so tests sharing one server never see each other's counters. */
  prefix(): string;
  /** Stops the server if this call started it. */
  stop(): Promise<void>;
  /** Stops the server (to test an outage) — only for one this call started. */
  kill(): Promise<void>;
}

/** `own`: always a server of this caller's (one it may stop), even when TEST_REDIS_URL is set. */
export async function startTestRedis(opts: { own?: boolean } = {}): Promise<TestRedis> {
  const prefix = () => `t${crypto.randomBytes(5).toString('hex')}:`;
  if (TEST_REDIS_URL && !opts.own) {
    return {
      url: TEST_REDIS_URL,
      prefix,
      async stop() {},
      kill() {
        return Promise.reject(new Error('a shared TEST_REDIS_URL server is not stopped by tests'));
      },
    };
  }
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  child.on('error', (err) => (out += String(err)));
  await until(`redis-server on ${port} (install it: scripts/redis.sh install) ${out}`, 10_000, () => /Ready to accept connections/.test(out) || undefined);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { url: `redis://127.0.0.1:${port}`, prefix, stop, kill: stop };
}
