// Webhook signatures (spec §6, D20; P129): X-Service-Signature is `t=<unix seconds>,v1=<hex>`,
// the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the webhook's secret. The verifier reads the
// header exactly as stripe-node's does (same scheme, so the same answers on the same inputs:
// several `v1` entries accepted, the last `t` wins, a timestamp from the future passes, a tolerance
// of 0 skips the age check) and compares in constant time. The HMAC comes from Web Crypto
// (globalThis.crypto.subtle), present in Node 20+ and every browser: no node:crypto, no adapter.
// The event's type is the document's (P184): what was verified came from the service.
import type { webhooks } from './schema.js';

/**
 * The body of a delivery (spec §6), as the document's `webhooks` section describes each event:
 * a union on `type`, so `if (event.type === 'lead.created') event.data.lead` needs no cast.
 * A later version of the API may add event types: keep a default branch for the ones you do not know.
 */
export type WebhookEvent = { [T in keyof webhooks]: webhooks[T]['post']['requestBody']['content']['application/json'] }[keyof webhooks];

/** One event's body: `WebhookEventOf<'vehicle.sold'>`. */
export type WebhookEventOf<T extends WebhookEvent['type']> = Extract<WebhookEvent, { type: T }>;

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface VerifyOptions {
  /** Seconds a signature stays valid (default 300, spec §6); 0 does not check its age. */
  tolerance?: number;
  /** The time of receipt in ms (default Date.now()). */
  now?: number;
}

const encoder = new TextEncoder();

function parseHeader(header: string): { timestamp: number; signatures: string[] } {
  const out = { timestamp: -1, signatures: [] as string[] };
  for (const item of header.split(',')) {
    const [k, v] = item.split('=');
    if (k === 't') out.timestamp = parseInt(v ?? '', 10);
    if (k === 'v1' && v !== undefined) out.signatures.push(v);
  }
  return out;
}

/** Equal strings, in time that depends on their length only (the length of a hex HMAC is public). */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function hmacHex(secret: string, text: string): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  let hex = '';
  for (const byte of mac) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Checks a delivery's X-Service-Signature against its raw body (the bytes received, before any
 * JSON parsing) and returns the parsed event; throws WebhookSignatureError when it is not ours,
 * altered, or older than `tolerance` seconds.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | string[] | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookEvent> {
  if (Array.isArray(header)) throw new WebhookSignatureError('X-Service-Signature was given more than once');
  if (rawBody.length === 0) throw new WebhookSignatureError('No webhook body was given');
  if (header === null || header === undefined || header === '') throw new WebhookSignatureError('No X-Service-Signature header was given');
  if (!secret || /^[ \t\r\n\f\v]*$/.test(secret)) throw new WebhookSignatureError('No webhook secret was given');
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder('utf8').decode(rawBody);
  const { timestamp, signatures } = parseHeader(header);
  if (timestamp === -1) throw new WebhookSignatureError('No timestamp in X-Service-Signature');
  if (signatures.length === 0) throw new WebhookSignatureError('No v1 signature in X-Service-Signature');
  const expected = await hmacHex(secret, `${timestamp}.${body}`);
  // Every entry is compared (no early exit), so the time taken does not tell which one matched.
  let found = false;
  for (const s of signatures) found = constantTimeEqual(expected, s) || found;
  if (!found) throw new WebhookSignatureError('No signature matches the body: use the raw body as received and the secret of this webhook');
  const tolerance = options.tolerance ?? 300;
  const age = Math.floor((options.now ?? Date.now()) / 1000) - timestamp;
  if (tolerance > 0 && age > tolerance) throw new WebhookSignatureError(`The signature is ${age} s old, over the tolerance of ${tolerance} s`);
  return JSON.parse(body) as WebhookEvent;
}
