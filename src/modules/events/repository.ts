import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';

export async function insertEvents(
  db: Kysely<DB>,
  events: { id: string; dealer_id: number; type: string; data: string; created_at: number }[],
): Promise<void> {
  for (let i = 0; i < events.length; i += 500) await db.insertInto('events').values(events.slice(i, i + 500)).execute();
}
