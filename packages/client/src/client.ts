// The client (P127, P128): openapi-fetch typed by schema.d.ts (generated from the served
// document), with the key in a header, retries of what may be repeated, methods that return the
// answer's data or throw an ApiError, cursor iteration over the car list, and syncStock (spec §4
// rule 3). Every parameter and answer type is read from the generated `paths`; none is written here.
import createFetchClient from 'openapi-fetch';
import { ApiError, SoldGuardError, toApiError } from './errors.js';
import { retryingFetch } from './retry.js';
import type { components, paths } from './schema.js';

export interface ClientOptions {
  /** The API's base URL, ending with /v1 (spec §9), e.g. https://api.example.com/v1. */
  baseUrl: string;
  /** A key from the dealer panel (`dik_…`). */
  apiKey: string;
  /** Which of spec §5's headers carries the key: `Authorization: Bearer` (default) or `X-API-Key`. */
  authHeader?: 'authorization' | 'x-api-key';
  /** Tries per repeatable call, the first included (default 3; 1 turns retries off). */
  maxAttempts?: number;
  /** A Retry-After longer than this many ms is not waited for (default 60 000). */
  maxRetryDelayMs?: number;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** How to wait between tries (default setTimeout). */
  sleep?: (ms: number) => Promise<void>;
}

type Schemas = components['schemas'];
type Query<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type Vehicle = Schemas['Vehicle'];
export type VehicleInput = Schemas['VehicleInput'];
/** One car of a sync: a VehicleInput with its `external_id`. */
export type StockCar = Schemas['SyncRequest']['vehicles'][number];
export type ListVehiclesQuery = Omit<Query<'/vehicles', 'get'>, 'cursor' | 'page'>;
export type Lead = Schemas['Lead'];
export type ListLeadsQuery = Omit<Query<'/leads', 'get'>, 'cursor'>;
type Source = NonNullable<Schemas['SyncRequest']['source']>;

export interface SyncStockOptions {
  /** The cars' source (spec 2.1; default `api`): only this source's cars are ever marked sold. */
  source?: Source;
  /** The market, for accounts selling in several. */
  market?: string;
  /** After the last chunk, one reconcile with every stock ID given: the source's other cars become sold. */
  markMissingAsSold?: boolean;
  /** Lets the reconcile through the mass-sold guard (spec §8). */
  allowMassSold?: boolean;
  /** Nothing is changed: each chunk and the reconcile answer what they would do (D30). */
  dryRun?: boolean;
  /** Cars per sync call (default 500, the most spec §8 allows). */
  chunkSize?: number;
}

type SyncError = Schemas['SyncResult']['errors'][number];
type SyncWarning = Schemas['SyncResult']['warnings'][number];

export interface SyncStockResult {
  created: number;
  updated: number;
  /** Cars refused, with `index` in the whole list given (not in its chunk). */
  errors: SyncError[];
  warnings: SyncWarning[];
  /** Sync calls made. */
  chunks: number;
  /** The reconcile's answer, when one was made. */
  reconcile: Schemas['ReconcileResult'] | null;
  /** Why no reconcile was made although asked (some car was refused, as spec §4 rule 2 does for one sync). */
  soldSkipped: string | null;
  /** With dryRun: the stock IDs each step would create, update and mark sold. */
  wouldCreate: string[];
  wouldUpdate: string[];
  wouldMarkSold: string[];
}

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

async function unwrap<D>(pending: Promise<Answer<D>>): Promise<D> {
  const { data, error, response } = await pending;
  if (!response.ok || data === undefined) throw toApiError(response, error);
  return data;
}

