// The client (P127, P128, P185): openapi-fetch typed by schema.d.ts (generated from the served
// document), with the key in a header, default and per-call headers, timeouts, cancellation and
// retries of what may be repeated (transport.ts), methods whose promise gives the answer's data
// (or throws an ApiError) and, with `.withResponse()`, its status and headers; conditional reads;
// cursor iteration over cars and leads, and syncStock (spec §4 rule 3). Every parameter and
// answer type is read from the generated `paths`; none is written here.
import createFetchClient from 'openapi-fetch';
import { ApiError, SoldGuardError, toApiError } from './errors.js';
import { apiPromise, NotModified, responseMeta, type ApiPromise, type ApiResponse } from './response.js';
import type { components, paths } from './schema.js';
import { defaultSleep, transportFetch, type DeprecationInfo, type RetryInfo, type Sleep, type TransportOptions } from './transport.js';

export interface ClientOptions {
  /** The API's base URL, ending with /v1 (spec §9), e.g. https://api.example.com/v1. */
  baseUrl: string;
  /** A key from the dealer panel (`dik_…`). Server side only: a key in a browser is a key published. */
  apiKey: string;
  /** Which of spec §5's headers carries the key: `Authorization: Bearer` (default) or `X-API-Key`. */
  authHeader?: 'authorization' | 'x-api-key';
  /** Headers sent with every call, e.g. `{ 'accept-language': 'es' }` for the texts of errors in Spanish (D31). */
  headers?: Record<string, string>;
  /** Per try, for the whole answer (ms; default 60 000, the server's own request timeout); 0: no limit. */
  timeoutMs?: number;
  /** Tries per repeatable call, the first included (default 3; 1 turns retries off). */
  maxAttempts?: number;
  /** A Retry-After longer than this many ms is not waited for: the 429 is thrown (default 60 000). */
  maxRetryDelayMs?: number;
  /** Told before each retry's wait (what failed, how long the wait); return false (or a promise of false) to give up instead. */
  onRetry?: (info: RetryInfo) => unknown;
  /** Told of each answer of a route being retired (Deprecation, Sunset); default: one console.warn per route. */
  onDeprecation?: (info: DeprecationInfo) => void;
  /** The fetch to use (default globalThis.fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** How to wait between tries (default setTimeout, ended early by an abort). */
  sleep?: Sleep;
}

/** Options of one call; `headers` are added to (and override) the client's. */
export interface RequestOptions {
  headers?: Record<string, string>;
  /** Aborts the call, waits between tries included: the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** This call's timeout per try (ms); 0: no limit. */
  timeoutMs?: number;
  /** This call's tries (retried only where the call may be repeated). */
  maxAttempts?: number;
}

/** A conditional read: with the ETag of an earlier answer, `NotModified` when nothing changed (P93). */
export interface ConditionalOptions extends RequestOptions {
  /** An earlier answer's ETag (`withResponse().etag`); null or undefined: an ordinary read. */
  ifNoneMatch: string | null | undefined;
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
export type Webhook = Schemas['Webhook'];
/** The answer of `webhooks.create()`: the webhook with its `secret`, shown only this once. */
export type WebhookCreated = Schemas['WebhookCreated'];

/** The 2xx statuses the document gives an operation: `200 | 207` for a sync. */
type OkStatus<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? Extract<keyof R, 200 | 201 | 202 | 204 | 207>
  : never;
type Source = NonNullable<Schemas['SyncRequest']['source']>;

/** syncStock's options; `headers`, `signal`, `timeoutMs` and `maxAttempts` apply to each of its calls. */
export interface SyncStockOptions extends RequestOptions {
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

/** What a method hands openapi-fetch besides its parameters (a type, not an interface: openapi-fetch's init has an index signature). */
type Init = {
  headers: Record<string, string>;
  signal?: AbortSignal;
  fetch: (request: Request) => Promise<Response>;
};

/** One warning per route and client, for the routes being retired (P183). */
function warnOnce(): (info: DeprecationInfo) => void {
  const told = new Set<string>();
  return (info) => {
    const route = `${info.method} ${new URL(info.url).pathname}`;
    if (told.has(route)) return;
    told.add(route);
    console.warn(
      `@dealer-inventory/client: ${route} is deprecated (${info.deprecation})${info.sunset ? `; it stops answering on ${info.sunset}` : ''}. See ${info.link ?? 'the changelog'}.`,
    );
  };
}

export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const basePath = new URL(baseUrl).pathname;
  const key: Record<string, string> = options.authHeader === 'x-api-key' ? { 'x-api-key': options.apiKey } : { authorization: `Bearer ${options.apiKey}` };
  const inner = options.fetch ?? ((req: Request) => globalThis.fetch(req));
  const transport: TransportOptions = {
    maxAttempts: options.maxAttempts ?? 3,
    maxDelayMs: options.maxRetryDelayMs ?? 60_000,
    timeoutMs: options.timeoutMs ?? 60_000,
    sleep: options.sleep ?? defaultSleep,
    random: Math.random,
    onRetry: options.onRetry,
    onDeprecation: options.onDeprecation ?? warnOnce(),
  };
  const fetchFor = (o: Partial<TransportOptions>) => transportFetch(inner, basePath, { ...transport, ...o });
  const defaultFetch = fetchFor({});
  const api = createFetchClient<paths>({ baseUrl, headers: { ...options.headers, ...key }, fetch: defaultFetch });

