// The keys an inquiry is matched to a lead by (D37, P65): an inquiry joins a lead only when both
// its e-mail key and its phone key equal the lead's (a missing one matching only a missing one).
// E-mail: trimmed, lower-cased. Phone: the number read in the listing market's country
// (libphonenumber-js), as "+" and its E.164 digits, so "0351 15 555-0199" and
// "+54 9 351 555 0199" are one number; what the library cannot read as a valid number keeps its
// digits only (no "+": the two kinds never meet).
import { readPhone } from '../markets/phone.js';

export function emailKey(email: string | null): string | null {
  const e = email?.trim().toLowerCase();
  return e ? e : null;
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
