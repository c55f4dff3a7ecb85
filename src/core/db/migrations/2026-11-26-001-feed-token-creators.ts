// D39, P64: push tokens are credentials, made and revoked only by owners and the operator. Each
// feed now records who made its token — the operator (CLI), a panel user (their id, and their
// name, kept when the user is later removed), or `unknown` — and when its token last pushed.
// Feeds made before this change are `unknown` (the panel let staff make them and nothing recorded
// who did; they are not revoked: that would stop every working feed at the upgrade), except those
// made before the panel existed on this store, which only the operator could have made. The
// panel shows the unknown ones to the owners with a warning to review them.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/** Clocks of several hosts may disagree: only feeds clearly older than the panel count as the operator's. */
const CLOCK_MARGIN_MS = 60 * 60_000;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // operator | user | unknown
  await db.schema
    .alterTable('feeds')
    .addColumn('created_by', 'text', (c) => c.notNull().defaultTo('unknown'))
    .execute();
  await db.schema
    .alterTable('feeds')
    .addColumn('created_by_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('feeds').addColumn('created_by_name', 'text').execute();
  await db.schema.alterTable('feeds').addColumn('last_used_at', 'bigint').execute();

  // When the panel's migration ran here (Kysely's bookkeeping, an ISO time written by the process that ran it).
  const { rows } = await sql<{ timestamp: string }>`select "timestamp" from kysely_migration where name = '2026-11-24-002-panel'`.execute(db);
  const panelSince = rows[0] ? Date.parse(rows[0].timestamp) : Number.NaN;
  if (Number.isFinite(panelSince)) {
    await db
      .updateTable('feeds')
      .set({ created_by: 'operator' })
      .where('created_at', '<', panelSince - CLOCK_MARGIN_MS)
      .execute();
  }
}
