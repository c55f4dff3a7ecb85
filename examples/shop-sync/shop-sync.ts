// An integration written with @dealer-inventory/client (issue 29 §4, P130): a shop's stock, kept
// in a CSV file of its own, is published with syncStock (cars missing from the file become sold),
// and the service's webhooks are received on a local HTTPS server (a self-signed certificate made
// with openssl at start) whose every delivery is checked with verifyWebhook before it is trusted.
//
//   DI_BASE_URL=https://api.example.com/v1 DI_API_KEY=dik_… node --import tsx examples/shop-sync/shop-sync.ts
//   (optional: STOCK_CSV=file.csv  PORT=8443  WEBHOOK_HOST=the name the service reaches this machine by)
//
// In the repository the client is imported by path; an integrator writes
// `import { createClient, verifyWebhook } from '@dealer-inventory/client'`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, verifyWebhook, type StockCar, type SyncStockResult, type WebhookEvent } from '../../packages/client/src/index.js';

/** The shop's file: one car a line; `sku` is the stock ID, photos are separated by `|`. No quoted commas in this simple format. */
export function readStock(file: string): StockCar[] {
  const [head, ...lines] = fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const columns = (head ?? '').split(',').map((c) => c.trim());
  return lines.map((line) => {
    const cells = line.split(',');
    const v = (name: string) => cells[columns.indexOf(name)]?.trim() ?? '';
    const transmission = v('transmission');
    return {
      external_id: v('sku'),
      brand: v('brand'),
      model: v('model'),
      year: Number(v('year')),
      price: Number(v('price')),
      mileage: Number(v('mileage')),
      fuel: v('fuel') || null,
      transmission: transmission === 'manual' || transmission === 'automatic' ? transmission : null,
      color: v('color') || null,
      photos: v('photos').split('|').filter(Boolean),
    };
  });
}

/** A self-signed certificate for `host` and 127.0.0.1, made with openssl (valid two days). */
export function selfSignedCertificate(host = 'localhost'): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sync-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ].concat(['-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host},IP:127.0.0.1`]),
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ShopSyncOptions {
  baseUrl: string;
  apiKey: string;
  csvFile: string;
  /** The name the service reaches this machine by (default localhost). */
  webhookHost?: string;
  /** Port of the HTTPS receiver (default 0: any free port). */
  port?: number;
  /** A certificate to serve (default: a self-signed one made now). */
  tls?: { key: string; cert: string };
  /** Called with each delivery whose signature checked out. */
  onEvent?: (event: WebhookEvent) => void;
}

export interface ShopSync {
  published: SyncStockResult;
  webhookUrl: string;
  /** Deliveries received and verified, in arrival order. */
  events: WebhookEvent[];
  /** Deliveries refused (bad or missing signature). */
  refused: number;
  close(): Promise<void>;
}

export async function runShopSync(o: ShopSyncOptions): Promise<ShopSync> {
  const client = createClient({ baseUrl: o.baseUrl, apiKey: o.apiKey });
  const host = o.webhookHost ?? 'localhost';
  const events: WebhookEvent[] = [];
  const state = { refused: 0, secret: '' };

  // 1. The receiver: the raw body is kept as bytes, verified, and only then parsed and trusted.
  const server = https.createServer(o.tls ?? selfSignedCertificate(host), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      verifyWebhook(Buffer.concat(chunks), req.headers['x-service-signature'], state.secret, { tolerance: 300 }).then(
        (event) => {
          events.push(event);
          o.onEvent?.(event);
          res.writeHead(200).end('ok');
        },
        () => {
          state.refused++;
          res.writeHead(400).end('bad signature');
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, resolve));
  const webhookUrl = `https://${host}:${(server.address() as AddressInfo).port}/webhooks`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));

  try {
    // 2. One subscription to this receiver (an earlier run's is replaced: its secret is gone).
    const hooks = await client.webhooks.list();
    for (const old of hooks.data.filter((h) => h.url === webhookUrl)) await client.webhooks.delete(old.id);
    const hook = await client.webhooks.create({ url: webhookUrl, events: hooks.events });
    state.secret = hook.secret;

    // 3. The whole stock, whatever its size: chunks of 500, then one reconcile.
    const published = await client.syncStock(readStock(o.csvFile), { source: 'woocommerce', markMissingAsSold: true });

    // 4. Ask the service for a signed test delivery, to know the receiver is reachable.
    await client.webhooks.test(hook.id);
    return {
      published,
      webhookUrl,
      events,
      get refused() {
        return state.refused;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const baseUrl = process.env.DI_BASE_URL;
  const apiKey = process.env.DI_API_KEY;
  if (!baseUrl || !apiKey) {
    console.error('Set DI_BASE_URL (…/v1) and DI_API_KEY.');
    process.exit(2);
  }
  const run = await runShopSync({
    baseUrl,
    apiKey,
    csvFile: process.env.STOCK_CSV ?? fileURLToPath(new URL('stock.csv', import.meta.url)),
    ...(process.env.WEBHOOK_HOST ? { webhookHost: process.env.WEBHOOK_HOST } : {}),
    ...(process.env.PORT ? { port: Number(process.env.PORT) } : {}),
    onEvent: (e) => console.log(`webhook ${e.type} ${e.id} (signature verified)`),
  });
  const p = run.published;
  console.log(`published: ${p.created} created, ${p.updated} updated, ${p.errors.length} refused, ${p.reconcile?.sold ?? 0} marked sold`);
  for (const e of p.errors) console.log(`  ${e.external_id}: ${e.message}`);
  console.log(`receiving webhooks at ${run.webhookUrl} (Ctrl-C to stop)`);
  process.on('SIGINT', () => void run.close().then(() => process.exit(0)));
}
