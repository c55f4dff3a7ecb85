// METRICS_PORT (P38): a listener of its own that serves only GET /metrics, for a port kept off
// the public network and for the worker process, which has no HTTP API. With METRICS_TOKEN set
// the token is required here too.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../errors.js';
import { msg, pickLang } from '../i18n/index.js';
import { bearerMatches, metricsUnauthorized } from './access.js';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  /** The port listened on (the one asked for, or the one given for 0). */
  port: number;
  close(): Promise<void>;
}

function sendError(req: http.IncomingMessage, res: http.ServerResponse, err: ApiError): void {
  const lang = pickLang(req.headers['accept-language'], 'en');
  res.writeHead(err.status, { 'content-type': 'application/json; charset=utf-8', 'content-language': lang }).end(JSON.stringify(err.toBody(lang)));
}

export async function startMetricsServer(metrics: Metrics, host: string, port: number, token?: string): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      sendError(req, res, new ApiError('not_found', msg('metrics_only')));
      return;
    }
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
      sendError(req, res, metricsUnauthorized());
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : text),
      () => sendError(req, res, new ApiError('internal_error', msg('metrics_unreadable'))),
    );
  });
  // A scraper keeps its connection open between scrapes; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
