// The VAPID key pair that signs every Web Push request (RFC 8292, P215): VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when the operator set them, else derived from the server key, so every
// process sharing SECRET_KEY (or DATA_DIR/secret.key) signs with the same pair without a new
// secret to distribute. A browser's subscription is bound to the public key: changing it means
// each user turns notifications on again (the account page does so by itself, P216).
import crypto from 'node:crypto';
import type { SecretBox } from '../../core/secret-box.js';

export interface VapidKeys {
  /** 65-byte uncompressed P-256 point, base64url: the browser's applicationServerKey. */
  publicKey: string;
  /** 32-byte scalar, base64url. */
  privateKey: string;
}

export interface PushSettings {
  vapid: VapidKeys;
  /** VAPID_SUBJECT: how a push service reaches the operator. */
  subject: string;
}

function pairOf(privateKey: Buffer): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/** The configured pair, or the one derived from the server key. */
export function pushSettings(configured: VapidKeys | undefined, subject: string, box: SecretBox): PushSettings {
  // An HMAC output is a valid P-256 scalar unless it is 0 or ≥ the group order: odds about 2^-32.
  return { vapid: configured ?? pairOf(box.subkey('web-push-vapid')), subject };
}

/** A fresh pair, for `cli push vapid-keys`. */
export function newVapidKeys(): VapidKeys {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  // getPrivateKey drops leading zero bytes; a VAPID private key is always 32.
  return pairOf(Buffer.concat([Buffer.alloc(32 - priv.length), priv]));
}
