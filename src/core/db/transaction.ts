// Write transactions in either store, and work that waits for their commit.
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';
import type { Store } from './store.js';

const commitCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once the transaction `db` belongs to has committed (at once when `db` is not a
 * writeTransaction's). Used to wake job workers only when the jobs they look for are visible.
 */
export function afterCommit(db: Kysely<DB>, fn: () => void): void {
  const list = commitCallbacks.get(db);
  if (list) list.push(fn);
  else fn();
}

function runAfterCommit(trx: Kysely<DB>): void {
  for (const fn of commitCallbacks.get(trx) ?? []) {
    try {
      fn();
    } catch {
      // a wake-up call failing must not turn a committed change into an error
    }
  }
}

/**
 * Runs `fn` in a write transaction. SQLite: BEGIN IMMEDIATE takes the write lock up front
 * (waiting on busy_timeout), so a transaction that reads then writes never fails half-way on
 * a lock upgrade while another process (the CLI) writes. PostgreSQL: an ordinary transaction.
 */
export async function writeTransaction<T>(store: Store, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (store.dialect === 'postgres') {
    let trxRef: Kysely<DB> | undefined;
    const result = await store.db.transaction().execute((trx) => {
      trxRef = trx;
      commitCallbacks.set(trx, []);
      return fn(trx);
    });
    if (trxRef) runAfterCommit(trxRef);
    return result;
  }
  return store.db.connection().execute(async (conn) => {
    commitCallbacks.set(conn, []);
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      runAfterCommit(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    } finally {
      commitCallbacks.delete(conn);
    }
  });
}

/**
 * Writes that arrive together share one transaction (P49): each is a handful of small writes
 * (a webhook delivery's outcome), and the commit — on SQLite the WAL pages of several tables
 * and their indexes — costs more than all of them. Writes queued in one turn of the event loop
 * join; a batch that fails is written again one by one, so one bad write fails only itself.
 */
export function groupCommits(store: Store): <T>(write: (trx: Kysely<DB>) => Promise<T>) => Promise<T> {
  interface Entry {
    write: (trx: Kysely<DB>) => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (err: unknown) => void;
  }
  let queue: Entry[] = [];
  let flushing = false;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        const results = await writeTransaction(store, async (trx) => {
          const out: unknown[] = [];
          for (const e of batch) out.push(await e.write(trx));
          return out;
        });
        batch.forEach((e, i) => e.resolve(results[i]));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else for (const e of batch) await writeTransaction(store, e.write).then(e.resolve, e.reject);
      }
    }
    flushing = false;
  };
  return <T>(write: (trx: Kysely<DB>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (flushing) return;
      flushing = true;
      setImmediate(() => void flush());
    });
}
