// Issue 29 §1 (P139): a second, third-party generator nobody here wrote. @hey-api/openapi-ts (its
// fetch client, bundled into the output: no runtime dependency) generates an SDK from the served
// document into a temp dir; the integration program of typed-client.test.ts (quick start, sync,
// reconcile, feeds, webhooks, leads, statistics, sandbox), written against that SDK as an
// integrator would, is type-checked with tsc strict (no cast, no @ts-expect-error) and run against
// a started server. A document that trips hey-api is fixed in the route schemas, never here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import ts from 'typescript';
import { STORE_NAME } from '../support/app.js';
import { ESCAPE_HATCH, startIntegrationServer, type IntegrationServer } from '../support/integration-server.js';

const PROGRAM = `
import { createClient, createConfig, type Client } from './sdk/client/index';
import {
  createInquiry, createSandboxLead, createWebhook, getDealerStats, getFeedImport, getMarket, getMe, getVehicle,
  getVehicleStats, listFeedImports, listFeeds, listLeads, listVehicles, listWebhookDeliveries, listWebhooks,
  markVehicleSold, pushFeed, putVehicle, reconcileVehicles, syncVehicles, testWebhook, updateLead, withdrawVehicle,
} from './sdk/sdk.gen';
import type { PushFeedData, SyncRequest, VehicleInput } from './sdk/types.gen';

export interface Setup {
  baseUrl: string;
  key: string;
  sandboxKey: string;
  feedToken: string;
  photos: (group: string) => string[];
  webhookUrl: string;
  runJobs: () => Promise<void>;
}

// One client per key; the bearer scheme of the document's two (X-API-Key is the other).
const keyed = (baseUrl: string, key: string): Client =>
  createClient(createConfig({ baseUrl, auth: (scheme) => (scheme.type === 'http' ? key : undefined) }));

function must<T>(r: { data?: T; error?: unknown; response?: Response }, status?: number): T {
  if (r.data === undefined || (status !== undefined && r.response?.status !== status)) {
    throw new Error('HTTP ' + String(r.response?.status) + ': ' + JSON.stringify(r.error));
  }
  return r.data;
}

export async function integration(o: Setup) {
  const client = keyed(o.baseUrl, o.key);
  const facts: Record<string, unknown> = {};

  // Quick start.
  const me = must(await getMe({ client }));
  const market = me.dealer.markets[0];
  if (market === undefined) throw new Error('no market');
  const vocabulary = must(await getMarket({ client, path: { code: market } }));
  const car: VehicleInput = {
    brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000,
    fuel: vocabulary.fuels[0], transmission: vocabulary.transmissions[0], condition: vocabulary.conditions[0],
    version: null, color: null, vin: null,
    photos: o.photos('A-1'),
  };
  const created = await putVehicle({ client, path: { external_id: 'A-1' }, body: car });
  const result = must(created, 201);
  facts.created = result.result;
  facts.warnings = result.warnings.length;
  facts.location = created.response.headers.get('location');
  await o.runJobs();
  const got = must(await getVehicle({ client, path: { external_id: 'A-1' } }));
  facts.status = got.vehicle.status;
  const listing = got.vehicle.listing_id;
  const active = must(await listVehicles({ client, query: { status: 'active' } }));
  facts.listed = active.data.map((v) => v.external_id);
  facts.updated = must(await putVehicle({ client, path: { external_id: 'A-1' }, body: { ...car, price: 17900000 } }), 200).result;

  // Sync, then reconcile (dry run first).
  const batch: SyncRequest = { vehicles: [{ external_id: 'B-1', ...car, photos: o.photos('B-1') }], source: 'woocommerce', mark_missing_as_sold: null };
  facts.synced = must(await syncVehicles({ client, body: batch })).created;
  facts.reconcileDryRun = must(await reconcileVehicles({ client, body: { external_ids: ['B-1'], source: 'woocommerce', dry_run: true } })).dry_run;
  facts.reconciled = must(await reconcileVehicles({ client, body: { external_ids: ['B-1'], source: 'woocommerce' } })).kept;

  // Feeds: JSON rows, then the report.
  const rows: PushFeedData['body'] = { vehicles: [{ external_id: 'F-1', brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000, photos: o.photos('F-1') }] };
  facts.pushed = must(await pushFeed({ client, path: { token: o.feedToken }, body: rows })).created;
  const feed = must(await listFeeds({ client })).data[0];
  if (feed === undefined) throw new Error('no feed');
  const last = must(await listFeedImports({ client, path: { id: feed.id } })).data[0];
  if (last === undefined) throw new Error('no import');
  facts.importCreated = must(await getFeedImport({ client, path: { id: feed.id, import_id: last.id } })).import.created;

  // Webhooks: every event offered, tested, its log.
  const offered = must(await listWebhooks({ client })).events;
  const webhook = must(await createWebhook({ client, body: { url: o.webhookUrl, events: offered } }), 201);
  facts.webhookEvents = webhook.events;
  facts.delivered = must(await testWebhook({ client, path: { id: webhook.id } })).delivered;
  facts.deliveries = must(await listWebhookDeliveries({ client, path: { id: webhook.id } })).data.map((d) => d.event_type);

  // Leads: a buyer writes, the CRM moves the lead.
  facts.inquiry = must(
    await createInquiry({ client, path: { listing_id: listing }, body: { name: 'Ana', email: 'ana@example.com', phone: null, message: 'Is it still available?' } }),
    201,
  ).result;
  const lead = must(await listLeads({ client, query: { stage: 'new' } })).data[0];
  if (lead === undefined) throw new Error('no lead');
  facts.stage = must(await updateLead({ client, path: { id: lead.id }, body: { stage: 'contacted' } })).lead.stage;

  // Statistics.
  const carStats = must(await getVehicleStats({ client, path: { external_id: 'A-1' } }));
  facts.carInquiries = carStats.totals.inquiries;
  facts.dealerInquiries = must(await getDealerStats({ client, query: { from: carStats.from, to: carStats.to } })).totals.inquiries;

  // The sandbox.
  const sandbox = keyed(o.baseUrl, o.sandboxKey);
  facts.livemode = me.livemode;
  facts.sandboxLivemode = must(await getMe({ client: sandbox })).livemode;
  facts.sandboxCreated = must(await putVehicle({ client: sandbox, path: { external_id: 'S-1' }, body: { ...car, photos: o.photos('S-1') } }), 201).result;
  await o.runJobs();
  facts.sandboxLead = must(await createSandboxLead({ client: sandbox, body: { external_id: 'S-1', message: 'Is it still available?' } }), 201).lead.external_id;
  const refused = await createSandboxLead({ client, body: { external_id: 'A-1' } });
  facts.liveRefused = [refused.response.status, refused.error?.error.code];

  // The end of a car.
  facts.sold = must(await markVehicleSold({ client, path: { external_id: 'A-1' } })).result;
  facts.withdrawn = must(await withdrawVehicle({ client, path: { external_id: 'B-1' } })).result;
  return facts;
}
`;

