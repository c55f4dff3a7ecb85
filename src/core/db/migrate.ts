// Migrations run at start (server and CLI) on both stores. Files are dated and never edited
// once landed; a new change is a new file registered here.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { LOCK_CLASS } from './locks.js';
import type { DB } from './schema.js';
import type { Store } from './store.js';
import * as foundation from './migrations/2026-11-21-001-foundation.js';
import * as vehicles from './migrations/2026-11-21-002-vehicles.js';
import * as photos from './migrations/2026-11-21-003-photos.js';
import * as webhooks from './migrations/2026-11-21-004-webhooks.js';
import * as feeds from './migrations/2026-11-21-005-feeds.js';
import * as leads from './migrations/2026-11-21-006-leads.js';
import * as jobConcurrency from './migrations/2026-11-21-007-job-concurrency.js';
import * as feedImportBounds from './migrations/2026-11-24-001-feed-import-bounds.js';
import * as panel from './migrations/2026-11-24-002-panel.js';
import * as panelInventory from './migrations/2026-11-24-003-panel-inventory.js';
import * as leadConversations from './migrations/2026-11-24-004-lead-conversations.js';
import * as vehicleDetails from './migrations/2026-11-24-005-vehicle-details.js';
import * as feedMapping from './migrations/2026-11-24-006-feed-mapping.js';
import * as feedTokenCreators from './migrations/2026-11-26-001-feed-token-creators.js';
import * as leadPhoneKeys from './migrations/2026-11-26-002-lead-phone-keys.js';
import * as limitHits from './migrations/2026-11-26-010-limit-hits.js';
import * as dealerProfile from './migrations/2026-11-27-001-dealer-profile.js';
import * as photoVariants from './migrations/2026-11-27-002-photo-variants.js';
import * as publicPages from './migrations/2026-11-27-002b-public-pages.js';
import * as listingStats from './migrations/2026-11-27-003-listing-stats.js';
import * as savedReplies from './migrations/2026-11-27-101-saved-replies.js';
import * as panelCars from './migrations/2026-11-27-102-panel-cars.js';
import * as statsMail from './migrations/2026-11-27-105-stats-mail.js';
import * as sandbox from './migrations/2026-11-27-106-sandbox.js';
import * as dealerLogo from './migrations/2026-11-28-001-dealer-logo.js';
import * as statsCovering from './migrations/2026-11-28-004-stats-covering.js';
import * as statsDealerDaily from './migrations/2026-11-28-005-stats-dealer-daily.js';
import * as invitesElsewhere from './migrations/2026-11-29-160-invites-elsewhere.js';
import * as leadReplyMail from './migrations/2026-11-29-201-lead-reply-mail.js';
import * as firstResponse from './migrations/2026-11-29-208-first-response.js';
import * as vehicleActivity from './migrations/2026-11-29-210-vehicle-activity.js';
import * as pushSubscriptions from './migrations/2026-11-29-215-push-subscriptions.js';
import * as listingQuality from './migrations/2026-11-29-220-listing-quality.js';
import * as priceRating from './migrations/2026-11-29-228-price-rating.js';
import * as storefrontPrice from './migrations/2026-11-29-242-storefront-price.js';
import * as importCars from './migrations/2026-11-29-246-import-cars.js';

const MIGRATIONS = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-vehicles': vehicles,
  '2026-11-21-003-photos': photos,
  '2026-11-21-004-webhooks': webhooks,
  '2026-11-21-005-feeds': feeds,
  '2026-11-21-006-leads': leads,
  '2026-11-21-007-job-concurrency': jobConcurrency,
  '2026-11-24-001-feed-import-bounds': feedImportBounds,
  '2026-11-24-002-panel': panel,
  '2026-11-24-003-panel-inventory': panelInventory,
  '2026-11-24-004-lead-conversations': leadConversations,
  '2026-11-24-005-vehicle-details': vehicleDetails,
  '2026-11-24-006-feed-mapping': feedMapping,
  '2026-11-26-001-feed-token-creators': feedTokenCreators,
  '2026-11-26-002-lead-phone-keys': leadPhoneKeys,
  '2026-11-26-010-limit-hits': limitHits,
  '2026-11-27-001-dealer-profile': dealerProfile,
  '2026-11-27-002-photo-variants': photoVariants,
  '2026-11-27-002b-public-pages': publicPages,
  '2026-11-27-003-listing-stats': listingStats,
  '2026-11-27-101-saved-replies': savedReplies,
  '2026-11-27-102-panel-cars': panelCars,
  '2026-11-27-105-stats-mail': statsMail,
  '2026-11-27-106-sandbox': sandbox,
  '2026-11-28-001-dealer-logo': dealerLogo,
  '2026-11-28-004-stats-covering': statsCovering,
  '2026-11-28-005-stats-dealer-daily': statsDealerDaily,
  '2026-11-29-160-invites-elsewhere': invitesElsewhere,
  '2026-11-29-201-lead-reply-mail': leadReplyMail,
  '2026-11-29-208-first-response': firstResponse,
  '2026-11-29-210-vehicle-activity': vehicleActivity,
  '2026-11-29-215-push-subscriptions': pushSubscriptions,
  '2026-11-29-220-listing-quality': listingQuality,
  '2026-11-29-228-price-rating': priceRating,
  '2026-11-29-242-storefront-price': storefrontPrice,
  '2026-11-29-246-import-cars': importCars,
};

