// The buyers' way to the dealership (D34, P84): `/listings/{id}/contact/phone` → 302 `tel:+E164`,
// `…/contact/whatsapp` → 302 `https://wa.me/<digits>?text=…` with a message naming the car and its
// link in the market's language. 404 when the car is not public or the dealership has no such
// number. Each redirect goes to `onContact` with the request and the car (the statistics count
// contacts there as they count views, D34, P152), whoever asked: the redirect is everyone's.
import type { DealerRow } from '../../core/db/schema.js';
import { textsOf } from '../../core/i18n/index.js';
import { languageOf } from '../markets/markets.js';
import type { ViewedCar, ViewRequest } from '../stats/counting.js';
import { listingUrl, vehicleLabel } from '../vehicles/serialize.js';
import { findContact } from './repository.js';
import { storefrontUrl } from './site.js';

export type ContactChannel = 'phone' | 'whatsapp';
const CONTACT_CHANNELS: readonly ContactChannel[] = ['phone', 'whatsapp'];
/** A followed contact link: the car's code, the channel, the request (who, for the counting) and the car. */
export type OnContact = (listingId: string, channel: ContactChannel, req: ViewRequest, car: ViewedCar) => void;

/** Statuses whose page is public (service.ts): a car for sale, or one no longer for sale whose page still answers. */
const PUBLIC = new Set(['active', 'sold', 'withdrawn', 'expired']);

const TEXTS = textsOf('public.');

/**
 * Where the channel leads, or undefined (the 404 page), and the car it is a contact of (read in
 * the same query: counting it costs no other round trip). Numbers are stored in E.164 (D32).
 */
export async function contactTarget(
  db: Parameters<typeof findContact>[0],
  publicBaseUrl: string,
  listingId: string,
  channel: string,
): Promise<{ location: string; channel: ContactChannel; car: ViewedCar } | undefined> {
  if (!(CONTACT_CHANNELS as readonly string[]).includes(channel)) return undefined;
  const row = (await findContact(db, listingId))[0];
  if (!row || !PUBLIC.has(row.status)) return undefined;
  const car = { vehicleId: row.id, dealerId: row.dealer_id, market: row.market };
  if (channel === 'phone') return row.phone ? { location: `tel:${row.phone}`, channel, car } : undefined;
  if (!row.whatsapp) return undefined;
  const text = TEXTS[languageOf(row.market)].whatsappMessage.car(vehicleLabel(row), listingUrl(publicBaseUrl, row.listing_id));
  return { location: `https://wa.me/${row.whatsapp.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`, channel: 'whatsapp', car };
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
