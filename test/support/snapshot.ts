// "Nothing written" (D30 dry runs): every row of the tables a call could write, read in a
// fixed order so that two snapshots compare equal exactly when nothing changed.
import type { Store } from '../../src/core/db/store.js';

const TABLES = ['vehicles', 'photos', 'jobs', 'events', 'webhook_deliveries', 'feed_imports', 'feeds'] as const;

export async function snapshot(store: Store): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await store.db.selectFrom(table).selectAll().orderBy('id').execute();
  return out;
}
