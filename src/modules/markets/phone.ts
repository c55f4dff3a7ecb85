// Phone numbers as people write them (D32, P80): read with libphonenumber-js in the market's
// country, so "11 4444-2222" on an Argentine listing is +54 11 4444-2222 and not a number
// somewhere else. One reader for the buyers' numbers (leads) and the dealerships' (profile).
// With the full metadata (`/max`, D41, P208): the small build checks a number's length only, and
// calls "99876-5432" a valid Brazilian number although it lacks its area code (DDD).
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import { countryOfMarket } from './markets.js';

/** A market's country for phone numbers (markets.ts). */
function countryOf(market: string | undefined): CountryCode | undefined {
  const code = countryOfMarket(market);
  return code && isSupportedCountry(code) ? code : undefined;
}

/** A valid number read in the market's country; Mexico's old mobile "1" after +52 (dropped from its plan in 2019, still typed) is read without it. */
export function readPhone(phone: string, market: string | undefined): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(phone, countryOf(market));
  if (parsed?.isValid()) return parsed;
  if (parsed?.countryCallingCode === '52' && /^1\d{10}$/.test(parsed.nationalNumber)) {
    const again = parsePhoneNumberFromString(`+52${parsed.nationalNumber.slice(1)}`);
    if (again?.isValid()) return again;
  }
  return undefined;
}

/**
 * Argentina's mobiles are reached from abroad (and by WhatsApp) with a 9 after +54, which people
 * do not write at home ("11 4444-2222", "11 15 4444-2222"): a ten-digit Argentine number read
 * for a mobile use gets it. Other countries' numbers are as read.
 */
function asMobile(n: PhoneNumber): PhoneNumber {
  if (n.countryCallingCode !== '54' || !/^\d{10}$/.test(n.nationalNumber)) return n;
  return parsePhoneNumberFromString(`+549${n.nationalNumber}`) ?? n;
}

/**
 * E.164 ("+5491144442222") of a number written locally or internationally, or undefined when it
 * is not a valid number of the market's country (or, written with +, of any). `mobile`: the
 * number is for WhatsApp or a buyer's phone (D32: "11 4444-2222" in ar → +5491144442222).
 */
export function toE164(phone: string, market: string | undefined, o: { mobile?: boolean } = {}): string | undefined {
  const n = readPhone(phone, market);
  if (!n) return undefined;
  return (o.mobile ? asMobile(n) : n).number;
}

/** The number for a wa.me link: E.164 digits of the mobile, else the digits typed. */
export function whatsappDigits(phone: string, market: string | undefined): string {
  return toE164(phone, market, { mobile: true })?.slice(1) ?? phone.replace(/\D/g, '');
}

/** A tel: link's number: E.164 of the mobile when it reads as one, else the digits typed (with a leading +). */
export function telHref(phone: string, market: string | undefined): string {
  return `tel:${toE164(phone, market, { mobile: true }) ?? phone.replace(/[^\d+]/g, '')}`;
}

/**
 * A number as people of its market write it: national format for a number of that country
 * ("011 15-4444-2222"), international for one of another ("+598 94 123 456"); as typed when it
 * does not read as a number.
 */
export function displayPhone(phone: string, market: string | undefined): string {
  const n = readPhone(phone, market);
  if (!n) return phone;
  return n.country !== undefined && n.country === countryOf(market) ? n.formatNational() : n.formatInternational();
}

/**
 * An area code of each market's country where numbers have one, the largest city's: a number
 * that is valid only with one in front was typed without it (D41: "15 4444 2222" in ar, "99876-5432"
 * in br), and the form shows it completed with this one as an example.
 */
const SAMPLE_AREA_CODES: Partial<Record<CountryCode, string>> = { AR: '11', BR: '11', MX: '55', CL: '2', PE: '1', CO: '601', US: '212', GB: '020' };

export type BuyerPhone = { kind: 'ok'; e164: string } | { kind: 'area_code'; example: string } | { kind: 'unknown' };

/**
 * A buyer's number for an inquiry about a car of `market` (D41): valid in the market's country
 * (with a country code in front: in its own), as E.164 for a mobile use (D32); or missing its
 * area code (with the number completed by a sample one, as the country writes it); or no number.
 */
export function checkBuyerPhone(phone: string, market: string): BuyerPhone {
  const e164 = toE164(phone, market, { mobile: true });
  if (e164) return { kind: 'ok', e164 };
  const country = countryOf(market);
  const international = /^\s*(\+|00)/.test(phone);
  const sample = country && SAMPLE_AREA_CODES[country];
  if (!international && sample) {
    const completed = parsePhoneNumberFromString(`${sample} ${phone.replace(/^\s*0(?!0)/, '')}`, country);
    if (completed?.isValid()) return { kind: 'area_code', example: completed.formatNational() };
  }
  return { kind: 'unknown' };
}
