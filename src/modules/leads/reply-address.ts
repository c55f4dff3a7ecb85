// A lead's reply address (D40, P201): `reply+<token>@<MAIL_REPLY_DOMAIN>`, the token 26 letters
// and digits of base32 (130 random bits), lower-case only, since some relays lower-case the
// local part. Made when the first mail to the buyer is queued and kept with the lead, so every
// mail about it carries the same address and an old one still reaches the conversation.
import crypto from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN = /^[a-z2-7]{26}$/;

export function newReplyToken(): string {
  const bytes = crypto.randomBytes(17);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += ALPHABET.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  return out;
}

export const replyAddress = (token: string, domain: string): string => `reply+${token}@${domain}`;

/** The token of the first recipient that is a reply address of `domain` (recipients lower-cased). */
export function replyTokenIn(recipients: readonly string[], domain: string): string | undefined {
  const suffix = `@${domain}`;
  for (const r of recipients) {
    if (!r.startsWith('reply+') || !r.endsWith(suffix)) continue;
    const token = r.slice('reply+'.length, r.length - suffix.length);
    if (TOKEN.test(token)) return token;
  }
  return undefined;
}
