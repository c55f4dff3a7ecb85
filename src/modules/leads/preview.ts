// last_message as the API and webhooks show it: the buyer's contact details stay in the dealer
// panel (D18), even when the buyer typed them into the message ("I'm Ana, call me on …").
import type { Inquiry } from './inquiry.js';

const HIDDEN = '[hidden]';
const EMAILS = /[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Runs of digits with spaces, dashes or parentheses (not dots: "12.500.000" is a price).
const DIGIT_RUN = /(?:\+\s*)?\(?\d[\d\s\-()]{6,}\d/g;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `message` with e-mail addresses, phone numbers and the buyer's names (as given in this message
 * and in earlier ones: `buyers`) replaced by [hidden].
 */
export function messagePreview(message: string, buyers: Pick<Inquiry, 'name' | 'email' | 'phone'>[]): string {
  let out = message.replace(EMAILS, HIDDEN).replace(DIGIT_RUN, (run) => (isPhone(run.trim()) ? HIDDEN : run));
  // Each name whole and word by word (words of 3+ letters), whatever the case.
  const words = buyers.flatMap((b) => [b.name, ...b.name.split(/\s+/).filter((w) => w.length >= 3)]).filter(Boolean);
  for (const w of [...new Set(words)].sort((a, b) => b.length - a.length)) {
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(w)}(?![\\p{L}\\p{N}])`, 'giu'), HIDDEN);
  }
  for (const given of buyers.flatMap((b) => [b.email, b.phone])) if (given) out = out.replace(new RegExp(escapeRegExp(given), 'gi'), HIDDEN);
  return out;
}

/**
 * A phone number, told from years, mileages and prices the buyer may mention ("2019, 45000 km",
 * "12 500 000"): 8-15 digits written with a +, a dash or parentheses, or all together, or in
 * three or more space-separated groups ending in four digits ("011 4567 8901").
 */
function isPhone(run: string): boolean {
  const digits = run.replace(/\D/g, '').length;
  if (digits < 8 || digits > 15) return false;
  if (/[+\-()]/.test(run) || /^\d+$/.test(run)) return true;
  const groups = run.split(/\s+/);
  return groups.length >= 3 && /^\d{4}$/.test(groups[groups.length - 1]!);
}