  /**
   * One call: its options become openapi-fetch's init (headers, signal, a fetch with this call's
   * timeout and tries); the answer becomes the body (or an ApiError, or NotModified) and, through
   * withResponse(), the status and headers. `path` and `method` type the status.
   */
  function send<P extends keyof paths, M extends keyof paths[P], D>(
    _path: P,
    _method: M,
    o: RequestOptions | ConditionalOptions | undefined,
    run: (init: Init) => Promise<Answer<D>>,
  ): ApiPromise<D, OkStatus<P, M>> {
    const ifNoneMatch = o && 'ifNoneMatch' in o && typeof o.ifNoneMatch === 'string' ? o.ifNoneMatch : undefined;
    const init: Init = {
      headers: { ...o?.headers, ...(ifNoneMatch !== undefined ? { 'if-none-match': ifNoneMatch } : {}) },
      ...(o?.signal ? { signal: o.signal } : {}),
      fetch:
        o?.timeoutMs !== undefined || o?.maxAttempts !== undefined
          ? fetchFor({
              ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
              ...(o.maxAttempts !== undefined ? { maxAttempts: o.maxAttempts } : {}),
            })
          : defaultFetch,
    };
    const whole = run(init).then(({ data, error, response }): ApiResponse<D, OkStatus<P, M>> => {
      const meta = responseMeta(response);
      if (response.status === 304 && ifNoneMatch !== undefined) {
        // Only the conditional overloads let this through: their type includes NotModified and 304.
        return { ...meta, response, status: 304 as OkStatus<P, M>, data: new NotModified(meta.etag ?? ifNoneMatch, meta.requestId) as D };
      }
      if (!response.ok || data === undefined) throw toApiError(response, error);
      return { ...meta, response, status: response.status as OkStatus<P, M>, data };
    });
    return apiPromise(whole);
  }

  /** Every item of a cursor-paged list, page after page (`page` reads one with a cursor). */
  function walk<T>(page: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor?: string | null }>): AsyncIterable<T> {
    return {
      async *[Symbol.asyncIterator]() {
        let cursor: string | null | undefined;
        do {
          const answer = await page(cursor ?? undefined);
          yield* answer.data;
          cursor = answer.next_cursor;
        } while (cursor);
      },
    };
  }

  type VehiclePage = ApiPromise<Schemas['VehicleList'], OkStatus<'/vehicles', 'get'>>;
  type VehicleRead = ApiPromise<Schemas['VehicleEnvelope'], OkStatus<'/vehicles/{external_id}', 'get'>>;

  /** One page of cars (`page` or `cursor`, as the document allows). With `ifNoneMatch`: NotModified when nothing changed. */
  function vehiclePage(query?: Query<'/vehicles', 'get'>, o?: RequestOptions): VehiclePage;
  function vehiclePage(
    query: Query<'/vehicles', 'get'> | undefined,
    o: ConditionalOptions,
  ): ApiPromise<Schemas['VehicleList'] | NotModified, OkStatus<'/vehicles', 'get'> | 304>;
  function vehiclePage(query: Query<'/vehicles', 'get'> = {}, o?: RequestOptions | ConditionalOptions): VehiclePage {
    return send('/vehicles', 'get', o, (init) => api.GET('/vehicles', { params: { query }, ...init }));
  }

  /** One car by stock ID. With `ifNoneMatch`: NotModified when nothing it shows changed. */
  function vehicleGet(externalId: string, query?: Query<'/vehicles/{external_id}', 'get'>, o?: RequestOptions): VehicleRead;
  function vehicleGet(
    externalId: string,
    query: Query<'/vehicles/{external_id}', 'get'> | undefined,
    o: ConditionalOptions,
  ): ApiPromise<Schemas['VehicleEnvelope'] | NotModified, OkStatus<'/vehicles/{external_id}', 'get'> | 304>;
  function vehicleGet(externalId: string, query: Query<'/vehicles/{external_id}', 'get'> = {}, o?: RequestOptions | ConditionalOptions): VehicleRead {
    return send('/vehicles/{external_id}', 'get', o, (init) =>
      api.GET('/vehicles/{external_id}', { params: { path: { external_id: externalId }, query }, ...init }),
    );
  }

