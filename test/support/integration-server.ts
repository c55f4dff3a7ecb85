// The integration tests of issue 29 §1 (P90, P91, P139, P140) share this: a started server (on
// loopback, its photo host and webhook receiver beside it) that a generated client's program runs
// against, the dealership it runs as, and the program itself. PROGRAM is written as an integrator
// would with openapi-fetch against the `paths` openapi-typescript generates from the served
// document (a tiny fetch wrapper as strict as openapi-fetch): every call of the quick start, sync,
// reconcile, feeds, webhooks, leads, statistics and the sandbox. typed-client.test.ts type-checks
// it and runs it; prism-proxy.test.ts runs it through Prism's validating proxy; hey-api-client.test.ts
// runs its own program (against hey-api's SDK) on the same server. A program's text is written to
// the server's temp dir beside what was generated from the document.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { createOutbound } from '../../src/core/outbound/fetcher.js';
import { createFeed } from '../../src/modules/feeds/service.js';
import { createKey } from '../../src/modules/keys/service.js';
import { makeApp, type TestApp } from './app.js';
import { seedDealer } from './dealers.js';
import { PhotoHost } from './photos.js';
import { freePort } from './server-process.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';

/** A program's escape hatches: a cast, a @ts- comment, `any`, a non-null assertion. None is allowed. */
export const ESCAPE_HATCH = /\bas (?!const\b)\w|@ts-|\bany\b|!\./;

