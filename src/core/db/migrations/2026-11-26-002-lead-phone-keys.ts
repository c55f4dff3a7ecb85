// D37, P65: an inquiry joins a lead only when its e-mail and phone both equal the lead's, the
// phone compared as the number it is (E.164, read in the listing market's country) rather than
// its digits as typed. The stored phone keys are made again by that rule, so a buyer who wrote
// before the upgrade still joins their lead. The rule is copied here as it is on this date
// (modules/leads/contact-key.ts): a migration imports no feature module, and must not change
// when that rule later does. Erased contacts have no phone and are left alone.
import { isSupportedCountry, parsePhoneNumberFromString, type PhoneNumber } from 'libphonenumber-js';
import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

const BATCH = 1000;

function readPhone(phone: string, market: string | null): PhoneNumber | undefined {
  const code = market ? (market.toLowerCase() === 'uk' ? 'GB' : market.toUpperCase()) : undefined;
  const country = code && isSupportedCountry(code) ? code : undefined;
  const parsed = parsePhoneNumberFromString(phone, country);
  if (parsed?.isValid()) return parsed;
  if (parsed?.countryCallingCode === '52' && /^1\d{10}$/.test(parsed.nationalNumber)) {
    const again = parsePhoneNumberFromString(`+52${parsed.nationalNumber.slice(1)}`);
    if (again?.isValid()) return again;
  }
  return undefined;
}

function phoneKey(phone: string, market: string | null): string | null {
  const n = readPhone(phone, market);
  if (!n) return phone.replace(/\D/g, '') || null;
  const national = n.countryCallingCode === '54' && /^9\d{10}$/.test(n.nationalNumber) ? n.nationalNumber.slice(1) : n.nationalNumber;
  return `+${n.countryCallingCode}${national}`;
}

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { lead_id: number | string; phone: string; phone_key: string | null; market: string | null }[] = await db
      .selectFrom('lead_contacts')
      .leftJoin('vehicles', 'vehicles.id', 'lead_contacts.vehicle_id')
      .select(['lead_contacts.lead_id', 'lead_contacts.phone', 'lead_contacts.phone_key', 'vehicles.market'])
      .where('lead_contacts.lead_id', '>', after)
      .where('lead_contacts.phone', 'is not', null)
      .orderBy('lead_contacts.lead_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const r of rows) {
      const key = phoneKey(r.phone, r.market);
      if (key !== r.phone_key) await db.updateTable('lead_contacts').set({ phone_key: key }).where('lead_id', '=', r.lead_id).execute();
    }
    after = Number(rows[rows.length - 1]!.lead_id);
  }
}
