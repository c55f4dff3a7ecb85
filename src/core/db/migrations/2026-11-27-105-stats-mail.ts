// Issue 28 §4 (D34, P119): the weekly statistics e-mail to owners.
//   users.weekly_stats   1 or 0: the owner gets the weekly summary (turned off in My account).
//   stats_weekly_mails   one row per dealership and local week summarized: written in the
//                        transaction that queues the week's mails, its primary key makes the
//                        send happen once whatever the processes and restarts.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('weekly_stats', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('stats_weekly_mails')
    .addColumn('dealer_id', 'bigint', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('mails', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stats_weekly_mails_pk', ['dealer_id', 'week'])
    .execute();
}
