// Starts a worker-only process (P36): the same services and background tasks as the server, no
// HTTP listener. Scale jobs apart from the API with it (and JOB_CONCURRENCY=0 on the API side).
import { buildApp } from './app.js';
import { assertProductionPasswordCost } from './modules/users/password.js';
import { startMetricsServer } from './core/metrics/server.js';
import { exitOnStartFailure, loadConfigOrExit, processLogs, stopOnSignals } from './shutdown.js';
import { mapStacksLazily } from './core/source-maps.js';

async function main(): Promise<void> {
  mapStacksLazily();
  assertProductionPasswordCost();
  const config = loadConfigOrExit();
  if (config.jobConcurrency === 0) {
    process.stderr.write('Invalid configuration: JOB_CONCURRENCY must be at least 1 for a worker process\n');
    process.exit(1);
  }
  const app = await buildApp({ config, logStream: processLogs });
  await app.ready();
  app.services.jobs.start();
  // The app's routes are never served; METRICS_PORT gives the worker a listener for /metrics only.
  const metricsServer =
    config.metricsPort === undefined ? undefined : await startMetricsServer(app.services.metrics, config.host, config.metricsPort, config.metricsToken);
  // Nothing else listens, so there is nothing to drain: SIGTERM lets the jobs in flight finish at once.
  stopOnSignals(app, 0, async () => metricsServer?.close());
  app.log.info({ store: config.databaseUrl.split(':')[0], concurrency: config.jobConcurrency }, 'dealer inventory worker ready');
}

main().catch(exitOnStartFailure);
