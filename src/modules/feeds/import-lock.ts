// One feed import at a time per dealership (D15 issue: a second one waits). An import applies
// its rows in several transactions (so that one huge file does not hold SQLite's single writer
// for seconds), so the inventory lock of each transaction is not enough: this lock spans them.
//   - In this process: a chain of promises per dealership.
//   - Across processes on PostgreSQL: a session advisory lock held on one dedicated connection
//     for the whole import (released by pg_advisory_unlock, or by the server if the connection
//     dies with the process). SQLite is one server process (the CLI does not import).
import { sql } from 'kysely';
import { LOCK_CLASS } from '../../core/db/locks.js';
import { type Store } from '../../core/db/store.js';

const IMPORT_LOCK_CLASS = LOCK_CLASS.feedImport;

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
      return await this.acrossProcesses(dealerId, task);
    } finally {
      release();
      if (this.tails.get(dealerId) === tail) this.tails.delete(dealerId);
    }
  }

  private async acrossProcesses<T>(dealerId: number, task: () => Promise<T>): Promise<T> {
    if (this.store.dialect !== 'postgres') return task();
    return this.store.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${IMPORT_LOCK_CLASS}, ${dealerId}::int)`.execute(conn);
      try {
        return await task();
      } finally {
        await sql`select pg_advisory_unlock(${IMPORT_LOCK_CLASS}, ${dealerId}::int)`.execute(conn).catch(() => {});
      }
    });
  }
}
