// SQLite's PRAGMA data_version, read at most once per turn of the event loop and shared by its
// readers (P53, P59): the key cache's revocation watch (change-watch.ts) and the store's read
// version (read-version.ts). Each reading takes the WAL's shared lock with system calls (~1.7 µs
// here), and a keyed GET of a car asked for it twice a turn, once for each. The requests answered
// in one turn were all read from their sockets in it, so one reading taken during the turn
// orders them as well as one reading each; a commit by another connection is seen in the next.
import type { Store } from './store.js';

const perStore = new WeakMap<Store, () => number>();

/** The store's data_version as read this turn; undefined when the store has none (PostgreSQL). Throws when the connection is busy. */
export function dataVersionThisTurn(store: Store): (() => number) | undefined {
  if (!store.dataVersion) return undefined;
  let read = perStore.get(store);
  if (!read) {
    const dataVersion = store.dataVersion.bind(store);
    let seen: number | undefined;
    const forget = () => {
      seen = undefined;
    };
    read = () => {
      if (seen === undefined) {
        seen = dataVersion(); // a throw (an open iterator) leaves nothing remembered
        setImmediate(forget);
      }
      return seen;
    };
    perStore.set(store, read);
  }
  return read;
}
