// Starts the service: HTTP API and background workers in one process (D1). JOB_CONCURRENCY=0
// makes it API only; worker.ts is the other role, jobs without a listener (P36).
import { buildApp } from './app.js';
import { exitOnStartFailure, loadConfigOrExit, stopOnSignals } from './shutdown.js';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const app = await buildApp({ config });
  app.services.jobs.start();
  stopOnSignals(app, config.shutdownDelayMs);
  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicBaseUrl, store: config.databaseUrl.split(':')[0] }, 'dealer inventory ready');
}

main().catch(exitOnStartFailure);
