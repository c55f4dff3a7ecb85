// Issue 39 §3 (D43, P246): an import's report names the cars it wrote, so the panel's report can
// show each one's listing quality.
//   feed_imports.cars  JSON array of the stock IDs the import created or updated, in the file's
//                      order, at most REPORT_MAX_CARS of them; '[]' for imports before P246 and
//                      for those that wrote nothing.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('feed_imports')
    .addColumn('cars', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
