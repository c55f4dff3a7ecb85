import type { Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { chunks } from '../../core/util/chunks.js';

export async function insertEvents(db: Kysely<DB>, events: { id: string; dealer_id: number; type: string; data: string; created_at: number }[]): Promise<void> {
  for (const part of chunks(events)) await db.insertInto('events').values(part).execute();
}
