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
