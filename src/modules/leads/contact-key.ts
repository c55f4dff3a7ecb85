// The keys an inquiry is matched to a lead by (D37, P65): an inquiry joins a lead only when both
// its e-mail key and its phone key equal the lead's (a missing one matching only a missing one).
// E-mail: trimmed, lower-cased. Phone: the number read in the listing market's country
// (libphonenumber-js), as "+" and its E.164 digits, so "0351 15 555-0199" and
// "+54 9 351 555 0199" are one number; what the library cannot read as a valid number keeps its
// digits only (no "+": the two kinds never meet).
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js';
import { countryOfMarket } from '../markets/markets.js';

/** A market's country for phone numbers (markets.ts). */
function countryOf(market: string | undefined): CountryCode | undefined {
  const code = countryOfMarket(market);
  return code && isSupportedCountry(code) ? code : undefined;
}

export function emailKey(email: string | null): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
}

/** A valid number read in the market's country; Mexico's old mobile "1" after +52 (dropped from its plan in 2019, still typed) is read without it. */
function readPhone(phone: string, market: string | undefined): PhoneNumber | undefined {
  const parsed = parsePhoneNumberFromString(phone, countryOf(market));
  if (parsed?.isValid()) return parsed;
  if (parsed?.countryCallingCode === '52' && /^1\d{10}$/.test(parsed.nationalNumber)) {
    const again = parsePhoneNumberFromString(`+52${parsed.nationalNumber.slice(1)}`);
    if (again?.isValid()) return again;
  }
  return undefined;
}

/**
 * Argentina's mobile 9 after +54 is dialled, not part of the number: a mobile is written
 * "11 15 4567-8901" at home, "+54 9 11 4567 8901" abroad, and "11 4567-8901" by many; the ten
 * digits after +54 are one line either way.
 */
export function phoneKey(phone: string | null, market: string | undefined): string | null {
  if (!phone?.trim()) return null;
  const n = readPhone(phone, market);
  if (!n) return phone.replace(/\D/g, '') || null;
  const national = n.countryCallingCode === '54' && /^9\d{10}$/.test(n.nationalNumber) ? n.nationalNumber.slice(1) : n.nationalNumber;
  return `+${n.countryCallingCode}${national}`;
}

/** The number for a wa.me link: E.164 digits as the buyer wrote the number (a mobile prefix kept), else the digits typed. */
export function whatsappDigits(phone: string, market: string | undefined): string {
  return readPhone(phone, market)?.number.slice(1) ?? phone.replace(/\D/g, '');
}
