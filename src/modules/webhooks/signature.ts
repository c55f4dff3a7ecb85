// X-Service-Signature (D20): `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
// `"<t>." + the exact bytes sent`, keyed with the secret exactly as returned at creation —
// the scheme Stripe uses, so its libraries verify our deliveries too.
import crypto from 'node:crypto';

export function signatureHeader(secret: string, unixSeconds: number, body: Buffer | string): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new signing secret: `whsec_` and 32 random bytes (base64url). */
export function newSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}
