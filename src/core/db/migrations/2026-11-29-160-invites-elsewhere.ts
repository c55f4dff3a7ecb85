// P160: an owner's invitation of an address that has an account at another dealership is kept
// as a pending user of the inviting dealership, so the users list shows it as it shows any
// pending invitation. Such a row's `elsewhere_email` is the address; its `email` is a key that
// is never an address (users/repository.ts), so the address stays unique to its one account.
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema.alterTable('users').addColumn('elsewhere_email', 'text').execute();
}