  const vehicles = {
    page: vehiclePage,
    /** Every car matching the filters, page after page by cursor: `for await (const car of client.vehicles.list({ updated_since }))`. */
    list: (query: ListVehiclesQuery = {}, o?: RequestOptions): AsyncIterable<Vehicle> =>
      walk((cursor) => vehiclePage(cursor ? { ...query, cursor } : query, o)),
    get: vehicleGet,
    put: (externalId: string, body: Body<'/vehicles/{external_id}', 'put'>, o?: RequestOptions) =>
      send('/vehicles/{external_id}', 'put', o, (init) => api.PUT('/vehicles/{external_id}', { params: { path: { external_id: externalId } }, body, ...init })),
    withdraw: (externalId: string, query: Query<'/vehicles/{external_id}', 'delete'> = {}, o?: RequestOptions) =>
      send('/vehicles/{external_id}', 'delete', o, (init) =>
        api.DELETE('/vehicles/{external_id}', { params: { path: { external_id: externalId }, query }, ...init }),
      ),
    sold: (externalId: string, query: Query<'/vehicles/{external_id}/sold', 'post'> = {}, o?: RequestOptions) =>
      send('/vehicles/{external_id}/sold', 'post', o, (init) =>
        api.POST('/vehicles/{external_id}/sold', { params: { path: { external_id: externalId }, query }, ...init }),
      ),
    sync: (body: Body<'/vehicles/sync', 'post'>, o?: RequestOptions) =>
      send('/vehicles/sync', 'post', o, (init) => api.POST('/vehicles/sync', { body, ...init })),
    reconcile: (body: Body<'/vehicles/reconcile', 'post'>, o?: RequestOptions) =>
      send('/vehicles/reconcile', 'post', o, (init) => api.POST('/vehicles/reconcile', { body, ...init })),
    stats: (externalId: string, query: Query<'/vehicles/{external_id}/stats', 'get'> = {}, o?: RequestOptions) =>
      send('/vehicles/{external_id}/stats', 'get', o, (init) =>
        api.GET('/vehicles/{external_id}/stats', { params: { path: { external_id: externalId }, query }, ...init }),
      ),
  };

