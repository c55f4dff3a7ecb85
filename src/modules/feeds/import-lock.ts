// One feed import at a time per dealership (D15 issue: a second one waits). An import applies
// its rows in several transactions (so that one huge file does not hold SQLite's single writer
// for seconds), so the inventory lock of each transaction is not enough: this lock spans them.
//   - In this process: a chain of promises per dealership.
//   - Across processes: core/db/locks.ts holdDealerFeedImport (a PostgreSQL session advisory lock
//     held for the whole import; nothing on SQLite, one server process).
import { holdDealerFeedImport } from '../../core/db/locks.js';
import { type Store } from '../../core/db/store.js';

export class ImportLock {
  private readonly tails = new Map<number, Promise<void>>();

  constructor(private readonly store: Store) {}

  async run<T>(dealerId: number, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(dealerId) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(dealerId, tail);
    await previous;
    try {
      return await holdDealerFeedImport(this.store, dealerId, task);
    } finally {
      release();
      if (this.tails.get(dealerId) === tail) this.tails.delete(dealerId);
    }
  }
}
