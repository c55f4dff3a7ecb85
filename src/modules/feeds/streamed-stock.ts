// A feed file's cars validated while the parser reads the file (P51): each batch of rows from
// the parser process goes through the same screening and validation as sync (prepareStock)
// as it arrives, and only the validated cars are kept. The raw rows of the whole file are never
// held at once, and validation overlaps parsing. Stock IDs repeated across batches are caught
// here (prepareStock sees one batch), with prepareStock's own message.
import type { VehicleDeps } from '../vehicles/service.js';
import { readStockId } from '../vehicles/stock-id.js';
import { prepareStock, type ItemError, type PreparedStock, type StockItem, type StockRecord, type StockScope } from '../vehicles/stock.js';
import type { ParsedRow } from './parse/index.js';

/** How a file's errors name the first occurrence of a repeated stock ID (as in sync, "vehicle 3 of this call"). */
const repeatOfRow = (first: number): string => `row ${first} of this file`;

export class StreamedStock {
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
          this.errors.push({ index, external_id: id.id, message: `external_id "${id.id}" repeats ${repeatOfRow(first)}` });
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