describe(`a client generated by @hey-api/openapi-ts runs the integration (${STORE_NAME})`, () => {
  let s: IntegrationServer;

  before(async () => {
    s = await startIntegrationServer('di-hey-api-');
  });
  after(() => s.close());

  test('hey-api generates from the served document, the program compiles strict with no cast, and it runs', { timeout: 120_000 }, async () => {
    const spec = await s.document();
    fs.writeFileSync(path.join(s.dir, 'openapi.json'), JSON.stringify(spec));
    const gen = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/@hey-api/openapi-ts/bin/run.js'),
        '-i',
        path.join(s.dir, 'openapi.json'),
        '-o',
        path.join(s.dir, 'sdk'),
        '-c',
        '@hey-api/client-fetch',
        '--silent',
        '--no-log-file',
      ],
      { cwd: s.dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' } },
    );
    assert.equal(gen.status, 0, `${gen.stdout}\n${gen.stderr}`);
    assert.ok(fs.existsSync(path.join(s.dir, 'sdk', 'sdk.gen.ts')));
    s.write(PROGRAM);

    assert.doesNotMatch(PROGRAM, ESCAPE_HATCH);
    // The generated SDK imports without extensions: a bundler's resolution, as its users compile it.
    const problems = s.typeProblems({
      strict: true,
      noEmit: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      skipLibCheck: true,
      types: [],
    });
    assert.deepEqual(problems, []);

    const facts = await s.run('Autos Hey', spec.servers[0]!.url);
    assert.deepEqual(facts, {
      created: 'created',
      warnings: 0,
      location: `${s.base}/v1/vehicles/A-1`,
      status: 'active',
      listed: ['A-1'],
      updated: 'updated',
      synced: 1,
      reconcileDryRun: true,
      reconciled: 1,
      pushed: 1,
      importCreated: 1,
      webhookEvents: ['lead.created', 'vehicle.sold', 'vehicle.rejected', 'sync.failed'],
      delivered: true,
      deliveries: ['webhook.test'],
      inquiry: 'received',
      stage: 'contacted',
      carInquiries: 1,
      dealerInquiries: 1,
      livemode: true,
      sandboxLivemode: false,
      sandboxCreated: 'created',
      sandboxLead: 'S-1',
      liveRefused: [403, 'sandbox_only'],
      sold: 'sold',
      withdrawn: 'withdrawn',
    });
  });
});
