// Jobs may name a concurrency key (e.g. one webhook): a worker runs at most a task's limit of
// jobs with the same key at once, and leaves the others unclaimed meanwhile.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('concurrency_key', 'text').execute();
}
