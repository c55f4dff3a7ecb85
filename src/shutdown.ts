// Starting and stopping a process (P36, P37), shared by server.ts and worker.ts: a bad
// configuration stops the start with one line; SIGTERM or SIGINT drains for SHUTDOWN_DELAY,
// then closes the app (requests and jobs in flight finish), then exits 0; past the grace period
// the process exits 1 whatever is still running.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './core/config.js';

/** How long requests and jobs in flight get to finish once the drain is over. */
const SHUTDOWN_GRACE_MS = 30_000;

export function loadConfigOrExit(): Config {
  try {
    const config = loadConfig();
    fs.mkdirSync(config.dataDir, { recursive: true });
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

/** SIGTERM/SIGINT: drain (`delayMs`), then close `app`, then exit. */
export function stopOnSignals(app: FastifyInstance, delayMs: number): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drain_ms: delayMs }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, delayMs + SHUTDOWN_GRACE_MS);
    force.unref();
    app.drain.draining = true;
    // No new jobs from now on; those running finish while requests drain (app.close waits for them).
    void app.services.jobs.stop();
    new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
}

/** main() failing before the app could log: one line on stderr, exit 1. */
export function exitOnStartFailure(err: unknown): never {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
