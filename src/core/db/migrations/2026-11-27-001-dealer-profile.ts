// D32, P80: a dealership's time zone and public profile. Every column may be empty: a dealership
// without a time zone of its own has its first market's (dealers/profile.ts), so rows made before
// this change need no values written.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

const COLUMNS = ['time_zone', 'phone', 'whatsapp', 'address', 'website', 'opening_hours'] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // One column a statement: SQLite's ALTER TABLE adds one at a time.
  for (const c of COLUMNS) await db.schema.alterTable('dealers').addColumn(c, 'text').execute();
}
