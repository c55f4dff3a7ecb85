// Starting and stopping a process (P36, P37), shared by server.ts and worker.ts: a bad
// configuration stops the start with one line; SIGTERM or SIGINT drains for SHUTDOWN_DELAY,
// then closes the app (requests and jobs in flight finish), then exits 0; past the grace period
// the process exits 1 whatever is still running.
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { stdoutLogDestination } from './core/log-destination.js';
import { ensurePrivateDir } from './core/private-files.js';

/** The process's log lines, batched (P43): every way out of the process writes the last ones first. */
export const processLogs = stdoutLogDestination();
const exit = (code: number): void => {
  void processLogs.flush().then(() => process.exit(code));
};

/** How long requests and jobs in flight get to finish once the drain is over. */
const SHUTDOWN_GRACE_MS = 30_000;

export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    ensurePrivateDir(config.dataDir);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** SIGTERM/SIGINT: drain (`delayMs`), then close `app` and `alsoClose` (a metrics listener), then exit. */
export function stopOnSignals(app: FastifyInstance, delayMs: number, alsoClose: () => Promise<void> = () => Promise.resolve()): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drain_ms: delayMs }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, delayMs + SHUTDOWN_GRACE_MS);
    force.unref();
    app.drain.draining = true;
    // No new jobs from now on; those running finish while requests drain (app.close waits for them).
    void app.services.jobs.stop();
    new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(() => Promise.all([app.close(), alsoClose()]))
      .then(
        () => exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
}

/** main() failing before the app could log: one line on stderr, exit 1. */
export function exitOnStartFailure(err: unknown): void {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  exit(1);
}
