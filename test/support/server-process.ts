// Real server processes for the tests that need more than app.inject(): a crash (SIGKILL), a
// rolling restart (SIGTERM), several processes sharing one store. Each runs dist/server.js (or
// another entry, test/support/entry.ts) with the environment given, on a free loopback port.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import { entry, type EntryName } from './entry.js';
import { until } from './until.js';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  /** Resolves when the process has exited (with its code, or the signal that ended it). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stderr (and stdout) so far, for failure messages. */
  output(): string;
  /** Waits until GET /health answers 200. */
  ready(timeoutMs?: number): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartOptions {
  env: Record<string, string>;
  /** The entry to run (default 'server': dist/server.js). */
  entry?: EntryName;
  /** A port to use (default: a free one). */
  port?: number;
  /** A command line to run instead of the entry (the tsx test runs src/server.ts). */
  command?: [string, string[]];
}

export async function startServerProcess(opts: StartOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const [cmd, args] = opts.command ?? entry(opts.entry ?? 'server');
  const child = spawn(cmd, args, {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end();
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const base = `http://127.0.0.1:${port}`;
  return {
    child,
    base,
    port,
    exited,
    output: () => out,
    async ready(timeoutMs = 30_000) {
      await until(`the server on ${base} (output so far: ${out.slice(-2000)})`, timeoutMs, () => {
        if (gone) throw new Error(`the server on ${base} exited before it was ready:\n${out.slice(-4000)}`);
        return fetch(`${base}/health`).then(
          (r) => r.ok || undefined,
          () => undefined,
        );
      });
    },
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (!gone) child.kill(signal);
      await exited;
    },
  };
}
