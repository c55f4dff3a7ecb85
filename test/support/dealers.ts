// Dealerships as tests need them: one seeded with a key, and the header that key goes in.
import type { Clock } from '../../src/core/clock.js';
import type { Store } from '../../src/core/db/store.js';
import { createDealer } from '../../src/modules/dealers/service.js';
import { createKey } from '../../src/modules/keys/service.js';

let seq = 0;
/** A dealership with one key; returns the key and the dealership's slug. */
export async function seedDealer(
  t: { store: Store; clock: Clock },
  input: { markets?: string[]; name?: string; city?: string } = {},
): Promise<{ key: string; slug: string; prefix: string }> {
  const slug = `dealer-${process.pid}-${++seq}`;
  await createDealer(t.store.db, t.clock, {
    slug,
    name: input.name ?? `Dealer ${seq}`,
    markets: input.markets ?? ['ar'],
    city: input.city ?? 'Córdoba',
  });
  const k = await createKey(t.store.db, t.clock, { dealer: slug, name: 'test' });
  return { key: k.key, slug, prefix: k.prefix };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
