// Migrations run at start (server and CLI) on both stores. Files are dated and never edited
// once landed; a new change is a new file registered here.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Store } from './dialect.js';
import * as foundation from './migrations/2026-11-21-001-foundation.js';

const MIGRATIONS = {
  '2026-11-21-001-foundation': foundation,
};

export async function migrateToLatest(store: Store): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (db) => m.up(db, store.dialect) };
      return out;
    },
  };
  const { error, results } = await new Migrator({ db: store.db, provider }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${(error as Error).message ?? error}`);
  }
}
