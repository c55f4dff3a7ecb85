// What a whole stock is, and how its cars are checked (sync, feeds and their dry runs, all run
// by stock-runner.ts, P74): stock IDs screened first (format, repeats, source/market), each car
// validated in memory against the market and the catalog, and the cars sent again as stored
// settled without validating them again (P55, P60).
import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import type { Dealer } from '../dealers/service.js';
import type { Market } from '../markets/markets.js';
import { keptStatus, type ApplyItem } from './apply.js';
import { findStoredContent, findStoredStates, touchVehicles } from './repository.js';
import { lastModelYear, type VehicleDeps } from './service.js';
import { namesMarket } from './scope.js';
import { readStockId } from './stock-id.js';
import { sentContent, unchangedCar } from './unchanged.js';
import { contactDetailsIn, validateVehicle } from './validation.js';
import { minPhotosOf } from '../markets/markets.js';
import { shown } from '../../core/text.js';
import { msg, renderAll, renderStored, type Lang, type Msg } from '../../core/i18n/index.js';

/** One car of a call, or one row of a file, that failed: every error list of sync and feeds; `rules` are what it broke (D31: words at the edge). */
export interface ItemError {
  index: number;
  external_id: string;
  rules: Msg[];
}

/** An ItemError as answered and shown: its rules in one sentence of `lang`. */
export interface ItemErrorText {
  index: number;
  external_id: string;
  message: string;
}

/** An error in `lang`; a stored one written before D31 holds its English `message` instead of `rules`. */
export function itemErrorText(lang: Lang, e: ItemError | ItemErrorText): ItemErrorText {
  return { index: e.index, external_id: e.external_id, message: 'rules' in e ? renderAll(lang, e.rules) : renderStored(lang, e.message) };
}

/** The rule of a stock ID that repeats the one at `firstIndex`, counted as the caller counts. */
export type RepeatOf = (id: string, firstIndex: number) => Msg;

/** A car of a call or a file that was applied but deserves a look (P27): `index` as in ItemError. */
export interface ItemWarning {
  index: number;
  external_id: string;
  code: 'duplicate_vin';
  message: Msg;
}

/** One car of a stock as sent: `index` is how errors name it (sync: 0-based; feeds: row number). */
export interface StockRecord {
  index: number;
  raw: unknown;
}

export interface StockItem extends ApplyItem {
  index: number;
}

export interface PreparedStock {
  /** Cars that passed every check, in the order sent. */
  items: StockItem[];
  /** Failures so far, by index. */
  errors: ItemError[];
  /** Every well-formed stock ID sent, normalized (failed cars included): what the sold guard reads. */
  listedIds: Set<string>;
}

export interface StockScope {
  dealer: Dealer;
  market: Market;
  source: string;
}

/** A car whose stock ID passed screening, waiting for validation. */
export interface StockCandidate {
  index: number;
  externalId: string;
  raw: Record<string, unknown>;
  /** Set by settleUnchanged: its values as stored (sent unchanged, a status to change), or null (compared, not as stored). */
  asStored?: StockItem['data'] | null;
}

/** The stock after screening its IDs: candidates to validate, failures so far, every listed ID. */
export interface ScreenedStock {
  candidates: StockCandidate[];
  errors: ItemError[];
  listedIds: Set<string>;
}

/**
 * Screens stock IDs (D26 normalized and checked; D11: repeats — after normalization — are errors
 * for later occurrences, a differing source or market is an error), in memory.
 * `repeatOf(id, i)` is the rule naming the first occurrence as the caller counts ("vehicle 3 of this call").
 */
export function screenStock(scope: StockScope, records: Iterable<StockRecord>, repeatOf: RepeatOf): ScreenedStock {
  const { market, source } = scope;
  const errors: ItemError[] = [];
  const firstIndex = new Map<string, number>();
  const candidates: StockCandidate[] = [];
  for (const { index, raw: item } of records) {
    const raw = item as Record<string, unknown> | null;
    const isObject = raw !== null && typeof raw === 'object' && !Array.isArray(raw);
    if (!isObject) {
      errors.push({ index, external_id: '', rules: [msg('item_not_object')] });
      continue;
    }
    const stockId = readStockId(raw.external_id);
    const externalId = stockId.id;
    const fail = (rule: Msg) => errors.push({ index, external_id: externalId, rules: [rule] });
    if (!stockId.ok) {
      fail(stockId.problem);
      continue;
    }
    const first = firstIndex.get(externalId);
    if (first !== undefined) {
      fail(repeatOf(externalId, first));
      continue;
    }
    firstIndex.set(externalId, index);
    if (raw.source !== undefined && raw.source !== null && raw.source !== source) {
      fail(msg('source_differs', { given: shown(raw.source), source }));
      continue;
    }
    if (raw.market !== undefined && raw.market !== null && !namesMarket(raw.market, market.code)) {
      fail(msg('market_differs', { given: shown(raw.market), market: market.code }));
      continue;
    }
    candidates.push({ index, externalId, raw });
  }
  return { candidates, errors, listedIds: new Set(firstIndex.keys()) };
}

