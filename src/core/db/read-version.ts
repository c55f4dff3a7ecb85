// Whether anything in the SQLite store may have changed since a given moment, without reading a
// table (P53): a read of a table costs a read transaction (the WAL's shared lock, taken and
// released with system calls), several times what the rest of a cached GET costs.
//
// The version is two numbers of the store's connection: PRAGMA data_version, which moves when
// another connection (the CLI, another process, a worker) commits, and total_changes(), which
// moves with every row this connection inserts, updates or deletes (a rolled-back change moves it
// too: a needless miss, never a stale answer). total_changes() reads no table, so no lock.
// data_version does, so it is read once per turn of the event loop, the one reading the key
// cache uses too (data-version.ts): the requests answered in one turn were read from their sockets in it.
// Undefined, "cannot tell", on PostgreSQL and while a transaction is open on the connection.
import type SQLite from 'better-sqlite3';
import { dataVersionThisTurn } from './data-version.js';
import { idleSqliteConnection, type Store } from './store.js';

export interface ReadVersion {
  /** A value that differs from every earlier one once any row may have changed; undefined: cannot tell now. */
  (): string | undefined;
}

export function readVersion(store: Store): ReadVersion {
  const dataVersion = store.dialect === 'sqlite' ? dataVersionThisTurn(store) : undefined;
  if (!dataVersion) return () => undefined;
  const totalChanges = new WeakMap<SQLite.Database, SQLite.Statement>();
  return () => {
    const raw = idleSqliteConnection(store.db);
    if (!raw) return undefined;
    let stmt = totalChanges.get(raw);
    if (!stmt) totalChanges.set(raw, (stmt = raw.prepare('select total_changes()').pluck()));
    try {
      return `${dataVersion()}:${stmt.get() as number}`;
    } catch {
      return undefined; // the connection is busy (an open iterator)
    }
  };
}
