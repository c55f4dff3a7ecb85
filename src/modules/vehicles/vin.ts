// The VIN rule (P27): one file, used by validation (API, sync, feeds).
// Every market: 17 characters of A–Z and 0–9 without I, O and Q (ISO 3779), read upper-case,
// with spaces and dashes people type between groups removed. `us` cars: the North American
// check digit (position 9) must also match, so a mistyped VIN is caught where the rule is law
// (49 CFR 565); elsewhere many makers do not compute it, so it is not checked.
import { msg, type Msg } from '../../core/i18n/index.js';

const SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore

/** Markets whose cars must carry a valid check digit. */
const CHECK_DIGIT_MARKETS: readonly string[] = ['us'];

/** "1hg-cm826 33a004352 " → "1HGCM82633A004352". */
export const normalizeVin = (text: string): string => text.replace(/[\s-]+/g, '').toUpperCase();

/** The check digit (0–9 or X) a 17-character VIN of the right shape should carry at position 9. */
function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : LETTER_VALUES[c]!;
    sum += value * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** What is wrong with a normalized VIN for a car of `market` (a rule of the catalogue of words); null when nothing. */
export function vinProblem(vin: string, market: string): Msg | null {
  if (vin.length !== 17) return msg('vin_length', { vin, length: vin.length });
  if (/[IOQ]/.test(vin)) return msg('vin_letters_ioq', { vin });
  if (!SHAPE.test(vin)) return msg('vin_characters', { vin });
  if (CHECK_DIGIT_MARKETS.includes(market)) {
    const expected = vinCheckDigit(vin);
    if (vin[8] !== expected) return msg('vin_check_digit', { vin, found: vin[8]!, expected });
  }
  return null;
}
