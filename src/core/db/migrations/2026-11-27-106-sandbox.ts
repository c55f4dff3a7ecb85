// D35, P122: a dealership's sandbox is a twin dealership — a dealers row whose `sandbox_of` names
// the live one (at most one twin each: unique). Everything a key reaches is scoped by dealer_id,
// so a sandbox key resolving to the twin's id isolates cars, leads, webhooks, feeds and limits
// with no per-query flag. The public reads leave twins out; the comparables' index gains
// dealer_id so that the market position's "no sandbox car" condition is read from the index
// alone (P97 kept).
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('dealers').addColumn('sandbox_of', 'bigint').execute();
  await db.schema.createIndex('dealers_sandbox_of').unique().on('dealers').column('sandbox_of').execute();
  await db.schema.dropIndex('vehicles_comparables').execute();
  await db.schema
    .createIndex('vehicles_comparables')
    .on('vehicles')
    .columns(['market', 'brand', 'model', 'condition', 'currency', 'year', 'price_cents', 'dealer_id'])
    .where(sql.ref('status'), '=', sql.lit('active'))
    .execute();
}