/**
 * Validates each candidate against the market and catalog, in memory; failures join `errors`.
 * `known` holds the stock IDs of existing cars (photos may be left out on an update); when it
 * holds the cars themselves, one sent exactly as stored is taken as stored (unchanged.ts).
 */
export async function validateStock(
  deps: VehicleDeps,
  scope: StockScope,
  candidates: readonly StockCandidate[],
  known: ReadonlySet<string> | ReadonlyMap<string, { content_hash: string; photo_urls: string | null }>,
  errors: ItemError[],
): Promise<StockItem[]> {
  const items: StockItem[] = [];
  const ctx = { market: scope.market, catalog: deps.catalog, lastModelYear: lastModelYear(deps.clock), defaultCity: scope.dealer.city };
  let n = 0;
  for (const c of candidates) {
    // A whole feed file is validated in slices: other requests are served between them.
    if (++n % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const stored = 'get' in known ? known.get(c.externalId) : undefined;
    const same = c.asStored !== undefined ? (c.asStored ?? undefined) : stored ? unchangedCar(c.raw, ctx, stored, scope.source) : undefined;
    if (same) {
      // With its photo list sent, the car's hash is the stored one: applying need not compute it.
      items.push({ index: c.index, externalId: c.externalId, data: same, ...(same.photos && stored ? { hash: stored.content_hash } : {}) });
      continue;
    }
    const checked = validateVehicle(c.raw, { ...ctx, photosRequired: !known.has(c.externalId) });
    if (checked.ok) items.push({ index: c.index, externalId: c.externalId, data: checked.value });
    else errors.push({ index: c.index, external_id: c.externalId, rules: checked.errors });
  }
  errors.sort((a, b) => a.index - b.index);
  return items;
}

/**
 * Cars sent again exactly as stored, settled before validation (P60), inside the caller's write
 * transaction after the inventory lock. One narrow read (no photo lists) finds which candidates
 * are stored; each of those sent with its photo list is hashed as sent, and a car whose stored
 * hash matches and whose status stays as stored (keptStatus) only has its last_sent_at moved,
 * as applyVehicles would have done. The others go the whole way: `rest` (with what was learnt:
 * `asStored`) and `stored`, the stock IDs of rest that exist (new cars are not read again).
 */
export async function settleUnchanged(
  trx: Kysely<DB>,
  deps: VehicleDeps,
  scope: StockScope,
  candidates: readonly StockCandidate[],
): Promise<{ settled: StockItem[]; rest: StockCandidate[]; stored: string[] }> {
  const found = await findStoredStates(
    trx,
    scope.dealer.id,
    scope.market.code,
    candidates.map((c) => c.externalId),
  );
  const ctx = { market: scope.market, defaultCity: scope.dealer.city };
  const minPhotos = minPhotosOf(scope.market.code);
  const settled: StockItem[] = [];
  const rest: StockCandidate[] = [];
  const stored: string[] = [];
  const ids: number[] = [];
  for (const c of candidates) {
    const car = found.get(c.externalId);
    if (!car) {
      rest.push(c);
      continue;
    }
    const sent = sentContent(c.raw, ctx, scope.source);
    if (sent?.hash === car.content_hash && keptStatus(car, contactDetailsIn(sent.data) !== null, minPhotos) === car.status) {
      settled.push({ index: c.index, externalId: c.externalId, data: sent.data, hash: sent.hash });
      ids.push(car.id);
      continue;
    }
    // Without its photo list the car is compared later, against the stored list.
    rest.push(sent ? { ...c, asStored: sent.hash === car.content_hash ? sent.data : null } : c);
    stored.push(c.externalId);
  }
  if (ids.length > 0) await touchVehicles(trx, ids, deps.clock.now());
  return { settled, rest, stored };
}

/** screenStock, then validateStock against the cars that exist now (read outside any transaction: feeds, dry runs). */
export async function prepareStock(deps: VehicleDeps, scope: StockScope, records: Iterable<StockRecord>, repeatOf: RepeatOf): Promise<PreparedStock> {
  const { candidates, errors, listedIds } = screenStock(scope, records, repeatOf);
  const known = await findStoredContent(
    deps.store.db,
    scope.dealer.id,
    scope.market.code,
    candidates.map((c) => c.externalId),
    new Set(candidates.filter((c) => c.raw.photos === undefined || c.raw.photos === null).map((c) => c.externalId)),
  );
  const items = await validateStock(deps, scope, candidates, known, errors);
  return { items, errors, listedIds };
}
