// The OpenAPI description is a contract others build on: a typed client generated from it with
// openapi-typescript must let a small integration program type-check — and must refuse what the
// API refuses (an unknown status, error code or market), or the types would be `string` in name only.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { makeApp, STORE_NAME, type TestApp } from '../support/app.js';

const PROGRAM = `
import type { components, paths } from './api.js';

type Vehicle = components['schemas']['Vehicle'];
type PutBody = paths['/vehicles/{external_id}']['put']['requestBody']['content']['application/json'];
type VehicleList = paths['/vehicles']['get']['responses'][200]['content']['application/json'];
type ListQuery = NonNullable<paths['/vehicles']['get']['parameters']['query']>;
type ErrorCode = components['schemas']['Error']['error']['code'];

export const body: PutBody = {
  brand: 'Toyota', model: 'Corolla', year: 2019, price: 18500000, mileage: 45000,
  photos: ['https://dealer.example/1.jpg', 'https://dealer.example/2.jpg', 'https://dealer.example/3.jpg'],
};
export const label = (v: Vehicle): string => v.external_id + ' ' + v.status + ' ' + v.price.toUpperCase() + ' ' + v.review_reasons.join('; ');
export const query: ListQuery = { status: 'active', per_page: 100, cursor: 'abc' };
export const nextPage = (list: VehicleList): string | null => list.next_cursor;
export const retryable = (code: ErrorCode): boolean => code === 'rate_limited' || code === 'internal_error';

// What the API refuses, the types refuse.
// @ts-expect-error not a status
export const wrongStatus: Vehicle['status'] = 'flying';
// @ts-expect-error not an error code
export const wrongCode: ErrorCode = 'teapot';
// @ts-expect-error not a market
export const wrongMarket: Vehicle['market'] = 'xx';
// @ts-expect-error brand is required
export const missingBrand: PutBody = { model: 'Corolla', year: 2019, price: 1, mileage: 0 };
// @ts-expect-error price is a string, never null
export const nullPrice: Vehicle['price'] = null;
`;

describe(`a typed client generated from the OpenAPI description (${STORE_NAME})`, () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    t = await makeApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'di-client-'));
  });
  after(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks an integration program and refuses what the API refuses', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(spec)));
    fs.writeFileSync(path.join(dir, 'client.ts'), PROGRAM);
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    assert.deepEqual(problems, []);
  });
});
