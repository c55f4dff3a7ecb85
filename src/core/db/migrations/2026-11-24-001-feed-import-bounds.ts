// Issue 11: an import is recorded as `running` when it starts and keeps a heartbeat while it
// runs, so that one whose process died (SIGKILL, power loss) is found afterwards and reported
// `interrupted` (with sync.failed). The partial index keeps that search to the running few.
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('feed_imports').addColumn('heartbeat_at', 'bigint').execute();
  await db.schema
    .createIndex('feed_imports_running')
    .on('feed_imports')
    .column('heartbeat_at')
    .where(sql.ref('result'), '=', sql.lit('running'))
    .execute();
}
