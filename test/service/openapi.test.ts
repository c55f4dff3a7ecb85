// The OpenAPI document (D4): served without a key, valid for an independent validator,
// an operationId on every operation and a schema for every response.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import SwaggerParser from '@apidevtools/swagger-parser';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';

type Doc = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { operationId?: string; security?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>
  >;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

describe(`OpenAPI (${STORE_NAME})`, () => {
  let t: TestApp;
  let doc: Doc;
  before(async () => {
    t = await makeApp();
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    assert.equal(res.statusCode, 200);
    doc = res.json();
  });
  after(() => t.close());

  test('passes an independent OpenAPI validator with no errors', async () => {
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  test('OpenAPI 3.1, server is {base_url} ending in /v1, paths relative to it', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.match(doc.servers[0]!.url, /\/v1$/);
    for (const p of [
      '/me',
      '/markets/{code}',
      '/catalog/brands',
      '/catalog/brands/{slug}/models',
      '/vehicles',
      '/vehicles/{external_id}',
      '/vehicles/{external_id}/sold',
      '/vehicles/sync',
      '/vehicles/reconcile',
    ]) {
      assert.ok(doc.paths[p], p);
    }
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/v1') || p.startsWith('/docs') || p === '/health'));
  });

  test('every operation has a unique operationId and a schema for each response', () => {
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        assert.ok(op.operationId, `${method} ${p} has an operationId`);
        assert.ok(!ids.has(op.operationId), `operationId ${op.operationId} is unique`);
        ids.add(op.operationId);
        for (const [status, r] of Object.entries(op.responses)) {
          // A redirect (the inquiry form's 303) has no body.
          if (status.startsWith('3')) assert.equal(r.content, undefined, `${method} ${p} ${status} has no body`);
          else assert.ok(r.content?.['application/json']?.schema, `${method} ${p} ${status} has a schema`);
        }
        // Public operations (security: []: the feed push, the buyer inquiry) take no key, so have no 401.
        const keyless = Array.isArray(op.security) && op.security.length === 0;
        for (const s of keyless ? ['400', '429', '500'] : ['400', '401', '429', '500']) {
          assert.deepEqual(op.responses[s]?.content?.['application/json']?.schema, { $ref: '#/components/schemas/Error' }, `${method} ${p} ${s}`);
        }
      }
    }
    for (const id of [
      'getMe',
      'getMarket',
      'listBrands',
      'listModels',
      'listVehicles',
      'getVehicle',
      'putVehicle',
      'withdrawVehicle',
      'markVehicleSold',
      'syncVehicles',
      'reconcileVehicles',
      'pushFeed',
      'listFeeds',
      'listFeedImports',
      'getFeedImport',
    ]) {
      assert.ok(ids.has(id), id);
    }
  });

  test('vehicles: statuses of spec §4 documented with their schemas', () => {
    const put = doc.paths['/vehicles/{external_id}']!.put!;
    assert.ok(put.responses['200'] && put.responses['201'] && put.responses['422']);
    const sync = doc.paths['/vehicles/sync']!.post!;
    assert.ok(sync.responses['200'] && sync.responses['207'] && sync.responses['409'] && sync.responses['413']);
    assert.ok(doc.paths['/vehicles/reconcile']!.post!.responses['409']);
    assert.ok(doc.paths['/vehicles/{external_id}']!.get!.responses['404']);
    for (const name of ['Vehicle', 'VehicleInput', 'VehicleResult', 'VehicleList', 'SyncRequest', 'SyncResult', 'ReconcileRequest', 'ReconcileResult']) {
      assert.ok(doc.components.schemas[name], name);
    }
  });

  test('leads: GET /leads and the public inquiry endpoint (under {base_url} like every operation, no key; P91)', () => {
    const list = doc.paths['/leads']!.get!;
    assert.equal(list.operationId, 'listLeads');
    assert.deepEqual(list.responses['200']!.content!['application/json']!.schema, { $ref: '#/components/schemas/LeadList' });
    for (const name of ['Lead', 'LeadList', 'InquiryInput', 'InquiryResult']) assert.ok(doc.components.schemas[name], name);
    const inquiry = doc.paths['/listings/{listing_id}/inquiries']!.post! as unknown as {
      operationId: string;
      security: unknown[];
      servers?: unknown;
      requestBody: { content: Record<string, unknown> };
      responses: Record<string, unknown>;
    };
    assert.equal(inquiry.operationId, 'createInquiry');
    assert.deepEqual(inquiry.security, []);
    // No operation-level server: generated clients (openapi-fetch, hey-api) ignore one.
    assert.equal(inquiry.servers, undefined);
    assert.deepEqual(Object.keys(inquiry.requestBody.content).sort(), ['application/json', 'application/x-www-form-urlencoded']);
    for (const s of ['201', '303', '400', '404', '413', '429']) assert.ok(inquiry.responses[s], s);
  });

  test('feeds: the push takes no key, documents its content types and statuses; the report has its schemas', () => {
    const push = doc.paths['/feeds/{token}/']!.post! as unknown as {
      security: unknown[];
      requestBody: { content: Record<string, unknown> };
      responses: Record<string, unknown>;
    };
    assert.deepEqual(push.security, []);
    assert.deepEqual(Object.keys(push.requestBody.content).sort(), ['application/json', 'application/xml', 'multipart/form-data', 'text/csv', 'text/xml']);
    for (const s of ['200', '404', '409', '413', '422', '429']) assert.ok(push.responses[s], s);
    assert.ok(!doc.paths['/feeds/{token}'], 'the address without the slash is not listed twice');
    assert.ok(doc.paths['/feeds/{id}/imports']!.get!.responses['404']);
    for (const name of ['FeedPushResult', 'FeedRowError', 'Feed', 'FeedList', 'FeedImport', 'FeedImportSummary', 'FeedImportList'])
      assert.ok(doc.components.schemas[name], name);
  });

  // Issue 29 §1 (P90, P91): what generated clients (openapi-typescript, openapi-fetch, hey-api, Prism) need of the document.
  type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; items?: Schema; type?: unknown; enum?: unknown[]; required?: string[] };
  type Op = {
    operationId: string;
    security?: unknown[];
    parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
    requestBody?: { content: Record<string, { schema: Schema }> };
    responses: Record<string, { headers?: Record<string, { $ref: string }> }>;
  };
  const ops = (): [string, string, Op][] =>
    Object.entries(doc.paths).flatMap(([p, o]) => Object.entries(o).map(([m, op]) => [p, m, op as unknown as Op] as [string, string, Op]));
  const schema = (name: string): Schema => doc.components.schemas[name] as Schema;
  const op = (id: string): Op => ops().find(([, , o]) => o.operationId === id)![2];

  test('a query parameter with a default is never required: GET /vehicles?status=active needs no per_page', () => {
    const param = (id: string, name: string) => op(id).parameters!.find((p) => p.in === 'query' && p.name === name)!;
    for (const [id, name] of [
      ['listVehicles', 'per_page'],
      ['listWebhookDeliveries', 'page'],
      ['listWebhookDeliveries', 'per_page'],
      ['listFeedImports', 'page'],
      ['listFeedImports', 'per_page'],
    ] as const) {
      assert.notEqual(param(id, name).schema.default, undefined, `${id} ${name} has a default`);
      assert.equal(param(id, name).required, false, `${id} ${name}`);
    }
    for (const [p, m, o] of ops()) for (const q of o.parameters ?? []) if (q.in === 'query') assert.notEqual(q.required, true, `${m} ${p} ?${q.name}`);
  });

  test('the feed push: each content type its real schema (JSON rows, not a string)', () => {
    const content = op('pushFeed').requestBody!.content;
    const json = content['application/json']!.schema as { oneOf: Schema[] };
    assert.equal(json.oneOf[0]!.type, 'array');
    assert.equal(json.oneOf[0]!.items!.type, 'object');
    assert.equal(json.oneOf[1]!.type, 'object');
    assert.deepEqual(json.oneOf[1]!.required, ['vehicles']);
    assert.equal(json.oneOf[1]!.properties!.vehicles!.type, 'array');
    for (const type of ['text/csv', 'application/xml', 'text/xml']) assert.equal(content[type]!.schema.type, 'string', type);
    const multipart = content['multipart/form-data']!.schema;
    assert.deepEqual(multipart.required, ['file']);
    assert.equal(multipart.properties!.file!.type, 'string');
  });

  test('every response declares its headers: X-Request-Id, Content-Language, RateLimit-*, Retry-After, Location', () => {
    const headers = doc.components as unknown as { headers: Record<string, { schema: Schema }> };
    assert.deepEqual(headers.headers['Content-Language']!.schema.enum, ['es', 'pt', 'en']);
    const names = (o: Op, status: string) => Object.keys(o.responses[status]!.headers ?? {}).sort();
    for (const [p, m, o] of ops()) {
      const keyed = !(Array.isArray(o.security) && o.security.length === 0);
      for (const status of Object.keys(o.responses)) {
        const h = names(o, status);
        assert.ok(h.includes('X-Request-Id') && h.includes('Content-Language'), `${m} ${p} ${status}`);
        if (status === '429') assert.ok(h.includes('Retry-After'), `${m} ${p} 429 Retry-After`);
        if (keyed && status.startsWith('2'))
          for (const r of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) assert.ok(h.includes(r), `${m} ${p} ${status} ${r}`);
      }
    }
    assert.ok(names(op('pushFeed'), '200').includes('RateLimit-Remaining'), 'the feed push is counted per token');
    for (const [id, status] of [
      ['putVehicle', '201'],
      ['createWebhook', '201'],
      ['createInquiry', '303'],
    ] as const)
      assert.ok(names(op(id), status).includes('Location'), `${id} ${status} Location`);
    // P93: the polling reads answer an ETag and take If-None-Match.
    for (const id of ['listVehicles', 'getVehicle']) {
      for (const status of ['200', '304']) assert.ok(names(op(id), status).includes('ETag'), `${id} ${status} ETag`);
      assert.ok(op(id).parameters!.some((p) => p.in === 'header' && p.name === 'if-none-match'));
    }
  });

  test("nullability: optional inputs take null as the service does; responses keep spec 2.2's strings, null elsewhere", () => {
    const input = schema('VehicleInput');
    for (const name of ['version', 'fuel', 'color', 'description', 'vin', 'photos', 'market', 'source'])
      assert.ok((input.properties![name]!.type as string[]).includes('null'), `VehicleInput.${name} takes null`);
    for (const name of input.required ?? []) assert.ok(!Array.isArray(input.properties![name]!.type), `required VehicleInput.${name} never null`);
    const syncItem = schema('SyncRequest').properties!.vehicles!.items!;
    assert.ok((syncItem.properties!.version!.type as string[]).includes('null'));
    assert.ok((schema('WebhookInput').properties!.events!.type as string[]).includes('null'));
    // Responses: a field spec 2.2 types as string is "" when not given; every other optional field null (P90).
    const vehicle = schema('Vehicle').properties!;
    for (const name of ['version', 'fuel', 'transmission', 'color', 'condition', 'description']) assert.equal(vehicle[name]!.type, 'string', name);
    for (const name of ['vin', 'city']) assert.deepEqual(vehicle[name]!.type, ['string', 'null'], name);
  });

  test('closed reference sets are enums; WebhookList.events is what WebhookInput.events takes', () => {
    const market = schema('Market').properties!;
    for (const name of ['fuels', 'transmissions', 'conditions']) assert.ok((market[name]!.items!.enum ?? []).length > 0, `Market.${name}`);
    assert.ok((schema('Account').properties!.dealer!.properties!.markets!.items!.enum ?? []).includes('ar'));
    assert.ok((schema('Feed').properties!.source!.enum ?? []).includes('feed'));
    assert.ok((schema('Feed').properties!.market!.enum ?? []).includes('ar'));
    assert.ok((schema('Delivery').properties!.event_type!.enum ?? []).includes('webhook.test'));
    assert.deepEqual(schema('WebhookList').properties!.events!.items!.enum, schema('WebhookInput').properties!.events!.items!.enum);
  });

  test("PUT's VehicleResult always has warnings; DELETE and sold answer VehicleStateResult; tags declared; stock IDs at most 80", () => {
    assert.ok(schema('VehicleResult').required!.includes('warnings'));
    assert.ok(!('warnings' in schema('VehicleStateResult').properties!));
    const ref = (id: string, status: string) =>
      (op(id).responses[status] as unknown as { content: Record<string, { schema: { $ref: string } }> }).content['application/json']!.schema.$ref;
    assert.equal(ref('putVehicle', '201'), '#/components/schemas/VehicleResult');
    assert.equal(ref('withdrawVehicle', '200'), '#/components/schemas/VehicleStateResult');
    assert.equal(ref('markVehicleSold', '200'), '#/components/schemas/VehicleStateResult');
    const declared = new Set((doc as unknown as { tags: { name: string }[] }).tags.map((t) => t.name));
    for (const [p, m, o] of ops()) for (const tag of (o as unknown as { tags: string[] }).tags) assert.ok(declared.has(tag), `${m} ${p} tag ${tag}`);
    assert.equal(schema('SyncRequest').properties!.vehicles!.items!.properties!.external_id!.maxLength, 80);
    assert.equal(schema('ReconcileRequest').properties!.external_ids!.items!.maxLength, 80);
    assert.equal(op('getVehicle').parameters!.find((p) => p.name === 'external_id')!.schema.maxLength, 80);
    // Only the document states it: the service counts after NFC and trimming (D26), so a padded ID of 80 is taken.
    assert.ok(!JSON.stringify(doc).includes('x-max-length'));
  });

  test('both key headers are security schemes, required by default', () => {
    assert.deepEqual(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer dik_…' });
    assert.equal((doc.components.securitySchemes.apiKeyHeader as { name: string }).name, 'X-API-Key');
    assert.ok(doc.components.schemas.Error && doc.components.schemas.Account && doc.components.schemas.Market);
  });

  test('interactive docs are served at /v1/docs without a key', async () => {
    const res = await t.app.inject({ url: '/v1/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /text\/html/);
  });
});