export interface IntegrationServer {
  t: TestApp;
  /** The server's address (http://127.0.0.1:<port>), its PUBLIC_BASE_URL. */
  base: string;
  /** A temp dir of the test's own, removed on close. */
  dir: string;
  /** The served OpenAPI document. */
  document(): Promise<{ servers: { url: string }[] }>;
  /** Writes the program's text to dir/integration.ts. */
  write(program: string): void;
  /** Type-checks dir/integration.ts with these options: each problem as "<file>:<offset>: <message>". */
  typeProblems(options: ts.CompilerOptions): string[];
  /** Makes a dealership (a live key, a sandbox key, a feed) and runs dir/integration.ts as it against `baseUrl`: the facts it saw. */
  run(dealerName: string, baseUrl: string): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts the server (its outbound calls reach the photo host and hooks.test, the receiver, both on loopback). */
export async function startIntegrationServer(tempPrefix: string): Promise<IntegrationServer> {
  const host = new PhotoHost();
  await host.start();
  const rx: Receiver = await startReceiver();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await makeApp({
    env: { PUBLIC_BASE_URL: base, OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' },
    outbound: createOutbound({ allowPrivateNetworks: true, resolve: async () => [{ address: '127.0.0.1', family: 4 }], ca: rx.cert }),
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  const file = path.join(dir, 'integration.ts');
  return {
    t,
    base,
    dir,
    async document() {
      return (await (await fetch(`${base}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
    },
    write(program) {
      fs.writeFileSync(file, program);
    },
    typeProblems(options) {
      const program = ts.createProgram([file], options);
      return ts
        .getPreEmitDiagnostics(program)
        .map((d) => `${d.file ? path.relative(dir, d.file.fileName) : ''}:${d.start ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    },
    async run(dealerName, baseUrl) {
      const dealer = await seedDealer(t, { name: dealerName });
      const { token } = await createFeed(t.store, t.clock, base, { dealer: dealer.slug });
      const mod = (await import(file)) as { integration: (o: unknown) => Promise<Record<string, unknown>> };
      return mod.integration({
        baseUrl,
        key: dealer.key,
        sandboxKey: (await createKey(t.store.db, t.clock, { dealer: dealer.slug, name: 'sandbox', sandbox: true })).key,
        feedToken: token,
        photos: (group: string) => host.urls(group, 3),
        webhookUrl: rx.url('/ok'),
        runJobs: () => t.app.services.jobs.runDue(),
      });
    },
    async close() {
      await t.close();
      await host.stop();
      await rx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const PROGRAM = `
import type { components, paths } from './api.js';

// ---- the wrapper: what openapi-fetch does, in a few lines --------------------------------------
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type Ok<O> = O extends { responses: infer R } ? Json<R[Extract<keyof R, 200 | 201 | 207>]> : never;
type Init<O> = {
  query?: O extends { parameters: { query?: infer Q } } ? Q : never;
  path?: O extends { parameters: { path: infer P } } ? P : never;
  body?: O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
};
type ApiError = components['schemas']['Error'];
export type Result<T> = { status: number; data: T | undefined; error: ApiError | undefined; headers: Headers };

function client(baseUrl: string, key: string) {
  const send = async (method: Method, template: string, init: { query?: unknown; path?: unknown; body?: unknown }) => {
    let url = template;
    if (init.path && typeof init.path === 'object') for (const [k, v] of Object.entries(init.path)) url = url.replace('{' + k + '}', encodeURIComponent(String(v)));
    const search = new URLSearchParams();
    if (init.query && typeof init.query === 'object') for (const [k, v] of Object.entries(init.query)) if (v !== undefined) search.set(k, String(v));
    const qs = search.size > 0 ? '?' + search.toString() : '';
    const res = await fetch(baseUrl + url + qs, {
      method: method.toUpperCase(),
      headers: { authorization: 'Bearer ' + key, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const json = res.status === 204 ? undefined : await res.json();
    return { status: res.status, data: res.ok ? json : undefined, error: res.ok ? undefined : json, headers: res.headers };
  };
  return <P extends keyof paths, M extends Method>(path: P, method: M, init: Init<paths[P][M]> = {}): Promise<Result<Ok<paths[P][M]>>> =>
    send(method, path, init);
}

function must<T>(r: Result<T>, status?: number): T {
  if (r.data === undefined || (status !== undefined && r.status !== status)) throw new Error('HTTP ' + r.status + ': ' + JSON.stringify(r.error));
  return r.data;
}

// ---- the integration -----------------------------------------------------------------------------
export interface Setup {
  baseUrl: string;
  key: string;
  sandboxKey: string;
  feedToken: string;
  photos: (group: string) => string[];
  webhookUrl: string;
  runJobs: () => Promise<void>;
}

type VehicleInput = components['schemas']['VehicleInput'];
type SyncRequest = components['schemas']['SyncRequest'];
type FeedPush = paths['/feeds/{token}/']['post']['requestBody']['content']['application/json'];

export async function integration(o: Setup) {
  const api = client(o.baseUrl, o.key);
  const facts: Record<string, unknown> = {};

  // Quick start: who am I, my market's vocabulary, one car in, read back, listed, updated.
  const me = must(await api('/me', 'get'));
  const market = me.dealer.markets[0];
  if (market === undefined) throw new Error('no market');
  const vocabulary = must(await api('/markets/{code}', 'get', { path: { code: market } }));
  const car: VehicleInput = {
    brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000,
    fuel: vocabulary.fuels[0], transmission: vocabulary.transmissions[0], condition: vocabulary.conditions[0],
    version: null, color: null, vin: null, // null is "not given" for the service too
    photos: o.photos('A-1'),
  };
  const created = await api('/vehicles/{external_id}', 'put', { path: { external_id: 'A-1' }, body: car });
  const result = must(created, 201);
  facts.created = result.result;
  facts.warnings = result.warnings.length; // always given on PUT: no optional chaining needed
  facts.location = created.headers.get('location');
  facts.requestId = created.headers.get('x-request-id');
  facts.rateLimit = created.headers.get('ratelimit-limit');
  await o.runJobs();
  const got = must(await api('/vehicles/{external_id}', 'get', { path: { external_id: 'A-1' } }));
  facts.status = got.vehicle.status;
  facts.version = got.vehicle.version;
  const listing = got.vehicle.listing_id;
  const active = must(await api('/vehicles', 'get', { query: { status: 'active' } })); // no per_page: it has a default
  facts.listed = active.data.map((v) => v.external_id);
  facts.nextCursor = active.next_cursor;
  facts.updated = must(await api('/vehicles/{external_id}', 'put', { path: { external_id: 'A-1' }, body: { ...car, price: 17900000 } }), 200).result;

  // Sync a batch, then reconcile the whole list (dry run first).
  const batch: SyncRequest = { vehicles: [{ external_id: 'B-1', ...car, photos: o.photos('B-1') }], source: 'woocommerce', mark_missing_as_sold: null };
  const synced = must(await api('/vehicles/sync', 'post', { body: batch }));
  facts.synced = synced.created;
  const plan = must(await api('/vehicles/reconcile', 'post', { body: { external_ids: ['B-1'], source: 'woocommerce', dry_run: true } }));
  facts.reconcileDryRun = plan.dry_run;
  facts.reconciled = must(await api('/vehicles/reconcile', 'post', { body: { external_ids: ['B-1'], source: 'woocommerce' } })).kept;

  // Feeds: push the file in JSON rows (not a string), then read the report.
  const rows: FeedPush = { vehicles: [{ external_id: 'F-1', brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000, photos: o.photos('F-1') }] };
  const pushed = must(await api('/feeds/{token}/', 'post', { path: { token: o.feedToken }, body: rows }));
  facts.pushed = pushed.created;
  const feeds = must(await api('/feeds', 'get')).data;
  const feed = feeds[0];
  if (feed === undefined) throw new Error('no feed');
  facts.feedSource = feed.source;
  const imports = must(await api('/feeds/{id}/imports', 'get', { path: { id: feed.id } })); // no page/per_page
  const last = imports.data[0];
  if (last === undefined) throw new Error('no import');
  facts.importCreated = must(await api('/feeds/{id}/imports/{import_id}', 'get', { path: { id: feed.id, import_id: last.id } })).import.created;

  // Webhooks: subscribe to every event the list offers (no cast), test it, read its log.
  const offered = must(await api('/webhooks', 'get')).events;
  const hook = await api('/webhooks', 'post', { body: { url: o.webhookUrl, events: offered } });
  const webhook = must(hook, 201);
  facts.webhookLocation = hook.headers.get('location');
  facts.webhookEvents = webhook.events;
  facts.delivered = must(await api('/webhooks/{id}/test', 'post', { path: { id: webhook.id } })).delivered;
  const log = must(await api('/webhooks/{id}/deliveries', 'get', { path: { id: webhook.id } })); // no page/per_page
  facts.deliveries = log.data.map((d) => d.event_type);

  // Leads: a buyer writes (the inquiry endpoint under the same base URL), the CRM moves the lead.
  const inquiry = must(
    await api('/listings/{listing_id}/inquiries', 'post', {
      path: { listing_id: listing },
      body: { name: 'Ana', email: 'ana@example.com', phone: null, message: 'Is it still available?' },
    }),
    201,
  );
  facts.inquiry = inquiry.result;
  const leads = must(await api('/leads', 'get', { query: { stage: 'new' } })).data;
  const lead = leads[0];
  if (lead === undefined) throw new Error('no lead');
  facts.stage = must(await api('/leads/{id}', 'patch', { path: { id: lead.id }, body: { stage: 'contacted' } })).lead.stage;

  // Statistics (D34): the car's figures (the inquiry above counted) and the dealership's.
  const carStats = must(await api('/vehicles/{external_id}/stats', 'get', { path: { external_id: 'A-1' } })); // no from/to: defaults
  facts.carInquiries = carStats.totals.inquiries;
  facts.daysOnMarket = carStats.days_on_market;
  facts.prices = carStats.price_history.map((p) => p.price);
  const dealerStats = must(await api('/stats', 'get', { query: { from: carStats.from, to: carStats.to } }));
  facts.dealerInquiries = dealerStats.totals.inquiries;
  facts.statsCars = dealerStats.vehicles.map((v) => v.external_id);

  // The sandbox (D35): a dik_test_ key, its own car, a buyer made to write; a live key may not.
  const sandbox = client(o.baseUrl, o.sandboxKey);
  facts.livemode = me.livemode;
  facts.sandboxLivemode = must(await sandbox('/me', 'get')).livemode;
  facts.sandboxCreated = must(await sandbox('/vehicles/{external_id}', 'put', { path: { external_id: 'S-1' }, body: { ...car, photos: o.photos('S-1') } }), 201).result;
  await o.runJobs();
  const sandboxLead = must(await sandbox('/sandbox/leads', 'post', { body: { external_id: 'S-1', message: 'Is it still available?' } }), 201);
  facts.sandboxLead = sandboxLead.lead.external_id;
  facts.sandboxLeads = must(await sandbox('/leads', 'get')).data.map((l) => l.external_id);
  const refused = await api('/sandbox/leads', 'post', { body: { external_id: 'A-1' } });
  facts.liveRefused = [refused.status, refused.error?.error.code];
  facts.liveLeads = must(await api('/leads', 'get')).data.map((l) => l.external_id);

  // The end of a car: sold, and another withdrawn.
  facts.sold = must(await api('/vehicles/{external_id}/sold', 'post', { path: { external_id: 'A-1' } })).result;
  facts.withdrawn = must(await api('/vehicles/{external_id}', 'delete', { path: { external_id: 'B-1' } })).result;
  return facts;
}
`;

/** What the program's run must have seen (`base`: the server's address). */
export function checkFacts(facts: Record<string, unknown>, base: string): void {
  assert.equal(facts.created, 'created');
  assert.equal(facts.warnings, 0);
  assert.equal(facts.location, `${base}/v1/vehicles/A-1`);
  assert.match(String(facts.requestId), /./);
  assert.match(String(facts.rateLimit), /^\d+$/);
  assert.equal(facts.status, 'active');
  assert.equal(facts.version, '', 'spec 2.2\'s string fields answer "" when not given (P90)');
  assert.deepEqual(facts.listed, ['A-1']);
  assert.equal(facts.nextCursor, null);
  assert.equal(facts.updated, 'updated');
  assert.equal(facts.synced, 1);
  assert.equal(facts.reconcileDryRun, true);
  assert.equal(facts.reconciled, 1);
  assert.equal(facts.pushed, 1);
  assert.equal(facts.feedSource, 'feed');
  assert.equal(facts.importCreated, 1);
  assert.match(String(facts.webhookLocation), new RegExp(`^${base}/v1/webhooks/\\d+$`));
  assert.deepEqual(facts.webhookEvents, ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed']);
  assert.equal(facts.delivered, true);
  assert.deepEqual(facts.deliveries, ['webhook.test']);
  assert.equal(facts.inquiry, 'received');
  assert.equal(facts.stage, 'contacted');
  assert.equal(facts.carInquiries, 1);
  assert.equal(facts.daysOnMarket, 0);
  assert.deepEqual(facts.prices, ['18500000.00', '17900000.00']);
  assert.equal(facts.dealerInquiries, 1);
  assert.deepEqual(facts.statsCars, ['A-1']);
  assert.equal(facts.livemode, true);
  assert.equal(facts.sandboxLivemode, false);
  assert.equal(facts.sandboxCreated, 'created');
  assert.equal(facts.sandboxLead, 'S-1');
  assert.deepEqual(facts.sandboxLeads, ['S-1']);
  assert.deepEqual(facts.liveRefused, [403, 'sandbox_only']);
  assert.deepEqual(facts.liveLeads, ['A-1'], "the sandbox lead is not the live dealership's");
  assert.equal(facts.sold, 'sold');
  assert.equal(facts.withdrawn, 'withdrawn');
}
