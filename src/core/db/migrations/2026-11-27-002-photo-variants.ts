// Photos in several widths (D36, P88): each photo made since records the narrower widths its
// copies were made in (JSON array, e.g. [480,960]); null for a photo made before, which has its
// display copy only and is shown as it was.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('photos').addColumn('variant_widths', 'text').execute();
}
