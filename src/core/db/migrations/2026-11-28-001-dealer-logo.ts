// D32, P132: a dealership's logo — the stored file's id (a 256 px WebP in the photo store, named
// by its content hash) and its size in pixels, for the pages' width/height. All empty: no logo.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  // One column a statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('dealers').addColumn('logo_file_id', 'text').execute();
  await db.schema.alterTable('dealers').addColumn('logo_width', 'integer').execute();
  await db.schema.alterTable('dealers').addColumn('logo_height', 'integer').execute();
}
