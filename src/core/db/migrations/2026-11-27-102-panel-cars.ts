// Issue 26 §3 (D33, P104): photos uploaded in the panel. The upload is checked and stored when
// it arrives (the image pipeline of downloaded photos); this row keeps what the photo job needs
// to mark it ready without fetching anything: a dealership's upload, by the file id its
// `upload:<file id>` photo entry names.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('photo_uploads')
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('variant_widths', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('photo_uploads_pk', ['dealer_id', 'file_id'])
    .execute();
}
