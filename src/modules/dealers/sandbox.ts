// D35, P122: a dealership's sandbox is its twin — a dealers row with `sandbox_of` set to the live
// dealership's id. Sandbox keys and push tokens belong to the twin, so every query already scoped
// by dealer_id keeps sandbox and live rows apart with nothing to remember per query. The twin is
// made the first time a sandbox credential is, with the live one's name, city, markets, profile
// and time zone (kept in step by updateDealerProfile). Its slug ends in `--sandbox`, which no
// live slug can (single hyphens only), and every public or operator read of dealers leaves twins out.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../core/db/dialect.js';
import type { DB, DealerRow } from '../../core/db/schema.js';
import { findSandboxTwin, insertSandboxTwin } from './repository.js';

export const SANDBOX_SLUG_SUFFIX = '--sandbox';

/** The live dealership's sandbox twin, made now when it has none (two callers at once make one). */
export async function ensureSandboxTwin(db: Kysely<DB>, live: DealerRow, now: number): Promise<DealerRow> {
  if (live.sandbox_of !== null) return live;
  const found = await findSandboxTwin(db, live.id);
  if (found) return found;
  const { id: _id, ...copy } = live;
  try {
    return await insertSandboxTwin(db, { ...copy, slug: live.slug + SANDBOX_SLUG_SUFFIX, created_at: now, sandbox_of: live.id });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const twin = await findSandboxTwin(db, live.id);
    if (!twin) throw err;
    return twin;
  }
}
