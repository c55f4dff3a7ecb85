// The buyers' way to the dealership (D34, P84): `/listings/{id}/contact/phone` → 302 `tel:+E164`,
// `…/contact/whatsapp` → 302 `https://wa.me/<digits>?text=…` with a message naming the car and its
// link in the market's language. 404 when the car is not public or the dealership has no such
// number. Each redirect calls `onContact` (a no-op unless the app passes one: the statistics
// count contacts there, D34).
import { compiledQuery } from '../../core/db/compiled.js';
import { textsOf } from '../../core/i18n/index.js';
import type { DealerRow, VehicleRow } from '../../core/db/schema.js';
import { languageOf } from '../markets/markets.js';
import { listingUrl, vehicleLabel } from '../vehicles/serialize.js';
import { storefrontUrl } from './site.js';

export type ContactChannel = 'phone' | 'whatsapp';
const CONTACT_CHANNELS: readonly ContactChannel[] = ['phone', 'whatsapp'];
export type OnContact = (listingId: string, channel: ContactChannel) => void;
export const noContactHook: OnContact = () => {};

type ContactRow = Pick<VehicleRow, 'listing_id' | 'status' | 'market' | 'year' | 'brand' | 'model' | 'version'> & Pick<DealerRow, 'phone' | 'whatsapp'>;

const findContact = compiledQuery<ContactRow, [string]>((db) =>
  db
    .selectFrom('vehicles')
    .innerJoin('dealers', 'dealers.id', 'vehicles.dealer_id')
    .select([
      'vehicles.listing_id',
      'vehicles.status',
      'vehicles.market',
      'vehicles.year',
      'vehicles.brand',
      'vehicles.model',
      'vehicles.version',
      'dealers.phone',
      'dealers.whatsapp',
    ])
    .where('vehicles.listing_id', '=', '')
    // A sandbox car (D35) has no public contact links.
    .where('dealers.sandbox_of', 'is', null),
);

/** Statuses whose page is public (service.ts): a car for sale, or one no longer for sale whose page still answers. */
const PUBLIC = new Set(['active', 'sold', 'withdrawn', 'expired']);

const TEXTS = textsOf('public.');

/** Where the channel leads, or undefined (the 404 page). Numbers are stored in E.164 (D32). */
export async function contactTarget(
  db: Parameters<typeof findContact>[0],
  publicBaseUrl: string,
  listingId: string,
  channel: string,
): Promise<{ location: string; channel: ContactChannel } | undefined> {
  if (!(CONTACT_CHANNELS as readonly string[]).includes(channel)) return undefined;
  const row = (await findContact(db, listingId))[0];
  if (!row || !PUBLIC.has(row.status)) return undefined;
  if (channel === 'phone') return row.phone ? { location: `tel:${row.phone}`, channel } : undefined;
  if (!row.whatsapp) return undefined;
  const text = TEXTS[languageOf(row.market)].whatsappMessage.car(vehicleLabel(row), listingUrl(publicBaseUrl, row.listing_id));
  return { location: `https://wa.me/${row.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`, channel: 'whatsapp' };
}

/**
 * The storefront's buttons (P133): the same redirects for a dealership rather than a car
 * (`/dealers/{slug}/contact/phone|whatsapp`), so the pages still never link a number directly.
 * Not counted: D34's contacts are a car's. `dealer` is the live dealership of the slug, or undefined.
 */
export function dealerContactTarget(
  dealer: Pick<DealerRow, 'slug' | 'markets' | 'phone' | 'whatsapp'> | undefined,
  publicBaseUrl: string,
  channel: string,
): string | undefined {
  if (!dealer || !(CONTACT_CHANNELS as readonly string[]).includes(channel)) return undefined;
  if (channel === 'phone') return dealer.phone ? `tel:${dealer.phone}` : undefined;
  if (!dealer.whatsapp) return undefined;
  const market = (JSON.parse(dealer.markets) as string[])[0] ?? '';
  const text = TEXTS[languageOf(market)].whatsappMessage.dealer(storefrontUrl(publicBaseUrl, dealer.slug));
  return `https://wa.me/${dealer.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