export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const header: Record<string, string> = options.authHeader === 'x-api-key' ? { 'x-api-key': options.apiKey } : { authorization: `Bearer ${options.apiKey}` };
  const inner = options.fetch ?? ((req: Request) => globalThis.fetch(req));
  const api = createFetchClient<paths>({
    baseUrl,
    headers: header,
    fetch: retryingFetch(inner, new URL(baseUrl).pathname, {
      maxAttempts: options.maxAttempts ?? 3,
      maxDelayMs: options.maxRetryDelayMs ?? 60_000,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: Math.random,
    }),
  });

  const vehicles = {
    /** One page of the list (`page` or `cursor`, as the document allows). */
    page: (query: Query<'/vehicles', 'get'> = {}) => unwrap(api.GET('/vehicles', { params: { query } })),
    /** Every car matching the filters, page after page by cursor: `for await (const car of client.vehicles.list({ updated_since }))`. */
    list(query: ListVehiclesQuery = {}): AsyncIterable<Vehicle> {
      return {
        async *[Symbol.asyncIterator]() {
          let cursor: string | null | undefined;
          do {
            const page = await vehicles.page(cursor ? { ...query, cursor } : query);
            yield* page.data;
            cursor = page.next_cursor;
          } while (cursor);
        },
      };
    },
    get: (externalId: string, query: Query<'/vehicles/{external_id}', 'get'> = {}) =>
      unwrap(api.GET('/vehicles/{external_id}', { params: { path: { external_id: externalId }, query } })),
    put: (externalId: string, body: Body<'/vehicles/{external_id}', 'put'>) =>
      unwrap(api.PUT('/vehicles/{external_id}', { params: { path: { external_id: externalId } }, body })),
    withdraw: (externalId: string, query: Query<'/vehicles/{external_id}', 'delete'> = {}) =>
      unwrap(api.DELETE('/vehicles/{external_id}', { params: { path: { external_id: externalId }, query } })),
    sold: (externalId: string, query: Query<'/vehicles/{external_id}/sold', 'post'> = {}) =>
      unwrap(api.POST('/vehicles/{external_id}/sold', { params: { path: { external_id: externalId }, query } })),
    sync: (body: Body<'/vehicles/sync', 'post'>) => unwrap(api.POST('/vehicles/sync', { body })),
    reconcile: (body: Body<'/vehicles/reconcile', 'post'>) => unwrap(api.POST('/vehicles/reconcile', { body })),
    stats: (externalId: string, query: Query<'/vehicles/{external_id}/stats', 'get'> = {}) =>
      unwrap(api.GET('/vehicles/{external_id}/stats', { params: { path: { external_id: externalId }, query } })),
  };

  /**
   * Publishes a whole stock of any size as spec §4 rule 3 says: sync calls of at most 500 cars
   * without mark_missing_as_sold, then (markMissingAsSold) one reconcile with every stock ID
   * given. A refusal of the mass-sold guard throws SoldGuardError (nothing marked sold).
   */
  async function syncStock(cars: readonly StockCar[], o: SyncStockOptions = {}): Promise<SyncStockResult> {
    const size = Math.max(1, Math.min(o.chunkSize ?? 500, 500));
    const common = { ...(o.source ? { source: o.source } : {}), ...(o.market ? { market: o.market } : {}), ...(o.dryRun ? { dry_run: true } : {}) };
    const out: SyncStockResult = {
      created: 0,
      updated: 0,
      errors: [],
      warnings: [],
      chunks: 0,
      reconcile: null,
      soldSkipped: null,
      wouldCreate: [],
      wouldUpdate: [],
      wouldMarkSold: [],
    };
    for (let from = 0; from < cars.length; from += size) {
      const r = await vehicles.sync({ vehicles: cars.slice(from, from + size), ...common });
      out.chunks++;
      out.created += r.created;
      out.updated += r.updated;
      out.errors.push(...r.errors.map((e) => ({ ...e, index: e.index + from })));
      out.warnings.push(...r.warnings.map((w) => ({ ...w, index: w.index + from })));
      out.wouldCreate.push(...(r.would_create ?? []));
      out.wouldUpdate.push(...(r.would_update ?? []));
    }
    if (!o.markMissingAsSold) return out;
    if (out.errors.length > 0) {
      out.soldSkipped = `${out.errors.length} car(s) were refused: nothing is marked sold (spec §4 rule 2)`;
      return out;
    }
    try {
      out.reconcile = await vehicles.reconcile({
        external_ids: cars.map((c) => c.external_id),
        ...(o.source ? { source: o.source } : {}),
        ...(o.market ? { market: o.market } : {}),
        ...(o.allowMassSold ? { allow_mass_sold: true } : {}),
        ...(o.dryRun ? { dry_run: true } : {}),
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) throw new SoldGuardError(err, { created: out.created, updated: out.updated });
      throw err;
    }
    out.wouldMarkSold.push(...(out.reconcile.would_mark_sold ?? []));
    return out;
  }

  const leads = {
    /** One page of leads, newest first (at most 100; `cursor` from the previous page's `next_cursor`). */
    page: (query: Query<'/leads', 'get'> = {}) => unwrap(api.GET('/leads', { params: { query } })),
    /** Every lead matching the filters, newest first, page after page by cursor (D45): `for await (const lead of client.leads.list({ since }))`. */
    list(query: ListLeadsQuery = {}): AsyncIterable<Lead> {
      return {
        async *[Symbol.asyncIterator]() {
          let cursor: string | null | undefined;
          do {
            const page = await leads.page(cursor ? { ...query, cursor } : query);
            yield* page.data;
            cursor = page.next_cursor;
          } while (cursor);
        },
      };
    },
    update: (id: number, body: Body<'/leads/{id}', 'patch'>) => unwrap(api.PATCH('/leads/{id}', { params: { path: { id } }, body })),
  };

  return {
    /** The underlying openapi-fetch client (same base URL, key and retries), for what the methods below do not cover. */
    raw: api,
    me: () => unwrap(api.GET('/me')),
    markets: { get: (code: string) => unwrap(api.GET('/markets/{code}', { params: { path: { code } } })) },
    catalog: {
      brands: () => unwrap(api.GET('/catalog/brands')),
      models: (slug: string) => unwrap(api.GET('/catalog/brands/{slug}/models', { params: { path: { slug } } })),
    },
    vehicles,
    syncStock,
    webhooks: {
      list: () => unwrap(api.GET('/webhooks')),
      create: (body: Body<'/webhooks', 'post'>) => unwrap(api.POST('/webhooks', { body })),
      get: (id: number) => unwrap(api.GET('/webhooks/{id}', { params: { path: { id } } })),
      delete: (id: number) => unwrap(api.DELETE('/webhooks/{id}', { params: { path: { id } } })),
      test: (id: number) => unwrap(api.POST('/webhooks/{id}/test', { params: { path: { id } } })),
      deliveries: (id: number, query: Query<'/webhooks/{id}/deliveries', 'get'> = {}) =>
        unwrap(api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query } })),
      retryDelivery: (id: number, deliveryId: number) =>
        unwrap(api.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id, delivery_id: deliveryId } } })),
    },
    leads,
    feeds: {
      list: () => unwrap(api.GET('/feeds')),
      imports: (id: number, query: Query<'/feeds/{id}/imports', 'get'> = {}) => unwrap(api.GET('/feeds/{id}/imports', { params: { path: { id }, query } })),
      getImport: (id: number, importId: number) => unwrap(api.GET('/feeds/{id}/imports/{import_id}', { params: { path: { id, import_id: importId } } })),
      /** Pushes a whole inventory as JSON rows (no key: the token is the secret). Never retried. */
      push: (token: string, body: Body<'/feeds/{token}/', 'post'>, query: Query<'/feeds/{token}/', 'post'> = {}) =>
        unwrap(api.POST('/feeds/{token}/', { params: { path: { token }, query }, body })),
    },
    /** A buyer's inquiry (public, no key needed). Never retried: a repeat would send the dealer the message twice. */
    inquiries: {
      create: (listingId: string, body: Body<'/listings/{listing_id}/inquiries', 'post'>) =>
        unwrap(api.POST('/listings/{listing_id}/inquiries', { params: { path: { listing_id: listingId } }, body })),
    },
    stats: { get: (query: Query<'/stats', 'get'> = {}) => unwrap(api.GET('/stats', { params: { query } })) },
    /** With a sandbox key (`dik_test_…`, D35) only; a live key gets 403 `sandbox_only`. */
    sandbox: {
      /** A buyer's inquiry on a sandbox car (a new lead and `lead.created`). Never retried: a repeat makes a second lead. */
      createLead: (body: Body<'/sandbox/leads', 'post'>) => unwrap(api.POST('/sandbox/leads', { body })),
    },
  };
}

export type Client = ReturnType<typeof createClient>;
