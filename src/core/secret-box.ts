// Secrets the service must read back (webhook signing secrets) are kept sealed with the server
// key: AES-256-GCM, a fresh IV per value, the tag checked on open. A copy of the database alone
// reveals none of them. The same key also gives one MAC key per purpose (the panel's device
// cookies and CSRF tokens, P69, P71), so no two uses ever share a key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir } from './private-files.js';

const VERSION = 'v1';
export const KEY_FILE = 'secret.key';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A 32-byte key for `purpose` alone (HMAC-SHA256 of the purpose under the server key). */
  subkey(purpose: string): Buffer;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the server key must be 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split(':');
      if (version !== VERSION || !iv || body === undefined || !tag) throw new Error('not a sealed secret');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    subkey(purpose) {
      return crypto.createHmac('sha256', key).update(`dealer-inventory:${purpose}`).digest();
    },
  };
}

/**
 * The server key: SECRET_KEY when set, else DATA_DIR/secret.key, created (0600) on first start.
 * Several processes starting at once agree on one file (exclusive create, then read).
 */
export function loadServerKey(configured: Buffer | undefined, dataDir: string): Buffer {
  if (configured) return configured;
  const file = path.join(dataDir, KEY_FILE);
  ensurePrivateDir(dataDir);
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  // A file another process is still writing reads short for a moment.
  for (let i = 0; ; i++) {
    const text = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(text)) return Buffer.from(text, 'hex');
    if (i >= 50) throw new Error(`${file} does not hold a server key (64 hex characters); fix or remove it, or set SECRET_KEY`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
}
