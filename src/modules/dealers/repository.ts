import type { Kysely } from 'kysely';
import type { DB, DealerRow } from '../../core/db/schema.js';

export async function insertDealer(db: Kysely<DB>, d: { slug: string; name: string; city: string | null; markets: string[]; now: number }): Promise<DealerRow> {
  return db
    .insertInto('dealers')
    .values({ slug: d.slug, name: d.name, city: d.city, markets: JSON.stringify(d.markets), created_at: d.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findDealerBySlug(db: Kysely<DB>, slug: string): Promise<DealerRow | undefined> {
  // A sandbox twin (D35, P122) is no dealership of its own to anyone who names one by slug.
  return db.selectFrom('dealers').selectAll().where('slug', '=', slug).where('sandbox_of', 'is', null).executeTakeFirst();
}

export function listDealers(db: Kysely<DB>): Promise<DealerRow[]> {
  return db.selectFrom('dealers').selectAll().where('sandbox_of', 'is', null).orderBy('slug').execute();
}

/** The live dealership's sandbox twin (D35, P122; dealers/sandbox.ts), if it has one. */
export function findSandboxTwin(db: Kysely<DB>, liveId: number): Promise<DealerRow | undefined> {
  return db.selectFrom('dealers').selectAll().where('sandbox_of', '=', liveId).executeTakeFirst();
}

export function insertSandboxTwin(db: Kysely<DB>, twin: Omit<DealerRow, 'id'>): Promise<DealerRow> {
  return db.insertInto('dealers').values(twin).returningAll().executeTakeFirstOrThrow();
}

export function findDealerById(db: Kysely<DB>, id: number): Promise<DealerRow | undefined> {
  return db.selectFrom('dealers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets the profile fields given (D32); the row as it is after, or undefined when there is no such dealership. */
export async function updateDealerProfile(
  db: Kysely<DB>,
  id: number,
  values: Partial<Pick<DealerRow, 'phone' | 'whatsapp' | 'address' | 'website' | 'opening_hours' | 'time_zone'>>,
): Promise<DealerRow | undefined> {
  if (Object.keys(values).length === 0) return findDealerById(db, id);
  // The sandbox twin shows the same profile and counts days in the same zone (D35, P122): both in one transaction.
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('dealers').set(values).where('id', '=', id).returningAll().executeTakeFirst();
    await trx.updateTable('dealers').set(values).where('sandbox_of', '=', id).execute();
    return row;
  });
}

type DealerLogo = Pick<DealerRow, 'logo_file_id' | 'logo_width' | 'logo_height'>;

/**
 * Sets or (all null) removes one dealership's logo (P132), and its sandbox twin's: the same
 * storefront either way. Only the row of `id` is touched; the row after, or undefined.
 */
export function updateDealerLogo(db: Kysely<DB>, id: number, logo: DealerLogo): Promise<DealerRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.updateTable('dealers').set(logo).where('id', '=', id).returningAll().executeTakeFirst();
    await trx.updateTable('dealers').set(logo).where('sandbox_of', '=', id).execute();
    return row;
  });
}