/**
 * The migrations this store has run, or undefined when it has none (no bookkeeping table yet).
 * Read directly: Kysely's Migrator first introspects every table of every schema, which costs
 * time at each start and fails when another schema is being dropped at that moment.
 */
async function executedMigrations(db: Kysely<DB>): Promise<string[] | undefined> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return rows.map((r) => r.name);
  } catch {
    return undefined;
  }
}

async function upToDate(db: Kysely<DB>): Promise<boolean> {
  const done = await executedMigrations(db);
  const known = Object.keys(MIGRATIONS);
  return done !== undefined && done.length === known.length && known.every((name) => done.includes(name));
}

export async function migrateToLatest(store: Store): Promise<void> {
  // Up to date (the usual start): nothing to do. Anything else goes through the Migrator,
  // which also refuses a store migrated by a newer version.
  if (await upToDate(store.db)) return;
  // Several processes starting at once on a new version migrate once (P36): the first takes the
  // store's migration lock, the others wait for it and find the work done.
  await underMigrationLock(store, async (db) => {
    if (await upToDate(db)) return;
    await runMigrator(store, db);
  });
}

/**
 * PostgreSQL: a session-level advisory lock per schema, held on one dedicated connection for
 * the whole run (Kysely's own lock comes after it creates its bookkeeping tables, which two
 * processes cannot both do). SQLite: the migrations run inside one BEGIN IMMEDIATE transaction
 * (Kysely opens none there), so a second process waits on the write lock (busy_timeout), and a
 * failed migration leaves nothing half-done.
 */
async function underMigrationLock(store: Store, fn: (db: Kysely<DB>) => Promise<void>): Promise<void> {
  await store.db.connection().execute(async (conn) => {
    if (store.dialect === 'postgres') {
      await sql`select pg_advisory_lock(${sql.lit(LOCK_CLASS.migrations)}, hashtext(current_schema()))`.execute(conn);
      try {
        await fn(conn);
      } finally {
        await sql`select pg_advisory_unlock(${sql.lit(LOCK_CLASS.migrations)}, hashtext(current_schema()))`.execute(conn).catch(() => {});
      }
      return;
    }
    await beginImmediate(conn);
    try {
      await fn(conn);
      await sql`commit`.execute(conn);
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw err;
    }
  });
}

/** busy_timeout bounds one wait; a first migration of a large file can take longer. */
async function beginImmediate(conn: Kysely<DB>): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    try {
      await sql`begin immediate`.execute(conn);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > end) throw err;
    }
  }
}

/**
 * Runs the migrations up to and including `name`, no further: tests of what a migration does to
 * the rows it finds make those rows on the store as it was before it.
 */
export async function migrateUpTo(store: Store, name: keyof typeof MIGRATIONS): Promise<void> {
  await underMigrationLock(store, (db) => runMigrator(store, db, name));
}

async function runMigrator(store: Store, db: Kysely<DB>, upTo?: string): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(MIGRATIONS)) out[name] = { up: (d) => m.up(d, store.dialect) };
      return out;
    },
  };
  // On PostgreSQL, Kysely finds its bookkeeping tables in any schema unless told which one;
  // name the current schema so that several schemas (tests, tenants) each keep their own.
  let migrationTableSchema: string | undefined;
  if (store.dialect === 'postgres') {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = upTo === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(upTo);
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }
}
