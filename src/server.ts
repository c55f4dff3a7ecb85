// Starts the service: HTTP API and background workers in one process (D1). JOB_CONCURRENCY=0
// makes it API only; worker.ts is the other role, jobs without a listener (P36).
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { SERVED_BASE_URL_FILE } from './core/config.js';
import { assertProductionPasswordCost } from './modules/users/password.js';
import { startMetricsServer, type MetricsServer } from './core/metrics/server.js';
import { startInboundSmtp, type InboundSmtp } from './modules/leads/inbound-smtp.js';
import { exitOnStartFailure, loadConfigOrExit, processLogs, stopOnSignals } from './shutdown.js';
import { mapStacksLazily } from './core/source-maps.js';

async function main(): Promise<void> {
  mapStacksLazily();
  assertProductionPasswordCost();
  const config = loadConfigOrExit();
  const app = await buildApp({ config, logStream: processLogs });
  app.services.jobs.start();
  let metricsServer: MetricsServer | undefined;
  let inboundSmtp: InboundSmtp | undefined;
  stopOnSignals(app, config.shutdownDelayMs, async () => {
    await Promise.all([metricsServer?.close(), inboundSmtp?.close()]);
  });
  await app.listen({ port: config.port, host: config.host });
  // The operator's command line prints links to this address (config.ts, P162).
  fs.writeFileSync(path.join(config.dataDir, SERVED_BASE_URL_FILE), `${config.publicBaseUrl}\n`);
  if (config.metricsPort !== undefined) metricsServer = await startMetricsServer(app.services.metrics, config.host, config.metricsPort, config.metricsToken);
  // D40, P201: this process, not a worker-only one, takes buyers' answers by SMTP.
  if (config.inboundSmtpPort !== undefined)
    inboundSmtp = await startInboundSmtp(app.services, {
      host: config.host,
      port: config.inboundSmtpPort,
      domain: config.mailReplyDomain,
      log: app.log.child({ component: 'inbound-smtp' }),
    });
  app.log.info({ url: config.publicBaseUrl, store: config.databaseUrl.split(':')[0], inbound_smtp: inboundSmtp?.port }, 'dealer inventory ready');
}

main().catch(exitOnStartFailure);
