// Issue 15: a feed's column mapping overrides, `{ "<column as in the file>": "<field>" | "ignore" }`
// as JSON text, used by every push and pull of that feed and shown in its reports.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('feeds')
    .addColumn('column_map', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}
