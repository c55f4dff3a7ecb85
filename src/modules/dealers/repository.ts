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
  return db.selectFrom('dealers').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function listDealers(db: Kysely<DB>): Promise<DealerRow[]> {
  return db.selectFrom('dealers').selectAll().orderBy('slug').execute();
}