  /**
   * Publishes a whole stock of any size as spec §4 rule 3 says: sync calls of at most 500 cars
   * without mark_missing_as_sold, then (markMissingAsSold) one reconcile with every stock ID
   * given. A refusal of the mass-sold guard throws SoldGuardError (nothing marked sold).
   */
  async function syncStock(cars: readonly StockCar[], o: SyncStockOptions = {}): Promise<SyncStockResult> {
    const size = Math.max(1, Math.min(o.chunkSize ?? 500, 500));
    const request: RequestOptions = {
      ...(o.headers ? { headers: o.headers } : {}),
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
      ...(o.maxAttempts !== undefined ? { maxAttempts: o.maxAttempts } : {}),
    };
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
      const r = await vehicles.sync({ vehicles: cars.slice(from, from + size), ...common }, request);
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
      out.reconcile = await vehicles.reconcile(
        {
          external_ids: cars.map((c) => c.external_id),
          ...(o.source ? { source: o.source } : {}),
          ...(o.market ? { market: o.market } : {}),
          ...(o.allowMassSold ? { allow_mass_sold: true } : {}),
          ...(o.dryRun ? { dry_run: true } : {}),
        },
        request,
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) throw new SoldGuardError(err, { created: out.created, updated: out.updated });
      throw err;
    }
    out.wouldMarkSold.push(...(out.reconcile.would_mark_sold ?? []));
    return out;
  }

  const leads = {
    /** One page of leads, newest first (at most 100; `cursor` from the previous page's `next_cursor`). */
    page: (query: Query<'/leads', 'get'> = {}, o?: RequestOptions) => send('/leads', 'get', o, (init) => api.GET('/leads', { params: { query }, ...init })),
    /** Every lead matching the filters, newest first, page after page by cursor (D45): `for await (const lead of client.leads.list({ since }))`. */
    list: (query: ListLeadsQuery = {}, o?: RequestOptions): AsyncIterable<Lead> => walk((cursor) => leads.page(cursor ? { ...query, cursor } : query, o)),
    update: (id: number, body: Body<'/leads/{id}', 'patch'>, o?: RequestOptions) =>
      send('/leads/{id}', 'patch', o, (init) => api.PATCH('/leads/{id}', { params: { path: { id } }, body, ...init })),
  };

  return {
    /** The underlying openapi-fetch client (same base URL, key, headers, timeout and retries), for what the methods below do not cover. */
    raw: api,
    me: (o?: RequestOptions) => send('/me', 'get', o, (init) => api.GET('/me', init)),
    markets: {
      get: (code: string, o?: RequestOptions) =>
        send('/markets/{code}', 'get', o, (init) => api.GET('/markets/{code}', { params: { path: { code } }, ...init })),
    },
    catalog: {
      brands: (o?: RequestOptions) => send('/catalog/brands', 'get', o, (init) => api.GET('/catalog/brands', init)),
      models: (slug: string, o?: RequestOptions) =>
        send('/catalog/brands/{slug}/models', 'get', o, (init) => api.GET('/catalog/brands/{slug}/models', { params: { path: { slug } }, ...init })),
    },
    vehicles,
    syncStock,
    webhooks: {
      list: (o?: RequestOptions) => send('/webhooks', 'get', o, (init) => api.GET('/webhooks', init)),
      /** The answer carries `secret`, shown only this once: store it to verify deliveries. Never retried. */
      create: (body: Body<'/webhooks', 'post'>, o?: RequestOptions) => send('/webhooks', 'post', o, (init) => api.POST('/webhooks', { body, ...init })),
      get: (id: number, o?: RequestOptions) => send('/webhooks/{id}', 'get', o, (init) => api.GET('/webhooks/{id}', { params: { path: { id } }, ...init })),
      delete: (id: number, o?: RequestOptions) =>
        send('/webhooks/{id}', 'delete', o, (init) => api.DELETE('/webhooks/{id}', { params: { path: { id } }, ...init })),
      test: (id: number, o?: RequestOptions) =>
        send('/webhooks/{id}/test', 'post', o, (init) => api.POST('/webhooks/{id}/test', { params: { path: { id } }, ...init })),
      deliveries: (id: number, query: Query<'/webhooks/{id}/deliveries', 'get'> = {}, o?: RequestOptions) =>
        send('/webhooks/{id}/deliveries', 'get', o, (init) => api.GET('/webhooks/{id}/deliveries', { params: { path: { id }, query }, ...init })),
      retryDelivery: (id: number, deliveryId: number, o?: RequestOptions) =>
        send('/webhooks/{id}/deliveries/{delivery_id}/retry', 'post', o, (init) =>
          api.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id, delivery_id: deliveryId } }, ...init }),
        ),
    },
    leads,
    feeds: {
      list: (o?: RequestOptions) => send('/feeds', 'get', o, (init) => api.GET('/feeds', init)),
      imports: (id: number, query: Query<'/feeds/{id}/imports', 'get'> = {}, o?: RequestOptions) =>
        send('/feeds/{id}/imports', 'get', o, (init) => api.GET('/feeds/{id}/imports', { params: { path: { id }, query }, ...init })),
      getImport: (id: number, importId: number, o?: RequestOptions) =>
        send('/feeds/{id}/imports/{import_id}', 'get', o, (init) =>
          api.GET('/feeds/{id}/imports/{import_id}', { params: { path: { id, import_id: importId } }, ...init }),
        ),
      /** Pushes a whole inventory as JSON rows (no key: the token is the secret). Never retried. */
      push: (token: string, body: Body<'/feeds/{token}/', 'post'>, query: Query<'/feeds/{token}/', 'post'> = {}, o?: RequestOptions) =>
        send('/feeds/{token}/', 'post', o, (init) => api.POST('/feeds/{token}/', { params: { path: { token }, query }, body, ...init })),
    },
    /** A buyer's inquiry (public, no key needed). Never retried: a repeat would send the dealer the message twice. */
    inquiries: {
      create: (listingId: string, body: Body<'/listings/{listing_id}/inquiries', 'post'>, o?: RequestOptions) =>
        send('/listings/{listing_id}/inquiries', 'post', o, (init) =>
          api.POST('/listings/{listing_id}/inquiries', { params: { path: { listing_id: listingId } }, body, ...init }),
        ),
    },
    stats: {
      get: (query: Query<'/stats', 'get'> = {}, o?: RequestOptions) => send('/stats', 'get', o, (init) => api.GET('/stats', { params: { query }, ...init })),
    },
    /** With a sandbox key (`dik_test_…`, D35) only; a live key gets 403 `sandbox_only`. */
    sandbox: {
      /** A buyer's inquiry on a sandbox car (a new lead and `lead.created`). Never retried: a repeat makes a second lead. */
      createLead: (body: Body<'/sandbox/leads', 'post'>, o?: RequestOptions) =>
        send('/sandbox/leads', 'post', o, (init) => api.POST('/sandbox/leads', { body, ...init })),
    },
  };
}

export type Client = ReturnType<typeof createClient>;
