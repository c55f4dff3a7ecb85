// Starts the service: HTTP API and background workers in one process (D1).
import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './core/config.js';
import { startMetricsServer, type MetricsServer } from './core/metrics/server.js';
import { stdoutLogDestination } from './core/log-destination.js';

const SHUTDOWN_GRACE_MS = 30_000;

// Log lines are batched (P43): every way out of the process writes the last ones first.
const logs = stdoutLogDestination();
const exit = (code: number): void => {
  void logs.flush().then(() => process.exit(code));
};

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });

  const app = await buildApp({ config, logStream: logs });
  app.services.jobs.start();
  let metricsServer: MetricsServer | undefined;

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    Promise.all([app.close(), metricsServer?.close()]).then(
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

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort !== undefined) metricsServer = await startMetricsServer(app.services.metrics, config.host, config.metricsPort, config.metricsToken);
  app.log.info({ url: config.publicBaseUrl, store: config.databaseUrl.split(':')[0] }, 'dealer inventory ready');
}

main().catch((err: unknown) => {
  process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  exit(1);
});
