// A dealership's public profile and time zone (D32, P80): the rules both the operator's
// `dealers update` and the owners' panel page go through. Phone numbers are read in the first
// market's country and kept in E.164 (the WhatsApp number as the mobile it is: "11 4444-2222" in
// ar is +5491144442222); the time zone must be an IANA name this runtime knows (Intl).
import type { Kysely } from 'kysely';
import type { DB, DealerRow } from '../../core/db/schema.js';
import { ApiError } from '../../core/errors.js';
import { msg, type Msg } from '../../core/i18n/index.js';
import { forbiddenControl } from '../../core/text.js';
import { dealerTimeZone, MARKET_TIME_ZONES } from '../markets/markets.js';
import { toE164 } from '../markets/phone.js';
import { updateDealerProfile } from './repository.js';

export const PROFILE_FIELDS = ['phone', 'whatsapp', 'address', 'website', 'opening_hours', 'time_zone'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export interface DealerProfile {
  phone: string | null;
  whatsapp: string | null;
  address: string | null;
  website: string | null;
  opening_hours: string | null;
  /** Its own, or its first market's (never null). */
  time_zone: string;
}

export const ADDRESS_MAX = 200;
export const OPENING_HOURS_MAX = 200;
export const WEBSITE_MAX = 300;

export function profileOf(row: Pick<DealerRow, ProfileField | 'markets'>): DealerProfile {
  return {
    phone: row.phone,
    whatsapp: row.whatsapp,
    address: row.address,
    website: row.website,
    opening_hours: row.opening_hours,
    time_zone: dealerTimeZone(row.time_zone, JSON.parse(row.markets) as string[]),
  };
}

/** What is wrong with one field, as a code the panel words and the CLI explains. */
export type ProfileProblem = 'phone_invalid' | 'whatsapp_invalid' | 'too_long' | 'control' | 'website_invalid' | 'time_zone_invalid';

/** Names this runtime's Intl lists, by lower case, to store the usual spelling of one typed in another case. */
let knownZones: Map<string, string> | undefined;
/** An IANA name (Area/Location, or UTC; not an offset) that Intl accepts, in its usual spelling; kept as written otherwise (Intl would rename America/Argentina/Cordoba to America/Cordoba). */
function zoneSpelling(name: string): string | undefined {
  if (name !== 'UTC' && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name }).format(0);
  } catch {
    return undefined;
  }
  knownZones ??= new Map([...Intl.supportedValuesOf('timeZone'), ...Object.values(MARKET_TIME_ZONES)].map((z) => [z.toLowerCase(), z]));
  return knownZones.get(name.toLowerCase()) ?? name;
}

export const isTimeZone = (name: string): boolean => zoneSpelling(name) !== undefined;

function websiteOf(text: string): string | undefined {
  if (text.length > WEBSITE_MAX) return undefined;
  // Written without a scheme ("autosdelsur.com.ar"), as people do: https is meant.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.') || url.username || url.password) return undefined;
  return url.href;
}

export type ProfileInput = Partial<Record<ProfileField, string>>;

/**
 * The stored values of the fields given (a blank one is cleared), or each field's problem.
 * Fields not given are not touched.
 */
export function checkProfile(
  input: ProfileInput,
  market: string | undefined,
): { ok: true; values: Partial<Record<ProfileField, string | null>> } | { ok: false; problems: Partial<Record<ProfileField, ProfileProblem>> } {
  const values: Partial<Record<ProfileField, string | null>> = {};
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  for (const field of PROFILE_FIELDS) {
    const raw = input[field];
    if (raw === undefined) continue;
    const text = raw.replace(/\s+/g, ' ').trim();
    if (text === '') {
      // A dealership always has a time zone: a blank one is its market's again.
      values[field] = null;
      continue;
    }
    // Shown to buyers on every listing: no control or bidirectional characters (core/text.ts, P158).
    if (forbiddenControl(text)) {
      problems[field] = 'control';
      continue;
    }
    switch (field) {
      case 'phone':
      case 'whatsapp': {
        const e164 = toE164(text, market, { mobile: field === 'whatsapp' });
        if (e164) values[field] = e164;
        else problems[field] = field === 'phone' ? 'phone_invalid' : 'whatsapp_invalid';
        break;
      }
      case 'address':
      case 'opening_hours':
        if (text.length > (field === 'address' ? ADDRESS_MAX : OPENING_HOURS_MAX)) problems[field] = 'too_long';
        else values[field] = text;
        break;
      case 'website': {
        const url = websiteOf(text);
        if (url) values[field] = url;
        else problems[field] = 'website_invalid';
        break;
      }
      case 'time_zone': {
        const zone = zoneSpelling(text);
        if (zone) values[field] = zone;
        else problems[field] = 'time_zone_invalid';
        break;
      }
    }
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, values };
}

const EXPLAINED: Record<ProfileProblem, (field: ProfileField, value: string, market: string | undefined) => Msg> = {
  phone_invalid: (f, value, m) => msg('profile_phone_invalid', { name: f, value, market: m ?? 'none' }),
  whatsapp_invalid: (f, value, m) => msg('profile_phone_invalid', { name: f, value, market: m ?? 'none' }),
  too_long: (f) => msg('profile_too_long', { name: f, max: f === 'address' ? ADDRESS_MAX : OPENING_HOURS_MAX }),
  website_invalid: (_f, value) => msg('profile_website_invalid', { value }),
  time_zone_invalid: (_f, value) => msg('profile_time_zone_invalid', { value }),
  control: (f, v) => msg('field_control', { field: f, char: forbiddenControl(v.replace(/\s+/g, ' ')) ?? '' }),
};

/** The problems as one text (the CLI's error line). */
function explainProblems(problems: Partial<Record<ProfileField, ProfileProblem>>, input: ProfileInput, market: string | undefined): Msg {
  return msg('profile_invalid', {
    problems: Object.entries(problems).map(([f, p]) => EXPLAINED[p](f as ProfileField, input[f as ProfileField] ?? '', market)),
  });
}

/** Checks and stores the fields given; a bad one changes nothing (ApiError invalid_request, every problem named). */
export async function updateProfile(db: Kysely<DB>, dealer: { id: number; markets: string[] }, input: ProfileInput): Promise<DealerRow> {
  const market = dealer.markets[0];
  const checked = checkProfile(input, market);
  if (!checked.ok) throw new ApiError('invalid_request', explainProblems(checked.problems, input, market));
  const row = await updateDealerProfile(db, dealer.id, checked.values);
  if (!row) throw new ApiError('not_found', msg('profile_dealer_gone'));
  return row;
}
