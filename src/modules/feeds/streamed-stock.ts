// A feed file as the source of a stock run (P74), for the import and its dry run alike: the file
// parsed with the feed's column overrides, in the feed's market (units, currencies), and its cars
// validated while the parser reads it (P51): each batch of rows from the parser process goes
// through the same screening and validation as sync (prepareStock) as it arrives, and only the
// validated cars are kept. The raw rows of the whole file are never held at once, and
// validation overlaps parsing. Stock IDs repeated across batches are caught here (prepareStock
// sees one batch), with prepareStock's own message.
import type { DealerRow, FeedRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg } from '../../core/i18n/index.js';
import { toDealer } from '../dealers/service.js';
import { findMarket } from '../markets/markets.js';
import type { VehicleDeps } from '../vehicles/service.js';
import { readStockId } from '../vehicles/stock-id.js';
import { prepareStock, type ItemError, type PreparedStock, type RepeatOf, type StockItem, type StockRecord, type StockScope } from '../vehicles/stock.js';
import { columnMapOf, storedColumns, type StoredColumn } from './mapping.js';
import { parseFeedRows, UnreadableFeedError, type FeedFormat, type ParsedFeed, type ParsedRow } from './parse/index.js';

export interface FeedFile {
  body: Buffer;
  contentType?: string;
  filename?: string;
}

/** A feed file read and checked: what a stock run takes from it. */
export interface FeedStock {
  scope: StockScope;
  format: FeedFormat;
  /** Every row of the file, failed ones included. */
  rows: number;
  /** The validated cars; the rows the parser could not read are among the errors, their stock IDs listed (the guard counts them). */
  stock: PreparedStock;
  /** Which column fed which field, with the overridden columns the file lacked (mapping.ts: `missing`). */
  columns: StoredColumn[];
}

/** The text of the refusal of a file without a single car (D11, D15: never read as "every car sold"). */
export const EMPTY_FEED = msg('feed_empty');

/**
 * Parses the file and checks its cars as they come. A file that cannot be read is ApiError
 * `unreadable_feed` (nothing was changed: validation writes nothing, the rest is abandoned).
 */
export async function readFeedStock(deps: VehicleDeps, feed: FeedRow, dealer: DealerRow, file: FeedFile): Promise<FeedStock> {
  const market = findMarket(feed.market);
  if (!market) throw new Error(`feed ${feed.id} names unknown market ${feed.market}`);
  const scope: StockScope = { dealer: toDealer(dealer), market, source: feed.source };
  const map = columnMapOf(feed);
  const streamed = new StreamedStock(deps, scope);
  let parsed: ParsedFeed;
  try {
    parsed = await parseFeedRows({ ...file, market: feed.market, columnMap: map }, streamed.add);
  } catch (err) {
    streamed.abandon();
    if (!(err instanceof UnreadableFeedError)) throw err;
    throw new ApiError('unreadable_feed', msg('feed_unreadable', { why: err.text }));
  }
  const stock = await streamed.done();
  // A row that could not be read still names a car of the file: the guard counts it as listed.
  for (const e of parsed.rowErrors) {
    stock.errors.push(e);
    if (e.external_id) stock.listedIds.add(e.external_id);
  }
  return { scope, format: parsed.format, rows: streamed.rows + parsed.rowErrors.length, stock, columns: storedColumns(parsed.columns, map) };
}

/** How a file's errors name the first occurrence of a repeated stock ID (as in sync, "vehicle 3 of this call"). */
const repeatOfRow: RepeatOf = (id, first) => msg('stock_id_repeats_file', { id, first });

class StreamedStock {
  /** Rows received from the parser. */
  rows = 0;
  private readonly items: StockItem[] = [];
  private readonly errors: ItemError[] = [];
  /** First row of each well-formed stock ID: the listed IDs (the sold guard) and the repeats. */
  private readonly firstIndex = new Map<string, number>();
  private work: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly deps: VehicleDeps,
    private readonly scope: StockScope,
  ) {}

  /** Takes one batch (called from the parser's message handler); it is validated after the batches before it. */
  readonly add = (rows: ParsedRow[]): void => {
    this.rows += rows.length;
    this.work = this.work
      .then(() => (this.failure ? undefined : this.prepare(rows)))
      .catch((error: unknown) => {
        this.failure ??= { error };
      });
  };

  /** Stops validating what is still queued (the file turned out unreadable). */
  abandon(): void {
    this.failure ??= { error: new Error('feed import abandoned') };
  }

  /** Every batch validated: the cars that passed, the failures by row, the listed stock IDs. */
  async done(): Promise<PreparedStock> {
    await this.work;
    if (this.failure) throw this.failure.error;
    this.errors.sort((a, b) => a.index - b.index);
    return { items: this.items, errors: this.errors, listedIds: new Set(this.firstIndex.keys()) };
  }

  private async prepare(rows: ParsedRow[]): Promise<void> {
    const fresh: StockRecord[] = [];
    for (const { index, vehicle } of rows) {
      const id = readStockId(vehicle.external_id);
      if (id.ok) {
        const first = this.firstIndex.get(id.id);
        if (first !== undefined) {
          this.errors.push({ index, external_id: id.id, rules: [repeatOfRow(id.id, first)] });
          continue;
        }
        this.firstIndex.set(id.id, index);
      }
      fresh.push({ index, raw: vehicle });
    }
    const prepared = await prepareStock(this.deps, this.scope, fresh, repeatOfRow);
    for (const item of prepared.items) this.items.push(item);
    for (const e of prepared.errors) this.errors.push(e);
  }
}
