// Telling every process that rows of one kind changed, so their caches of those rows are
// dropped at once (P32: a revoked API key stops at the next request everywhere).
//
// The writer wraps its change in announceChange(); a reader asks its ChangeWatch for version()
// before it reads, keeps that version with what it caches, and trusts a cached entry only while
// version() still gives the same value. undefined means "unknown": cache nothing.
// - In this process: a counter bumped after every announced change (any store).
// - PostgreSQL: a NOTIFY in the changing transaction, and one connection per process that
//   LISTENs; each notification (and each reconnection) moves the version. While that connection
//   is down, version() is undefined.
// - SQLite: PRAGMA data_version, which moves whenever another connection (the CLI, another
//   process on the same file) committed anything.
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Client } from 'pg';
import { dataVersionThisTurn } from './data-version.js';
import type { DB } from './schema.js';
import type { Store } from './store.js';

/** Changes announced by this process (its own writes do not move SQLite's data_version). */
let localChanges = 0;

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** Runs `change` (in one transaction with the NOTIFY on PostgreSQL) and tells every watcher of `channel`. */
export async function announceChange<T>(db: Kysely<DB>, channel: string, change: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let result: T;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const withNotify = async (trx: Kysely<DB>) => {
      const r = await change(trx);
      await sql`select pg_notify(${channel}, '')`.execute(trx);
      return r;
    };
    result = db.isTransaction ? await withNotify(db) : await db.transaction().execute(withNotify);
  } else {
    result = await change(db);
  }
  localChanges++;
  return result;
}

export interface ChangeWatch {
  /** Moves whenever an announced change may have happened since; undefined: cannot tell now. */
  version(): string | undefined;
  close(): Promise<void>;
}

interface WarnLog {
  warn(obj: object, msg: string): void;
}

export function watchChanges(store: Store, channel: string, log: WarnLog): ChangeWatch {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  if (store.openClient) return new PgListener(store.openClient.bind(store), channel, log);
  // data_version read once per turn of the event loop, not once per request (P53), and shared
  // with the store's read version (data-version.ts, P59). This process's own announcements count at once.
  const dataVersion = dataVersionThisTurn(store);
  // The last version given, reused while both its numbers hold: no new string per request.
  let last = { local: -1, data: -1, version: '' };
  return {
    version() {
      if (!dataVersion) return `${localChanges}`;
      let data: number;
      try {
        data = dataVersion();
      } catch {
        return undefined; // the connection is busy (an open iterator): do not trust a cache now
      }
      if (last.local !== localChanges || last.data !== data) last = { local: localChanges, data, version: `${localChanges}:${data}` };
      return last.version;
    },
    async close() {},
  };
}

const RETRY_MS = 1000;
/** How often the listening connection is checked (a silently dropped one would miss notifications). */
const HEARTBEAT_MS = 5000;

class PgListener implements ChangeWatch {
  private client: Client | undefined;
  private listening = false;
  /** Notifications and (re)connections seen. */
  private epoch = 0;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private warned = false;

  constructor(
    private readonly open: () => Promise<Client>,
    private readonly channel: string,
    private readonly log: WarnLog,
  ) {
    void this.connect();
  }

  version(): string | undefined {
    return this.listening ? `${localChanges}:${this.epoch}` : undefined;
  }

  private async connect(): Promise<void> {
    this.timer = undefined;
    let client: Client | undefined;
    try {
      client = await this.open();
      client.on('notification', () => this.epoch++);
      client.on('error', (err) => this.lost(client!, err));
      client.on('end', () => this.lost(client!, undefined));
      await client.query(`listen ${this.channel}`);
    } catch (err) {
      if (client) this.lost(client, err);
      else this.retry(err);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.epoch++; // changes made while nobody listened are unknown: drop what was cached
    this.listening = true;
    this.warned = false;
    this.timer = setTimeout(() => this.heartbeat(client), HEARTBEAT_MS);
    this.timer.unref();
  }

  private heartbeat(client: Client): void {
    const deadline = setTimeout(() => this.lost(client, new Error('no answer to the heartbeat')), HEARTBEAT_MS);
    deadline.unref();
    client.query('select 1').then(
      () => {
        clearTimeout(deadline);
        if (this.client !== client || this.closed) return;
        this.timer = setTimeout(() => this.heartbeat(client), HEARTBEAT_MS);
        this.timer.unref();
      },
      (err: unknown) => {
        clearTimeout(deadline);
        this.lost(client, err);
      },
    );
  }

  private lost(client: Client, err: unknown): void {
    if (this.closed || (this.client !== undefined && this.client !== client)) return;
    this.listening = false;
    this.client = undefined;
    clearTimeout(this.timer); // the heartbeat's
    this.timer = undefined;
    client.removeAllListeners('end');
    client.on('error', () => {});
    client.end().catch(() => {});
    this.retry(err);
  }

  private retry(err: unknown): void {
    if (this.closed || this.timer) return;
    if (!this.warned) {
      this.warned = true;
      this.log.warn(
        { err: err instanceof Error ? err.message : 'connection ended', channel: this.channel },
        'not listening for changes: cached API keys are not used until listening again',
      );
    }
    this.timer = setTimeout(() => void this.connect(), RETRY_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }
}
